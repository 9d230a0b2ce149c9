"""A new game needs only YAML: the fixture in tests/fixtures/extra builds with the generic checks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import FIXTURES, LAYOUTS, MM, edit, line_of

from deckpress.cli import main

EXTRA = FIXTURES / "extra"


@pytest.fixture
def picnic(tmp_path, monkeypatch):
    shutil.copytree(EXTRA / "content", tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    return ["--layouts", str(LAYOUTS)]  # the game's own layout is in its folder: content/picnic-pairs/layouts/


def test_the_extra_game_builds_with_its_own_layout(picnic, tmp_path):
    assert main(["build", *picnic]) == 0
    tiles = tmp_path / "build/picnic-pairs/standard/picnic-pairs-tiles-a4.pdf"
    with pdfplumber.open(tiles) as doc:
        page = doc.pages[0]
        cells = [r for r in page.rects if abs(r["width"] - 50 * MM) < 0.01 and abs(r["height"] - 50 * MM) < 0.01]
        assert len(cells) == 12
        assert "Lemonade" in page.extract_text()
    assert (tmp_path / "build/picnic-pairs/standard/picnic-pairs-kit-letter.pdf").is_file()


def test_the_generic_checks_guard_the_extra_game(picnic, capsys):
    tiles = Path("content/picnic-pairs/tiles.yaml")
    edit(tiles, "copy: 2\n    hint: Save a slice.", "copy: 1\n    hint: Save a slice.")
    edit(Path("content/picnic-pairs/game.yaml"), "players: 2", "players: 1")
    assert main(["check", *picnic]) == 1
    errors = capsys.readouterr().err.splitlines()
    second, first = line_of(tiles, "food: Pie", 2), line_of(tiles, "food: Pie", 1)
    assert f"{tiles}:{second}:11: error: deck tiles: Pie 1 appears twice (first at line {first})" in errors
    assert "content/picnic-pairs/game.yaml:11:3: error: deck tiles has no card with food Pie, copy 2" in errors
    assert any(e.endswith("error: a memory game needs at least 2 players, got 1") for e in errors)
