"""Which of a game's texts are translated, each named by a stable context: the file and the key path to it.

The same walk serves `deckpress translations` (which extracts them into a POT) and the load stage (which puts a
language's translations in their place), so the two never disagree. Translated are the texts a player reads:
game.yaml's title, subject, version and supplies, its parameters' texts (a text, or each of a list: the collections'
names; each value of a mapping that game.yaml's `translated:` names: the marks a stone prints), each deck's `card`
noun (or its forms, deckpress.load.counted), `cards` and `label` (which name each of its cards: `ware 3`) and each
component's title and handling; the card fields of type text (in each deck's card file, its defaults too; in a
spreadsheet, each card's cell, deckpress.load.spreadsheets); the rules (kicker, tagline, notes, headings, a
section's text or each of its lines (a reminder's), list items, colophon); and the sheets (headings, text, write-in
labels, a table's corner, columns, rows and cells). A text with no word outside its template tags (`{{ item }}`) has
nothing to translate and is left out.

A context is `<file>:<path>`: `lots.yaml:cards[3].flavour`, `game.yaml:components[lot-cards].title`,
`sheets.yaml:bid-sheet.blocks[0].heading`, `game.yaml:decks[wares].card`, `rules.yaml:sections[4].text[1]`,
`game.yaml:parameters.stone_marks.A` (a mapping's value, by its key), `lots.csv:cards[3].flavour` (a spreadsheet's
row, counted as its cards are), `lots.xlsx:sheets[Lots].cards[3].flavour` (a workbook's sheet, named by the deck).
Components and decks are named by their id, list items otherwise by position.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from deckpress.findings import Loc
from deckpress.load.counted import forms
from deckpress.load.sources import Node
from deckpress.load.spreadsheets import WORKBOOKS, is_spreadsheet

TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
GAME_FILE = "game.yaml"
RUN = "run deckpress translations {game}"  # the hint a text with no translation yet is given
GAME_KEYS = ("title", "subject", "version")
GENERATOR = "generator"  # the parameter `deckpress generate` takes its plugin's name from
TRANSLATED = "translated"  # game.yaml's mapping parameters whose values players read, each value an entry
COMPONENT_KEYS = ("title", "handling")
RULES_KEYS = ("kicker", "tagline", "note", "colophon")
SHEET_TEXTS = ("heading", "text")
TABLE_LISTS = ("columns", "rows")
ROW_KEYS = ("text", "every_cell")

Found = Iterator[tuple[str, Node]]


def edition_context(edition: str) -> str:
    """The context of an edition's name (its theme's `label`, in the slug line, on covers and in the catalogue)."""
    return f"editions:{edition}.label"


@dataclass
class Files:
    """What game.yaml says of the game's other files: its rules and sheets files, and each card file's text
    fields."""

    rules: str | None = None
    sheets: str | None = None
    cards: dict[str, set[str]] = field(default_factory=dict)  # card file -> its deck's fields of type text
    # each spreadsheet's (file, sheet) a deck reads -> where the deck names it (a sheet it lacks is said there)
    tables: dict[tuple[str, str | None], Loc] = field(default_factory=dict)
    # and the text fields of the deck that reads it: a workbook's sheets are read by decks of their own fields
    sheet_fields: dict[tuple[str, str | None], set[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, root: Node) -> Files:
        files = cls(_text(root, "rules"), _text(root, "sheets"))
        for deck in _map(root, "decks").values():
            file, fields = _text(deck, "file"), _map(deck, "fields")
            texts = {name for name, f in fields.items() if _text(f, "type") == "text"}
            if file and texts:
                files.cards.setdefault(file, set()).update(texts)
                if is_spreadsheet(file):  # a sheet only for a workbook, as the build reads it
                    sheet = _text(deck, "sheet") if file.lower().endswith(WORKBOOKS) else None
                    at = _node(deck, "sheet" if sheet is not None else "file")
                    files.tables.setdefault((file, sheet), at.loc if at is not None else deck.loc)
                    files.sheet_fields.setdefault((file, sheet), set()).update(texts)
        return files

    def fields(self, name: str, sheet: str | None = None) -> set[str]:
        """The text fields of the card file `name` (of a spreadsheet, of its sheet `sheet`'s deck)."""
        return self.sheet_fields.get((name, sheet), set()) if is_spreadsheet(name) else self.cards.get(name, set())


def worded(text: str) -> bool:
    """Whether `text` says anything outside its template tags: a word to translate."""
    return any(c.isalpha() for c in TAGS.sub("", text))


def translatable(name: str, root: Node, files: Files, sheet: str | None = None) -> Found:
    """(context, node) for each text of the game's file `name` that is translated, in the file's order (of a
    workbook, its sheet `sheet`: its cards as `sheet_texts` gives them)."""
    if name == GAME_FILE:
        found: Found = _game(root)
    elif name == files.rules:
        found = _rules(root)
    elif name == files.sheets:
        found = _sheets(root)
    elif name in files.cards:
        found = _cards(root, files.fields(name, sheet), f"sheets[{sheet}]." if sheet is not None else "")
    else:
        return
    for path, node in found:
        if isinstance(node.value, str) and worded(node.value) or forms(node) is not None:
            yield f"{name}:{path}", node


def _game(root: Node) -> Found:
    yield from _keys(root, "", GAME_KEYS)
    yield from _texts(_node(root, "supplies"), "supplies")  # the print plan's "you also need"
    mapped = {n.value for n in _list(root, TRANSLATED) if isinstance(n.value, str)}
    for name, value in _map(root, "parameters").items():  # a text, or a list of them: names players read
        if name == GENERATOR:
            continue  # a plugin's name (deckpress generate), never read by a player
        yield from _texts(value, f"parameters.{name}", plurals=True)
        if name in mapped and value.is_map:  # a mapping whose values players read (`stone_marks: {A: A}`)
            yield from _keys(value, f"parameters.{name}.", [str(k) for k in value.value])
    for name, deck in _map(root, "decks").items():  # names each card: tagged PDFs, contents, braille labels
        card = _node(deck, "card")  # a text, or its forms (deckpress.load.counted)
        if card is not None and not card.is_list:
            yield from _texts(card, f"decks[{name}].card", plurals=True)
        yield from _keys(deck, f"decks[{name}].", ("cards", "label"))
    for i, component in enumerate(_list(root, "components")):
        yield from _keys(component, f"components[{_text(component, 'id') or i}].", COMPONENT_KEYS)


def _cards(root: Node, fields: set[str], sheet: str) -> Found:
    yield from _keys(_node(root, "defaults"), f"{sheet}defaults.", sorted(fields))
    for i, card in enumerate(_list(root, "cards")):
        yield from _keys(card, f"{sheet}cards[{i}].", sorted(fields))


def _rules(root: Node) -> Found:
    for key in RULES_KEYS:
        yield from _texts(_node(root, key), key)
    for i, section in enumerate(_list(root, "sections")):
        yield from _keys(section, f"sections[{i}].", ("heading",))
        yield from _texts(_node(section, "text"), f"sections[{i}].text")  # a text, or a list: a reminder's lines
        yield from _items(section, f"sections[{i}].items")


def _items(node: Node | None, path: str) -> Found:
    for j, item in enumerate(_list(node, "items")):
        yield from _texts(item, f"{path}[{j}]")
        yield from _keys(item, f"{path}[{j}].", ("text",))
        yield from _items(item, f"{path}[{j}].items")


def _sheets(root: Node) -> Found:
    for sheet, body in (root.value.items() if root.is_map else ()):
        for i, block in enumerate(_list(body, "blocks")):
            path = f"{sheet}.blocks[{i}]"
            yield from _keys(block, f"{path}.", SHEET_TEXTS)
            yield from _texts(_node(block, "write-in"), f"{path}.write-in")
            table = _node(block, "table")
            yield from _keys(table, f"{path}.table.", ("corner",))
            for key in TABLE_LISTS:
                for j, entry in enumerate(_list(table, key)):
                    yield from _texts(entry, f"{path}.table.{key}[{j}]")
                    yield from _keys(entry, f"{path}.table.{key}[{j}].", ROW_KEYS)
                    yield from _texts(_node(entry, "cells"), f"{path}.table.{key}[{j}].cells")


def _texts(node: Node | None, path: str, plurals: bool = False) -> Found:
    """A text, or each text of a list of them (`note`, `write-in`, `items`); with `plurals`, a counted word's
    forms too (`{one: Pearl, other: Pearls}`, deckpress.load.counted)."""
    if node is not None and (isinstance(node.value, str) or plurals and forms(node) is not None):
        yield path, node
    elif node is not None and node.is_list:
        yield from ((f"{path}[{j}]", n) for j, n in enumerate(node.value)
                    if isinstance(n.value, str) or plurals and forms(n) is not None)


def _keys(node: Node | None, prefix: str, keys: tuple[str, ...] | list[str]) -> Found:
    for key in keys:
        child = _node(node, key)
        if child is not None and isinstance(child.value, str):
            yield prefix + key, child


def _node(node: Node | None, key: str) -> Node | None:
    return node.value.get(key) if node is not None and node.is_map else None


def _map(node: Node | None, key: str) -> dict[str, Node]:
    child = _node(node, key)
    return child.value if child is not None and child.is_map else {}


def _list(node: Node | None, key: str) -> list[Node]:
    child = _node(node, key)
    return child.value if child is not None and child.is_list else []


def _text(node: Node | None, key: str) -> str | None:
    child = _node(node, key)
    return child.value if child is not None and isinstance(child.value, str) else None
