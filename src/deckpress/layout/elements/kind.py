"""What an element of a card layout can be: a registry of kinds, each declaring its keys and drawing itself.

A kind is one module (here, or in a game's plugin package) that subclasses `Kind` and registers it. The keys every
element shares are declared once, here; a kind's own keys pick it (exactly one of the registered `leads`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from deckpress.colour import Colour
from deckpress.findings import Loc
from deckpress.layout.context import Job
from deckpress.layout.keys import REQUIRED, Key
from deckpress.layout.page import Drawing
from deckpress.model import Card, Element
from deckpress.templating import CardText

Box = tuple[float, float, float, float]  # x, y, w, h in mm on the page

SHARED = (
    Key("name", "text", REQUIRED, "names the element in findings"),
    Key("box_mm", "numbers", REQUIRED, "x, y, width, height from the card's top-left corner", count=4),
    Key("index", "flag", False, "a card index (points, a desk letter): its capitals at least the theme's "
                                "`index_min_mm` tall at the style's `min_size`"),
    Key("style", "style", None, "how its text is set (see Styles): required by every kind that sets text"),
    Key("valign", "choice", "top", "where text shorter than its box sits in it", choices=("top", "middle", "bottom")),
)


@dataclass(frozen=True)
class Face:
    """One card's face being drawn: the drawing, the job, the card and its rendered templates."""

    d: Drawing
    job: Job
    card: Card
    texts: CardText

    def what(self, element: Element) -> str:
        return f"card {self.card.index} ({self.card.label}), {element.name}"

    def loc(self, element: Element, field: str | None) -> Loc:
        """Where a finding about the card's `field` points: the card's value, else the element."""
        return self.card.locs.get(field or "", element.loc)

    def ink(self, element: Element) -> Colour | None:
        """The element's ink for this card (its `colour`: text, and an icon's currentColor); None for black."""
        return element.colour

    def render(self, element: Element, source: str) -> str | None:
        """The element's template for this card; a problem names the element and the card (printed once for
        every card it is met on)."""
        card = self.card.label or str(self.card.index)
        return self.texts.render(source, element.loc, self.job.findings, f"element {element.name}", card)


class Kind:
    """An element kind. `keys` are its own; an element is of this kind when it names one of `leads`."""

    name: ClassVar[str]
    doc: ClassVar[str]  # one line for the layout reference
    keys: ClassVar[tuple[Key, ...]]
    leads: ClassVar[tuple[str, ...]]
    styled: ClassVar[bool] = True  # sets text: needs a style, and its box is held to the edition's line length
    bleeds: ClassVar[bool] = False  # art: where it touches the trim it runs on by the bleed

    def draw(self, face: Face, element: Element, box: Box) -> None:
        raise NotImplementedError


KINDS: dict[str, Kind] = {}


def register(kind: type[Kind]) -> type[Kind]:
    """Register an element kind (a class decorator); a lead key two kinds claim is a mistake."""
    others = [k for k in KINDS.values() if k.name != kind.name]
    if kind.name in KINDS or any(set(k.leads) & set(kind.leads) for k in others):
        raise ValueError(f"element kind {kind.name!r} clashes with one registered before")
    KINDS[kind.name] = kind()
    return kind
