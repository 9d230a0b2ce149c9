"""Print page numbers: the text edition marks where each page of the printed rules (first edition, A4) begins,
and the EPUB's page list leads to each; read back against the rules PDF's own pages."""

from __future__ import annotations

import re
import zipfile
from html import unescape

import pytest
from conftest import games
from pypdf import PdfReader

from deckpress.publish.page_list import numbered

BREAK = re.compile(r'<span id="page-(\d+)" role="doc-pagebreak" title="(\d+)" data-source="([^"]*)"></span>')


def _after(page: str, at: int) -> str:
    """The words that follow a place in the page, its markup taken out."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", page[at:at + 2000])).split())


def _rules(built, game: str) -> list[str]:
    found = sorted((built / game / "standard").glob(f"{game}-*rules-a4.pdf"))
    assert found, game
    return [page.extract_text() for page in PdfReader(found[0]).pages]


@pytest.mark.parametrize("game", games())
def test_each_printed_page_of_the_rules_begins_where_its_break_is(built, game):
    page = (built / game / f"{game}.html").read_text(encoding="utf-8")
    printed = _rules(built, game)
    breaks = list(BREAK.finditer(page))
    assert [int(b[1]) for b in breaks] == list(range(1, len(printed) + 1))
    assert all(b[1] == b[2] and b[3] == f"{game}-rules-a4.pdf (standard)" for b in breaks)
    for n, found in enumerate(breaks[1:], 2):
        first = " ".join(printed[n - 1].split()[:3])
        assert _after(page, found.end()).startswith(first), (game, n, first)


@pytest.mark.parametrize("game", games())
def test_the_books_page_list_leads_to_each_break(built, game):
    with zipfile.ZipFile(built / game / f"{game}.epub") as book:
        nav = book.read("EPUB/nav.xhtml").decode()
        package = book.read("EPUB/package.opf").decode()
        chapters = {n.removeprefix("EPUB/"): book.read(n).decode() for n in book.namelist() if n.endswith(".xhtml")}
    listed = re.findall(r'<li><a href="([^"#]+)#(page-\d+)">(\d+)</a></li>', nav)
    assert listed and [int(label) for *_, label in listed] == list(range(1, len(listed) + 1))
    assert all(f'id="{target}"' in chapters[chapter] for chapter, target, _ in listed)
    assert "printPageNumbers" in package and f"{game}-rules-a4.pdf (standard)</dc:source>" in package


def test_a_line_not_found_leaves_its_page_unmarked_and_markup_is_matched_escaped():
    page = "<body><main id=\"rules\"><p>Tom &amp; Jo&#39;s game.</p><h4>Second part</h4><p>Last words</p></main></body>"
    out = numbered(page, ["Tom & Jo's game.", "Nowhere at all", "Last words"], "r.pdf")
    assert [m[1] for m in BREAK.finditer(out)] == ["1", "3"]
    assert '<main id="rules"><span id="page-1"' in out and '</h4><span id="page-3"' in out
