"""The generic checks of a deck: its card count, unique fields, and grids that hold every combination once.

A deck whose card file could not be read is not checked: its missing cards would only repeat that finding.
`where:` limits a grid or unique check to the cards a condition over `card` selects (the Jokers stay out of the
suits' grid, and so do the values only they have: their suit `Joker`). Both look at the cards as written: an entry
with `copies: 2` is one card to them.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from deckpress.findings import CellLoc, Findings
from deckpress.load.fields import UNREAD
from deckpress.load.schema import describe
from deckpress.model import Card, Deck, Game, Where
from deckpress.templating import Templates


def check_deck(game: Game, deck: Deck, templates: Templates, findings: Findings) -> None:
    if not deck.read:
        return
    if deck.count is not None and deck.count_loc is not None:
        before = len(findings)
        expected = templates.evaluate(deck.count, game.params, deck.count_loc, findings)
        if not isinstance(expected, int) or isinstance(expected, bool):
            if len(findings) == before:  # else the expression's own problem is said already
                findings.error(deck.count_loc, f"count of deck {deck.id} must give a whole number of cards, got "
                                               f"{describe(expected)}")
        elif deck.size != expected:
            findings.error(deck.count_loc, f"deck {deck.id} must have exactly {expected} cards, got {deck.size}")
    unique = _selected(game, deck, deck.unique_where, templates, findings) if deck.unique else []
    for name in deck.unique if unique is not None else []:
        _unique(deck, unique or [], (name,), findings)
    # a grid over a field not defined, or defined wrongly, waits: that is said where the deck names or declares it
    if deck.grid and all(name in deck.fields and deck.fields[name].type != UNREAD for name in deck.grid):
        grid = _selected(game, deck, deck.grid_where, templates, findings)
        if grid is not None:
            _grid(game, deck, grid, findings)


def _left_out(deck: Deck, selected: list[Card], name: str) -> set[Any]:
    """The values of a field that only cards outside the selection have (the Jokers' suit): out of the grid."""
    chosen = {id(card) for card in selected}
    inside = {_hashable(c.values.get(name)) for c in selected}
    return {v for c in deck.cards if id(c) not in chosen and (v := _hashable(c.values.get(name))) not in inside}


def _hashable(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) else None


def _selected(game: Game, deck: Deck, where: Where | None, templates: Templates,
              findings: Findings) -> list[Card] | None:
    """The cards `where` selects (all without one); None when the condition cannot be evaluated (reported)."""
    if where is None:
        return deck.cards
    selected = []
    for card in deck.cards:
        context = {**game.params, "card": card.values, "index": card.index}
        before = len(findings)
        chosen = templates.evaluate(where.expression, context, where.loc, findings)
        if len(findings) > before:
            return None
        if chosen:
            selected.append(card)
    return selected


def _key(card_values: dict[str, Any], names: tuple[str, ...]) -> tuple[Any, ...] | None:
    key = tuple(card_values.get(n) for n in names)
    return None if None in key else key


def _unique(deck: Deck, cards: list[Card], names: tuple[str, ...], findings: Findings) -> dict[tuple[Any, ...], Any]:
    """Each card's values of `names` differ from every other card's; the first card of each, by its values."""
    seen: dict[tuple[Any, ...], Any] = {}
    for card in cards:
        key = _key(card.values, names)
        if key is None:
            continue
        if key in seen:
            shown = " ".join(map(str, key))
            findings.error(card.locs[names[0]],
                           f"deck {deck.id}: {shown} appears twice (first at {_at(seen[key], names[0])})")
        else:
            seen[key] = card
    return seen


def _at(card: Card, name: str) -> str:
    """Where the first of two cards alike is: its cell in a spreadsheet, as every finding there names it, or its
    line in a YAML card file."""
    loc = card.locs.get(name)
    return f"cell {loc.cell}" if isinstance(loc, CellLoc) else f"line {card.loc.line}"


def _may_be(values: tuple[Any, ...], combination: tuple[Any, ...]) -> bool:
    """Whether a card whose value of a grid field is in error (reported) may be the one with `combination`: it
    agrees on every field it has. Its missing combination would only repeat that finding."""
    return all(v is None or v == c for v, c in zip(values, combination, strict=True))


def _grid(game: Game, deck: Deck, cards: list[Card], findings: Findings) -> None:
    """Every combination of the grid fields' allowed values appears exactly once."""
    names = tuple(deck.grid)
    seen = _unique(deck, cards, names, findings)
    axes: list[Any] = []
    for name in names:
        spec = deck.fields[name]
        if spec.type == "choice" and isinstance(game.params.get(spec.choices_from or ""), list):
            axis = game.params[spec.choices_from or ""]
        elif spec.type == "int" and spec.lo is not None and spec.hi is not None:
            axis = range(spec.lo, spec.hi + 1)
        else:
            findings.error(spec.loc, f"grid field {name} needs a choice list or an int range (min and max)")
            return
        left_out = _left_out(deck, cards, name) if deck.grid_where is not None else set()
        axes.append([v for v in axis if _hashable(v) not in left_out] if left_out else axis)
    unsure = [tuple(card.values.get(n) for n in names) for card in cards if _key(card.values, names) is None]
    for combination in product(*axes):
        if combination not in seen and not any(_may_be(values, combination) for values in unsure):
            shown = ", ".join(f"{n} {v}" for n, v in zip(names, combination, strict=True))
            findings.error(deck.loc, f"deck {deck.id} has no card with {shown}")
