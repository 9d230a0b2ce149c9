"""A game's parameter texts, translated, as the rest of game.yaml finds them: a mapping's keys follow the
translation (`pictograms: {Lanterns: lantern}`), as the cards' choices do (deckpress.load.decks). Texts that are
found by their words must stay apart in every language: the choices of one card field, the keys of one mapping.
Two translated alike would be one (Reef and Kelp both `Riff`: a German Kelp pool took Reef's colour, and the
grid and `unique` checks counted the two as one), and so would one translated as another's source word left in
place (Keys as `Maps` beside Maps untranslated): a finding at the entry, whose translation is then not applied,
so the checks after it (a deck's `unique`, a pictogram for each collection) do not say it again at English files."""

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


def follow(root: Node, given: dict[str, list[Given]], language: str, findings: Findings) -> set[str]:
    """Said where two texts that must stay apart are translated alike; then each mapping parameter's keys
    renamed to their translations (`given`: a parameter's name -> its texts). The entries said, whose
    translations the caller puts back to their source words: kept, they would be one text downstream, and every
    check counting or keying by it (a deck's `unique`, a pictogram each) would say it again at English files."""
    params = root.value.get("parameters") if root.is_map else None
    if not given or params is None or not params.is_map:
        return set()
    said = _apart(_groups(root, params.value, given), language, findings)
    translated = {g.source: g for texts in given.values() for g in texts}
    for name, param in params.value.items():
        if param.is_map:
            _kept_apart(name, list(param.value), translated, said, language, findings)
    renamed = {source: g.text for source, g in translated.items() if g.context not in said}
    for param in params.value.values():
        if param.is_map:
            param.value = {renamed.get(k, k): v for k, v in param.value.items()}
            param.key_locs = {renamed.get(k, k): v for k, v in param.key_locs.items()}
    return said


def _kept_apart(name: str, keys: list[str], translated: dict[str, Given], said: set[str], language: str,
                findings: Findings) -> None:
    """A mapping's key translated as another key of it stands, untranslated (Kelp as `Sand`, beside Sand): the
    two would be one, the other's value lost; said at the translated key's entry (two translated alike are
    `_apart`'s, and so is a key that is a choice too: `said`, the entries said already, this one added)."""
    untranslated = {k for k in keys if k not in translated}
    for key in keys:
        g = translated.get(key)
        if g is not None and g.text != key and g.text in untranslated and g.context not in said:
            said.add(g.context)
            findings.error(g.at, f"{language}: '{g.text}' translates '{key}' as '{g.text}', a key of {name} left "
                                 f"untranslated ({g.context}): give it a word of its own")


class Group(NamedTuple):
    """Texts that must stay apart: what they are (`choices`, `keys`) and of which field or mapping, their
    translations, and the source words of theirs left in place (a choice not translated; a mapping's keys are
    `_kept_apart`'s)."""

    kind: str
    of: str
    texts: list[Given]
    standing: frozenset[str] = frozenset()


def _groups(root: Node, params: dict[str, Node], given: dict[str, list[Given]]) -> list[Group]:
    """The texts that must stay apart, a group each with what they are: the choices of each card field of type
    choice (`from:` a list parameter), then the keys of each mapping parameter."""
    groups = []
    decks = root.value.get("decks")
    for deck in decks.value.values() if decks is not None and decks.is_map else ():
        fields = deck.value.get("fields") if deck.is_map else None
        for name, spec in fields.value.items() if fields is not None and fields.is_map else ():
            chosen = spec.value.get("from") if spec.is_map and _said(spec, "type") == "choice" else None
            if chosen is not None and isinstance(chosen.value, str) and chosen.value in given:
                texts = given[chosen.value]
                groups.append(Group("choices", name, texts, _standing(params[chosen.value], texts)))
    for name, param in params.items():
        if param.is_map:
            keys = set(param.value)
            groups.append(Group("keys", name, [g for texts in given.values() for g in texts if g.source in keys]))
    return groups


def _said(node: Node, key: str) -> object:
    value = node.value.get(key)
    return value.value if value is not None else None


def _standing(param: Node, texts: list[Given]) -> frozenset[str]:
    """The texts of a list parameter left in place: its items not translated (a translated one stands at its
    entry), each as the game reads it (a counted word's `one`)."""
    placed = {g.at for g in texts}
    items = param.value if param.is_list else []
    values = (_said(item, "one") if item.is_map else item.value for item in items if item.loc not in placed)
    return frozenset(v for v in values if isinstance(v, str))


def _apart(groups: list[Group], language: str, findings: Findings) -> set[str]:
    """Each text translated as an earlier one of its group was, or as a choice of its field left in place, said
    once at its entry (a choice may key a mapping too); the entries said."""
    said: set[str] = set()
    for kind, of, texts, standing in groups:
        first: dict[str, str] = {}
        for g in texts:
            other = first.setdefault(g.text, g.source)
            if other != g.source and g.context not in said:
                said.add(g.context)
                findings.error(g.at, f"{language}: '{g.text}' translates both '{other}' and '{g.source}', {kind} of "
                                     f"{of} ({g.context}): give each its own word")
            elif g.text != g.source and g.text in standing and g.context not in said:
                said.add(g.context)
                findings.error(g.at, f"{language}: '{g.text}' translates '{g.source}' as '{g.text}', a choice of {of} "
                                     f"left untranslated ({g.context}): give it a word of its own")
    return said
