"""CSV the press writes, safe to open in a spreadsheet program: a cell that begins with `=`, `+`, `-`, `@`, a tab or
a carriage return would be read there as a formula (which can run commands or send the sheet's data away), so it
is written with a leading `'`, which the program shows as text (OWASP's rule for CSV injection)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(text: str) -> str:
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[str]]) -> bytes:
    """UTF-8 CSV, one line a row, every cell quoted as needed and made safe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in (header, *rows):
        writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue().encode("utf-8")
