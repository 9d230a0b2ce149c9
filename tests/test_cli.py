"""The command line: exit statuses, dump, and a failed build that leaves build/ untouched."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS, edit, games, languages, on_a4


def test_usage_errors_exit_2(deckpress, capsys):
    assert deckpress("build", "no-such-game").status == 2
    listed = ", ".join(games(Path("content")))
    assert f"unknown game no-such-game (games: {listed})" in deckpress("check", "no-such-game").err
    try:
        deckpress("build", "--paper", "a3")
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("argparse accepted --paper a3")


def test_an_edition_no_game_defines_is_a_usage_error(deckpress):
    for game in games(Path("content")):  # every game, whichever content/ holds
        path = Path(f"content/{game}/game.yaml")
        path.write_text(re.sub(r"(?m)^editions: .*$", "editions: [standard]", path.read_text("utf-8")), "utf-8")
    result = deckpress("build", "--edition", "large-print")
    assert (result.status, result.err.strip()) == (2, "deckpress: error: no game here defines the large-print edition")


@pytest.mark.parametrize(("written", "said"), [
    ("title: [\n", "content/pocket-bazaar/game.yaml:2:1: error: YAML syntax"),
    ("editions: standard\n", "content/pocket-bazaar/game.yaml:1:11: error: editions must be a list, got 'standard'"),
    (None, "content/pocket-bazaar/game.yaml:1:1: error: cannot read file: not a regular file")])  # None: a FIFO
@pytest.mark.parametrize("command", [("build",), ("export", "--to", "tts")])
def test_an_edition_asked_of_a_game_that_cannot_be_read_says_what_is_wrong_with_it(deckpress, written, said, command):
    game = Path("content/pocket-bazaar/game.yaml")
    game.unlink()
    if written is None:
        os.mkfifo(game)
    else:
        game.write_text(written, encoding="utf-8")
    result = deckpress(*command, "pocket-bazaar", "--edition", "standard")
    assert result.status == 1 and said in result.err and "defines" not in result.err, result.err


def test_dump_into_a_closed_pipe_is_not_an_error(deckpress):
    command = f"'{sys.executable}' -m deckpress dump pocket-bazaar --layouts '{LAYOUTS}' | head -1"
    run = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stdout, run.stderr) == (0, "{\n", "")


def test_dump_prints_the_validated_model(deckpress):
    result = deckpress("dump", "pocket-bazaar")
    assert result.status == 0
    model = json.loads(result.out)
    assert model["parameters"]["budget"] == 12
    assert len(model["decks"]["lots"]) == 24
    assert model["decks"]["lots"][0] == {
        "collection": "Lanterns", "points": 1, "flavour": "A little lantern for a very small journey.",
        "reminder": "No special effect. A set of all four collections earns 6 bonus points once per game.",
    }
    assert [c["id"] for c in model["components"]] == ["lot-cards", "bid-sheets", "score-sheet", "lot-markers", "rules",
                                                      "lot-box"]


def test_build_one_paper_and_keep_the_rest_of_the_manifest(deckpress, tmp_path_factory):
    shutil.copytree(on_a4(tmp_path_factory), "build")  # `build --paper a4` of this content: the run's one build
    assert deckpress("build", "pocket-bazaar", "--paper", "letter", "--edition", "standard").status == 0
    manifest = json.loads(Path("build/manifest.json").read_text(encoding="utf-8"))
    assert {e["paper"] for e in manifest["outputs"] if e["path"].endswith(".pdf")} == {"a4", "letter"}
    assert not [p for p in Path(".").glob(".deckpress-*")]  # the staging folder is gone


def test_a_file_name_that_is_not_utf8_in_a_game_folder_is_read_past(deckpress):
    """A name in no encoding (a file copied from an old disk): the game's fingerprint and stamp hash it as named."""
    Path(os.fsdecode(b"content/pocket-bazaar/\xff.txt")).write_text("x\n", encoding="utf-8")
    assert deckpress("check", "pocket-bazaar").status == 0
    built = deckpress("build", "pocket-bazaar", "--paper", "a4", "--edition", "standard", "--jobs", "1")
    assert built.status == 0, built.err


def test_a_layouts_folder_that_is_a_loop_of_links_is_no_folder_not_a_traceback(deckpress):
    """layouts/ where the command runs is searched unless told: a link to itself there (anyone may leave one) is no
    layout folder, and the games build from those named."""
    Path("layouts").symlink_to("layouts")
    built = deckpress("build", "pocket-bazaar", "--paper", "a4", "--edition", "standard", "--jobs", "1")
    assert built.status == 0, built.err
    assert deckpress("check", "pocket-bazaar").status == 0
    Path("out").symlink_to("out")  # an out folder the same: said, before any work
    refused = deckpress("build", "pocket-bazaar", "--out", "out")
    assert (refused.status, refused.err) == (2, "deckpress: error: --out: out is not a folder\n")


@pytest.mark.slow  # a whole build
def test_a_failed_build_writes_nothing_and_damages_nothing(deckpress, built):
    shutil.copytree(built, "build")  # the catalogue as `build` writes it: the run's one build (it keeps no path)
    before = {p: p.read_bytes() for p in Path("build").rglob("*") if p.is_file()}
    edit(Path("content/pocket-bazaar/lots.yaml"), "points: 2", "points: 9")
    edit(Path("content/pocket-bazaar/lots.yaml"), "Teacups", "Mugs")
    result = deckpress("build")
    assert result.status == 1
    # the two said once, not again in each translation; each translation's entry of the collection `Teacups`
    # follows the edit (`edit` keeps PO files current), so no longer matches game.yaml's: one more a translation
    errors = 2 + len(languages(Path("content/pocket-bazaar"))) - 1
    assert result.err.splitlines()[-1] == f"deckpress: {errors} errors; nothing was written"  # the grid waits
    after = {p: p.read_bytes() for p in Path("build").rglob("*") if p.is_file()}
    assert after == before


def test_the_installed_command_reports_without_a_traceback(deckpress):
    edit(Path("content/pocket-bazaar/lots.yaml"), "points: 2", "points: 7")
    command = [sys.executable, "-m", "deckpress", "check", "--layouts", str(LAYOUTS)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    assert ": error: points must be 1-6, got 7" in run.stderr


def test_a_ctrl_c_while_the_press_loads_is_one_line_and_status_130():
    """A Ctrl-C in the command's first few tenths of a second landed in the import of its modules: a traceback of
    the import machinery. The interrupt is made to land there (the import of deckpress.cli raises it)."""
    script = ("import sys\n"
              "class Interrupt:\n"
              "    def find_spec(self, name, path=None, target=None):\n"
              "        if name == 'deckpress.cli':\n"
              "            raise KeyboardInterrupt\n"
              "sys.meta_path.insert(0, Interrupt())\n"
              "from deckpress import entry\n"
              "entry()\n")
    run = subprocess.run([sys.executable, "-c", script, "check"], capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stderr) == (130, "deckpress: interrupted; nothing was written\n")


def test_the_command_leaves_with_its_output_flushed_and_the_exit_handlers_run(deckpress):
    """`deckpress` skips Python's teardown on the way out (os._exit): a pipe still gets every byte, the status is
    the command's, and what registered an exit handler still has it run."""
    dumped = deckpress("dump", "pocket-bazaar")
    assert dumped.status == 0 and len(dumped.out) > 10_000  # more than a pipe's buffer holds
    script = "import atexit; atexit.register(print, 'handled'); from deckpress import entry; entry()"
    run = subprocess.run([sys.executable, "-c", script, "dump", "pocket-bazaar", "--layouts", str(LAYOUTS)],
                         capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stdout) == (0, dumped.out + "handled\n")
    edit(Path("content/pocket-bazaar/lots.yaml"), "points: 2", "points: 7")
    run = subprocess.run([sys.executable, "-c", script, "check", "--layouts", str(LAYOUTS)], capture_output=True,
                         text=True, timeout=120)
    assert (run.returncode, run.stdout) == (1, "handled\n")
    assert ": error: points must be 1-6, got 7" in run.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here to write into")
def test_output_that_cannot_be_written_is_said_and_fails_the_command():
    """Output lost at the last flush (a full disk: /dev/full) is an error said on stderr, not a quiet success; a
    reader gone (a closed pipe) is no error."""
    script = "import deckpress.cli as c; c.main = lambda: print('x' * 12) or 0; c.entry()"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # the 12 bytes wait in the buffer
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-c", script], stdout=full, stderr=subprocess.PIPE, text=True,
                             env=env, timeout=60)
    assert (run.returncode, run.stderr) == (1, "deckpress: error: cannot write the output: No space left on device\n")
    with open("/dev/full", "w") as full:  # more than a buffer's worth: it fails while the command still writes
        run = subprocess.run([sys.executable, "-m", "deckpress", "dump", "pocket-bazaar", "--content", str(CONTENT),
                              "--layouts", str(LAYOUTS)], stdout=full, stderr=subprocess.PIPE, text=True, env=env,
                             timeout=120)
    assert (run.returncode, run.stderr) == (1, "deckpress: error: cannot write the output: No space left on device\n")
    reader, writer = os.pipe()
    os.close(reader)
    run = subprocess.run([sys.executable, "-c", script], stdout=writer, stderr=subprocess.PIPE, text=True, env=env,
                         timeout=60)
    os.close(writer)
    assert (run.returncode, run.stderr) == (0, "")


def test_a_parallel_build_reports_every_finding_and_writes_nothing(deckpress):
    edit(Path("content/pocket-bazaar/lots.yaml"), "points: 2", "points: 9")
    edit(Path("content/stone-market/wares.yaml"), "stars: 0}", "stars: 5}")
    before = sorted(Path().rglob("*"))
    for out in ("build", "new/folders/build"):  # not even the out folder's missing parents are left
        result = deckpress("build", "--jobs", "2", "--out", out)
        assert result.status == 1 and "Traceback" not in result.err
        assert any("lots.yaml" in e and "points must be 1-6, got 9" in e for e in result.errors)
        assert any("wares.yaml" in e and "stars must be 0-2, got 5" in e for e in result.errors)
        assert sorted(Path().rglob("*")) == before  # no file, no folder (the workers' results went with the staging)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_build_reports_card_text_that_does_not_fit_with_the_other_findings(deckpress, jobs):
    lots = Path("content/pocket-bazaar/lots.yaml")
    edit(lots, "points: 2", "points: 9")
    edit(lots, "An oddly shaped cup that sits perfectly flat.", "An oddly shaped cup " * 30)
    result = deckpress("build", "--jobs", jobs)
    assert result.status == 1
    assert any("points must be 1-6, got 9" in e for e in result.errors)
    assert any("flavour: text does not fit its 55 x 12 mm box" in e for e in result.errors), result.errors
    assert not Path("build").exists()


def test_a_disk_failing_under_a_file_names_the_file_and_leaves_the_output_alone(capfd):
    import errno

    from deckpress.leaving import CANNOT_WRITE, unwritten

    assert unwritten(OSError(errno.EIO, "Input/output error", "layouts/fonts/Body.ttf")) == CANNOT_WRITE
    print("still said")
    out, err = capfd.readouterr()
    assert err == "deckpress: error: layouts/fonts/Body.ttf: Input/output error\n" and out == "still said\n"
