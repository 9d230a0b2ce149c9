"""The commit under faults: whichever move fails, the out folder is the earlier build byte for byte, the run says so
in one line and exits 1; an out folder that cannot take a build is refused before any work."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS, edit, made_once
from test_interrupt import no_staging_left, tree

from deckpress.cli import main
from deckpress.publish import staging, write
from deckpress.publish.journal import finish

LOTS = Path("content/pocket-bazaar/lots.yaml")
BUILD = ("build", "pocket-bazaar", "--paper", "a4", "--jobs", "1")


@pytest.fixture(scope="module")
def earlier(tmp_path_factory) -> tuple[dict[str, bytes], int]:
    """pocket-bazaar built on A4 from the real content, once for the module (each test writes its files back into
    its own out folder), and how many moves the commit of the build after its lots are edited makes."""
    def make(root: Path) -> None:
        shutil.copytree(CONTENT, root / "content")
        moves: list[tuple[Path, Path]] = []
        replace = os.replace

        def counted(source: Path, target: Path) -> None:
            moves.append((source, target))
            replace(source, target)

        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(root)
            assert main([*BUILD, "--layouts", str(LAYOUTS)]) == 0
            shutil.copytree("build", "earlier")
            edit(LOTS, "A steady light for late arrivals.", "A steady light for those who come late.")
            patch.setattr(staging.os, "replace", counted)  # a dry run: how many moves a commit makes
            assert main([*BUILD, "--layouts", str(LAYOUTS)]) == 0
        (root / "moves").write_text(str(len(moves)), encoding="utf-8")

    root = made_once(tmp_path_factory, "test_commit_faults: pocket-bazaar on A4, its lots edited", make)
    return tree(root / "earlier"), int((root / "moves").read_text(encoding="utf-8"))


def laid_down(files: dict[str, bytes], out: Path) -> None:
    """A build's files (`tree`) written into the folder `out`, as that build left them."""
    for path, data in files.items():
        (out / path).parent.mkdir(parents=True, exist_ok=True)
        (out / path).write_bytes(data)


@pytest.fixture
def rebuilt(deckpress, earlier):
    """A build of pocket-bazaar (the module's, its files written into build/), then its lots edited: the next
    build replaces most files and adds none."""
    built, _ = earlier
    laid_down(built, Path("build"))
    edit(LOTS, "A steady light for late arrivals.", "A steady light for those who come late.")
    return built


@pytest.mark.parametrize("failing", [0, 1, 2, 7, 20, -1])
def test_a_move_that_fails_leaves_the_earlier_build(deckpress, earlier, rebuilt, monkeypatch, failing):
    total = earlier[1]  # the moves of a commit after this edit, counted once for the module
    assert total > 20
    edit(LOTS, "those who come late.", "those who come later.")
    calls = []
    replace = os.replace

    def failing_replace(source: Path, target: Path) -> None:
        calls.append(target)
        if len(calls) - 1 == failing % total:
            raise PermissionError(1, "Operation not permitted")
        replace(source, target)

    monkeypatch.setattr(staging.os, "replace", failing_replace)
    result = deckpress(*BUILD)
    assert result.status == 1
    (line,) = result.err.strip().splitlines()
    assert line.startswith("deckpress: error: cannot write build/") and "the earlier build is as it was" in line
    assert tree(Path("build")) == rebuilt
    assert no_staging_left(Path("build"))


def test_an_immutable_file_in_the_out_folder_leaves_the_earlier_build(deckpress, rebuilt):
    locked = Path("build/manifest.json")
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(locked)]).returncode != 0:
        pytest.skip("this machine cannot make a file immutable (chattr +i needs a filesystem and rights for it)")
    try:
        result = deckpress("build", "pocket-bazaar", "--paper", "a4", "--jobs", "1")
    finally:
        subprocess.run(["chattr", "-i", str(locked)], check=True)
    assert result.status == 1 and "the earlier build is as it was" in result.err
    assert tree(Path("build")) == rebuilt


@pytest.mark.parametrize(("out", "said"), [
    ("a-file", "a-file is not a folder"),
    ("a-file/build", "cannot write to a-file/build: "),
    ("/proc/deckpress", "cannot write to /proc/deckpress"),
])
def test_an_out_folder_that_cannot_take_a_build_is_refused_first(deckpress, out, said):
    Path("a-file").write_text("not a folder\n")
    result = deckpress("build", "pocket-bazaar", "--out", out)
    assert result.status == 2 and result.err.startswith("deckpress: error: --out: ") and said in result.err
    assert Path("a-file").read_text() == "not a folder\n" and not Path("build").exists()


def test_a_symbolic_link_inside_the_out_folder_is_refused(deckpress, rebuilt, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    shutil.rmtree("build/pocket-bazaar/standard")
    os.symlink(elsewhere, "build/pocket-bazaar/standard")
    result = deckpress("build", "pocket-bazaar", "--paper", "a4")
    assert result.status == 2 and "build/pocket-bazaar/standard is a symbolic link" in result.err
    assert not list(elsewhere.iterdir())


@pytest.mark.parametrize("command", [BUILD, ("site",)])
def test_a_folder_where_the_press_writes_a_file_is_refused_and_kept(deckpress, rebuilt, command):
    Path("build/index.html").unlink()
    Path("build/index.html").mkdir()
    Path("build/index.html/mine.txt").write_text("kept\n", encoding="utf-8")
    before = tree(Path("build"))
    result = deckpress(*command, layouts=(LAYOUTS,) if command == BUILD else ())  # `site` reads no layout
    assert result.status == 1 and "Traceback" not in result.err
    assert result.err.strip().splitlines()[-1] == (
        "deckpress: error: build/index.html is a folder where the press writes a file; move it away")
    assert tree(Path("build")) == before and no_staging_left(Path("build"))


def test_a_link_made_after_the_check_is_refused_at_the_commit(tmp_path):
    (tmp_path / "build").mkdir()
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", tmp_path / "build/game")
    with pytest.raises(write.CommitError, match="build/game is a symbolic link"):
        staging.write_outputs(tmp_path / "build", [write.Output("game/rules.pdf", b"%PDF-")])
    assert not list((tmp_path / "elsewhere").iterdir())


def test_a_journal_that_is_a_fifo_is_refused_not_waited_on(tmp_path):
    staging, out = tmp_path / ".deckpress-build-abcd1234", tmp_path / "build"
    staging.mkdir()
    out.mkdir()
    os.mkfifo(staging / "journal.json")
    ran = subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; from deckpress.publish.journal "
                          "import finish, Unfinished\ntry: finish(Path(sys.argv[1]), Path(sys.argv[2]))\nexcept "
                          "Unfinished as why: print(why)", str(staging), str(out)], capture_output=True, text=True,
                         timeout=60)
    assert ran.stdout == f"cannot read {staging / 'journal.json'}: not a regular file\n", ran.stderr


def test_a_copy_of_the_same_bytes_is_a_second_name_for_the_file_and_a_later_build_parts_them(tmp_path, monkeypatch):
    """A public copy is the tree's file linked, written once; the next commit replaces either name by a new file,
    never writing into the other. Where the file system has no hard links the copy is written."""
    out, pdf = tmp_path / "build", b"%PDF- the kit"
    staging.write_outputs(out, [write.Output("game/kit.pdf", pdf), write.Output("public/game/kit.pdf", pdf),
                              write.Output("game/rules.pdf", bytes(bytearray(pdf)))])  # equal, not the same: apart
    assert os.path.samefile(out / "game/kit.pdf", out / "public/game/kit.pdf")
    assert not os.path.samefile(out / "game/kit.pdf", out / "game/rules.pdf")
    staging.write_outputs(out, [write.Output("game/kit.pdf", b"%PDF- a new kit")])
    assert (out / "public/game/kit.pdf").read_bytes() == pdf and (out / "game/kit.pdf").read_bytes() != pdf

    def no_links(source: object, target: object) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    staging.write_outputs(out, [write.Output("game/kit.pdf", pdf), write.Output("public/game/kit.pdf", pdf)])
    assert (out / "public/game/kit.pdf").read_bytes() == pdf == (out / "game/kit.pdf").read_bytes()
    assert not os.path.samefile(out / "game/kit.pdf", out / "public/game/kit.pdf")


@pytest.mark.parametrize(("name", "text", "said"), [
    ("manifest.json", '{"outputs": [1, 2, 3]}', "build/manifest.json has 3 entries that do not fit"),
    ("manifest.json", '{"outputs": [{"path": "../secret.pdf"}]}', "build/manifest.json has 1 entries that do not fit"),
    ("manifest.json", "[", "build/manifest.json is damaged"),
    (".deckpress-inputs.json", '["a"]', "build/.deckpress-inputs.json is damaged"),
])
def test_a_damaged_state_file_means_building_again_with_a_warning(deckpress, rebuilt, name, text, said):
    Path("build", name).write_text(text, encoding="utf-8")
    Path("secret.pdf").write_text("not the press's\n")
    result = deckpress("build", "pocket-bazaar", "--paper", "a4", "--jobs", "1")
    assert result.status == 0, result.err
    assert f"deckpress: warning: {said}" in result.err
    assert "built into build" in result.err and Path("secret.pdf").read_text() == "not the press's\n"
    assert deckpress("build", "pocket-bazaar", "--paper", "a4", "--jobs", "1").err.count("warning") == 0


@pytest.mark.parametrize("jobs", ["1", "2"])  # in parallel, the workers' results fill the disk too
def test_a_full_disk_leaves_the_earlier_build(deckpress, earlier, tmp_path, jobs):
    disk = tmp_path / "disk"
    disk.mkdir()
    if shutil.which("mount") is None or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(disk)],
                                                       capture_output=True).returncode != 0:
        pytest.skip("this machine cannot mount a small file system to fill (mount -t tmpfs needs the right to)")
    try:
        out = disk / "build"
        laid_down(earlier[0], out)  # the module's build of pocket-bazaar on A4
        before = tree(out)
        edit(Path("content/pocket-bazaar/lots.yaml"), "A steady light for late arrivals.",
             "A steady light for those who come late.")
        # the disk full but for a few kilobytes; unbuffered: nothing left to write as it closes (a buffered file's
        # last write, refused, was tried again at its close and raised there)
        with (disk / "filler").open("wb", buffering=0) as filler:
            try:
                while True:
                    filler.write(b"\0" * 65536)
                    filler.flush()
            except OSError:
                pass
        result = deckpress("build", "pocket-bazaar", "--paper", "a4", "--jobs", jobs, "--out", str(out))
        assert result.status in (1, 2)  # refused before the work (2) or at the commit (1): either way, said once
        (line,) = result.err.strip().splitlines()
        assert line.startswith("deckpress: error: ") and "No space left on device" in line
        assert tree(out) == before
        assert not [p for p in disk.iterdir() if p.name.startswith(".deckpress-")]
    finally:
        subprocess.run(["umount", str(disk)], check=False)


def test_a_file_where_a_folder_goes_is_said_at_the_file_being_written_and_nothing_moves(tmp_path):
    """The first file's folder cannot be made (a file, or a FIFO, left in its place): the commit names that file
    (it said an earlier one, or failed on a journal still empty), and the folder is as it was."""
    out = tmp_path / "build"
    staging.write_outputs(out, [write.Output("a.pdf", b"%PDF a")])
    (out / "game").write_text("in the way\n")
    new = [write.Output("game/export/part.pdf", b"%PDF part"), write.Output("a.pdf", b"%PDF b")]
    with pytest.raises(write.CommitError) as refused:
        staging.write_outputs(out, new)
    assert str(refused.value).startswith(f"cannot write {out / 'game' / 'export' / 'part.pdf'}: Not a directory")
    assert tree(out) == {"a.pdf": b"%PDF a", "game": b"in the way\n"}


class _Killed(BaseException):
    """Stands for SIGKILL: nothing after it runs, no clean-up either."""


@pytest.mark.parametrize(("failing", "killed"), [(1, 1), (3, 1), (3, 3), (5, 2)])
def test_a_commit_killed_while_it_undoes_a_failed_move_is_finished_by_the_next(tmp_path, monkeypatch, failing,
                                                                              killed):
    """The undo puts each new file back where it was staged, so the journal still holds whenever it stops."""
    out = tmp_path / "build"
    earlier = [write.Output(f"game/part-{i}.pdf", b"%PDF earlier " + bytes([i])) for i in range(4)]
    staging.write_outputs(out, [*earlier, write.Output("gone.pdf", b"%PDF taken away")])
    new = [write.Output(f"game/part-{i}.pdf", b"%PDF new " + bytes([i])) for i in range(1, 6)]
    calls: list[Path] = []
    replace = os.replace

    def failing_then_killed(source: Path, target: Path) -> None:
        calls.append(Path(target))
        if len(calls) - 1 == failing:
            raise PermissionError(1, "Operation not permitted")
        if len(calls) - 1 == failing + killed:  # in the undo
            raise _Killed
        replace(source, target)

    monkeypatch.setattr(staging.os, "replace", failing_then_killed)
    monkeypatch.setattr(staging.shutil, "rmtree", lambda *args, **kwargs: None)  # killed: nothing cleans up
    with pytest.raises(_Killed):
        staging.write_outputs(out, new, ["gone.pdf"])
    monkeypatch.undo()
    (left,) = write.leftovers(out)
    finish(left, out)
    assert tree(out) == {"game/part-0.pdf": b"%PDF earlier \x00", **{o.path: o.data for o in new}}


def test_a_file_larger_than_any_the_press_writes_is_refused_before_anything_moves(deckpress, rebuilt, monkeypatch):
    monkeypatch.setattr(staging, "MAX_OUTPUT_BYTES", 10_000)  # the lot cards' PDF is larger
    before = tree(Path("build"))
    result = deckpress(*BUILD)
    assert result.status == 1 and "Traceback" not in result.err
    assert re.search(r"^deckpress: error: pocket-bazaar/\S+ would be 0\.0 GiB, more "
                     r"than the press writes in a file \(1 GiB\): make the component smaller$", result.err, re.M)
    assert tree(Path("build")) == before and no_staging_left(Path("build"))


def test_a_file_written_whole_keeps_the_mode_of_the_one_it_replaces_and_never_writes_through_a_link(tmp_path):
    """`paths.write_whole`, beside every file the press rewrites outside a commit (a game's catalogues and generated
    decks, files put back after proofs, compiled page templates): a reader sees the old file or the new, a
    replaced file keeps who may read it, a new one gets the mode any new file gets, and a link in its place is
    replaced, not followed."""
    from deckpress.paths import write_whole

    kept = tmp_path / "kept.yaml"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o640)
    write_whole(kept, b"new")
    assert (kept.read_bytes(), kept.stat().st_mode & 0o777) == (b"new", 0o640)
    umask = os.umask(0o022)
    os.umask(umask)
    write_whole(tmp_path / "fresh.yaml", b"x")
    assert (tmp_path / "fresh.yaml").stat().st_mode & 0o777 == 0o666 & ~umask  # not a private temporary file's 0600
    elsewhere = tmp_path / "elsewhere.yaml"
    elsewhere.write_text("theirs", encoding="utf-8")
    elsewhere.chmod(0o700)  # what the link leads to: its mode is not the replaced file's
    (tmp_path / "linked.yaml").symlink_to(elsewhere)
    write_whole(tmp_path / "linked.yaml", b"ours")
    assert elsewhere.read_text(encoding="utf-8") == "theirs" and not (tmp_path / "linked.yaml").is_symlink()
    assert (tmp_path / "linked.yaml").stat().st_mode & 0o777 == 0o666 & ~umask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere.yaml", "fresh.yaml", "kept.yaml", "linked.yaml"]
