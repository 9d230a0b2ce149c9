"""The registry of game-specific checks, by name: a game lists them under `plugins:` in its game.yaml.

A plugin reads the loaded game, reports findings, and may publish data (a route, a
proof) that the game's sheets and `deckpress solve` use.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from deckpress.findings import Findings
from deckpress.model import Deck, Game

Plugin = Callable[[Game, Findings], dict[str, Any] | None]
PLUGINS: dict[str, Plugin] = {}


def plugin(name: str) -> Callable[[Plugin], Plugin]:
    """Register a game-specific check under `name`."""
    def register(check: Plugin) -> Plugin:
        PLUGINS[name] = check
        return check
    return register


def deck_with(game: Game, deck_id: str, fields: tuple[str, ...], check: str, findings: Findings) -> Deck | None:
    """The deck a plugin reads, if the game has it and it declares every field the plugin needs."""
    deck = game.decks.get(deck_id)
    if deck is None:
        findings.error(game.loc, f"{check} needs a deck '{deck_id}'")
        return None
    missing = [f for f in fields if f not in deck.fields]
    if missing:
        findings.error(deck.loc, f"{check} needs deck {deck_id} to declare the fields {', '.join(missing)}")
        return None
    return deck


def load_plugins() -> None:
    """Import every game's plugin package (`deckpress.plugins.<game>`): each registers what it provides as it is
    imported. The engine names no game."""
    import importlib
    import pkgutil

    import deckpress.plugins

    for module in pkgutil.iter_modules(deckpress.plugins.__path__, "deckpress.plugins."):
        importlib.import_module(module.name)


def named(name: str) -> Plugin | None:
    """The check registered as `name`; one not shipped with the press is looked for among the packages installed
    under the entry-point group `deckpress.plugins` (read only then: listing the installed packages costs a
    build more than most plugins take to run)."""
    if name not in PLUGINS:
        installed()
    return PLUGINS.get(name)


@cache
def installed() -> None:
    """Import the plugins installed under the entry-point group `deckpress.plugins`, once."""
    from importlib.metadata import entry_points

    for point in entry_points(group="deckpress.plugins"):
        point.load()


load_plugins()
