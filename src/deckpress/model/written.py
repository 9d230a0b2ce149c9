"""Parts of the model's classes that designers write inside them: an item of a list in the rules (which may hold
a list of its own), and a sheet table's own sizes. `deckpress.model` holds them as it holds everything else."""

from __future__ import annotations

from dataclasses import dataclass, field

from deckpress.findings import Loc


@dataclass
class Item:
    """An entry of a list in the rules: its text, and the list it holds (a step's own steps)."""

    text: str
    items: list[Item] = field(default_factory=list)
    numbered: bool = False  # its own list is numbered (1. 2. 3.; a., b. inside a numbered list)


@dataclass
class TableSizes:
    """A table's own sizes as its sheet writes them, mm; None: the sheet layout's (deckpress.layout.tables)."""

    locs: dict[str, Loc] = field(default_factory=dict)  # each size's key, for findings in an edition's terms
    label_width: float | None = None
    column_widths: list[float] | None = None  # one a column; one alone is every column's
    row_height: float | None = None  # the least height of a row
    square: bool = False  # each cell as tall as its column is wide
    icon: float | None = None  # the size of icons alone in a cell; None: as tall as the text
