"""Colours as a card is laid out: a colour key's value looked up for the card, and every text held against what
is drawn behind it (WCAG 2 contrast, at least the theme's `min_contrast`).

The layout stage decides the colour space: a colour keeps its CMYK values only in jobs printed with bleed (the
print shop's files); the renderer draws CMYK where a colour has it, RGB otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from deckpress.colour import BLACK, PAPER, UNREADABLE, Colour, contrast, known, look_up, ratio, shown
from deckpress.findings import Finding, Findings, Loc
from deckpress.hints.spelling import did_you_mean
from deckpress.layout.art.turn import holds, meet
from deckpress.model import Card, Theme

if TYPE_CHECKING:
    from deckpress.layout.imposition import PrintSetup

Box = tuple[float, float, float, float]  # x, y, w, h in mm on the page


class Job(Protocol):
    """What colours are looked up and checked in (deckpress.layout.context.Job): the palettes, the print setup,
    and where findings go."""

    colours: dict[str, Colour]
    tally: Tally
    setup: PrintSetup

    @property
    def theme(self) -> Theme: ...

    @property
    def findings(self) -> Findings: ...

    @property
    def where(self) -> str: ...

SHOWN_CARDS = 3  # a problem met on many cards names this many of them
EPS = 1e-6


@dataclass(frozen=True)
class Ground:
    """A colour drawn under what follows: the card's background, a filled box."""

    box: Box
    colour: Colour
    ellipse: bool = False
    turn: float = 0.0  # degrees clockwise about its box's centre, where turned off the square

    def overlaps(self, box: Box, turn: float = 0.0) -> bool:
        """Whether the ground lies under some of the box (turned `turn` about its centre)."""
        if turn or self.turn:
            return meet(self.box, self.turn, box, turn)
        x, y, w, h = box
        gx, gy, gw, gh = self.box
        return x < gx + gw - EPS and gx < x + w - EPS and y < gy + gh - EPS and gy < y + h - EPS

    def covers(self, box: Box, turn: float = 0.0) -> bool:
        """Whether the ground lies under the whole box (an ellipse: its inscribed rectangle does)."""
        x, y, w, h = box
        gx, gy, gw, gh = self.box
        if self.ellipse:
            inset_w, inset_h = gw * (1 - 0.5 ** 0.5) / 2, gh * (1 - 0.5 ** 0.5) / 2
            gx, gy, gw, gh = gx + inset_w, gy + inset_h, gw - 2 * inset_w, gh - 2 * inset_h
        if turn or self.turn:
            return holds((gx, gy, gw, gh), self.turn, box, turn)
        return gx <= x + EPS and gy <= y + EPS and x + w <= gx + gw + EPS and y + h <= gy + gh + EPS


@dataclass
class Tally:
    """Problems met card after card, each reported once, naming the first few cards it is met on. The finding is
    rewritten as cards are added, so every pass over the cards leaves the same one."""

    cards: dict[tuple[Loc, str], list[str]] = field(default_factory=dict)
    reported: dict[tuple[Loc, str], Finding] = field(default_factory=dict)

    def report(self, findings: Findings, loc: Loc, where: str, card: Card, problem: str) -> None:
        """`problem` is `element rank: ...`: the same problem on another card adds the card to its finding."""
        key = (loc, f"{where}\n{problem}")
        cards = self.cards.setdefault(key, [])
        if card.label in cards:
            return
        cards.append(card.label)
        finding = Finding(loc, f"{where}, {'card' if len(cards) == 1 else 'cards'} {_listed(cards)}, {problem}")
        old = self.reported.get(key)
        if old is None:
            findings.add(finding)
        else:
            findings.rewrite(old, finding)
        self.reported[key] = finding


def _listed(cards: list[str]) -> str:
    """`Anchors 1`, `Anchors 1 and Anchors 2`, `Anchors 1, Anchors 2, Anchors 3 and 4 more`."""
    if len(cards) > SHOWN_CARDS:
        return f"{', '.join(cards[:SHOWN_CARDS])} and {len(cards) - SHOWN_CARDS} more"
    return cards[0] if len(cards) == 1 else f"{', '.join(cards[:-1])} and {cards[-1]}"


def resolve(job: Job, value: str, card: Card, what: str, loc: Loc) -> Colour | None:
    """`value` (a palette name or #rrggbb) as the game's palette, the theme's, then black and white give it."""
    colour = look_up(value, job.colours, job.theme.colours)
    if colour is None:
        names = known(job.colours, job.theme.colours)
        job.tally.report(job.findings, loc, job.where, card, f"{what}: no colour '{value.strip()}' (known: "
                                                             f"{', '.join(names)}, or #rrggbb)"
                                                             f"{did_you_mean(value.strip(), names)}")
        return None
    if colour is UNREADABLE:  # its value was reported where the palette gives it
        return None
    return colour if job.setup.bleed else _screen(colour)


@lru_cache(maxsize=256)
def _screen(colour: Colour) -> Colour:
    """RGB only: home printers and screens take RGB, and a file without bleed is for them."""
    return colour if colour.cmyk is None else Colour(colour.name, colour.rgb)


def behind(box: Box, grounds: list[Ground], turn: float = 0.0) -> list[Colour]:
    """The colours drawn under the box (turned `turn` about its centre): the topmost ground over each part of it,
    down to the paper."""
    under: list[Colour] = []
    for ground in reversed(grounds):
        if ground.overlaps(box, turn) and ground.colour not in under:
            under.append(ground.colour)
        if ground.covers(box, turn):
            return under
    return under if PAPER in under else [*under, PAPER]


def check_contrast(job: Job, card: Card, element: str, loc: Loc, ink: Colour | None, box: Box,
                   grounds: list[Ground], turn: float = 0.0) -> None:
    """The text's ink against each colour behind its box (turned `turn` off the square), held to the edition's
    least contrast."""
    ink, least = ink or BLACK, job.theme.min_contrast
    for ground in behind(box, grounds, turn):
        found = contrast(ink, ground)
        if found < least - EPS:
            job.tally.report(job.findings, loc, job.where, card,
                             f"element {element}: {shown(ink)} on {shown(ground)} is {ratio(found, least)}:1, below "
                             f"the {job.theme.edition} edition's {least:g}:1")
