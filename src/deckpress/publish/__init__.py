"""Publish stage: the atomic commit into the out folder, the build state, the manifest, the catalogue and the
text edition."""

from __future__ import annotations

from collections.abc import Callable

from deckpress.words import say

_PLAIN = (str, int, float)  # a field's value said the same way each time it is given (a bool is not one here)


def phrases(language: str) -> Callable[..., str]:
    """The press's own phrases in `language` (deckpress.words): `say(key, **fields)`. Each phrase with the same
    plain fields is said once for as long as this is held: a catalogue's page asks for its few phrases thousands
    of times, file after file."""
    said: dict[tuple[object, ...], str] = {}

    def phrase(key: str, **fields: object) -> str:
        if not all(type(value) in _PLAIN for value in fields.values()):  # anything else: said again each time
            return say(language, key, **fields)
        asked = (key, *((name, type(value), value) for name, value in fields.items()))
        found = said.get(asked)
        if found is None:
            found = said[asked] = say(language, key, **fields)
        return found
    return phrase
