"""Nothing outlives what made it: after a component turns private, or is removed, no file and no picture of its
earlier pages is left in the out folder; the commit takes them away with the rest, or not at all."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS, edit, made_once

from deckpress.cli import main
from deckpress.publish import write

OWN = {"index.html", "index.de.html", "manifest.json", "SHA256SUMS", ".deckpress-inputs.json"}  # German: Pocket Bazaar
SCORE = "  - {id: score-sheet, title: Score sheet, kind: sheet, sheet: score-sheet, layout: sheet}"


def _build(tmp_path: Path) -> int:
    return main(["build", "pocket-bazaar", "--paper", "a4", "--jobs", "1", "--content", str(tmp_path / "content"),
                 "--layouts", str(LAYOUTS), "--out", str(tmp_path / "build")])


def _listed(out: Path) -> set[str]:
    return {e["path"] for e in json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]}


def _files(out: Path) -> set[str]:
    return {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}


def _pictures(out: Path) -> set[str]:
    return {p.name for p in (out / "thumbnails").iterdir()}


@pytest.fixture(scope="module")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pocket-bazaar's content and its build on A4, made once for the module: read-only (`built` copies it)."""
    def make(root: Path) -> None:
        shutil.copytree(CONTENT / "pocket-bazaar", root / "content/pocket-bazaar")
        assert _build(root) == 0

    return made_once(tmp_path_factory, "test_nothing_stale: pocket-bazaar built on A4", make)


@pytest.fixture
def built(built_once: Path, tmp_path: Path) -> Path:
    """pocket-bazaar's content and its build on A4 in tmp_path, for the test to change: the module's build, copied
    (a build reads no path from its out folder: the same files a build in tmp_path writes)."""
    shutil.copytree(built_once, tmp_path, dirs_exist_ok=True)
    return tmp_path


def _published(out: Path, folder: str) -> set[str]:
    """A publication's files, from the out folder: what its SHA256SUMS lists, their `.sha256` files and itself."""
    sums = out / folder / "SHA256SUMS"
    paths = [line.split("  ", 1)[1] for line in sums.read_text(encoding="utf-8").splitlines()] if sums.is_file() else []
    return {f"{folder}/{p}" for path in paths for p in (path, f"{path}.sha256")} | {f"{folder}/SHA256SUMS"}


def _only_listed_files(out: Path) -> None:
    """Every file is listed, the press's own, or a thumbnail the catalogue shows; the publications hold only what
    their checksums list."""
    page = (out / "index.html").read_text(encoding="utf-8")
    published = {p for folder in ["public", *(f"host/{g.name}" for g in (out / "host").glob("*"))]
                 for p in _published(out, folder)}
    assert {p for p in _files(out) if p.startswith(("public/", "host/"))} == published
    unlisted = _files(out) - _listed(out) - OWN - published
    assert unlisted == {f"thumbnails/{p}" for p in _pictures(out) if f"thumbnails/{p}" in page}


def test_a_component_turned_private_leaves_no_picture_of_its_pages(built: Path) -> None:
    out = built / "build"
    before = _pictures(out)
    edit(built / "content/pocket-bazaar/game.yaml", SCORE, SCORE[:-1] + ", audience: private}")
    assert _build(built) == 0
    gone = before - _pictures(out)
    assert gone and all("-cover" not in name for name in gone)  # the public pictures of the score sheet
    assert [n for n in _pictures(out) - before if n.endswith("-cover.png")]  # its cover now
    _only_listed_files(out)
    assert not [p for p in _files(out / "public") if "score-sheet" in p]  # gone from the public catalogue
    assert (out / "host/pocket-bazaar/pocket-bazaar-standard-score-sheet-a4.pdf").is_file()  # the host's now


def test_a_removed_component_leaves_no_file(built: Path) -> None:
    out = built / "build"
    score = {p for p in _listed(out) if "score-sheet" in p}
    assert score
    edit(built / "content/pocket-bazaar/game.yaml", SCORE + "\n", "")
    assert _build(built) == 0
    assert not score & _files(out)
    _only_listed_files(out)


def test_a_failed_commit_puts_back_what_it_removed(built: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = built / "build"
    before = {p: (out / p).read_bytes() for p in _files(out)}
    edit(built / "content/pocket-bazaar/game.yaml", SCORE + "\n", "")
    moves = []
    replace = write.os.replace

    def failing(source: Path, target: Path) -> None:
        moves.append(target)
        if len(moves) == 40:  # well after the removals, which come first
            raise OSError(5, "Input/output error")
        replace(source, target)

    monkeypatch.setattr(write.os, "replace", failing)
    assert _build(built) == 1  # said: the out folder refused a file
    assert len(moves) > 40  # the moves made, and then undone
    assert {p: (out / p).read_bytes() for p in _files(out)} == before


def test_site_takes_away_pictures_no_pdf_is_shown_by(built: Path) -> None:
    out = built / "build"
    (out / "thumbnails/0123456789abcdef0123.png").write_bytes(b"an old picture")
    (out / "mine.txt").write_text("the host's own file")
    assert main(["site", "--out", str(out), "--content", str(built / "content")]) == 0
    assert not (out / "thumbnails/0123456789abcdef0123.png").exists()
    assert (out / "mine.txt").read_text() == "the host's own file"  # never listed: not the press's to remove


def _press(tmp_path: Path, *command: str) -> int:
    return main([*command, "--content", str(tmp_path / "content"), "--out", str(tmp_path / "build")])


@pytest.fixture(scope="module")
def two_games_once(built_once: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pocket-bazaar and a new game, picnic, built together, once for the module: read-only (`two_games` copies
    it)."""
    def make(root: Path) -> None:
        shutil.copytree(built_once, root, dirs_exist_ok=True)
        assert main(["new", "picnic", "--content", str(root / "content")]) == 0
        assert _press(root, "build", "--paper", "a4", "--jobs", "1", "--layouts", str(LAYOUTS)) == 0
        assert [p for p in _listed(root / "build") if p.startswith("picnic/")]

    return made_once(tmp_path_factory, "test_nothing_stale: pocket-bazaar and picnic built on A4", make)


@pytest.fixture
def two_games(two_games_once: Path, tmp_path: Path) -> Path:
    """pocket-bazaar and a new game, picnic, built together, in tmp_path for the test to change."""
    shutil.copytree(two_games_once, tmp_path, dirs_exist_ok=True)
    return tmp_path


def _of_picnic(out: Path) -> set[str]:
    """The files that name the game picnic, and picnic itself if the manifest or the build state holds it."""
    state = json.loads((out / ".deckpress-inputs.json").read_text(encoding="utf-8"))
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    return {p for p in _files(out) if "picnic" in p} | ({"picnic"} & ({e["game"] for e in manifest} | set(state)))


def test_a_build_of_every_game_takes_away_the_files_of_a_game_no_longer_in_the_sources(two_games: Path,
                                                                                         capsys) -> None:
    out = two_games / "build"
    shutil.rmtree(two_games / "content/picnic")
    assert _press(two_games, "build", "--paper", "a4", "--jobs", "1", "--layouts", str(LAYOUTS)) == 0
    assert "picnic: no longer in" in capsys.readouterr().err
    assert _of_picnic(out) == set()
    assert "picnic" not in (out / "index.html").read_text(encoding="utf-8")
    _only_listed_files(out)
    assert _press(two_games, "site") == 0  # it reads every listed game's sources: picnic is not listed now


def test_a_build_of_one_game_keeps_the_other_games(two_games: Path) -> None:
    out = two_games / "build"
    before = _of_picnic(out)
    shutil.rmtree(two_games / "content/picnic")
    assert _press(two_games, "build", "pocket-bazaar", "--paper", "a4", "--jobs", "1", "--layouts",
                  str(LAYOUTS)) == 0
    assert _of_picnic(out) == before


def test_a_failed_commit_puts_back_the_files_of_a_game_no_longer_in_the_sources(
        two_games: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = two_games / "build"
    before = {p: (out / p).read_bytes() for p in _files(out)}
    shutil.rmtree(two_games / "content/picnic")
    replace, failed = write.os.replace, []

    def failing(source: Path, target: Path) -> None:
        if Path(target) == out / "manifest.json" and not failed:  # the last move: every removal made
            failed.append(target)
            raise OSError(5, "Input/output error")
        replace(source, target)

    monkeypatch.setattr(write.os, "replace", failing)
    assert _press(two_games, "build", "--paper", "a4", "--jobs", "1", "--layouts", str(LAYOUTS)) == 1
    assert {p: (out / p).read_bytes() for p in _files(out)} == before
