"""Findings in the designer's words: one cause is one finding (naming the cards it is met on), a name not known
suggests the one meant, and text YAML reads as something else is explained with the exact fix."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import LAYOUTS, edit, line_of

from deckpress.cli import main
from deckpress.findings import Findings, Loc
from deckpress.hints.spelling import did_you_mean
from deckpress.templating import ORIGINS, Templates

GAME = Path("content/tidal/game.yaml")
CARDS = Path("content/tidal/cards.yaml")
RULES = Path("content/tidal/rules.yaml")
SHEETS = Path("content/tidal/sheets.yaml")
CARD = Path("content/tidal/layouts/standard/card.yaml")
LOC = Loc("layouts/standard/corner.yaml", 3, 5)


@pytest.fixture
def tidal(capsys, monkeypatch, tmp_path):
    """`deckpress check tidal` on a new game (`deckpress new tidal`), its sources edited by the test first."""
    shutil.copytree(LAYOUTS, tmp_path / "layouts")
    monkeypatch.chdir(tmp_path)
    assert main(["new", "tidal"]) == 0

    def check() -> list[str]:
        capsys.readouterr()
        assert main(["check", "tidal"]) == 1
        return [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]
    return check


def at(path: Path, needle: str, column_of: str | None = None, nth: int = 1) -> str:
    """`path:line:col` of the `nth` line holding `needle`, at `column_of` in it (default: its first character)."""
    line = line_of(path, needle, nth)
    text = path.read_text(encoding="utf-8").splitlines()[line - 1]
    return f"{path}:{line}:{text.index(column_of or needle) + 1}"


# --- a parameter mapping without a card's value ---------------------------------------------------------------


def test_a_palette_colour_removed_is_one_finding_naming_the_mapping_its_keys_and_the_cards(tidal):
    edit(GAME, "suit_colours: {Suns: sun-gold, Moons: moon-blue, Stars: star-violet}",
         "suit_colours: {Suns: sun-gold, Moons: moon-blue}")
    edit(GAME, "  - that: suit_colours | length == suits | length and", "  - that:")  # the game's own check, off
    where = at(GAME, "suit_colours: {", "{")
    assert tidal() == [f"{where}: error: suit_colours has no 'Stars' (looked up for "
                       "card.suit); it has Suns, Moons (cards Stars 1, Stars 2, Stars 3 and Stars 4)"]


KNOWN = "black, moon-blue, night, star-violet, sun-gold, white, or #rrggbb"


@pytest.mark.parametrize(("old", "new", "name", "known", "hint"), [
    ('  star-violet: "#5b2a86"\n', "", "star-violet", KNOWN.replace("star-violet, ", ""), ""),  # the palette lost it
    ("Stars: star-violet}", "Stars: star-violett}", "star-violett", KNOWN, "; did you mean 'star-violet'?"),
])
def test_a_colour_the_palette_lacks_given_by_a_mapping_is_one_finding_where_the_mapping_names_it(tidal, old, new,
                                                                                                  name, known, hint):
    edit(GAME, old, new)  # not a finding at each element of each edition's layout that looks the colour up
    where = at(GAME, "suit_colours: {", "star-violet")
    assert tidal() == [f"{where}: error: suit_colours gives Stars the colour '{name}', which the palette does not "
                       f"have (known: {known}){hint} (used by cards Stars 1, Stars 2, Stars 3 and Stars 4)"]


def test_a_missing_key_looked_up_for_one_card_names_the_card_and_suggests_the_key():
    templates, findings = Templates(), Findings()
    context = {"colours": {"Forest": "green", "Village": "ochre", "Farm": "gold"}, "card": {"land": "farm"},
               ORIGINS: {"colours": Loc("content/g/game.yaml", 9, 12)}}  # the game's parameters say where each is set
    source = "{{ colours[card.land] }}"
    assert templates.render_now(source, context, LOC, findings, "element band", "Tidal Flat") is None
    assert [str(g) for g in findings.grouped()] == [
        "content/g/game.yaml:9:12: error: card Tidal Flat, colours has no 'farm' (looked up for card.land); it has "
        "Forest, Village, Farm; did you mean 'Farm'?"]


def test_a_missing_key_of_a_mapping_the_game_does_not_set_is_said_where_it_is_read():
    templates, findings = Templates(), Findings()
    context = {"names": {"a": 1}, "card": {"key": "b"}}
    assert templates.render_now("{{ names[card.key] }}", context, LOC, findings, "element x", "Anchors 1") is None
    assert [str(f) for f in findings] == [
        f"{LOC}: error: card Anchors 1, element x: names has no 'b' (looked up for card.key); it has a"]


def test_a_mapping_field_of_the_card_without_the_key_names_the_field_and_its_keys():
    templates, findings = Templates(), Findings()
    context = {"card": {"prices": {"tee": "1"}}}
    assert templates.render_now("{{ card.prices.tea }}", context, LOC, findings, "element price", "Anchors 1") is None
    assert [str(f) for f in findings] == [f"{LOC}: error: card Anchors 1, element price: card.prices has no 'tea'; it "
                                          "has tee; did you mean 'tee'?"]


def test_an_undefined_name_in_the_deck_label_is_one_finding_at_the_label_naming_the_cards(tidal):
    edit(GAME, 'label: "{{ suit }} {{ rank }}"', 'label: "{{ sut }} {{ rank }}"')
    assert tidal() == [f"{at(GAME, 'label: ', 'sut')}: error: label: no parameter 'sut'; did you mean 'suit'? (cards "
                       "1, 2, 3 and 9 more)"]


# --- a value out of range is one finding -----------------------------------------------------------------------


def _timed(time_of_moons_2: int) -> None:
    """Every card gets a `time` 0-2, and the game checks their sum and their most."""
    edit(GAME, "      rank: {type: int, min: 1, max: 4}\n",
         "      rank: {type: int, min: 1, max: 4}\n      time: {type: int, min: 0, max: 2}\n")
    edit(GAME, "checks:\n", "checks:\n  - that: decks.cards.cards | sum(attribute='time') >= 6\n"
                            "    message: not enough time\n"
                            "  - that: (decks.cards.cards | map(attribute='time') | max) <= 2\n"
                            "    message: too much time\n")
    text = CARDS.read_text(encoding="utf-8").replace("}\n", ", time: 1}\n")
    CARDS.write_text(text.replace("{suit: Moons, rank: 2, time: 1}", f"{{suit: Moons, rank: 2, time: "
                                                                     f"{time_of_moons_2}}}"), encoding="utf-8")


def test_a_value_out_of_range_that_checks_sum_is_one_finding(tidal):
    _timed(3)
    assert tidal() == [f"{at(CARDS, 'time: 3', '3}')}: error: time must be 0-2, got 3"]


def test_a_rank_out_of_range_is_not_also_a_hole_in_the_grid(tidal):
    edit(CARDS, "{suit: Stars, rank: 2}", "{suit: Stars, rank: 7}")
    assert tidal() == [f"{at(CARDS, 'rank: 7', '7}')}: error: rank must be 1-4, got 7"]


def test_a_check_over_fields_every_card_has_right_still_speaks(tidal):
    _timed(3)
    edit(GAME, "checks:\n", "checks:\n  - that: decks.cards.cards | length == 13\n    message: thirteen cards\n")
    assert tidal() == [f"{at(CARDS, 'time: 3', '3}')}: error: time must be 0-2, got 3",
                       f"{at(GAME, 'that: decks.cards.cards | length', 'that')}: error: thirteen cards"]


def test_a_value_out_of_range_is_not_said_again_by_the_games_own_checks_in_python(deckpress):
    wares = Path("content/stone-market/wares.yaml")
    edit(wares, "{stones: A J O P R, stars: 0}", "{stones: A J O P R, stars: 3}")  # star_counts no longer add up
    result = deckpress("check", "stone-market")
    assert result.errors == [f"{at(wares, 'stars: 3', '3}')}: error: stars must be 0-2, got 3"]


def test_a_sum_of_nothing_says_no_word_about_the_order_of_filters():
    templates, findings = Templates(), Findings()
    assert templates.evaluate("x + 1", {"x": None}, LOC, findings) is None
    assert templates.evaluate("x > 1", {"x": "one"}, LOC, findings) is None
    assert [f.message for f in findings] == ["'+' cannot take nothing and a number",
                                             "'>' cannot compare text with a number"]


# --- a field defined wrongly is still a field ------------------------------------------------------------------


@pytest.mark.parametrize(("definition", "column_of", "message"), [
    ("{type: integer, min: 1, max: 4}", "integer", "type must be one of text, code, int, choice, list, map, cells, "
                                                   "got 'integer'; did you mean 'int'?"),
    ("int", "int", "field rank must be a mapping, got 'int'")])
def test_a_field_defined_wrongly_is_one_finding_not_one_a_card_and_a_layout(tidal, definition, column_of, message):
    """Its name is still known: the cards giving it, the label, the grid and the layouts reading it say nothing."""
    edit(GAME, "rank: {type: int, min: 1, max: 4}", f"rank: {definition}")
    assert tidal() == [f"{at(GAME, f'rank: {definition}', column_of)}: error: {message}"]


def test_a_field_written_beside_fields_not_under_it_is_one_finding(tidal):
    edit(GAME, "      rank: {type: int, min: 1, max: 4}\n", "      rank: {type: int, min: 1, max: 4}\n"
                                                          "    note: {type: text}\n")
    edit(CARDS, "{suit: Suns, rank: 1}", "{suit: Suns, rank: 1, note: Leads}")
    CARD.write_text(CARD.read_text(encoding="utf-8") + "  - {name: note, text: '{{ card.note }}', box_mm: [4, 70, 30, "
                                                       "9], style: {font: regular, size: 9}}\n", encoding="utf-8")
    assert tidal() == [f"{at(GAME, 'note: {type: text}', 'note')}: error: deck cards: field 'note' is written beside "
                       "'fields:', not under it; indent it under fields"]


# --- did you mean ----------------------------------------------------------------------------------------------


def test_british_and_us_spellings_are_one_name():
    assert did_you_mean("color", ["colour", "valign", "rotate"]) == "; did you mean 'colour'?"
    assert did_you_mean("center", ["left", "centre", "right"]) == "; did you mean 'centre'?"
    assert did_you_mean("Background-Color", ["background-colour"]) == "; did you mean 'background-colour'?"
    assert did_you_mean("zzz", ["colour"]) == ""


MISSPELT = [  # (file, text, the same misspelt, the line and column the finding points at, what it says)
    (CARD, "    valign: middle\n", "    color: white\n", ("color: white", "color"), "unknown key 'color' in element "
     "(expected: name, box_mm, index, style, valign, colour, rotate, when, field, text); did you mean 'colour'?"),
    (CARDS, "{suit: Suns, rank: 2}", "{suit: Suns, rnak: 2}", ("rnak: 2", "rnak"),  # and not also 'rank' missing
     "unknown key 'rnak' in card (expected: suit, rank, copies); did you mean 'rank'?"),
    (GAME, "grid: [suit, rank]", "grid: [suit, rnak]", ("grid: [suit, rnak]", "rnak"),
     "deck cards names field 'rnak' that it does not define; did you mean 'rank'?"),
    (GAME, "grid: [suit, rank]", "grid: [suit, rank]\n    unique: {fields: [rnak]}", ("fields: [rnak]", "rnak"),
     "deck cards names field 'rnak' that it does not define; did you mean 'rank'?"),
    (GAME, "grid: [suit, rank]", "grid:\n      - suit\n      - rnak", ("- rnak", "rnak"),
     "deck cards names field 'rnak' that it does not define; did you mean 'rank'?"),
    (CARD, "align: centre}", "align: center}", ("align: center", "center"),
     "align must be one of left, centre, right, got 'center'; did you mean 'centre'?"),
    (GAME, "\ncolours:\n", "\ncolors:\n", ("colors:", "colors"),  # and not a finding at every colour it gives
     "unknown key 'colors' in game (expected: title, publisher, subject, language, languages, editions, parameters, "
     "icons, translated, decks, checks, components, plugins, rules, sheets, print, colours, version, date, back, "
     "players, playing_time, supplies); did you mean 'colours'?"),
]


@pytest.mark.parametrize(("path", "text", "misspelt", "place", "message"), MISSPELT)
def test_a_name_misspelt_is_one_finding_suggesting_the_one_meant(tidal, path, text, misspelt, place, message):
    edit(path, text, misspelt)
    assert tidal() == [f"{at(path, *place)}: error: {message}"]


def test_an_unknown_colour_and_icon_suggest_the_one_meant(tidal):
    edit(CARD, "    colour: white\n", "    colour: nite\n")
    edit(GAME, "Suns: sun, Moons: moon", "Suns: sunn, Moons: moon")
    assert tidal() == [  # the icon's name said where it is written: the parameter the element reads it from
        f"{at(GAME, 'Suns: sunn', '{Suns')}: error: parameter suit_icons: no icon 'sunn' "
        "(looked for sunn.svg and sunn.png in content/tidal/icons, content/tidal/layouts/icons, layouts/icons); did "
        "you mean 'sun'?",
        f"{at(CARD, 'colour: nite', 'nite')}: error: tidal cards, cards Suns 1, Suns 2, Suns 3 and 9 more, "
        "element suit: no colour 'nite' (known: black, moon-blue, night, star-violet, sun-gold, white, or "
        "#rrggbb); did you mean 'white' or 'night'?"]


def test_an_unknown_layout_suggests_the_one_meant(tidal):
    edit(GAME, "layout: card}", "layout: crad}")
    assert tidal() == [f"{at(GAME, 'layout: crad', '{id: cards')}: error: layout 'crad' not found for the {edition} "
                       "edition; did you mean 'card'?" for edition in ("standard", "large-print")]


def test_a_component_naming_a_deck_not_defined_suggests_the_one_meant(tidal):
    edit(GAME, "kind: cards, deck: cards,", "kind: cards, deck: crads,")
    assert tidal() == [f"{at(GAME, 'deck: crads', '{id: cards')}: error: component cards names deck 'crads', which "
                       "the game does not define; did you mean 'cards'?"]


def test_a_component_naming_a_sheet_not_defined_suggests_the_one_meant(tidal):
    edit(GAME, "sheet: score-sheet, layout", "sheet: scor-sheet, layout")
    assert tidal() == [f"{at(GAME, 'sheet: scor-sheet', '{id: score')}: error: component score-sheet names sheet "
                       "'scor-sheet', which the game does not define; did you mean 'score-sheet'?"]


def test_an_undefined_name_in_a_layout_on_every_card_is_one_finding_naming_the_cards(tidal):
    edit(CARD, 'of {{ card.suit }}"', 'of {{ sut }}"')
    assert tidal() == [f"{at(CARD, 'of {{ sut }}', 'sut')}: error: element rank in words: no parameter 'sut'; did "
                       "you mean 'suits'? (cards Suns 1, Suns 2, Suns 3 and 9 more)"]


QUOTE = '"'  # where a quoted value starts: its opening quote
MIXED = ("cannot take {} and {}: a filter applies before + - * /, so `x | length - 1 | words` reads as `x | length - "
         "(1 | words)`; write `(x | length - 1) | words` (cards Suns 1, Suns 2, Suns 3 and 9 more)")


def test_a_when_text_or_fill_that_fails_on_a_card_is_said_at_that_keys_value(tidal):
    """Each was said at the element's first line (`- name: rank`), whichever of its keys was to change: now at the
    key's value (its opening quote)."""
    edit(CARD, 'text: "{{ card.rank }}"\n    index: true\n    colour', 'text: "{{ card.rank + card.suit }}"\n'
                                                                 '    index: true\n    colour')
    edit(CARD, 'fill: "{{ suit_colours[card.suit] }}"', 'fill: "{{ suit_colours[card.suit] - 1 }}"')
    edit(CARD, "    colour: white\n", '    colour: white\n    when: "{{ card.suit }}"\n')
    edit(CARD, "    valign: middle\n    style: {font: regular", "    when: \"{{ card.rank + 'x' }}\"\n    valign: "
                                                               "middle\n    style: {font: regular")
    assert tidal() == [
        f"{at(CARD, 'card.rank + card.suit', QUOTE)}: error: element rank: '+' {MIXED.format('a number', 'text')}",
        f"{at(CARD, 'fill: ', QUOTE)}: error: element band, fill: '-' {MIXED.format('text', 'a number')}",
        f"{at(CARD, 'when: ', QUOTE)}: error: element suit: when must give true or false, got 'Suns' on card Suns 1 "
        "(cards Suns 1, Suns 2, Suns 3 and 9 more)",
        f"{at(CARD, 'when: ', QUOTE, 2)}: error: element rank in words: '+' {MIXED.format('a number', 'text')}"]


def test_a_field_the_cards_lack_is_said_at_the_elements_field_value(tidal):
    edit(CARD, "    field: suit\n", "    field: siut\n")
    assert tidal() == [f"{at(CARD, 'field: siut', 'siut')}: error: layout element suit names field 'siut' that the "
                       "card lacks"]


def test_a_template_that_does_not_compile_is_one_finding_at_its_value_not_one_a_card(tidal):
    """A syntax error is the text's, whatever the card: it was said at `- name:`, listing every card."""
    edit(CARD, 'of {{ card.suit }}"', 'of {{ card.suit }"')
    edit(CARD, "    colour: white\n", '    colour: white\n    when: "{{ card.suit == }}"\n')
    edit(CARD, 'icon: "{{ suit_icons[card.suit] }}"', 'icon: "{{ suit_icons[card.suit] | icn }}"')
    assert tidal() == [
        f"{at(CARD, '| icn', 'icn')}: error: element suit icon: no filter 'icn'; did you mean 'min' or "
        "'int'?",
        f"{at(CARD, 'when: ', QUOTE)}: error: element suit: template syntax: unexpected 'end of print statement'",
        f"{at(CARD, 'of {{ card.suit }', QUOTE)}: error: element rank in words: template syntax: unexpected '}}'"]


@pytest.mark.parametrize(("written", "name", "said"), [
    ("{{ card.suit }} {{ cycles }}", "cycles", "no parameter 'cycles'"),  # not Jinja's cycler
    ("{{ card.siut }}", "siut", "no field 'siut'; did you mean 'suit'?"),  # from the card's fields
    ("{{ prodcut(suits, suits) }}", "prodcut", "no parameter 'prodcut'; did you mean 'product'?"),  # the press's
    ("{{ rnage(1, 3) | join }}", "rnage", "no parameter 'rnage'; did you mean 'range'?")])  # Jinja's, as the guide
def test_a_name_not_known_in_a_layout_is_suggested_from_the_games_and_the_presss_names(tidal, written, name, said):
    edit(CARD, 'of {{ card.suit }}"', f'of {written}"')
    assert tidal() == [f"{at(CARD, written, name)}: error: element rank in words: {said} (cards Suns 1, Suns 2, "
                       "Suns 3 and 9 more)"]


def test_a_deck_label_naming_a_field_the_deck_has_not_suggests_none_of_jinjas_names(tidal):
    """`name` is no field of tidal's: Jinja's `namespace` is no name the designer meant."""
    edit(GAME, 'label: "{{ suit }} {{ rank }}"', 'label: "{{ name }}"')
    assert tidal() == [f"{at(GAME, 'label: ', 'name')}: error: label: no parameter 'name' (cards 1, 2, 3 and 9 more)"]


# --- a file misspelt -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "misspelt", "meant"), [
    ("file: cards.yaml", "file: card.yaml", "cards.yaml"),
    ("file: cards.yaml", "file: pool.csv", "pools.csv"),  # a spreadsheet's cards
    ("rules: rules.yaml", "rules: rule.yaml", "rules.yaml"),
    ("sheets: sheets.yaml", "sheets: sheet.yaml", "sheets.yaml")])
def test_a_file_misspelt_is_said_where_it_is_named_suggesting_the_one_meant(tidal, text, misspelt, meant):
    """Not at the file that is not there (`content/tidal/pool.csv:1:1: cannot read file`)."""
    rows = "".join(f"{suit},{rank}\n" for suit in ("Suns", "Moons", "Stars") for rank in range(1, 5))
    Path("content/tidal/pools.csv").write_text("suit,rank\n" + rows, encoding="utf-8")
    edit(GAME, text, misspelt)
    name = misspelt.split(": ")[1]
    assert tidal() == [f"{at(GAME, misspelt, name)}: error: no file '{name}' in content/tidal; did you mean "
                       f"'{meant}'?"]


# --- YAML traps ------------------------------------------------------------------------------------------------


TIES = "the trick. Ties go to the player who played first."
TRAPS = [  # (file, text, the same written unquoted, where the finding points, what YAML made of it, the fix)
    (RULES, "      - A score sheet and a pen\n", "      - :sun: earns a point\n", ":sun: earns",
     "':sun:' as a mapping", '- ":sun: earns a point"'),
    (RULES, "    text: Highest rank takes the trick.", "    text: :sun: takes the trick.", ":sun: takes",  # parse error
     "':sun:' as a mapping", f'text: ":sun: takes {TIES}"'),
    (CARD, "    box_mm: [4, 56, 55, 9]\n", "    box_mm: [4, 56, 55, 9]\n  - {name: x, text: :sun: earns, box_mm: [1, "
     "1, 5, 5]}\n", ":sun: earns", "':sun:' as a mapping", 'text: ":sun: earns"'),  # in braces
    (CARD, '"{{ card.rank | words | capitalize }} of {{ card.suit }}"',
     "{{ card.rank | words | capitalize }} of {{ card.suit }}", "{{ card.rank | words", "'{' as a mapping",
     'text: "{{ card.rank | words | capitalize }} of {{ card.suit }}"'),  # values read, then a parse error: once
    (CARD, '"{{ card.rank | words | capitalize }} of {{ card.suit }}"', "{{ card.suit }}", "{{ card.suit }}",
     "'{' as a mapping", 'text: "{{ card.suit }}"'),  # a mapping keyed by a mapping: once
    (RULES, "    text: Highest rank takes the trick.", "    text: [Highest rank] takes the trick.", "[Highest",
     "'[' as a list", f'text: "[Highest rank] takes {TIES}"'),
    (SHEETS, '- heading: "Tidal score sheet"', "- heading: :sun: Tidal score sheet", ":sun: Tidal",  # a parse error:
     "':sun:' as a mapping", 'heading: ":sun: Tidal score sheet"'),  # not also its sheet said not defined
    (RULES, "    text: Highest rank takes the trick.", "    text: Highest :sun: takes the trick.", "Highest :sun:",
     None, f'text: "Highest :sun: takes {TIES}"'),  # an icon within: YAML's words were all it said
]


@pytest.mark.parametrize(("path", "text", "unquoted", "needle", "read_as", "fix"), TRAPS)
def test_text_yaml_reads_as_something_else_is_explained_with_the_fix(tidal, path, text, unquoted, needle, read_as,
                                                                    fix):
    edit(path, text, unquoted)
    read = f"a value starting with {read_as}" if read_as else "the ': ' that ends ':sun:' as a key's end, inside a text"
    assert tidal() == [f"{at(path, needle)}: error: YAML reads {read}; put the text in quotes: {fix}"]


# --- choices ---------------------------------------------------------------------------------------------------


def test_a_choice_given_as_a_number_is_its_text_and_the_other_way_round(tidal):
    edit(GAME, "  players: 2\n", "  players: 2\n  levels: ['1', '2']\n  tiers: [1, 2]\n")
    edit(GAME, "      rank: {type: int, min: 1, max: 4}\n",
         "      rank: {type: int, min: 1, max: 4}\n      level: {type: choice, from: levels}\n"
         "      tier: {type: choice, from: tiers}\n")
    CARDS.write_text(CARDS.read_text(encoding="utf-8").replace("}\n", ", level: 2, tier: '1'}\n"), encoding="utf-8")
    edit(GAME, "  - that: players >= 2\n", "  - that: decks.cards.cards | selectattr('level', 'eq', '2') | "
                                          "selectattr('tier', 'eq', 1) | list | length == 11\n")
    assert tidal() == [f"{at(GAME, 'selectattr(', 'that')}: error: Tidal needs at least 2 players, got 2"]  # all 12


def test_a_wrong_choice_on_many_cards_is_one_finding_naming_them(tidal):
    CARDS.write_text(CARDS.read_text(encoding="utf-8").replace("suit: Suns", "suit: Sun"), encoding="utf-8")
    edit(CARDS, "{suit: Moons, rank: 3}", "{suit: 3, rank: 3}")
    assert tidal() == [f"{at(CARDS, 'suit: Sun,', 'Sun,')}: error: suit must be one of Suns, Moons, Stars, got "
                       "'Sun'; did you mean 'Suns'? (cards 1, 2, 3 and 4)",
                       f"{at(CARDS, 'suit: 3', '3,')}: error: suit must be one of Suns, Moons, Stars, got 3"]


def test_a_wrong_choice_among_many_options_lists_a_few_and_names_their_parameter(tidal):
    """2,000 options: the finding stays a line (its parameter named for the rest), made once for every card."""
    edit(GAME, "  players: 2\n", "  players: 2\n  levels: [" + ", ".join(f"L{n}" for n in range(2000)) + "]\n")
    edit(GAME, "      rank: {type: int, min: 1, max: 4}\n",
         "      rank: {type: int, min: 1, max: 4}\n      level: {type: choice, from: levels}\n")
    CARDS.write_text(CARDS.read_text(encoding="utf-8").replace("}\n", ", level: nope}\n"), encoding="utf-8")
    shown = ", ".join(f"L{n}" for n in range(12))
    assert tidal() == [f"{at(CARDS, 'level: nope', 'nope')}: error: level must be one of {shown} and 1988 more of "
                       f"levels, got 'nope' (cards 1, 2, 3 and 9 more)"]


def test_an_icon_a_cards_text_names_that_no_file_has_is_said_where_the_card_writes_it(tidal):
    """It was said at the layout element printing the field (card.yaml:35:5), where nothing is to change."""
    edit(GAME, "rank: {type: int, min: 1, max: 4}", "rank: {type: int, min: 1, max: 4}\n      note: {type: text, "
                                                    "default: Plain}")
    edit(CARDS, "{suit: Moons, rank: 3}", '{suit: Moons, rank: 3, note: "Wins :tide: ties"}')
    for edition in ("standard", "large-print"):
        edit(Path(f"content/tidal/layouts/{edition}/card.yaml"),
             "text: \"{{ card.rank | words | capitalize }} of {{ card.suit }}\"", "text: \"{{ card.note }}\"")
    value = '"Wins'  # the card's note, where it writes the icon
    assert tidal() == [f"{at(CARDS, ':tide:', value)}: error: tidal cards, card 7 (Moons 3), note: no icon 'tide' "
                       "(looked for tide.svg and tide.png in content/tidal/icons, content/tidal/layouts/icons, "
                       "layouts/icons)"]


def test_an_icon_the_rules_name_that_no_file_has_is_said_where_the_rules_write_it(tidal):
    """It was said at the top of the file (rules.yaml:2:1, its first key), whichever text of the rules named it."""
    edit(RULES, "Take the highest card.", "Take the highest :crad:.")
    edit(RULES, "Suns :sun:, Moons", "Suns :sunn:, Moons")
    words = "(looked for {0}.svg and {0}.png in content/tidal/icons, content/tidal/layouts/icons, layouts/icons)"
    quote = '"'  # the tagline's value, and the section's text (`text: >-`), where each is written
    assert tidal() == [
        f"{at(RULES, ':crad:', quote)}: error: tidal rules, tagline: no icon 'crad' {words.format('crad')}",
        f"{at(RULES, 'text: >-', '>-')}: error: tidal rules, section 'The cards': no icon 'sunn' "
        f"{words.format('sunn')}; did you mean 'sun'?"]
