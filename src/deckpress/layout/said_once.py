"""What a card says once: of a face's readings, those that say nothing the card's others do not are left out (see
`unrepeated`). A card's lines are compared with each other, so each line's words are found once a card (and a text's
once, however many cards say it), not once for every other line it is compared with.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from deckpress.layout.elements import KINDS
from deckpress.layout.elements.kind import Reading
from deckpress.load.counted import singulars
from deckpress.model import Element

WORD = re.compile(r"\w+")
COUNT_DIGITS = 18  # a longer number is no count of things: it is tallied as a word


class Lines(Protocol):
    @property
    def lines(self) -> tuple[str, ...]: ...


P = TypeVar("P", bound=Lines)


def unrepeated(said: Sequence[tuple[P, Element]], reading: Reading, known: Known | None = None
               ) -> list[tuple[P, Element]]:
    """Leaves out what says nothing the card's other readings do not: a paragraph said again word for word (the
    first is kept); one whose words stand within another read from the same fields of the card (`3` beside `3
    points`; `both ways`, read from none, beside every `…, both ways`), but never the card's own name, nor a value
    another text merely mentions (`Village` in a story that tells of one); one naming the things a paragraph before
    it counted (`Amber, Jade, Jade` after `1 Amber and 2 Jade`); and a pictogram the card's words say (`2 × star`
    beside `Two stars`). `known`: what stays the same from card to card of a deck."""
    left = left_out([p.lines for p, _ in said], [e for _, e in said], reading, known)
    return [part for i, part in enumerate(said) if i not in left]


def left_out(read: Sequence[tuple[str, ...]], elements: Sequence[Element], reading: Reading,
             known: Known | None = None) -> set[int]:
    """The parts `unrepeated` leaves out, by place: each element's lines as `read` (none: it says nothing)."""
    lines: list[tuple[int, str, Element]] = []
    texts: list[str] = []  # what a pictogram's words are in
    first: dict[int, int] = {}  # each part's first line
    for j, (said, element) in enumerate(zip(read, elements, strict=True)):
        if said:
            first[j] = len(lines)
            pictogram = KINDS[element.kind].pictogram
            for line in said:
                lines.append((j, line, element))
                if not pictogram:
                    texts.append(line)
    heard = _Heard(reading, lines, first, Known() if known is None else known)
    for i, (said, element) in enumerate(zip(read, elements, strict=True)):
        kind = KINDS[element.kind]
        if kind.pictogram and kind.said_by(reading, element, texts) or \
                len(said) == 1 and heard.again(i, said[0], element):
            heard.left.add(i)  # not said: what it says is no reason to leave out another
        elif said:
            heard.hear(i, len(said))
    return heard.left


class Known:
    """What stays the same from card to card of a deck: each element's fields (for cards of the same fields) and
    the game's counted words (for cards of the same parameters)."""

    def __init__(self) -> None:
        self.fields: dict[tuple[int, tuple[str, ...]], frozenset[str] | None] = {}  # by the element's id
        self.params: dict[str, Any] | None = None  # held: the parameters `back` was worked out from
        self.back: tuple[tuple[str, str], ...] = ()

    def singulars(self, params: dict[str, Any]) -> tuple[tuple[str, str], ...]:
        if params is not self.params:
            self.params, self.back = params, singulars(params)
        return self.back


class _Heard:
    """One card's lines as compared: each line's words (`spoken`) and its tally of things, and each element's
    fields when asked."""

    def __init__(self, reading: Reading, lines: list[tuple[int, str, Element]], first: dict[int, int],
                 known: Known) -> None:
        self.reading, self.lines, self.first, self.known = reading, lines, first, known
        self.spoken = [spoken(line) for _, line, _ in lines]
        joins, back = _joins(reading.say), known.singulars(reading.params)
        self.tallies = [_tally(line, joins, back) for _, line, _ in lines]
        self.joined = "\0".join(self.spoken)  # all its lines' words, for finding one's within another's at once
        self.name = spoken(reading.card.label)
        self.left: set[int] = set()  # the parts left out so far (`unrepeated`)
        # what the parts kept so far say: each line's words and its tally (a part left out says none of it)
        self.heard: set[str] = set()
        self.counted: set[tuple[tuple[str, int], ...]] = set()

    def hear(self, i: int, count: int) -> None:
        """Part `i`, of `count` lines, is kept: what it says is said."""
        for n in range(self.first[i], self.first[i] + count):
            self.heard.add(self.spoken[n])
            tally = self.tallies[n]
            if tally is not None:
                self.counted.add(tally)

    def again(self, i: int, line: str, element: Element) -> bool:
        """Whether the one-line part `i` says nothing the card's other lines do not (see `unrepeated`): it says
        what a line before it said, word for word or counting the same things; or its words stand within
        another's (not the same words, and not the card's name) read from all the fields it is read from."""
        lines, spoken_, left = self.lines, self.spoken, self.left
        first = self.first[i]  # its line's place among the card's: those before it are the earlier parts'
        words, tally = spoken_[first], self.tallies[first]
        if words in self.heard or tally is not None and tally in self.counted:
            return True  # said before by a part kept (a key's picture, left to `Schlüssel`, says none)
        if words == self.name or words == " ":
            return False  # the card's name stays
        if self.joined.count(words) == spoken_.count(words):
            return False  # no other line holds its words (each line as its words holds them once, and no more)
        for n in [n for n, other in enumerate(spoken_) if words in other and other != words]:
            j, _, source = lines[n]
            if j != i and j not in left and (j < i or "\n" not in line) and \
                    _told_by(self._fields(element), self._fields(source)):
                return True
        return False

    def _fields(self, element: Element) -> frozenset[str] | None:
        # the layout's elements, alive while its cards are read; what an element's fields are, besides its templates
        key = (id(element), tuple(self.reading.card.values))
        known = self.known.fields
        if key not in known:
            known[key] = _fields(element, self.reading)
        return known[key]


def _told_by(read: frozenset[str] | None, other: frozenset[str] | None) -> bool:
    """Whether a text read from the fields `other` (None: the card as a whole) tells what one read from `read`
    does: from all the same fields, or the card as a whole."""
    return other is None or read is not None and read <= other


def _fields(element: Element, reading: Reading) -> frozenset[str] | None:
    """The card's fields (and its number, as `index`) the element's reading is made from, by its keys' templates
    and the fields they name; None when a template reads the card as a whole."""
    read: set[str] = set()
    for value in element.keys.values():
        if isinstance(value, Element):
            inner = _fields(value, reading)
            if inner is None:
                return None
            read |= inner
        elif isinstance(value, str) and "{" in value:
            inputs = reading.texts.templates.inputs(value)
            if inputs is None:
                return None
            read.update(inputs[0], ("index",) if inputs[1] else ())
        elif isinstance(value, str) and value in reading.card.values:
            read.add(value)
    return frozenset(read)


@lru_cache(maxsize=64)
def _joins(say: Callable[..., str]) -> frozenset[str]:
    """The words that join a list in the press's language (`and`): not things a text names."""
    return frozenset(WORD.findall(say("html_and", first="", last="").casefold()))


@lru_cache(maxsize=8192)  # the same texts recur card after card
def _tally(text: str, joins: frozenset[str], back: tuple[tuple[str, str], ...]) -> tuple[tuple[str, int], ...] | None:
    """The things a text names, each with its number (`2 Onyx and 1 Ruby`, `Onyx, Onyx, Ruby`: the same; `2
    Rubies` names Ruby, by the plurals `back`, and `5 Pearls` as `Pearl, Pearl, Pearl, Pearl, Pearl`); None for
    fewer than two things (`Market 1` is no count of markets)."""
    counts, singular, times = Counter[str](), dict(back), 1
    for word in WORD.findall(text.casefold()):
        if word.isdecimal() and len(word) <= COUNT_DIGITS:  # not `²`, nor thousands of digits: int() refuses
            times = int(word)
        elif word not in joins:
            counts[singular.get(word, word)] += times
            times = 1
    return tuple(sorted(counts.items())) if len(counts) >= 2 or sum(counts.values()) >= 2 else None


@lru_cache(maxsize=8192)  # the same texts recur card after card
def spoken(text: str) -> str:
    """The words, casefolded, each between spaces: ` 3 points `."""
    return f" {' '.join(WORD.findall(text.casefold()))} "
