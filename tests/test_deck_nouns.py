"""What a deck calls its cards, one and more than one (`card: stone` with `cards: stones`), read from game.yaml
whatever a designer writes there: a deck that is not a mapping is a finding at its line, not a traceback."""

from __future__ import annotations

from harbour import GAME, errors, harbour, line_in, run

DECK = "  harbour:\n    card: card\n"


def test_a_deck_that_is_not_a_mapping_is_a_finding_at_its_line(tmp_path, capsys):
    game = GAME.replace(DECK, "  spare: 3\n" + DECK)
    content = harbour(tmp_path, game=game)
    assert run(tmp_path, "check") == 1
    assert f"{content}/harbour/game.yaml:{line_in(game, 'spare: 3')}:10: error: deck spare must be a mapping, " \
           f"got 3" in errors(capsys)
