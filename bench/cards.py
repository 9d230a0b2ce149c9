"""Cost per card: deckpress against a plain ReportLab script drawing the same cards, in the same process.

A generated lot deck of N cards (63 x 88 mm, nine a page, Atkinson Hyperlegible, the
same texts and pictograms) is built by deckpress (load, validate, lay out, render,
finish, kit, text edition, catalogue) and then drawn by a bare ReportLab loop in the same
process, so the ratio of the two times holds on a noisy machine. Each size runs in a
fresh process, whose peak resident memory is reported.
"""

from __future__ import annotations

import json
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from plain import COLLECTIONS, plain_reportlab  # plain_reportlab: also the other benchmarks' yardstick

from deckpress.build import build
from deckpress.options import Options

ROOT = Path(__file__).resolve().parent.parent
__all__ = ["deck", "peak_kib", "plain_reportlab", "run", "report"]


def deck(n: int, folder: Path, root: Path = ROOT) -> Path:
    """A copy of The Pocket Bazaar (of the tree at `root`) with n lots (its deck checks loosened to match), in
    English alone."""
    game = folder / "pocket-bazaar"
    shutil.copytree(root / "content" / "pocket-bazaar", game)
    lines = ["cards:"]
    for i in range(n):
        lines += [f"  - collection: {COLLECTIONS[i % 4]}", f"    points: {i % 6 + 1}",
                  f"    flavour: Lot number {i + 1}, a curiosity of the bench.",
                  "    reminder: No special effect. A set of all four collections earns 6 bonus points once per game."]
    (game / "lots.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("    grid: [collection, points]", "").replace("    unique: [flavour]", "")
    text = text.replace("count: deck_size", f"count: {n}")
    components = text.index("components:")
    lots = "  - {id: lot-cards, title: Lot cards, kind: cards, deck: lots, layout: lot-card}\n"
    text = text[:components] + "components:\n" + lots
    text = text.replace("editions: [standard, large-print]", "editions: [standard]")
    text = re.sub(r"(?m)^languages:.*$", "", text)  # the English deck alone: its generated lots have no translation
    (game / "game.yaml").write_text(text, encoding="utf-8")
    return game


def measure(n: int) -> dict[str, float]:
    """One deck size, each run in a fresh process (its peak memory is then this build's alone); decks up to 2,400
    cards run three times and the run with the median ratio is shown, as the machine is shared and noisy."""
    runs: list[dict[str, float]] = [
        json.loads(subprocess.run([sys.executable, __file__, "--one", str(n)], capture_output=True, text=True,
                                  check=True).stdout) for _ in range(3 if n <= 2400 else 1)]
    return sorted(runs, key=lambda r: r["ratio"])[len(runs) // 2]


def one(n: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        deck(n, root / "content")
        opts = Options(content=root / "content", layouts=[ROOT / "layouts"], out=root / "build", papers=("a4",))
        start = time.perf_counter()
        press = build(opts, [root / "content" / "pocket-bazaar"])
        ours = time.perf_counter() - start
        peak = _peak_bytes()
        assert not press.findings.errors, press.findings[:3]
        start = time.perf_counter()
        plain_reportlab(n, root / "plain.pdf")
        plain = time.perf_counter() - start
    return {"cards": n, "ours_ms_per_card": ours / n * 1000, "plain_ms_per_card": plain / n * 1000,
            "ratio": ours / plain, "peak_mb": peak / 1e6}


def _peak_bytes() -> int:
    """This process's resident high-water mark. Linux's VmHWM starts afresh with the program; ru_maxrss would
    carry over the parent's (the benchmark runner's) across fork and exec."""
    return (peak_kib() or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def peak_kib(pid: int | str = "self") -> int:
    """A process's resident high-water mark (VmHWM), KiB; 0 where /proc does not say (it has ended, or no Linux)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")), 0)


def report(rows: list[dict[str, float]]) -> str:
    lines = ["cards: deckpress (lot cards, standard A4, kit and catalogue included) against plain ReportLab",
             "  cards   deckpress ms/card   plain ms/card   ratio   peak RSS MB"]
    lines += [f"  {r['cards']:>6.0f}   {r['ours_ms_per_card']:>17.2f}   {r['plain_ms_per_card']:>13.2f}   "
              f"{r['ratio']:>5.1f}   {r['peak_mb']:>11.0f}" for r in rows]
    return "\n".join(lines)


def run(sizes: tuple[int, ...] = (24, 240, 2400, 24000)) -> list[dict[str, float]]:
    return [measure(n) for n in sizes]


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        print(json.dumps(one(int(sys.argv[2]))))
    else:
        print(report(run(tuple(int(a) for a in sys.argv[1:]) or (24, 240, 2400, 24000))))
