"""The EPUB's accessibility summary says what the checks of its pages proved, with counts read back from the book,
and claims conformance only where every check held."""

from __future__ import annotations

import re
import zipfile
from html import unescape

import pytest
from conftest import games

from deckpress.publish import phrases
from deckpress.publish.epub_proof import proofs, summary

XHTML = "http://www.w3.org/1999/xhtml"
SAY = phrases("en")


def page(body: str, lang: str = "en-GB", title: str = "A page") -> bytes:
    return (f'<html xmlns="{XHTML}" lang="{lang}" xml:lang="{lang}"><head><title>{title}</title></head>'
            f"<body>{body}</body></html>").encode()


def _package(book: zipfile.ZipFile) -> str:
    return book.read("EPUB/package.opf").decode("utf-8")


@pytest.mark.parametrize("game", games())
def test_the_summary_counts_what_the_book_holds(built, game):
    for path in sorted((built / game).glob("*.epub")):
        with zipfile.ZipFile(path) as book:
            package = _package(book)
            pages = [book.read(n).decode("utf-8") for n in book.namelist()
                     if n.endswith(".xhtml") and not n.endswith("nav.xhtml")]
        said = unescape(re.search(r'accessibilitySummary">(.*?)</meta>', package, re.S)[1])
        headings = sum(len(re.findall(r"<h[1-6][ >]", p)) for p in pages)
        tables = sum(p.count("<table") for p in pages)
        assert (f"each of its {len(pages)} pages declares its language" if len(pages) > 1 else
                "its one page declares its language") in said, path.name  # a count of one in the singular
        assert f"its {headings} headings run in reading order" in said, path.name
        assert (f"each of its {tables} tables has header cells" in said) == bool(tables), path.name
        assert "Not proved" not in said and "dcterms:conformsTo" in package, path.name


def test_a_skipped_heading_level_is_not_claimed_and_is_named():
    found = proofs({"a.xhtml": page("<h1>Game</h1><h3>Too deep</h3>")}, "en-GB")
    text = summary(found, SAY)
    assert "Not proved: its 2 headings run in reading order" in text and "Too deep" in text
    assert "headings run" not in text.split("Not proved")[0]


def test_tables_without_scoped_header_cells_and_unlabelled_fields_are_not_claimed():
    body = ('<table><tr><th>Round</th><td>1</td></tr></table>'
            '<label for="bid">Bid</label><input id="bid"/><input id="score"/>')
    found = {p.key: p for p in proofs({"a.xhtml": page(body)}, "en-GB")}
    assert found["epub_proof_tables"].failures and found["epub_proof_controls"].failures == ("a.xhtml: score",)
    scoped = page('<table><tr><th scope="row">Round</th><td>1</td></tr></table><input aria-label="Bid"/>')
    assert all(p.held for p in proofs({"a.xhtml": scoped}, "en-GB"))


def test_a_page_in_another_language_or_untitled_is_named():
    found = proofs({"a.xhtml": page("<p>x</p>", lang="de-DE"), "b.xhtml": page("<p>y</p>", title=" ")}, "en-GB")
    assert found[0].failures == ("a.xhtml", "b.xhtml: no title")
    assert "it holds no images" in summary(found, SAY)


def test_a_book_whose_checks_fail_claims_no_conformance(monkeypatch):
    from deckpress.publish import epub
    from deckpress.publish.epub_proof import Proof

    monkeypatch.setattr(epub, "proofs", lambda content, language: [Proof("epub_proof_tables", 1, ("x: a table",))])
    game = type("G", (), {"language": "en-GB", "publisher": "P", "title": "T", "id": "t", "version": "1",
                          "date": None})()
    meta = epub._metadata(game, "public", {}, [])
    assert meta["conforms_to"] is None and "Not proved" in meta["summary"]
