"""Workbooks (.xlsx, .ods) through python-calamine, after the container and the sheet's reach are measured
(`unzip`, `extent`): a cell holding a formula reads as the value its program saved with it."""

from __future__ import annotations

import datetime
import io
from pathlib import Path
from typing import Any

import python_calamine

from deckpress.findings import Findings, Loc, echoed
from deckpress.load.sources import read_source
from deckpress.load.spreadsheets.extent import Extent, TooFar, ods_sheets, xlsx_extent, xlsx_shared, xlsx_sheets
from deckpress.load.spreadsheets.table import UNCACHED, Table, too_big
from deckpress.load.spreadsheets.unzip import Refused, repack, unpack

ODS = ".ods"


def read_workbook(path: Path, shown: str, sheet: str | None, at: Loc, findings: Findings) -> Table | None:
    """The rows of the workbook's sheet `sheet` (its first if None), or None (reported). `at` is where the sheet is
    named, for a name the workbook does not have."""
    data = read_source(path, shown, findings)
    if data is None:
        return None
    try:
        parts = unpack(data)
        found = _sheet(parts, path.suffix.lower(), sheet)
        if isinstance(found, list):
            named = ", ".join(found) or "none"
            findings.error(at, f"{shown} has no sheet '{echoed(sheet)}'; its sheets: {named}")
            return None
        name, extent = found
        rows = _cells(repack(parts), name)
    except TooFar as exc:
        too_big(shown, exc.row, exc.col, findings)
        return None
    except Refused as exc:
        findings.error(Loc(shown), str(exc))
        return None
    except python_calamine.CalamineError as exc:  # the workbook's XML as the reader parses it
        findings.error(Loc(shown), f"the workbook cannot be read ({exc})")
        return None
    for row, col in extent.uncached:
        while len(rows) < row:
            rows.append([])
        rows[row - 1] += [None] * (col - len(rows[row - 1]))
        rows[row - 1][col - 1] = UNCACHED
    return Table(shown, rows)


def _sheet(parts: dict[str, bytes], suffix: str, wanted: str | None) -> tuple[str, Extent] | list[str]:
    """The sheet's name and reach; or, when the workbook has no sheet `wanted`, the names it has."""
    if suffix == ODS:
        if "content.xml" not in parts:
            raise Refused("not an OpenDocument spreadsheet: it has no content.xml")
        names, extent = ods_sheets(parts["content.xml"], wanted)
        name = wanted if wanted is not None else (names[0] if names else None)
        return (name, extent) if name in names and name is not None else names
    sheets = xlsx_sheets(parts)
    name = wanted if wanted is not None else next(iter(sheets), None)
    if name is None or name not in sheets:
        return list(sheets)
    part = sheets[name]
    if part not in parts:
        raise Refused(f"the workbook's sheet {name!r} has no cells part ({part})")
    return name, xlsx_extent(parts[part], xlsx_shared(parts))


def _cells(data: bytes, sheet: str) -> list[list[Any]]:
    """Every row of the sheet from its first, as values: an empty cell None, a whole number an int."""
    workbook = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
    try:
        rows = workbook.get_sheet_by_name(sheet).to_python(skip_empty_area=False)
    finally:
        workbook.close()
    return [[_value(v) for v in row] for row in rows]


# The largest whole number a sheet's number (a double) holds digit for digit: past it, a cell typed 1E+30 would be
# read as the 31 digits 1000000000000000019884624838656, said and printed so; it stays the number it shows.
EXACT = 2**53


def _value(value: Any) -> Any:
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, float) and value.is_integer() and abs(value) <= EXACT:
        return int(value)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return str(value)
    return value
