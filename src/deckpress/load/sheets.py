"""The sheets file: each sheet's YAML kept as it is, to be expanded after the checks (`load/expand.py`)."""

from __future__ import annotations

from deckpress.load.reading import Reading
from deckpress.load.schema import as_map
from deckpress.load.sources import Node
from deckpress.model import Sheet


def read_sheets(reading: Reading, named: Node) -> dict[str, Sheet] | None:
    """Sheets (of the file game.yaml names at `named`) are read now and expanded after validation, when plugins may
    have added data (a route); None when the file cannot be read (reported: what it would have defined is not also
    said missing)."""
    root = reading.named(named, "sheets")
    if root is None or as_map(root, "sheets", reading.findings) is None:
        return None
    return {sid: Sheet(sid, node.loc, node) for sid, node in root.value.items()}
