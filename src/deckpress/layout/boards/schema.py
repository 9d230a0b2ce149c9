"""The keys of a board: its component's in game.yaml, and its layout's (`kind: board`). Read by these, documented
from them."""

from __future__ import annotations

from dataclasses import dataclass

from deckpress.findings import Loc
from deckpress.layout.keys import Key
from deckpress.layout.schemas import CARD

COMPONENT = (
    Key("deck", "text", None, "a deck whose cards the board reads (`card.<field>` in its templates), one board a "
                              "card; without one the board is drawn once, with the game's parameters"),
    Key("overlap_mm", "number", 10.0, "how far neighbouring pieces overlap, their art printed on both: the glue "
                                      "strip, with the registration crosses in it", 3, 40),
    Key("fold", "choice", None, "the board folds, in panels meeting at its middle (2: across its longer side; 4: "
                                "both ways), each printed whole where it fits a sheet: on card stock to score and "
                                "fold, or to mount on card and hinge with tape", choices=("2", "4")),
)

_SHARED = ("size_mm", "elements", "rules_mm", "background")
LAYOUT = tuple(k for k in CARD if k.name in _SHARED)  # a board is laid out as one card of its size


@dataclass
class Board:
    """How a `board` component is printed: in pieces glued at an overlap, or in panels that fold."""

    overlap: float  # mm each piece's art runs on under its neighbour, to glue
    fold: int  # 0: pieces glued flat; 2 or 4: panels hinged to fold
    loc: Loc  # the component, where a board that cannot be printed is said
