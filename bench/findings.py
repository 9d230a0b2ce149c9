"""Collecting findings: one template mistake met on 10,000 cards (twice each, as on both papers) and a few other
findings, added and then grouped as the command line prints them. Adding is constant time (a set), so this is
linear; comparing each finding with every earlier one took 34 s."""

from __future__ import annotations

import time

from deckpress.findings import Findings, Loc

CARDS = 10_000


def run() -> dict[str, float]:
    findings, loc = Findings(), Loc("content/x/layouts/standard/card.yaml", 12, 5)
    start = time.perf_counter()
    for n in range(1, CARDS + 1):
        for _paper in ("a4", "letter"):
            findings.error(loc, "element corner rank: no field 'rnak'; fields are suit, rank", card=f"Anchors {n}")
        if n % 1000 == 0:
            findings.error(Loc("content/x/game.yaml", n, 1), f"another problem {n}")
    added = time.perf_counter() - start
    grouped = findings.grouped()
    assert len(grouped) == 1 + CARDS // 1000
    return {"added_s": added, "grouped_s": time.perf_counter() - start - added, "findings": len(findings)}


def report(r: dict[str, float]) -> str:
    return (f"findings: {r['findings']:,.0f} collected from {2 * CARDS:,} reports in {r['added_s']:.3f} s, grouped "
            f"for printing in {r['grouped_s']:.3f} s")


if __name__ == "__main__":
    print(report(run()))
