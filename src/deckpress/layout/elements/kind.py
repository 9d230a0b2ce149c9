"""What an element of a card layout can be: a registry of kinds, each declaring its keys and drawing itself.

A kind is one module (here, or in a game's plugin package) that subclasses `Kind` and registers it. The keys every
element shares are declared once, here; a kind's own keys pick it (exactly one of the registered `leads`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from deckpress.colour import Colour
from deckpress.findings import Findings, Loc
from deckpress.layout import inks
from deckpress.layout.computed.conditions import shown
from deckpress.layout.context import Job
from deckpress.layout.keys import REQUIRED, Key
from deckpress.layout.page import Drawing
from deckpress.load.sources import Node
from deckpress.model import Card, Element
from deckpress.templating import CardText

Box = tuple[float, float, float, float]  # x, y, w, h in mm on the page

SHARED = (
    Key("name", "text", REQUIRED, "names the element in findings"),
    Key("box_mm", "numbers", REQUIRED, "x, y, width, height from the card's top-left corner; inside the card",
        count=4),
    Key("index", "flag", False, "a card index (points, a desk letter): its capitals at least the theme's "
                                "`index_min_mm` tall at the style's `min_size`"),
    Key("style", "style", None, "how its text is set (see Styles): required by every kind that sets text"),
    Key("valign", "choice", "top", "where text shorter than its box sits in it", choices=("top", "middle", "bottom")),
    Key("colour", "colour", None, "the ink of its text and of an icon's `currentColor` (none: black); every text is "
                                  "held to the theme's `min_contrast` against what is drawn behind it"),
    Key("rotate", "angle", 0, "turns the element clockwise about its box's centre, by any angle (`30`, `-15`); at 90 "
                              "and 270 it is laid out in a box as wide as its box is tall, so a sideways label fills "
                              "a tall narrow box; at any other angle in its own box, turned. Turned, it must still "
                              "lie on the card (art that bleeds: on the card and its bleed)"),
    Key("when", "condition", None, "shows the element only on the cards for which this gives true, e.g. "
                                   "`\"{{ card.kind == 'ruin' }}\"`: on the others it is neither drawn nor read "
                                   "(none: on every card)"),
)


@dataclass(frozen=True)
class Face:
    """One card's face being drawn: the drawing, the job, the card and its rendered templates; and the grounds
    drawn so far (the background, filled boxes) that the texts drawn after them are held against."""

    d: Drawing
    job: Job
    card: Card
    texts: CardText
    grounds: list[inks.Ground] = field(default_factory=list)
    unsure: list[str] = field(default_factory=list)  # colour keys of this card in error: what is behind is unknown

    def what(self, element: Element) -> str:
        return f"card {self.card.index} ({self.card.label}), {element.name}"

    def loc(self, element: Element, field: str | None) -> Loc:
        """Where a finding about the card's `field` points: the card's value, else a translated game's PO entry
        for the element's text, else the element."""
        text = element.keys.get("text") if field is None else None
        return self.card.locs.get(field or "") or (isinstance(text, str) and self.job.ts.entries.get(text)) or \
            element.loc

    def ink(self, element: Element) -> Colour | None:
        """The element's ink for this card (its `colour`: text, and an icon's currentColor); None for black."""
        return None if element.colour is None else \
            self.colour(element.colour, f"element {element.name}", element.at("colour"))

    def colour(self, source: str, what: str, loc: Loc) -> Colour | None:
        """A colour key's value for this card (`what`: its element, as findings name it): rendered, looked up in the
        game's and the theme's palettes; an unknown name is one finding listing the cards that name it."""
        card = self.card.label or str(self.card.index)
        value = self.texts.render(source, loc, self.job.findings, what, card) if "{" in source else source
        colour = None if value is None else inks.resolve(self.job, value, self.card, what, loc)
        if colour is None:
            self.unsure.append(what)  # reported: no contrast finding follows from it
        return colour

    def render(self, element: Element, key: str) -> str | None:
        """The element's template `key` (`text`, `icon`) for this card; a problem names the element and the card
        (printed once for every card it is met on), at the key's value."""
        card = self.card.label or str(self.card.index)
        return self.texts.render(element.keys[key] or "", element.at(key), self.job.findings,
                                 f"element {element.name}", card)


@dataclass(frozen=True)
class Reading:
    """One card being read for the text edition, as `Face` is one being drawn: the card, its templates rendered
    through the same `CardText` the drawing uses, the game's parameters and the press's words (`say`). A problem
    in a template is the drawing's to report: the reading's findings are not shown."""

    card: Card
    texts: CardText
    params: dict[str, Any]
    say: Callable[..., str]
    findings: Findings = field(default_factory=Findings)
    kept: dict[int, Any] = field(default_factory=dict, init=False, compare=False, repr=False)  # a kind's own, by
    # element id: one card's reading, not a copy's with other texts (a repetition's, `replace` leaves it out)
    # what reads alike on every card read with the same parameters and words (a row of symbols), by the element's
    # id and what it reads: shared by the cards read together (None: each card reads it afresh)
    alike: dict[tuple[int, str], Any] | None = field(default=None, compare=False, repr=False)

    def render(self, element: Element, key: str) -> str | None:
        """The element's template `key` for this card, as drawn (None where the element has none)."""
        source = element.keys[key]
        return None if source is None else self.texts.render(source, element.at(key), self.findings)


class Kind:
    """An element kind. `keys` are its own; an element is of this kind when it names one of `leads`."""

    name: ClassVar[str]
    doc: ClassVar[str]  # one line for the layout reference
    keys: ClassVar[tuple[Key, ...]]
    leads: ClassVar[tuple[str, ...]]
    styled: ClassVar[bool] = True  # sets text: needs a style, and its box is held to the edition's line length
    bleeds: ClassVar[bool] = False  # art: where it touches the trim it runs on by the bleed
    pictogram: ClassVar[bool] = False  # its reading names a picture: words beside it that say the same come first

    def draw(self, face: Face, element: Element, box: Box) -> None:
        raise NotImplementedError

    def review(self, node: Node, keys: dict[str, Any], findings: Findings) -> None:
        """Checks of the kind's keys together, once each is read (a repeat's `count` or `over`): findings."""

    def read(self, reading: Reading, element: Element) -> list[str] | None:
        """What the element says in the text edition for this card: a paragraph, or several lines read as a
        list (rows); None for decoration (a panel, a pattern). Kinds that set text say what they set."""
        return None

    def fields(self, reading: Reading, element: Element) -> tuple[str, ...]:
        """The form field each line `read` gives is, by the name the drawing gives it ("" for a line that is none):
        the text edition offers a control where the PDF has a field (a line to write on beside a label is named by
        the label alone: deckpress.layout.readings)."""
        return ()

    def said_by(self, reading: Reading, element: Element, texts: list[str]) -> bool:
        """Whether the card's other texts already say what the element shows (a row of stars beside `Two
        stars`): then it is not read."""
        return False


KINDS: dict[str, Kind] = {}


def register(kind: type[Kind]) -> type[Kind]:
    """Register an element kind (a class decorator); a lead key two kinds claim is a mistake."""
    others = [k for k in KINDS.values() if k.name != kind.name]
    if kind.name in KINDS or any(set(k.leads) & set(kind.leads) for k in others):
        raise ValueError(f"element kind {kind.name!r} clashes with one registered before")
    KINDS[kind.name] = kind()
    return kind


def read_shown(reading: Reading, element: Element) -> list[str] | None:
    """What the element says in the text edition (`Kind.read`), if it is on the card (its `when`)."""
    if element.when is not None and not shown(reading.texts, reading.card, element, reading.findings):
        return None
    return KINDS[element.kind].read(reading, element)
