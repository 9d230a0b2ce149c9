"""The layout context: what every function laying out one component shares, passed as one object."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from deckpress.colour import Colour
from deckpress.findings import Findings
from deckpress.layout.held import Held
from deckpress.layout.imposition import SINGLE_SIDED, PrintSetup
from deckpress.layout.inks import Tally
from deckpress.layout.page import PAPERS
from deckpress.layout.shapes.cuts import Cutting
from deckpress.layout.text import Typesetter
from deckpress.load.art import Artwork
from deckpress.load.icons import Icons
from deckpress.model import Card, Theme
from deckpress.templating import CardText, Templates
from deckpress.words import say

T = TypeVar("T")


@dataclass
class Job:
    """One component of one game, in one edition, on one paper, printed one way: the print job being laid out."""

    ts: Typesetter  # the theme, the findings, and the game and component they name
    paper: str  # a4 | letter
    language: str  # the game's: picks the words the press prints itself
    templates: Templates | None = None  # card layouts: their templates over each card
    params: dict[str, Any] = field(default_factory=dict)  # the game's parameters
    setup: PrintSetup = SINGLE_SIDED
    art: Artwork | None = None  # the game's art files, for image elements
    colours: dict[str, Colour] = field(default_factory=dict)  # the game's palette, over the theme's
    tally: Tally = field(default_factory=Tally)  # problems met card after card, each reported once
    proof_backs: bool = True  # lay out backs not printed, for their findings (once an edition is enough)
    slug: list[str] = field(default_factory=list)  # the slug line's parts at their widest: card sheets keep room
    cutting: Cutting | None = None  # a card component's pieces a sheet, sheets and length of cut, once imposed
    # what its faces share with the edition's other components and papers in this build (deckpress.layout.held)
    held: Held = field(default_factory=Held)
    said: dict[tuple[Any, ...], str] = field(default_factory=dict)  # the press's phrases made so far (`say`)
    # what a kind works out for an element once a job, not card by card (a row of symbols' stones), by the
    # element's id: held with the element, so none made later is taken for it
    kept: dict[int, tuple[object, Any]] = field(default_factory=dict)

    @property
    def theme(self) -> Theme:
        return self.ts.theme

    @property
    def icons(self) -> Icons | None:
        """The game's icons, for icon elements and icons inline in text (None: a page of the press's own)."""
        return self.ts.icons

    @property
    def findings(self) -> Findings:
        return self.ts.findings

    @property
    def size(self) -> tuple[float, float]:
        """The paper's width and height, mm."""
        return PAPERS[self.paper]

    @property
    def where(self) -> str:
        """The game and component, as findings name them (layouts are shared between games)."""
        return f"{self.ts.game} {self.ts.component}"

    def say(self, key: str, **values: Any) -> str:
        """One of the press's own words (`deckpress.words`), in the game's language; each phrase made once a job,
        by its key and its values with their types (1 and 1.0 are written otherwise)."""
        memo = (self.language, key, *((k, type(v), v) for k, v in values.items()))
        try:
            said = self.said.get(memo)
        except TypeError:  # a value no key can hold (a list): made afresh
            return say(self.language, key, **values)
        if said is None:
            said = self.said[memo] = say(self.language, key, **values)
        return said

    def of_element(self, element: object, make: Callable[[], T]) -> T:
        """What `make` works out for `element`, once a job (what it says, it says on the first card it is made
        for, as it would have there)."""
        held = self.kept.get(id(element))
        if held is None or held[0] is not element:
            held = self.kept[id(element)] = (element, make())
        return cast(T, held[1])

    def texts(self, card: Card) -> CardText:
        """The layout's templates, rendered for one card."""
        if self.templates is None:
            raise ValueError(f"{self.where}: cards are laid out with the game's templates")
        return self.templates.card(self.params, card.values, card.index)
