"""Exact economics of an exchange-and-wares market: certificates, money pumps, difficulty.

An equation is two-way: `left` stones may be traded for `right` stones and back.
No sequence of trades can make stones from nothing exactly when some strictly
positive value per colour balances every active equation (Stiemke's lemma). Such
values are the certificate; without them a short gaining sequence is the witness.
All arithmetic is exact (integers and fractions).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache


@dataclass(frozen=True)
class Equation:
    left: tuple[tuple[str, int], ...]  # sorted (colour, count) pairs
    right: tuple[tuple[str, int], ...]

    @staticmethod
    def of(left: dict[str, int], right: dict[str, int]) -> Equation:
        return Equation(tuple(sorted(left.items())), tuple(sorted(right.items())))

    def delta(self, colours: list[str], forward: bool = True) -> tuple[int, ...]:
        """Change of a hand when trading left for right (or back)."""
        gain = {c: n for c, n in self.right}
        for c, n in self.left:
            gain[c] = gain.get(c, 0) - n
        return tuple(gain.get(c, 0) * (1 if forward else -1) for c in colours)

    def mirrored(self) -> Equation:
        return Equation(self.right, self.left)

    def text(self) -> str:
        return f"{_side(self.left)} = {_side(self.right)}"


def _side(pairs: tuple[tuple[str, int], ...]) -> str:
    """(('A', 2), ('J', 1)) -> 'A A J'."""
    return " ".join(c for c, n in pairs for _ in range(n))


def certificate(equations: list[Equation], colours: list[str]) -> dict[str, Fraction] | None:
    """Strictly positive values under which every equation balances, or None if there are none."""
    rows = [list(map(Fraction, e.delta(colours))) for e in equations]
    basis = _nullspace(rows, len(colours))
    if not basis:
        return None
    # find weights w with (basis^T w)_c > 0 for every colour c
    constraints = [[b[c] for b in basis] for c in range(len(colours))]
    weights = _strictly_positive(constraints, len(basis))
    if weights is None:
        return None
    values = [sum((w * b[c] for w, b in zip(weights, basis, strict=True)), Fraction(0)) for c in range(len(colours))]
    scale = min(values)
    return {c: v / scale for c, v in zip(colours, values, strict=True)}


def _nullspace(rows: list[list[Fraction]], n: int) -> list[list[Fraction]]:
    """A basis of {v : rows . v = 0}, by exact Gaussian elimination."""
    m = [list(r) for r in rows]
    pivots: list[int] = []
    r = 0
    for col in range(n):
        pivot = next((i for i in range(r, len(m)) if m[i][col] != 0), None)
        if pivot is None:
            continue
        m[r], m[pivot] = m[pivot], m[r]
        m[r] = [x / m[r][col] for x in m[r]]
        for i in range(len(m)):
            if i != r and m[i][col] != 0:
                m[i] = [a - m[i][col] * b for a, b in zip(m[i], m[r], strict=True)]
        pivots.append(col)
        r += 1
    free = [c for c in range(n) if c not in pivots]
    basis = []
    for f in free:
        v = [Fraction(0)] * n
        v[f] = Fraction(1)
        for i, p in enumerate(pivots):
            v[p] = -m[i][f]
        basis.append(v)
    return basis


def _strictly_positive(constraints: list[list[Fraction]], k: int) -> list[Fraction] | None:
    """Some w with a . w > 0 for every row a (Fourier-Motzkin elimination, exact), or None."""
    if k == 0:
        return None if constraints else []
    last = k - 1
    pos = [a for a in constraints if a[last] > 0]
    neg = [a for a in constraints if a[last] < 0]
    rest = [a[:last] for a in constraints if a[last] == 0]
    combined = [[p[i] / p[last] - q[i] / q[last] for i in range(last)] for p in pos for q in neg]
    reduced = rest + combined
    if any(all(x == 0 for x in a) for a in reduced):
        return None  # 0 > 0: infeasible
    head = _strictly_positive([a for a in reduced if any(x != 0 for x in a)], last)
    if head is None:
        return None
    # w_last > -(p' . head) / p_last for p in pos; w_last < -(q' . head) / q_last for q in neg
    lower = max((-sum(x * h for x, h in zip(p[:last], head, strict=True)) / p[last] for p in pos), default=None)
    upper = min((-sum(x * h for x, h in zip(q[:last], head, strict=True)) / q[last] for q in neg), default=None)
    value = Fraction(1)
    if lower is not None and upper is not None:
        value = (lower + upper) / 2
    elif upper is not None:
        value = upper - 1
    elif lower is not None:
        value = lower + 1
    return [*head, value]


@dataclass(frozen=True)
class Pump:
    """A witness that stones come from nothing: from `start`, these trades end with more of some colour."""

    start: tuple[int, ...]
    trades: tuple[tuple[int, bool], ...]  # (equation index, forward)
    end: tuple[int, ...]


def money_pump(equations: list[Equation], colours: list[str], max_trades: int = 4) -> Pump | None:
    """The shortest sequence of up to `max_trades` trades whose net is a gain, from the smallest hand."""
    moves = [(i, f) for i in range(len(equations)) for f in (True, False)]
    deltas = {m: equations[m[0]].delta(colours, m[1]) for m in moves}
    for length in range(1, max_trades + 1):
        for combo in itertools.combinations_with_replacement(moves, length):
            net = [sum(deltas[m][c] for m in combo) for c in range(len(colours))]
            if min(net) >= 0 and max(net) > 0:
                return min((_pump(order, deltas, len(colours)) for order in set(itertools.permutations(combo))),
                           key=lambda p: (sum(p.start), p.start))
    return None


def _pump(order: tuple[tuple[int, bool], ...], deltas: dict, n: int) -> Pump:  # type: ignore[type-arg]
    """The smallest start hand that can pay for each trade in this order."""
    hand, need = [0] * n, [0] * n
    for move in order:
        hand = [h + d for h, d in zip(hand, deltas[move], strict=True)]
        need = [max(x, -h) for x, h in zip(need, hand, strict=True)]
    start = tuple(need)
    end = tuple(s + sum(deltas[m][c] for m in order) for c, s in enumerate(start))
    return Pump(start, order, end)


def expected_rolls(ware: tuple[int, ...], faces: int, choice_faces: int) -> Fraction:
    """Expected rolls to collect a ware with the die alone: a measured difficulty, exact."""
    return _rolls(tuple(sorted(ware)), faces, choice_faces)


@cache
def _rolls(needs: tuple[int, ...], faces: int, choice: int) -> Fraction:
    if not any(needs):
        return Fraction(0)
    useful = [i for i, n in enumerate(needs) if n]
    p_useful = Fraction(len(useful) + choice, faces)
    total = Fraction(1)
    for i in useful:  # a colour face of a needed colour, or Choice taking the most needed colour
        after = list(needs)
        after[i] -= 1
        total += Fraction(1, faces) * _rolls(tuple(sorted(after)), faces, choice)
    if choice:
        after = list(needs)
        after[max(useful, key=lambda i: needs[i])] -= 1
        total += Fraction(choice, faces) * _rolls(tuple(sorted(after)), faces, choice)
    return total / p_useful


def reachable(ware: tuple[int, ...], equations: list[Equation], colours: list[str], rollable: set[int],
              limit: int) -> bool:
    """Whether rolls (one stone of a rollable colour) and trades reach a hand holding the ware, never above
    `limit` stones at the end of a turn (one roll or one trade a turn)."""
    deltas = [e.delta(colours, f) for e in equations for f in (True, False)]
    start = tuple(0 for _ in colours)
    seen, frontier = {start}, [start]
    while frontier:
        nxt = []
        for hand in frontier:
            if all(h >= w for h, w in zip(hand, ware, strict=True)):
                return True
            steps = [tuple(h + (i == c) for i, h in enumerate(hand)) for c in rollable]
            steps += [tuple(h + d for h, d in zip(hand, delta, strict=True)) for delta in deltas]
            for s in steps:
                if min(s) >= 0 and sum(s) <= limit and s not in seen:
                    seen.add(s)
                    nxt.append(s)
        frontier = nxt
    return False


def counts(stones: list[str], colours: list[str]) -> tuple[int, ...]:
    tally = Counter(stones)
    return tuple(tally[c] for c in colours)
