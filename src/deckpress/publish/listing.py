"""What the catalogue says of a game besides its files: its language and its editions' names, in its own order.

A build records each game's listing in the build state, because the catalogue lists every game built so far,
also those this build did not load (and `deckpress site` loads none). The names come from the editions' themes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckpress.model import Edition, Game
from deckpress.publish.print_plan import Facts
from deckpress.publish.repeated import Repeated
from deckpress.translation.tags import tagged


@dataclass(frozen=True)
class Listing:
    language: str = "en"
    editions: tuple[tuple[str, str], ...] = ()  # (edition id, its theme's label), as the game lists its editions
    about: tuple[tuple[str, str], ...] = ()  # (edition id, its theme's `about`: what the edition is for)
    facts: Facts = Facts()  # what its print plan says besides the files' numbers (deckpress.publish.print_plan)
    languages: tuple[tuple[str, str], ...] = ()  # a game in several: (game id, language) of each, the source first
    loaded: frozenset[str] = frozenset()  # the editions whose themes it was read from (none: a recorded one's)
    # the options of the build that made its files, which its plan's commands repeat; None: not known (an export
    # makes no build, and an earlier press recorded none)
    repeated: Repeated | None = None

    @classmethod
    def of(cls, game: Game, editions: dict[str, Edition], repeated: Repeated | None = None) -> Listing:
        about = tuple((e, editions[e].theme.about) for e in game.editions if e in editions and editions[e].theme.about)
        return cls(game.language, tuple((e, editions[e].theme.label if e in editions else e) for e in game.editions),
                   about, Facts.of(game), versions(game), frozenset(editions) & frozenset(game.editions), repeated)

    def merged(self, other: Listing) -> Listing:
        """Two listings of one game (a parallel build loads an edition a process; a build of one edition, over
        the one recorded): each edition named, and said what it is for, by the one that loaded its theme (this
        one's where both did; the other's, a recorded one's too, where this one did not); the build's options this
        one's over the other's (deckpress.publish.repeated), the other's where this one made no build (an
        export's)."""
        names = dict(other.editions) | {e: label for e, label in self.editions if e in self.loaded}
        about = {e: line for e, line in other.about if e not in self.loaded} | dict(self.about)
        return Listing(self.language, tuple((e, names.get(e, label)) for e, label in self.editions),
                       tuple((e, about[e]) for e, _ in self.editions if e in about), self.facts, self.languages,
                       self.loaded | other.loaded,
                       self.repeated.over(other.repeated) if self.repeated is not None else other.repeated)

    def as_json(self) -> dict[str, Any]:
        about = {"about": [list(pair) for pair in self.about]} if self.about else {}
        languages = {"languages": [list(pair) for pair in self.languages]} if self.languages else {}
        repeated = {"repeated": self.repeated.as_json()} if self.repeated is not None else {}
        return {"language": self.language, "editions": [list(pair) for pair in self.editions], **about,
                "plan": self.facts.as_json(), **languages, **repeated}

    @classmethod
    def from_json(cls, data: Any) -> Listing | None:
        """A listing from the build state, or None when the state holds something else (an untrusted file)."""
        if not isinstance(data, dict) or not isinstance(data.get("language"), str):
            return None
        pairs, about, languages = data.get("editions", []), data.get("about", []), data.get("languages", [])
        if not _pairs(pairs) or not _pairs(about) or not _pairs(languages):
            return None
        return cls(data["language"], tuple((p[0], p[1]) for p in pairs), tuple((p[0], p[1]) for p in about),
                   Facts.from_json(data.get("plan")), tuple((p[0], p[1]) for p in languages),
                   repeated=Repeated.from_json(data.get("repeated")))

    def edition_name(self, edition: str) -> str:
        """An edition's name: its theme's label; its id where the listing does not know it."""
        return dict(self.editions).get(edition, edition)

    def edition_about(self, edition: str) -> str:
        """What the edition is for, in a line (its theme's `about`); empty where not said."""
        return dict(self.about).get(edition, "")

    def edition_order(self, edition: str) -> tuple[int, str]:
        ids = [e for e, _ in self.editions]
        return (ids.index(edition) if edition in ids else len(ids)), edition


def versions(game: Game) -> tuple[tuple[str, str], ...]:
    """A game in several languages: each language's game id and tag, the source first; () for a game in one."""
    if len(game.languages) < 2:
        return ()
    source = game.source_game or game.id
    return ((source, game.languages[0]), *((tagged(source, tag), tag) for tag in game.languages[1:]))


def _pairs(data: Any) -> bool:
    """A list of [text, text]: as the build state records editions."""
    return isinstance(data, list) and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(s, str) for s in p) for p in data)
