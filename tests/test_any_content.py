"""A designer's content/ is theirs: beside the shipped games it holds games of its own, and the tests about the
press hold for whatever valid games it holds. Shown on a copy of content/ with two games added (a new one from
`deckpress new`, and a fixture game with a layout of its own): checked, then the content-generic test modules run
over it (DECKPRESS_TEST_CONTENT), their `built` fixture building it whole."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from conftest import CONTENT, FIXTURES, LAYOUTS, ROOT, games

from deckpress.cli import main

# The modules whose tests read every game of the content or the whole catalogue built from it, and assumed once
# that content/ held the shipped games alone (test_cli, test_incremental and test_large_print were made
# independent too; they passed over such a tree by hand, and are left out here for the suite's time)
GENERIC = ["test_catalogue.py", "test_catalogue_host.py", "test_epub.py", "test_pdfs.py", "test_text_edition.py"]


@pytest.mark.slow
def test_the_suite_holds_for_games_added_to_content(tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    assert main(["new", "tide-pools", "--content", str(content)]) == 0
    shutil.copytree(FIXTURES / "extra/content/picnic-pairs", content / "picnic-pairs")
    assert games(content) == sorted([*games(), "picnic-pairs", "tide-pools"])
    assert main(["check", "--content", str(content), "--layouts", str(LAYOUTS)]) == 0, capsys.readouterr().err
    out = tmp_path / "build"
    assert main(["build", "tide-pools", "picnic-pairs", "--content", str(content), "--layouts", str(LAYOUTS),
                 "--out", str(out), "--jobs", "1"]) == 0, capsys.readouterr().err
    listed = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    assert {e["game"] for e in listed} == {"tide-pools", "picnic-pairs"}
    # the inner run is a run of its own: no worker of this one, its own temporary folder
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["DECKPRESS_TEST_CONTENT"] = str(content)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                          f"--basetemp={tmp_path / 'suite'}", *(f"tests/{m}" for m in GENERIC)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert " passed" in run.stdout.splitlines()[-1] and " failed" not in run.stdout
