"""A sheet of cells as read from a spreadsheet file: the header row first, every value where it stood."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckpress.findings import CellLoc, Findings, Loc

# A deck's sheet: a header and the cards, a few columns each. Far past any game, far short of a machine's memory
# (the workbook reader holds the sheet's rectangle, empty cells too, as one grid).
MAX_ROWS = 50_000
MAX_COLUMNS = 500
MAX_CELLS = 1_000_000
LIMITS = f"{MAX_ROWS:,} rows, {MAX_COLUMNS} columns or {MAX_CELLS:,} cells"


class Uncached:
    """A formula cell saved without its value (a file written by a program that does not calculate)."""

    def __repr__(self) -> str:
        return "UNCACHED"


UNCACHED = Uncached()


@dataclass
class Table:
    """Rows of values (text, numbers, true/false, dates; None for an empty cell; UNCACHED), row 0 the header."""

    shown: str  # the file as findings name it
    rows: list[list[Any]]
    # where a cell's text was written when not in the sheet (a translation's, at its PO entry), by (row, column)
    written: dict[tuple[int, int], Loc] = field(default_factory=dict)

    def loc(self, row: int, col: int) -> CellLoc:
        """The place of the 0-based cell (`row`, `col`)."""
        return CellLoc(self.shown, row + 1, col + 1)


def too_big(shown: str, row: int, col: int, findings: Findings) -> None:
    """The sheet reaches cell (`row`, `col`) (1-based), past what a deck's sheet may hold."""
    findings.error(CellLoc(shown, row, col), f"the sheet reaches this cell: more than the {LIMITS} a deck's sheet "
                                             f"may have")


def within(rows: int, cols: int) -> bool:
    return rows <= MAX_ROWS and cols <= MAX_COLUMNS and rows * cols <= MAX_CELLS
