"""How many of a thing an element draws on a card (a repeat's repetitions, a row of icons): at most 10,000, a
repeat's inside another's multiplied; more is a finding where it was written, never a run out of memory, and a
number written in other digits (`²`) is a finding, never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS, edit, line_of
from test_repeat import ATLAS, check

from deckpress.numerals import whole


@pytest.fixture
def atlas_copy(tmp_path, monkeypatch):
    shutil.copytree(ATLAS.parent, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    return Path("content/hollow-atlas")


def test_a_literal_count_past_a_cards_is_said_as_its_layout_loads(atlas_copy):
    """A hundred million repetitions were laid out to see whether they fit their box: 4 GB, then a traceback."""
    board = atlas_copy / "layouts/standard/map-board.yaml"
    edit(board, "count: 61", "count: 100000000")
    assert f"{board}:{line_of(board, 'count: 100000000')}:12: error: count must be a whole number from 0 to 10,000 " \
           f"or a template giving one, got 100000000" in check()


@pytest.mark.parametrize("inner", ["10000", '"{{ 10000 }}"'])
def test_repeats_inside_repeats_count_together(atlas_copy, inner):
    """10,000 repetitions of a repeat of 10,000, each within the bound alone: 10**8 drawings ran for minutes. A
    literal count inside is said by the repeat around it, once; a template's, card by card, by its own repeat."""
    board = atlas_copy / "layouts/standard/map-board.yaml"
    edit(board, "    repeat: {name: tick, shape: rect, stroke: black, box_mm: [0, 0, 5, 5]}\n    count: 10\n"
                "    step_mm: [7, 0]\n    box_mm: [56, 100, 68, 5]",
         "    repeat:\n      name: dots\n      repeat: {name: dot, shape: rect, fill: black, box_mm: [0, 0, 0.001, "
         f"0.001]}}\n      count: {inner}\n      columns: 100\n      step_mm: [0.001, 0.001]\n      box_mm: [0, 0, "
         "0.2, 0.2]\n    count: 10000\n    columns: 100\n    step_mm: [0.2, 0.2]\n    box_mm: [40, 60, 20, 20]")
    errors = check()
    said = "rounds: 10,000 repetitions of 10,000 each" if inner.isdigit() else "dots: 10,000 repetitions inside " \
                                                                             "repeats of 10,000"
    # said at the count of the repeat that gives too many (it was said at the repeat's `- name:` line)
    at = f"{line_of(board, 'count: 10000', 2)}:12" if inner.isdigit() else f"{line_of(board, inner)}:14"
    assert any(f"{board}:{at}:" in e and f"element {said} give 100,000,000 on the card; at most 10,000 in all" in e
               for e in errors), errors


@pytest.fixture
def market(tmp_path, monkeypatch):
    shutil.copytree(CONTENT / "stone-market", tmp_path / "content" / "stone-market")
    monkeypatch.chdir(tmp_path)
    return Path("content/stone-market/layouts/standard/ware-card.yaml")


@pytest.mark.parametrize("count, said", [("{{ card.stars * 100000000 }}", "100000000"), ("{{ '²' }}", "²")])
def test_a_row_of_icons_counts_as_a_repeat_does(market, count, said):
    """A row of a hundred million stars ran out of memory; `²` (a digit to `str.isdigit`) ended in a traceback."""
    shutil.copy(LAYOUTS / "standard" / "ware-card.yaml", market)
    edit(market, 'count: "{{ card.stars }}"', f'count: "{count}"')
    errors = check("stone-market", "--content", "content")
    assert f"{market}:{line_of(market, 'count: ')}:12: error: element stars: count must give a whole number " \
           f"from 0 to 10,000, got '{said}'" in "\n".join(errors), errors


@pytest.mark.parametrize("text, number", [("12", 12), (" 7 ", 7), ("²", None), ("①", None), ("٣", None),
                                          ("9" * 5000, None), ("-3", None), ("", None), ("10001", 10001)])
def test_a_whole_number_is_ascii_digits(text, number):
    assert whole(text) == number
    assert whole("-3", signed=True) == -3 and whole("10001", 10_000) is None


def test_numbers_in_other_digits_are_read_or_refused_never_a_traceback():
    """A private page titled `Desk card ²` (its title's numbers order the host's page), a workbook naming row `²`
    or repeating a column `①` times: each ended a build or a load in a ValueError."""
    from deckpress.load.spreadsheets.extent import _number, _repeat
    from deckpress.load.spreadsheets.unzip import Refused
    from deckpress.publish.publications import _page_order

    titles = ["Desk card ²", "Desk card 10", "Desk card 2", "Desk card ٣", f"Desk card {'9' * 5000}"]
    assert [t[:12] for t in sorted(titles, key=lambda t: _page_order(("p.html", t)))] == [
        "Desk card 2", "Desk card ٣", "Desk card 10", "Desk card 99", "Desk card ²"]
    with pytest.raises(Refused, match="names a row '²'"):
        _number("²", 1)
    assert [_repeat({"number-columns-repeated": n}, "columns") for n in ("①", "3")] == [1, 3]


def test_a_card_past_ten_metres_is_a_finding_not_an_overflow(tmp_path, monkeypatch):
    """A card of 1.0e+308 mm passed the check of its size, and its tuck box's flaps overflowed (a traceback)."""
    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "content" / "pocket-bazaar")
    monkeypatch.chdir(tmp_path)
    card = Path("content/pocket-bazaar/layouts/standard/lot-card.yaml")
    shutil.copy(LAYOUTS / "standard" / "lot-card.yaml", card)
    edit(card, "size_mm: [63, 88]", "size_mm: [1.0e+308, 88]")
    assert f"{card}:3:11: error: size_mm must be 3-10000, got 1e+308" in check("pocket-bazaar", "--content", "content")
