"""What an earlier build wrote is untrusted when read again: a FIFO, a folder or a huge file in an output's place
is no output. `site` refuses to publish it, in one line each; a build leaves it out of what it publishes; a
thumbnail that is no picture is drawn again. Each command in a process of its own, under a memory limit and a
timeout, so that a regression fails rather than hangs or swells the suite."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS, edit, made_once
from PIL import Image

GAMES = ("pocket-bazaar", "open-secret-exchange")
PAGE = "open-secret-exchange/open-secret-exchange.html"  # an earlier output of the game not built again
MEMORY = 1 << 30  # a whole read of the huge file below would pass it


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _deckpress(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "deckpress", *args], cwd=root, capture_output=True, text=True,
                          timeout=120, preexec_fn=_limited)


@pytest.fixture
def built(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """Two games built on A4 (made once a run, then copied): the root holding content/ and build/."""
    def make(root: Path) -> None:
        shutil.copytree(CONTENT, root / "content")
        ran = _deckpress(root, "build", *GAMES, "--paper", "a4", "--edition", "standard", "--layouts", str(LAYOUTS),
                         "--jobs", "1")
        assert ran.returncode == 0, ran.stderr

    shutil.copytree(made_once(tmp_path_factory, "test_earlier_outputs: two games on A4", make), tmp_path / "root",
                    symlinks=True)
    return tmp_path / "root"


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "mine.txt").write_text("kept\n", encoding="utf-8")


def _huge(path: Path) -> None:
    with open(path, "wb") as file:
        file.truncate(3 << 30)  # sparse: no disk, but three gigabytes to read


DAMAGE: dict[str, Callable[[Path], None]] = {"fifo": _fifo, "folder": _folder, "huge": _huge}


@pytest.mark.parametrize("damage", DAMAGE)
def test_site_refuses_an_output_replaced_by_what_the_press_never_writes(built: Path, damage: str) -> None:
    (built / "build" / PAGE).unlink()
    DAMAGE[damage](built / "build" / PAGE)
    index = (built / "build/index.html").read_bytes()
    ran = _deckpress(built, "site", "--out", "build", "--content", "content")
    assert ran.returncode == 1 and "Traceback" not in ran.stderr
    assert ran.stderr.splitlines() == [
        f"deckpress: build/{PAGE}: error: manifest.json lists it, but it is missing, or is no file the press writes "
        "(a folder, a FIFO, a file larger than any output)",
        "deckpress: 1 error; nothing was written: run deckpress build"]
    assert (built / "build/index.html").read_bytes() == index


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_build_publishes_no_output_replaced_by_what_the_press_never_writes(built: Path, damage: str) -> None:
    (built / "build" / PAGE).unlink()
    DAMAGE[damage](built / "build" / PAGE)
    edit(built / "content/pocket-bazaar/lots.yaml", "A steady light for late arrivals.", "A steady lamp at dusk.")
    ran = _deckpress(built, "build", "pocket-bazaar", "--paper", "a4", "--edition", "standard", "--layouts",
                     str(LAYOUTS), "--jobs", "1")
    assert ran.returncode == 0 and "Traceback" not in ran.stderr, ran.stderr[-2000:]
    assert PAGE not in (built / "build/manifest.json").read_text(encoding="utf-8")
    assert not (built / "build/public" / PAGE).exists()
    if damage == "folder":
        assert (built / "build" / PAGE / "mine.txt").read_text(encoding="utf-8") == "kept\n"


def test_a_thumbnail_that_is_no_picture_is_drawn_again(built: Path) -> None:
    pictures = sorted((built / "build/thumbnails").glob("*.png"))
    pictures[0].write_bytes(b"not a picture")
    ran = _deckpress(built, "site", "--out", "build", "--content", "content")
    assert ran.returncode == 0 and "Traceback" not in ran.stderr, ran.stderr[-2000:]
    with Image.open(pictures[0]) as drawn:
        assert drawn.format == "PNG" and drawn.width == 160
