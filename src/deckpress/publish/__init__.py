"""Publish stage: the atomic commit into the out folder, the build state, the manifest, the catalogue and the
text edition."""

from __future__ import annotations

from collections.abc import Callable

from deckpress.words import say


def phrases(language: str) -> Callable[..., str]:
    """The press's own phrases in `language` (deckpress.words): `say(key, **fields)`."""
    return lambda key, **fields: say(language, key, **fields)
