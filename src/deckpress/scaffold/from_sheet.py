"""`deckpress new GAME --cards cards.csv`: the starting game's deck read from a spreadsheet. The header row becomes
the deck's fields, each typed by what its column holds; the card layouts show every field, the first as the
card's title."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from deckpress.findings import Findings, Loc, echoed
from deckpress.load.decks import AT_LEAST_ONE, COPIES, MAX_COPIES
from deckpress.load.schema import TEMPLATE_MARKS
from deckpress.load.spreadsheets import CSV, is_spreadsheet, read_table
from deckpress.load.spreadsheets.cards import UNNAMED, card_copies, header_names, holds_values
from deckpress.load.spreadsheets.cells import WHOLE, written_cells
from deckpress.load.spreadsheets.table import UNCACHED, Table
from deckpress.scaffold.cell_proof import proofread

FIELD_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")  # a name layouts and labels can write: {{ card.points }}
# the words a template reads as a value or an operator, whatever a card holds: `{{ none }}` is no field
TEMPLATE_WORDS = frozenset({"and", "or", "not", "in", "is", "if", "else", "true", "false", "none", "True", "False",
                            "None", "self", "loop", "caller", "varargs", "kwargs"})
MAX_CHOICES = 12  # a column of at most this many values, each on two cards or more, is a choice (a suit)
PLAYERS = 2  # the new game's one parameter of its own


class SheetRefused(ValueError):
    """Why the spreadsheet cannot be asked for (not one, or not with --sheet), in one line."""


class SheetFindings(Exception):
    """What is wrong inside the spreadsheet, each finding where it stands (a cell, a row): it cannot start a game."""

    def __init__(self, findings: Findings) -> None:
        super().__init__(f"{len(findings)} findings")
        self.findings = findings


@dataclass(frozen=True)
class Column:
    name: str
    spec: dict[str, Any]  # the field's keys in game.yaml
    values: list[Any]  # its choice values, in the order first met (a choice field's parameter)

    @property
    def parameter(self) -> str:
        return f"{self.name}_values"


@dataclass(frozen=True)
class SheetDeck:
    """What a spreadsheet makes of the starting game: its deck's file name, columns and card count."""

    source: Path
    file: str  # the copy's name in the game's folder: cards.csv, cards.xlsx
    sheet: str | None
    columns: list[Column]
    longest: dict[str, int]  # each field's longest value, in characters

    def deck_yaml(self) -> str:
        """game.yaml's `decks:` block, and the choice fields' parameters."""
        lines = ["decks:", "  cards:", "    card: card", f"    file: {self.file}"]
        if self.sheet is not None:
            lines.append(f"    sheet: {_flow(self.sheet)}")
        lines += [f'    label: "{{{{ {self.columns[0].name} }}}}"   # how findings and the text edition name a card',
                  "    fields:   # one a column of the header row, typed by what the column holds"]
        lines += [f"      {c.name}: {_flow(c.spec)}" for c in self.columns]
        lines.append("    back: {layout: card-back}   # layouts/<edition>/card-back.yaml: a back is a card layout")
        return "\n".join(lines) + "\n"

    def parameters_yaml(self) -> str:
        return "".join(f"  {c.parameter}: {_flow(c.values)}   # the values of the choice field {c.name}\n"
                       for c in self.columns if c.values)


def _flow(value: Any) -> str:
    return yaml.safe_dump(value, default_flow_style=True, width=10_000, allow_unicode=True,
                          sort_keys=False).strip().removesuffix(
        "\n...").removesuffix("...").strip()


def read_sheet_deck(source: Path, sheet: str | None, icons: frozenset[str]) -> SheetDeck:
    """The deck the spreadsheet `source` makes, in a game of the icons `icons`; SheetRefused when it is not one to
    read, SheetFindings when what it holds cannot make a deck (every finding)."""
    if not is_spreadsheet(source.name):
        raise SheetRefused(f"--cards takes a spreadsheet (.csv, .xlsx, .ods), got {source}")
    if not source.is_file():
        raise SheetRefused(f"--cards: {source} is not a file")
    if sheet is not None and source.suffix.lower() == CSV:
        raise SheetRefused(f"--sheet names a sheet of a workbook (.xlsx, .ods), and {source} is a CSV file")
    findings = Findings()
    table = read_table(source, str(source), sheet, Loc(str(source)), findings)
    if table is None or findings:
        raise SheetFindings(findings)
    columns, unread = _columns(table, findings)
    # what the game's first check or build would refuse: said now, and nothing written
    proofread(table, {column.name: column.spec["type"] for column in columns}, icons, parameters(columns), findings)
    _unread(table, unread, findings)
    if findings:
        raise SheetFindings(findings)
    return SheetDeck(source, f"cards{source.suffix.lower()}", sheet, columns, longest(table.rows[1:], table.rows[0]))


def parameters(columns: list[Column]) -> dict[str, Any]:
    """The parameters the new game.yaml gives (`sheet_game`): the players, and each choice field's values."""
    return {"players": PLAYERS, **{c.parameter: c.values for c in columns if c.values}}


def _unread(table: Table, unread: list[tuple[int, str]], findings: Findings) -> None:
    """What the game's first build would refuse of the cells no field reads (`unread`: the columns `_columns`
    leaves, by their names), said as it says them: no card under the header, a column of values with no name, a
    card's `copies` that is no whole number 1-1000."""
    if table.rows and not any(cell is not None for row in table.rows[1:] for cell in row):
        findings.error(table.loc(0, 0), f"the sheet holds no card under its header row: {AT_LEAST_ONE}")
    for c, name in unread:
        if not name and holds_values(table, c):
            findings.error(table.loc(0, c), UNNAMED)
        for r, row in enumerate(table.rows[1:], 1) if name == COPIES else ():
            if c < len(row) and row[c] is not None:
                card_copies(row[c], table.loc(r, c), (COPIES, MAX_COPIES), findings)


def _columns(table: Table, findings: Findings) -> tuple[list[Column], list[tuple[int, str]]]:
    """The deck's fields, a named column each; and the columns no field reads, for `_unread`: a spacer column (the
    loader asks for a name where it holds values), and the cards' quantity."""
    if not table.rows:
        findings.error(Loc(table.shown), "the sheet is empty: its first row names the fields")
        return [], []
    columns: list[Column] = []
    unread: list[tuple[int, str]] = []
    for c, name in enumerate(header_names(table)):
        if not name or name == COPIES:
            unread.append((c, name))
            continue
        if not FIELD_NAME.fullmatch(name) or name in (col.name for col in columns):
            findings.error(table.loc(0, c), f"column '{echoed(name)}': a field's name is a letter, then letters, "
                                            "digits or _, and names one column: rename it in the sheet")
            continue
        if name in TEMPLATE_WORDS or not isinstance(yaml.safe_load(name), str):  # `null`, `yes`: not a name there
            findings.error(table.loc(0, c), f"column '{name}': YAML or the templates read this word as a value or an "
                                            "operator, not a field's name: rename it in the sheet")
            continue
        columns.append(_typed(name, [row[c] if c < len(row) else None for row in table.rows[1:]]))
    if not columns and not findings:
        findings.error(table.loc(0, 0), "the header row names no field")
    return columns, unread


def _typed(name: str, cells: list[Any]) -> Column:
    """A column's field: `int` (min to max) if every value is a whole number, `cells` if every value is written as
    cells (`0,0; 0,1`, `[[0, 0], [0, 1]]`), a `list` or `map` if a value is written as one (`[a, b]`, `{a: b}`, not
    a template's `{{ x }}`), a `choice` if a few values repeat, else `text`; optional where a cell is empty (an int
    then 0 by default)."""
    filled = [v for v in cells if v is not None and v is not UNCACHED]
    empty = {"optional": True} if len(filled) < len(cells) else {}
    numbers = [n for n in map(_whole, filled) if n is not None]
    if filled and len(numbers) == len(filled):
        lo = min(numbers + [0]) if empty else min(numbers)
        return Column(name, {"type": "int", "min": lo, "max": max(numbers), **({"default": 0} if empty else {})}, [])
    texts = [str(v).strip() for v in filled]
    if texts and all(_cells_like(t) for t in texts):
        return Column(name, {"type": "cells", **empty}, [])
    for kind, start in (("list", "["), ("map", "{")):
        if any(t.startswith(start) and not t.startswith(TEMPLATE_MARKS) for t in texts):  # `{{ x }}`: a template
            return Column(name, {"type": kind, **empty}, [])
    distinct = list(dict.fromkeys(texts))
    if 1 < len(distinct) <= MAX_CHOICES and len(texts) == len(cells) and len(texts) >= 2 * len(distinct):
        return Column(name, {"type": "choice", "from": f"{name}_values"}, distinct)
    return Column(name, {"type": "text", **empty}, [])


def _cells_like(text: str) -> bool:
    """Written as cells: pairs `0,0; 0,1`, or a list of pairs `[[0, 0], [0, 1]]` (not `[Draw 2]`, a list)."""
    pairs = written_cells(text, Loc("cell"))
    return pairs is not None and (";" in text or text.startswith("[[") or "," in text) and all(
        isinstance(p, list) and len(p) == 2 for p in pairs)


def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    return int(value) if isinstance(value, str) and WHOLE.fullmatch(value) else None


@dataclass(frozen=True)
class Card:
    """An edition's card: its size and sheet, and the sizes of its title and of the other fields' text."""

    size: tuple[int, int]
    grid: tuple[int, int]
    margin: int
    title: tuple[int, int]  # size, min_size in points
    text: tuple[int, int]
    note: str


CARDS = {
    "standard": Card((63, 88), (3, 3), 4, (14, 9), (9, 6), "A poker-size card, 63 x 88 mm, nine to a page"),
    "large-print": Card((89, 127), (2, 2), 5, (24, 18), (18, 18),
                        "A jumbo card, 89 x 127 mm, four to a page: nothing under 18 pt"),
}
PT = 25.4 / 72  # mm


def card_layout(deck: SheetDeck, edition: str) -> str:
    """The edition's card layout: the first field as the card's title, the others below it, each given room by
    the longest value its column holds."""
    card = CARDS[edition]
    w, h = card.size
    width, title_h = w - 2 * card.margin, round(card.title[0] * PT * 2.6)
    lines = [f"# {card.note}, made from the columns of {deck.file} (from {deck.source.name}): each field",
             "# in its own box (see the layout reference in layouts/README.md). Move, resize or restyle any of them.",
             "kind: card", f"size_mm: [{w}, {h}]", f"grid: [{card.grid[0]}, {card.grid[1]}]", "corner_radius_mm: 3",
             "elements:"]
    first, *rest = deck.columns
    lines += _element(first, [card.margin, card.margin, width, title_h], "bold", card.title, "centre")
    top = card.margin * 2 + title_h
    room = h - card.margin - top
    per_line = max(1.0, width / (card.text[0] * PT * 0.5))  # characters a line holds, about
    needs = [max(1.0, -(-deck.longest.get(c.name, 1) // per_line)) for c in rest]
    for column, need in zip(rest, needs, strict=True):
        box_h = max(1, int(room * need / sum(needs)))
        lines += _element(column, [card.margin, top, width, box_h - 1], "regular", card.text, "left")
        top += box_h
    return "\n".join(lines) + "\n"


def _element(column: Column, box: list[int], font: str, size: tuple[int, int], align: str) -> list[str]:
    value = f"card.{column.name}"
    shown = {"list": f"{value} | join(', ')", "cells": f"{value} | map('join', ',') | join('; ')",
             "map": f"{value} | dictsort | map('join', ': ') | join(', ')"}.get(column.spec["type"], value)
    return [f"  - name: {column.name}", f'    text: "{{{{ {shown} }}}}"', f"    box_mm: {box}".replace("'", ""),
            "    valign: middle" if font == "bold" else "    valign: top",
            f"    style: {{font: {font}, size: {size[0]}, min_size: {size[1]}, align: {align}}}"]


def longest(table_cells: list[list[Any]], header: list[Any]) -> dict[str, int]:
    """Each column's longest value, in characters, by its header's name."""
    found: dict[str, int] = {}
    for c, name in enumerate(header):
        key = str(name).strip() if name is not None else ""
        found[key] = max([len(str(row[c])) for row in table_cells if c < len(row) and row[c] is not None] or [1])
    return found
