"""The memory a big deck's build takes (issue 24: 24,000 cards under 300 MB): `python bench/peaks.py [N]` builds N
generated lot cards (24,000 unless told; `bench/cards.deck`, A4) as a designer's shell runs it, a process of its
own with its workers, and prints each process's peak resident set (VmHWM, read from /proc every 50 ms while it
runs), the largest against the target. Linux only (/proc)."""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cards import deck, peak_kib
from png import descendants
from ratios import at_least_one

ROOT = Path(__file__).resolve().parent.parent
TARGET_MB = 300
CARDS = 24_000


def run(n: int = CARDS) -> dict[int, int]:
    """Each process of the build (by pid: the build's own first) and its peak resident set, KiB."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        deck(n, root / "content")
        with tempfile.TemporaryFile() as said:  # what the build says, shown if it fails
            build = subprocess.Popen([sys.executable, "-m", "deckpress", "build", "--content", str(root / "content"),
                                      "--layouts", str(ROOT / "layouts"), "--paper", "a4", "--out",
                                      str(root / "build")], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=said)
            peaks = {build.pid: 0}
            while build.poll() is None:
                for pid in [build.pid, *descendants(build.pid)]:
                    peaks[pid] = max(peaks.get(pid, 0), peak_kib(pid))
                time.sleep(0.05)
            if build.returncode:
                said.seek(0)
                raise SystemExit(f"peaks: the build of {n:,} cards ended {build.returncode}:\n"
                                 f"{said.read().decode(errors='replace')[-2000:]}")
    return peaks


def report(peaks: dict[int, int], n: int = CARDS) -> str:
    own = next(iter(peaks))
    lines = [f"peaks: {n:,} lot cards, each process's peak resident set (VmHWM)"]
    for pid, kib in sorted(peaks.items(), key=lambda item: -item[1]):
        if kib:
            lines.append(f"  {'the build' if pid == own else 'its child':10} {kib:9,} KiB {kib * 1024 / 1e6:7.1f} MB")
    largest = max(peaks.values()) * 1024 / 1e6
    lines.append(f"  largest {largest:.1f} MB; target < {TARGET_MB} MB: {'met' if largest < TARGET_MB else 'over'}")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("cards", nargs="?", type=at_least_one, default=CARDS, help="lot cards (24,000 unless told)")
    cards = parser.parse_args().cards
    print(report(run(cards), cards))
