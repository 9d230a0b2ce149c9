"""Shared helpers: run the CLI in-process against a copy of the content."""

from __future__ import annotations

import fcntl
import gc
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polib
import pytest
from typecase import set_forms_once, set_type_once

from deckpress import pool
from deckpress.cli import main
from deckpress.findings import Findings
from deckpress.templating import Templates

# A run started in the background by a non-interactive shell (as a CI runner may start it) has Ctrl-C ignored, and
# Python then leaves it ignored: the tests of Ctrl-C, and the commands they start (which inherit an ignored signal,
# not a handler), would never see it. Python's own handler, as a terminal gives it.
signal.signal(signal.SIGINT, signal.default_int_handler)
# A test process holds a large heap (every module, pytest's own objects, what its fixtures read) and its tests make
# millions of short-lived objects: at Python's usual pace (700) the cycle collector scanned that heap again and
# again (a tenth of the time of a module of small builds and checks). Collected seldom: a build in it more seldom
# still (`build._seldom_collected`: 100,000, this put back after each build); 20,000 between builds, so that what
# the tests' own readings leave in cycles does not pile up over a run.
gc.set_threshold(20_000, 50, 100)
# Each process of a pytest-xdist run shares the cores with the others: a build in it (told no --jobs) and the PNG
# export's cutting take its share (one process where two workers share two cores) rather than forking the test
# process's large heap into a worker a core, onto cores already busy. A parallel build is tested where asked for
# (--jobs 2), and in the commands the tests start (their default is the press's).
machine_cores = pool.cores  # the press's own, for the test of it
if workers := int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 0):
    pool.cores = lambda: max(1, machine_cores() // workers)
set_type_once()  # pypdf reads each font of a PDF once, not once per form that uses it: the same text, sooner
set_forms_once()  # pdfminer (pdfplumber) parses each form of a PDF once, not once per time a page draws it

ROOT = Path(__file__).resolve().parent.parent
# The content the suite reads: content/, or the folder DECKPRESS_TEST_CONTENT names (test_any_content.py runs the
# content-generic tests over content/ with games added, as a designer's content/ may hold).
CONTENT = Path(os.environ.get("DECKPRESS_TEST_CONTENT") or ROOT / "content")
LAYOUTS = ROOT / "layouts"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
MM = 72 / 25.4
# The games this repository ships. A test about one of them names it; a test about the press works with whatever
# games content/ holds (games(...)), so a game folder added there breaks no test.
SHIPPED = ("open-secret-exchange", "pocket-bazaar", "stone-market")


# How often a server a test runs in a thread (serve_forever) looks whether it is told to stop: socketserver's half
# second kept each test of a served folder waiting up to that long for its shutdown. A request is answered as it
# comes, whatever this is: only the stop comes sooner.
STOP_POLL = 0.01


def games(content: Path = CONTENT) -> list[str]:
    """The games in a content folder, by id, in the order the press lists them."""
    return sorted(p.parent.name for p in content.glob("*/game.yaml"))


# The fixtures that build the whole catalogue, by module: every test reading one is slow (the build, and the
# reading of its many PDFs). (Other modules' fixtures of the same names build a game of their own.)
CATALOGUE_BUILDS = {("conftest", "built"), ("test_slug", "printed"), ("test_host_kit", "duplex"),
                    ("test_shipped_backs", "duplex")}


# The modules whose tests take longest, longest first: run first, so that the workers end together, each on short
# tests (a long one taken last keeps the run waiting for one worker). Each module's tests stay together, in order.
LONGEST = ["test_fuzz", "test_any_content", "test_slug", "test_interrupt", "test_overlap", "test_one_build",
           "test_host_kit", "test_incremental", "test_pdfs", "test_stone_market", "test_printing", "test_export_png",
           "test_epub_validators", "test_tagged", "test_publications", "test_shapes", "test_large_print"]


# Tests measured slow, by module and function (tests/slow.txt): marked slow as those marked where they are written.
SLOW = {line for line in (Path(__file__).parent / "slow.txt").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        chains = info.name2fixturedefs.items() if info else ()
        if any((chain[-1].func.__module__, name) in CATALOGUE_BUILDS for name, chain in chains if chain):
            item.add_marker(pytest.mark.slow)
        elif item.nodeid.split("[")[0] in SLOW:
            item.add_marker(pytest.mark.slow)
    rank = {name: i for i, name in enumerate(LONGEST)}
    items.sort(key=lambda item: rank.get(getattr(getattr(item, "module", None), "__name__", ""), len(rank)))


@dataclass
class Result:
    status: int
    out: str
    err: str

    @property
    def errors(self) -> list[str]:
        return [line for line in self.err.splitlines() if ": error: " in line]


@pytest.fixture
def deckpress(capsys, monkeypatch, tmp_path):
    """Run `deckpress ARGS` in tmp_path, where `content/` is a fresh copy of the real content."""
    shutil.copytree(CONTENT, tmp_path / "content")
    monkeypatch.chdir(tmp_path)

    def run(*args: str, layouts: tuple[Path, ...] = (LAYOUTS,)) -> Result:
        extra = [a for layout in layouts for a in ("--layouts", str(layout))]
        capsys.readouterr()
        status = main([*args, *extra])
        captured = capsys.readouterr()
        return Result(status, captured.out, captured.err)

    return run


def loaded(game_id: str, edition: str = "standard") -> tuple[Any, Any, Templates]:
    """A shipped game loaded and its sheets expanded, with one edition of the shared layouts (those it names and
    the print check), and the templates they were read with: what a layout test lays out, found faultless."""
    from deckpress.load import expand_sheets, load_edition, load_game

    findings, templates = Findings(), Templates()
    game = load_game(CONTENT / game_id, f"content/{game_id}", findings, templates)
    expand_sheets(game, findings, templates)
    names = {c.layout for c in game.components} | {"print-check"}
    loaded_edition = load_edition([LAYOUTS], edition, names, findings)
    assert list(findings) == []
    return game, loaded_edition, templates


def in_source_language(game: Path) -> None:
    """The game in folder `game` declared in its source language alone (`language: en-GB`): for a test of its
    source's print that adds texts no translation has."""
    source = languages(game)[0]
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(re.sub(r"(?m)^languages?:.*$", f"language: {source}", text, count=1),
                                    encoding="utf-8")


def built_games(content: Path = CONTENT) -> list[str]:
    """The games a build of a content folder makes files for: each game, then each of its translations
    (`pocket-bazaar-de-de`)."""
    return [i for g in games(content) for i in (g, *(f"{g}-{t.lower()}" for t in languages(content / g)[1:]))]


def languages(game: Path) -> list[str]:
    """The languages the game in folder `game` is built in, its source first (a quick look at its game.yaml)."""
    text = (game / "game.yaml").read_text(encoding="utf-8")
    several = re.search(r"(?m)^languages: *\[([^\]]*)\]", text)
    one = re.search(r"(?m)^language: *([\w-]+)", text)
    return [t.strip() for t in several[1].split(",")] if several else [one[1] if one else "en"]


def edit(path: Path, old: str, new: str, count: int = 1, translations: bool = True) -> None:
    """Replace `old` with `new` in a content file; fail loudly if `old` is not there. In a game.yaml that declares
    its languages (`languages: [en-GB, de-DE]`), its source's line `language: en-GB` stands for that line: a test
    that rewrites a game's language works on a translated game as on one in a single language. The game's
    translations follow an edit of its source text (`kept_current`) unless `translations` is False."""
    text = path.read_text(encoding="utf-8")
    declared = re.search(r"^languages: \[([\w-]+)[^\n]*\n", text, re.M) if path.name == "game.yaml" else None
    if declared and old.startswith(f"language: {declared[1]}\n") and old not in text:
        old = declared[0] + old.removeprefix(f"language: {declared[1]}\n")
    assert text.count(old) >= count, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    if translations and path.suffix == ".yaml":
        kept_current(path.parent / "translations", old, new)


def kept_current(folder: Path, old: str, new: str) -> None:
    """A source text edited in a translated game's files, edited in its PO files' source texts too: its
    translations stay current, as when a translator has looked at the change, so that a test of the source
    language's print builds the game whatever languages it declares."""
    olds = dict.fromkeys([old, " ".join(old.split())])  # a folded YAML text is one line in a PO file
    for po_path in sorted(folder.glob("*.po")) if folder.is_dir() else ():
        po = polib.pofile(str(po_path), wrapwidth=0)
        changed = [e for e in po if any(o and o in e.msgid for o in olds)]
        for entry in changed:
            for o in olds:
                entry.msgid = entry.msgid.replace(o, new if o == old else " ".join(new.split()))
        if changed:
            po.save(str(po_path))


def fixture_game(folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                 build_args: tuple[str, ...] = ()) -> Callable[..., tuple[int, list[str]]]:
    """A fixture game's content and layouts copied into tmp_path, and a command run on them: `run("check")` gives
    the exit status and the error lines (`build_args` added to a build)."""
    shutil.copytree(folder / "content", tmp_path / "content")
    shutil.copytree(folder / "layouts", tmp_path / "layouts")
    monkeypatch.chdir(tmp_path)

    def run(command: str, *args: str) -> tuple[int, list[str]]:
        capsys.readouterr()
        built = build_args if command == "build" else ()
        status = main([command, *args, *built, "--layouts", "layouts", "--layouts", str(LAYOUTS)])
        return status, [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]

    return run


def built_fixture(folder: Path, root: Path) -> Path:
    """A fixture game's content and layouts copied into `root` and built in one process: its out folder."""
    for part in ("content", "layouts"):
        shutil.copytree(folder / part, root / part)
    out = root / "out"
    status = main(["build", "--content", str(root / "content"), "--layouts", str(root / "layouts"), "--layouts",
                   str(LAYOUTS), "--out", str(out), "--jobs", "1"])
    assert status == 0
    return out


def fixture_built(factory: pytest.TempPathFactory, folder: Path) -> Path:
    """A fixture game's `built_fixture`, made once per test run (its modules and the validators read it): its out
    folder, read-only."""
    return made_once(factory, f"{folder} built", lambda root: built_fixture(folder, root) and None) / "out"


def line_of(path: Path, needle: str, nth: int = 1) -> int:
    """1-based line number of the nth line containing `needle`."""
    hits = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line]
    return hits[nth - 1]


def run_wide(factory: pytest.TempPathFactory) -> Path:
    """The temporary folder every process of this test run sees: pytest-xdist gives each worker a folder of its
    own inside the run's, so the run's is the worker's parent; a run without workers has its own."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def made_once(factory: pytest.TempPathFactory, key: str, make: Callable[[Path], None]) -> Path:
    """A folder `make` fills once per test run, whichever worker asks first; the others wait on its lock and reuse
    it. Whoever receives it reads it and never writes into it: other tests, in other processes, read it too."""
    name = hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]
    root = run_wide(factory) / "shared"
    root.mkdir(exist_ok=True)
    folder, done = root / name, root / f"{name}.done"
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a failed first try left
            folder.mkdir()
            make(folder)
            done.write_text(key, encoding="utf-8")
    return folder


def shared(factory: pytest.TempPathFactory, *commands: Sequence[str]) -> Path:
    """The out folder of `deckpress COMMAND --out OUT` for each command in turn (each a list of arguments), made
    once per test run for each distinct list of commands, even across pytest-xdist's workers: read-only."""
    def make(out: Path) -> None:
        for command in commands:
            status = main([*command, "--out", str(out)])
            assert status == 0, f"deckpress {' '.join(command)} ended {status}"

    return made_once(factory, repr([list(c) for c in commands]), make)


def by_a_process(factory: pytest.TempPathFactory) -> Path:
    """pocket-bazaar built on A4 by a real process (`python -m deckpress build`), once per test run: the folder of
    its content (content/pocket-bazaar) and out folder (build/), read-only. A build keeps no path in its out
    folder, so a copy of the folder is what a build there leaves: the earlier build of the tests that build again."""
    def make(root: Path) -> None:
        shutil.copytree(CONTENT / "pocket-bazaar", root / "content/pocket-bazaar")
        run = subprocess.run([sys.executable, "-m", "deckpress", "build", "pocket-bazaar", "--paper", "a4",
                              "--content", "content", "--layouts", str(LAYOUTS), "--out", str(root / "build"),
                              "--jobs", "1"], cwd=root, capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stderr  # said once, not hidden behind CalledProcessError

    return made_once(factory, "pocket-bazaar built on A4 by a process", make)


def on_a4(factory: pytest.TempPathFactory) -> Path:
    """The real content built on A4 (`build --paper a4`, in this process), once per test run: its out folder,
    read-only. A build keeps no path in its out folder: a copy of it is what a build there leaves."""
    def make(root: Path) -> None:
        shutil.copytree(CONTENT, root / "content")
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(root)
            assert main(["build", "--paper", "a4", "--layouts", str(LAYOUTS)]) == 0

    return made_once(factory, "the content built on A4", make) / "build"


# The whole catalogue of the real content, both papers, every edition, one process (the reference the parallel
# builds are compared with): the build most test modules read.
CATALOGUE = ("build", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--jobs", "1")


# test_any_content.py's inner runs read the one build of their content its outer run made for them all.
BUILT = os.environ.get("DECKPRESS_TEST_BUILT")


def catalogue(factory: pytest.TempPathFactory) -> Path:
    """The real content built once per test run (both papers) into a temporary out folder: read-only."""
    return Path(BUILT) if BUILT else shared(factory, CATALOGUE)


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """The real content built once per test run (both papers) into a temporary out folder: read-only."""
    return catalogue(tmp_path_factory)
