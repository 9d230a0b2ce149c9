"""Decks as designers write them: copies, `where` grids, several decks on one component, checks over the cards,
and a broken card file reported once."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from harbour import CARDS, FACE, GAME, errors, harbour, line_in, run

PDF = "build/harbour/standard/harbour-harbour-a4.pdf"


def words(pdf: Path) -> list[str]:
    with pdfplumber.open(pdf) as doc:
        return [w["text"] for page in doc.pages for w in page.extract_words()]


def test_a_card_with_copies_is_printed_that_many_times(tmp_path):
    harbour(tmp_path)
    assert run(tmp_path, "build") == 0
    printed = [w for w in words(tmp_path / PDF) if w.startswith("F")]
    assert printed.count("FJoker1") == 2 and printed.count("FAnchors2") == 1
    assert len(printed) == 8
    entries = json.loads((tmp_path / "build/manifest.json").read_text(encoding="utf-8"))["outputs"]
    (entry,) = [e for e in entries if e["path"] == "harbour/standard/harbour-harbour-a4.pdf"]
    assert entry["cards"] == 8


def test_the_text_edition_says_how_many_copies_once(tmp_path):
    harbour(tmp_path)
    assert run(tmp_path, "build") == 0
    html = (tmp_path / "build/harbour/harbour.html").read_text(encoding="utf-8")
    assert html.count("<h4>FJoker1</h4>") == 1  # the Joker as its layout prints it, its first line its heading
    assert html.count("2 copies") == 1


def test_count_counts_the_copies(tmp_path, capsys):
    content = harbour(tmp_path, game=GAME.replace("count: 8", "count: 7"))
    assert run(tmp_path, "check") == 1
    line = line_in(GAME, "count: 8")
    assert errors(capsys) == [f"{content}/harbour/game.yaml:{line}:12: error: deck harbour must have exactly 7 "
                              f"cards, got 8"]


def test_copies_are_capped(tmp_path, capsys):
    content = harbour(tmp_path, cards=CARDS.replace("copies: 2", "copies: 1001"))
    assert run(tmp_path, "check") == 1
    line = line_in(CARDS, "copies: 2")
    found = errors(capsys)
    assert f"{content}/harbour/harbour.yaml:{line}:47: error: copies must be 1-1000, got 1001" in found


def test_a_where_grid_leaves_the_jokers_out_and_still_finds_a_missing_rank(tmp_path, capsys):
    content = harbour(tmp_path, cards=CARDS.replace("  - {suit: Bells, rank: 2, points: 2}\n", "")
                      .replace("points: 0, copies: 2", "points: 2, copies: 3"))
    assert run(tmp_path, "check") == 1
    line = line_in(GAME, "  harbour:")
    found = errors(capsys)
    assert f"{content}/harbour/game.yaml:{line}:3: error: deck harbour has no card with suit Bells, rank 2" in found
    assert not any("Joker" in e for e in found)


def test_without_where_the_grid_asks_the_jokers_for_every_rank(tmp_path, capsys):
    harbour(tmp_path, game=GAME.replace("""grid: {fields: [suit, rank], where: "card.suit != 'Joker'"}""",
                                        "grid: [suit, rank]"))
    assert run(tmp_path, "check") == 1
    assert [e.split("error: ")[1] for e in errors(capsys)] == [
        "deck harbour has no card with suit Joker, rank 2", "deck harbour has no card with suit Joker, rank 3"]


def test_an_error_in_where_is_a_finding_at_the_where(tmp_path, capsys):
    game = GAME.replace("card.suit != 'Joker'", "card.suit != 'Joker' and card.colour")
    content = harbour(tmp_path, game=game)
    assert run(tmp_path, "check") == 1
    line = line_in(game, "where:")
    (found,) = errors(capsys)
    assert found.startswith(f"{content}/harbour/game.yaml:{line}:")
    assert "colour" in found


def test_unique_takes_where_too(tmp_path, capsys):
    game = GAME.replace("    grid:", "    unique: {fields: [points], where: 'card.rank == 3'}\n    grid:")
    content = harbour(tmp_path, game=game)
    assert run(tmp_path, "check") == 1  # Anchors 3 and Bells 3 share 3 points; the ones and twos are not asked
    line = line_in(CARDS, "Bells, rank: 3")
    assert errors(capsys) == [f"{content}/harbour/harbour.yaml:{line}:36: error: deck harbour: 3 appears twice "
                              f"(first at line {line_in(CARDS, 'Anchors, rank: 3')})"]


@pytest.mark.parametrize(("grid", "at", "says"), [
    ("[suit, suit]", "suit]", "grid names field 'suit' twice: name it once"),
    ("{fields: [rank, suit, rank]}", "rank]", "grid names field 'rank' twice: name it once"),
    ("[]", "[]", "grid names no field: name the fields it checks, or leave 'grid' out"),
    ("{fields: [], where: 'true'}", "[]", "grid names no field: name the fields it checks, or leave 'grid' out"),
])
def test_a_grid_naming_a_field_twice_or_none_is_one_finding_where_it_is_written(tmp_path, capsys, grid, at, says):
    """A field named twice was a grid over it alone, a finding for every card beyond the first of each suit; a
    grid of no field passed, checking nothing, silently."""
    game = GAME.replace("""grid: {fields: [suit, rank], where: "card.suit != 'Joker'"}""", f"grid: {grid}")
    content = harbour(tmp_path, game=game)
    assert run(tmp_path, "check") == 1
    line = line_in(game, "grid:")
    column = game.splitlines()[line - 1].rindex(at) + 1
    assert errors(capsys) == [f"{content}/harbour/game.yaml:{line}:{column}: error: {says}"]


@pytest.mark.parametrize(("grid", "says"), [
    ("[suit, 3]", [("3]", "grid field must be non-empty text, got 3")]),
    ("{fields: [suit, {rank: 1}]}", [("{rank", "grid field must be non-empty text, got a mapping")]),
    ("[suit, suit, rnak]", [("suit, rnak", "grid names field 'suit' twice: name it once"),
                            ("rnak", "deck harbour names field 'rnak' that it does not define; did you mean 'rank'?")]),
])
def test_a_grid_naming_a_field_it_cannot_read_says_each_name_and_checks_nothing(tmp_path, capsys, grid, says):
    """A name that is no text was dropped, and the grid over the fields left was a finding for every card past the
    first of each suit; a name after a field named twice was not looked at."""
    game = GAME.replace("""grid: {fields: [suit, rank], where: "card.suit != 'Joker'"}""", f"grid: {grid}")
    content = harbour(tmp_path, game=game)
    assert run(tmp_path, "check") == 1
    line = line_in(game, "grid:")
    text = game.splitlines()[line - 1]
    assert errors(capsys) == [f"{content}/harbour/game.yaml:{line}:{text.rindex(at) + 1}: error: {said}"
                              for at, said in says]


def test_unique_of_no_field_is_a_finding(tmp_path, capsys):
    game = GAME.replace("    grid:", "    unique: []\n    grid:")
    content = harbour(tmp_path, game=game)
    assert run(tmp_path, "check") == 1
    line = line_in(game, "unique: []")
    assert errors(capsys) == [f"{content}/harbour/game.yaml:{line}:13: error: unique names no field: name the "
                              f"fields it checks, or leave 'unique' out"]


def test_a_component_prints_several_decks_on_the_same_sheets(tmp_path):
    game = GAME.replace("checks:", """\
  gulls:
    card: gull
    from: "['GullA', 'GullB']"
    fields: {suit: {type: text}}
checks:""").replace("deck: harbour,", "decks: [harbour, gulls],")
    harbour(tmp_path, game=game, face=FACE.replace("{{ card.rank }}", "{{ card.rank | default('') }}"))
    assert run(tmp_path, "build") == 0
    with pdfplumber.open(tmp_path / PDF) as doc:
        pages = [[w["text"] for w in page.extract_words() if w["text"].startswith("F")] for page in doc.pages]
    assert len(pages) == 2  # ten cards, nine a page, the gulls after the harbour's eight
    assert pages[0][0] == "FAnchors1" and "FJoker1" in pages[0] and "FGullA" in pages[0]
    assert pages[1] == ["FGullB"]
    entries = json.loads((tmp_path / "build/manifest.json").read_text(encoding="utf-8"))["outputs"]
    assert [e["cards"] for e in entries if e["path"].endswith("harbour-harbour-a4.pdf")] == [10]


def test_a_from_deck_that_cannot_be_made_says_which_part_is_wrong(tmp_path, capsys):
    """'from' that gave no list, and a deck of two fields, were both said "'from' must give a list and the deck
    must define one field": each is said on its own, at what is wrong, with what the expression gave; `none`
    (an expression giving nothing) made an empty deck the check passed."""
    game = GAME.replace("checks:", """\
  gulls:
    card: gull
    from: "range(1, 4) | map('string')"
    fields: {suit: {type: text}}
  terns:
    card: tern
    from: "['TernA', 'TernB']"
    fields: {suit: {type: text}, rank: {type: int}}
  skuas:
    card: skua
    from: "{'SkuaA': 1}"
    fields: {suit: {type: text}}
  petrels:
    card: petrel
    from: none
    fields: {suit: {type: text}}
checks:""")
    content = harbour(tmp_path, game=game)
    assert run(tmp_path, "check") == 1
    at = f"{content}/harbour/game.yaml"
    assert errors(capsys) == [
        f"{at}:{line_in(game, 'map(')}:11: error: deck gulls: 'from' must give a list, one card an item; it gave "
        f"a generator: add '| list'",
        f"{at}:{line_in(game, 'rank: {type: int}}')}:5: error: deck terns: 'from' makes cards of one field, and "
        f"the deck defines 2 (suit, rank): keep one, or give the cards in a 'file'",
        f"{at}:{line_in(game, 'SkuaA')}:11: error: deck skuas: 'from' must give a list, one card an item; it gave "
        f"a mapping",
        f"{at}:{line_in(game, 'from: none')}:11: error: deck petrels: 'from' must give a list, one card an item; it "
        f"gave nothing"]


def test_a_check_sees_the_cards_of_the_decks(tmp_path, capsys):
    content = harbour(tmp_path, cards=CARDS.replace("points: 0, copies: 2", "points: 1, copies: 2"))
    assert run(tmp_path, "check") == 1
    line = line_in(GAME, "sum(attribute='points')")
    assert errors(capsys) == [f"{content}/harbour/game.yaml:{line}:5: error: the points add up to 14, not 12"]


def test_a_broken_card_file_is_one_finding_without_follow_ons(tmp_path, capsys):
    content = harbour(tmp_path, cards=CARDS.replace("{suit: Bells, rank: 2, points: 2}", "{suit: Bells, rank: 2"))
    assert run(tmp_path, "check") == 1
    (found,) = errors(capsys)
    assert found.startswith(f"{content}/harbour/harbour.yaml:")
    assert "deck harbour" not in found


def test_a_card_file_without_a_list_of_cards_is_one_finding(tmp_path, capsys):
    content = harbour(tmp_path, cards="cards: {suit: Bells}\n")
    assert run(tmp_path, "check") == 1
    assert errors(capsys) == [f"{content}/harbour/harbour.yaml:1:8: error: cards must be a list, got a mapping"]
