"""Exchange routes for Open Secret Exchange style markets: find one, or prove there is none.

A market is a fixed order of initiating desks. On its turn the initiator may
complete one 1-for-1 exchange with one partner: each gives one code it knows
(an original record or a fact received earlier) and both keep everything.
The goal: after the last turn every desk knows all the codes it requests.

The search is a depth-first search over turns with three prunings, all exact:
- knowing more never hurts (facts are copied, never consumed), so an exchange
  that moves a still-needed code dominates one that moves nothing useful;
- counting bounds: a desk gains at most one fact a turn, and a turn has only
  one partner place, so the facts still missing must fit the turns that remain;
- failed (turn, knowledge) states are remembered.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

RESTART_STATES = 200  # search states in the first restart's budget
SEARCH_WORK = 10_000_000  # matching steps of all restarts, a few seconds (the 300 bench markets take 0.7M at most)


@dataclass(frozen=True)
class Market:
    desks: tuple[str, ...]
    records: dict[str, tuple[str, ...]]  # desk -> the codes it starts with
    requests: dict[str, tuple[str, ...]]  # desk -> the codes it must learn
    turns: tuple[str, ...]  # the initiating desk of each turn, in order


@dataclass(frozen=True)
class Exchange:
    turn: int
    initiator: str
    partner: str | None = None
    initiator_gives: str | None = None
    partner_gives: str | None = None

    def as_json(self) -> dict[str, object]:
        return {"turn": self.turn, "initiator": self.initiator, "partner": self.partner,
                "initiator_gives": self.initiator_gives, "partner_gives": self.partner_gives}


@dataclass(frozen=True)
class Verdict:
    solvable: bool
    route: tuple[Exchange, ...] = ()
    reason: str = ""
    states: int = 0  # search states visited, for benchmarks
    decided: bool = True  # False: the search ran out of its budget, neither finding a route nor ruling one out


Move = tuple[int | None, int | None, int | None]  # partner, code the initiator gives, code the partner gives


def _codes(mask: int) -> list[int | None]:
    """The codes of a mask, or [None] (give nothing useful) when it is empty."""
    return [*_bits(mask)] or [None]


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Search:
    def __init__(self, market: Market) -> None:
        self.m = market
        self.codes = sorted({c for cs in market.records.values() for c in cs})
        self.index = {c: i for i, c in enumerate(self.codes)}
        desk_index = {d: i for i, d in enumerate(market.desks)}
        self.need = tuple(self._mask(market.requests.get(d, ())) for d in market.desks)
        self.turns = tuple(desk_index[d] for d in market.turns)
        n, total = len(market.desks), len(self.turns)
        # Transfer slots: bit 2u is what the initiator of turn u receives, bit 2u+1 what its partner receives.
        # own[t][d]: initiator slots from turn t on that desk d fills; guest[t][d]: partner slots open to d.
        self.own = [[0] * n for _ in range(total + 1)]
        self.guest = [[0] * n for _ in range(total + 1)]
        for t in range(total - 1, -1, -1):
            for d in range(n):
                mine = self.turns[t] == d
                self.own[t][d] = self.own[t + 1][d] | (1 << 2 * t if mine else 0)
                self.guest[t][d] = self.guest[t + 1][d] | (0 if mine else 1 << 2 * t + 1)
        self.own_count = [[mask.bit_count() for mask in row] for row in self.own]
        self.reach_cache: dict[tuple[int, int], int] = {}
        self.failed: set[tuple[int, tuple[int, ...]]] = set()  # true whatever the move order
        self.states = 0
        self.budget = 0
        self.work = 0  # matching steps so far, deterministic: a measure of time that is the same everywhere
        self.order = 0  # which move order this restart uses (see `_rank`)
        self.shuffle = random.Random(0)

    def _mask(self, codes: tuple[str, ...]) -> int:
        return sum(1 << self.index[c] for c in codes if c in self.index)

    def start(self) -> tuple[int, ...]:
        return tuple(self._mask(self.m.records.get(d, ())) for d in self.m.desks)

    def missing(self, known: tuple[int, ...]) -> list[int]:
        return [(need & ~k).bit_count() for need, k in zip(self.need, known, strict=True)]

    def wanted(self, known: tuple[int, ...]) -> int:
        """Codes that some desk requests and does not know yet."""
        out = 0
        for need, k in zip(self.need, known, strict=True):
            out |= need & ~k
        return out

    def bound(self, t: int, known: tuple[int, ...]) -> tuple[str | None, dict[int, tuple[int, int]]]:
        """Why no route can exist from here (or None), and a relaxed plan: slot -> (desk, code).

        Each missing fact needs a slot of its own: the initiator slot of a turn its desk initiates, or the
        partner slot of a turn whose initiator could know the fact by then. A desk gains one fact a turn."""
        left = len(self.turns) - t
        beyond_own = 0
        own_count = self.own_count[t]
        gaps = [need & ~k for need, k in zip(self.need, known, strict=True)]
        for d, gap in enumerate(gaps):
            missing = gap.bit_count()
            if missing > left:
                return (f"desk {self.m.desks[d]} needs {missing} facts but takes part in at most {left} "
                        "of the remaining turns"), {}
            if missing > own_count[d]:
                beyond_own += missing - own_count[d]
        if beyond_own > left:
            return (f"the desks need {beyond_own} facts beyond what their own turns can bring, "
                    f"but the {left} remaining turns have only {left} partner places"), {}
        items: list[tuple[int, int]] = []
        edges = []
        own, guest = self.own[t], self.guest[t]
        for d, gap in enumerate(gaps):
            for c in _bits(gap):
                options = own[d] | (self._reach(t, known, c) & guest[d])
                if not options:
                    return f"desk {self.m.desks[d]} can no longer learn {self.codes[c]}", {}
                items.append((d, c))
                edges.append(options)
        self.work += len(items) * 2 * left  # what the matching may cost: each fact tried against each slot
        plan = _matching(edges)
        if plan is None:
            return (f"the {len(items)} missing facts cannot each be brought by a turn of their own: "
                    "too few of the remaining turns have an initiator who could know them"), {}
        return None, {slot: items[item] for slot, item in plan.items()}

    def _reach(self, t: int, known: tuple[int, ...], c: int) -> int:
        """Partner slots from turn t on whose initiator could know code c (an optimistic spread)."""
        knowers = 0
        for e, k in enumerate(known):
            if k >> c & 1:
                knowers |= 1 << e
        key = (t, knowers)
        slots = self.reach_cache.get(key)
        if slots is None:
            everyone, slots = (1 << len(known)) - 1, 0
            for u in range(t, len(self.turns)):
                i = self.turns[u]
                if knowers >> i & 1:
                    slots |= 1 << (2 * u + 1)
                    knowers = everyone  # it may tell any partner: from here on anyone could know it
                else:
                    knowers |= 1 << i  # the initiator may learn it from a knower on its own turn
            self.reach_cache[key] = slots
        return slots

    def run(self, t: int, known: tuple[int, ...]) -> list[tuple[int | None, int | None, int | None]] | None:
        """Moves (partner, code the initiator gives, code the partner gives) from turn t on, or None."""
        self.states += 1
        if self.states > self.budget:
            raise _OutOfBudget
        if self.work > SEARCH_WORK:
            raise _Undecided
        wanted = self.wanted(known)
        if not wanted:
            return []
        key = (t, tuple(k & wanted for k in known))  # knowledge nobody needs has no future
        if t == len(self.turns) or key in self.failed:
            return None
        reason, plan = self.bound(t, known)
        if reason is None:
            for move, after in self.moves(t, known, wanted, plan):
                rest = self.run(t + 1, after)
                if rest is not None:
                    return [move, *rest]
        self.failed.add(key)
        return None

    def moves(self, t: int, known: tuple[int, ...], wanted: int, plan: dict[int, tuple[int, int]]):  # type: ignore[no-untyped-def]
        """Exchanges worth trying at turn t: those the relaxed plan suggests first, then direct needs met.

        Every turn has two transfer slots and every missing fact needs one, so a move may waste (leave
        empty, or spend on a go-between) only as many slots as the spare ones left: the slack."""
        i = self.turns[t]
        need = self.need
        slack = 2 * (len(self.turns) - t) - sum((n & ~k).bit_count() for n, k in zip(need, known, strict=True))
        to_initiator, to_partner = plan.get(2 * t), plan.get(2 * t + 1)
        options: list[tuple[tuple[float, ...], Move, tuple[int, ...]]] = []
        for p in range(len(known)):
            if p == i:
                continue
            for x in _codes(known[i] & ~known[p] & wanted):
                x_direct = x is not None and need[p] >> x & 1
                for y in _codes(known[p] & ~known[i] & wanted):
                    direct = x_direct + (y is not None and need[i] >> y & 1)
                    if x is None and y is None or 2 - direct > slack:
                        continue
                    after = list(known)
                    if x is not None:
                        after[p] |= 1 << x
                    if y is not None:
                        after[i] |= 1 << y
                    guided = (to_partner == (p, x)) + (to_initiator == (i, y))
                    options.append((self._rank(guided, direct, len(options)), (p, x, y), tuple(after)))
        if not options and slack >= 2:
            return [((None, None, None), known)]  # nothing useful can move: the turn passes
        options.sort(key=lambda o: o[0])
        return [(move, after) for _, move, after in options]


    def _rank(self, guided: int, direct: int, position: int) -> tuple[float, ...]:
        """Order 0 follows the relaxed plan, order 1 meets requests directly; later orders break ties at
        random (seeded by the order's number, so every run is the same), a new order each restart."""
        if self.order == 0:
            return (-guided, -direct)
        if self.order == 1:
            return (-direct,)
        return (-direct, self.shuffle.random())


class _OutOfBudget(Exception):
    """This restart's budget is spent: the next one starts."""


class _Undecided(Exception):
    """The whole search's budget is spent: the market is neither solved nor proven unsolvable."""


def _matching(edges: list[int]) -> dict[int, int] | None:
    """Give every item a distinct slot from its bitmask (bipartite matching); slot -> item, or None."""
    owner: dict[int, int] = {}

    def place(item: int, seen: list[int]) -> bool:
        options = edges[item] & ~seen[0]
        while options:
            low = options & -options
            options ^= low
            seen[0] |= low
            slot = low.bit_length() - 1
            if slot not in owner or place(owner[slot], seen):
                owner[slot] = item
                return True
        return False

    return owner if all(place(item, [0]) for item in range(len(edges))) else None


def solve(market: Market) -> Verdict:
    search = _Search(market)
    start = search.start()
    reason, _ = search.bound(0, start)
    if reason:
        return Verdict(False, reason=reason, states=1)
    try:
        moves = _restarts(search, start)
    except _Undecided:
        return Verdict(False, reason="no route found within the search budget; the market is larger than "
                                     "deckpress decides", states=search.states, decided=False)
    if moves is None:
        missing = sum(search.missing(start))
        slots = 2 * len(market.turns)
        tight = f" (no transfer may be spared: {slots} slots for {missing} missing facts)" if missing == slots else ""
        return Verdict(False, reason=f"an exhaustive search of {search.states} states found no route{tight}",
                       states=search.states)
    return Verdict(True, _route(market, search, start, moves), states=search.states)


def _restarts(search: _Search, start: tuple[int, ...]) -> list | None:  # type: ignore[type-arg]
    """Depth-first searches under the Luby schedule of budgets, each with its own move order. One bad early
    choice can hide a route from an order for a long time, while another order finds it at once. Failed
    states are shared, so no restart repeats proven work, and budgets grow until a search runs to its end."""
    for order in itertools.count():
        search.order, search.shuffle = order, random.Random(order)
        search.budget = search.states + RESTART_STATES * _luby(order + 1)
        try:
            return search.run(0, start)
        except _OutOfBudget:
            continue
    return None  # unreachable: the counter never ends


def _luby(i: int) -> int:
    """1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...: the restart schedule that wastes at most a log factor."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    return 1 << (k - 1) if i == (1 << k) - 1 else _luby(i - (1 << (k - 1)) + 1)


def _route(market: Market, search: _Search, start: tuple[int, ...], moves: list) -> tuple[Exchange, ...]:  # type: ignore[type-arg]
    """Name the codes of each turn; where one side has nothing useful to give, it gives its first record."""
    route = []
    for t, initiator in enumerate(market.turns):
        move = moves[t] if t < len(moves) else (None, None, None)
        partner_i, x, y = move
        if partner_i is None:
            route.append(Exchange(t + 1, initiator))
            continue
        partner = market.desks[partner_i]
        gives = search.codes[x] if x is not None else market.records[initiator][0]
        takes = search.codes[y] if y is not None else market.records[partner][0]
        route.append(Exchange(t + 1, initiator, partner, gives, takes))
    return tuple(route)


def replay(market: Market, route: tuple[Exchange, ...]) -> list[str]:
    """An independent check of a route: every problem found, or [] if it is legal and complete."""
    known = {d: set(market.records.get(d, ())) for d in market.desks}
    problems = []
    if len(route) != len(market.turns):
        problems.append(f"route has {len(route)} turns, the order has {len(market.turns)}")
    for step, initiator in zip(route, market.turns, strict=False):
        if step.initiator != initiator:
            problems.append(f"turn {step.turn}: {step.initiator} initiates, the order says {initiator}")
        if step.partner is None:
            continue
        if step.partner == step.initiator or step.partner not in known:
            problems.append(f"turn {step.turn}: {step.partner} is not another desk")
            continue
        if step.initiator_gives not in known[step.initiator] or step.partner_gives not in known[step.partner]:
            problems.append(f"turn {step.turn}: a desk offers a code it does not know")
            continue
        known[step.partner].add(step.initiator_gives or "")
        known[step.initiator].add(step.partner_gives or "")
    for desk in market.desks:
        for code in market.requests.get(desk, ()):
            if code not in known[desk]:
                problems.append(f"desk {desk} never learns {code}")
    return problems
