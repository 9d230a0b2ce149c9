"""Game-specific checks, by name: a game lists them under `plugins:` in its game.yaml.

A plugin reads the loaded game, reports findings, and may publish data (a route, a
proof) that the game's sheets and `deckpress solve` use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deckpress.findings import Findings
from deckpress.model import Game

Plugin = Callable[[Game, Findings], dict[str, Any] | None]
PLUGINS: dict[str, Plugin] = {}


def plugin(name: str) -> Callable[[Plugin], Plugin]:
    """Register a game-specific check under `name`."""
    def register(check: Plugin) -> Plugin:
        PLUGINS[name] = check
        return check
    return register


from deckpress.plugins import exchange, stones  # noqa: E402,F401  (each registers its plugin)
