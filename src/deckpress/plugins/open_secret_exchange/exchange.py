"""`exchange-routes`: the desk cards of every market are consistent, and every market can be completed.

Reads the deck `desk-cards` (fields market, desk, records, requests) and the parameters
`desks`, `markets` and `turn_order`. Publishes `exchange_markets` (records, answers and
the route of each market, for the answer guide) and `solution` (for `deckpress solve`).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from deckpress.check.plugins import deck_with, plugin
from deckpress.findings import Findings, echoed
from deckpress.model import Card, Game

DECK = "desk-cards"


@plugin("exchange-routes")
def exchange_routes(game: Game, findings: Findings) -> dict[str, Any] | None:
    desks, markets, order = game.params.get("desks"), game.params.get("markets"), game.params.get("turn_order")
    deck = deck_with(game, DECK, ("desk", "market", "records", "requests"), "exchange-routes", findings)
    if not (isinstance(desks, list) and isinstance(markets, int) and isinstance(order, list)):
        findings.error(game.loc, "exchange-routes needs the parameters desks, markets and turn_order")
        return None
    if deck is None:
        return None
    order_ok = _turn_order(game, desks, order, findings)
    published = []
    present = sorted({n for c in deck.cards if c.valid and 1 <= (n := c.values["market"]) <= markets})
    for number in present:  # the markets that have cards (not a count to walk: `markets` may be huge)
        cards = [c for c in deck.cards if c.valid and c.values["market"] == number]
        if _market_cards(number, cards, findings) and order_ok:
            published.append(_solve_market(number, cards, desks, order, findings))
    return {
        "exchange_markets": published,
        "solution": {"markets": [{k: m[k] for k in ("market", "solvable", "turns")} for m in published]},
    }


def _turn_order(game: Game, desks: list[str], order: list[str], findings: Findings) -> bool:
    loc = game.param_locs["turn_order"]
    unknown = [d for d in order if d not in desks]
    for desk in unknown:
        findings.error(loc, f"the turn order names desk '{echoed(desk)}', which is not one of {', '.join(desks)}")
    turns = Counter(order)
    if len({turns[d] for d in desks}) > 1:
        counts = ", ".join(f"{d} {turns[d]}" for d in desks)
        findings.error(loc, f"every desk must initiate equally often, but the turn order gives {counts}")
        return False
    return not unknown


def _market_cards(number: int, cards: list[Card], findings: Findings) -> bool:
    """Codes belong to their desk; requests name other desks' codes of this market; values are unique."""
    errors = len(findings)
    owner: dict[str, str] = {}
    values: dict[str, str] = {}
    for card in cards:
        desk = card.values["desk"]
        for code, value in card.values["records"].items():
            where = card.locs[f"records.{code}"]
            if not re.fullmatch(rf"{re.escape(desk)}\d+", code):
                findings.error(where, f"code {code} on the card of desk {desk} must be {desk} followed by a number")
            owner[code] = desk
            if value in values:
                findings.error(where,
                               f"value '{echoed(value)}' is used twice in market {number} ({values[value]} and {code})")
            values.setdefault(value, code)
    for card in cards:
        desk = card.values["desk"]
        for i, code in enumerate(card.values["requests"], 1):
            where = card.locs[f"requests[{i}]"]
            if owner.get(code) == desk:
                findings.error(where, f"desk {desk} of market {number} requests its own code {code}")
            elif code not in owner:
                findings.error(where,
                               f"desk {desk} of market {number} requests {code}, which is no record of that market")
    return len(findings) == errors


def _solve_market(number: int, cards: list[Card], desks: list[str], order: list[str],
                  findings: Findings) -> dict[str, Any]:
    from deckpress.plugins.open_secret_exchange.routes import Market, solve  # only a game asking for the check

    by_desk = {c.values["desk"]: c for c in cards}
    market = Market(
        desks=tuple(d for d in desks if d in by_desk),
        records={d: tuple(c.values["records"]) for d, c in by_desk.items()},
        requests={d: tuple(c.values["requests"]) for d, c in by_desk.items()},
        turns=tuple(order),
    )
    verdict = solve(market)
    if not verdict.decided:
        findings.error(cards[0].loc, f"market {number}: {verdict.reason}")
    elif not verdict.solvable:
        findings.error(cards[0].loc, f"market {number} has no route that completes every request: {verdict.reason}")
    value_of = {code: value for c in cards for code, value in c.values["records"].items()}
    return {
        "market": number,
        "solvable": verdict.solvable,
        "desks": [
            {"desk": d, "records": by_desk[d].values["records"],
             "requests": [{"code": code, "value": value_of[code]} for code in by_desk[d].values["requests"]]}
            for d in market.desks
        ],
        "turns": [e.as_json() for e in verdict.route],
    }
