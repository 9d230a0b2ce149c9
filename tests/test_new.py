"""`deckpress new GAME`: a small working game that checks and builds at once, with its layouts in its own folder."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from conftest import LAYOUTS

from deckpress.cli import main


def run(capsys, *args: str) -> tuple[int, list[str]]:
    capsys.readouterr()
    status = main(list(args))
    return status, capsys.readouterr().err.splitlines()


def own_layouts(game: str) -> list[str]:
    """The game's own layouts first, then the shared ones (until game-local layouts are found by themselves)."""
    return ["--layouts", f"content/{game}/layouts", "--layouts", str(LAYOUTS)]


def test_a_new_game_checks_and_builds_with_no_finding(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "new", "x") == (0, ["deckpress: wrote content/x (6 files); build it with: deckpress build x"])
    assert sorted(p.relative_to("content/x").as_posix() for p in Path("content/x").rglob("*.yaml")) == [
        "cards.yaml", "game.yaml", "layouts/large-print/card.yaml", "layouts/standard/card.yaml", "rules.yaml",
        "sheets.yaml"]
    assert run(capsys, "check", "x", *own_layouts("x")) == (0, ["deckpress: x: valid"])
    assert run(capsys, "build", "x", "--jobs", "1", *own_layouts("x")) == (0, ["deckpress: x: built into build"])
    for edition, per_page in (("standard", 9), ("large-print", 4)):
        with pdfplumber.open(f"build/x/{edition}/x-cards-a4.pdf") as pdf:
            assert len(pdf.pages) == -(-12 // per_page)  # three suits of four ranks
            text = pdf.pages[0].extract_text()
        assert "Suns" in text and "One of Suns" in text and "Two of Suns" in text
    with pdfplumber.open("build/x/standard/x-rules-a4.pdf") as pdf:
        assert "X" in pdf.pages[0].extract_text() and "Highest rank takes the trick" in pdf.pages[0].extract_text()
    with pdfplumber.open("build/x/standard/x-score-sheet-a4.pdf") as pdf:
        assert "X score sheet" in pdf.pages[0].extract_text() and "Player 2" in pdf.pages[0].extract_text()


def test_the_title_is_made_from_the_name(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "new", "harbour-lights-2")[0] == 0
    game = Path("content/harbour-lights-2/game.yaml").read_text(encoding="utf-8")
    assert 'title: "Harbour Lights 2"' in game and "deckpress build harbour-lights-2" in game
    assert run(capsys, "check", "harbour-lights-2", *own_layouts("harbour-lights-2"))[0] == 0


def test_an_existing_folder_is_refused_and_left_alone(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "content" / "x").mkdir(parents=True)
    (tmp_path / "content" / "x" / "notes.txt").write_text("mine", encoding="utf-8")
    assert run(capsys, "new", "x") == (2, ["deckpress: error: content/x already exists: choose another name or "
                                           "remove it"])
    assert [p.name for p in (tmp_path / "content" / "x").iterdir()] == ["notes.txt"]


@pytest.mark.parametrize("name", ["My-Game", "my_game", "x.y", "x-", "a--b", "../x", "", "x y"])
def test_a_name_not_of_lowercase_letters_digits_and_hyphens_is_refused(capsys, monkeypatch, tmp_path, name):
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "new", name) == (2, [f"deckpress: error: a game's name is lowercase letters, digits and "
                                            f"hyphens, got {name!r}"])
    assert not (tmp_path / "content").exists()
