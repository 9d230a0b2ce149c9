"""`stone-economy`: an exchange-and-wares deck is complete, playable and makes no stone from nothing.

Reads the decks `exchanges` (field `equations`: texts such as `A A = J`) and `wares`
(fields `stones`, `stars`) and the parameters `stones`, `stone_letters`, `die_faces`,
`hand_limit`, `star_counts` and the scoring columns `score_*`. Publishes `colours`,
`exchange_cards` and `wares` for `deckpress dump`.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from statistics import mean
from typing import Any

from deckpress.check.parameters import Kind, Names, Numbers, Table, Whole, typed_parameters
from deckpress.check.plugins import deck_with, plugin
from deckpress.findings import Findings, Loc, echoed
from deckpress.model import Card, Game
from deckpress.plugins.stone_market.economy import (
    Equation,
    certificate,
    counts,
    expected_rolls,
    money_pump,
    reachable,
)

STAR_WORDS = ("plain", "one-star", "two-star")
SCORE_COLUMNS = ("score_plain", "score_star", "score_double", "score_top")
MAX_SIDE = 4
NEEDS: dict[str, Kind] = {
    "stones": Names(2, 12), "stone_letters": Table(), "die_faces": Names(1, 20), "stones_per_ware": Whole(1, 10),
    "hand_limit": Whole(1, 100), "star_counts": Numbers(3)}


@plugin("stone-economy")
def stone_economy(game: Game, findings: Findings) -> dict[str, Any] | None:
    p = game.params
    needs = typed_parameters(p, game.param_locs, game.loc, NEEDS, "stone-economy", findings)
    exchanges = deck_with(game, "exchanges", ("equations",), "stone-economy", findings)
    wares = deck_with(game, "wares", ("stones", "stars"), "stone-economy", findings)
    if needs is None or exchanges is None or wares is None:
        return None
    names, letters = needs["stones"], needs["stone_letters"]
    colours = [str(letters[n]) for n in names if n in letters]
    if len(colours) != len(names) or len(set(colours)) != len(colours):
        findings.error(game.param_locs["stone_letters"], "every stone needs its own letter")
        return None
    before = len(findings)
    cards = [_card_equations(card, colours, findings) for card in exchanges.cards if card.valid]
    # a ware's stones are checked even when its stars are wrong: every finding in one run
    ware_hands = [(card, _ware(card, colours, p["stones_per_ware"], findings))
                  for card in wares.cards if card.values.get("stones") is not None]
    ware_hands = [(card, hand if card.valid else None) for card, hand in ware_hands]
    _scoring(game, findings)
    if len(findings) == before:
        _no_stone_from_nothing(exchanges.cards, cards, colours, exchanges.generated, names, findings)
        _wares_playable(game, cards, ware_hands, colours, findings)
    return {
        "colours": [{"name": n, "letter": letters[n], "shape": p.get("letter_shapes", {}).get(letters[n])}
                    for n in names],
        "exchange_cards": [[{"left": _named(e.left, names, colours), "right": _named(e.right, names, colours)}
                            for e in eqs] for eqs in cards],
        "wares": [{"stones": _named(tuple(zip(colours, hand, strict=True)), names, colours),
                   "stars": card.values["stars"]} for card, hand in ware_hands if hand is not None],
    }


def _named(pairs: tuple[tuple[str, int], ...], names: list[str], colours: list[str]) -> dict[str, int]:
    name_of = dict(zip(colours, names, strict=True))
    return {name_of[c]: n for c, n in pairs if n}


def _card_equations(card: Card, colours: list[str], findings: Findings) -> list[Equation]:
    equations: list[Equation] = []
    for i, text in enumerate(card.values["equations"], 1):
        loc = card.locs[f"equations[{i}]"]
        equation = _parse(text, colours, loc, findings)
        if equation is None:
            continue
        if equation in equations or equation.mirrored() in equations:
            findings.error(loc, f"exchange card {card.index}: '{echoed(text)}' repeats another equation of the card")
        equations.append(equation)
    return equations


def _parse(text: str, colours: list[str], loc: Loc, findings: Findings) -> Equation | None:
    sides = text.split("=")
    if len(sides) != 2:
        findings.error(loc, f"an equation is two sides with one '=' between them, got '{echoed(text)}'")
        return None
    tallies = []
    for side in sides:
        stones = side.split()
        unknown = [s for s in stones if s not in colours]
        if unknown:
            findings.error(loc, f"'{echoed(unknown[0])}' is not a stone letter ({', '.join(colours)})")
            return None
        if not 1 <= len(stones) <= MAX_SIDE:
            findings.error(loc, f"each side of an equation holds 1-{MAX_SIDE} stones, got {len(stones)} in "
                                f"'{echoed(text)}'")
            return None
        tallies.append({c: n for c, n in zip(colours, counts(stones, colours), strict=True) if n})
    both = sorted(set(tallies[0]) & set(tallies[1]))
    if both:
        findings.error(loc, f"no stone may stand on both sides of an equation, but {both[0]} does in '{echoed(text)}'")
        return None
    return Equation.of(*tallies)


def _ware(card: Card, colours: list[str], size: int, findings: Findings) -> tuple[int, ...] | None:
    stones = card.values["stones"].split()
    loc = card.locs["stones"]
    unknown = [s for s in stones if s not in colours]
    if unknown:
        findings.error(loc, f"'{echoed(unknown[0])}' is not a stone letter ({', '.join(colours)})")
        return None
    if len(stones) != size:
        findings.error(loc, f"a ware holds {size} stones, got {len(stones)}")
        return None
    return counts(stones, colours)


def _no_stone_from_nothing(cards: list[Card], equations: list[list[Equation]], colours: list[str],
                           generated: dict[str, Any], names: list[str], findings: Findings) -> None:
    """For every pair of exchange cards: values that balance all ten equations, or the money pump."""
    recorded = generated.get("values") if isinstance(generated.get("values"), dict) else {}
    hint = [Fraction(recorded[n]) for n in names if n in recorded] if recorded else []
    for (i, a), (j, b) in combinations(enumerate(equations), 2):
        active = a + b
        if len(hint) == len(colours) and min(hint) > 0 and all(
            sum(v * d for v, d in zip(hint, e.delta(colours), strict=True)) == 0 for e in active
        ):
            continue  # the recorded valuation is a certificate: checked exactly
        if certificate(active, colours) is not None:
            continue
        pump = money_pump(active, colours)
        shown = "no gaining sequence of up to 4 trades was found, yet no values balance them"
        if pump:
            steps = "; ".join(f"{active[k].text() if forward else active[k].mirrored().text()}"
                              for k, forward in pump.trades)
            shown = (f"from a hand of {_hand(pump.start, colours)}, trade {steps}: "
                     f"the hand ends as {_hand(pump.end, colours)}")
        findings.error(cards[i].loc, f"exchange cards {i + 1} and {j + 1} make stones from nothing: {shown}")


def _hand(hand: tuple[int, ...], colours: list[str]) -> str:
    return " ".join(c for c, n in zip(colours, hand, strict=True) for _ in range(n)) or "nothing"


def _wares_playable(game: Game, equations: list[list[Equation]], wares: list[tuple[Card, tuple[int, ...] | None]],
                    colours: list[str], findings: Findings) -> None:
    p = game.params
    faces, names = p["die_faces"], p["stones"]
    choice = sum(f not in names for f in faces)
    rollable = {i for i, n in enumerate(names) if n in faces} | (set(range(len(names))) if choice else set())
    limit = p["hand_limit"]
    for card, hand in wares:
        if hand is None:
            continue
        if len(rollable) < len(colours):  # with every colour on the die, five rolls always buy a ware
            for (i, a), (j, b) in combinations(enumerate(equations), 2):
                if not reachable(hand, a + b, colours, rollable, limit):
                    findings.error(card.locs["stones"],
                                   f"ware {card.index} cannot be bought with exchange cards {i + 1} and {j + 1}")
                    break
    declared = p["star_counts"]
    tally = [sum(card.values.get("stars") == s for card, _ in wares) for s in range(3)]
    if declared != tally:
        findings.error(game.param_locs["star_counts"],
                       f"star_counts declares {declared} wares with 0, 1 and 2 stars; the deck has {tally}")
    difficulty = [[expected_rolls(h, len(faces), choice) for c, h in wares if h and c.values["stars"] == s]
                  for s in range(3)]
    averages = [mean(d) if d else None for d in difficulty]
    for lower, higher in ((0, 1), (1, 2)):
        low, high = averages[lower], averages[higher]
        if low is not None and high is not None and not high > low:
            findings.error(game.decks["wares"].loc,
                           f"{STAR_WORDS[higher]} wares must be harder than {STAR_WORDS[lower]} ones: they average "
                           f"{float(high):.2f} rolls to collect, {STAR_WORDS[lower]} ones {float(low):.2f}")


def _scoring(game: Game, findings: Findings) -> None:
    columns: list[tuple[str, list[int]]] = []
    for name in SCORE_COLUMNS:
        column = game.params.get(name)
        if not (isinstance(column, list) and column and all(isinstance(x, int) for x in column)):
            findings.error(game.loc, f"the scoring column {name} must be a list of whole numbers")
            return
        columns.append((name, column))
    for name, column in columns:
        if any(b > a for a, b in zip(column, column[1:], strict=False)):
            findings.error(game.param_locs[name], f"{name} must never rise as leftovers grow, got {column}")
    for (lower, low), (higher, high) in zip(columns, columns[1:], strict=False):
        if len(low) != len(high) or any(h < lo for lo, h in zip(low, high, strict=False)):
            findings.error(game.param_locs[higher],
                           f"{higher} must be at least {lower} row by row, got {high} and {low}")
