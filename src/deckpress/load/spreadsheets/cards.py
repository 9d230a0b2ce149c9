"""A deck's cards from a sheet: the header row names each column's field (or `copies`), every other row that
holds anything is a card."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from deckpress.findings import CellLoc, Findings, echoed
from deckpress.hints.spelling import closest, did_you_mean
from deckpress.load.schema import as_int
from deckpress.load.sources import Node
from deckpress.load.spreadsheets.cells import cell_node
from deckpress.load.spreadsheets.table import UNCACHED, Table
from deckpress.model import Card, Deck, FieldSpec

UNCACHED_WORDS = ("a formula saved without its value: open the file in its spreadsheet program and save it again "
                  "(or export it from there), so the value is stored")
Values = Callable[[FieldSpec, Node, Card], Any]  # a field's value from its node, checked by type (as in YAML)


def sheet_cards(table: Table, deck: Deck, copies: str, max_copies: int, value: Values,
                findings: Findings) -> list[Card] | None:
    """The deck's cards, one a row below the header; None when the header does not name the deck's fields."""
    if not table.rows:
        findings.error(table.loc(0, 0), "the sheet is empty: its first row names the fields")
        return None
    columns, meant = _columns(table, deck, copies, findings)
    missing = [name for name, spec in deck.fields.items() if name not in columns and not spec.optional]
    said = [name for name in missing if name not in meant]  # a misspelt header's field: said at that header
    if said:
        shown = ", ".join(f"'{echoed(name)}'" for name in said)
        findings.error(table.loc(0, 0), f"deck {deck.id}: the header row has no column for field {shown} "
                                        f"(the first row names each column's field)")
    if missing:
        return None
    cards: list[Card] = []
    for r, row in enumerate(table.rows[1:], 1):
        if any(cell is not None for cell in row):
            cards.append(_card(table, deck, len(cards) + 1, r, columns, value, (copies, max_copies), findings))
    return cards


def sheet_texts(table: Table, fields: Collection[str]) -> Node:
    """The sheet as a card file's nodes (`cards: [{flavour: ...}]`), the cards as `sheet_cards` finds them and
    each text of `fields` as it reads it, located at its cell: what a translation walks (deckpress.translation.texts)
    and puts its texts in."""
    header = [None if cell is None else str(cell).strip() for cell in table.rows[0]] if table.rows else []
    columns = {name: header.index(name) for name in fields if name in header}  # the first, as `_columns` takes
    cards = [Node({name: node for name, c in columns.items() if c < len(row) and isinstance(row[c], str)
                   and (node := cell_node("text", row[c], table.loc(r, c), Findings())) is not None},
                  table.loc(r, 0))  # (a cell's mistakes the build says, reading the cards)
             for r, row in enumerate(table.rows[1:], 1) if any(cell is not None for cell in row)]
    return Node({"cards": Node(cards, table.loc(0, 0))}, table.loc(0, 0))


UNNAMED = "this column holds values but no name: name its field here"


def header_names(table: Table) -> list[str]:
    """Each column's name as the header row gives it ("" where none), to the widest row: a CSV line may run past
    its header's, a value with no name, not dropped."""
    header = table.rows[0]
    width = max(map(len, table.rows))
    return ["" if cell is None else str(cell).strip() for cell in header + [None] * (width - len(header))]


def holds_values(table: Table, c: int) -> bool:
    """Whether column `c` holds a value under its header (a value under no name is one no field reads)."""
    return any(c < len(row) and row[c] is not None for row in table.rows[1:])


def card_copies(cell: Any, loc: CellLoc, copies: tuple[str, int], findings: Findings) -> int | None:
    """A card's quantity as its `copies` cell gives it (`copies`: the column's name and the most a card may have);
    None where it is no whole number within them (said)."""
    return as_int(cell_node("int", cell, loc, findings) or Node(cell, loc), copies[0], findings, 1, copies[1])


def _columns(table: Table, deck: Deck, copies: str, findings: Findings) -> tuple[dict[str, int], list[str]]:
    """Each field's column (and `copies`'s), by the header, and the fields a misspelt header means; the header's
    mistakes reported at their cells."""
    columns: dict[str, int] = {}
    meant: list[str] = []  # the fields misspelt headers most likely name: not also said to have no column
    for c, name in enumerate(header_names(table)):
        if not name:
            if holds_values(table, c):
                findings.error(table.loc(0, c), UNNAMED)
        elif name in columns:
            findings.error(table.loc(0, c), f"column '{echoed(name)}' is named twice (first in "
                                            f"{table.loc(0, columns[name]).cell})")
        elif name not in deck.fields and name != copies:
            known = [*deck.fields, copies]
            findings.error(table.loc(0, c), f"column '{echoed(name)}' is not a field of deck {deck.id} (columns: "
                                            f"{', '.join(known)}){did_you_mean(name, known)}")
            meant.extend(closest(name, known)[:1])
        else:
            columns[name] = c
    return columns, meant


def _card(table: Table, deck: Deck, index: int, r: int, columns: dict[str, int], value: Values,
          copies: tuple[str, int], findings: Findings) -> Card:
    row = table.rows[r]
    card = Card(index, {}, {}, table.loc(r, 0))
    for name in (n for n in deck.fields if n not in columns):  # optional, with no column: no card gives it
        card.values[name] = value(deck.fields[name], Node(None, card.loc), card)
    for name, c in columns.items():
        cell, loc = row[c] if c < len(row) else None, table.loc(r, c)
        if cell is None and name in deck.fields and deck.fields[name].optional:
            card.values[name], card.locs[name] = value(deck.fields[name], Node(None, loc), card), loc
        elif cell is UNCACHED:
            findings.error(loc, UNCACHED_WORDS)
        elif name == copies[0]:
            if cell is not None:
                card.copies = card_copies(cell, loc, copies, findings) or 1
        elif (node := cell_node(deck.fields[name].type, cell, loc, findings)) is not None:
            if (written := table.written.get((r, c))) is not None:  # a translation's text: said at its entry
                node = Node(node.value, written)
            card.values[name] = value(deck.fields[name], node, card)
            card.locs[name] = node.loc
    return card
