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

from dataclasses import dataclass


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
        self.desk_index = {d: i for i, d in enumerate(market.desks)}
        self.need = tuple(self._mask(market.requests.get(d, ())) for d in market.desks)
        self.turns = tuple(self.desk_index[d] for d in market.turns)
        # how many of the turns from t on each desk initiates
        n, total = len(market.desks), len(self.turns)
        self.own_turns = [[0] * n for _ in range(total + 1)]
        for t in range(total - 1, -1, -1):
            self.own_turns[t] = list(self.own_turns[t + 1])
            self.own_turns[t][self.turns[t]] += 1
        self.failed: set[tuple[int, tuple[int, ...]]] = set()
        self.states = 0

    def _mask(self, codes: tuple[str, ...]) -> int:
        return sum(1 << self.index[c] for c in codes if c in self.index)

    def start(self) -> tuple[int, ...]:
        return tuple(self._mask(self.m.records.get(d, ())) for d in self.m.desks)

    def missing(self, known: tuple[int, ...]) -> list[int]:
        return [(need & ~k).bit_count() for need, k in zip(self.need, known, strict=True)]

    def bound_fails(self, t: int, known: tuple[int, ...]) -> str | None:
        """Why the facts still missing cannot fit the turns left, or None."""
        left = len(self.turns) - t
        missing = self.missing(known)
        for d, count in enumerate(missing):
            if count > left:
                return (f"desk {self.m.desks[d]} needs {count} facts but takes part in at most {left} "
                        f"of the remaining turns")
        beyond_own = sum(max(0, count - self.own_turns[t][d]) for d, count in enumerate(missing))
        if beyond_own > left:
            return (f"the desks need {beyond_own} facts beyond what their own turns can bring, "
                    f"but the {left} remaining turns have only {left} partner places")
        return self.delivery_fails(t, known)

    def delivery_fails(self, t: int, known: tuple[int, ...]) -> str | None:
        """Every missing fact needs a transfer slot of its own in a later turn: the initiator's slot of a turn
        the desk initiates, or the partner's slot of a turn whose initiator could know the fact by then.
        If the missing facts cannot all be matched to distinct slots, no route exists from here."""
        n, total = len(known), len(self.turns)
        partner_slots: dict[int, int] = {}  # code -> partner slots (bit 2u+1) whose initiator could know it
        items = []
        for d, need in enumerate(self.need):
            own = sum(1 << (2 * u) for u in range(t, total) if self.turns[u] == d)
            for c in _bits(need & ~known[d]):
                if c not in partner_slots:
                    partner_slots[c] = self._reach(t, known, c, n)
                others = sum(1 << (2 * u + 1) for u in range(t, total) if self.turns[u] != d)
                items.append(own | (partner_slots[c] & others))
        if not _matches(items):
            return (f"the {len(items)} missing facts cannot each be brought by a turn of their own: "
                    "too few remaining turns have an initiator who could know them")
        return None

    def _reach(self, t: int, known: tuple[int, ...], c: int, n: int) -> int:
        """Partner slots from turn t on whose initiator could know code c (an optimistic spread)."""
        knowers = sum(1 << e for e in range(n) if known[e] >> c & 1)
        slots = 0
        for u in range(t, len(self.turns)):
            i = self.turns[u]
            if knowers >> i & 1:
                slots |= 1 << (2 * u + 1)
                knowers = (1 << n) - 1  # it may tell anyone: from here on, anyone could know it
            else:
                knowers |= 1 << i  # the initiator may learn it from a knower on its own turn
        return slots

    def run(self, t: int, known: tuple[int, ...]) -> list[tuple[int, int | None, int | None]] | None:
        """Moves (partner, code given by initiator, code given by partner) from turn t, or None."""
        self.states += 1
        if not any(self.missing(known)):
            return []
        key = (t, self.relevant(known))
        if t == len(self.turns) or key in self.failed or self.bound_fails(t, known):
            return None
        for move, after in self.moves(t, known):
            rest = self.run(t + 1, after)
            if rest is not None:
                return [move, *rest]
        self.failed.add(key)
        return None

    def relevant(self, known: tuple[int, ...]) -> tuple[int, ...]:
        """Knowledge of codes that someone still needs: two states equal here have the same future."""
        wanted = 0
        for need, k in zip(self.need, known, strict=True):
            wanted |= need & ~k
        return tuple(k & wanted for k in known)

    def moves(self, t: int, known: tuple[int, ...]):  # type: ignore[no-untyped-def]
        """Exchanges worth trying at turn t, the most immediately useful first."""
        i = self.turns[t]
        wanted = 0
        for need, k in zip(self.need, known, strict=True):
            wanted |= need & ~k
        options = []
        for p in range(len(known)):
            if p == i:
                continue
            to_p = _bits(known[i] & ~known[p] & wanted) or [None]
            to_i = _bits(known[p] & ~known[i] & wanted) or [None]
            for x in to_p:
                for y in to_i:
                    if x is None and y is None:
                        continue
                    after = list(known)
                    if x is not None:
                        after[p] |= 1 << x
                    if y is not None:
                        after[i] |= 1 << y
                    score = sum(bool(c is not None and self.need[d] >> c & 1) for d, c in ((p, x), (i, y)))
                    options.append((-score, (p, x, y), tuple(after)))
        options.sort(key=lambda o: o[0])
        if not options:
            return [((None, None, None), known)]  # nothing useful can move: the turn passes
        return [(move, after) for _, move, after in options]


def _matches(edges: list[int]) -> bool:
    """Whether every item (a bitmask of the turns that can serve it) gets a distinct turn: bipartite matching."""
    owner: dict[int, int] = {}

    def place(item: int, seen: int) -> bool:
        options = edges[item] & ~seen
        while options:
            low = options & -options
            options ^= low
            turn = low.bit_length() - 1
            seen |= low
            if turn not in owner or place(owner[turn], seen):
                owner[turn] = item
                return True
        return False

    return all(place(item, 0) for item in range(len(edges)))


def solve(market: Market) -> Verdict:
    search = _Search(market)
    start = search.start()
    reason = search.bound_fails(0, start)
    if reason:
        return Verdict(False, reason=reason, states=1)
    moves = search.run(0, start)
    if moves is None:
        return Verdict(False, reason=f"an exhaustive search of {search.states} states found no route",
                       states=search.states)
    return Verdict(True, _route(market, search, start, moves), states=search.states)


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
