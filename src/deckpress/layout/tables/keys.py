"""A sheet table's own sizes: the keys a `table:` block takes beside its corner, columns and rows.

Declared as data (`Key`), so the reference documents them as it documents the layouts' keys. Every size is the
sheet layout's unless the table gives it, so a sheet that gives none looks as it always did.
"""

from __future__ import annotations

from deckpress.findings import Findings
from deckpress.layout.keys import Key
from deckpress.load.schema import Fields, as_list, as_number
from deckpress.model import TableSizes

LAYOUT = "the sheet layout's"
TABLE = (
    Key("label_width_mm", "number", LAYOUT, "width of the row labels' column (the corner above them)", 5, 150),
    Key("column_widths_mm", "lengths", "shared", "each column's width: one number for every column, or a list with "
                                                 "one a column; without it the columns share what the labels leave "
                                                 "of the line", 3, 190),
    Key("row_height_mm", "number", LAYOUT, "the least height of a row (a row with more to print grows); at least "
                                           "the edition's `write_in_min_mm`", 4, 60),
    Key("square", "flag", False, "every cell as tall as its column is wide: a grid to draw on; without "
                                 "`column_widths_mm` the columns are `row_height_mm` wide"),
    Key("icon_mm", "number", None, "the size of icons a cell holds alone (`:forest:`, or several apart by spaces), "
                                   "centred in the cell; without it they are as tall as the cell's text", 2, 60),
)
LABEL_W, WIDTHS, ROW_H, SQUARE, ICON = TABLE


def read_sizes(f: Fields) -> TableSizes:
    """The table's sizes from its block's keys; what it does not give stays None (the layout's)."""
    locs = {k.name: f.node.key_locs[k.name] for k in TABLE if f.ok and k.name in f.node.value}
    square = f.get(SQUARE.name, required=False)
    if square is not None and not isinstance(square.value, bool):
        f.findings.error(square.loc, f"square must be true or false, got {square.value!r}")
    return TableSizes(
        locs=locs,
        label_width=f.number(LABEL_W.name, LABEL_W.lo, LABEL_W.hi, default=None),
        column_widths=_widths(f),
        row_height=f.number(ROW_H.name, ROW_H.lo, ROW_H.hi, default=None),
        square=square is not None and square.value is True,
        icon=f.number(ICON.name, ICON.lo, ICON.hi, default=None),
    )


def _widths(f: Fields) -> list[float] | None:
    node = f.get(WIDTHS.name, required=False)
    if node is None:
        return None
    nodes = [node] if not node.is_list else as_list(node, WIDTHS.name, f.findings) or []
    widths = [as_number(n, WIDTHS.name, f.findings, WIDTHS.lo, WIDTHS.hi) for n in nodes]
    if not nodes:
        f.findings.error(node.loc, f"{WIDTHS.name} must be a number, or a list of one number a column")
    return None if not nodes or None in widths else [w for w in widths if w is not None]


def check_columns(sizes: TableSizes, columns: int, findings: Findings) -> None:
    """A list of widths names every column, once."""
    widths = sizes.column_widths
    if widths is not None and len(widths) > 1 and len(widths) != columns:
        findings.error(sizes.locs[WIDTHS.name], f"{WIDTHS.name} lists {len(widths)} widths for {columns} columns: "
                                                "give one a column, or one for all")
        sizes.column_widths = None
    elif sizes.square and widths is not None and len(set(widths)) > 1:
        findings.error(sizes.locs[SQUARE.name], f"square cells need columns of one width, got "
                                                f"{', '.join(f'{w:g}' for w in widths)} mm")
        sizes.square = False
