"""Sheets to write on (bid sheets, score sheets, ledgers): blocks stacked down the page."""

from __future__ import annotations

from deckpress.findings import Findings
from deckpress.layout.page import Drawing, Page
from deckpress.layout.text import Typesetter, draw
from deckpress.model import Block, Rules, Sheet, SheetLayout, Style

CHECKBOX_MM = 5.0
CELL_PAD_MM = 1.5


def sheet_pages(sheet: Sheet, layout: SheetLayout, paper: tuple[float, float], ts: Typesetter,
                rules: Rules | None) -> list[Page]:
    """One copy a page, flowing onto more pages if it must; or `per_page` fixed regions split by cut lines."""
    if layout.per_page == 1:
        return [page for i, blocks in enumerate(sheet.copies) for page in _flow(blocks, layout, paper, ts, rules, i == 0)]
    m, n = layout.margin, layout.per_page
    region_h = (paper[1] - 2 * m - (n - 1) * 2 * layout.gap) / n
    pages: list[Page] = []
    for first in range(0, len(sheet.copies), n):
        d = Drawing(paper)
        pages.append(d.page)
        for slot, blocks in enumerate(sheet.copies[first:first + n]):
            top = m + slot * (region_h + 2 * layout.gap)
            if slot:
                cut_y = top - layout.gap
                d.line(ts.theme.printer_margin_mm, cut_y, paper[0] - ts.theme.printer_margin_mm, cut_y,
                       ts.theme.line_pt, dash=(4, 3))
            region = (m, top, paper[0] - 2 * m, region_h)
            _region(d, blocks, layout, region, ts, rules, sheet, report=first + slot == 0)
    return pages


def _flow(blocks: list[Block], layout: SheetLayout, paper: tuple[float, float], ts: Typesetter,
          rules: Rules | None, report: bool) -> list[Page]:
    """One copy from the top of a new page; a block that does not fit what is left of a page starts the next."""
    m = layout.margin
    x, w, top, bottom = m, paper[0] - 2 * m, m, paper[1] - m
    before = len(ts.findings)
    drawings: list[Drawing] = []
    y = bottom  # no page yet
    for block in blocks:
        end = _measure(block, layout, x, y, w, bottom - top, ts, rules)
        if end > bottom + 1e-6 or not drawings:
            drawings.append(Drawing(paper))
            y = top
            end = _measure(block, layout, x, y, w, bottom - top, ts, rules)
        if end > bottom + 1e-6:
            ts.findings.error(block.loc, f"{ts.game} {ts.component}: a {block.kind} block is {end - top:.0f} mm tall, "
                                         f"more than a page holds ({ts.theme.edition} edition)")
        y = _block(drawings[-1], block, layout, x, y, w, bottom - top, ts, rules) + layout.gap
    if not report:  # findings of later copies repeat the first copy's
        del ts.findings[before:]
    return [d.page for d in drawings]


def _measure(block: Block, layout: SheetLayout, x: float, y: float, w: float, room: float, ts: Typesetter,
             rules: Rules | None) -> float:
    """Where a block would end, drawn nowhere and reporting nothing."""
    saved, ts.findings = ts.findings, Findings()
    try:
        return _block(Drawing((x + w + 1, 10_000)), block, layout, x, y, w, room, ts, rules)
    finally:
        ts.findings = saved


def _region(d: Drawing, blocks: list[Block], layout: SheetLayout, region: tuple[float, float, float, float],
            ts: Typesetter, rules: Rules | None, sheet: Sheet, report: bool) -> None:
    x, y, w, h = region
    bottom = y + h
    findings_before = len(ts.findings)
    for block in blocks:
        y = _block(d, block, layout, x, y, w, bottom - y, ts, rules) + layout.gap
    if y - layout.gap > bottom + 1e-6 and len(ts.findings) == findings_before:
        ts.findings.error(sheet.loc, f"{ts.game} {ts.component}: sheet {sheet.id} is {y - layout.gap - region[1]:.0f} mm "
                                     f"tall, more than the {h:.0f} mm its page allows ({ts.theme.edition} edition)")
    if not report:  # findings of later copies repeat the first copy's
        del ts.findings[findings_before:]


def _block(d: Drawing, block: Block, layout: SheetLayout, x: float, y: float, w: float, room: float,
           ts: Typesetter, rules: Rules | None) -> float:
    """Draw one block at y (mm); return the y below it."""
    line = ts.theme.line_pt
    if block.kind in ("heading", "text"):
        text_w = min(w, ts.theme.max_line_mm)
        fitted = ts.box(d, block.text, layout.styles[block.kind], (x, y, text_w, max(room, 1)), block.loc, block.kind)
        return y + (fitted.height if fitted else 0)
    if block.kind == "write-in":
        for label in block.labels:
            _cell_text(d, label, layout.styles["label"], (x, y, layout.label_width, layout.row_height), ts, block)
            d.rect(x + layout.label_width, y, w - layout.label_width, layout.row_height, line)
            y += layout.row_height + 1
        return y
    if block.kind == "table":
        return _table(d, block, layout, x, y, w, ts)
    section = rules.section(block.section or "") if rules else None
    return _reminder(d, section.heading, section.paragraphs, layout, x, y, w, ts, block) if section else y

def _table(d: Drawing, block: Block, layout: SheetLayout, x: float, y: float, w: float, ts: Typesetter) -> float:
    line, label_w = ts.theme.line_pt, layout.label_width
    col_w = (w - label_w) / max(len(block.columns), 1)
    header_h = max(layout.row_height * 1.5, _lines_height(block.columns, layout.styles["header"], col_w, ts, block),
                   _lines_height([block.corner], layout.styles["header"], label_w, ts, block))
    _cell_text(d, block.corner, layout.styles["header"], (x, y, label_w, header_h), ts, block)
    for c, column in enumerate(block.columns):
        box = (x + label_w + c * col_w, y, col_w, header_h)
        d.rect(*box, line)
        _cell_text(d, column, layout.styles["header"], box, ts, block, align_centre=True)
    y += header_h
    for row in block.rows:
        row_h = max(_row_height(row.cells, layout, col_w, ts, block),
                    _lines_height([row.label], layout.styles["cell"], label_w, ts, block))
        d.rect(x, y, label_w, row_h, line)
        _cell_text(d, row.label, layout.styles["cell"], (x, y, label_w, row_h), ts, block)
        for c in range(len(block.columns)):
            box = (x + label_w + c * col_w, y, col_w, row_h)
            d.rect(*box, line)
            if c < len(row.cells):
                _cell_text(d, row.cells[c], layout.styles["cell"], box, ts, block)
            elif row.cell == "check":
                d.rect(box[0] + (col_w - CHECKBOX_MM) / 2, y + (row_h - CHECKBOX_MM) / 2, CHECKBOX_MM, CHECKBOX_MM, line * 2)
        y += row_h
    return y


def _lines_height(texts: list[str], style: Style, width: float, ts: Typesetter, block: Block) -> float:
    """The height the tallest of these texts needs, wrapped at its style's size inside a cell."""
    sizes = [ts.lines(t, style, width - 2 * CELL_PAD_MM, block.loc, f"cell '{t}'") for t in texts if t]
    return max([0.0] + [f.height + CELL_PAD_MM * 1.5 for f in sizes if f is not None])


def _row_height(cells: list[str], layout: SheetLayout, col_w: float, ts: Typesetter, block: Block) -> float:
    """A row is one write-in row high, or taller where a printed cell needs more lines at its style's size."""
    style = layout.styles["cell"]
    lines = [ts.lines(text, style, col_w - 2 * CELL_PAD_MM, block.loc, f"cell '{text}'") for text in cells if text]
    return max([layout.row_height] + [f.height + CELL_PAD_MM for f in lines if f is not None])


def _cell_text(d: Drawing, text: str, style, box, ts: Typesetter, block: Block, align_centre: bool = False) -> None:  # type: ignore[no-untyped-def]
    if not text:
        return
    pad = CELL_PAD_MM
    x, y, w, h = box
    inner = (x + pad, y + pad / 2, w - 2 * pad, h - pad)
    fitted = ts.fit(text, style, inner[2], inner[3], block.loc, f"cell '{text}'")
    if fitted is not None:
        top = inner[1] + (inner[3] - fitted.height) / 2
        draw(d, fitted, inner[0], top, inner[2], "centre" if align_centre else style.align)

def _reminder(d: Drawing, heading: str, paragraphs: list[str], layout: SheetLayout, x: float, y: float, w: float,
              ts: Typesetter, block: Block) -> float:
    """A boxed reminder from the rules: the same words as the booklet."""
    pad = 3.0
    w = min(w, ts.theme.max_line_mm + 2 * pad)  # running text: no longer lines than the edition allows
    style = layout.styles["reminder"]
    head = ts.lines(heading, layout.styles["label"], w - 2 * pad, block.loc, "reminder heading")
    body = [ts.lines(p, style, w - 2 * pad, block.loc, "reminder") for p in paragraphs]
    parts = [p for p in [head, *body] if p is not None]
    height = sum(p.height for p in parts) + 2 * pad
    d.rect(x, y, w, height, ts.theme.line_pt * 2)
    top = y + pad
    for part in parts:
        draw(d, part, x + pad, top, w - 2 * pad)
        top += part.height
    return y + height

