"""Wrong types deep inside a game: plugins and generators read their parameters typed, so a value that does not
fit is a finding where it was written, never a traceback; `generate` never writes a deck that `check` rejects."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from conftest import edit, line_of

STONES = Path("content/stone-market/game.yaml")


@pytest.mark.parametrize(("old", "new", "said"), [
    ("die_faces: [Amber, Jade, Onyx, Pearl, Ruby, Choice]", "die_faces: []",
     "die_faces must be a list of 1 to 20 different names (stone-economy reads it), got a list"),
    ("hand_limit: 10", "hand_limit: ten", "hand_limit must be a whole number from 1 to 100 (stone-economy reads it)"),
    ("star_counts: [25, 12, 8]", "star_counts: [25, 12]", "star_counts must be a list of 3 whole numbers"),
    ("count: exchange_cards", "count: null", "count of deck exchanges must give a whole number of cards"),
])
def test_a_parameter_of_the_wrong_type_is_a_finding_where_it_was_written(deckpress, old, new, said):
    edit(STONES, old, new)
    result = deckpress("check", "stone-market")
    assert result.status == 1 and "Traceback" not in result.err
    assert f"{STONES.as_posix()}:{line_of(STONES, new)}:" in result.err and said in result.err


def _sums() -> dict[str, str]:
    folder = STONES.parent
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.glob("*.yaml"))}


@pytest.mark.parametrize(("old", "new", "said"), [
    ("exchange_cards: 10", "exchange_cards: ten",
     ": error: exchange_cards must be a whole number from 1 to 50 (the generator stone-market reads it)"),
    ("stones_per_ware: 5", "stones_per_ware: 40", "stones_per_ware must be a whole number from 1 to 10"),
    ("stones_per_ware: 5", "stones_per_ware: 6",
     "passes the game's checks but not its layouts, so nothing was written: "),
])
def test_generate_writes_no_deck_that_check_would_reject(deckpress, old, new, said):
    edit(STONES, old, new)
    before = _sums()
    result = deckpress("generate", "stone-market", "--seed", "1")
    assert result.status == 1 and said in result.err and "Traceback" not in result.err
    assert _sums() == before
