"""A cell's value as the YAML a card file would hold for the field: text for a text field, a whole number for an
int field (`7`, `7.0` or the text "7"), and for a list or map field the cell's own syntax:

- a list: items separated by `;` (`Draw 2; Discard 1`), or a YAML flow list (`[Draw 2, "Pay; then draw"]`);
- a map: `name: value` pairs separated by `;` (`coins: 2; gems: 1`), or a YAML flow map (`{coins: 2}`);
- cells: `column,row` pairs separated by `;` (`0,0; 0,1; 1,1`), or the YAML list `[[0, 0], [0, 1], [1, 1]]`
  (read by `written_cells`, as a text value in a card file is).

An empty cell is no value (an empty list or map for those fields); spaces round a text are dropped. The nodes
are located at the cell, so every check says where."""

from __future__ import annotations

import re
from typing import Any

from deckpress.findings import CONTROL, CellLoc, Findings, Loc, control_character, echoed
from deckpress.load.sources import Node, parse_yaml

WHOLE = re.compile(r"\s*[+-]?[0-9]{1,18}\s*")
SEPARATOR = ";"
FLOW = {"list": "[", "map": "{"}


CELLS_WORDS = ("cells written as column,row pairs separated by ';' (0,0; 0,1; 1,1) or as a list of pairs "
               "([[0, 0], [0, 1], [1, 1]])")


def written_cells(text: str, loc: Loc) -> list[Any] | None:
    """Cells written as text, `0,0; 0,1; 1,1` or `[[0, 0], [0, 1], [1, 1]]`, as a list of pairs (each still to be
    checked); None when the text is in neither form."""
    text = text.strip()
    if text.startswith("["):
        found = Findings()
        node = parse_yaml(text, loc.file, found)
        return node.plain() if node is not None and node.is_list and not found else None
    pairs = []
    for part in (p for p in text.split(SEPARATOR) if p.strip()):
        numbers = part.split(",")
        if len(numbers) != 2 or not all(WHOLE.fullmatch(n) for n in numbers):
            return None
        pairs.append([int(n) for n in numbers])
    return pairs or None


def cell_node(kind: str, value: Any, loc: CellLoc, findings: Findings) -> Node | None:
    """The node a field of type `kind` reads from a cell; None when the cell's syntax is wrong (reported). A control
    character is said at its cell, as in a YAML file, and taken out."""
    if isinstance(value, str) and (control := control_character(value)) is not None:
        findings.error(loc, f"text holds a control character ({control}), which would print as nothing or change "
                            "what a reader shows; remove it")
        value = CONTROL.sub("", value)
    if kind in FLOW:
        return _collection(kind, value, loc, findings)
    if kind == "cells" and value is None:
        return Node([], loc)  # an empty cell is no cells, as it is an empty list
    if kind == "int":
        if isinstance(value, str) and WHOLE.fullmatch(value):
            return Node(int(value), loc)
        return Node(value, loc)
    return Node(None if value is None else _text(value).strip(), loc)  # a stray space a spreadsheet hides


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"  # as the spreadsheet shows it
    return value if isinstance(value, str) else str(value)


def _collection(kind: str, value: Any, loc: CellLoc, findings: Findings) -> Node | None:
    if value is None:
        return Node([] if kind == "list" else {}, loc)
    text = _text(value).strip()
    if text.startswith(FLOW[kind]):
        return _flow(text, loc, findings)
    items = [item.strip() for item in text.split(SEPARATOR)]
    if items[-1] == "":
        items.pop()  # a separator closing the list: `a; b;`
    if kind == "list":
        return Node([Node(item, loc) for item in items], loc)
    pairs: dict[str, Node] = {}
    for item in items:
        key, colon, entry = (part.strip() for part in item.partition(":"))
        if not colon or not key:
            findings.error(loc, f"'{echoed(item)}' is not 'name: value' (a map's entries are separated by "
                                f"'{SEPARATOR}')")
            return None
        if key in pairs:
            findings.error(loc, f"the map names '{echoed(key)}' twice")
            return None
        pairs[key] = Node(entry, loc)
    return Node(pairs, loc, dict.fromkeys(pairs, loc))


def _flow(text: str, loc: CellLoc, findings: Findings) -> Node | None:
    """A YAML flow list or map, read as YAML files are (no aliases, no tags), every part located at the cell."""
    found = Findings()
    node = parse_yaml(text, loc.file, found)
    for finding in found:
        findings.error(loc, finding.message)
    return _at(node, loc) if node is not None and not found else None


def _at(node: Node, loc: Loc) -> Node:
    if node.is_map:
        return Node({k: _at(v, loc) for k, v in node.value.items()}, loc, dict.fromkeys(node.value, loc))
    if node.is_list:
        return Node([_at(v, loc) for v in node.value], loc)
    return Node(node.value, loc)
