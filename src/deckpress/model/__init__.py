"""The typed model of a game's sources (deckpress.model.content) and of the layouts it is drawn with
(deckpress.model.layouts), imported from here.

Every value that a finding may point at keeps its `Loc`.
"""

from __future__ import annotations

from deckpress.model.content import (
    AUDIENCES,
    HOST,
    PRIVATE,
    PUBLIC,
    Back,
    Block,
    Card,
    Check,
    Component,
    Deck,
    FieldSpec,
    Game,
    Row,
    Rules,
    Section,
    Sheet,
    Table,
    Where,
)
from deckpress.model.layouts import (
    BoardLayout,
    BookletLayout,
    CardLayout,
    Edition,
    Element,
    Layout,
    SheetLayout,
    Style,
    Theme,
)
from deckpress.model.written import Item, TableSizes

__all__ = [
    "AUDIENCES", "Back", "Block", "BoardLayout", "BookletLayout", "Card", "CardLayout", "Check", "Component",
    "Deck", "Edition", "Element", "Item", "FieldSpec", "Game", "HOST", "Layout", "PRIVATE", "PUBLIC", "Row", "Rules",
    "Section", "Sheet", "SheetLayout", "Style", "Table", "TableSizes", "Theme", "Where",
]
