"""Parts of the model's classes that designers write inside them: an item of a list in the rules (which may hold
a list of its own), and a sheet table's own sizes. `deckpress.model` holds them as it holds everything else."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

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
    column_widths: list[float] | None = None  # one a column; one alone is every column's; []: set aside
    row_height: float | None = None  # the least height of a row
    square: bool = False  # each cell as tall as its column is wide
    icon: float | None = None  # the size of icons alone in a cell; None: as tall as the text
    header_height: float | None = None  # the header row's least height; None: one and a half rows
    editions: dict[str, TableSizes] = field(default_factory=dict)  # sizes given anew in an edition, by its id

    def in_edition(self, edition: str) -> TableSizes:
        """The sizes an edition prints: what it gives anew, else the table's own (a grid of 9 mm squares in the
        standard edition may be one of 12 mm in large print)."""
        own = self.editions.get(edition)
        if own is None:
            return self
        given = {name: getattr(own, name) for name in RESIZED if getattr(own, name) is not None}
        return replace(self, locs={**self.locs, **own.locs}, editions={}, **given)


RESIZED = ("label_width", "column_widths", "row_height", "icon", "header_height")  # what an edition may give anew
