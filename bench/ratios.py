"""The build ratios (issue 24): whole `deckpress build` processes against the plain ReportLab script
(`bench/plain.py`) run as a whole process too, side by side in the same run, from clean out folders.

Three rows: 2,400 generated lot cards and 240 (`bench/cards.deck`: standard edition, A4; the kit, text edition,
EPUB, thumbnails and catalogue included), and the whole shipped catalogue from clean (every game, sheet, kit,
edition and paper) against the plain script's 2,400 cards. Each pair is timed in turn `--runs` times (5 unless
told; every other round in the reverse order, so that no side always runs first), after a round not counted
(Python's byte code, the disk cache); the ratio is of the medians. The load average is printed before and after:
the machine is shared, and a ratio taken under load is worth less. Each process's processor time (user and system,
its workers' included) is shown beside: on a shared machine it moves less than the wall clock from one run to the
next, so a before-and-after reads better in it; the targets are of the wall clock.

`python bench/ratios.py [--runs N] [--jobs N] [--against REF] [--scratch DIR]`: `--jobs` is passed to `deckpress
build` (the default is the command's own: one process per CPU); `--against REF` also times the press of a git
commit (its `src/`, with this tree's content and layouts) in turn with this one, for a before-and-after in the same
minutes; `--scratch` builds in a folder made in DIR (the system's temporary folder unless told). Where the builds
go is part of what is timed: a clean catalogue makes about 640 files and 330 second names of them (staged, then all
938 moved into place), the plain script one file; on this machine a file is made 10-15 times slower in /tmp than
elsewhere on the same disk (bench/README.md, the twelfth round).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from cards import deck

ROOT = Path(__file__).resolve().parent.parent
PLAIN = Path(__file__).resolve().parent / "plain.py"


@dataclass
class Row:
    """One line of the table: a deckpress build and the plain script it is held against."""

    label: str
    target: float
    build: list[str]  # the arguments after `deckpress build`
    plain_cards: int
    build_s: dict[str, list[Took]] = field(default_factory=dict)  # the press timed (this tree, REF) -> times
    plain_s: list[Took] = field(default_factory=list)

    def ratio(self, side: str = "", clock: int = 0) -> float:
        """The medians' ratio by the wall clock (`clock` 0) or in processor time (1)."""
        return median(self.build_s[side], clock) / median(self.plain_s, clock)


Took = tuple[float, float]  # a process's wall time and its processor time (its children's included), seconds


def median(times: list[Took], clock: int = 0) -> float:
    return statistics.median(t[clock] for t in times)


CARDS = (2400, 240)  # the generated decks' sizes, each with its target


def rows(scratch: Path, jobs: list[str]) -> list[Row]:
    """The three rows, their generated games written under `scratch`."""
    made = []
    for n, target in zip(CARDS, (1.5, 2.5), strict=True):
        content = scratch / f"lots-{n}"
        deck(n, content)
        made.append(Row(f"{n:,} lot cards, standard, A4", target,
                        ["--content", str(content), "--layouts", str(ROOT / "layouts"), "--paper", "a4", *jobs], n))
    made.append(Row("whole catalogue, clean", 2.0,
                    ["--content", str(ROOT / "content"), "--layouts", str(ROOT / "layouts"), *jobs], 2400))
    return made


def timed(command: list[str], src: Path | None = None) -> Took:
    """Wall and processor time of a whole process, as a designer's shell runs it (byte code cached); `src`: the
    press's code taken from there. Its processor time is what this process's waited-for children took meanwhile:
    the process, and its workers, which it waited for."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if src is not None:
        env["PYTHONPATH"] = str(src)
    used = _children_cpu()
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
    return time.perf_counter() - start, _children_cpu() - used


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(runs: int = 5, jobs: int | None = None, against: str | None = None, scratch_in: Path | None = None
        ) -> tuple[list[Row], tuple[float, ...], tuple[float, ...]]:
    """Every row timed `runs` times in turn with its plain script (and REF's press); the load averages before and
    after."""
    extra = [] if jobs is None else ["--jobs", str(jobs)]
    before = os.getloadavg()
    with tempfile.TemporaryDirectory(dir=scratch_in) as folder:
        scratch = Path(folder)
        sides: dict[str, Path | None] = {"": None}  # this tree's press, and REF's
        if against is not None:
            sides[against] = _checkout(against, scratch)
        table = rows(scratch, extra)
        for n in range(runs + 1):
            for i, row in enumerate(table):
                times, plain_s = _in_turn(row, f"{i}-{n}", sides, scratch, n % 2 == 1)
                if n:  # the first round warms the caches
                    for side, t in times.items():
                        row.build_s.setdefault(side, []).append(t)
                    row.plain_s.append(plain_s)
    return table, before, os.getloadavg()


def _in_turn(row: Row, name: str, sides: dict[str, Path | None], scratch: Path, backwards: bool
             ) -> tuple[dict[str, Took], Took]:
    """One round of a row: each press's build, then the plain script; every other round the other way round, so
    that no side always runs first in a row (its disk cache cold, a core's clock not yet raised) or always after
    the heaviest. The presses' times by side, in the order of `sides`, and the plain script's."""
    commands: list[tuple[str | None, list[str], Path | None]] = [
        (side, [sys.executable, "-m", "deckpress", "build", *_own(row.build, src, scratch), "--out",
                str(scratch / f"out-{name}-{k}")], src) for k, (side, src) in enumerate(sides.items())]
    commands.append((None, [sys.executable, str(PLAIN), str(row.plain_cards), str(scratch / f"plain-{name}.pdf")],
                     None))
    took = {side: timed(command, src) for side, command, src in (commands[::-1] if backwards else commands)}
    return {side: took[side] for side in sides}, took[None]


def _own(build: list[str], src: Path | None, scratch: Path) -> list[str]:
    """The build's arguments for the press in `src`: its own layouts, content and generated decks (an older press
    cannot read keys a later one added to them)."""
    if src is None:
        return build
    decks, theirs = str(scratch / "lots-"), str(src.parent)  # a scratch folder may be inside the checkout: decks first
    return [a.replace(decks, f"{theirs}/lots-") if a.startswith(decks) else a.replace(str(ROOT), theirs) for a in build]


def _checkout(ref: str, into: Path) -> Path:
    """REF's `src/`, `layouts/` and `content/`, and the generated decks."""
    checkout(ref, into)
    for n in CARDS:
        deck(n, into / "ref" / f"lots-{n}", into / "ref")
    return into / "ref" / "src"


def checkout(ref: str, into: Path) -> Path:
    """REF's `src/`, `layouts/` and `content/`, as git archive gives them, in `into`/ref."""
    archive = into / "ref.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive), ref, "src", "layouts",
                    "content"], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "ref", filter="data")
    return into / "ref"


def report(table: list[Row], before: tuple[float, ...], after: tuple[float, ...]) -> str:
    load = f"load average {before[0]:.2f} {before[1]:.2f} {before[2]:.2f} -> {after[0]:.2f} {after[1]:.2f} " \
           f"{after[2]:.2f}"
    lines = [f"ratios: whole processes, median of {len(table[0].plain_s)} runs each; {load}",
             f"  {'work':36} {'press':>8} {'deckpress':>10} {'plain':>14} {'ratio':>6} {'target':>7}      "
             f"{'processor time: deckpress':>25} {'plain':>6} {'ratio':>6}"]
    for row in table:
        for side, times in row.build_s.items():
            verdict = "ok" if row.ratio(side) <= row.target else "over"
            lines.append(f"  {row.label:36} {side or 'this':>8} {median(times):9.2f}s {median(row.plain_s):6.2f}s "
                         f"({row.plain_cards:>5,}) {row.ratio(side):6.2f} {'<= ' + format(row.target, 'g'):>7} "
                         f"{verdict:4} {median(times, 1):25.2f}s {median(row.plain_s, 1):5.2f}s "
                         f"{row.ratio(side, 1):6.2f}")
    return "\n".join(lines)


def at_least_one(text: str) -> int:
    """A count (of runs, of cards) of one at least: a median needs a run, a deck a card."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def a_folder(text: str) -> Path:
    """An existing folder, resolved: the builds run from the checkout, wherever this is run from."""
    folder = Path(text).resolve()
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"not a folder: {text}")
    return folder


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--runs", type=at_least_one, default=5)
    p.add_argument("--jobs", type=int)
    p.add_argument("--against", metavar="REF")
    p.add_argument("--scratch", metavar="DIR", type=a_folder)
    args = p.parse_args()
    print(report(*run(args.runs, args.jobs, args.against, args.scratch)))
