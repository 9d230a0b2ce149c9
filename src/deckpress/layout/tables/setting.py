"""A sheet's table set: the header row, then its rows, each cell a rule round it and what it prints, a tick box or
room to write. Sizes come from the table's geometry (`geometry`): its own in the edition, or the sheet layout's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckpress.findings import echoed
from deckpress.layout.page import MM, Drawing, WriteIn
from deckpress.layout.plates import Plates
from deckpress.layout.structure import artifact, form, tagged
from deckpress.layout.tables.cells import CELL_PAD_MM, Box, cell_text, field_name, icons_alone
from deckpress.layout.tables.geometry import Geometry, geometry, problems, too_narrow, too_wide
from deckpress.layout.tables.keys import ICON
from deckpress.model import Block, SheetLayout, Style, TableSizes

if TYPE_CHECKING:
    from deckpress.layout.context import Job

CHECKBOX_MM, CHECKBOX_PT = 5.0, 11.0  # a tick box's side beside cell text of this size; larger text, a larger box


class TableSetter:
    """Sets the tables of one sheet layout for one job; each method draws at a place in mm."""

    def __init__(self, layout: SheetLayout, job: Job, plates: Plates | None = None) -> None:
        self.layout, self.job, self.ts = layout, job, job.ts
        self._sized: dict[tuple[str, float], tuple[float, list[float]]] = {}
        self.plates = Plates(job.ts) if plates is None else plates  # its sheet's

    def own(self, block: Block) -> TableSizes:
        """The table's own sizes in this job's edition."""
        return block.sizes.in_edition(self.ts.theme.edition)

    def sizes(self, block: Block, w: float) -> tuple[float, list[float]]:
        """The header row's height and each row's, mm, for a table on a line `w` wide. A sheet's trials and pages
        measure a table many times: sized once where that found nothing (what is found is said where it was),
        keyed by the table's whole content and the width."""
        key = (self.plates.content(block), w)
        kept = self._sized.get(key)
        if kept is not None:
            return kept[0], list(kept[1])
        sizes = self.own(block)
        shape = geometry(block, sizes, self.layout, w)
        if too_narrow(block, sizes, shape):  # said once, by the table (`problems`): not again by each cell
            with self.ts.measuring():
                sized = self._sizes(block, shape)
        else:
            with self.ts.heeding() as heeded:
                sized = self._sizes(block, shape)
            if heeded.met:
                return sized  # measured again where it is drawn: what it found is said there
        self._sized[key] = sized[0], list(sized[1])
        return sized

    def _sizes(self, block: Block, shape: Geometry) -> tuple[float, list[float]]:
        header, cell = self.layout.styles["header"], self.layout.styles["cell"]
        header_h = max([shape.header, self.lines_height([block.corner], header, shape.label, block, shape)]
                       + [self.lines_height([c], header, shape.column(n), block, shape)
                          for n, c in enumerate(block.columns)])
        return header_h, [max(self.row_height(row.cells, shape, block),
                              self.lines_height([row.label], cell, shape.label, block, shape)) for row in block.rows]

    def table(self, d: Drawing, block: Block, at: tuple[float, float, float], rows: range | None = None,
              cont: bool = False) -> float:
        """The header row, then the rows `rows` (all of them unless given): a table continued (`cont`) repeats its
        header, as furniture (the table is one, its header row read once). Cast as a plate (`Plates`): a later
        copy, or trial, setting the same rows at the same place prints them again."""
        part = None if rows is None else (rows.start, rows.stop, rows.step)
        key = (self.plates.content(block), at, part, cont)
        return self.plates.set(d, key, lambda: self._table(d, block, at, rows, cont))

    def _table(self, d: Drawing, block: Block, at: tuple[float, float, float], rows: range | None,
               cont: bool) -> float:
        x, y, w = at
        sizes = self.own(block)
        shape = geometry(block, sizes, self.layout, w)
        if not cont:
            for loc, message in problems(block, sizes, shape, self.ts.theme, w, self.job.paper):
                self.ts.findings.error(loc, f"{self.job.where}: {message}")
        # said by `problems` (on the table's first page: a finding stops the build, so its room is never printed):
        # nothing of it drawn, its cells each said again took seconds
        if too_narrow(block, sizes, shape):
            header_h, heights = self.sizes(block, w)
            return y + header_h + sum(heights[r] for r in (rows if rows is not None else range(len(block.rows))))
        with tagged(d, "Table", cont=cont), d.found(too_wide(shape, w)):  # said once, at its widths
            header_h, heights = self.sizes(block, w)
            with artifact(d) if cont else tagged(d, "TR"):
                self.header_row(d, block, shape, (x, y, header_h))
            y += header_h
            for r in rows if rows is not None else range(len(block.rows)):
                with tagged(d, "TR"):
                    self.row(d, block, r, shape, (x, y, heights[r]))
                y += heights[r]
        return y

    def header_row(self, d: Drawing, block: Block, shape: Geometry, at: tuple[float, float, float]) -> None:
        """The corner and the column heads, each a header cell of its column; the rules round them furniture."""
        x, y, header_h = at
        header = self.layout.styles["header"]
        with tagged(d, "TH", scope="Column") if block.corner else tagged(d, "TD"):  # a blank corner heads nothing
            self.cell(d, block.corner, header, (x, y, shape.label, header_h), block, shape)
        for c, column in enumerate(block.columns):
            box = (x + shape.left(c), y, shape.column(c), header_h)
            with artifact(d):
                d.rect(*box, self.ts.theme.line_pt)
            with tagged(d, "TH", scope="Column"):
                self.cell(d, column, header, box, block, shape, align_centre=True)

    def row(self, d: Drawing, block: Block, r: int, shape: Geometry, at: tuple[float, float, float]) -> None:
        """Row `r`: its label a header cell of the row, then its cells (printed, to write in, or a tick box)."""
        x, y, row_h = at
        row, cell, line = block.rows[r], self.layout.styles["cell"], self.ts.theme.line_pt
        with artifact(d):
            d.rect(x, y, shape.label, row_h, line)
        with tagged(d, "TH", scope="Row"):
            self.cell(d, row.label, cell, (x, y, shape.label, row_h), block, shape)
        for c in range(len(block.columns)):
            box = (x + shape.left(c), y, shape.column(c), row_h)
            printed = row.cells[c] if c < len(row.cells) else ""
            # a cell left empty is one to write in, or a tick box: a form field, named by its row and column
            tick = row.cell == "check"  # a tick box types nothing: no size
            field = None if printed else WriteIn(field_name(block, r, c, self.job.say), tick=tick,
                                                 size=0 if tick else cell.size, min_size=self.ts.theme.min_size)
            if field is None or field.tick:
                with artifact(d):
                    d.rect(*box, line)
            with tagged(d, "TD"):
                if field is None:
                    self.cell(d, printed, cell, box, block, shape)
                elif field.tick:
                    side = _tick_side(cell.size, box[2], row_h)
                    with form(d, field.name):
                        d.rect(box[0] + (box[2] - side) / 2, y + (row_h - side) / 2, side, side, line * 2, field=field)
                else:
                    with form(d, field.name), artifact(d):  # the cell's rules stay furniture
                        d.rect(*box, line, field=field)

    def lines_height(self, texts: list[str], style: Style, width: float, block: Block, shape: Geometry) -> float:
        """The height the tallest of these texts needs, wrapped at its style's size inside a cell."""
        return self._needed(texts, style, width, block, shape, CELL_PAD_MM * 1.5)

    def row_height(self, cells: list[str], shape: Geometry, block: Block) -> float:
        """A row is its table's row high, or taller where a printed cell needs more lines at its style's size."""
        style = self.layout.styles["cell"]
        return max([shape.row] + [self._needed([text], style, shape.column(c), block, shape, CELL_PAD_MM)
                                  for c, text in enumerate(cells[:len(block.columns)])])

    def _needed(self, texts: list[str], style: Style, width: float, block: Block, shape: Geometry,
                pad: float) -> float:
        heights = [0.0]
        for text in (t for t in texts if t):
            if shape.icon is not None and icons_alone(text) is not None:
                heights.append(shape.icon + pad)
                continue
            fitted = self.ts.lines(text, style, width - 2 * CELL_PAD_MM, block.loc, f"cell '{echoed(text)}'")
            if fitted is not None:  # its lines and padding, and a full leading a line: rows keep the spacing too
                heights.append(max(fitted.leading * len(fitted.lines) / MM, fitted.height + pad))
        return max(heights)

    def cell(self, d: Drawing, text: str, style: Style, box: Box, block: Block, shape: Geometry,
             align_centre: bool = False) -> None:
        icon = None if shape.icon is None else (shape.icon, self.own(block).locs.get(ICON.name, block.loc))
        cell_text(self.ts, d, text, style, box, block.loc, icon, align_centre)


def _tick_side(size: float, width: float, height: float) -> float:
    """A tick box's side, mm: in proportion to the cell's text where it is larger than the standard's (large print's
    18 pt beside a 5 mm box was hard to tick by hand) and its cell has room; never smaller than the standard's."""
    return max(CHECKBOX_MM, min(CHECKBOX_MM * size / CHECKBOX_PT, width - 2 * CELL_PAD_MM, height - 2 * CELL_PAD_MM))
