"""Nothing lost: a build that fails or is interrupted leaves the out folder exactly as it was."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS, edit, games, made_once, on_a4

from deckpress.draw import render as render_stage
from deckpress.publish import write
from deckpress.publish.staging import write_outputs
from deckpress.publish.write import Output


def tree(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def whole(out: Path) -> bool:
    """Every file the manifest lists is there with its checksum."""
    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    return all(hashlib.sha256((out / e["path"]).read_bytes()).hexdigest() == e["sha256"] for e in entries)


def no_staging_left(out: Path) -> bool:
    return not [p for p in out.parent.iterdir() if p.name.startswith(".deckpress-")]


def test_ctrl_c_during_the_moves_waits_until_every_file_is_in_place(tmp_path, monkeypatch):
    moves = []
    replace = os.replace

    def interrupted_replace(source: Path, target: Path) -> None:
        if not moves:
            signal.raise_signal(signal.SIGINT)  # Ctrl-C just as the first file moves
        moves.append(target)
        replace(source, target)

    monkeypatch.setattr(write.os, "replace", interrupted_replace)
    outputs = [Output(f"game/part-{i}.pdf", b"%PDF " + bytes([i])) for i in range(5)]
    with pytest.raises(KeyboardInterrupt):
        write_outputs(tmp_path / "build", outputs)
    assert len(moves) == 5
    assert tree(tmp_path / "build") == {o.path: o.data for o in outputs}
    assert no_staging_left(tmp_path / "build")


@pytest.mark.slow  # a whole build
def test_a_render_error_leaves_every_earlier_output_as_it_was(deckpress, monkeypatch, tmp_path_factory):
    shutil.copytree(on_a4(tmp_path_factory), "build")  # `build --paper a4` of this content: the run's one build
    before = tree(Path("build"))
    edit(Path("content/pocket-bazaar/lots.yaml"), "A steady light for late arrivals.",
         "A steady light for those who come late.")
    calls = []
    render = render_stage.render

    def failing_render(doc, info):  # the third document fails to draw
        calls.append(doc)
        if len(calls) == 3:
            raise RuntimeError("the printer's devil")
        return render(doc, info)

    monkeypatch.setattr("deckpress.draw.render.render", failing_render)
    with pytest.raises(RuntimeError):
        deckpress("build", "--paper", "a4")
    assert tree(Path("build")) == before
    assert no_staging_left(Path("build"))


def _building(root: Path, jobs: int) -> list[str]:
    """The command that builds the catalogue on A4 from root/content into root/build (run in root)."""
    return [sys.executable, "-m", "deckpress", "build", "--paper", "a4", "--content", "content", "--layouts",
            str(LAYOUTS), "--out", str(root / "build"), "--jobs", str(jobs)]


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Callable[[int], tuple[Path, float]]:
    """The catalogue built on A4 by a real process with so many jobs, once for the module for each number of jobs:
    the folder of its content and out folder (read-only), and how long the build took."""
    def build(jobs: int) -> tuple[Path, float]:
        def make(root: Path) -> None:
            shutil.copytree(CONTENT, root / "content")
            start = time.perf_counter()
            assert subprocess.run(_building(root, jobs), cwd=root, capture_output=True).returncode == 0
            (root / "seconds").write_text(repr(time.perf_counter() - start), encoding="utf-8")

        root = made_once(tmp_path_factory, f"test_interrupt: the content built on A4 with {jobs} jobs", make)
        return root, float((root / "seconds").read_text(encoding="utf-8"))

    return build


@pytest.mark.slow  # a whole build for each moment
@pytest.mark.parametrize(("moment", "jobs"), [(0.2, 1), (0.4, 1), (0.6, 1), (0.8, 1), (0.95, 1), (0.5, 2)])
def test_ctrl_c_at_any_moment_leaves_the_last_complete_build(tmp_path, first_build, moment, jobs):
    """A real process, interrupted part-way: either nothing changed, or the new build is whole. (The build before
    it is the module's, copied with its content: a build keeps no path in its out folder.)"""
    built, duration = first_build(jobs)
    shutil.copytree(built, tmp_path, dirs_exist_ok=True)
    out = tmp_path / "build"
    command = _building(tmp_path, jobs)
    before = tree(out)
    for game in games(tmp_path / "content"):  # every game is built again (pocket-bazaar's lots change below)
        with (tmp_path / "content" / game / "game.yaml").open("a", encoding="utf-8") as source:
            source.write("# edited\n")
    edit(tmp_path / "content/pocket-bazaar/lots.yaml", "A steady light for late arrivals.",
         "A steady light for those who come late.")
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    time.sleep(moment * duration)  # at this share of a full build's time
    os.killpg(process.pid, signal.SIGINT)  # as a terminal does: to the build and its worker processes
    _, err = process.communicate(timeout=60)
    assert "Traceback" not in err
    assert no_staging_left(out)
    if process.returncode == 130:
        assert err.strip().endswith("interrupted; nothing was written")
        assert tree(out) == before  # a signal during the final moves waits for them, and the build then succeeds
    else:
        assert process.returncode == 0, err  # finished before the signal came
        assert whole(out)


def test_a_cutting_worker_leaves_ctrl_c_to_its_parent_and_ends_on_sigterm():
    """A worker the PNG export forks ignores the terminal's Ctrl-C (its parent ends it), and SIGTERM ends it: a
    worker whose parent was killed outright is not left for good."""
    import signal

    from deckpress import interrupts

    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    try:
        interrupts.left_to_parent()
        assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == (signal.SIG_IGN, signal.SIG_DFL)
    finally:
        signal.signal(signal.SIGINT, before[0])
        signal.signal(signal.SIGTERM, before[1])
