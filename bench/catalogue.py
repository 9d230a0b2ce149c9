"""The full catalogue from a clean out folder (in this process, and in parallel as the command line builds it
by default), then the rebuild with nothing changed (in process, and as `deckpress build` from the shell)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from deckpress.build import build
from deckpress.options import Options

ROOT = Path(__file__).resolve().parent.parent
JOBS = os.cpu_count() or 1


def run() -> dict[str, float]:
    games = sorted(p.parent for p in (ROOT / "content").glob("*/game.yaml"))
    with tempfile.TemporaryDirectory() as scratch:
        opts = Options(content=ROOT / "content", layouts=[ROOT / "layouts"], out=Path(scratch) / "serial")
        start = time.perf_counter()
        press = build(opts, games)
        serial = time.perf_counter() - start
        assert not press.findings.errors
        files = sum(1 for _ in opts.out.rglob("*.pdf"))
        opts.out = Path(scratch) / "build"
        start = time.perf_counter()
        build(opts, games, jobs=JOBS)
        parallel = time.perf_counter() - start
        start = time.perf_counter()
        again = build(opts, games, jobs=JOBS)
        rebuild = time.perf_counter() - start
        assert again.up_to_date == [g.name for g in games]
        shell = _from_the_shell(opts.out)
    return {"serial_s": serial, "parallel_s": parallel, "rebuild_s": rebuild, "pdfs": files, "shell_s": shell}


def _from_the_shell(out: Path, runs: int = 7) -> float:
    """Median wall time of `deckpress build` with nothing to do: Python start-up and imports included."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as a designer's shell has it
    command = [sys.executable, "-m", "deckpress", "build", "--out", str(out)]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def report(r: dict[str, float]) -> str:
    return (f"catalogue: {r['pdfs']:.0f} PDFs (3 games, 2 editions, 2 papers, kits) and the download page\n"
            f"  from clean, in process (--jobs 1)      {r['serial_s']:6.2f} s\n"
            f"  from clean, --jobs {JOBS} (the default)      {r['parallel_s']:6.2f} s\n"
            f"  no change, in process                  {r['rebuild_s']:6.3f} s\n"
            f"  no change, deckpress build from shell  {r['shell_s']:6.3f} s (median of 7)")


if __name__ == "__main__":
    print(report(run()))
