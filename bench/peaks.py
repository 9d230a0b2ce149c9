"""The memory a big deck's build takes (issue 24: 24,000 cards under 300 MB): `python bench/peaks.py [N]` builds N
generated lot cards (24,000 unless told; `bench/cards.deck`, A4) as a designer's shell runs it, a process of its
own with its workers, and prints each process's peak resident set (VmHWM, read from /proc every 50 ms while it
runs), the largest against the target. Linux only (/proc)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cards import deck
from png import children

ROOT = Path(__file__).resolve().parent.parent
TARGET_MB = 300
CARDS = 24_000


def run(n: int = CARDS) -> dict[int, int]:
    """Each process of the build (by pid: the build's own first) and its peak resident set, KiB."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        deck(n, root / "content")
        build = subprocess.Popen([sys.executable, "-m", "deckpress", "build", "--content", str(root / "content"),
                                  "--layouts", str(ROOT / "layouts"), "--paper", "a4", "--out", str(root / "build")],
                                 cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        peaks = {build.pid: 0}
        while build.poll() is None:
            for pid in [build.pid, *_descendants(build.pid)]:
                peaks[pid] = max(peaks.get(pid, 0), _peak(pid))
            time.sleep(0.05)
        if build.returncode:
            raise SystemExit(f"peaks: the build of {n:,} cards ended {build.returncode}")
    return peaks


def _descendants(pid: int) -> list[int]:
    return [d for c in children(pid) for d in (c, *_descendants(c))]


def _peak(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")), 0)


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
    cards = int(sys.argv[1]) if len(sys.argv) > 1 else CARDS
    print(report(run(cards), cards))
