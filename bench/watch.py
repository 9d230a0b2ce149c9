"""From a save to the changed PDF on disk, in a warm `deckpress watch` process: for each shipped game, one file of
it is saved again and again (a card's text, a rule), and the time until the component's PDF (standard edition, A4)
is replaced is measured, then the time until the whole game is built again. The ratio to the same plain-ReportLab
yardstick as `bench/catalogue.py` (2,400 lot cards, timed in this process) tells a slow press from a slow minute."""

from __future__ import annotations

import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO

from cards import plain_reportlab

ROOT = Path(__file__).resolve().parent.parent
SAVES = 7  # each save timed; the table shows the median and the best
TARGET_S = 0.3  # issue 24: a save to a fresh PDF
YARDSTICK_CARDS = 2400
WAIT_S = 60.0
# game, the file saved, the words changed back and forth in it, the component whose PDF must change
CASES = [
    ("pocket-bazaar", "lots.yaml", "A steady light for late arrivals.", "A steady lamp for late arrivals.",
     "lot-cards"),
    ("stone-market", "rules.yaml", "The stones that no\n      player holds", "The stones that no\n      one holds",
     "rules"),
    ("open-secret-exchange", "rules.yaml", "as evenly as possible and randomly", "as evenly as you can and randomly",
     "rules"),
]


def run() -> dict[str, float]:
    result: dict[str, float] = {}
    for game, name, old, new, component in CASES:
        with tempfile.TemporaryDirectory() as scratch:
            fresh, full = _saves(Path(scratch), game, name, (old, new), component)
        result.update({f"{game}_pdf_s": statistics.median(fresh), f"{game}_pdf_s_min": min(fresh),
                       f"{game}_game_s": statistics.median(full)})
    with tempfile.TemporaryDirectory() as scratch:
        start = time.perf_counter()
        plain_reportlab(YARDSTICK_CARDS, Path(scratch) / "yardstick.pdf")
        result["yardstick_s"] = time.perf_counter() - start
    return result


def _relay(stream: IO[str] | None, lines: queue.Queue[str]) -> None:
    """The watcher's messages, line by line, to the benchmark's thread."""
    for line in stream or ():
        lines.put(line)


def _saves(scratch: Path, game: str, name: str, words: tuple[str, str], component: str) -> tuple[list[float], ...]:
    """Each save's time to the component's fresh PDF, and to the whole game's build."""
    content, out = scratch / "content", scratch / "build"
    shutil.copytree(ROOT / "content" / game, content / game)
    source, pdf = content / game / name, out / game / "standard" / f"{game}-{component}-a4.pdf"
    command = [sys.executable, "-u", "-m", "deckpress", "watch", game, "--content", str(content), "--layouts",
               str(ROOT / "layouts"), "--out", str(out)]
    lines: queue.Queue[str] = queue.Queue()
    fresh, full = [], []
    with subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True) as watcher:
        threading.Thread(target=_relay, args=(watcher.stderr, lines), daemon=True).start()
        try:
            _until(lines, "watching")
            for n in range(SAVES):
                before = _stamp(pdf)
                text = source.read_text(encoding="utf-8")
                start = time.perf_counter()
                source.write_text(text.replace(*(words if n % 2 == 0 else words[::-1]), 1), encoding="utf-8")
                while _stamp(pdf) == before:
                    assert time.perf_counter() - start < WAIT_S, f"{pdf} never changed"
                    time.sleep(0.002)
                fresh.append(time.perf_counter() - start)
                _until(lines, ": built into ")
                full.append(time.perf_counter() - start)
        finally:
            watcher.terminate()
            try:
                watcher.wait(WAIT_S)
            except subprocess.TimeoutExpired:  # never waited for without end: killed, and said
                watcher.kill()
                raise
    return fresh, full


def _stamp(path: Path) -> tuple[int, int] | None:
    """Which file is there: a build replaces it (a new inode), never writes into it."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_ino, status.st_mtime_ns


def _until(lines: queue.Queue[str], words: str) -> None:
    while words not in (line := lines.get(timeout=WAIT_S)):
        assert ": error: " not in line, line


def report(r: dict[str, float]) -> str:
    lines = [f"watch: a save to the changed PDF (standard, A4) in a warm watching process; median and best of "
             f"{SAVES} saves; target {TARGET_S} s"]
    for game, name, _old, _new, component in CASES:
        pdf = r[f"{game}_pdf_s"]
        lines.append(f"  {game} {name} -> {component}: {pdf:5.2f} s (best {r[f'{game}_pdf_s_min']:.2f} s, "
                     f"/ yardstick {pdf / r['yardstick_s']:.2f}); whole game built {r[f'{game}_game_s']:.2f} s; "
                     f"{'ok' if pdf <= TARGET_S else 'over'}")
    lines.append(f"  yardstick: plain ReportLab, {YARDSTICK_CARDS:,} lot cards {r['yardstick_s']:.2f} s")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(run()))
