"""Shared helpers: run the CLI in-process against a copy of the content."""

from __future__ import annotations

import shutil
import signal
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from deckpress.cli import main

# A run started in the background by a non-interactive shell (as a CI runner may start it) has Ctrl-C ignored, and
# Python then leaves it ignored: the tests of Ctrl-C, and the commands they start (which inherit an ignored signal,
# not a handler), would never see it. Python's own handler, as a terminal gives it.
signal.signal(signal.SIGINT, signal.default_int_handler)

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
LAYOUTS = ROOT / "layouts"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
MM = 72 / 25.4
# The games this repository ships. A test about one of them names it; a test about the press works with whatever
# games content/ holds (games(...)), so a game folder added there breaks no test.
SHIPPED = ("open-secret-exchange", "pocket-bazaar", "stone-market")


def games(content: Path = CONTENT) -> list[str]:
    """The games in a content folder, by id, in the order the press lists them."""
    return sorted(p.parent.name for p in content.glob("*/game.yaml"))


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


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace `old` with `new` in a content file; fail loudly if `old` is not there."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


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


def line_of(path: Path, needle: str, nth: int = 1) -> int:
    """1-based line number of the nth line containing `needle`."""
    hits = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line]
    return hits[nth - 1]


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """The real content built once (both papers) into a temporary out folder, in this process (the reference
    the parallel builds are compared with)."""
    out = tmp_path_factory.mktemp("build")
    status = main(["build", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--out", str(out), "--jobs", "1"])
    assert status == 0
    return out
