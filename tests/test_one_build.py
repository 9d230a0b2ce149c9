"""One build at a time per out folder: real processes, side by side. A second build waits for the first; the lock
goes with its holder however it ends (a SIGKILL too); giving up while waiting writes nothing."""

from __future__ import annotations

import fcntl
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS, by_a_process
from test_interrupt import no_staging_left, tree, whole

WAIT = "another build is writing into"


# A build that kills itself (SIGKILL: no clean-up can run) just after its commit's nth move into the out folder
KILLED_AT = """
import os, signal, sys
from deckpress import cli
replace, moved = os.replace, []
out, at = os.path.abspath(sys.argv[1]), int(sys.argv[2])
def replace_then_die(source, target):
    replace(source, target)
    if os.path.abspath(target).startswith(out + os.sep):
        moved.append(target)
        if len(moved) == at:
            os.kill(os.getpid(), signal.SIGKILL)
os.replace = replace_then_die
sys.exit(cli.main(sys.argv[3:]))
"""


def _command(tmp_path: Path, out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "deckpress", "build", "pocket-bazaar", "--paper", "a4", "--content", "content",
            "--layouts", str(LAYOUTS), "--out", str(out), "--jobs", "1", *extra]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "content/pocket-bazaar")
    return tmp_path


@pytest.fixture
def built_game(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """`game` with build/ as a build of it leaves it: the run's one build of it by a process, copied."""
    shutil.copytree(by_a_process(tmp_path_factory), tmp_path, dirs_exist_ok=True)
    return tmp_path


@contextmanager
def _holder(out: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the out folder's lock until it is killed (as a build would while it writes)."""
    code = ("import fcntl, os, sys, time\n"
            f"fd = os.open({str(out)!r}, os.O_RDONLY | os.O_DIRECTORY)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('held', flush=True)\ntime.sleep(600)\n")
    with subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True) as holder:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        try:
            yield holder
        finally:
            holder.kill()


def _until_locked(out: Path, build: subprocess.Popen, waiting: bool) -> None:
    """Wait until the build holds the out folder's lock or, `waiting`, is blocked in flock for it, as the kernel
    lists its locks (/proc/locks: a waiter's line marked `->`): that moment itself, which a fixed sleep guessed at.
    A build that ends first fails the test at once, with what it said."""
    inode = os.stat(out).st_ino
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if build.poll() is not None:
            raise AssertionError(f"the build ended ({build.returncode}) before it {'waited for' if waiting else 'held'}"
                                 f" the lock: {build.communicate()[1]}")
        for line in Path("/proc/locks").read_text(encoding="ascii").splitlines():
            fields = line.split()[1:]
            blocked = fields[0] == "->"
            kind, _, _, holder, device = fields[blocked:blocked + 5]
            if blocked == waiting and kind == "FLOCK" and int(holder) == build.pid and device.endswith(f":{inode}"):
                return
        time.sleep(0.01)
    raise AssertionError(f"process {build.pid} never {'waited for' if waiting else 'held'} the lock on {out}")


def _manifest_matches(out: Path) -> None:
    """Every file the manifest lists is on disk with its checksum, and every PDF on disk is listed; the public
    catalogue and the host's bundles (public/, host/<game>/) are whole by their manifests too."""
    assert whole(out) and whole(out / "public") and all(whole(b) for b in (out / "host").glob("*"))
    listed = {e["path"] for e in json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]}
    published = {p for folder in ("public", "host") for p in (out / folder).rglob("*.pdf")}
    assert {p.relative_to(out).as_posix() for p in out.rglob("*.pdf") if p not in published} <= listed
    assert published


def test_two_builds_into_one_out_folder_take_turns(game: Path) -> None:
    out = game / "build"
    first = subprocess.Popen(_command(game, out), cwd=game, stderr=subprocess.PIPE, text=True)
    second = subprocess.Popen(_command(game, out, "--bleed", "3mm"), cwd=game, stderr=subprocess.PIPE, text=True)
    errors = [p.communicate(timeout=300)[1] for p in (first, second)]
    assert [first.returncode, second.returncode] == [0, 0], errors
    assert any(WAIT in e for e in errors), errors  # one of them waited for the other
    _manifest_matches(out)
    assert no_staging_left(out)


def test_a_build_waits_while_the_folder_is_held_and_goes_on_when_its_holder_is_killed(game: Path) -> None:
    out = game / "build"
    out.mkdir()
    with _holder(out) as holder:
        build = subprocess.Popen(_command(game, out), cwd=game, stderr=subprocess.PIPE, text=True)
        _until_locked(out, build, waiting=True)
        assert build.poll() is None  # still waiting
        assert not list(out.iterdir())
        holder.send_signal(signal.SIGKILL)
        holder.wait()
        _, err = build.communicate(timeout=300)
    assert build.returncode == 0, err
    assert f"deckpress: another build is writing into {out}; waiting for it to finish" in err
    _manifest_matches(out)


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_sigterm_while_waiting_writes_nothing(built_game: Path, stop: signal.Signals) -> None:
    game = built_game  # pocket-bazaar built into build/ (the run's one build of it)
    out = game / "build"
    before = tree(out)
    with _holder(out):
        build = subprocess.Popen(_command(game, out, "--bleed", "3mm"), cwd=game, stderr=subprocess.PIPE, text=True)
        _until_locked(out, build, waiting=True)  # the signal comes while it waits
        build.send_signal(stop)
        _, err = build.communicate(timeout=30)
    assert build.returncode == 130, err
    assert "Traceback" not in err and err.strip().endswith("interrupted; nothing was written")
    assert tree(out) == before


def test_the_lock_is_free_after_a_build_and_a_failed_build_leaves_no_folder(game: Path) -> None:
    out = game / "fresh"
    (game / "content/pocket-bazaar/game.yaml").write_text("title: [\n")
    failed = subprocess.run(_command(game, out), cwd=game, capture_output=True, text=True)
    assert failed.returncode == 1 and "Traceback" not in failed.stderr
    assert not out.exists()  # made for the lock, removed when nothing landed
    out.mkdir()
    fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # nobody holds it
    finally:
        os.close(fd)


def test_a_build_killed_mid_commit_while_another_waits_leaves_a_whole_folder(built_game: Path) -> None:
    game = built_game  # pocket-bazaar built into build/ (the run's one build of it)
    out = game / "build"
    first = subprocess.Popen(_command(game, out, "--bleed", "3mm"), cwd=game, stderr=subprocess.DEVNULL)
    _until_locked(out, first, waiting=False)  # it holds the folder
    second = subprocess.Popen(_command(game, out, "--bleed", "2mm"), cwd=game, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300
    while not [p for p in game.glob(".deckpress-build-*/new") if p.is_dir()] and time.monotonic() < deadline:
        assert first.poll() is None, "the first build ended before its commit was seen"
        time.sleep(0.002)  # the first build is staging its files: its commit has begun
    first.send_signal(signal.SIGKILL)
    first.wait()
    _, err = second.communicate(timeout=300)
    assert second.returncode == 0, err
    _manifest_matches(out)
    assert no_staging_left(out)  # the killed build's staging folder, taken away under the lock
    bleeds = {e.get("bleed_mm") for e in json.loads((out / "manifest.json").read_text())["outputs"]} - {None}
    assert bleeds == {2.0}  # the second build's, whole


@pytest.mark.parametrize(("after", "then"), [(1, "site"), (40, "site"), (30, "export")])
def test_a_command_after_a_build_killed_mid_commit_finds_the_folder_whole(built_game: Path, after: int,
                                                                          then: str) -> None:
    """The killed build's commit is finished by the next process holding the folder, before it reads anything."""
    game = built_game  # pocket-bazaar built into build/ (the run's one build of it)
    out = game / "build"
    killed = subprocess.run([sys.executable, "-c", KILLED_AT, str(out), str(after),
                             *_command(game, out, "--bleed", "3mm")[3:]], cwd=game, capture_output=True)
    assert killed.returncode == -signal.SIGKILL
    assert list(game.glob(".deckpress-build-*"))  # stopped mid-commit: its staging folder is left
    tail = {"site": ["--content", "content"],
            "export": ["pocket-bazaar", "--to", "tts", "--content", "content", "--layouts", str(LAYOUTS)]}[then]
    ran = subprocess.run([sys.executable, "-m", "deckpress", then, "--out", str(out), *tail], cwd=game,
                         capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    _manifest_matches(out)
    assert no_staging_left(out)
    listed = {e["path"] for e in json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]}
    assert "pocket-bazaar/standard/pocket-bazaar-lot-cards-a4-bleed3mm.pdf" in listed  # the killed build's, whole


def _unfinishable(out: Path) -> None:
    """A commit stopped after its journal was written, whose next move cannot be made: a folder (made since by
    hand) stands where its file goes."""
    staging = out.parent / f".deckpress-{out.name}-abcd1234"
    (staging / "new").mkdir(parents=True)
    (staging / "new/notes.pdf").write_bytes(b"%PDF-1.7 staged")
    (staging / "journal.json").write_text(json.dumps({"moves": [["new/notes.pdf", "pocket-bazaar"]]}))


def test_a_stopped_commit_that_cannot_be_finished_is_refused_in_one_line(built_game: Path) -> None:
    game = built_game  # pocket-bazaar built into build/ (the run's one build of it)
    out = game / "build"
    _unfinishable(out)
    before = tree(out)
    ran = subprocess.run([sys.executable, "-m", "deckpress", "site", "--out", str(out), "--content", "content"],
                         cwd=game, capture_output=True, text=True)
    assert ran.returncode == 1
    (line,) = ran.stderr.strip().splitlines()
    assert line.startswith(f"deckpress: error: {out} holds a build stopped mid-commit") and "pocket-bazaar" in line
    assert tree(out) == before


def test_watching_says_a_stopped_commit_cannot_be_finished_and_goes_on(tmp_path: Path) -> None:
    from deckpress.options import Options
    from deckpress.watch import Watcher

    out = tmp_path / "build"
    (out / "pocket-bazaar").mkdir(parents=True)
    _unfinishable(out)
    said = io.StringIO()
    assert Watcher(Options(content=tmp_path / "content", out=out), [], say=said).rebuild([]) is False
    assert "holds a build stopped mid-commit" in said.getvalue()
