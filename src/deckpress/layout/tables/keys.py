"""A sheet table's own sizes: the keys a `table:` block takes beside its corner, columns and rows.

Declared as data (`Key`), so the reference documents them as it documents the layouts' keys. Every size is the
sheet layout's unless the table gives it, so a sheet that gives none looks as it always did; and an edition may
give the table's sizes anew, under its id (a grid sized for the standard edition is too small for large print).
"""

from __future__ import annotations

from deckpress.findings import Findings, echoed
from deckpress.hints.spelling import closest, did_you_mean
from deckpress.layout.keys import Key
from deckpress.load.schema import Fields, as_list, as_number, describe
from deckpress.model import TableSizes

LAYOUT = "the sheet layout's"
TABLE = (
    Key("label_width_mm", "number", LAYOUT, "width of the row labels' column (the corner above them)", 5, 150),
    Key("column_widths_mm", "lengths", "shared", "each column's width: one number for every column, or a list with "
                                                 "one a column; without it the columns share what the labels leave "
                                                 "of the line", 3, 190),
    Key("row_height_mm", "number", LAYOUT, "the least height of a row (a row with more to print grows); at least "
                                           "the edition's `write_in_min_mm`", 4, 60),
    Key("header_height_mm", "number", "1.5 rows", "the least height of the header row (heads needing more lines "
                                                  "grow it)", 4, 60),
    Key("square", "flag", False, "every cell as tall as its column is wide: a grid to draw on; without "
                                 "`column_widths_mm` the columns are `row_height_mm` wide"),
    Key("icon_mm", "number", None, "the size of icons a cell holds alone (`:forest:`, or several apart by spaces), "
                                   "centred in the cell; without it they are as tall as the cell's text", 2, 60),
    Key("<edition id>", "sizes", None, "the table's sizes in that edition (`large-print:`, or any edition the game "
                                       "is made in): a mapping of any of the keys above ending in `_mm`, each "
                                       "given anew there; what it does not give is the table's"),
)
LABEL_W, WIDTHS, ROW_H, HEADER_H, SQUARE, ICON, EDITION = TABLE
RESIZED = (LABEL_W, WIDTHS, ROW_H, HEADER_H, ICON)  # what an edition gives anew; `square` is the table's own


def read_sizes(f: Fields, editions: list[str]) -> TableSizes:
    """The table's sizes from its block's keys, and those its editions give anew; what it does not give stays
    None (the layout's). An edition's mapping the game does not make is found with the editions it does."""
    square = f.get(SQUARE.name, required=False)
    if square is not None and not isinstance(square.value, bool):
        f.findings.error(square.loc, f"square must be true or false, got {describe(square.value)}")
    sizes = _sized(f, square is not None and square.value is True, (*RESIZED, SQUARE))
    for edition in editions:
        node = f.get(edition, required=False)
        if node is not None:
            given = Fields(node, f"table sizes for the {edition} edition", f.findings)
            sizes.editions[edition] = _sized(given, sizes.square, RESIZED)
            given.done()
    _unmade(f, editions)
    return sizes


def _sized(f: Fields, square: bool, keys: tuple[Key, ...]) -> TableSizes:
    return TableSizes(
        locs={k.name: f.node.key_locs[k.name] for k in keys if f.ok and k.name in f.node.value},
        label_width=f.number(LABEL_W.name, LABEL_W.lo, LABEL_W.hi, default=None),
        column_widths=_widths(f),
        row_height=f.number(ROW_H.name, ROW_H.lo, ROW_H.hi, default=None),
        square=square,
        icon=f.number(ICON.name, ICON.lo, ICON.hi, default=None),
        header_height=f.number(HEADER_H.name, HEADER_H.lo, HEADER_H.hi, default=None),
    )


def _unmade(f: Fields, editions: list[str]) -> None:
    """A mapping under a name that is no key of the table, nor close to one, is taken for an edition's sizes: said
    as such, with the editions the game is made in (the rest are reported as unknown keys)."""
    for key, node in f.node.value.items() if f.ok else ():
        near = closest(key, [*f.asked, *editions])
        if key in f.asked or not node.is_map or (near and near[0] not in editions):
            continue
        f.reported.add(key)
        f.findings.error(f.node.key_locs[key], f"no edition '{echoed(key)}' in this game (it is made in "
                                               f"{', '.join(editions)}): a table's sizes for an edition go under "
                                               f"its id{did_you_mean(key, editions)}")


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
    """A list of widths names every column, once: the table's, and each edition's."""
    widths = sizes.column_widths
    if widths is not None and len(widths) > 1 and len(widths) != columns:
        findings.error(sizes.locs[WIDTHS.name], f"{WIDTHS.name} lists {len(widths)} widths for {columns} columns: "
                                                "give one a column, or one for all")
        sizes.column_widths = []  # set aside, the columns share the line (an edition's too: not the table's)
    elif sizes.square and widths is not None and len(set(widths)) > 1:
        at = sizes.locs.get(SQUARE.name, sizes.locs[WIDTHS.name])  # an edition's widths: found there
        findings.error(at, f"square cells need columns of one width, got {', '.join(f'{w:g}' for w in widths)} mm")
        if SQUARE.name in sizes.locs:
            sizes.square = False
        else:  # an edition's: its squares are its rows' height
            sizes.column_widths = []
    for own in sizes.editions.values():
        check_columns(own, columns, findings)
