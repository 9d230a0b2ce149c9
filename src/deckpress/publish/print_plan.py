"""A game's print plan: what to print for a game night, for one edition and paper, from the files a build made.

The facts come from game.yaml (players, playing time, supplies, each component's kind, audience, handling and
whether it is one a player); the numbers from the manifest's entries (pages, sheets, pieces a sheet, cut length),
never written by hand. The catalogue shows it at the top of each game's section, the host's kit on its first page.
A build records the facts in its state with the game's listing, so the catalogue can show a game it did not load.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from deckpress.layout.keys import Key
from deckpress.load.table import PLAYERS, PLAYING_TIME, allowed
from deckpress.model import HOST, PUBLIC, Game
from deckpress.publish.manifest import Entry
from deckpress.publish.outputs import HOST_KIT, KIT

CUT_MM_A_MINUTE = 1000.0  # the estimate's stated assumption: about a metre of cut line a minute, with scissors
CARD_STOCK = ("cards", "tuck-box", "box", "standee", "board")  # kinds printed on card stock; sheets, rules: paper
CARD, PAPER = "card", "paper"
NOT_PARTS = (KIT, HOST_KIT, "calibration")  # files of a build the plan does not list as parts
_PART_TYPES = (str, str, str, str, str, bool, bool, bool, str, str, bool)  # a Part's fields, as the state records it


@dataclass(frozen=True)
class Part:
    """A component as the plan sees it."""

    id: str
    title: str
    stock: str  # card | paper
    audience: str
    handling: str = ""
    per_player: bool = False
    optional: bool = False
    backed: bool = True  # its pieces have backs (not a deck without one): duplex or folded, it prints both sides
    noun: str = ""  # what one of its pieces is called, as its deck names it (`stone`); "" where not given
    nouns: str = ""  # and more than one (`stones`); "" where not given
    die: bool = False  # its pieces are a die's faces


@dataclass(frozen=True)
class Facts:
    """What game.yaml says for the plan: players, minutes, supplies and its components."""

    players: tuple[int, int] | None = None
    minutes: tuple[int, int] | None = None
    supplies: tuple[str, ...] = ()
    parts: tuple[Part, ...] = ()

    @classmethod
    def of(cls, game: Game) -> Facts:
        parts = tuple(Part(c.id, c.title, CARD if c.kind in CARD_STOCK else PAPER, c.audience, c.handling or "",
                           c.per_player, c.optional, c.kind != "cards" or any(
                               game.decks[d].back is not None for d in c.decks if d in game.decks),
                           *game.nouns(c), c.die is not None)
                      for c in game.components)
        return cls(game.table.players, game.table.minutes, game.table.supplies, parts)

    def part(self, entry: Entry) -> Part:
        """The part a file prints; for a file of an older build the facts do not know, what its entry says."""
        known = next((p for p in self.parts if p.id == entry.component), None)
        return known or Part(entry.component, entry.title, CARD if entry.cards is not None else PAPER, entry.audience)

    @property
    def incomplete(self) -> bool:
        """The players' kit cannot be played alone: a part every game needs is kept from it."""
        return any(p.audience != PUBLIC and not p.optional for p in self.parts)

    def as_json(self) -> dict[str, Any]:
        return {"players": list(self.players or []), "minutes": list(self.minutes or []),
                "supplies": list(self.supplies), "parts": [[p.id, p.title, p.stock, p.audience, p.handling,
                                                            p.per_player, p.optional, p.backed, p.noun, p.nouns,
                                                            p.die] for p in self.parts]}

    @classmethod
    def from_json(cls, data: Any) -> Facts:
        """The facts from the build state; none where it holds something else (an untrusted file)."""
        try:
            parts = tuple(Part(*_typed(p, _PART_TYPES[:max(len(p), 7)]))
                          for p in data["parts"])  # a state from before `backed`: seven; before the nouns: eight
            return cls(_span(data["players"], PLAYERS), _span(data["minutes"], PLAYING_TIME),
                       tuple(_typed(data["supplies"])), parts)
        except (KeyError, TypeError, ValueError):
            return cls()


def _typed(items: Any, types: tuple[type, ...] | None = None) -> list[Any]:
    if not isinstance(items, list) or (types is not None and len(items) != len(types)):
        raise ValueError(items)
    if any(not isinstance(v, t) for v, t in zip(items, types or (str,) * len(items), strict=True)):
        raise ValueError(items)
    return items


def _span(items: Any, key: Key) -> tuple[int, int] | None:
    """A recorded span, held to game.yaml's bounds: a lie (ten million players) would be a line each in the plan."""
    values = _typed(items, (int,) * len(items) if isinstance(items, list) else None)
    if len(values) != 2:
        return None
    if not allowed(values, key):
        raise ValueError(items)
    return values[0], values[1]


Build = tuple[str | None, bool, float | None]  # a build's print options: duplex, fold, bleed
PLAIN: Build = (None, False, None)  # the single-sided build, whose files the totals count where it made them


def build_of(entry: Entry) -> Build:
    return entry.duplex, entry.fold, entry.bleed_mm or None


@dataclass(frozen=True)
class Line:
    """One file to print: what it is, on what, how, and how many sheets."""

    entry: Entry
    part: Part

    @property
    def build(self) -> Build:
        return build_of(self.entry)

    @property
    def duplex(self) -> bool:
        return self.entry.duplex is not None

    @property
    def two_sided(self) -> bool:
        """Printed on both sides: a duplex file, but of a deck without backs (its single-sided file)."""
        return self.duplex and self.part.backed

    @property
    def folded(self) -> bool:
        """Folded and glued before it is cut: a fold file, but of a deck without backs (printed as it is)."""
        return self.entry.fold and self.part.backed

    @property
    def sheets(self) -> int:
        """Sheets of paper or card it takes: a card file's as its imposition counted them, else its pages
        (duplex, two a sheet)."""
        if self.entry.sheets is not None:
            return self.entry.sheets
        return self._sheets_of(self.entry.pages or 0)

    def _sheets_of(self, pages: int) -> int:
        """The sheets these pages take: duplex, two a sheet."""
        return math.ceil(pages / 2) if self.duplex else pages

    def sheets_for(self, players: int) -> int:
        """The sheets for this many players: a part one a player takes only as many pieces as play (a sheet's
        copies: their share of its pages, duplex two a sheet; a sheet of fewer copies than play printed again, as
        one of a single copy is, once for each player)."""
        if self.part.per_player and self.entry.per_sheet:
            return min(self.sheets, math.ceil(players / self.entry.per_sheet))
        if self.part.per_player and self.entry.copies and self.entry.sheets is None:
            return self._sheets_of(math.ceil((self.entry.pages or 0) * players / self.entry.copies))
        return self.sheets

    @property
    def scales(self) -> bool:
        """Its sheets depend on the players: a part one a player whose pieces the manifest counts."""
        return self.part.per_player and bool(self.entry.per_sheet or self.entry.copies)


@dataclass(frozen=True)
class Plan:
    """The plan of one edition and paper. After a duplex, fold or bleed build a part has a file of each build:
    the totals count one print set, `build`'s file of each part (else its single-sided one, else its first)."""

    facts: Facts
    lines: tuple[Line, ...]  # every part's file, optional ones last
    kits: tuple[Entry, ...]  # the kits, to print whole instead
    build: Build = PLAIN

    @property
    def counted(self) -> tuple[Line, ...]:
        """The print set the totals count: a file a part."""
        chosen: dict[str, Line] = {}
        for line in self.lines:
            held = chosen.get(line.part.id)
            if held is None or (held.build != self.build and line.build in (self.build, PLAIN)):
                chosen[line.part.id] = line
        return tuple(line for line in self.lines if chosen[line.part.id] is line)

    def others(self) -> tuple[Plan, ...]:
        """The plans of the other builds whose files are here, each counting a print set of its own."""
        builds = dict.fromkeys(line.build for line in self.lines if line.build != self.build)
        mine = {line.entry.path for line in self.counted}
        plans = (replace(self, build=b, kits=tuple(k for k in self.kits if build_of(k) == b)) for b in builds)
        return tuple(p for p in plans if {line.entry.path for line in p.counted} != mine)

    @property
    def own_kits(self) -> tuple[Entry, ...]:
        """The kits of this plan's build (all of them where none is: the files of an older build)."""
        own = tuple(k for k in self.kits if build_of(k) == self.build)
        return own or self.kits

    @property
    def needed(self) -> tuple[Line, ...]:
        return tuple(line for line in self.counted if not line.part.optional)

    def sheets(self, stock: str, players: int | None = None) -> int:
        return sum(line.sheets if players is None else line.sheets_for(players)
                   for line in self.needed if line.part.stock == stock)

    @property
    def cut_mm(self) -> float:
        return sum(line.entry.cut_length_mm or 0.0 for line in self.needed)

    @property
    def cut_minutes(self) -> int:
        return math.ceil(self.cut_mm / CUT_MM_A_MINUTE)

    @property
    def unmeasured(self) -> tuple[str, ...]:
        """The parts to cut whose cut lines the build does not measure (a die net): said, not guessed."""
        return tuple(line.part.title for line in self.needed
                     if line.part.stock == CARD and line.entry.cut_length_mm is None)

    @property
    def scales(self) -> bool:
        return any(line.scales for line in self.needed)

    def player_counts(self) -> range:
        low, high = self.facts.players or (0, -1)
        return range(low, high + 1)


def plan(facts: Facts, entries: Iterable[Entry]) -> Plan:
    """The plan over the files of one edition and paper (`entries`, as the manifest lists them)."""
    files = [(e, build_of(e) == PLAIN) for e in entries if e.is_pdf and e.component not in NOT_PARTS]
    plain = {(e.component, e.sha256) for e, single in files if single}
    kept = [e for e, single in files if single or (e.component, e.sha256) not in plain]  # no same file again
    lines = sorted((Line(e, facts.part(e)) for e in kept), key=lambda line: (line.part.optional, _order(facts, line)))
    kits = tuple(sorted((e for e in entries if e.component in (KIT, HOST_KIT)), key=lambda e: e.component != KIT))
    return Plan(facts, tuple(lines), kits)


def _order(facts: Facts, line: Line) -> int:
    """The game's own order of its components."""
    ids = [p.id for p in facts.parts]
    return ids.index(line.part.id) if line.part.id in ids else len(ids)


def handed(facts: Facts, public: bool) -> dict[str, list[Part]]:
    """Who gets what: the host keeps (host), the host deals (private), each player gets (one a player), on the
    table (the rest). The public catalogue names no secret part: it says only that the host has more."""
    parts = [p for p in facts.parts if not p.optional and not (public and p.audience != PUBLIC)]
    return {"host": [p for p in parts if p.audience == HOST],
            "dealt": [p for p in parts if p.audience not in (HOST, PUBLIC)],
            "player": [p for p in parts if p.audience == PUBLIC and p.per_player],
            "table": [p for p in parts if p.audience == PUBLIC and not p.per_player]}
