"""The print check in the game's language: its heading, its steps, and the ruler's unit (`2 pulg.`, `2 Zoll`), each
from the press's words for that language (a count of one in the singular: `1 ίντσα`), in both editions (the large
print's ruler labels fit as the standard's)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, fixture_game
from pypdf import PdfReader

from deckpress.words import say

GAME = Path("content/harbour-tongues")


@pytest.mark.parametrize("language", ["es-ES", "de-DE", "it-IT", "nl-NL", "fr-FR", "en-GB", "el-GR"])
def test_the_print_checks_ruler_and_words_are_the_games_language(tmp_path, monkeypatch, capsys, language):
    run = fixture_game(FIXTURES / "languages", tmp_path, monkeypatch, capsys)
    game = GAME / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("languages: [en-GB, de-DE, fr-FR]",
                                                             f"language: {language}"), encoding="utf-8")
    shutil.rmtree(GAME / "translations")  # a game written in that language
    assert run("build", "--paper", "a4", "--out", "out") == (0, [])
    for edition in ("standard", "large-print"):
        page = PdfReader(f"out/harbour-tongues/{edition}/harbour-tongues-kit-a4.pdf").pages[0].extract_text()
        assert say(language, "print_check") in page
        for inches in range(3):
            assert say(language, "length_in", inches=inches, count=inches) in page, (edition, page)
        if not language.startswith("en"):
            assert "1 in" not in page.split(), page
        if language == "el-GR":  # one takes the singular: `1 ίντσα`, `2 ίντσες`
            assert "1 ίντσα" in page and "1 ίντσες" not in page and "2 ίντσες" in page, page
