"""The print-on-demand export (issue 24): `deckpress export --to png` of the whole shipped catalogue, as a designer's
shell runs it, at 300 dpi and at the largest dpi `--dpi` allows. For each: the wall time, the processor time (user +
system, its worker processes' included, wherever they were forked from) and the peak memory of all its processes
together, sampled every 20 ms: their resident sets summed (a page a worker shares with the process it was forked
from counts in both: an upper bound) and their proportional sets summed (each shared page once); with the load
average before and after, since the machine is shared.

`python bench/png.py [--runs N] [--dpi N ...] [--against REF]`: `--against REF` also exports with the press of a git
commit (its `src/`, `layouts/` and `content/`), in turn with this tree's, for a before-and-after in the same minutes;
the PNGs of both are compared byte for byte."""

from __future__ import annotations

import argparse
import ctypes
import filecmp
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import ratios

ROOT = Path(__file__).resolve().parent.parent
TARGET_S, TARGET_MB = 15.0, 1024  # issue 24: 300 dpi in 15 s on 2 cores; at most 1 GB at the largest dpi
MAX_DPI = 600
SAMPLE_S = 0.02
PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h


@dataclass
class Run:
    wall_s: float
    cpu_s: float
    peak_mb: float  # resident sets summed: a page shared with the process a worker was forked from counts twice
    peak_pss_mb: float  # proportional sets summed: each shared page counted once, split among its sharers


def export(out: Path, dpi: int, tree: Path | None = None) -> Run:
    """One whole export process into `out`: this tree's press, or that of the commit checked out in `tree`."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree / "src")
    command = [sys.executable, "-m", "deckpress", "export", "--to", "png", "--dpi", str(dpi), "--out", str(out)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start, peak, pss = time.perf_counter(), 0, 0
    # what it says goes to a file: a pipe read only at the end would stop an export that says more than it holds
    with tempfile.TemporaryFile() as said_file, subprocess.Popen(
            command, cwd=tree or ROOT, env=env, stdout=subprocess.DEVNULL, stderr=said_file) as process:
        while process.poll() is None:
            rss_now, pss_now = _resident(process.pid)
            peak, pss = max(peak, rss_now), max(pss, pss_now)
            time.sleep(SAMPLE_S)
        said_file.seek(0)
        said = said_file.read().decode(errors="replace")
    wall = time.perf_counter() - start
    _reap()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if process.returncode != 0:
        raise RuntimeError(f"export failed ({process.returncode}): {said}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Run(wall, cpu, peak / 1024, pss / 1024)


def adopt() -> None:
    """Become the reaper of the export's orphans (Linux): a worker forked by a fork server that outlives the export
    is then waited for here, and its processor time counted in this process's children's."""
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def _reap() -> None:
    """Wait for every orphan of the export (its fork server, which ends once the export has)."""
    while True:
        try:
            os.wait()
        except ChildProcessError:
            return


def _resident(pid: int) -> tuple[int, int]:
    """The resident and proportional sets (kB) of a process and all its descendants, each summed."""
    rss = pss = 0
    for one in (pid, *descendants(pid)):
        try:
            for line in Path(f"/proc/{one}/smaps_rollup").read_text().splitlines():
                if line.startswith(("Rss:", "Pss:")):
                    kb = int(line.split()[1])
                    rss, pss = (rss + kb, pss) if line.startswith("Rss:") else (rss, pss + kb)
        except (OSError, ValueError):
            pass  # it ended meanwhile
    return rss, pss


def descendants(pid: int) -> list[int]:
    """The processes a process started, and theirs, and so on."""
    return [d for c in children(pid) for d in (c, *descendants(c))]


def children(pid: int) -> list[int]:
    """The processes a process started, from any of its threads (Linux's /proc; none once it has ended)."""
    try:
        return [int(c) for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()]
    except (OSError, ValueError):
        return []


def checkout(ref: str, into: Path) -> Path:
    """REF's tree (deckpress.ratios), its byte code compiled as a designer's first run leaves it."""
    tree = ratios.checkout(ref, into)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "src")], check=True)
    return tree


def run(runs: int, dpis: list[int], against: str | None) -> tuple[dict[tuple[str, int], list[Run]], list[str]]:
    """Each side's runs at each dpi, in turn; and what differs between the sides' PNGs (nothing, or the files)."""
    table: dict[tuple[str, int], list[Run]] = {}
    differ: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        sides = {"this tree": None} if against is None else {against: checkout(against, Path(scratch)),
                                                              "this tree": None}
        for dpi in dpis:
            for n in range(runs):
                outs = {}
                for k, (side, tree) in enumerate(sides.items()):
                    outs[side] = Path(scratch) / f"out-{dpi}-{n}-{k}"
                    table.setdefault((side, dpi), []).append(export(outs[side], dpi, tree))
                if len(outs) == 2 and n == 0:
                    differ += _differing(*outs.values())
    return table, differ


def _differing(a: Path, b: Path) -> list[str]:
    """The PNG files that differ between two exports (or that one lacks)."""
    names = {p.relative_to(a) for p in a.rglob("*.png")} | {p.relative_to(b) for p in b.rglob("*.png")}
    return sorted(str(n) for n in names if not ((a / n).is_file() and (b / n).is_file()
                                                and filecmp.cmp(a / n, b / n, shallow=False)))


def report(table: dict[tuple[str, int], list[Run]], differ: list[str], load: tuple[tuple[float, ...], ...]) -> str:
    lines = [f"png export of the whole catalogue, median of {len(next(iter(table.values())))} runs; load average "
             f"{' '.join(f'{x:.2f}' for x in load[0])} -> {' '.join(f'{x:.2f}' for x in load[1])}"]
    for (side, dpi), runs in table.items():
        wall = statistics.median(r.wall_s for r in runs)
        cpu = statistics.median(r.cpu_s for r in runs)
        peak, pss = max(r.peak_mb for r in runs), max(r.peak_pss_mb for r in runs)
        goal = f"target {TARGET_S:g} s" if dpi == 300 else f"target {TARGET_MB} MB" if dpi == MAX_DPI else ""
        lines.append(f"  {side:>12} {dpi:4d} dpi: wall {wall:6.2f} s, cpu {cpu:6.2f} s, peak {peak:5.0f} MB "
                     f"resident, {pss:5.0f} MB proportional (all processes); {goal}")
    if differ:
        lines.append(f"  PNGs that differ: {len(differ)}, e.g. {differ[0]}")
    elif len({side for side, _ in table}) == 2:
        lines.append("  every PNG byte for byte the same on both sides")
    return "\n".join(lines)


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=ratios.at_least_one, default=3)
    p.add_argument("--dpi", type=int, nargs="+", default=[300, MAX_DPI])
    p.add_argument("--against", metavar="REF")
    args = p.parse_args()
    adopt()
    start_load = os.getloadavg()
    found = run(args.runs, args.dpi, args.against)
    print(report(*found, (start_load, os.getloadavg())))
