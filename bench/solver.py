"""Time the route solver over a seeded family of generated markets (solvable and unsolvable)."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from markets import family  # noqa: E402

from deckpress.plugins.open_secret_exchange.routes import replay, solve  # noqa: E402


def run(count: int = 300) -> dict[str, object]:
    times: dict[bool, list[float]] = {True: [], False: []}
    worst = (0.0, -1)
    for seed, market in enumerate(family(count)):
        start = time.perf_counter()
        verdict = solve(market)
        elapsed = time.perf_counter() - start
        if verdict.solvable and replay(market, verdict.route):
            raise AssertionError(f"seed {seed}: the route does not replay")
        times[verdict.solvable].append(elapsed)
        worst = max(worst, (elapsed, seed))
    every = times[True] + times[False]
    return {
        "markets": count,
        "solvable": len(times[True]),
        "unsolvable": len(times[False]),
        "median_ms": statistics.median(every) * 1000,
        "median_solvable_ms": statistics.median(times[True]) * 1000,
        "median_unsolvable_ms": statistics.median(times[False]) * 1000,
        "worst_ms": worst[0] * 1000,
        "worst_seed": worst[1],
    }


def report(result: dict[str, object]) -> str:
    return (f"solver: {result['markets']} markets of 4-6 desks, 3-4 records, two laps "
            f"({result['solvable']} solvable, {result['unsolvable']} not): "
            f"median {result['median_ms']:.1f} ms (solvable {result['median_solvable_ms']:.1f}, "
            f"unsolvable {result['median_unsolvable_ms']:.1f}), worst {result['worst_ms']:.0f} ms "
            f"(seed {result['worst_seed']})")


if __name__ == "__main__":
    print(report(run(int(sys.argv[1]) if len(sys.argv) > 1 else 300)))
