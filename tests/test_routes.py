"""The route solver: routes it returns replay legally; markets without one are proven so, with a reason."""

from __future__ import annotations

import itertools

import pytest

from deckpress.plugins.open_secret_exchange.routes import Exchange, Market, solve

DESKS = ("A", "B", "C", "D")
RECORDS = {d: (f"{d}1", f"{d}2", f"{d}3") for d in DESKS}
SEED_REQUESTS = {"A": ("B1", "B2", "C3"), "B": ("C1", "C2", "D3"), "C": ("A3", "D1", "D2"), "D": ("A1", "A2", "B3")}
TWO_LAPS = ("A", "B", "C", "D", "B", "C", "D", "A")


def independent_replay(market: Market, route: tuple[Exchange, ...]) -> bool:
    """Written apart from the solver: the rules of a turn, applied one exchange at a time."""
    assert [e.turn for e in route] == list(range(1, len(market.turns) + 1))
    assert [e.initiator for e in route] == list(market.turns)
    knows = {d: set(market.records[d]) for d in market.desks}
    for e in route:
        if e.partner is None:
            assert e.initiator_gives is None and e.partner_gives is None
            continue
        assert e.partner in knows and e.partner != e.initiator  # one other desk, no third party
        assert e.initiator_gives in knows[e.initiator]  # a code it really knows, original or received
        assert e.partner_gives in knows[e.partner]
        knows[e.partner].add(e.initiator_gives)  # copied, never consumed
        knows[e.initiator].add(e.partner_gives)
    return all(set(market.requests[d]) <= knows[d] for d in market.desks)


def test_the_published_market_has_a_route_that_replays():
    market = Market(DESKS, RECORDS, SEED_REQUESTS, TWO_LAPS)
    verdict = solve(market)
    assert verdict.solvable
    assert independent_replay(market, verdict.route)


def test_too_few_turns_is_explained_by_counting():
    market = Market(DESKS, RECORDS, SEED_REQUESTS, ("A", "B"))
    verdict = solve(market)
    assert not verdict.solvable
    assert verdict.reason == "desk A needs 3 facts but takes part in at most 2 of the remaining turns"


def test_partner_places_run_out():
    # only A initiates: B, C and D can learn only as partners, one partner a turn
    requests = {"A": ("B1",), "B": ("A1", "C1"), "C": ("A1", "D1"), "D": ("A1", "B1")}
    verdict = solve(Market(DESKS, RECORDS, requests, ("A", "A", "A")))
    assert not verdict.solvable
    assert verdict.reason == ("the desks need 6 facts beyond what their own turns can bring, "
                              "but the 3 remaining turns have only 3 partner places")


def test_a_market_only_an_exhaustive_search_rules_out():
    records = {d: tuple(f"{d}{i}" for i in range(1, 5)) for d in DESKS}
    requests = {"A": ("B1", "B4", "D1", "D3"), "B": ("A1", "A3", "A4", "D2"),
                "C": ("A3", "A4", "B2", "D3"), "D": ("A2", "B2", "B4", "C3")}
    market = Market(DESKS, records, requests, TWO_LAPS)
    verdict = solve(market)
    assert not verdict.solvable
    assert verdict.reason.startswith("an exhaustive search of ")
    assert verdict.reason.endswith("found no route (no transfer may be spared: 16 slots for 16 missing facts)")
    assert not any(brute_force(market))


def brute_force(market: Market):
    """Every route with useful transfers, enumerated blindly, for a small market: each that meets every request."""
    def walk(t, knows, route):
        if t == len(market.turns):
            yield all(set(market.requests[d]) <= knows[d] for d in market.desks)
            return
        i = market.turns[t]
        for p in market.desks:
            if p == i:
                continue
            for x, y in itertools.product(sorted(knows[i] - knows[p]) or [None], sorted(knows[p] - knows[i]) or [None]):
                after = {d: set(k) for d, k in knows.items()}
                after[p] |= {x} - {None}
                after[i] |= {y} - {None}
                missing = sum(len(set(market.requests[d]) - knows[d]) for d in market.desks)
                if 2 - ((x is not None and x in market.requests[p]) + (y is not None and y in market.requests[i])) \
                        > 2 * (len(market.turns) - t) - missing:
                    continue  # this route would need more transfers than the turns left have
                yield from walk(t + 1, after, route)
    yield from walk(0, {d: set(market.records[d]) for d in market.desks}, [])


@pytest.mark.parametrize("seed", range(12))
def test_generated_markets_agree_with_the_replay(seed):
    """Markets of 4-6 desks from a seeded generator: every route found replays; every verdict is certain."""
    import random

    rng = random.Random(seed)
    n, r = 4 + seed % 3, 3 + seed % 2
    desks = "ABCDEF"[:n]
    records = {d: tuple(f"{d}{i}" for i in range(1, r + 1)) for d in desks}
    requests = {d: tuple(rng.sample([c for e in desks if e != d for c in records[e]], r)) for d in desks}
    market = Market(tuple(desks), records, requests, tuple(desks) + tuple(desks[1:] + desks[:1]))
    verdict = solve(market)
    if verdict.solvable:
        assert independent_replay(market, verdict.route)
    else:
        assert verdict.reason
