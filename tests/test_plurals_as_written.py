"""A counted word's forms written wrong in game.yaml (`{one: [a], other: b}`, `{other: Ambers}`) are one finding
at the word, and the word reads as the text it gives: no traceback, and no object's innards in a later finding."""

from __future__ import annotations

import pytest
from conftest import edit
from test_stone_market_translatable import GAME


@pytest.mark.parametrize("written", ["{one: [Amber], other: Ambers}", "{other: Ambers}", "{one: 3}"])
def test_forms_written_wrong_are_a_finding_at_the_word(deckpress, written):
    edit(GAME / "game.yaml", "{one: Amber, other: Ambers}", written)
    result = deckpress("check", "stone-market")
    assert result.status == 1
    lines = result.err.splitlines()
    assert f"{(GAME / 'game.yaml').as_posix()}:17:7: error: a counted word gives its forms as texts" in lines[0]
    assert "Node object" not in result.err and "Traceback" not in result.err
