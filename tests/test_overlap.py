"""Text struck through is a finding: every page of every component, in every print option, is checked as it is
laid out, and the shipped games, the guide's example and the fixtures have none."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CONTENT, FIXTURES, LAYOUTS, ROOT

from deckpress.build import prepare
from deckpress.findings import Findings, Loc
from deckpress.layout.overlap import checked, overlaps, reporter
from deckpress.layout.page import Drawing, Page, Sheets

FONT = "AtkinsonHyperlegible-Regular"
OPTIONS = {"plain": {}, "duplex long-edge": {"duplex": "long-edge"}, "duplex short-edge": {"duplex": "short-edge"},
           "bleed 3": {"bleed_mm": 3.0}, "fold": {"fold": True}}
SOURCES = {"shipped": (CONTENT, [LAYOUTS]), "hedgerow": (ROOT / "docs/examples", [LAYOUTS]),
           "extra": (FIXTURES / "extra/content", [LAYOUTS]),
           "harbour": (FIXTURES / "harbour/content", [FIXTURES / "harbour/layouts", LAYOUTS])}


@pytest.mark.parametrize("option", OPTIONS)
@pytest.mark.parametrize("source", [pytest.param(s, marks=pytest.mark.slow) if s == "shipped" else s  # every game
                                    for s in SOURCES])
def test_no_page_of_any_game_has_text_struck_through(source, option):
    from deckpress.options import Options

    content, layouts = SOURCES[source]
    dirs = sorted(p.parent for p in content.glob("*/game.yaml"))
    # every page laid out here, once: the press checks each as it is laid out (its findings), and each finished
    # page, slug and all, is asked again
    prepared = prepare(Options(content=content, layouts=layouts, printing=OPTIONS[option]), dirs, every_page=False)
    pages = 0
    for doc in prepared.documents:
        for number, page in enumerate(doc.pages, 1):
            found = overlaps(page)
            assert not found, f"{doc.game} {doc.component} {doc.edition} {doc.paper} page {number}: " + \
                "; ".join(o.describe(page) for o in found)
            pages += 1
    assert not [f for f in prepared.findings if "is crossed by" in f.message]
    assert pages >= 8


def _page_with_a_box_through_a_text() -> tuple[Page, Loc, Loc]:
    d = Drawing((210, 297))
    text_at, box_at = Loc("content/g/rules.yaml", 12, 7), Loc("content/g/rules.yaml", 3, 5)
    with d.made_by(text_at, "section 'Host material'"):
        d.text(20, 50, "Host material: open the answer notes", FONT, 12)  # 12 pt: 47-51 mm down the page
    with d.made_by(box_at, "the box of section 'Ledger'"):
        d.rect(15, 20, 150, 29.5, 1)  # its bottom edge at 49.5 mm
    return d.page, text_at, box_at


def test_a_box_edge_through_a_text_is_a_finding_where_the_text_was_written():
    page, text_at, _ = _page_with_a_box_through_a_text()
    found = overlaps(page)
    assert len(found) == 1 and found[0].text.text.startswith("Host material")
    findings = Findings()
    checked([page], reporter(findings, Loc("layouts/standard/booklet.yaml", 2, 1), "g rules (standard edition, a4)"))
    assert [str(f) for f in findings] == [
        "content/g/rules.yaml:12:7: error: g rules (standard edition, a4), page 1: section 'Host material': text "
        "'Host material: open the answer notes' is crossed by the edge of a box (the box of section 'Ledger'); "
        "move or shorten one of them"]


def test_inside_a_box_or_clear_of_it_is_fine():
    d = Drawing((210, 297))
    d.rect(15, 20, 150, 40, 1)
    d.text(20, 30, "Inside the box", FONT, 12)
    d.text(20, 80, "Well below it", FONT, 12)
    d.text(20, 80 + 12 * 1.3 / (72 / 25.4), "The next line", FONT, 12)  # lines set at 1.3: they do not touch
    d.circle(100, 150, 20, 1)
    d.text(92, 151, "Ring", FONT, 12)
    d.line(10, 200, 200, 200, 1)
    d.text(20, 199, "On the line", FONT, 12)  # nothing hangs below: it stands on the line, clear of it
    assert overlaps(d.page) == []


@pytest.mark.parametrize("draw, crossed", [
    (lambda d: d.text(22, 31, "Another text", FONT, 12), "text 'Two texts'"),
    (lambda d: d.line(10, 29, 200, 29, 1), "a line"),
    (lambda d: d.circle(30, 30, 4, 1), "the outline of an ellipse"),
    (lambda d: d.polygon([(20, 20), (40, 35), (0, 50)], 1), "the outline of a shape"),
])
def test_what_crosses_a_text_is_named(draw, crossed):
    d = Drawing((210, 297))
    d.text(20, 30, "Two texts", FONT, 12)
    draw(d)
    found = overlaps(d.page)
    assert found and crossed in found[0].describe(d.page)


def test_a_turned_text_is_held_where_it_is_turned_to():
    d = Drawing((210, 297))
    d.line(100, 10, 100, 200, 1)  # a vertical rule at x = 100 mm
    with d.turned(90, 100, 100):  # a text along the rule once turned about a point on it: crossed all along
        d.text(80, 101.5, "Along the rule", FONT, 12)
    assert len(overlaps(d.page)) == 1
    d = Drawing((210, 297))
    d.line(100, 10, 100, 200, 1)
    d.text(80, 101.5, "Across the rule", FONT, 12)  # the same text unturned crosses it too
    with d.turned(90, 150, 100):
        d.text(140, 101.5, "Turned clear", FONT, 12)  # turned about a point away from the rule: clear of it
    assert [o.text.text for o in overlaps(d.page)] == ["Across the rule"]


def test_a_deck_is_checked_as_its_sheets_are_laid_out():
    page, _, _ = _page_with_a_box_through_a_text()
    laid_out: list[int] = []

    def lay_out():  # type: ignore[no-untyped-def]
        laid_out.append(1)
        yield page

    findings = Findings()
    sheets = checked(Sheets(1, lay_out), reporter(findings, Loc("x.yaml"), "g cards"))
    assert isinstance(sheets, Sheets) and not laid_out and not findings  # nothing laid out yet
    assert list(sheets) == [page] and len(findings) == 1


def test_a_sheet_of_nine_cards_is_checked_by_place_not_pair_by_pair():
    d = Drawing((210, 297))
    for row in range(30):
        for col in range(12):
            d.text(5 + col * 17, 10 + row * 9, f"r{row}c{col}", FONT, 8)
            d.rect(4 + col * 17, 6 + row * 9, 16, 8, 0.5)
    import time

    start = time.perf_counter()
    assert overlaps(d.page) == []
    assert time.perf_counter() - start < 0.2  # 360 texts in 360 boxes: all-pairs would be 130,000 tests


def test_deckpress_check_reports_a_rule_through_a_card_text_at_the_element(deckpress, tmp_path: Path):
    import shutil

    from conftest import edit, line_of

    layouts = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, layouts)
    card = layouts / "standard/lot-card.yaml"
    edit(card, "  - [10, 76, 53, 76]", "  - [4, 22, 59, 22]")  # a printed rule through the collection's name
    result = deckpress("check", "pocket-bazaar", layouts=(layouts,))
    assert result.status != 0
    at = f"layouts/standard/lot-card.yaml:{line_of(card, 'name: collection')}:"
    hits = [e for e in result.errors if "is crossed by a line" in e]
    assert hits and all(at in e.split(": error: ")[0] for e in hits), result.err
    # one finding an edition and paper, naming every card it is met on (it was one a card: 96 in all)
    assert len([e for e in hits if "pocket-bazaar lot-cards (standard edition, a4): collection: its text" in e]) == 1
    assert "got 'Lanterns' on page 1 on card Lanterns 1 (cards Lanterns 1, " in hits[0]


def test_a_card_s_own_icon_over_its_text_is_one_finding_an_edition_and_paper(deckpress, tmp_path: Path):
    """The corner pictogram moved onto the collection's name: each card's own icon (a lantern, a teacup...) crosses
    it; said once an edition and paper, the icon named with the text of the first card (one an icon before)."""
    import shutil

    layouts = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, layouts)
    card = layouts / "standard/lot-card.yaml"
    text = card.read_text(encoding="utf-8")
    at = text.index("- name: corner pictogram")
    box = text.index("box_mm:", at)
    card.write_text(text[:box] + "box_mm: [4, 18, 14, 14]" + text[text.index("\n", box):], encoding="utf-8")
    result = deckpress("check", "pocket-bazaar", layouts=(layouts,))
    hits = [e for e in result.errors if "is crossed by the icon of corner pictogram" in e]
    assert hits and len(hits) == len({e.split(": error: ")[1].split(":")[0] for e in hits}), hits  # one a place
    assert "got 'Lanterns' by icon 'lantern' on page 1 on card Lanterns 1 (cards Lanterns 1, " in hits[0]


def _sheet(number: int, crossed: tuple[int, int] | None = None, ruled: int | None = None) -> Page:
    """A sheet of nine cards, each framed, with its own texts; on sheet `crossed[0]`, card `crossed[1]`'s second
    text set across its frame; on card `ruled`, a rule through its first text."""
    d = Drawing((210, 297))
    for card in range(9):
        x, y = 10 + card % 3 * 63, 10 + card // 3 * 88
        d.rect(x, y, 63, 88, 0.5)
        d.text(x + 4, y + 12, f"Lot number {number * 9 + card + 1}", FONT, 10)
        shift = 55 if crossed == (number, card) else 0
        d.text(x + 4 + shift, y + 40, "a curiosity of the bench", FONT, 8)
        if card == ruled:
            d.line(x + 2, y + 10.5, x + 61, y + 10.5, 1)
    return d.page


def test_sheets_alike_share_their_check_and_an_overlap_on_one_card_among_many_is_found():
    from deckpress.layout.overlap import _furniture

    before = _furniture.cache_info()
    found = {n: overlaps(_sheet(n, crossed=(150, 8))) for n in range(300)}  # 2,700 cards, one text across
    assert {n: [o.text.text for o in hits] for n, hits in found.items() if hits} == {
        150: ["a curiosity of the bench"]}
    assert _furniture.cache_info().misses - before.misses == 1  # the frames of 300 sheets: checked as one
    (hit,) = found[150]
    assert hit.describe(_sheet(150, crossed=(150, 8))) == ("text 'a curiosity of the bench' is crossed by the edge "
                                                           "of a box")
    # a sheet whose own lines differ (a rule on one card) is checked against its own, whatever came before
    assert [o.text.text for o in overlaps(_sheet(3, ruled=4))] == ["Lot number 32"]
    assert [o.text.text for o in overlaps(_sheet(4))] == []
