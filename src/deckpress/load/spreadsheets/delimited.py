"""CSV files, as spreadsheet programs save them: UTF-8 with or without a byte-order mark, comma-separated (or
semicolon- or tab-separated, as some locales save them: told by the header line)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from deckpress.findings import CellLoc, Findings, Loc
from deckpress.load.sources import read_source
from deckpress.load.spreadsheets.quotes import misquote
from deckpress.load.spreadsheets.table import MAX_CELLS, MAX_COLUMNS, MAX_ROWS, Table, too_big

BOM = "\ufeff"
DELIMITERS = ",;\t"


def read_csv(path: Path, shown: str, findings: Findings) -> Table | None:
    """The rows of a CSV file, or None (reported) when it cannot be read."""
    data = read_source(path, shown, findings)
    if data is None:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        row, col = _cell_at(data[: exc.start].decode("utf-8"))
        findings.error(CellLoc(shown, row, col), f"file is not valid UTF-8 (byte 0x{data[exc.start]:02x}): save it "
                                                 f"as \"CSV UTF-8\"")
        return None
    text = text.removeprefix(BOM)
    if not text.strip():
        findings.error(Loc(shown), "file is empty")
        return None
    return _rows(text, shown, findings)


def _rows(text: str, shown: str, findings: Findings) -> Table | None:
    delimiter = _delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows: list[list[Any]] = []
    cells = 0
    try:
        for record in reader:
            cells += len(record)
            if len(rows) == MAX_ROWS or len(record) > MAX_COLUMNS or cells > MAX_CELLS:
                col = MAX_COLUMNS + 1 if len(record) > MAX_COLUMNS else (len(record) if cells > MAX_CELLS else 1)
                too_big(shown, len(rows) + 1, col, findings)
                return None
            rows.append([cell if cell.strip() else None for cell in record])
    except csv.Error as exc:  # a quote left open or text after one closed, a cell past the csv module's size limit
        row, limit = len(rows) + 1, csv.field_size_limit()
        if (fault := misquote(text, delimiter)) is not None and fault.row == row:  # first: a quote left open runs
            findings.error(CellLoc(shown, row, fault.col), fault.message)  # past the size limit in a long file
        elif wide := _oversized(text, delimiter, row, limit):
            findings.error(CellLoc(shown, row, wide), f"more than {limit:,} characters, more than a card "
                                                      "could print: shorten it (or close a quote left open)")
        else:
            findings.error(CellLoc(shown, row, 1), f"CSV: {exc}")
        return None
    return Table(shown, rows)


def _oversized(text: str, delimiter: str, row: int, limit: int) -> int | None:
    """The column of the first cell of record `row` longer than `limit`, the csv module's limit, read again with
    room for it (the text is in memory already); None if no cell there is."""
    csv.field_size_limit(len(text) + 1)
    try:
        records = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        record = next((r for n, r in enumerate(records, 1) if n == row), [])
        return next((col for col, cell in enumerate(record, 1) if len(cell) > limit), None)
    except csv.Error:
        return None
    finally:
        csv.field_size_limit(limit)


def _cell_at(before: str) -> tuple[int, int]:
    """The 1-based row and column of the cell that the text `before` stops in."""
    before = before.removeprefix(BOM)
    records = list(csv.reader(io.StringIO(before, newline=""), delimiter=_delimiter(before)))
    if not records or before.endswith(("\n", "\r")):
        return len(records) + 1, 1
    return len(records), max(1, len(records[-1]))


def _delimiter(text: str) -> str:
    """The comma, or the semicolon or tab if the header line holds more of them."""
    first_line = text.split("\n", 1)[0]
    return max(DELIMITERS, key=first_line.count)  # a tie (none of any): the comma, listed first
