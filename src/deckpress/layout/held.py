"""What the papers of one edition share in one build or check: a card's face does not depend on the paper, so
what its laying out works out from the card and its layout alone is worked out on the first paper and held for
the next. Its type stands in formes (`deckpress.layout.standing`: the rack, shared by every component of the
edition on every paper), and each face's words as spoken (`deckpress.layout.spoken`) are held by card and layout.

Only what says nothing is held: the words are read without a finding to say, and a forme is kept only where its
text was set without one; whatever the drawing says (a text too long, a missing glyph, an icon not found) is said
again on every paper, in its place. Both are bounded: a deck of 24,000 cards holds no more than `HELD_LIMIT`
faces' words (its first), and on one paper alone (the bench's) only the last face's, for its card's next copy."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from deckpress.layout.standing import Rack
from deckpress.model import Card, CardLayout

T = TypeVar("T")

HELD_LIMIT = 4_096  # faces' words held for the next paper: a larger deck's first this many, no more


@dataclass(frozen=True, slots=True)
class Said:
    """A face's words, element by element in layout order, and the elements its other words say already."""

    card: Card  # the card and layout they were read from: held, so neither is mistaken for another made later
    layout: CardLayout
    words: tuple[str, ...]
    echoed: frozenset[int]


@dataclass
class Held:
    """An edition's faces' shared work, for one game in one build or check (never longer: nothing leaks into
    the next build in the same process)."""

    papers: int = 1  # how many papers share it: on one, only the last face's words are held (copies are adjacent)
    rack: Rack = field(default_factory=Rack)
    said: dict[tuple[int, int], Said] = field(default_factory=dict)
    # what a card layout's faces share (its `face.Plan`, its readings' `spoken.Voice`), by what made it and the
    # layout it is held with
    by_layout: dict[tuple[Callable[..., Any], int], tuple[CardLayout, object]] = field(default_factory=dict)

    def of_layout(self, layout: CardLayout, make: Callable[[CardLayout], T]) -> T:
        """What `make` works out from a card layout, once for the edition's papers (held with its layout: the same
        layout, not one like it)."""
        key = (make, id(layout))
        held = self.by_layout.get(key)
        if held is None or held[0] is not layout:
            held = self.by_layout[key] = (layout, make(layout))
        return cast(T, held[1])

    def words(self, card: Card, layout: CardLayout) -> Said | None:
        """The words held for this card read through this layout, if they are (the same objects, not like ones)."""
        said = self.said.get((id(card), id(layout)))
        return said if said is not None and said.card is card and said.layout is layout else None

    def hold(self, said: Said) -> None:
        """On one paper the last face's words replace the one before; on several the first `HELD_LIMIT` faces' are
        held and no more (a store cleared when full would be empty again by the time the next paper reached
        them, as faces come in the same order on every paper)."""
        if self.papers == 1:
            self.said.clear()
        elif len(self.said) >= HELD_LIMIT:
            return
        self.said[(id(said.card), id(said.layout))] = said
