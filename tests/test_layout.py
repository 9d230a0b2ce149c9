"""Lay-out is pure geometry: tested without drawing a PDF."""

from __future__ import annotations

import dataclasses
import os

import pytest
from conftest import FIXTURES, loaded

from deckpress.findings import Findings
from deckpress.layout.imposition import SINGLE_SIDED, impose, trim_box
from deckpress.layout.marks import crop_mark_segments, scale_bar
from deckpress.layout.page import MM, PAPERS, Drawing, Line, Rect, Text, Turn
from deckpress.layout.plan import lay_out_component
from deckpress.layout.text import fit, wrap
from deckpress.model import Style

GOLDEN = FIXTURES.parent / "golden"


def grid_origin(paper, layout):
    """The box round a full sheet of cards, as the imposition places it."""
    plan = impose(paper, layout.size, layout.grid, SINGLE_SIDED, 4.2)
    return trim_box(list(plan.fronts), plan.cell)
REGULAR = "AtkinsonHyperlegible-Regular"


@pytest.fixture(scope="module")
def press():
    return loaded("pocket-bazaar")


def component(press, component_id, paper="a4"):
    game, edition, templates = press
    findings = Findings()
    c = next(c for c in game.components if c.id == component_id)
    doc = lay_out_component(game, c, edition, paper, templates, findings)
    assert list(findings) == []
    return doc


@pytest.mark.parametrize(("paper", "left", "top"), [("a4", 10.5, 16.5), ("letter", 13.45, 7.7)])
def test_the_card_grid_is_centred(press, paper, left, top):
    _, edition, _ = press
    x, y, w, h = grid_origin(PAPERS[paper], edition.layouts["lot-card"])
    assert (round(x, 2), round(y, 2), w, h) == (left, top, 189, 264)


def test_wrap_breaks_at_spaces_and_refuses_a_word_wider_than_the_line():
    assert wrap("a b c", REGULAR, 10, 1000) == ["a b c"]
    assert len(wrap("word " * 40, REGULAR, 10, 100)) > 5
    assert wrap("unbreakable" * 5, REGULAR, 10, 50) is None


def test_fit_shrinks_down_to_the_minimum_and_no_further():
    style = Style("regular", 12, 8)
    roomy = fit("A steady light.", REGULAR, style, 60, 20, 1.2)
    assert roomy.size == 12 and roomy.lines == ("A steady light.",)
    snug = fit("A steady light for late arrivals. " * 3, REGULAR, style, 55, 12, 1.2)
    assert 8 <= snug.size < 12
    assert snug.height <= 12
    assert fit("A steady light for late arrivals. " * 12, REGULAR, style, 55, 12, 1.2) is None


def test_the_scale_bar_sits_clear_of_cards_and_crop_marks(press):
    _, edition, _ = press
    theme, layout = edition.theme, edition.layouts["lot-card"]
    for paper in PAPERS.values():
        grid = grid_origin(paper, layout)
        xs = [grid[0] + 63 * i for i in range(4)]
        ys = [grid[1] + 88 * i for i in range(4)]
        marks = crop_mark_segments(grid, xs, ys, theme)
        d = Drawing(paper)
        assert scale_bar(d, grid, marks, theme, "50 mm")
        bar = next(op for op in d.page.ops if isinstance(op, Rect))
        assert abs(bar.w - 50 * MM) < 1e-6
        turn = next((op for op in d.page.ops if isinstance(op, Turn)), None)
        if turn is None:
            assert bar.y + bar.h < d.page.height - pt_mm(grid[1] + grid[3])  # below the grid
        else:  # Letter: 4.2 mm of printer margin leaves no room below, so upright beside the grid
            assert turn.x < pt_mm(grid[0]) or turn.x > pt_mm(grid[0] + grid[2])
    tiny = Drawing((189 + 4, 264 + 4))
    grid = (2, 2, 189, 264)
    assert not scale_bar(tiny, grid, crop_mark_segments(grid, [2], [2], theme), theme, "50 mm")


def pt_mm(mm: float) -> float:
    return mm * MM


def test_booklet_lines_never_overlap_and_stay_inside_the_margins(press):
    doc = component(press, "rules")
    assert len(doc.pages) >= 2
    for page in doc.pages:
        texts = sorted((op for op in page.ops if isinstance(op, Text)), key=lambda t: -t.y)
        for upper, lower in zip(texts, texts[1:], strict=False):
            if abs(upper.y - lower.y) > 0.01:  # not the same line (a bullet and its text)
                assert upper.y - lower.y >= lower.size * 0.99
        for t in texts:
            assert 18 * MM - 0.01 <= t.x and t.y >= 12 * MM
        last = texts[-1]  # the last line of the page as laid out (its slug line is added after)
        assert last.font != "AtkinsonHyperlegible-Bold" or last.size < 13, "a heading ends a page"


def test_two_bid_sheets_a_page_with_a_dashed_cut_line(press):
    doc = component(press, "bid-sheets", "letter")
    assert len(doc.pages) == 2
    for page in doc.pages:
        dashed = [op for op in page.ops if isinstance(op, Line) and op.dash]
        assert len(dashed) == 1


def drawing_log(doc) -> str:
    """Every drawing operation, one a line, rounded to 0.01 pt: a readable golden file."""
    lines = []
    for n, page in enumerate(doc.pages, 1):
        lines.append(f"page {n} {page.width:.2f} x {page.height:.2f}")
        for op in page.ops:
            values = ((f.name, getattr(op, f.name)) for f in dataclasses.fields(op))
            fields = ", ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v!r}" for k, v in values)
            lines.append(f"  {type(op).__name__}({fields})")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("component_id", ["lot-markers", "score-sheet"])
def test_drawing_logs_match_the_golden_files(press, component_id):
    """Regenerate with `make golden` after an intended change, then read the diff."""
    log = drawing_log(component(press, component_id))
    golden = GOLDEN / f"{component_id}-a4.txt"
    if os.environ.get("DECKPRESS_UPDATE_GOLDEN"):
        golden.write_text(log, encoding="utf-8")
    assert log == golden.read_text(encoding="utf-8")
