"""Bad input never crashes: mutated sources end in findings at file:line:col, never a traceback."""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import os
import re
import resource
import shutil
import signal
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

from deckpress import paths
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
    """A run inside a memory limit and a limit of CPU time. The limit is the process's CPU limit (SIGXCPU), not a
    profiling timer: the press times each text with ITIMER_PROF and SIGPROF (deckpress.templating.budget), and a
    test timer there took the press's ticks of 10 ms for its own minute's end (a Hang in a run of 36 s), or had
    its minute cancelled by the first text the press timed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    used = int(Path("/proc/self/statm").read_text().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (used + MEMORY, hard))
    cpu_soft, cpu_hard = resource.getrlimit(resource.RLIMIT_CPU)
    times = os.times()
    spent = int(times.user + times.system) + 1

    def hung(number: int, frame: object) -> None:
        raise Hang(f"a run took more than {CPU_SECONDS} s of CPU")

    previous = signal.signal(signal.SIGXCPU, hung)
    resource.setrlimit(resource.RLIMIT_CPU, (spent + CPU_SECONDS, cpu_hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_soft, cpu_hard))
        signal.signal(signal.SIGXCPU, previous)
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


# A mutated layout file is checked with the games that read it: those whose check opens it to read it, noted once
# from their checks of the files as shipped (whether a file is opened depends on the other files, never on its own
# bytes). Every game hashes every layout file into the slug's seven-digit version (paths.hash_tree), and there
# alone a game that does not read the file meets its bytes: the game that reads it hashes the same folder too. The
# readers of the two games these checks always used, or, where neither reads the file, the games that do.
PAIR = ["open-secret-exchange", "stone-market"]
_NOTING: list[set[str]] = []  # while a set is here, the audit hook notes in it each file opened but to be hashed


def _note(event: str, args: tuple[object, ...]) -> None:
    if not _NOTING or event != "open" or not isinstance(args[0], str | os.PathLike):
        return
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == "_hash_file" and frame.f_code.co_filename == paths.__file__:
            return
        frame = frame.f_back  # type: ignore[assignment]
    _NOTING[-1].add(os.path.abspath(args[0]))


@functools.cache
def read_by() -> dict[str, set[str]]:
    """Each game's files (as SOURCES names them, layouts/...) its check reads, each game checked on its own."""
    sys.addaudithook(_note)  # a process's audit hooks stay for good: this one is idle but while noting
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder).resolve()
        shutil.copytree(LAYOUTS, root / "layouts")
        shutil.copytree(CONTENT, root / "content")
        read: dict[str, set[str]] = {}
        for game in sorted(p.parent.name for p in CONTENT.glob("*/game.yaml")):
            _NOTING.append(set())
            try:  # the hook goes idle again whatever the check does
                with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
                    status = main(["check", game, "--content", str(root / "content"), "--layouts",
                                   str(root / "layouts")])
            finally:
                opened = [Path(p) for p in _NOTING.pop()]
            assert status == 0, err.getvalue()
            read[game] = {p.relative_to(root).as_posix() for p in opened if p.is_relative_to(root / "layouts")}
    return read


def checked_with(name: str) -> list[str]:
    """The games a mutation of the file `name` (as SOURCES names it) is checked with."""
    if not name.startswith("layouts/"):
        return [name.split("/")[0]]
    readers = [game for game, read in read_by().items() if name in read]
    return [g for g in PAIR if g in readers] or readers or PAIR


# The seed derandomize drew from this test's text before a layout file was checked with its readers alone: the
# same forty mutations of the same files, run after run (DECKPRESS_FUZZ_EXAMPLES explores afresh, as before).
SAME_FORTY = 0x837072543d39cf44510ef8dca5663c935e37630e051aea7cf113f9985d4b056f1750d46df1d02ea5b533563d5796e014


@pytest.mark.slow  # forty checks of the games that read a mutated file
@(seed(SAME_FORTY) if not EXPLORE else lambda test: test)
@settings(max_examples=EXPLORE or 40, derandomize=not EXPLORE, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutation=mutations())
def test_mutated_sources_give_findings_not_tracebacks(tmp_path_factory, capsys, mutation):
    root = tmp_path_factory.mktemp("fuzz")
    name, change = mutation
    shutil.copytree(LAYOUTS, root / "layouts")
    games = checked_with(name)
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


def cell_mutations():
    junk = st.one_of(
        st.text(min_size=0, max_size=30),
        st.sampled_from(["", None, "=1+1", "=A1", "+cmd|' /C calc'!A0", "@SUM(1)", "-7", "1e309", "nan", "0",
                         "99999999999999999999", "[[0, 0], [0", "{a: 1", "a; b; c", "\x1b[2J", "\u202eevil",
                         "x" * 50_000, "{{ 7 * 7 }}", "{% for i in range(99999999) %}{% endfor %}", True, 3.5]),
    )
    return st.tuples(st.sampled_from(["csv", "xlsx"]), st.lists(st.tuples(st.integers(0, 30), st.integers(0, 5),
                                                                          junk), min_size=1, max_size=4))


@settings(max_examples=EXPLORE or 20, derandomize=not EXPLORE, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutation=cell_mutations())
def test_mutated_spreadsheet_cells_give_findings_not_tracebacks(tmp_path_factory, capsys, mutation):
    from test_spreadsheets import game_with, lots

    kind, edits = mutation
    rows = [list(row) for row in lots()]  # its own copy: the header row is the spreadsheet tests' shared list
    for row, column, junk in edits:
        if kind == "xlsx" and isinstance(junk, str):  # a workbook cannot hold control characters: openpyxl refuses
            junk = ILLEGAL_CHARACTERS_RE.sub("", junk)
        rows[row % len(rows)][column % len(rows[0])] = junk
    root = tmp_path_factory.mktemp("cells")
    game_with(root, kind, rows)
    with bounded():
        status = main(["check", "pocket-bazaar", "--content", str(root / "content"), "--layouts", str(LAYOUTS)])
    err = capsys.readouterr().err
    assert status in (0, 1), err
    if status == 1:
        assert FINDING.search(err), err
    assert "Traceback" not in err and "\x1b" not in err


ICON_FILES = sorted([*(CONTENT / "pocket-bazaar" / "icons").glob("*.svg"), *(LAYOUTS / "icons").glob("*.svg")])
NUMBERS = ["0", "-1", "1e-9", "0.004", "nan", "NaN", "inf", "-Infinity", "1e308", "-1e308", "1e6", "1000001", "3",
           "", "x", "10 10", "0 0 0 0", "0 0 1e-300 1", "scale(1e200)", "scale(999999) scale(999999)", "rotate(nan)",
           "M0 0 L1e308 0", "M0 0 Lnan 5", "stroke-width: 1e300", "skewX(89.99999)"]
ATTRIBUTES = ["width", "height", "viewBox", "r", "cx", "d", "points", "transform", "stroke-width", "x", "style"]


def svg_mutations():
    change = st.one_of(
        st.tuples(st.just("attribute"), st.sampled_from(ATTRIBUTES), st.sampled_from(NUMBERS), st.integers(0, 50)),
        st.tuples(st.just("nest"), st.sampled_from([1, 30, 46, 47, 120, 300])),
        st.tuples(st.just("use"), st.integers(1, 12), st.integers(1, 8)),
        st.tuples(st.just("style"), st.sampled_from(["rect", "g * circle", "nope ~ *", "*", ".a, .b > g"]),
                  st.sampled_from([1, 50, 3000])),
        st.tuples(st.just("copies"), st.sampled_from([2, 40, 400])),
        st.tuples(st.just("prologue"), st.sampled_from(["utf-16", "doctype-utf-16", "entity", "utf-16-be"])),
    )
    return st.tuples(st.sampled_from(ICON_FILES), st.lists(change, min_size=1, max_size=3))


def mutated_svg(text: str, changes) -> bytes:  # type: ignore[no-untyped-def]
    from lxml import etree

    root = etree.fromstring(text.encode())
    prologue = ""
    for change in changes:
        body = [node for node in root.iter() if isinstance(node.tag, str)]
        if change[0] == "attribute":
            body[change[3] % len(body)].set(change[1], change[2])
        elif change[0] == "nest":
            outer = root
            for _ in range(change[1]):
                outer = etree.SubElement(outer, "{http://www.w3.org/2000/svg}g")
            outer.append(etree.fromstring('<rect xmlns="http://www.w3.org/2000/svg" width="5" height="5"/>'))
        elif change[0] == "use":
            fan, levels = change[1], change[2]
            groups = "".join(f'<g id="u{i}">' + f'<use href="#u{i - 1}"/>' * fan + "</g>" for i in range(1, levels))
            root.append(etree.fromstring(f'<g xmlns="http://www.w3.org/2000/svg"><rect id="u0" width="2" '
                                         f'height="2"/>{groups}<use href="#u{levels - 1}"/></g>'))
        elif change[0] == "style":
            sheet = etree.SubElement(root, "{http://www.w3.org/2000/svg}style")
            sheet.text = f"{change[1]} {{ fill: red }} " * change[2]
        elif change[0] == "copies":
            root.extend(copy.deepcopy(node) for node in list(root) * change[1])
        else:
            prologue = change[1]
    data = etree.tostring(root, encoding="unicode")
    if prologue == "entity":
        return ('<!DOCTYPE svg [<!ENTITY b "bbbb">]>' + data).encode()
    if prologue.startswith("doctype"):
        data = '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "svg11.dtd">' + data
    return data.encode("utf-16-be" if prologue == "utf-16-be" else "utf-16")


@settings(max_examples=EXPLORE or 30, derandomize=not EXPLORE, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutation=svg_mutations())
def test_mutated_icons_and_tiles_are_refused_or_drawn_never_a_traceback(tmp_path_factory, mutation):
    from deckpress.draw.finish import DocInfo
    from deckpress.draw.render import render
    from deckpress.layout.elements.pattern import MAX_TILES, draw_pattern, tiles_in
    from deckpress.layout.page import Document, Drawing
    from deckpress.load.icons import checked

    source, changes = mutation
    path = tmp_path_factory.mktemp("svg") / source.name
    path.write_bytes(mutated_svg(source.read_text(encoding="utf-8"), changes))
    with bounded():
        icon = checked(path.stem, path, f"icons/{path.name}")
        if isinstance(icon, str):
            assert icon.startswith(f"icon icons/{path.name} ") and "\n" not in icon, icon
            return
        d = Drawing((210, 297))
        d.icon(icon, 10, 10, 20, None, 0.5)
        if tiles_in(icon, 63, 88) <= MAX_TILES:
            draw_pattern(d, icon, 10, 40, 63, 88, 0.25)
        pdf = render(Document("g", "c", "Icons", "standard", "a4", [d.page]), DocInfo("I", "R", "T", "en-GB"))
    assert not re.search(rb"[\s\[](-?nan|-?inf)[\s\]]", pdf, re.I)  # every number a PDF reader can read
