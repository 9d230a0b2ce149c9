"""The copies of a sheet, and its trials, print what they set alike from plates (deckpress.layout.plates): every
page must be what setting each block afresh gives, op for op, with the same findings; a copy set otherwise (its
heading on two lines) gets its own layout; what met a finding is set afresh; and the last sheet's setter, used
again for the same job, reads a changed sheet anew."""

from __future__ import annotations

import io
from collections.abc import Callable
from contextlib import redirect_stderr
from copy import deepcopy
from dataclasses import fields, replace
from functools import cache
from typing import Any

import pytest
from conftest import CONTENT, LAYOUTS, SHIPPED, loaded

from deckpress.cli import main
from deckpress.colour import Colour
from deckpress.findings import Findings, Loc
from deckpress.layout import plan, sheets
from deckpress.layout.context import Job
from deckpress.layout.ops import Begin, Line, Rect, Text, WriteIn
from deckpress.layout.page import Drawing, Page
from deckpress.layout.plates import Plates
from deckpress.layout.tables import setting
from deckpress.layout.text import Typesetter
from deckpress.model import Block, Row, Sheet, SheetLayout

Laid = list[tuple[object, ...]]


def _unplated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every block set afresh, by a new setter for every sheet: as before there were plates."""
    monkeypatch.setattr(Plates, "set", lambda self, d, key, draw: draw())
    monkeypatch.setattr(sheets, "_setter", sheets.SheetSetter)


def _pages(pages: list[Page]) -> Laid:
    return [(p.ops, p.tags, p.sources, p.found) for p in pages]


def _checked(monkeypatch: pytest.MonkeyPatch) -> tuple[Laid, str]:
    """Every sheet of the shipped games as a check lays them out in each edition and on each paper, and what the
    check said."""
    laid: Laid = []
    with monkeypatch.context() as m:
        def keeping(*args: object) -> list[Page]:
            pages = sheet_pages(*args)  # type: ignore[arg-type]
            laid.append((len(pages), _pages(pages)))
            return pages
        sheet_pages = plan.sheet_pages
        m.setattr(plan, "sheet_pages", keeping)
        said = io.StringIO()
        with redirect_stderr(said):
            assert main(["check", *SHIPPED, "--content", str(CONTENT), "--layouts", str(LAYOUTS)]) == 0
    return laid, said.getvalue()


def test_every_shipped_sheet_is_what_setting_each_block_afresh_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    plated, said = _checked(monkeypatch)
    _unplated(monkeypatch)
    assert (plated, said) == _checked(monkeypatch)
    assert any(pages > 1 for pages, _ in plated)  # copies run over pages among them


def _score_sheets(heading: Callable[[int, str], str] = lambda n, text: text,
                  paper: str = "a4") -> tuple[Sheet, SheetLayout, Job, Findings]:
    """Stone Market's score sheets (six copies, differing in their heading alone), each heading as `heading`
    gives it, and a job to set them."""
    game, edition, _ = _stone_market()
    sheet = game.sheets["score-sheet"]
    copies = [[replace(b, text=heading(n, b.text)) if b.kind == "heading" else deepcopy(b) for b in blocks]
              for n, blocks in enumerate(sheet.copies)]  # the game's own kept as they are: a test changes these
    layout = edition.layouts["sheet"]
    assert isinstance(layout, SheetLayout) and len(copies) > 2
    findings = Findings()
    job = Job(Typesetter(edition.theme, findings, game.named, "score-sheets"), paper, game.language)
    return replace(sheet, copies=copies), layout, job, findings


@cache
def _stone_market() -> tuple[Any, Any, Any]:
    return loaded("stone-market")


def _laid_out(sheet: Sheet, layout: SheetLayout, job: Job) -> list[Page]:
    return sheets.sheet_pages(sheet, layout, job, _stone_market()[0].rules)


def _table_top(page: Page) -> float:
    """Where the page's first table cell is, pt from the paper's foot."""
    return max(op.y + op.h for op in page.ops if isinstance(op, Rect) and op.field is not None)


def test_a_copy_whose_heading_takes_two_lines_gets_its_own_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    long = "Score sheet of the player who sits nearest the market's stalls when the first stone is rolled"

    def wrapping(n: int, text: str) -> str:
        return f"{text}: {long}" if n == 2 else text
    sheet, layout, job, findings = _score_sheets(wrapping)
    plated = _laid_out(sheet, layout, job)
    tops = [_table_top(p) for p in plated]
    assert tops[2] < tops[1] == tops[3]  # its table below a heading of two lines; the others' where they were
    assert any(long.split()[-1] in op.text for op in plated[2].ops if isinstance(op, Text))
    _unplated(monkeypatch)
    sheet, layout, job, again = _score_sheets(wrapping)
    assert _pages(plated) == _pages(_laid_out(sheet, layout, job)) and list(findings) == list(again)


def test_each_copy_names_its_own_fields() -> None:
    sheet, layout, job, _ = _score_sheets()
    pages = _laid_out(sheet, layout, job)
    for page, blocks in zip(pages, sheet.copies, strict=True):
        heading = sheets.copy_heading(blocks)
        named = [op.field.name for op in page.ops if isinstance(op, Rect | Line) and op.field is not None]
        tags = [tag.alt for _, tag in page.tags if isinstance(tag, Begin) and tag.role == "Form"]
        assert named and all(name.startswith(f"{heading}, ") for name in named) and tags == named


def _too_long(copies: int) -> Sheet:
    """A sheet of `copies` copies whose table has a cell of one word wider than its column: a finding."""
    loc = Loc("content/x/sheets.yaml", 3)
    word = "Unbreakablewordthatnocolumnholdsatanysizeatall" * 2
    blocks = [Block("heading", loc, text="Tally"),
              Block("table", loc, columns=["A", "B"], rows=[Row("Round 1", cells=[word]), Row("Round 2")])]
    return Sheet("tally", loc, None, [[replace(b, text=f"Tally {n}") if b.kind == "heading" else b for b in blocks]
                                      for n in range(copies)])


def test_a_table_that_met_a_finding_is_set_afresh_in_every_copy_and_the_finding_said(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []
    table = setting.TableSetter._table

    def counting(self: setting.TableSetter, *args: object) -> float:
        drawn.append(1)
        return table(self, *args)  # type: ignore[arg-type]
    monkeypatch.setattr(setting.TableSetter, "_table", counting)
    _, layout, job, findings = _score_sheets()
    pages = _laid_out(_too_long(3), layout, job)
    assert len(drawn) >= 3 and any("wider than" in f.message or "does not fit" in f.message for f in findings)
    _unplated(monkeypatch)
    _, layout, job, again = _score_sheets()
    assert _pages(pages) == _pages(_laid_out(_too_long(3), layout, job)) and list(findings) == list(again)


def test_the_last_sheets_setter_reads_a_sheet_changed_since(monkeypatch: pytest.MonkeyPatch) -> None:
    sheet, layout, job, _ = _score_sheets()
    _laid_out(sheet, layout, job)
    for blocks in sheet.copies:  # the same blocks, changed where they stand
        table = next(b for b in blocks if b.kind == "table")
        table.rows[0].label = "Opening purchase"
    pages = _laid_out(sheet, layout, job)
    assert all(any(isinstance(op, Text) and op.text == "Opening purchase" for op in p.ops) for p in pages)
    _unplated(monkeypatch)
    assert _pages(pages) == _pages(_laid_out(sheet, layout, job))


def _drawn(plates: Plates, d: Drawing, key: str, calls: list[str]) -> float:
    def draw() -> float:
        calls.append(key)
        with d.made_by(Loc("x.yaml"), "a block"):
            d.text(10, 20, "Round 1", "Helvetica", 10)
            d.rect(10, 22, 30, 8, 0.5, field=WriteIn("Round 1, A"))
        return 30.0
    return plates.set(d, key, draw)


def test_a_plate_is_printed_only_on_a_drawing_like_the_one_it_was_cast_on() -> None:
    _, layout, job, _ = _score_sheets()
    plates, calls = Plates(job.ts), []
    first = Drawing((210, 297))
    assert _drawn(plates, first, "block", calls) == 30.0
    second = Drawing((210, 297))
    second.rect(0, 0, 5, 5, 1)  # something drawn before it: its indexes move on
    assert _drawn(plates, second, "block", calls) == 30.0 and calls == ["block"]
    assert second.page.ops[1:] == first.page.ops
    assert second.page.tags == [(i + 1, tag) for i, tag in first.page.tags]
    assert second.page.sources == [(i + 1, *made) for i, *made in first.page.sources]
    _drawn(plates, Drawing((216, 279)), "block", calls)  # another paper: its ops stand elsewhere
    inside = Drawing((210, 297))
    with inside.made_by(Loc("y.yaml"), "another block"):  # said to be drawn by another: said so after it, too
        _drawn(plates, inside, "block", calls)
    inked = Drawing((210, 297))
    inked.ink = Colour("harbour-red", (0.55, 0.12, 0.12))  # its texts set in another ink
    _drawn(plates, inked, "block", calls)
    _drawn(plates, Drawing((210, 297)), "another", calls)
    assert calls == ["block", "block", "block", "block", "another"]


def test_a_renamed_field_is_the_op_with_only_its_fields_name_changed() -> None:
    assert [f.name for f in fields(Rect)] == ["x", "y", "w", "h", "width", "fill", "stroke", "radius", "field"]
    assert [f.name for f in fields(Line)] == ["x1", "y1", "x2", "y2", "width", "dash", "stroke", "field"]
    assert [f.name for f in fields(WriteIn)] == ["name", "tick", "height", "size", "min_size"]
    assert [f.name for f in fields(Begin)] == ["role", "alt", "cont", "scope", "actual", "title"], \
        "sheets.renamed and sheets._name_copy make these field by field: give them the new field"
    field = WriteIn("Round 1", True, 4.0, 11.0, 9.0)
    for op in (Rect(1, 2, 3, 4, 0.5, 0.9, None, 2.0, field), Line(1, 2, 3, 4, 0.5, (2, 1), None, field)):
        assert sheets.renamed(op, field, "Sheet 2, Round 1") == replace(op, field=replace(field,
                                                                                          name="Sheet 2, Round 1"))
