"""What a deck calls its cards, one and more than one: `card: stone` with `cards: stones`, or `card: {one: stone,
other: stones}` as a counted word gives its forms (deckpress.load.counted), whose PO entry then has a form for
each of a translation's plural categories. Whatever a designer writes there is read: a deck that is not a mapping,
forms written wrong or the plural given twice is a finding at its line, not a traceback."""

from __future__ import annotations

import polib
import pytest
from conftest import edit
from harbour import GAME, errors, harbour, line_in, run
from test_stone_market_translatable import FOLDER
from test_stone_market_translatable import GAME as STONES

from deckpress.findings import Findings
from deckpress.load import load_game
from deckpress.templating import Templates

DECK = "  harbour:\n    card: card\n"
TOKENS = "    card: stone\n    cards: stones\n"
CONTEXT = "game.yaml:decks[tokens].card"


def test_a_deck_that_is_not_a_mapping_is_a_finding_at_its_line(tmp_path, capsys):
    game = GAME.replace(DECK, "  spare: 3\n" + DECK)
    content = harbour(tmp_path, game=game)
    assert run(tmp_path, "check") == 1
    assert f"{content}/harbour/game.yaml:{line_in(game, 'spare: 3')}:10: error: deck spare must be a mapping, " \
           f"got 3" in errors(capsys)


def nouns(language: str | None = None) -> tuple[str, str, list[str]]:
    findings = Findings()
    game = load_game(STONES, str(STONES), findings, Templates(), language, fallback=True)
    assert game is not None
    return game.decks["tokens"].noun, game.decks["tokens"].nouns, [str(f) for f in findings if f.severity == "error"]


def test_a_decks_card_gives_its_plural_as_a_counted_word_does(deckpress):
    edit(STONES / "game.yaml", TOKENS, "    card: {one: stone, other: stones}\n")
    assert nouns() == ("stone", "stones", [])
    assert deckpress("check", "stone-market").status == 0


def test_the_plural_of_a_decks_card_is_translated_in_each_of_the_languages_forms(deckpress):
    edit(STONES / "game.yaml", TOKENS, "    card: {one: stone, other: stones}\n")
    edit(STONES / "game.yaml", "language: en-GB\n", "languages: [en-GB, es-ES]\n")
    assert deckpress("translations", "stone-market").status == 0
    po = polib.pofile(str(FOLDER / "es-ES.po"))
    entry = po.find("stone", msgctxt=CONTEXT)
    assert (entry.msgid_plural, sorted(entry.msgstr_plural)) == ("stones", [0, 1, 2])
    entry.msgstr_plural = {0: "piedra", 1: "piedras", 2: "piedras"}
    po.save()
    assert nouns("es-ES") == ("piedra", "piedras", [])


@pytest.mark.parametrize(("written", "below", "said"), [
    ("    card: {one: 3}\n", 0, "card is a word, or a word and its plural given as texts: {one: stone, other: stones}"),
    ("    card: {}\n", 0, "card is a word, or a word and its plural given as texts: {one: stone, other: stones}"),
    ("    card: {one: stone, other: stones}\n    cards: stones\n", 1,
     "its plural is given twice, by card ({one: ..., other: ...}) and by cards: leave out cards")])
def test_a_decks_plural_written_wrong_is_a_finding_at_its_line(deckpress, written, below, said):
    line = line_in((STONES / "game.yaml").read_text(encoding="utf-8"), TOKENS.split("\n")[0]) + below
    edit(STONES / "game.yaml", TOKENS, written)
    result = deckpress("check", "stone-market")
    assert result.status == 1
    assert f"{STONES.as_posix()}/game.yaml:{line}:" in result.err and f"error: deck tokens: {said}" in result.err
    assert "Traceback" not in result.err
