"""How far a workbook's sheet reaches, and which of its formulas were saved without a value: read from the
sheet's XML as a stream before the workbook reader, which holds the sheet's whole rectangle, is let near it. A
sheet that reaches past the bounds (a cell at XFD1048576, a row repeated a million times) stops here."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from xml.parsers import expat

from deckpress.load.spreadsheets.table import MAX_CELLS, within
from deckpress.load.spreadsheets.unzip import Refused
from deckpress.numerals import whole

MAX_TEXT = 64_000_000  # characters a sheet's cells hold together: a shared text is counted at every cell using it
SHORT = MAX_TEXT // MAX_CELLS  # shared texts no longer than this cannot pass MAX_TEXT however often they are used
FORMULA_TAG = re.compile(rb"<(?:[\w.-]+:)?f[\s/>]")
CELL_REF = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")


@dataclass
class Extent:
    """A sheet's reach (1-based: the last row and column holding anything) and its uncached formula cells."""

    rows: int = 0
    cols: int = 0
    cells: int = 0
    uncached: list[tuple[int, int]] = field(default_factory=list)  # (row, col), 1-based

    def add(self, row: int, col: int, count: int = 1) -> None:
        """Cells up to (`row`, `col`); past the bounds, TooFar naming the cell."""
        self.rows, self.cols, self.cells = max(self.rows, row), max(self.cols, col), self.cells + count
        if not within(self.rows, self.cols) or self.cells > MAX_CELLS:
            raise TooFar(row, col)


class TooFar(Exception):
    def __init__(self, row: int, col: int) -> None:
        super().__init__(row, col)
        self.row, self.col = row, col


# --- xlsx ------------------------------------------------------------------------------------------------------


def xlsx_sheets(parts: dict[str, bytes]) -> dict[str, str]:
    """The workbook's sheets, in order: name -> the part holding its cells (by the workbook's relations)."""
    if "xl/workbook.xml" not in parts:
        raise Refused("not a workbook: it has no xl/workbook.xml")
    targets: dict[str, str] = {}
    sheets: dict[str, str] = {}

    def relation(name: str, attrs: dict[str, str]) -> None:
        if name.rpartition("}")[2] == "Relationship":
            target = attrs.get("Target", "")
            targets[attrs.get("Id", "")] = target.lstrip("/") if target.startswith("/") else f"xl/{target}"

    def sheet(name: str, attrs: dict[str, str]) -> None:
        if name.rpartition("}")[2] == "sheet":
            ids = [v for k, v in attrs.items() if k.rpartition("}")[2] == "id" and "}" in k]
            sheets[attrs.get("name", "")] = targets.get(ids[0] if ids else "", "")

    _parse(parts.get("xl/_rels/workbook.xml.rels", b"<r/>"), relation)
    _parse(parts["xl/workbook.xml"], sheet)
    return sheets


def xlsx_shared(parts: dict[str, bytes]) -> list[int]:
    """The length of each of the workbook's shared texts, in order (what a cell of type `s` names by number): of
    xl/sharedStrings.xml, where the reader looks, and of the part the workbook's relations name, the longer of
    the two at each number."""
    named: list[str] = []

    def relation(name: str, attrs: dict[str, str]) -> None:
        if name.rpartition("}")[2] == "Relationship" and attrs.get("Type", "").endswith("/sharedStrings"):
            target = attrs.get("Target", "")
            named.append(target.lstrip("/") if target.startswith("/") else f"xl/{target}")

    _parse(parts.get("xl/_rels/workbook.xml.rels", b"<r/>"), relation)
    found = [_shared_lengths(parts[p]) for p in {"xl/sharedStrings.xml", *named} if p in parts]
    return [max(ls[i] if i < len(ls) else 0 for ls in found) for i in range(max(map(len, found), default=0))]


def _shared_lengths(data: bytes) -> list[int]:
    """Each shared text's length as the reader gives it: its text runs, not their phonetic readings (`rPh`)."""
    lengths: list[int] = []
    state = {"t": False, "rPh": 0}  # inside a text run; how deep inside phonetic readings

    def start(name: str, attrs: dict[str, str]) -> None:
        local = name.rpartition("}")[2]
        if local == "si":
            lengths.append(0)
        state["rPh"] += local == "rPh"
        state["t"] = local == "t" and bool(lengths) and not state["rPh"]

    def end(name: str) -> None:
        state["rPh"] -= name.rpartition("}")[2] == "rPh"
        state["t"] = False

    def text(data: str) -> None:
        if state["t"]:
            lengths[-1] += len(data)

    _parse(data, start, end, text)
    return lengths


def xlsx_extent(data: bytes, shared: list[int] | None = None) -> Extent:
    """The reach of an xlsx sheet's part: every cell counts, even one holding only a style (the reader's grid
    holds it too); with the lengths of the shared texts, the characters its cells hold together (a text of 30
    million characters used by a thousand cells: 30 GB read)."""
    scan = _XlsxScan([] if not shared or max(shared) <= SHORT else shared)
    if FORMULA_TAG.search(data) or scan.shared:
        _parse(data, scan.start, scan.end, scan.text)
    else:  # no formula: where the cells are is all there is to know, and half the work
        _parse(data, scan.start)
    return scan.extent


class _XlsxScan:
    """The handlers of a sheet part's parse: where each cell is, and whether a formula's value was saved. Elements
    are known by their local names, whatever their namespace, as the workbook reader knows them (a sheet in a
    namespace of its own was read whole past this scan: 550 GB asked for)."""

    CELL, ROW, FORMULA, VALUE = "c", "row", "f", "v"

    def __init__(self, shared: list[int]) -> None:
        self.extent, self.row, self.col = Extent(), 0, 0
        self.kind: str | None = None  # the cell's `t`: "str" is a formula's text result, "s" a shared text's number
        self.formula, self.in_value = False, False
        self.value: bool | None = None  # None: no `v`; False: an empty one; True: a value
        self.shared, self.number, self.characters = shared, "", 0  # the shared texts' lengths, counted when long

    def start(self, name: str, attrs: dict[str, str]) -> None:
        name = name.rpartition("}")[2]
        if name == self.CELL:
            self.row, self.col = _position(attrs.get("r"), self.row, self.col + 1)
            self.extent.add(self.row, self.col)
            self.kind, self.formula, self.value = attrs.get("t"), False, None
        elif name == self.ROW:
            self.row, self.col = _number(attrs.get("r"), self.row + 1), 0
        elif name == self.FORMULA:
            self.formula = True
        elif name == self.VALUE:
            self.value, self.in_value = self.value or False, True

    def end(self, name: str) -> None:
        name = name.rpartition("}")[2]
        if name == self.VALUE:
            self.in_value = False
            if self.kind == "s" and self.shared:
                self._count_shared()
        elif name == self.CELL and self.formula and not self.value and (self.value is None or self.kind != "str"):
            self.extent.uncached.append((self.row, self.col))

    def text(self, data: str) -> None:
        if self.in_value and data.strip():
            self.value = True
            if self.kind == "s":
                self.number += data

    def _count_shared(self) -> None:
        number, self.number = whole(self.number), ""
        if number is not None and number < len(self.shared):
            self.characters += self.shared[number]
            if self.characters > MAX_TEXT:
                raise Refused(f"the sheet's cells hold more than {MAX_TEXT:,} characters together (a shared "
                              f"text counts at every cell that shows it)")


def _parse(data: bytes, start: Callable[[str, dict[str, str]], None], end: Callable[[str], None] | None = None,
           text: Callable[[str], None] | None = None) -> None:
    """Stream the XML `data` through the handlers (expat's own: no tree is built), names as `namespace}local`."""
    parser = expat.ParserCreate(namespace_separator="}")
    parser.buffer_text = True
    parser.StartElementHandler = start
    if end is not None:
        parser.EndElementHandler = end
    if text is not None:
        parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise Refused(f"the workbook's XML is not well-formed ({exc})") from None


def _number(text: str | None, default: int) -> int:
    if text is None:
        return default
    number = whole(text) if len(text) < 8 else None
    if number is None:
        raise Refused(f"the workbook names a row {text[:20]!r}")
    return number


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


# --- ods -------------------------------------------------------------------------------------------------------


def ods_sheets(data: bytes, wanted: str | None) -> tuple[list[str], Extent]:
    """The names of an OpenDocument's sheets, and the reach of sheet `wanted` (the first if None). Repeated rows
    and cells count as often as they are repeated, where they hold anything."""
    scan = _OdsScan(wanted)
    _parse(data, scan.start, scan.end)
    return scan.names, scan.extent


class _OdsScan:
    """The handlers of content.xml's parse: the sheets' names, and the wanted sheet's reach. Elements and their
    attributes are known by their local names, as in an xlsx sheet."""

    TABLE, ROW, CELLS = "table", "table-row", {"table-cell", "covered-table-cell"}
    FORMULA, VALUE_TYPE = "formula", "value-type"

    def __init__(self, wanted: str | None) -> None:
        self.wanted, self.names, self.extent, self.reading = wanted, list[str](), Extent(), False
        self.row, self.col, self.rows = 0, 0, 1  # rows: how often the current row repeats
        self.depth = 0  # inside a cell: 1, and one more a level below it (its paragraphs)
        self.cell: tuple[int, bool, bool] = (1, False, False)  # repeats, filled, a formula without a saved value

    def start(self, name: str, attrs: dict[str, str]) -> None:
        name, attrs = name.rpartition("}")[2], {k.rpartition("}")[2]: v for k, v in attrs.items()}
        if self.depth:
            self.depth += 1
            self.cell = (self.cell[0], True, self.cell[2])  # a paragraph: the cell holds text
        elif name == self.TABLE:
            self.names.append(attrs.get("name", ""))
            self.reading = self.names[-1] == self.wanted or (self.wanted is None and len(self.names) == 1)
            self.row = 0
        elif self.reading and name == self.ROW:
            self.rows, self.col = _repeat(attrs, "rows"), 0
        elif self.reading and name in self.CELLS:
            formula = self.FORMULA in attrs
            self.depth, self.cell = 1, (_repeat(attrs, "columns"), formula or self.VALUE_TYPE in attrs,
                                        formula and self.VALUE_TYPE not in attrs)

    def end(self, name: str) -> None:
        name = name.rpartition("}")[2]
        if self.depth > 1:
            self.depth -= 1
        elif self.depth == 1:
            self.depth = 0
            times, filled, uncached = self.cell
            if filled:
                self.extent.add(self.row + self.rows, self.col + times, times * self.rows)
            if uncached:
                self.extent.uncached += [(self.row + r + 1, self.col + c + 1) for r in range(self.rows)
                                         for c in range(times)]
            self.col += times
        elif self.reading and name == self.ROW:
            self.row += self.rows
        elif name == self.TABLE:
            self.reading = False


def _repeat(attrs: dict[str, str], what: str) -> int:
    """How often a row or cell repeats: as written, however large (a count of nine digits was taken for 1 here
    and read in full by the reader: 2 GB); 1 where none is written, or none the reader would take."""
    text = attrs.get(f"number-{what}-repeated", "").strip()
    if not (text.isascii() and text.isdigit()):
        return 1
    return int(text) if len(text) <= 18 else 10**18


