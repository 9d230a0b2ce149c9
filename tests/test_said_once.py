"""A card's line that counts things (`2 Onyx and 1 Ruby`) is tallied to find another saying the same; a number
that is no count (a superscript `²`, a run of thousands of digits) is tallied as a word, not a traceback."""

from __future__ import annotations

from deckpress.layout.said_once import _tally

AND = frozenset({"and"})


def test_a_line_counting_things_is_tallied_by_them() -> None:
    assert _tally("2 Onyx and 1 Ruby", AND, ()) == _tally("Onyx, Onyx, Ruby", AND, ()) == (("onyx", 2), ("ruby", 1))


def test_a_number_that_is_no_count_is_tallied_as_a_word() -> None:
    assert _tally("area ² and Ruby", AND, ()) == (("area", 1), ("ruby", 1), ("²", 1))
    digits = "1" * 5000
    assert _tally(f"{digits} Onyx and Ruby", AND, ()) == ((digits, 1), ("onyx", 1), ("ruby", 1))


def test_one_thing_counted_more_than_once_is_tallied_but_one_thing_once_is_not() -> None:
    rubies = (("rubies", "ruby"),)
    assert _tally("5 Rubies", AND, rubies) == _tally("Ruby, Ruby, Ruby, Ruby, Ruby", AND, rubies) == (("ruby", 5),)
    assert _tally("Market 1", AND, ()) is None and _tally("Ruby", AND, ()) is None
