"""Incremental builds: nothing changed, nothing rendered; one game changed, only that game rebuilt."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS, built_games, edit, games, on_a4

from deckpress.cli import main


def snapshot() -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for p in Path("build").rglob("*.pdf")}


@pytest.fixture(scope="module")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real content built on A4 (`build --paper a4`), once for the run: read-only."""
    return on_a4(tmp_path_factory)


@pytest.fixture
def built(deckpress, built_once: Path):
    """`deckpress` with build/ as `build --paper a4` leaves it: the module's build, copied (a build keeps no path in
    its out folder, so the copy is what a build here writes; the next one finds it up to date)."""
    shutil.copytree(built_once, "build")
    return deckpress


def test_a_rebuild_with_no_change_renders_nothing_and_says_so(built):
    deckpress = built
    before = snapshot()
    again = deckpress("build", "--paper", "a4")
    assert again.status == 0
    assert f"{', '.join(games(Path('content')))}: up to date, nothing rendered" in again.err
    assert snapshot() == before


def test_a_translations_file_gone_builds_its_game_again(built):
    """A translated PDF taken away (or anything put in its place): the game it is built with is not up to date."""
    deckpress = built
    gone = Path("build/pocket-bazaar-de-de/standard/pocket-bazaar-de-de-kit-a4.pdf")
    gone.unlink()
    again = deckpress("build", "--paper", "a4")
    assert again.status == 0 and gone.is_file(), again.err


def test_a_publication_not_as_committed_is_published_again(built):
    """Every game current, but a file of public/ taken away, a host's page edited, a file dropped into public/, the
    catalogue taken away: nothing is rendered, and each folder is made again as it was (before, the build said
    up to date and left a folder to upload that its own checksums contradict)."""
    deckpress = built
    before = snapshot()
    public = Path("build/public")
    gone = next(public.glob("pocket-bazaar/*.pdf"))
    kept = {p: p.read_bytes() for p in [gone, *Path("build/host").glob("*/index.html"), Path("build/index.html")]}
    gone.unlink()
    for page in Path("build/host").glob("*/index.html"):
        page.write_bytes(page.read_bytes() + b"<!-- saved again -->")
    (public / "notes.txt").write_text("for the upload")
    Path("build/index.html").unlink()
    again = deckpress("build", "--paper", "a4")
    assert again.status == 0 and "up to date, nothing rendered" in again.err, again.err
    assert "build, build/public, build/host/" in again.err and "made again from what is built" in again.err
    assert {p: p.read_bytes() for p in kept} == kept and not (public / "notes.txt").exists()
    assert {p: t for p, t in snapshot().items() if "public" not in p.parts} == {
        p: t for p, t in before.items() if "public" not in p.parts}  # the tree's PDFs are not written again
    assert "made again" not in deckpress("build", "--paper", "a4").err


def test_a_publication_is_read_by_its_own_names_whatever_the_out_folder_is_called(built, monkeypatch):
    """`--out .` listed public/ as `blic/...` (every build published again, a stray file kept); a SHA256SUMS naming a
    file twice (`./index.html`) had it hashed again for each name, and a name with a NUL ended the build."""
    from deckpress.publish.manifest import read_manifest
    from deckpress.publish.published import files_under, unpublished

    monkeypatch.chdir("build")
    assert files_under(Path("."), "public")[0].startswith("public/")
    assert unpublished(Path("."), read_manifest(Path("."))) == []
    sums = Path("SHA256SUMS")
    kept = sums.read_bytes()
    first = kept.split(b"\n")[0]
    for odd in (b"./index.html", b"index\0.html"):
        sums.write_bytes(kept + first[:66] + odd + b"\n")
        assert unpublished(Path("."), read_manifest(Path("."))) == ["."]


def test_an_up_to_date_look_reads_each_file_once_by_whichever_name(built_once, monkeypatch):
    """public/'s and the hosts' files are hard links to the build's: the look that finds every game current and
    every publication as committed reads each file once (it read each public one twice), and still finds each
    of them."""
    import hashlib
    import json
    import os

    from deckpress.paths import Digests
    from deckpress.publish.incremental import STATE, up_to_date
    from deckpress.publish.manifest import read_manifest
    from deckpress.publish.published import unpublished

    read: list[int] = []
    digest = hashlib.file_digest
    monkeypatch.setattr(hashlib, "file_digest", lambda file, name: read.append(os.fstat(file.fileno()).st_ino)
                        or digest(file, name))
    state = json.loads((built_once / STATE).read_text(encoding="utf-8"))
    prints = {game: recorded["fingerprint"] for game, recorded in state.items()}
    entries, seen = read_manifest(built_once), Digests()
    assert up_to_date(built_once, prints, entries, seen) == set(prints)
    assert unpublished(built_once, entries, seen) == []
    public = list((built_once / "public").rglob("*.pdf"))
    assert public and all(p.stat().st_nlink > 1 for p in public)  # what makes the names more than the files
    assert sorted(read) == sorted(set(read)) and {p.stat().st_ino for p in public} <= set(read)


def test_changing_one_game_rebuilds_only_that_game(built):
    deckpress = built
    before = snapshot()
    edit(Path("content/pocket-bazaar/lots.yaml"), "A steady light for late arrivals.",
         "A steady light for those who come late.")
    result = deckpress("build", "--paper", "a4")
    others = [g for g in games(Path("content")) if g != "pocket-bazaar"]
    assert f"{', '.join(others)}: up to date" in result.err
    after = snapshot()
    # a publication's copies too: public/<game>/..., host/<game>/...; the other games' are not written again
    changed = {p.parts[2] if p.parts[1] in ("public", "host") else p.parts[1]
               for p in after if after[p] != before.get(p)}
    mine = {g for g in built_games(Path("content")) if g == "pocket-bazaar" or g.startswith("pocket-bazaar-")}
    assert "pocket-bazaar" in changed and changed <= mine, changed  # the game, in each language it is built in


def test_a_missing_or_altered_output_is_built_again(built):
    deckpress = built
    target = Path("build/stone-market/standard/stone-market-die-a4.pdf")
    target.write_bytes(b"not a pdf")
    result = deckpress("build", "--paper", "a4")
    assert "stone-market: built into build" in result.err
    assert target.read_bytes().startswith(b"%PDF")


@pytest.mark.slow  # whole builds
def test_a_build_hashes_its_inputs_and_earlier_outputs_once(built, monkeypatch):
    from deckpress.publish import incremental

    deckpress = built
    edit(Path("content/pocket-bazaar/lots.yaml"), "A steady light for late arrivals.",
         "A steady light for those who come late.")
    looks = []
    monkeypatch.setattr(incremental, "up_to_date", lambda *args: looks.append(args) or set())
    assert deckpress("build", "--paper", "a4", "--jobs", "1").status == 0
    assert len(looks) == 1  # the command line's look is the build's


def test_a_layout_folder_named_twice_is_read_once(tmp_path, monkeypatch, capsys):
    """`--layouts layouts` run where layouts/ is names the folder searched unless told: the same inputs as a build
    that names it once, so the build after that one is up to date."""
    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "content" / "pocket-bazaar")
    monkeypatch.chdir(LAYOUTS.parent)
    once = ["build", "pocket-bazaar", "--paper", "a4", "--edition", "standard", "--jobs", "1", "--content",
            str(tmp_path / "content"), "--out", str(tmp_path / "build")]
    assert main(once) == 0
    capsys.readouterr()
    assert main([*once, "--layouts", str(LAYOUTS)]) == 0
    assert "pocket-bazaar: up to date, nothing rendered" in capsys.readouterr().err
