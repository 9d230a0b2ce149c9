"""How far a workbook's sheet reaches, and which of its formulas were saved without a value: read from the
sheet's XML as a stream before the workbook reader, which holds the sheet's whole rectangle, is let near it. A
sheet that reaches past the bounds (a cell at XFD1048576, a row repeated a million times) stops here."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field

from deckpress.load.spreadsheets.table import MAX_CELLS, within
from deckpress.load.spreadsheets.unzip import Refused

XLSX_MAIN = ("http://schemas.openxmlformats.org/spreadsheetml/2006/main", "http://purl.oclc.org/ooxml/spreadsheetml/main")
RELATIONS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
ODS_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
ODS_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
CELL_REF = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")


@dataclass
class Extent:
    """A sheet's reach (1-based: the last row and column holding anything) and its uncached formula cells."""

    rows: int = 0
    cols: int = 0
    cells: int = 0
    uncached: list[tuple[int, int]] = field(default_factory=list)  # (row, col), 1-based

    def add(self, row: int, col: int, count: int = 1) -> None:
        """Cells up to (`row`, `col`); past the bounds, Refused naming the cell."""
        self.rows, self.cols, self.cells = max(self.rows, row), max(self.cols, col), self.cells + count
        if not within(self.rows, self.cols) or self.cells > MAX_CELLS:
            raise TooFar(row, col)


class TooFar(Exception):
    def __init__(self, row: int, col: int) -> None:
        super().__init__(row, col)
        self.row, self.col = row, col


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _events(data: bytes) -> Iterator[tuple[str, ET.Element]]:
    try:
        yield from ET.iterparse(io.BytesIO(data), events=("start", "end"))
    except ET.ParseError as exc:
        raise Refused(f"the workbook's XML is not well-formed ({exc})") from None


# --- xlsx ------------------------------------------------------------------------------------------------------


def xlsx_sheets(parts: dict[str, bytes]) -> dict[str, str]:
    """The workbook's sheets, in order: name -> the part holding its cells."""
    targets = {}
    for _, element in _events(parts.get("xl/_rels/workbook.xml.rels", b"<r/>")):
        if _local(element.tag) == "Relationship":
            target = element.get("Target", "")
            targets[element.get("Id", "")] = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
    if "xl/workbook.xml" not in parts:
        raise Refused("not a workbook: it has no xl/workbook.xml")
    sheets = {}
    for event, element in _events(parts["xl/workbook.xml"]):
        if event == "end" and _local(element.tag) == "sheet":
            sheets[element.get("name", "")] = targets.get(element.get(f"{{{RELATIONS}}}id", ""), "")
    return sheets


def xlsx_extent(data: bytes) -> Extent:
    """The reach of an xlsx sheet's part: every cell counts, even one holding only a style (the reader's grid
    holds it too)."""
    extent, row, col = Extent(), 0, 0
    for event, element in _events(data):
        name = _local(element.tag)
        if event == "start" and name == "row":
            row, col = _number(element.get("r"), row + 1), 0
        elif event == "end" and name == "c":
            row, col = _position(element.get("r"), row, col + 1)
            extent.add(row, col)
            if _uncached(element):
                extent.uncached.append((row, col))
            element.clear()
        elif event == "end" and name == "row":
            element.clear()
    return extent


def _number(text: str | None, default: int) -> int:
    if text is None:
        return default
    if not (text.isdigit() and len(text) < 8):
        raise Refused(f"the workbook names a row {text[:20]!r}")
    return int(text)


def _position(ref: str | None, row: int, col: int) -> tuple[int, int]:
    """A cell's row and column: its reference (`C7`) where it has one, else the next after the last."""
    if ref is None:
        return max(row, 1), col
    match = CELL_REF.fullmatch(ref)
    if match is None:
        raise Refused(f"the workbook names a cell {ref[:20]!r}")
    letters, digits = match.groups()
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return int(digits), number


def _uncached(cell: ET.Element) -> bool:
    """A formula whose value was not saved: an `f` without a `v` (an empty `v`, unless its result is text)."""
    children = {_local(c.tag): c for c in cell}
    if "f" not in children:
        return False
    value = children.get("v")
    return value is None or (not value.text and cell.get("t") != "str")


# --- ods -------------------------------------------------------------------------------------------------------


def ods_sheets(data: bytes, wanted: str | None) -> tuple[list[str], Extent]:
    """The names of an OpenDocument's sheets, and the reach of sheet `wanted` (the first if None). Repeated rows
    and cells count as often as they are repeated, where they hold anything."""
    names: list[str] = []
    extent, row, col, reading = Extent(), 0, 0, False
    repeat_rows, row_cells = 1, 0
    for event, element in _events(data):
        name = _local(element.tag)
        if name == "table" and element.tag == f"{{{ODS_TABLE}}}table" and event == "start":
            names.append(element.get(f"{{{ODS_TABLE}}}name", ""))
            reading, row = names[-1] == wanted or (wanted is None and len(names) == 1), 0
        elif not reading:
            if event == "end" and name in ("table-row", "table-cell", "covered-table-cell"):
                element.clear()
        elif name == "table-row" and event == "start":
            repeat_rows, col, row_cells = _repeat(element, "rows"), 0, 0
        elif name in ("table-cell", "covered-table-cell") and event == "end":
            times = _repeat(element, "columns")
            if _filled(element):
                extent.add(row + repeat_rows, col + times, times * repeat_rows)
                row_cells += times
                if element.get(f"{{{ODS_TABLE}}}formula") is not None and _valueless(element):
                    extent.uncached.extend((row + r + 1, col + c + 1) for r in range(repeat_rows) for c in range(times))
            col += times
            element.clear()
        elif name == "table-row" and event == "end":
            row += repeat_rows
            element.clear()
    return names, extent


def _repeat(element: ET.Element, what: str) -> int:
    text = element.get(f"{{{ODS_TABLE}}}number-{what}-repeated")
    return int(text) if text is not None and text.isdigit() and 0 < len(text) < 9 else 1


def _filled(cell: ET.Element) -> bool:
    return bool(len(cell)) or any(_local(key) in ("value-type", "formula") for key in cell.attrib)


def _valueless(cell: ET.Element) -> bool:
    return cell.get(f"{{{ODS_OFFICE}}}value-type") is None
