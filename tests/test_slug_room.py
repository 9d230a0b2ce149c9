"""A page that leaves the slug line no room inside the printer margin is a finding, not a line run off the page."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
from conftest import CONTENT, LAYOUTS

from deckpress.build import prepare
from deckpress.draw import fonts
from deckpress.findings import Findings
from deckpress.layout.page import MM, PAPERS, Document, Drawing, Text
from deckpress.layout.slug import slugged, stamp
from deckpress.options import Options


def _mark_and_edition():  # type: ignore[no-untyped-def]
    prepared = prepare(Options(content=CONTENT, layouts=[LAYOUTS]), [CONTENT / "pocket-bazaar"], every_page=False)
    game = prepared.games[0]
    return stamp(game, prepared.editions[game.id]), prepared.editions[game.id]["standard"]


def test_a_page_full_to_its_edges_gets_a_finding_for_its_slug():
    mark, edition = _mark_and_edition()
    crowded = Drawing(PAPERS["a4"])
    crowded.rect(0, 0, 210, 297, 0, fill=0.9)  # nothing but a page-sized box: no free band anywhere
    free = Drawing(PAPERS["a4"])
    free.text(20, 20, "A note", edition.theme.fonts["regular"], 10)
    findings = Findings()
    doc = Document("pocket-bazaar", "score-sheet", "Score sheet", "standard", "a4", [crowded.page, free.page])
    pages = list(slugged(doc, mark, findings).pages)
    assert len(pages) == 2
    slug, box = findings  # no room for the slug, and a box printed to the paper's edges
    assert slug.loc.file.endswith("pocket-bazaar/game.yaml")
    assert "score-sheet (standard edition, a4), page 1: the slug line does not fit whole inside the printer margin " \
        "clear of" in slug.message
    assert Path(slug.loc.file).name == "game.yaml"
    assert "page 1: a box lies 0.0 mm from the paper's edge, inside the printer margin of 4.2 mm" in box.message


def _slugged(drawing: Drawing, edition: str = "standard") -> tuple[list[Text], Findings]:
    mark, _ = _mark_and_edition()
    findings = Findings()
    doc = Document("pocket-bazaar", "score-sheet", "Score sheet", edition, "letter", [drawing.page])
    (page,) = list(slugged(doc, mark, findings).pages)
    return [op for op in page.ops[len(drawing.page.ops):] if isinstance(op, Text)], findings


def test_a_mark_inside_the_printer_margin_is_a_finding_where_it_was_drawn():
    mark, edition = _mark_and_edition()
    d = Drawing(PAPERS["letter"])
    with d.made_by(edition.theme.loc, "crop mark"):
        d.line(3.9, 100, 3.9, 105, 0.5)  # 3.9 mm from the left edge: an office laser drops it
    d.line(4.2, 120, 30, 120, 0.5)  # level, from the margin inwards: its butt end prints from 4.2 mm
    lines, findings = _slugged(d)
    (finding,) = findings
    assert finding.loc == edition.theme.loc
    assert "page 1: crop mark: a line lies 3.8 mm from the paper's edge, inside the printer margin of 4.2 mm" \
        in finding.message
    assert lines and all(t.y / MM >= 4.2 for t in lines)


def test_the_large_print_slug_is_stacked_whole_at_the_foot_in_lines_of_6_inches_at_most():
    lines, findings = _slugged(Drawing(PAPERS["letter"]), "large-print")
    assert not list(findings)
    assert len(lines) >= 2 and all(t.angle == 0 and t.size == 18 for t in lines)
    _, edition = _mark_and_edition()
    assert all(fonts.width(t.font, t.text, t.size) / MM <= 152.4 for t in lines)
    baselines = [t.y for t in lines]
    assert baselines == sorted(baselines, reverse=True)  # read from the top down, one under the other
    gaps = {round(a - b, 3) for a, b in zip(baselines, baselines[1:], strict=False)}
    assert len(gaps) == 1  # evenly spaced: one block, not pieces
    assert min(baselines) / MM < 12  # at the foot


def test_a_slug_with_no_room_at_foot_or_head_stands_whole_upright_in_the_side_margin():
    d = Drawing(PAPERS["letter"])
    d.rect(5, 5, 178, 279.4 - 10, 0.5)  # a box down the page, the right-hand margin left free
    lines, findings = _slugged(d, "large-print")
    assert not list(findings)
    assert lines and all(t.angle == 90 for t in lines)
    xs = [t.x / MM for t in lines]
    assert xs == sorted(xs) and min(xs) > 183 and max(xs) < 215.9 - 4.2
    assert all(fonts.width(t.font, t.text, t.size) / MM <= 152.4 for t in lines)


# Large print on Letter, as the slug's room at the foot made them longer: (document, its pages). The rules are
# set 1.5 apart (ACB): longer by that, not by the slug (Open Secret Exchange's 6 pages became 8; Stone Market's
# keep 5; the slug at their foot costs none); the score sheet keeps its one page, its slug beside the table.
KEPT = {"pocket-bazaar/large-print/pocket-bazaar-score-sheet-letter.pdf": 1,
        "open-secret-exchange/large-print/open-secret-exchange-rules-letter.pdf": 8,
        "stone-market/large-print/stone-market-rules-letter.pdf": 5}  # its rules name the score sheets


def test_sheets_and_booklets_keep_their_pages_with_the_slug_beside_their_matter_where_its_foot_would_cost_one(
        built: Path) -> None:
    out = built  # the catalogue, its large print on Letter as that edition and paper built alone: no finding
    upright = 0
    for name, count in KEPT.items():
        with pdfplumber.open(out / name) as pdf:
            assert len(pdf.pages) == count, name
            for number, page in enumerate(pdf.pages, 1):
                side = [c for c in page.chars if not c["upright"]]
                upright += bool(side)
                for c in side:  # inside the printer margin, in lines of 6 in at most
                    assert c["x0"] / MM >= 4.2 - 0.01 and c["x1"] / MM <= page.width / MM - 4.2 + 0.01, name
                assert not side or (max(c["bottom"] for c in side) - min(c["top"] for c in side)) / MM <= 152.4
                said = page.extract_text().replace("\n", " ")  # upright lines come out word by word, backwards
                assert f"page {number} of {count}" in said.lower() or f"{count} fo {number} egap" in said, name
    assert upright  # the score sheet's slug stands beside its table, which fills the page to its foot
