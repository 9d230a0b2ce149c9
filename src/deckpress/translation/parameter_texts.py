"""A game's parameter texts, translated, as the rest of game.yaml finds them: a mapping's keys follow the
translation (`pictograms: {Lanterns: lantern}`), as the cards' choices do (deckpress.load.decks). Texts that are
found by their words must stay apart in every language: the choices of one card field, the keys of one mapping.
Two translated alike would be one (Reef and Kelp both `Riff`: a German Kelp pool took Reef's colour, and the
grid and `unique` checks counted the two as one), so that is a finding at the entry."""

from __future__ import annotations

from typing import NamedTuple

from deckpress.findings import Findings, Loc
from deckpress.load.sources import Node


class Given(NamedTuple):
    """One text of a parameter, translated: its source, its translation, its entry's context and place."""

    source: str
    text: str
    context: str
    at: Loc


def follow(root: Node, given: dict[str, list[Given]], language: str, findings: Findings) -> None:
    """Said where two texts that must stay apart are translated alike; then each mapping parameter's keys
    renamed to their translations (`given`: a parameter's name -> its texts)."""
    params = root.value.get("parameters") if root.is_map else None
    if not given or params is None or not params.is_map:
        return
    _apart(_groups(root, params.value, given), language, findings)
    translated = {g.source: g for texts in given.values() for g in texts}
    renamed = {source: g.text for source, g in translated.items()}
    for name, param in params.value.items():
        if param.is_map:
            _kept_apart(name, list(param.value), translated, language, findings)
            param.value = {renamed.get(k, k): v for k, v in param.value.items()}
            param.key_locs = {renamed.get(k, k): v for k, v in param.key_locs.items()}


def _kept_apart(name: str, keys: list[str], translated: dict[str, Given], language: str, findings: Findings) -> None:
    """A mapping's key translated as another key of it stands, untranslated (Kelp as `Sand`, beside Sand): the
    two would be one, the other's value lost; said at the translated key's entry (two translated alike are
    `_apart`'s)."""
    untranslated = {k for k in keys if k not in translated}
    for key in keys:
        g = translated.get(key)
        if g is not None and g.text != key and g.text in untranslated:
            findings.error(g.at, f"{language}: '{g.text}' translates '{key}' as the key '{g.text}' of {name} stands "
                                 f"untranslated ({g.context}): give it a word of its own")


def _groups(root: Node, params: dict[str, Node], given: dict[str, list[Given]]) -> list[tuple[str, list[Given]]]:
    """The texts that must stay apart, a group each with what they are: the choices of each card field of type
    choice (`from:` a list parameter), then the keys of each mapping parameter."""
    groups = []
    decks = root.value.get("decks")
    for deck in decks.value.values() if decks is not None and decks.is_map else ():
        fields = deck.value.get("fields") if deck.is_map else None
        for name, spec in fields.value.items() if fields is not None and fields.is_map else ():
            chosen = spec.value.get("from") if spec.is_map and _said(spec, "type") == "choice" else None
            if chosen is not None and isinstance(chosen.value, str) and chosen.value in given:
                groups.append((f"choices of {name}", given[chosen.value]))
    for name, param in params.items():
        if param.is_map:
            keys = set(param.value)
            groups.append((f"keys of {name}", [g for texts in given.values() for g in texts if g.source in keys]))
    return groups


def _said(node: Node, key: str) -> object:
    value = node.value.get(key)
    return value.value if value is not None else None


def _apart(groups: list[tuple[str, list[Given]]], language: str, findings: Findings) -> None:
    """Each text translated as an earlier one of its group was, said once at its entry (a choice may key a
    mapping too)."""
    said: set[str] = set()
    for what, texts in groups:
        first: dict[str, str] = {}
        for g in texts:
            other = first.setdefault(g.text, g.source)
            if other != g.source and g.context not in said:
                said.add(g.context)
                findings.error(g.at, f"{language}: '{g.text}' translates both '{other}' and '{g.source}', {what} "
                                     f"({g.context}): give each its own word")
