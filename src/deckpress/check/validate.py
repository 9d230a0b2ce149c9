"""Validate stage: every rule a game must meet before anything is drawn.

Generic checks need no Python per game: card counts, allowed values, unique and
complete combinations, parameter checks written as expressions. Game-specific
checks plug in by name (`plugins:` in game.yaml) from `deckpress.check.plugins`.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from deckpress.findings import Findings
from deckpress.layout.plan import LAYOUT_KINDS, PRINT_CHECK_LAYOUT
from deckpress.model import Deck, Edition, Game
from deckpress.check.plugins import PLUGINS
from deckpress.templating import Templates


def validate_game(game: Game, editions: dict[str, Edition], templates: Templates, findings: Findings,
                  building: list[str] | None = None) -> None:
    """Check `game`; layouts are checked for the editions being built (`building`, default all it defines)."""
    for deck in game.decks.values():
        _deck(game, deck, templates, findings)
    for check in game.checks:
        if templates.evaluate(check.that, game.params, check.loc, findings) is False:
            message = templates.render(check.message, game.params, check.loc, findings)
            findings.error(check.loc, message or check.that)
    _components(game, editions, game.editions if building is None else building, findings)
    for name, loc in game.plugins:
        if name in PLUGINS:
            game.derived.update(PLUGINS[name](game, findings) or {})
        else:
            findings.error(loc, f"unknown check plugin '{name}' (known: {', '.join(sorted(PLUGINS)) or 'none'})")


def _deck(game: Game, deck: Deck, templates: Templates, findings: Findings) -> None:
    if deck.count is not None and deck.count_loc is not None:
        expected = templates.evaluate(deck.count, game.params, deck.count_loc, findings)
        if isinstance(expected, int) and len(deck.cards) != expected:
            findings.error(deck.count_loc, f"deck {deck.id} must have exactly {expected} cards, got {len(deck.cards)}")
    for name in deck.unique:
        _unique(deck, (name,), findings)
    if deck.grid and all(name in deck.fields for name in deck.grid):
        _grid(game, deck, findings)


def _key(card_values: dict[str, Any], names: tuple[str, ...]) -> tuple[Any, ...] | None:
    key = tuple(card_values.get(n) for n in names)
    return None if None in key else key


def _unique(deck: Deck, names: tuple[str, ...], findings: Findings) -> dict[tuple[Any, ...], Any]:
    seen: dict[tuple[Any, ...], Any] = {}
    for card in deck.cards:
        key = _key(card.values, names)
        if key is None:
            continue
        if key in seen:
            shown = " ".join(map(str, key))
            findings.error(card.locs[names[0]], f"deck {deck.id}: {shown} appears twice (first at line {seen[key].loc.line})")
        else:
            seen[key] = card
    return seen


def _grid(game: Game, deck: Deck, findings: Findings) -> None:
    """Every combination of the grid fields' allowed values appears exactly once."""
    names = tuple(deck.grid)
    seen = _unique(deck, names, findings)
    axes = []
    for name in names:
        spec = deck.fields[name]
        if spec.type == "choice" and isinstance(game.params.get(spec.choices_from or ""), list):
            axes.append(game.params[spec.choices_from or ""])
        elif spec.type == "int" and spec.lo is not None and spec.hi is not None:
            axes.append(range(spec.lo, spec.hi + 1))
        else:
            findings.error(spec.loc, f"grid field {name} needs a choice list or an int range (min and max)")
            return
    for combination in product(*axes):
        if combination not in seen:
            shown = ", ".join(f"{n} {v}" for n, v in zip(names, combination))
            findings.error(deck.loc, f"deck {deck.id} has no card with {shown}")


def _components(game: Game, editions: dict[str, Edition], building: list[str], findings: Findings) -> None:
    ids = set()
    for c in game.components:
        if c.id in ids:
            findings.error(c.loc, f"component id '{c.id}' is used twice")
        ids.add(c.id)
        if c.kind == "cards" and c.source not in game.decks:
            findings.error(c.loc, f"component {c.id} names deck '{c.source}', which the game does not define")
        if c.kind == "sheet" and c.source not in game.sheets:
            findings.error(c.loc, f"component {c.id} names sheet '{c.source}', which the game does not define")
        if c.kind == "rules" and game.rules is None:
            findings.error(c.loc, f"component {c.id} needs rule text: set 'rules' in game.yaml")
        for name in building:
            edition = editions.get(name)
            if edition is None:
                continue
            layout = edition.layouts.get(c.layout)
            if c.layout in edition.broken:
                continue
            if layout is None:
                findings.error(c.loc, f"layout '{c.layout}' not found for the {name} edition")
            elif not isinstance(layout, LAYOUT_KINDS[c.kind]):
                findings.error(c.loc, f"layout '{c.layout}' is not a {c.kind} layout")
    for name in building:
        edition = editions.get(name)
        if edition is None:
            findings.error(game.loc, f"no layouts for the {name} edition (a folder {name}/ with theme.yaml)")
        elif PRINT_CHECK_LAYOUT not in edition.layouts:
            findings.error(edition.theme.loc, f"the {name} edition needs a '{PRINT_CHECK_LAYOUT}' sheet layout for kits")
