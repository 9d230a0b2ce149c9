"""A designer's content/ is theirs: beside the shipped games it holds games of its own, and the tests about the
press hold for whatever valid games it holds. Shown on a copy of content/ with two games added (a new one from
`deckpress new`, and a fixture game with a layout of its own): checked, then the content-generic test modules run
over it (DECKPRESS_TEST_CONTENT), all in one run of their own, reading the one build of it made for them all
(DECKPRESS_TEST_BUILT, their `built` fixture: the whole catalogue of that content, as they would build it)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CONTENT, FIXTURES, LAYOUTS, ROOT, games, made_once, shared

from deckpress.cli import main

# The modules whose tests read every game of the content or the whole catalogue built from it, and assumed once
# that content/ held the shipped games alone (test_cli, test_incremental and test_large_print were made
# independent too; they passed over such a tree by hand, and are left out here for the suite's time)
GENERIC = ["test_catalogue.py", "test_catalogue_host.py", "test_epub.py", "test_pdfs.py", "test_text_edition.py"]


@pytest.fixture(scope="module")
def added(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """content/ with the two games added, made once for the run: read-only."""
    def make(folder: Path) -> None:
        shutil.copytree(CONTENT, folder / "content")
        assert main(["new", "tide-pools", "--content", str(folder / "content")]) == 0
        shutil.copytree(FIXTURES / "extra/content/picnic-pairs", folder / "content" / "picnic-pairs")

    return made_once(tmp_path_factory, f"{CONTENT} with tide-pools and picnic-pairs", make) / "content"


@pytest.mark.slow
def test_games_added_to_content_are_checked_and_built_with_the_rest(added, tmp_path, capsys):
    assert games(added) == sorted([*games(), "picnic-pairs", "tide-pools"])
    assert main(["check", "--content", str(added), "--layouts", str(LAYOUTS)]) == 0, capsys.readouterr().err
    out = tmp_path / "build"
    assert main(["build", "tide-pools", "picnic-pairs", "--content", str(added), "--layouts", str(LAYOUTS),
                 "--out", str(out), "--jobs", "1"]) == 0, capsys.readouterr().err
    listed = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    assert {e["game"] for e in listed} == {"tide-pools", "picnic-pairs"}


@pytest.mark.slow
def test_the_suite_holds_for_games_added_to_content(added, tmp_path_factory, tmp_path):
    """The modules in one inner run, as the suite runs them, in one process: every test of each, each module's
    fixtures its own; a run for each module started Python, pytest and the press again for each."""
    # the inner `built`: the catalogue of this content exactly as conftest's CATALOGUE builds it there
    built = shared(tmp_path_factory, ("build", "--content", str(added), "--layouts", str(LAYOUTS), "--jobs", "1"))
    # the inner run is a run of its own: no worker of this one, its own temporary folder
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["DECKPRESS_TEST_CONTENT"], env["DECKPRESS_TEST_BUILT"] = str(added), str(built)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", "-p", "no:xdist",
                          f"--basetemp={tmp_path / 'suite'}", *(f"tests/{module}" for module in GENERIC)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert " passed" in run.stdout.splitlines()[-1] and " failed" not in run.stdout
    passed = {line.split()[1].split("::")[0] for line in run.stdout.splitlines() if line.startswith("PASSED ")}
    assert passed == {f"tests/{module}" for module in GENERIC}, passed  # each module passed tests of its own
