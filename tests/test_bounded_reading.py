"""Reading is bounded: fingerprints stream files and skip what is not a regular file, a folder holding far more
than sources is a finding, and a FIFO where a source should be is refused at once. Real processes under memory
and CPU-time limits."""

from __future__ import annotations

import hashlib
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS

from deckpress import paths
from deckpress.paths import TreeTooLarge, hash_tree

MEMORY = 600 * 2**20  # far under the 1 GB a whole-file read of the big file below would take


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY + 400 * 2**20, MEMORY + 400 * 2**20))
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))


def _check(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "deckpress", "build", "pocket-bazaar", "--paper", "a4", "--content",
                           "content", "--layouts", str(LAYOUTS), "--out", "build", "--jobs", "1", *extra],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300, preexec_fn=_limited)


@pytest.fixture
def game(tmp_path: Path) -> Path:
    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "content/pocket-bazaar")
    return tmp_path


def test_a_big_file_no_game_names_is_hashed_in_flat_memory(game: Path) -> None:
    with open(game / "content/pocket-bazaar/video.mov", "wb") as big:
        big.truncate(300 * 2**20)  # sparse: no disk, but 300 MB to read
    run = _check(game)
    assert run.returncode == 0, run.stderr[-2000:]


def test_a_fifo_beside_the_sources_blocks_nothing(game: Path) -> None:
    os.mkfifo(game / "content/pocket-bazaar/pipe")
    run = _check(game)
    assert run.returncode == 0, run.stderr[-2000:]


@pytest.mark.parametrize(("source", "said"), [
    ("rules.yaml", "content/pocket-bazaar/rules.yaml:1:1: error: cannot read file: not a regular file"),
    ("icons/lantern.svg", "icon content/pocket-bazaar/icons/lantern.svg cannot be read: not a regular file"),
    ("translations/de-DE.po", "content/pocket-bazaar/translations/de-DE.po:1:1: error: cannot read file: not a "
                              "regular file"),
    ("layouts/standard/lot-back.yaml", "layouts/standard/lot-back.yaml:1:1: error: cannot read file: not a regular "
                                       "file")])  # the game's own layout: not passed over for the shared one
def test_a_fifo_in_place_of_a_source_or_an_icon_is_refused_at_once(game: Path, source: str, said: str) -> None:
    path = game / "content/pocket-bazaar" / source
    path.unlink()
    os.mkfifo(path)
    run = _check(game)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert said in run.stderr and "no icon" not in run.stderr and "is missing" not in run.stderr


@pytest.mark.parametrize(("state", "said"), [("manifest.json", "what it lists is built again"),
                                             (".deckpress-inputs.json", "every game is built again")])
def test_a_fifo_in_place_of_a_state_file_is_damage_not_a_wait(game: Path, state: str, said: str) -> None:
    (game / "build").mkdir()
    os.mkfifo(game / "build" / state)
    run = _check(game)
    assert run.returncode == 0, run.stderr[-2000:]
    assert f"build/{state} is damaged: {said}" in run.stderr
    assert (game / "build" / state).is_file()  # written anew in its place
    (game / "served").mkdir()
    os.mkfifo(game / "served" / "manifest.json")
    served = subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; from deckpress.publish."
                             "serve import manifest_checksum; print(manifest_checksum(Path(sys.argv[1])))",
                             str(game / "served")], capture_output=True, text=True, timeout=60)
    assert served.stdout == "None\n", served.stderr  # nothing built there to reload for


def test_a_folder_with_too_many_files_is_a_finding(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    crowd = game / "crowd"
    crowd.mkdir()
    for n in range(paths.MAX_TREE_FILES + 1):
        (crowd / f"{n}.svg").touch()
    run = _check(game, "--layouts", "crowd")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines()[-1] == (
        "deckpress: crowd: error: the folder holds more than 10,000 files, more than any game's sources need; "
        "move what no game uses out of it, or name a smaller folder")
    assert not (game / "build").exists()


def test_a_fingerprint_reads_the_regular_files_inside_and_follows_no_link_out(tmp_path: Path) -> None:
    """What a build's fingerprint (and the slug's version) hashes, in order: regular files, and links to files
    inside the folder; not a link leading out, a link to a folder, a broken link or a loop, a FIFO, __pycache__."""
    root, outside = tmp_path / "game", tmp_path / "elsewhere"
    for folder in (root / "a/b", root / "a/__pycache__", root / "c-d", outside / "folder"):
        folder.mkdir(parents=True)
    for name in ("a/b/f.txt", "a/g", "a.b", "c-d/h", "a/__pycache__/y.pyc", "../elsewhere/o.txt"):
        (root / name).write_text(name, encoding="utf-8")
    (root / "c-d/link-in").symlink_to("../a/g")
    (root / "a/link-out").symlink_to(outside / "o.txt")
    (root / "folder-out").symlink_to(outside / "folder")
    (root / "folder-in").symlink_to("a/b")
    (root / "broken").symlink_to("nowhere")
    (root / "loop1").symlink_to("loop2")
    (root / "loop2").symlink_to("loop1")
    os.mkfifo(root / "pipe")
    found = [p.relative_to(root).as_posix() for p in paths._files(root)]
    assert found == ["a/b/f.txt", "a/g", "a.b", "c-d/h", "c-d/link-in"]  # sorted by folder, then name
    assert paths._files(tmp_path / "none") == [] and paths._files(root / "a/g") == []


def test_the_byte_cap_stops_the_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "MAX_TREE_BYTES", 1000)
    (tmp_path / "a.bin").write_bytes(b"x" * 600)
    (tmp_path / "b.bin").write_bytes(b"x" * 600)
    with pytest.raises(TreeTooLarge, match="holds more than 0 MiB"):
        hash_tree(hashlib.sha256(), tmp_path)


def test_a_fingerprint_streams_and_still_tells_files_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "CHUNK", 7)  # many chunks a file
    (tmp_path / "a.yaml").write_bytes(b"title: Harbour\n" * 10)

    def digest() -> str:
        made = hashlib.sha256()
        hash_tree(made, tmp_path)
        return made.hexdigest()

    first = digest()
    assert digest() == first
    (tmp_path / "a.yaml").write_bytes(b"title: Harbour\n" * 9 + b"title: Harbor!\n")
    assert digest() != first
    os.mkfifo(tmp_path / "pipe")  # skipped, not waited on
    assert digest() != first


def test_a_source_of_millions_of_values_is_refused_as_it_is_read(game: Path) -> None:
    rules = game / "content/pocket-bazaar/rules.yaml"
    with rules.open("a", encoding="utf-8") as text:
        text.write("extra: [" + "{}," * 1_200_000 + "{}]\n")  # under the byte cap, but each {} a node in memory
    run = _check(game)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "rules.yaml:" in run.stderr and "error: the file holds more than 1,000,000 values" in run.stderr
