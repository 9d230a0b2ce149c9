"""Findings in the designer's language: a template's problem names the card, the element and what is wrong, and the
same problem on many cards is printed once, listing them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import LAYOUTS, edit, line_of

from deckpress.findings import Finding, Findings, Loc, echoed, echoed_value
from deckpress.templating import Templates
from deckpress.translation.echoes import Echoes, Heard

GAME_YAML = Path("content/pocket-bazaar/game.yaml")
SHEETS = Path("content/pocket-bazaar/sheets.yaml")
LOC = Loc("layouts/standard/corner.yaml", 3, 5)


def rendered(source: str, params: dict, card: dict | None = None) -> list[str]:
    templates, findings = Templates(), Findings()
    assert templates.card(params, card or {}, 1).render(source, LOC, findings, "element corner", "Anchors 1") is None
    return [str(g) for g in findings.grouped()]


def test_a_misspelt_card_field_is_one_finding_listing_the_cards(deckpress, tmp_path):
    layouts = tmp_path / "my-layouts"
    shutil.copytree(LAYOUTS, layouts)
    card = layouts / "standard" / "lot-card.yaml"
    edit(card, 'text: "{{ card.points }}"', 'text: "{{ card.pionts }}"')
    line = line_of(card, "card.pionts")
    col = card.read_text(encoding="utf-8").splitlines()[line - 1].index("pionts") + 1
    result = deckpress("check", "pocket-bazaar", layouts=(layouts,))
    assert result.status == 1
    # its 24 cards, each once: its translations' cards (`Laternen 1`) are the same cards
    assert result.errors == [f"{card}:{line}:{col}: error: element points: no field 'pionts'; did you mean "
                             "'points'? (cards Lanterns 1, Lanterns 2, Lanterns 3 and 21 more)"]
    assert result.err.splitlines()[-1] == "deckpress: 1 error"


def test_one_mistake_each_card_gives_its_own_value_is_one_finding_naming_each_card_once():
    """A repeat's count wrong on every card (each its own value), twice on one card (two repetitions): printed once,
    the first card's value said, every card named once."""
    findings, at = Findings(), Loc("layouts/standard/card.yaml", 9, 5)
    for card, got in (("ware 1", "'a'"), ("ware 1", "'b'"), ("ware 2", "'c'")):
        findings.error(at, "element stars: count must give a whole number from 0 to 10,000", card, got)
    (grouped,) = findings.grouped()
    assert str(grouped) == ("layouts/standard/card.yaml:9:5: error: element stars: count must give a whole number "
                            "from 0 to 10,000, got 'a' on card ware 1 (cards ware 1 and ware 2)")
    assert str(findings[0]) == ("layouts/standard/card.yaml:9:5: error: card ware 1, element stars: count must give a "
                                "whole number from 0 to 10,000, got 'a'")


def test_a_problem_on_one_card_names_the_card():
    assert rendered("{{ card.rnak }}", {}, {"suit": "Anchors", "rank": 1}) == [
        f"{LOC}: error: card Anchors 1, element corner: no field 'rnak'; did you mean 'rank'?"]


def test_an_undefined_parameter_suggests_the_one_meant():
    templates, findings = Templates(), Findings()
    assert templates.render("{{ budjet }} tokens", {"budget": 12, "teams": 4}, LOC, findings) is None
    assert templates.render("{{ nothing_like_it }}", {"budget": 12}, LOC, findings) is None
    assert [f.message for f in findings] == ["no parameter 'budjet'; did you mean 'budget'?",
                                             "no parameter 'nothing_like_it'"]
    assert rendered("{{ rank }}", {}, {"rank": 3}) == [
        f"{LOC}: error: card Anchors 1, element corner: no parameter 'rank'; the card's field is card.rank"]


def test_a_parameter_named_like_a_function_is_said_where_the_function_is_called(deckpress):
    edit(GAME_YAML, "  teams: 4\n", "  teams: 4\n  range: 3\n")
    result = deckpress("check", "pocket-bazaar")
    lines = SHEETS.read_text(encoding="utf-8").splitlines()
    expected = [f"{SHEETS}:{n}:{lines[n - 1].index('range(') + 1}: error: the parameter 'range' (3) hides the "
                "function range(): rename the parameter" for n, line in enumerate(lines, 1) if '"range(' in line]
    assert (result.status, result.errors) == (1, expected) and len(expected) == 3


def test_a_filter_that_does_not_exist_and_a_value_that_is_not_a_function():
    """A filter no one has stops the text compiling, whatever the card: said of the text, naming no card."""
    assert rendered("{{ 4 | wrods }}", {}) == [
        f"{LOC}: error: element corner: no filter 'wrods'; did you mean 'words' or 'round'?"]
    assert rendered("{{ 4 | zzz }}", {}) == [
        f"{LOC}: error: element corner: no filter 'zzz'; the press's own are words, ordinal, series, times"]
    assert rendered("{{ budget() }}", {"budget": 12}) == [
        f"{LOC}: error: card Anchors 1, element corner: 'budget' is 12, not a function: it cannot be called"]


def test_a_missing_key_of_a_parameter_names_the_parameter_and_its_keys():
    assert rendered("{{ prices.tee }}", {"prices": {"tea": 1, "coffee": 2}}) == [
        f"{LOC}: error: card Anchors 1, element corner: 'prices' has no key 'tee'; did you mean 'tea'?"]
    assert rendered("{{ prices.x }}", {"prices": {"tea": 1, "coffee": 2}}) == [
        f"{LOC}: error: card Anchors 1, element corner: 'prices' has no key 'x'; its keys are tea, coffee"]
    assert rendered("{{ rounds[7] }}", {"rounds": [1, 2]}) == [
        f"{LOC}: error: card Anchors 1, element corner: 'rounds' has no item 7: it has 2"]


def test_findings_that_differ_only_in_their_card_are_grouped_in_linear_time():
    findings = Findings()
    other = Loc("content/x/game.yaml", 2, 1)
    for n in range(1, 10_001):
        findings.error(LOC, "element corner rank: no field 'rnak'", card=f"Anchors {n}")
        findings.error(LOC, "element corner rank: no field 'rnak'", card=f"Anchors {n}")  # both papers: once
        if n == 2:
            findings.error(other, "a problem of the game")
    assert len(findings) == 10_001 and len(findings.errors) == 10_001
    assert [str(g) for g in findings.grouped()] == [
        f"{LOC}: error: element corner rank: no field 'rnak' (cards Anchors 1, Anchors 2, Anchors 3 and 9997 more)",
        f"{other}: error: a problem of the game"]


def test_a_few_cards_are_all_named_and_findings_without_a_card_stay_apart():
    findings = Findings()
    for card in ("A", "B", "C", "D"):
        findings.add(Finding(LOC, "no field 'x'", card=card))
    findings.error(LOC, "no field 'x'")
    assert [str(g) for g in findings.grouped()] == [f"{LOC}: error: no field 'x' (cards A, B, C and D)",
                                                    f"{LOC}: error: no field 'x'"]


def test_findings_appended_directly_or_cut_are_still_known():
    findings = Findings()
    findings.error(LOC, "one")
    findings.append(Finding(LOC, "two"))
    findings.error(LOC, "two")
    assert [f.message for f in findings] == ["one", "two"]
    del findings[1:]
    findings.error(LOC, "two")
    assert [f.message for f in findings] == ["one", "two"]


def test_a_value_a_finding_repeats_is_cut_after_40_characters():
    assert echoed("x" * 40) == "x" * 40 and echoed("x" * 41) == "x" * 40 + "…"
    assert echoed(9**5000) == "1631350185342625874303256729181154716812…"  # of 4,772 digits: Python writes none
    assert echoed(10**40) == "1" + "0" * 39 + "…" and echoed(3.5) == "3.5"
    assert echoed_value("tea") == "'tea'" and echoed_value("y" * 50) == "'" + "y" * 40 + "…'"


@pytest.mark.parametrize(("copies", "said"), [
    ("9" * 500, f"copies must be a whole number 1-100, got {'9' * 40}…"),
    ("9" * 5000, f"'{'9' * 40}…' is not a valid int"),  # more digits than YAML's reader takes
    ('"' + "9" * 5000 + '"', "a number of thousands of digits: no count or score is near it"),  # a calculation
    ("\"'" + "z" * 300 + "'\"", f"copies must be a whole number 1-100, got '{'z' * 40}…'")])
def test_a_long_value_is_cut_where_a_finding_repeats_it(deckpress, copies, said):
    edit(SHEETS, "copies: teams", f"copies: {copies}")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1 and "Traceback" not in result.err
    (error,) = result.errors
    assert error.startswith("content/pocket-bazaar/sheets.yaml:3:11: error: ") and said in error, error
    assert len(error) < 400


def test_an_unknown_key_is_cut_where_it_is_named(deckpress):
    edit(GAME_YAML, "title:", f"{'k' * 300}: 1\ntitle:")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert [e for e in result.errors if f"unknown key '{'k' * 40}…' in " in e and len(e) < 400]


def test_a_translation_echoing_its_source_at_the_same_place_is_not_said_again():
    """What a translation finds where its source language found as much is not passed on (a cell refused in both
    languages, a layout's mistake on each language's cards); its PO entries, what the source only warned of,
    what only a translation meets (another game's finding at a shared layout, or the other translation's, aside)
    and its own findings met again on other cards are."""
    found, cell, po = Findings(), Loc("g/lots.csv", 2, 1), Loc("g/translations/de-DE.po", 9, 1)
    found.error(LOC, "another game's error at a shared layout")
    source = Heard(found)
    source.error(cell, "collection must be one of Lanterns, Teacups")
    source.add(Finding(LOC, "a warning", severity="warning"))
    german, french = Echoes(found, source.said), Echoes(found, source.said)
    german.error(cell, "collection must be one of Laternen, Teetassen")
    german.error(po, "no translation")
    german.error(LOC, "an error", card="Laternen 1")
    german.error(LOC, "an error", card="Laternen 2")
    german.add(Finding(Loc("g/lots.csv", 3, 1), "only in German", severity="warning"))
    french.add(Finding(Loc("g/lots.csv", 3, 1), "only in French", severity="warning"))
    french.add(Finding(LOC, "a warning in French", severity="warning"))
    assert [(str(f.loc), f.message, f.card) for f in found[3:]] == [
        ("g/translations/de-DE.po:9:1", "no translation", None), (str(LOC), "an error", "Laternen 1"),
        (str(LOC), "an error", "Laternen 2"), ("g/lots.csv:3:1", "only in German", None),
        ("g/lots.csv:3:1", "only in French", None)]
    assert len(german) == 5 and len(source) == 2  # each lists all it met: a load counts its findings


def test_a_finding_rewritten_or_taken_back_is_so_in_the_list_a_source_or_translation_passes_it_to():
    """A tally names more cards by rewriting its finding, and a key said missing is taken back where a misspelt
    key stands for it: through a game's heard findings and a translation's echoes, the build's own list follows."""
    found = Findings()
    source = Heard(found)
    one, two, missing = Finding(LOC, "card A, too faint"), Finding(LOC, "cards A and B, too faint"), Finding(
        Loc("g/cards.yaml", 4, 5), "card is missing required key 'rank'")
    source.add(one)
    source.rewrite(one, two)
    source.add(missing)
    source.retract(missing)
    german = Echoes(found, set())
    german.add(Finding(Loc("g/de.po", 1, 1), "a"))
    german.rewrite(Finding(Loc("g/de.po", 1, 1), "a"), Finding(Loc("g/de.po", 1, 1), "b"))
    assert [f.message for f in found] == ["cards A and B, too faint", "b"] and list(source) == [two]
