"""A deck's fields as game.yaml declares them (`fields: {rank: {type: int, min: 1, max: 13}}`), and the values
of a `list`, `map` or `cells` field, read from a card file or a spreadsheet's cell (`cells` also from a text)."""

from __future__ import annotations

from typing import Any

from deckpress.findings import Findings, echoed
from deckpress.load.schema import Fields, as_list, as_map, as_text, describe
from deckpress.load.sources import Node
from deckpress.load.spreadsheets.cells import CELLS_WORDS, written_cells
from deckpress.model import Card, FieldSpec

# code: a text kept as written in every language (`stones: A A J P R`), never offered for translation
FIELD_TYPES = ("text", "code", "int", "choice", "list", "map", "cells")  # cells: [[column, row], ...]
NO_EMPTY = ("int", "choice")  # an optional field of these types needs a default: they have no empty value
# the value an optional field left out has
EMPTY: dict[str, Any] = {"text": "", "code": "", "list": [], "map": {}, "cells": []}
# The type of a field whose declaration is wrong (said there): still a field, so the cards giving it and the
# templates reading it say nothing more, one mistake one finding; its values are not read (nor asked for: it is
# optional), and its cards wait.
UNREAD = ""


def read_field(name: str, node: Node, findings: Findings) -> FieldSpec:
    """A field's declaration, `{type: int, min: 1, max: 6}`; of type UNREAD when it has no type (reported)."""
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
    return FieldSpec(name, kind or UNREAD, node.loc, lo, hi, choices_from, length, left_out or not kind)


def beside_fields(f: Fields, findings: Findings) -> dict[str, FieldSpec]:
    """The fields a deck declares beside its `fields:` rather than under it (a key the deck does not take, holding a
    `type`): said once, at the key, as misplaced and not unknown, and known as UNREAD fields."""
    keys = f.node.value.items() if f.ok else []
    misplaced = {k: n for k, n in keys if k not in f.asked and n.is_map and "type" in n.value}
    for name in misplaced:
        f.reported.add(name)
        findings.error(f.node.key_locs[name], f"{f.what}: field '{echoed(name)}' is written beside 'fields:', not "
                                              f"under it; indent it under fields")
    return {name: FieldSpec(name, UNREAD, n.loc, optional=True) for name, n in misplaced.items()}


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


def read_collection(spec: FieldSpec, node: Node, card: Card, findings: Findings) -> Any:
    """A list of texts, or a mapping of text to text; each entry keeps its own location (in `card.locs`)."""
    if spec.type == "list":
        items = as_list(node, spec.name, findings)
        entries = [(f"{spec.name}[{i}]", n, n) for i, n in enumerate(items or [], 1)]
    else:
        mapping = as_map(node, spec.name, findings)
        entries = [(f"{spec.name}.{k}", Node(k, node.key_locs[k]), v) for k, v in (mapping or {}).items()]
    if (items if spec.type == "list" else mapping) is None:
        return None
    if spec.length is not None and len(entries) != spec.length:
        findings.error(node.loc, f"{spec.name} must have {spec.length} entries, got {len(entries)}")
        return None
    texts = [as_text(value, spec.name, findings) for _, _, value in entries]
    if None in texts:
        return None
    for key, at, _ in entries:
        card.locs[key] = at.loc
    if spec.type == "list":
        return texts
    return {k.value: t for (_, k, _), t in zip(entries, texts, strict=True)}
