"""A deck's fields as game.yaml declares them (`fields: {rank: {type: int, min: 1, max: 13}}`), and the cells of
a `cells` field, read from a card file's list or a text (a spreadsheet's cell)."""

from __future__ import annotations

from typing import Any

from deckpress.findings import Findings
from deckpress.load.schema import Fields, describe
from deckpress.load.sources import Node
from deckpress.load.spreadsheets.cells import CELLS_WORDS, written_cells
from deckpress.model import FieldSpec

# code: a text kept as written in every language (`stones: A A J P R`), never offered for translation
FIELD_TYPES = ("text", "code", "int", "choice", "list", "map", "cells")  # cells: [[column, row], ...]
NO_EMPTY = ("int", "choice")  # an optional field of these types needs a default: they have no empty value
# the value an optional field left out has
EMPTY: dict[str, Any] = {"text": "", "code": "", "list": [], "map": {}, "cells": []}


def read_field(name: str, node: Node, findings: Findings) -> FieldSpec | None:
    """A field's declaration, `{type: int, min: 1, max: 6}`: None when it has no type (reported)."""
    f = Fields(node, f"field {name}", findings)
    kind = f.choice("type", FIELD_TYPES)
    lo, hi = f.int("min", default=None), f.int("max", default=None)
    choices_from = f.text("from", None)
    length = f.int("length", 0, 100, default=None)
    optional, default = f.get("optional", required=False), f.get("default", required=False)
    f.done()
    if kind == "choice" and not choices_from:
        findings.error(node.loc, f"field {name} of type choice needs 'from' (a list parameter)")
    if optional is not None and not isinstance(optional.value, bool):
        findings.error(optional.loc, f"optional must be true or false, got {describe(optional.value)}")
    elif kind in NO_EMPTY and default is None and optional is not None and optional.value:
        findings.error(optional.loc, f"field {name}: an optional {kind} field needs a 'default', the value a card "
                                     f"that leaves it out has")
    left_out = default is not None or (optional is not None and optional.value is True)
    return FieldSpec(name, kind, node.loc, lo, hi, choices_from, length, left_out) if kind else None


def read_cells(name: str, node: Node, findings: Findings) -> list[list[int]] | None:
    """Cells of a grid (a polyomino's), each [column, row] in whole numbers from 0: `[[0, 0], [0, 1], [1, 1]]`, or
    as text (a spreadsheet's cell): `0,0; 0,1; 1,1` or `"[[0, 0], [0, 1]]"`."""
    if isinstance(node.value, str):
        written = written_cells(node.value, node.loc)
        pairs = [(pair, node.loc) for pair in written] if written is not None else None
    else:
        pairs = [(item.plain(), item.loc) for item in node.value] if node.is_list else None
    if pairs is None:
        findings.error(node.loc, f"{name} must be {CELLS_WORDS}, got {describe(node.value)}")
        return None
    cells = []
    for pair, loc in pairs:
        if not (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in pair)):
            findings.error(loc, f"{name}: each cell is [column, row], two whole numbers from 0, got {describe(pair)}")
            return None
        cells.append(pair)
    return cells
