"""The generic checks of a deck: its card count, unique fields, and grids that hold every combination once."""

from __future__ import annotations

from itertools import product
from typing import Any

from deckpress.findings import Findings
from deckpress.model import Deck, Game
from deckpress.templating import Templates


def check_deck(game: Game, deck: Deck, templates: Templates, findings: Findings) -> None:
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
    """Each card's values of `names` differ from every other card's; the first card of each, by its values."""
    seen: dict[tuple[Any, ...], Any] = {}
    for card in deck.cards:
        key = _key(card.values, names)
        if key is None:
            continue
        if key in seen:
            shown = " ".join(map(str, key))
            findings.error(card.locs[names[0]],
                           f"deck {deck.id}: {shown} appears twice (first at line {seen[key].loc.line})")
        else:
            seen[key] = card
    return seen


def _grid(game: Game, deck: Deck, findings: Findings) -> None:
    """Every combination of the grid fields' allowed values appears exactly once."""
    names = tuple(deck.grid)
    seen = _unique(deck, names, findings)
    axes: list[Any] = []
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
            shown = ", ".join(f"{n} {v}" for n, v in zip(names, combination, strict=True))
            findings.error(deck.loc, f"deck {deck.id} has no card with {shown}")
