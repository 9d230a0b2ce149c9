"""A seeded family of generated exchange markets: 4-6 desks, 3-4 records each, two laps."""

from __future__ import annotations

import random

from deckpress.plugins.open_secret_exchange.routes import Market

LETTERS = "ABCDEF"


def market(seed: int, desks: int, records: int) -> Market:
    """Each desk requests `records` codes of other desks; the second lap starts one desk later."""
    rng = random.Random(seed)
    names = tuple(LETTERS[:desks])
    owned = {d: tuple(f"{d}{i}" for i in range(1, records + 1)) for d in names}
    requests = {}
    for d in names:
        others = [c for e in names if e != d for c in owned[e]]
        requests[d] = tuple(sorted(rng.sample(others, records)))
    turns = names + names[1:] + names[:1]
    return Market(names, owned, requests, turns)


def family(count: int = 60) -> list[Market]:
    return [market(seed, 4 + seed % 3, 3 + (seed // 3) % 2) for seed in range(count)]
