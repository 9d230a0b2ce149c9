"""A game declares its languages: `languages: [en-GB, de-DE, fr-FR]`, the source first; `language:` stays the
one-language form, and both at once, a language twice or one the press has no words for are located findings."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import CONTENT, edit

from deckpress.findings import Findings
from deckpress.load import load_game
from deckpress.model import Game
from deckpress.templating import Templates


def loaded(tmp_path: Path, declared: str) -> tuple[Game | None, list[str]]:
    game = tmp_path / "pocket-bazaar"
    shutil.copytree(CONTENT / "pocket-bazaar", game, ignore=shutil.ignore_patterns("translations"))
    edit(game / "game.yaml", "language: en-GB\n", declared)
    findings = Findings()
    return load_game(game, "content/pocket-bazaar", findings, Templates()), [str(f) for f in findings]


def test_a_game_in_three_languages_has_its_source_first(tmp_path):
    game, said = loaded(tmp_path, "languages: [en-GB, de-DE, fr-FR]\n")
    assert said == [] and game is not None
    assert (game.language, game.languages, game.translations) == ("en-GB", ("en-GB", "de-DE", "fr-FR"),
                                                                  ("de-DE", "fr-FR"))


@pytest.mark.parametrize(("declared", "language"), [("language: de-DE\n", "de-DE"), ("language: de\n", "de"),
                                                    ("", "en")])
def test_language_stays_the_one_language_form(tmp_path, declared, language):
    game, said = loaded(tmp_path, declared)
    assert said == [] and game is not None
    assert (game.language, game.languages, game.translations) == (language, (language,), ())


@pytest.mark.parametrize(("declared", "message"), [
    ("language: en-GB\nlanguages: [en-GB, de-DE]\n", "give either language (a game in one language) or languages"),
    ("languages: [en-GB, de-DE, de-de]\n", "languages names de-de twice"),
    ("languages: [en-GB, pt-BR]\n", "language must be one the press has words for (en, de, fr, es, it, nl, el), got "
                                    "'pt-BR'"),
    ("languages: [en-GB, de_DE]\n", "got 'de_DE'"),
    ("languages: en-GB\n", "languages must be a list of language tags, the source first ([en-GB, de-DE]), got "
                           "'en-GB'"),
    ("languages: []\n", "languages must be a list of language tags"),
])
def test_a_wrong_declaration_is_a_located_finding(tmp_path, declared, message):
    _, said = loaded(tmp_path, declared)
    assert len(said) == 1 and message in said[0], said
    assert said[0].startswith("content/pocket-bazaar/game.yaml:")


def test_a_game_in_one_language_is_loaded_once(monkeypatch, tmp_path):
    """Each language is a build of its own: a game in one language costs nothing more than it did."""
    from deckpress.translation import games

    loaded(tmp_path, "language: en-GB\n")  # the game in its source language alone

    loads: list[str | None] = []
    real = games.load_game

    def counted(*args, **kwargs):
        loads.append(args[4] if len(args) > 4 else kwargs.get("language"))
        return real(*args, **kwargs)

    monkeypatch.setattr(games, "load_game", counted)
    found = games.every_language([tmp_path / "pocket-bazaar"], Path("content"), Findings(), Templates())
    assert [g.id for g in found] == ["pocket-bazaar"] and loads == [None]


def test_a_language_without_its_po_file_is_one_finding(tmp_path):
    _, said = loaded(tmp_path, "languages: [en-GB, de-DE]\n")
    assert said == []  # the source alone loads clean
    findings = Findings()
    game = load_game(tmp_path / "pocket-bazaar", "content/pocket-bazaar", findings, Templates(), "de-DE")
    assert game is not None and [str(f) for f in findings] == [
        "content/pocket-bazaar/game.yaml:1:1: error: de-DE: no translation yet (content/pocket-bazaar/translations/"
        "de-DE.po is missing): run deckpress translations pocket-bazaar, then translate it"]


def test_a_source_put_second_is_said_to_be_the_po_files_source(tmp_path):
    """The German PO file translates from en-GB: with `[de-DE, en-GB]`, English is the one without a PO file, and
    the finding says what the PO files say is the source."""
    game = tmp_path / "pocket-bazaar"
    shutil.copytree(CONTENT / "pocket-bazaar", game)
    edit(game / "game.yaml", "language: en-GB\n", "languages: [de-DE, en-GB]\n")
    findings = Findings()
    load_game(game, "content/pocket-bazaar", findings, Templates(), "en-GB")
    said = [str(f) for f in findings if "no translation yet" in str(f)]
    assert len(said) == 1 and "translate from en-GB: is it the source, to write first in languages:?" in said[0], said
