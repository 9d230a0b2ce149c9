"""Bad input never crashes: mutated sources end in findings at file:line:col, never a traceback."""

from __future__ import annotations

import os
import re
import resource
import shutil
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckpress.cli import main

FINDING = re.compile(r"^\S+:\d+:\d+: error: .+$", re.M)
# every game's every file, its own layouts, and the shared layouts (as layouts/...)
OWN = [*CONTENT.glob("*/*.yaml"), *CONTENT.glob("*/layouts/*/*.yaml")]
SOURCES = sorted([p.relative_to(CONTENT).as_posix() for p in OWN]
                 + [f"layouts/{p.relative_to(LAYOUTS).as_posix()}" for p in LAYOUTS.glob("*/*.yaml")])
MEMORY = 2 << 30  # bytes a run may take beyond what the suite holds: a bomb fails the test, not the machine
CPU_SECONDS = 60  # a run that computes longer hangs


class Hang(Exception):
    pass


@contextmanager
def bounded() -> Iterator[None]:
    """A run inside a memory limit and a limit of CPU time (its own timer: the press's timers are its own)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    used = int(Path("/proc/self/statm").read_text().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (used + MEMORY, hard))

    def hung(number: int, frame: object) -> None:
        raise Hang(f"a run took more than {CPU_SECONDS} s of CPU")

    previous = signal.signal(signal.SIGPROF, hung)
    signal.setitimer(signal.ITIMER_PROF, CPU_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
# CI replays the same examples every run; DECKPRESS_FUZZ_EXAMPLES=2000 explores afresh (and remembers failures)
EXPLORE = int(os.environ.get("DECKPRESS_FUZZ_EXAMPLES", 0))


def mutations():
    junk = st.one_of(
        st.text(min_size=0, max_size=40),
        st.sampled_from(["", "~", "[", "{", "}", ":", "- -", "\t", "&a [*a]", "!!python/object:os.system x", "7",
                         "-3.5", "true", "null", "[1, 2]", "{a: 1}", "x" * 100_000, "[" * 2000 + "]" * 2000]),
    )
    line_edit = st.tuples(st.sampled_from(["replace", "delete", "duplicate", "insert", "value"]),
                          st.integers(0, 10_000), junk)
    whole = st.sampled_from(["empty", "truncate", "latin-1", "bom", "bomb"])
    return st.tuples(st.sampled_from(SOURCES), st.one_of(st.lists(line_edit, min_size=1, max_size=3), whole))


def apply(text: str, change) -> bytes:  # type: ignore[no-untyped-def]
    if change == "empty":
        return b""
    if change == "truncate":
        return text[: len(text) // 3].encode()
    if change == "latin-1":
        return (text + "\ncaf\xe9: 1\n").encode("latin-1", errors="replace")
    if change == "bom":
        return b"\xff\xfe" + text.encode()
    if change == "bomb":
        aliases = "".join(f"{c}: &{c} [*{p}, *{p}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True))
        return ("a: &a [x, x]\n" + aliases + text).encode()
    lines = text.splitlines()
    for kind, at, junk in change:
        i = at % max(len(lines), 1)
        if kind == "replace":
            lines[i:i + 1] = [junk]
        elif kind == "delete":
            del lines[i:i + 1]
        elif kind == "duplicate":
            lines[i:i] = lines[i:i + 1]
        elif kind == "insert":
            lines.insert(i, junk)
        elif lines and ":" in lines[i]:
            lines[i] = lines[i].split(":", 1)[0] + ": " + junk
    return "\n".join(lines).encode("utf-8", errors="surrogatepass")


@pytest.mark.slow  # forty checks of every game a mutated file belongs to
@settings(max_examples=EXPLORE or 40, derandomize=not EXPLORE, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutation=mutations())
def test_mutated_sources_give_findings_not_tracebacks(tmp_path_factory, capsys, mutation):
    root = tmp_path_factory.mktemp("fuzz")
    name, change = mutation
    shutil.copytree(LAYOUTS, root / "layouts")
    games = [name.split("/")[0]] if not name.startswith("layouts/") else ["open-secret-exchange", "stone-market"]
    for game in games:
        shutil.copytree(CONTENT / game, root / "content" / game)
    path = root / ("content" if not name.startswith("layouts/") else "") / name
    path.write_bytes(apply(path.read_text(encoding="utf-8"), change))
    with bounded():
        status = main(["check", *games, "--content", str(root / "content"), "--layouts", str(root / "layouts")])
    err = capsys.readouterr().err
    assert status in (0, 1), err
    if status == 1:
        assert FINDING.search(err), err
    assert "Traceback" not in err


WORDS = ["build", "check", "dump", "solve", "site", "generate", "new", "--paper", "a4", "letter", "a5", "--duplex",
         "long-edge", "short-edge", "sideways", "--fold", "--bleed", "3mm", "nan", "-1", "11", "--offset-x",
         "--offset-y", "inf", "1e309", "--jobs", "0", "2", "1000", "--edition", "standard", "large-print", "..",
         "--out", "build", "/proc/x", "content/pocket-bazaar/game.yaml", "--seed", "x", "pocket-bazaar",
         "stone-market", "no-such-game", "--content", "content", "--layouts", "layouts", "../..", "", "-", "--"]


@pytest.mark.slow  # thirty command lines, builds among them
@settings(max_examples=EXPLORE or 30, derandomize=not EXPLORE, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(arguments=st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))
def test_any_command_line_gives_a_clear_end_not_a_traceback(tmp_path_factory, capsys, monkeypatch, arguments):
    root = tmp_path_factory.mktemp("cli")
    shutil.copytree(CONTENT / "pocket-bazaar", root / "content/pocket-bazaar")
    shutil.copytree(LAYOUTS, root / "layouts")
    monkeypatch.chdir(root)
    with bounded():
        try:
            status = main(arguments)
        except SystemExit as stop:  # a usage error: argparse ends the run with its status
            status = stop.code
    err = capsys.readouterr().err
    assert status in (0, 1, 2), err
    assert "Traceback" not in err
