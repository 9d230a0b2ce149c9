"""The braille-ready files: a BRF beside every page of the text edition, 40 cells by 25 lines with form feeds, in
braille ASCII that liblouis's back-translation turns back into the page's words; each secret page alone in its
own file; none, with a warning saying why, where liblouis is missing."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import textwrap

import pytest
from conftest import FIXTURES, LAYOUTS, games

from deckpress.publish import braille
from deckpress.publish.braille import CELLS, DISPLAY, LINES, Block, blocks
from deckpress.publish.braille_grades import TABLES

needs_liblouis = pytest.mark.skipif(shutil.which("lou_translate") is None,
                                    reason="liblouis (lou_translate) is not installed: .ci/run installs liblouis-bin")
BRAILLE_ASCII = re.compile(r"[\x20-\x5f]*")  # North American braille ASCII: 64 cells, space to underscore


def _pages(brf: bytes) -> list[list[str]]:
    text = brf.decode("ascii")
    assert text.endswith("\r\n\f")
    return [page.removesuffix("\r\n").split("\r\n") for page in text.split("\f")[:-1]]


def _back(brf: bytes) -> str:
    """The file's text lines (not the page numbers) back-translated, as lowercase words."""
    lines = [line.strip() for page in _pages(brf) for line in page[:LINES - 1] if line.strip()]
    # a line at a time (a very long line comes back with a word split); a backslash is a braille cell, and the
    # translator's escape
    given = "\n".join(lines).replace("\\", "\\\\")
    done = subprocess.run(["lou_translate", "--backward", f"{DISPLAY},{TABLES['en']}"], input=given + "\n",
                          capture_output=True, text=True, check=True)
    assert not done.stderr
    return " ".join(re.findall(r"[a-z0-9]+", done.stdout.lower()))


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


@needs_liblouis
@pytest.mark.parametrize("game", games())
def test_every_page_of_the_text_edition_has_its_brf_with_its_audience(built, game):
    entries = {e["path"]: e for e in json.loads((built / "manifest.json").read_text())["outputs"]}
    pages = sorted(p.name for p in (built / game).glob("*.html"))
    assert pages
    for page in pages:
        brf = f"{game}/{page.removesuffix('.html')}.brf"
        assert (built / brf).is_file(), brf
        assert entries[brf]["component"] == "braille"
        assert entries[brf]["audience"] == entries[f"{game}/{page}"]["audience"]


@needs_liblouis
@pytest.mark.parametrize("game", games())
def test_pages_are_40_cells_by_25_lines_in_braille_ascii_numbered_at_the_foot(built, game):
    for path in sorted((built / game).glob("*.brf")):
        pages = _pages(path.read_bytes())
        for n, page in enumerate(pages, 1):
            assert len(page) == LINES, (path.name, n)
            assert all(len(line) <= CELLS and BRAILLE_ASCII.fullmatch(line) for line in page), (path.name, n)
            assert page[-1].strip() == "#" + "".join("JABCDEFGHI"[int(d)] for d in str(n))


@needs_liblouis
def test_a_card_and_a_paragraph_of_rules_translate_back_into_their_words(built):
    card = _back((built / "open-secret-exchange/open-secret-exchange-desk-cards-1.brf").read_bytes())
    for said in ("A1 = paper bridge", "Collect these values and keep your requests private"):
        assert _words(said) in card
    rules = _back((built / "pocket-bazaar/pocket-bazaar.brf").read_bytes())
    html = (built / "pocket-bazaar/pocket-bazaar.html").read_text(encoding="utf-8")
    paragraph = next(b.text for b in blocks(html) if b.kind == "para" and len(b.text) > 120)
    assert _words(paragraph) in rules


@needs_liblouis
def test_each_secret_brf_holds_only_its_own_page(built):
    folder = built / "open-secret-exchange"
    values = {p: set(re.findall(r"[A-D][1-3] = ([a-z ]+)<", p.read_text(encoding="utf-8")))
              for p in folder.glob("*-desk-cards-*.html")}
    assert len(values) == 8 and all(values.values())
    public = _back((folder / "open-secret-exchange.brf").read_bytes())
    for page, own in values.items():
        read = _back(page.with_suffix(".brf").read_bytes())
        others = set().union(*values.values()) - own
        assert all(_words(v) in read for v in own), page.name
        assert not [v for v in others if _words(v) in read], page.name
        assert not [v for v in own if f" {_words(v)} " in f" {public} "], "a desk card's value in the public BRF"


@needs_liblouis
def test_a_backslash_in_the_text_is_translated_not_taken_for_an_escape():
    page = '<html xmlns="http://www.w3.org/1999/xhtml"><body><p>C:\\x41 and \\u0042</p></body></html>'
    warned: list[str] = []
    brf = braille.brf_files({"p.html": page}, "en-GB", warned.append)[0]["p.html"]
    assert _words("c x41 and u0042") in _back(brf) and warned == []


def test_the_pages_are_read_in_order_without_navigation():
    page = ('<html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body><nav><p>Skip</p></nav>'
            '<h1>Game</h1><p>One <em>two</em><br/>three.</p><ul><li>Item<ul><li>Deeper</li></ul></li></ul>'
            '<table><tr><th>Round</th><td>1</td></tr></table></body></html>')
    assert blocks(page) == [Block("heading", "Game", 1), Block("para", "One two three."), Block("item", "Item", 1),
                            Block("item", "Deeper", 2), Block("item", "Round. 1", 1)]


def test_a_table_is_read_a_row_an_item_each_cell_after_its_column_s_heading():
    """In a head and a body (as the text edition writes every table), a cell to write in a line to write on."""
    page = ('<html xmlns="http://www.w3.org/1999/xhtml"><body><table><caption>Bids</caption>'
            '<thead><tr><td></td><th scope="col">A</th><th scope="col">Total</th></tr></thead>'
            '<tbody><tr><th scope="row">Round 1</th><td><input type="text" aria-label="Round 1, A"/></td>'
            '<td>12</td></tr><tr><th scope="row">Lanterns</th><td><input type="checkbox"/></td><td></td></tr>'
            '</tbody></table></body></html>')
    assert blocks(page) == [Block("para", "Bids"), Block("item", "Round 1. A: ____; Total: 12", 1),
                            Block("item", "Lanterns. A: \u2610; Total: ____", 1)]
    numbered = page.replace("<td></td>", '<th scope="col">Fact</th>').replace(">Round 1<", ">1<")
    assert blocks(numbered)[1] == Block("item", "Fact 1. A: ____; Total: 12", 1)  # a bare row heading: its column's


@needs_liblouis
def test_sheets_and_the_answer_guide_keep_their_tables_in_braille(built):
    """Every table row of a page is in its BRF: a score sheet's rows, and the answer guide's records and route."""
    score = _back((built / "pocket-bazaar/pocket-bazaar.brf").read_bytes())
    assert _words("Round 1 points Team 1") in score and _words("All four collections") in score
    assert _words("Lanterns Team 1 tick box Team 2 tick box") in score  # a tick box said, not escaped
    guide = built / "open-secret-exchange" / "open-secret-exchange-answer-guide.html"
    read = _back(guide.with_suffix(".brf").read_bytes())
    rows = [b.text for b in blocks(guide.read_text("utf-8")) if b.kind == "item"]
    assert len(rows) >= 16 and all(_words(row) in read for row in rows)
    assert _words("Desk A Original records A1 paper bridge") in read and _words("Turn 8 Initiator Desk A") in read


def test_runovers_and_items_are_set_within_40_cells():
    text = " ".join(["WORD"] * 30)
    for kind, level in (("para", 0), ("item", 3), ("heading", 1), ("heading", 4)):
        lines = braille._set(Block(kind, text, level), text)
        assert all(len(line) <= CELLS for line in lines) and len(lines) > 2


def test_headings_are_set_by_level_centred_from_cell_5_and_from_cell_7():
    """A component's heading (Score sheet) and the sheet's or card's headings under it (Bid sheet 1 of 4) both
    started in cell 5, so a braille reader could not tell the deeper from its section by where it starts."""
    starts = {level: braille._set(Block("heading", "SCORE", level), "SCORE")[0] for level in (1, 2, 3, 4, 5)}
    assert starts[1] == starts[2] == "SCORE".center(CELLS - 1).rstrip()
    assert (starts[3], starts[4], starts[5]) == ("    SCORE", "      SCORE", "      SCORE")
    runover = braille._set(Block("heading", "WORD " * 12, 4), "WORD " * 12)
    assert len(runover) == 2 and all(line.startswith("      W") for line in runover)


def test_a_block_that_fits_a_line_is_set_as_textwrap_sets_it():
    """The short way for a block of one line gives textwrap's lines, whatever spaces, tabs or breaks it holds."""
    alphabet = ["AB", "C-D", " ", "  ", "\t", "\n", "\xa0", ",", "#1"]
    for n in range(4000):
        text = "".join(alphabet[(n * 7 + k * k) % len(alphabet)] for k in range(n % 23))
        first, runover, width = n % 5, n % 3, (38, 40)[n % 2]
        want = textwrap.wrap(text, width, initial_indent=" " * first, subsequent_indent=" " * runover,
                             break_long_words=True, break_on_hyphens=False) or [""]
        assert braille.block_lines(text, first, runover, width) == want, repr(text)


def test_without_liblouis_the_build_says_the_braille_was_skipped(deckpress, tmp_path, monkeypatch):
    monkeypatch.setattr(braille, "translator", lambda: None)
    content = tmp_path / "games"
    shutil.copytree(FIXTURES / "extra/content/picnic-pairs", content / "picnic-pairs")
    result = deckpress("build", "--content", str(content), "--out", str(tmp_path / "out"), "--paper", "a4",
                       "--jobs", "1", layouts=(LAYOUTS,))
    assert result.status == 0, result.err
    assert "warning: braille files skipped: liblouis's lou_translate is not installed" in result.err
    assert not list((tmp_path / "out").rglob("*.brf"))
    assert list((tmp_path / "out").rglob("*.html"))


def _stranded(brf: bytes, headings: set[str]) -> list[tuple[int, str]]:
    """Pages whose last text line is one of the `headings` as set: the heading's next line on the next page."""
    pages = _pages(brf)
    return [(n, text[-1]) for n, page in enumerate(pages[:-1], 1)
            for text in [[line for line in page[:LINES - 1] if line.strip()]] if text and text[-1] in headings]


def test_a_heading_is_never_the_last_thing_on_a_page():
    """Whatever line a heading falls on, it starts the page its next line is on, with the blank line before it;
    a page whose last line is that blank line pages as before."""
    for before in range(LINES + 3):
        for level in (1, 3):
            read = [(Block("para", f"P{n}"), f"P{n}") for n in range(before)]
            read += [(Block("heading", "HEAD", level), "HEAD"), (Block("heading", "SUB", 4), "SUB")]
            read += [(Block("para", f"Q{n}"), f"Q{n}") for n in range(30)]
            brf = braille.brf(read)
            heads = {line for line in braille._set(Block("heading", "HEAD", level), "HEAD")}
            heads |= set(braille._set(Block("heading", "SUB", 4), "SUB"))
            assert not _stranded(brf, heads), (before, level)
            text = [line for page in _pages(brf) for line in page[:LINES - 1]]
            assert [line.strip() for line in text if line.strip()] == [
                *(f"P{n}" for n in range(before)), "HEAD", "SUB", *(f"Q{n}" for n in range(30))]
    plain = [(Block("para", f"P{n}"), f"P{n}") for n in range(LINES + 5)]
    assert braille.brf(plain) == braille.paged(["  " + f"P{n}" for n in range(LINES + 5)]).encode()


@needs_liblouis
def test_the_host_s_cards_heading_starts_the_page_its_cards_are_on(built):
    brf = (built / "open-secret-exchange/open-secret-exchange-host.brf").read_bytes()
    cards = " " * 17 + ",C>DS"
    assert not _stranded(brf, {cards})
    page = next(page for page in _pages(brf) if cards in page)
    after = page[page.index(cards) + 1:LINES - 1]
    assert any(line.strip() for line in after)
