"""An out folder that exists but cannot take a commit (read-only where its parent is not, or a disk of its own that
a move from the staging folder beside it cannot reach) is refused before any work, not after the whole build."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import pytest

from deckpress.cli import main
from deckpress.publish import write


def test_a_read_only_out_folder_is_refused_first(tmp_path, monkeypatch):
    out = tmp_path / "build"
    out.mkdir()
    trial = tempfile.mkdtemp

    def read_only(*args: object, dir: Path, **kwargs: object) -> str:  # noqa: A002 (mkdtemp's own keyword)
        if Path(dir) == out:  # root writes into a chmod 555 folder, so the read-only file system is played
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return trial(*args, dir=dir, **kwargs)  # type: ignore[call-overload, no-any-return]

    monkeypatch.setattr(write.tempfile, "mkdtemp", read_only)
    assert write.check_out(out) == f"cannot write to {out}: Read-only file system"
    assert write.check_out(tmp_path / "elsewhere") is None  # its parent takes it


def test_an_out_folder_that_is_a_mount_point_is_refused_first(tmp_path, monkeypatch, capsys):
    out = tmp_path / "stick"
    out.mkdir()
    real = os.stat

    def mounted(path: object, *args: object, **kwargs: object) -> os.stat_result:
        found = real(path, *args, **kwargs)  # type: ignore[arg-type]
        if Path(str(path)) == out:  # another disk: os.replace from beside it fails with EXDEV at the commit
            return os.stat_result((*found[:2], found.st_dev + 1, *found[3:]))
        return found

    monkeypatch.setattr(os, "stat", mounted)
    said = write.check_out(out)
    assert said is not None and said.startswith(f"{out} is a disk of its own (a mount point)")
    assert said.endswith(f"build into a folder inside it, such as {out / 'build'}")
    assert main(["export", "pocket-bazaar", "--to", "tts", "--out", str(out)]) == 2
    assert capsys.readouterr().err == f"deckpress: error: --out: {said}\n" and not list(out.iterdir())


@pytest.mark.parametrize("inside", ["build", "a/b/build"])
def test_a_folder_inside_a_mount_point_is_taken(tmp_path, inside):
    assert write.check_out(tmp_path / inside) is None


@pytest.mark.parametrize("inside", ["public", "host/open-secret-exchange", "pocket-bazaar/mine"])
def test_an_out_folder_inside_another_build_is_refused_first(tmp_path, capsys, inside):
    """A build into build/public wrote the whole tree there, the answer guide and the desk cards with it, into the
    folder the README says to upload as it is."""
    earlier = tmp_path / "build"
    (earlier / "public").mkdir(parents=True)
    (earlier / "manifest.json").write_text('{"publication": "the full tree", "outputs": []}\n', encoding="utf-8")
    out = earlier / inside
    said = write.check_out(out)
    assert said == (f"{out} is inside {earlier}, another build's out folder (its public/ is the folder to upload): a "
                    f"build there would mix its files, the host's with them, into that one's; choose an out folder "
                    f"outside {earlier}")
    assert main(["build", "open-secret-exchange", "--out", str(out)]) == 2
    assert capsys.readouterr().err == f"deckpress: error: --out: {said}\n"
    assert sorted(p.name for p in earlier.rglob("*")) == ["manifest.json", "public"]


def test_a_web_sites_own_manifest_above_is_no_out_folder(tmp_path):
    (tmp_path / "manifest.json").write_text('{"name": "My event", "start_url": "."}\n', encoding="utf-8")
    assert write.check_out(tmp_path / "downloads") is None


@pytest.mark.parametrize("out", ["../../build", "../../elsewhere", ".."])
def test_an_out_folder_named_through_another_builds_folder_is_taken(tmp_path, monkeypatch, out):
    """From inside a build's public/, `--out ../../build` (that build itself) and `--out ../../elsewhere` (beside
    it) were refused as inside that build: the folder was judged by the path as typed, through the build's, not by
    where it leads, as the build's staging finds it."""
    earlier = tmp_path / "build"
    (earlier / "public").mkdir(parents=True)
    (earlier / "manifest.json").write_text('{"publication": "the full tree", "outputs": []}\n', encoding="utf-8")
    monkeypatch.chdir(earlier / "public")
    assert write.check_out(Path(out)) is None


def test_a_mount_point_named_through_a_folder_inside_it_is_refused(tmp_path, monkeypatch):
    """`--out stick/sub/..` is the mount point itself: its staging folder goes beside the stick, not inside it."""
    out = tmp_path / "stick"
    (out / "sub").mkdir(parents=True)
    real = os.stat

    def mounted(path: object, *args: object, **kwargs: object) -> os.stat_result:
        found = real(path, *args, **kwargs)  # type: ignore[arg-type]
        if Path(os.path.realpath(str(path))).is_relative_to(out):  # the stick and all on it: another disk
            return os.stat_result((*found[:2], found.st_dev + 1, *found[3:]))
        return found

    monkeypatch.setattr(os, "stat", mounted)
    said = write.check_out(out / "sub" / "..")
    assert said is not None and said.startswith(f"{out / 'sub' / '..'} is a disk of its own (a mount point)")


def test_an_out_folder_reached_through_a_link_into_another_build_is_refused(tmp_path):
    earlier = tmp_path / "build"
    (earlier / "public").mkdir(parents=True)
    (earlier / "manifest.json").write_text('{"publication": "the full tree", "outputs": []}\n', encoding="utf-8")
    (tmp_path / "site").symlink_to(earlier / "public")
    said = write.check_out(tmp_path / "site" / "mine")
    assert said is not None and said.startswith(f"{tmp_path / 'site' / 'mine'} is inside {earlier}, another build's")
