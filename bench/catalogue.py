"""The full catalogue from a clean out folder (in this process, in parallel as the command line builds it by
default, and as `deckpress build` from the shell), then the rebuild with nothing changed (in process, and from
the shell). Each round also times a fixed yardstick in this process, plain ReportLab drawing 2,400 lot cards
(`cards.plain_reportlab`), so a slow table can be told from a slow machine: the ratio moves far less."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cards import plain_reportlab

from deckpress.build import build
from deckpress.options import Options

ROOT = Path(__file__).resolve().parent.parent
JOBS = os.cpu_count() or 1


RUNS = 3  # the machine is shared and noisy: each build is timed three times; the table shows the median
YARDSTICK_CARDS = 2400


def run() -> dict[str, float]:
    games = sorted(p.parent for p in (ROOT / "content").glob("*/game.yaml"))
    times: dict[str, list[float]] = {"serial_s": [], "parallel_s": [], "clean_shell_s": [], "rebuild_s": [],
                                     "shell_s": [], "yardstick_s": [], "parallel_ratio": [], "clean_shell_ratio": []}
    for _n in range(RUNS):
        with tempfile.TemporaryDirectory() as scratch:
            opts = Options(content=ROOT / "content", layouts=[ROOT / "layouts"], out=Path(scratch) / "serial")
            start = time.perf_counter()
            press = build(opts, games)
            times["serial_s"].append(time.perf_counter() - start)
            assert not press.findings.errors
            files = sum(1 for _ in opts.out.rglob("*.pdf"))
            opts.out = Path(scratch) / "build"
            start = time.perf_counter()
            build(opts, games, jobs=JOBS)
            times["parallel_s"].append(time.perf_counter() - start)
            start = time.perf_counter()
            again = build(opts, games, jobs=JOBS)
            times["rebuild_s"].append(time.perf_counter() - start)
            assert again.up_to_date == [g.name for g in games]
            times["shell_s"].append(_from_the_shell(opts.out))
            times["clean_shell_s"].append(_from_the_shell(Path(scratch) / "shell", runs=1))
            start = time.perf_counter()
            plain_reportlab(YARDSTICK_CARDS, Path(scratch) / "yardstick.pdf")
            times["yardstick_s"].append(time.perf_counter() - start)
            for key in ("parallel", "clean_shell"):
                times[f"{key}_ratio"].append(times[f"{key}_s"][-1] / times["yardstick_s"][-1])
    result = {k: statistics.median(v) for k, v in times.items()}
    result.update({f"{k}_min": min(v) for k, v in times.items()}, pdfs=files)
    return result


def _from_the_shell(out: Path, runs: int = 7) -> float:
    """Median wall time of `deckpress build` into `out` (from clean the first time, then with nothing to do):
    Python start-up and imports included."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as a designer's shell has it
    command = [sys.executable, "-m", "deckpress", "build", "--out", str(out)]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def report(r: dict[str, float]) -> str:
    rows = [("from clean, in process (--jobs 1)", "serial_s"),
            (f"from clean, --jobs {JOBS} (the default)", "parallel_s"),
            ("from clean, deckpress build from the shell", "clean_shell_s"), ("no change, in process", "rebuild_s"),
            ("no change, deckpress build from the shell", "shell_s")]
    lines = [f"catalogue: {r['pdfs']:.0f} PDFs (3 games, 2 editions, 2 papers, kits) and the download page; "
             f"median and best of {RUNS}"]
    lines += [f"  {label:42} {r[key]:6.2f} s   (best {r[key + '_min']:.2f} s)" for label, key in rows]
    lines += [f"  yardstick: plain ReportLab, {YARDSTICK_CARDS:,} lot cards {r['yardstick_s']:6.2f} s   "
              f"(best {r['yardstick_s_min']:.2f} s)",
              f"  clean builds / yardstick: --jobs {JOBS} {r['parallel_ratio']:.2f}, "
              f"from the shell {r['clean_shell_ratio']:.2f} (medians)"]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(run()))
