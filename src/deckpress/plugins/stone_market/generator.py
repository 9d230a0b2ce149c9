"""The `stone-market` generator: exchange cards and wares from a hidden value per stone.

Every equation balances those values, so no stone comes from nothing; the values are written into the card
files' provenance, where the `stone-economy` check reads them as its certificate.
"""

from __future__ import annotations

import itertools
from typing import Any

from deckpress.check.parameters import Kind, Names, Numbers, Table, Whole
from deckpress.generate import Stream, generator
from deckpress.plugins.stone_market.economy import expected_rolls
from deckpress.plugins.stone_market.stones import MAX_SIDE

GENERATOR_VERSION = 1

Side = tuple[int, ...]  # stones by their index in the parameter `stones`, in order


NEEDS: dict[str, Kind] = {
    "stones": Names(2, 8), "stone_letters": Table(), "die_faces": Names(1, 20), "exchange_cards": Whole(1, 50),
    "equations_per_card": Whole(1, 10), "stones_per_ware": Whole(1, 10), "wares": Whole(1, 200),
    "star_counts": Numbers(3)}


@generator("stone-market", NEEDS)
def stone_market(params: dict[str, Any], seed: int, attempt: int) -> dict[str, str]:
    """Exchange cards and wares from a hidden value per stone: every equation balances those values."""
    stream = Stream(f"deckpress/stone-market/v{GENERATOR_VERSION}/seed={seed}/attempt={attempt}")
    names: list[str] = params["stones"]
    values = dict(zip(names, stream.shuffled(range(1, 9))[: len(names)], strict=True))
    worth = [values[n] for n in names]
    cards, per_card = params["exchange_cards"], params["equations_per_card"]
    # the fewest stones first (in shuffled order among equals): short trades are easier to read and to make
    shuffled = stream.shuffled(_balanced_equations(worth))
    candidates = sorted(shuffled, key=lambda e: len(e[0]) + len(e[1]))[: cards * per_card]
    candidates = stream.shuffled(candidates)
    equations = [(right, left) if stream.below(2) else (left, right) for left, right in candidates]
    wares = stream.shuffled(list(itertools.combinations_with_replacement(range(len(names)), params["stones_per_ware"])))
    wares = wares[: params["wares"]]
    by_card = [equations[c * per_card:(c + 1) * per_card] for c in range(cards)]
    provenance = (f"generated: {{generator: stone-market, version: {GENERATOR_VERSION}, seed: {seed}, "
                  f"attempt: {attempt}, values: {{{', '.join(f'{n}: {v}' for n, v in values.items())}}}}}\n")
    header = f"# Made by `deckpress generate stone-market --seed {seed}`. Generate again rather than edit.\n"
    return _card_files(params, by_card, wares, _stars(wares, params, len(names)), header + provenance)


def _card_files(params: dict[str, Any], by_card: list[list[tuple[Side, Side]]], wares: list[Side],
                stars: dict[Side, int], head: str) -> dict[str, str]:
    """The two card files, each opened by `head` (where it came from), stones written as their letters."""
    letters = [params["stone_letters"][n] for n in params["stones"]]

    def side(stones: Side) -> str:
        return " ".join(letters[i] for i in stones)

    exchange_lines = [head, "cards:\n"]
    for equations in by_card:
        exchange_lines.append("  - equations:\n")
        exchange_lines += [f"      - {side(a)} = {side(b)}\n" for a, b in equations]
    ware_lines = [head, "cards:\n"]
    ware_lines += [f"  - {{stones: {side(w)}, stars: {stars[w]}}}\n" for w in wares]
    return {"exchanges.yaml": "".join(exchange_lines), "wares.yaml": "".join(ware_lines)}


def _balanced_equations(worth: list[int]) -> list[tuple[Side, Side]]:
    """Every pair of sides (1-4 stones, no stone on both sides) of equal worth, each pair once."""
    sides = [s for k in range(1, MAX_SIDE + 1) for s in itertools.combinations_with_replacement(range(len(worth)), k)]
    out = []
    for left, right in itertools.combinations(sides, 2):
        if not set(left) & set(right) and sum(worth[i] for i in left) == sum(worth[i] for i in right):
            out.append((left, right))
    return out


def _stars(wares: list[Side], params: dict[str, Any], colours: int) -> dict[Side, int]:
    """The hardest wares to collect with the die get two stars, the next hardest one; as many as declared."""
    faces = params["die_faces"]
    choice = sum(f not in params["stones"] for f in faces)
    difficulty = {w: expected_rolls(tuple(w.count(i) for i in range(colours)), len(faces), choice) for w in wares}
    ranked = sorted(wares, key=lambda w: (-difficulty[w], w))
    plain, one, two = params["star_counts"]
    return {w: 2 if r < two else 1 if r < two + one else 0 for r, w in enumerate(ranked)}
