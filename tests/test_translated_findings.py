"""A translation's problems said where its translator can act on them, once: a translated parameter's value that
does not fit the box a template prints it in (Stone Market's stone names on its 100 tokens), or that has a
letter the face lacks, is a finding at its PO entry, once per entry in each edition and component, naming the
cards it was met on and about how much to cut; not a finding at the layout on every card. A tactile label's code
is spelt in small letters (Greek braille would spend a cell on each capital Latin letter), and one that still
takes more cells than a label holds names the language, its braille table, the cells and what to do."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polib
import pytest
from conftest import FIXTURES, LAYOUTS, edit, fixture_game, line_of
from test_spreadsheets import game_with, lots
from test_stone_market_translatable import FOLDER, drafted

from deckpress.findings import Findings, Loc
from deckpress.load.sources import parse_yaml
from deckpress.translation.parameter_texts import Given, follow

PO = FOLDER / "es-ES.po"
STONE = "game.yaml:parameters.stones[3]"  # Pearl
FACE = "game.yaml:parameters.die_faces[3]"  # the die repeats the stone's name


def _renamed(deckpress, one: str, other: str) -> int:
    """The Spanish PO with Pearl translated as `one` (`other` for many), the die's face too; its entry's line."""
    po = drafted(deckpress)
    po.find("Pearl", msgctxt=STONE).msgstr_plural = {0: one, 1: other, 2: other}
    po.find("Pearl", msgctxt=FACE).msgstr = one
    po.save()
    return polib.pofile(str(PO)).find("Pearl", msgctxt=STONE).linenum


def _at(err: str, line: int) -> list[str]:
    return [said for said in err.splitlines() if said.startswith(f"{PO.as_posix()}:{line}:1: ")]


def test_a_translated_stone_name_too_long_for_its_tokens_is_said_once_at_its_entry(deckpress):
    line = _renamed(deckpress, "Perla del Caribe oriental", "Perlas del Caribe oriental")
    result = deckpress("check", "stone-market")
    assert result.status == 1
    tokens = [said for said in _at(result.err, line) if " stones, name: " in said]
    assert len(tokens) == 2, result.err  # once in each edition, not once a token
    for said, (box, size, edition) in zip(tokens, [("9.8 x 3.8", 6, "standard"), ("21 x 7.94", 18, "large-print")],
                                          strict=True):
        assert re.search(rf"error: stone-market-es-es \(es-ES\) stones, name: the translation does not fit its "
                         rf"{box} mm box at the minimum size of {size} pt \({edition} edition\): about \d+ "
                         rf"characters? too long \(cards 61 \([^)]*\), 62 \([^)]*\), 63 \([^)]*\) and 17 more\)$",
                         said), said
    assert "stone-token.yaml" not in result.err


def test_a_letter_the_face_lacks_in_a_stone_name_is_said_once_at_its_entry(deckpress):
    line = _renamed(deckpress, "Perlaش", "Perlasش")
    result = deckpress("check", "stone-market")
    assert result.status == 1
    tokens = [said for said in _at(result.err, line) if " stones, name: " in said]
    assert tokens and all("has no glyph for U+0634 'ش'" in said and "and 17 more)" in said for said in tokens), \
        result.err
    assert len(tokens) <= 2 and "stone-token.yaml" not in result.err  # in each edition's face at most


def test_a_letter_the_face_lacks_in_a_layout_text_is_said_once_at_its_entry(deckpress):
    po = drafted(deckpress)
    po.find("Ware", msgctxt="layouts:ware-card.heading").msgstr = "Mercancía ش"
    po.save()
    line = polib.pofile(str(PO)).find("Ware", msgctxt="layouts:ware-card.heading").linenum
    result = deckpress("check", "stone-market")
    assert result.status == 1
    found = [said for said in _at(result.err, line) if "ware-cards, heading: es-ES: " in said]
    assert 1 <= len(found) <= 2, result.err  # once, or once in each edition's face: not once a ware card
    assert all("has no glyph for U+0634" in said and "(cards 1 (" in said and "and 42 more)" in said
               for said in found), found


def test_a_translated_layout_text_that_cannot_be_worked_out_is_said_at_its_entry(deckpress):
    """A translation's template reading a field the deck lacks: said at the PO entry the translator wrote it in,
    once; it was said at the layout's text (whose source is fine), once for each edition."""
    po_file = Path("content/pocket-bazaar/translations/de-DE.po")
    po = polib.pofile(str(po_file))
    entry = po.find("layouts:lot-card.points in words", by="msgctxt")
    entry.msgstr = "{{ card.nosuch.deeper }}"
    po.save()
    line = polib.pofile(str(po_file)).find("layouts:lot-card.points in words", by="msgctxt").linenum
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1 and "Traceback" not in result.err
    (said,) = [e for e in result.errors if "no field 'nosuch'" in e]
    at = re.match(rf"{re.escape(po_file.as_posix())}:(\d+):(\d+): ", said)
    assert at and line <= int(at[1]) <= line + 4, said  # the entry, at the name in its msgstr
    assert po_file.read_text(encoding="utf-8").splitlines()[int(at[1]) - 1][int(at[2]) - 1:].startswith("nosuch")
    assert "element points in words: no field 'nosuch'; fields are collection, points, flavour, reminder" in said


BAZAAR_PO = Path("content/pocket-bazaar/translations/de-DE.po")


def _alike(word: str, *contexts: str) -> list[int]:
    """The Pocket Bazaar's German PO with the entries `contexts` all translated as `word`; their lines."""
    po = polib.pofile(str(BAZAAR_PO))
    for context in contexts:
        po.find(context, by="msgctxt").msgstr = word
    po.save()
    return [polib.pofile(str(BAZAAR_PO)).find(context, by="msgctxt").linenum for context in contexts]


def _lot_colours(colours: str) -> None:
    """The Pocket Bazaar with a mapping keyed by its lot labels (translated texts: their keys follow them)."""
    edit(Path("content/pocket-bazaar/game.yaml"), "  lot_labels: [A, B, C]\n",
         f"  lot_labels: [A, B, C]\n  lot_colours: {{{colours}}}\n")


def test_two_choices_of_a_field_translated_alike_are_said_at_the_second_entry(deckpress):
    """Keys and Maps both `Karten`: the German lots' collections would be three, the grid and the pictograms
    (`pictograms: {Keys: key, Maps: map}`, keyed by the translation) read one for the other, and nothing said.
    The one finding: Maps stays Maps, so the lots' `unique` and the pictograms' count say nothing after it."""
    _, line = _alike("Karten", "game.yaml:parameters.collections[2]", "game.yaml:parameters.collections[3]")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert result.errors == [
        f"{BAZAAR_PO.as_posix()}:{line}:1: error: de-DE: 'Karten' translates both 'Keys' and 'Maps', choices of "
        "collection (game.yaml:parameters.collections[3]): give each its own word"], result.err


def test_two_keys_of_a_mapping_translated_alike_are_said(deckpress):
    """A list parameter no field chooses from, whose texts key a mapping: its keys follow the translation, so two
    alike would be one key."""
    _lot_colours("A: black, B: white, C: '#808080'")
    _, line = _alike("X", "game.yaml:parameters.lot_labels[0]", "game.yaml:parameters.lot_labels[1]")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert result.errors == [
        f"{BAZAAR_PO.as_posix()}:{line}:1: error: de-DE: 'X' translates both 'A' and 'B', keys of lot_colours "
        f"(game.yaml:parameters.lot_labels[1]): give each its own word"], result.err


def test_a_key_translated_as_another_key_left_untranslated_is_said(deckpress):
    """`Z` is no lot label: a mapping's key of its own, never translated; A translated as `Z` would take Z's
    place, and A's colour would be gone. Said alone: A stays A, its colour its own."""
    _lot_colours("A: black, B: white, C: '#808080', Z: '#c0c0c0'")
    (line,) = _alike("Z", "game.yaml:parameters.lot_labels[0]")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert result.errors == [
        f"{BAZAAR_PO.as_posix()}:{line}:1: error: de-DE: 'Z' translates 'A' as 'Z', a key of lot_colours left "
        "untranslated (game.yaml:parameters.lot_labels[0]): give it a word of its own"], result.err


def test_a_choice_translated_as_another_choice_left_in_place_is_said(deckpress):
    """Keys as `Maps`, beside Maps not translated: the German lots would have one collection for two. Said once, as
    a choice's (Maps keys the pictograms too)."""
    (line,) = _alike("Maps", "game.yaml:parameters.collections[2]")
    (empty,) = _alike("", "game.yaml:parameters.collections[3]")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert result.errors == [
        f"{BAZAAR_PO.as_posix()}:{empty}:1: error: de-DE: not translated yet (game.yaml:parameters.collections[3])",
        f"{BAZAAR_PO.as_posix()}:{line}:1: error: de-DE: 'Maps' translates 'Keys' as 'Maps', a choice of collection "
        "left untranslated (game.yaml:parameters.collections[2]): give it a word of its own"], result.err


def test_a_choice_translated_as_another_choice_s_source_word_translated_in_turn_is_no_finding(deckpress):
    """Keys as `Maps` and Maps as `Karten`: the German choices stay apart, so nothing is said (a translated choice
    does not stand in its source word's place)."""
    _alike("Maps", "game.yaml:parameters.collections[2]")
    _alike("Karten", "game.yaml:parameters.collections[3]")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 0, result.err


def test_a_choice_no_mapping_keys_translated_as_one_left_in_place_is_said() -> None:
    """A field's choices that key no mapping, drafted with --fallback-language (Maps printed in English): nothing
    else tells the two apart."""
    findings = Findings()
    root = parse_yaml("parameters:\n  kinds: [Keys, Maps]\ndecks:\n  lots:\n    fields:\n"
                      "      kind: {type: choice, from: kinds}\n", "game.yaml", findings)
    assert root is not None
    at = Loc("de-DE.po", 12)
    said = follow(root, {"kinds": [Given("Keys", "Maps", "game.yaml:parameters.kinds[0]", at)]}, "de-DE", findings)
    assert said == {"game.yaml:parameters.kinds[0]"}  # put back to Keys by its caller
    assert [str(f) for f in findings] == [
        "de-DE.po:12:1: error: de-DE: 'Maps' translates 'Keys' as 'Maps', a choice of kind left untranslated "
        "(game.yaml:parameters.kinds[0]): give it a word of its own"]


def test_two_free_texts_translated_alike_are_no_finding(deckpress):
    _alike("Karten", "game.yaml:components[lot-cards].title", "game.yaml:components[rules].title")
    result = deckpress("check", "pocket-bazaar")
    assert (result.status, result.errors) == (0, []), result.err


GREEK = FIXTURES / "greek"
HARBOUR = Path("content/greek-harbour/game.yaml")
needs_liblouis = pytest.mark.skipif(shutil.which("lou_translate") is None, reason="liblouis is not installed")


def _coded(code: str) -> None:
    """The fixture's cards given a tactile code: `code`, then a digit a card (1 to 6), in place of the fixture's
    own."""
    text = re.sub(r"(?m)^    tactile: .*\n", "", HARBOUR.read_text(encoding="utf-8"))
    HARBOUR.write_text(text.replace('    label: "{{ suit }} {{ rank }}"\n', '    label: "{{ suit }} {{ rank }}"\n'
                                    f'    tactile: "{code}{{{{ rank + (suit | length > 6) * 3 }}}}"\n'),
                       encoding="utf-8")


@needs_liblouis
def test_a_code_in_capitals_is_spelt_without_capital_signs_in_greek_braille(tmp_path, monkeypatch, capsys):
    run = fixture_game(GREEK, tmp_path, monkeypatch, capsys)
    _coded("AAAA")  # Greek braille would mark each capital Latin letter: 11 cells, more than a label holds
    status, errors = run("build")
    assert status == 0, errors
    greek = Path("build/greek-harbour-el-gr/greek-harbour-el-gr-tactile-labels.brf").read_text(encoding="ascii")
    codes = [line.split()[0] for line in greek.splitlines() if line.strip() and line[0] != " "]
    assert len(codes) == 6 and all(code.startswith(";AAAA#") for code in codes), codes  # a Latin sign, 4 letters
    english = Path("build/greek-harbour/greek-harbour-tactile-labels.brf").read_text(encoding="ascii")
    assert "AAAA#A" in english and ",," not in english  # no capital signs in English either


@needs_liblouis
def test_a_code_too_long_in_a_languages_braille_says_the_language_cells_and_what_to_do(tmp_path, monkeypatch,
                                                                                          capsys):
    run = fixture_game(GREEK, tmp_path, monkeypatch, capsys)
    _coded("A1A1A")  # each letter after a digit takes a sign: 12 cells in Greek braille
    status, errors = run("build")
    assert status == 1
    line = next(i for i, text in enumerate(HARBOUR.read_text(encoding="utf-8").splitlines(), 1) if "tactile:" in text)
    greek = [e for e in errors if "greek-harbour-el-gr (el-GR): tactile codes" in e]
    assert len(greek) == 1 and greek[0].startswith(f"{HARBOUR.as_posix()}:{line}:"), errors
    assert ("take more than the 10 braille cells a label holds in Greek braille (el.ctb): A1A1A1 takes 12, A1A1A2 "
            "takes 12, A1A1A3 takes 12 and 3 more: give the deck shorter codes in its `tactile:` template") in greek[0]


def test_two_codes_differing_only_in_case_are_one(deckpress):
    game = Path("content/pocket-bazaar/game.yaml")
    text = game.read_text(encoding="utf-8")
    old = 'tactile: "{{ collection[:1] }}{{ points }}"'
    assert old in text
    game.write_text(text.replace(old, "tactile: \"{{ 'l' if collection == 'Teacups' else collection[:1] }}"
                                      "{{ points }}\""), encoding="utf-8")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert "cards Lanterns 1 and Teacups 1 share the tactile code l1" in result.err, result.err


def test_a_component_title_the_slug_s_face_cannot_draw_is_a_finding(deckpress):
    game = Path("content/pocket-bazaar/game.yaml")
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("title: Lot cards,", "title: Lot cards \u2192 \u2605,"), encoding="utf-8")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    line = next(i for i, row in enumerate(game.read_text(encoding="utf-8").splitlines(), 1) if "id: lot-cards" in row)
    assert (f"content/pocket-bazaar/game.yaml:{line}:5: error: pocket-bazaar lot-cards, slug line: en-GB: Atkinson "
            "Hyperlegible has no glyph for U+2192 '\u2192', U+2605 '\u2605' (AtkinsonHyperlegible-Regular)"
            in result.err), result.err  # at the component whose title it is


def test_a_cell_refused_in_the_source_language_is_not_refused_again_in_its_translation(deckpress, tmp_path):
    """The German cards read the same cell: refused in English, it is one finding, not a second one listing the
    German collections (`one of Laternen, ...`) as if the sheet were written in them."""
    rows = lots()
    rows[1][rows[0].index("collection")] = "Lantrens"
    game_with(tmp_path, "csv", rows)
    result = deckpress("check", "pocket-bazaar")  # its texts, new PO entries, not translated yet: said as well
    assert result.status == 1
    assert [e.split(": error: ")[1] for e in result.errors if "Lantrens" in e] == [
        "cell A2: collection must be one of Lanterns, Teacups, Keys, Maps, got 'Lantrens'; did you mean 'Lanterns'?"]


def test_a_card_crossing_its_own_text_is_one_finding_for_every_paper_and_language(deckpress, tmp_path):
    """A card is the same on A4 and Letter, and its translation is the same card: one finding, said of the
    edition, naming each card once (the German `Laternen 1` is `Lanterns 1`)."""
    layouts = tmp_path / "my-layouts"
    shutil.copytree(LAYOUTS, layouts)
    card = layouts / "standard" / "lot-card.yaml"
    edit(card, "box_mm: [4, 26, 55, 6]", "box_mm: [4, 20, 55, 6]")  # points in words, over the collection
    result = deckpress("check", "pocket-bazaar", layouts=(layouts,))
    assert result.status == 1
    line = line_of(card, "name: points in words")
    assert result.errors == [
        f"{card}:{line}:5: error: pocket-bazaar lot-cards (standard edition): points in words: its text is crossed "
        "by the text of collection; move or shorten one of them, got '1 point' by 'Lanterns' on page 1 on card "
        "Lanterns 1 (cards Lanterns 1, Lanterns 2, Lanterns 3 and 21 more)"]
