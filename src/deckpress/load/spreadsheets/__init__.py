"""Card files that are spreadsheets: CSV (`cards.csv`), Excel (`cards.xlsx`) and OpenDocument (`cards.ods`)
workbooks, as designers keep card data and as Google Sheets exports it. Every file is read as untrusted: its
size, its container and its sheet's reach are bounded before anything holds it whole.

`read_table` reads a file's rows (`delimited` for CSV, `workbook` for the others); `cards.sheet_cards` turns them
into a deck's cards, each value checked as a YAML card's, located at its cell (`cells` reads a cell as a field's
value)."""

from __future__ import annotations

from pathlib import Path

from deckpress.findings import Findings, Loc
from deckpress.load.spreadsheets.table import Table

CSV = ".csv"
WORKBOOKS = (".xlsx", ".ods")
SUFFIXES = (CSV, *WORKBOOKS)


def is_spreadsheet(name: str) -> bool:
    return name.lower().endswith(SUFFIXES)


def read_table(path: Path, shown: str, sheet: str | None, at: Loc, findings: Findings) -> Table | None:
    """The rows of the spreadsheet at `path` (its sheet `sheet`, for a workbook), or None (reported)."""
    if path.suffix.lower() == CSV:
        from deckpress.load.spreadsheets.delimited import read_csv

        return read_csv(path, shown, findings)
    from deckpress.load.spreadsheets.workbook import read_workbook

    return read_workbook(path, shown, sheet, at, findings)
