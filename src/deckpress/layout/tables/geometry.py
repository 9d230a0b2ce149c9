"""A table's geometry on a line of sheet: its label column, each column's width, the rows' and the header row's
least height, from its own sizes in the edition (`TableSizes.in_edition`) or else its sheet layout's (then the
columns share the line, as every table did before it had sizes)."""

from __future__ import annotations

from dataclasses import dataclass

from deckpress.findings import Loc
from deckpress.layout.tables.keys import LABEL_W, ROW_H, WIDTHS
from deckpress.model import Block, SheetLayout, TableSizes, Theme

MIN_COLUMN_MM = 4.0  # a cell's padding each side (1.5 mm, deckpress.layout.tables.cells) and a millimetre: a
# column's least width in every edition (its room to write in is the row's height, `write_in_min_mm`)

HEADER_ROWS = 1.5  # the header row is at least one and a half rows high: room for two lines of heads


@dataclass(frozen=True)
class Geometry:
    label: float  # mm: the row labels' column
    columns: tuple[float, ...]  # mm: each column's width
    row: float  # mm: a row's least height
    icon: float | None  # mm: icons alone in a cell; None: as tall as the text
    header: float  # mm: the header row's least height

    @property
    def width(self) -> float:
        return self.label + sum(self.columns)

    def left(self, c: int) -> float:
        """Where column `c` starts, mm from the table's left (columns of one width step exactly, as they did)."""
        if len(set(self.columns)) <= 1:
            return self.label + c * (self.columns[0] if self.columns else 0)
        return self.label + sum(self.columns[:c])

    def column(self, c: int) -> float:
        """Column `c`'s width (a table of no columns has one of no width: its corner and labels alone)."""
        return self.columns[c] if c < len(self.columns) else 0.0


def geometry(block: Block, sizes: TableSizes, layout: SheetLayout, line: float) -> Geometry:
    """The table's sizes (`sizes`: its own in the edition) on a line `line` mm wide."""
    n = len(block.columns)
    label = layout.label_width if sizes.label_width is None else sizes.label_width
    row = layout.row_height if sizes.row_height is None else sizes.row_height
    widths = sizes.column_widths
    if widths:
        columns = tuple(widths * n if len(widths) == 1 else widths)
    elif sizes.square:
        columns = (row,) * n
    else:
        columns = ((line - label) / max(n, 1),) * n
    if sizes.square and columns:
        row = columns[0]
    header = row * HEADER_ROWS if sizes.header_height is None else sizes.header_height
    return Geometry(label, columns, row, sizes.icon, header)


def too_wide(shape: Geometry, line: float) -> bool:
    """The table is wider than the line it is set on (`line`, mm): a finding, and it runs into the margin."""
    return shape.width > line + 1e-6


def too_narrow(block: Block, sizes: TableSizes, shape: Geometry) -> bool:
    """The line shared out evenly gives each column less than MIN_COLUMN_MM (300 columns: less than a millimetre
    each): a finding, and its cells' own are not said again."""
    shared = not sizes.column_widths and not sizes.square and bool(block.columns)
    return shared and shape.columns[0] < MIN_COLUMN_MM - 1e-6


def problems(block: Block, sizes: TableSizes, shape: Geometry, theme: Theme, line: float,
             paper: str) -> list[tuple[Loc, str]]:
    """What this edition cannot print of the table's own sizes (`sizes`, in the edition): wider than the line,
    rows too low to write in; found at the key that gave the size, the edition's own where it gave one."""
    locs, out = sizes.locs, []
    if too_wide(shape, line):
        at = locs.get(WIDTHS.name) or locs.get(LABEL_W.name) or block.loc
        out.append((at, f"the table is {shape.width:g} mm wide, more than the {line:g} mm between the margins "
                        f"({theme.edition} edition, {paper})"))
    if too_narrow(block, sizes, shape):
        out.append((block.loc, f"the table's {len(block.columns)} columns share the {max(line - shape.label, 0):g} mm "
                               f"beside its labels, {shape.columns[0]:.3g} mm each: less than the {MIN_COLUMN_MM:g} "
                               f"mm a column needs ({theme.edition} edition, {paper}); fewer columns"))
    own = locs.get(WIDTHS.name) if sizes.square and sizes.column_widths else locs.get(ROW_H.name)
    if own is not None and shape.row < theme.write_in_min_mm - 1e-6:
        out.append((own, f"the table's rows are {shape.row:g} mm high, less than the {theme.edition} edition's "
                         f"{theme.write_in_min_mm:g} mm for writing in"))
    return out
