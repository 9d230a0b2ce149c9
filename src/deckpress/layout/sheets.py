"""Sheets to write on (bid sheets, score sheets, ledgers): blocks stacked down the page."""

from __future__ import annotations

from contextlib import nullcontext

from deckpress.findings import Findings
from deckpress.layout.context import Job
from deckpress.layout.flow import Flow
from deckpress.layout.ops import Begin, Line, Rect
from deckpress.layout.page import Drawing, Page, WriteIn
from deckpress.layout.plates import Plates
from deckpress.layout.slug import foot_mm, holds, side_mm
from deckpress.layout.structure import artifact, form, tagged
from deckpress.layout.tables.cells import cell_text
from deckpress.layout.tables.setting import TableSetter
from deckpress.layout.text import draw
from deckpress.model import Block, Rules, Sheet, SheetLayout, Style

ROLES = {"heading": "H1", "text": "P"}  # a block's structure; a table, write-in or reminder sets its own
Box = tuple[float, float, float, float]  # x, y, w, h in mm; for a block, h is the room left below y
Trial = tuple[list[Page], Findings]  # a copy set one way, and what it found


def sheet_pages(sheet: Sheet, layout: SheetLayout, job: Job, rules: Rules | None) -> list[Page]:
    """One copy a page, flowing onto more pages if it must; or `per_page` fixed regions split by cut lines.
    Later copies repeat the first copy's findings: they are laid out in measuring mode."""
    setter = _setter(layout, job, rules)
    if layout.per_page == 1:
        flowed: list[Page] = []
        for i, blocks in enumerate(sheet.copies):
            with nullcontext() if i == 0 else job.ts.measuring():
                copy = setter.flow(blocks)
            for page in copy:
                _name_copy(page, 0, 0, sheet, blocks, job)
            flowed += copy
        return flowed
    paper, m, n = job.size, layout.margin, layout.per_page
    foot = foot_mm(job.slug, job.theme, paper, m)  # the whole slug below the last region
    region_h = (paper[1] - m - foot - (n - 1) * 2 * layout.gap) / n
    pages: list[Page] = []
    for first in range(0, len(sheet.copies), n):
        d = Drawing(paper)
        pages.append(d.page)
        for slot, blocks in enumerate(sheet.copies[first:first + n]):
            top = m + slot * (region_h + 2 * layout.gap)
            if slot:
                cut_y = top - layout.gap
                d.line(job.theme.printer_margin_mm, cut_y, paper[0] - job.theme.printer_margin_mm, cut_y,
                       job.theme.line_pt, dash=(4, 3))
            ops, tags = len(d.page.ops), len(d.page.tags)
            with nullcontext() if first + slot == 0 else job.ts.measuring():
                setter.region(d, blocks, (m, top, paper[0] - 2 * m, region_h), sheet)
            _name_copy(d.page, ops, tags, sheet, blocks, job)
    return pages


_last: list[SheetSetter] = []  # the setter of the sheet laid out last


def _setter(layout: SheetLayout, job: Job, rules: Rules | None) -> SheetSetter:
    """The last sheet's setter where this one is set by the same job, layout and rules, its plates, measures and
    sizes kept (a sheet of ten pages or more is laid out twice, the second time with its page numbers' room:
    `deckpress.layout.plan._flowed`); else a new one. What it keeps is keyed by the blocks' content, read anew."""
    kept = _last[0] if _last else None
    if kept is not None and kept.layout is layout and kept.job is job and kept.rules is rules:
        kept.plates.read_anew()
        return kept
    _last[:] = [SheetSetter(layout, job, rules)]
    return _last[0]


def copy_heading(blocks: list[Block]) -> str:
    """A copy's own name, as its fields (and the text edition's controls) are named by it: its first heading."""
    return next((b.text for b in blocks if b.kind == "heading"), "")


def _name_copy(page: Page, ops: int, tags: int, sheet: Sheet, blocks: list[Block], job: Job) -> None:
    """Where a sheet prints several copies, each copy's fields (from op `ops` and tag `tags` on) are named by its
    heading too (`Bid sheet 2 of 4, Round 1, A`): a screen reader tells the four bid sheets' cells apart. A field
    and its form's tag share a name: each name said once a copy."""
    heading = copy_heading(blocks)
    if len(sheet.copies) < 2 or not heading:
        return
    names: dict[str, str] = {}

    def named(name: str) -> str:
        said = names.get(name)
        if said is None:
            said = names[name] = job.say("field_cell", row=heading, column=name)
        return said
    drawn = page.ops
    for n in range(ops, len(drawn)):
        op = drawn[n]
        if isinstance(op, FIELDED) and op.field is not None:
            drawn[n] = renamed(op, op.field, named(op.field.name))
    tagged_ = page.tags
    for n in range(tags, len(tagged_)):
        at, tag = tagged_[n]
        if isinstance(tag, Begin) and tag.role == "Form":
            tagged_[n] = (at, Begin(tag.role, named(tag.alt), tag.cont, tag.scope, tag.actual, tag.title))


FIELDED = (Rect, Line)  # the ops a form field is drawn over: a tuple, as `Rect | Line` is a union made each time


def renamed(op: Rect | Line, f: WriteIn, name: str) -> Rect | Line:
    """The op with its field `f` named `name`: made directly, as every field of every copy is (`replace` took
    twice as long); tests/test_sheet_copies.py keeps it to every field of the ops."""
    field = WriteIn(name, f.tick, f.height, f.size, f.min_size)
    if isinstance(op, Rect):
        return Rect(op.x, op.y, op.w, op.h, op.width, op.fill, op.stroke, op.radius, field)
    return Line(op.x1, op.y1, op.x2, op.y2, op.width, op.dash, op.stroke, field)


class SheetSetter:
    """Sets the blocks of one sheet layout; each method draws at a place in mm and returns the y below it."""

    def __init__(self, layout: SheetLayout, job: Job, rules: Rules | None) -> None:
        self.layout, self.job, self.ts, self.rules = layout, job, job.ts, rules
        self.plates = Plates(job.ts)
        self.tables = TableSetter(layout, job, self.plates)
        self._measured: dict[tuple[str, Box], float] = {}  # where a block ends, by its whole content and its box

    def flow(self, blocks: list[Block]) -> list[Page]:
        """One copy from the top of a new page; a block that does not fit what is left of a page starts the next,
        a heading with the start of what follows it; a table runs on row by row (see `Flow`). Its matter ends as
        `trials` chose: the chosen trial's pages stand, and what it found is said."""
        pages, found = self.trials(blocks)
        self.ts.findings.extend(found)  # where the copy set for real would have said it: a flow counts none
        return pages

    def trials(self, blocks: list[Block]) -> Trial:
        """The copy with its matter ending as far from the paper's right edge and its foot as the slug needs: the
        whole slug kept free below it, unless that costs a page and the slug has room without (at the head, or
        upright beside the matter), else upright in a right-hand margin made wide enough for it where that saves
        a page and costs no finding more, as a card sheet keeps its cards."""
        job, m = self.job, self.layout.margin
        below = foot_mm(job.slug, job.theme, job.size, m)
        foot = self._trial(blocks, (m, below))
        if below <= m or len(foot[0]) == 1:  # no room kept, or none to save: no other room ends on fewer pages
            return foot
        # a trial is set only where its pages, counted first (`_pages`), are fewer: one that cannot win is not
        bare = self._trial(blocks, (m, m)) if self._pages(blocks, (m, m)) < len(foot[0]) else None
        if bare is not None and len(bare[0]) < len(foot[0]) and all(holds(p, job.slug, job.theme) for p in bare[0]):
            return bare
        beside = (side_mm(job.slug, job.theme, job.size, m), m)
        if self._pages(blocks, beside) >= len(foot[0]):
            return foot
        if bare is None:
            bare = self._trial(blocks, (m, m))
        side = self._trial(blocks, beside)
        said = {*foot[1], *bare[1]}  # one trial after another: the earlier ones' findings count as said
        if len(side[0]) < len(foot[0]) and sum(f not in said for f in side[1]) <= len(foot[1]):
            return side
        return foot

    def _trial(self, blocks: list[Block], ends: tuple[float, float]) -> Trial:
        """The copy set with its matter `ends` from the paper's right edge and foot, and what that found, unsaid."""
        with self.ts.measuring():
            return Flow(self, blocks, ends).run(), self.ts.findings

    def _pages(self, blocks: list[Block], ends: tuple[float, float]) -> int:
        """How many pages the copy takes with its matter `ends` from the paper's right edge and foot (a dry flow:
        its tables' rows not drawn), reporting nothing."""
        with self.ts.measuring():
            return len(Flow(self, blocks, ends, dry=True).run())

    def measure(self, block: Block, box: Box) -> float:
        """Where a block would end, drawn nowhere and reporting nothing. A copy's trials and pages measure the same
        block in the same box again and again (its room, where it starts a page): measured once."""
        key = (self.plates.content(block), box)
        end = self._measured.get(key)
        if end is None:
            x, _, w, _ = box
            with self.ts.measuring():  # measured once: no plate cast on the drawing thrown away
                end = self._measured[key] = self._made(Drawing((x + w + 1, 10_000)), block, box)
        return end

    def region(self, d: Drawing, blocks: list[Block], region: Box, sheet: Sheet) -> None:
        """One copy in a fixed region of the page; too tall a copy is reported unless something in it was."""
        x, y, w, h = region
        bottom, gap, job = y + h, self.layout.gap, self.job
        findings_before = len(job.findings)
        for block in blocks:
            y = self.block(d, block, (x, y, w, bottom - y)) + gap
        if y - gap > bottom + 1e-6 and len(job.findings) == findings_before:
            job.findings.error(sheet.loc, f"{job.where}: sheet {sheet.id} is {y - gap - region[1]:.0f} mm tall, more "
                                          f"than the {h:.0f} mm its page allows ({job.theme.edition} edition)")

    def block(self, d: Drawing, block: Block, box: Box) -> float:
        """Draw one block at y (mm) with `room` below it; return the y below it. Cast as a plate (`Plates`): a
        later copy, or trial, setting the same block in the same box prints it again."""
        return self.plates.set(d, (self.plates.content(block), box), lambda: self._made(d, block, box))

    def _made(self, d: Drawing, block: Block, box: Box) -> float:
        role = ROLES.get(block.kind)
        with d.made_by(block.loc, _named(block)), tagged(d, role) if role else nullcontext():
            return self._block(d, block, box)

    def _block(self, d: Drawing, block: Block, box: Box) -> float:
        x, y, w, room = box
        layout, ts = self.layout, self.ts
        if block.kind in ("heading", "text"):
            text_w = min(w, ts.theme.max_line_mm)
            fitted = ts.box(d, block.text, layout.styles[block.kind], (x, y, text_w, max(room, 1)), block.loc,
                            block.kind)
            return y + (fitted.height if fitted else 0)
        if block.kind == "write-in":
            for label in block.labels:
                with tagged(d, "P"):
                    self.cell_text(d, label, layout.styles["label"], (x, y, layout.label_width, layout.row_height),
                                   block)
                with form(d, label), artifact(d):  # a box to write in: a form field, its rules furniture
                    d.rect(x + layout.label_width, y, w - layout.label_width, layout.row_height, ts.theme.line_pt,
                           field=WriteIn(label, size=layout.styles["text"].size, min_size=ts.theme.min_size))
                y += layout.row_height + 1
            return y
        if block.kind == "table":
            return self.table(d, block, (x, y, w))
        section = self.rules.section(block.section or "") if self.rules else None
        return reminder(self, d, section.heading, section.paragraphs, (x, y, w), block) if section else y

    def table_sizes(self, block: Block, w: float) -> tuple[float, list[float]]:
        """The header row's height and each row's, mm, for a table on a line `w` wide."""
        return self.tables.sizes(block, w)

    def table(self, d: Drawing, block: Block, at: tuple[float, float, float], rows: range | None = None,
              cont: bool = False) -> float:
        """The table's header row and rows `rows` (all unless given), as `TableSetter.table` sets them."""
        return self.tables.table(d, block, at, rows, cont)

    def cell_text(self, d: Drawing, text: str, style: Style, box: Box, block: Block) -> None:
        cell_text(self.ts, d, text, style, box, block.loc)


def _named(block: Block) -> str:
    """A block as findings name it: its kind, and its words where it has some."""
    words = block.text or block.corner or (block.labels[0] if block.labels else "") or (block.section or "")
    return f"{block.kind} '{words if len(words) <= 40 else words[:37].rstrip() + '...'}'" if words else block.kind


def reminder(setter: SheetSetter, d: Drawing, heading: str, paragraphs: list[str], at: tuple[float, float, float],
             block: Block) -> float:
    """A boxed reminder from the rules: the same words as the booklet."""
    x, y, w = at
    ts, pad, layout = setter.ts, 3.0, setter.layout
    w = min(w, ts.theme.max_line_mm + 2 * pad)  # running text: no longer lines than the edition allows
    head = ts.lines(heading, layout.styles["label"], w - 2 * pad, block.loc, "reminder heading")
    body = [ts.lines(p, layout.styles["reminder"], w - 2 * pad, block.loc, "reminder") for p in paragraphs]
    parts = [(role, p) for role, p in [("H2", head), *(("P", b) for b in body)] if p is not None]
    # each part a line's spacing below the last line of the one before, as in the booklet (none where solid)
    steps = [p.height + (p.spare if i < len(parts) - 1 else 0.0) for i, (_, p) in enumerate(parts)]
    height = sum(steps) + 2 * pad
    with artifact(d):
        d.rect(x, y, w, height, ts.theme.line_pt * 2)
    top = y + pad
    for (role, part), step in zip(parts, steps, strict=True):
        with tagged(d, role):
            draw(d, part, x + pad, top, w - 2 * pad)
        top += step
    return y + height
