"""What is wrong is said where it was written, and a bad value never drops output silently."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import LAYOUTS, edit, line_of
from test_interrupt import tree


def test_a_style_size_that_is_no_number_is_a_finding_and_nothing_is_dropped(deckpress):
    shutil.copytree(LAYOUTS, "layouts")
    assert deckpress("build", "pocket-bazaar", "--paper", "a4", layouts=(Path("layouts"),)).status == 0
    before = tree(Path("build"))
    path = Path("layouts/standard/lot-card.yaml")
    edit(path, "style: {font: bold, size: 34, min_size: 24}", "style: {font: bold, size: 34, min_size: big}")
    result = deckpress("build", "pocket-bazaar", "--paper", "a4", layouts=(Path("layouts"),))
    assert result.status == 1
    assert f"layouts/standard/lot-card.yaml:{line_of(path, 'min_size: big')}:" in result.err
    assert "min_size must be a number, got 'big'" in result.err
    assert tree(Path("build")) == before


def test_a_parameter_written_as_a_word_is_said_where_it_was_set(deckpress):
    game = Path("content/pocket-bazaar/game.yaml")
    edit(game, "teams: 4", "teams: four")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert (f"{game.as_posix()}:{line_of(game, 'teams: four')}:10: error: parameter teams is the text 'four', but "
            f"content/pocket-bazaar/rules.yaml:") in result.err


def test_a_python_tag_on_a_list_or_mapping_is_refused_where_it_stands(deckpress):
    game = Path("content/pocket-bazaar/game.yaml")
    edit(game, "teams: 4", "teams: !!python/object/apply:os.system [ls]")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert f"{game.as_posix()}:{line_of(game, 'teams: !!')}:10: error: YAML tag !!python/object/apply:os.system is " \
           f"not allowed here" in result.err
