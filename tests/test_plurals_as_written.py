"""A counted word's forms written wrong in game.yaml (`{one: [a], other: b}`, `{other: Ambers}`, a form left
blank) are one finding at the word, and the word reads as the text it gives: no traceback, and no object's innards
in a later finding; an icon's word left blank is a finding too."""

from __future__ import annotations

import polib
import pytest
from conftest import edit
from harbour import line_in
from test_stone_market_translatable import FOLDER, GAME, drafted


@pytest.mark.parametrize("written", ["{one: [Amber], other: Ambers}", "{other: Ambers}", "{one: 3}",
                                     '{one: Amber, other: "  "}', '{one: "", other: Ambers}'])
def test_forms_written_wrong_are_a_finding_at_the_word(deckpress, written):
    line = line_in((GAME / "game.yaml").read_text(encoding="utf-8"), "{one: Amber, other: Ambers}")
    edit(GAME / "game.yaml", "{one: Amber, other: Ambers}", written)
    result = deckpress("check", "stone-market")
    assert result.status == 1
    lines = result.err.splitlines()
    assert f"{(GAME / 'game.yaml').as_posix()}:{line}:7: error: a counted word gives its forms as texts" in lines[0]
    assert "Node object" not in result.err and "Traceback" not in result.err


@pytest.mark.parametrize("written", ['star: ""', 'star: {one: star, other: " "}'])
def test_an_icons_word_left_blank_is_a_finding_at_the_word(deckpress, written):
    line = line_in((GAME / "game.yaml").read_text(encoding="utf-8"), "star: {one: star, other: stars}")
    edit(GAME / "game.yaml", "star: {one: star, other: stars}", written)
    result = deckpress("check", "stone-market")
    assert result.status == 1
    assert f"{(GAME / 'game.yaml').as_posix()}:{line}:9: error: icons: star is read as a word" in result.err


def test_a_form_left_blank_in_the_po_is_a_finding_at_its_entry(deckpress):
    po = drafted(deckpress)
    po.find("Pearl", msgctxt="game.yaml:parameters.stones[3]").msgstr_plural[1] = "  "
    po.save()
    result = deckpress("check", "stone-market")
    assert result.status == 1
    line = polib.pofile(str(FOLDER / "es-ES.po")).find("Pearl", msgctxt="game.yaml:parameters.stones[3]").linenum
    assert (f"{(FOLDER / 'es-ES.po').as_posix()}:{line}:1: error: es-ES: the translation of this counted word lacks "
            "its form for msgstr[1] (many) (game.yaml:parameters.stones[3])") in result.err


def test_a_map_keyed_by_number_words_is_no_plural(deckpress):
    edit(GAME / "game.yaml", "  hand_limit: 10\n", "  hand_limit: 10\n  bonus: {one: 1, two: 3, three: 6}\n")
    result = deckpress("check", "stone-market")
    assert result.status == 0, result.err
    assert "counted word" not in result.err
