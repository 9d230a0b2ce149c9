"""Every validation rule, each with a bad input and its exact message at file:line:col."""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pytest
from conftest import edit, in_source_language, line_of

GAME = Path("content/pocket-bazaar")
LOTS, GAME_YAML, RULES, SHEETS = GAME / "lots.yaml", GAME / "game.yaml", GAME / "rules.yaml", GAME / "sheets.yaml"


def check_errors(deckpress) -> list[str]:
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert "Traceback" not in result.err
    return result.errors


def test_the_real_content_is_valid(deckpress):
    result = deckpress("check")
    assert (result.status, result.errors) == (0, [])


# --- schema ------------------------------------------------------------------


def test_points_out_of_range(deckpress):
    edit(LOTS, "points: 6\n    flavour: The grand lantern", "points: 7\n    flavour: The grand lantern")
    line = line_of(LOTS, "points: 7")
    assert f"{LOTS}:{line}:13: error: points must be 1-6, got 7" in check_errors(deckpress)


def test_wrong_type(deckpress):
    edit(LOTS, "points: 2", "points: two")
    line = line_of(LOTS, "points: two")
    assert f"{LOTS}:{line}:13: error: points must be a whole number, got 'two'" in check_errors(deckpress)


def test_missing_required_key(deckpress):
    edit(LOTS, "    flavour: A steady light for late arrivals.\n", "")
    line = line_of(LOTS, "points: 2") - 1
    assert f"{LOTS}:{line}:5: error: lot is missing required key 'flavour'" in check_errors(deckpress)


@pytest.mark.parametrize(("written", "folder"), [("file: lots.yaml", "layouts"), ("rules: rules.yaml", "icons"),
                                                   ("sheets: sheets.yaml", "translations")])
def test_a_file_that_names_a_folder_is_said_where_it_is_written(deckpress, written, folder):
    """Said at the folder before (`content/pocket-bazaar/layouts:1:1: error: cannot read file: not a regular file`),
    a place in no file."""
    key = written.split(":")[0]
    edit(GAME_YAML, written, f"{key}: {folder}")
    line = line_of(GAME_YAML, f"{key}: {folder}")
    col = 1 + GAME_YAML.read_text(encoding="utf-8").splitlines()[line - 1].index(folder)
    assert check_errors(deckpress) == [f"{GAME_YAML}:{line}:{col}: error: '{folder}' is a folder, not a file"]


def test_a_deck_of_no_cards_is_a_finding_not_a_kit_without_a_page(deckpress, tmp_path):
    """`cards: []`, or a card sheet of its header alone: valid before, and the build ended in a traceback."""
    LOTS.write_text("cards: []\n", encoding="utf-8")
    line = line_of(GAME_YAML, "file: lots.yaml")
    assert f"{GAME_YAML}:{line}:11: error: deck lots holds no lots: lots.yaml gives none; a deck needs at least one" \
        in check_errors(deckpress)
    Path("content/pocket-bazaar/lots.csv").write_text("collection,points,flavour,reminder\n", encoding="utf-8")
    edit(GAME_YAML, "file: lots.yaml", "file: lots.csv")
    assert "error: deck lots holds no lots: lots.csv gives none" in "\n".join(check_errors(deckpress))
    result = deckpress("build", "--paper", "a4", "--jobs", "1")
    assert result.status == 1 and "Traceback" not in result.err and not Path("build").exists()


def test_an_icon_misspelt_in_a_parameter_is_one_finding_where_it_is_written(deckpress):
    """`pictograms: {Lanterns: lanternn}`: said at the parameter, once; it was said at the layout's element once a
    language (the German build's too), naming a card."""
    edit(GAME_YAML, "pictograms: {Lanterns: lantern,", "pictograms: {Lanterns: lanternn,")
    errors = [e for e in check_errors(deckpress) if "lanternn" in e]
    line = line_of(GAME_YAML, "pictograms: {Lanterns: lanternn,")
    assert len(errors) == 1 and errors[0].startswith(f"{GAME_YAML}:{line}:15: error: parameter pictograms: no icon "
                                                     f"'lanternn' (looked for lanternn.svg"), errors
    assert errors[0].endswith("did you mean 'lantern'?")
    shutil.copytree("content/pocket-bazaar", "content/two-bazaar")  # a game laid out later, its parameters unchanged
    edit(Path("content/two-bazaar/game.yaml"), "pictograms: {Lanterns: lanternn,", "pictograms: {Lanterns: lantern,")
    result = deckpress("check")
    said = [e for e in result.errors if "lanternn" in e]
    assert len(said) == 1 and said[0].startswith(f"{GAME_YAML}:{line}:15: "), said  # the game that misspells it


def test_a_parameter_a_card_lacks_is_said_at_its_own_game_s_parameter(deckpress):
    """A layout template reading a parameter by a card's value it lacks: said where that game sets the parameter,
    though the game's pages are laid out after another game has loaded (it was said at the other game's)."""
    shutil.copytree("content/pocket-bazaar", "content/two-bazaar")
    other = Path("content/two-bazaar/game.yaml")
    other.write_text("# a copy, its parameters two lines further down\n#\n" + other.read_text(encoding="utf-8"),
                     encoding="utf-8")
    back = Path("content/pocket-bazaar/layouts/standard/lot-back.yaml")
    edit(back, 'text: "The Pocket Bazaar"', 'text: "{{ pictograms[card.flavour] }}"')
    result = deckpress("check")
    said = [e for e in result.errors if "pictograms has no" in e]
    line = line_of(GAME_YAML, "pictograms: {")
    assert said and all(e.startswith(f"{GAME_YAML}:{line}:") for e in said), said


def test_a_game_without_a_title_is_a_finding_not_a_crash(deckpress):
    game = Path("content/pocket-bazaar/game.yaml")
    edit(game, "title: The Pocket Bazaar\n", "")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert result.errors == [f"{game}:2:1: error: game is missing required key 'title'"]


def test_unknown_key(deckpress):
    edit(LOTS, "    points: 3\n", "    points: 3\n    power: none\n")
    line = line_of(LOTS, "power: none")
    expected = (f"{LOTS}:{line}:5: error: unknown key 'power' in lot "
                "(expected: collection, points, flavour, reminder, copies)")
    assert expected in check_errors(deckpress)


def test_duplicate_key(deckpress):
    edit(LOTS, "    points: 4\n", "    points: 4\n    points: 5\n")
    line = line_of(LOTS, "points: 5")
    assert f"{LOTS}:{line}:5: error: duplicate key 'points' (first at line {line - 1})" in check_errors(deckpress)


def test_unknown_collection(deckpress):
    edit(LOTS, "collection: Maps", "collection: Mops")
    line = line_of(LOTS, "collection: Mops")
    expected = (f"{LOTS}:{line}:17: error: collection must be one of Lanterns, Teacups, Keys, Maps, got 'Mops'; "
                "did you mean 'Maps'?")
    assert expected in check_errors(deckpress)


def test_unknown_key_in_game_yaml(deckpress):
    edit(GAME_YAML, "language: en-GB\n", "language: en-GB\ncolour: red\n")
    line = line_of(GAME_YAML, "colour: red")
    prefix = f"{GAME_YAML}:{line}:1: error: unknown key 'colour' in game"
    assert any(e.startswith(prefix) for e in check_errors(deckpress))


def test_a_language_the_press_has_no_words_for_is_a_finding(deckpress):
    edit(GAME_YAML, "language: en-GB\n", "language: xx\n")
    line = line_of(GAME_YAML, "language: xx")
    expected = (f"{GAME_YAML}:{line}:11: error: language must be one the press has words for (en, de, fr, es, it, nl, "
                "el), got 'xx'")
    assert check_errors(deckpress) == [expected]


@pytest.mark.parametrize("tag", ["de", "de-DE", "fr-FR", "es-ES", "it-IT", "nl-NL", "el-GR"])
def test_a_language_the_press_has_words_for_is_taken_as_its_bcp_47_tag(deckpress, tag):
    edit(GAME_YAML, "language: en-GB\n", f"language: {tag}\n")
    result = deckpress("check", "pocket-bazaar")
    assert (result.status, result.errors) == (0, [])


# --- deck --------------------------------------------------------------------


def test_deck_must_have_exactly_24_lots(deckpress):
    text = LOTS.read_text(encoding="utf-8")
    LOTS.write_text(text[: text.rindex("  - collection: Maps")], encoding="utf-8")
    errors = check_errors(deckpress)
    count_line = line_of(GAME_YAML, "count: deck_size")
    assert f"{GAME_YAML}:{count_line}:12: error: deck lots must have exactly 24 cards, got 23" in errors
    deck_line = line_of(GAME_YAML, "  lots:")
    assert f"{GAME_YAML}:{deck_line}:3: error: deck lots has no card with collection Maps, points 6" in errors


def test_each_collection_holds_each_point_value_once(deckpress):
    edit(LOTS, "collection: Keys\n    points: 3", "collection: Keys\n    points: 2")
    errors = check_errors(deckpress)
    first, second = line_of(LOTS, "points: 2", 3), line_of(LOTS, "points: 2", 4)
    assert f"{LOTS}:{first - 1}:17: error: deck lots: Keys 2 appears twice (first at line {second - 2})" not in errors
    assert f"{LOTS}:{second - 1}:17: error: deck lots: Keys 2 appears twice (first at line {first - 1})" in errors
    deck_line = line_of(GAME_YAML, "  lots:")
    assert f"{GAME_YAML}:{deck_line}:3: error: deck lots has no card with collection Keys, points 3" in errors


def test_flavour_lines_are_unique(deckpress):
    edit(LOTS, "flavour: A steady light for late arrivals.", "flavour: A little lantern for a very small journey.")
    line = line_of(LOTS, "A little lantern", 2)
    first = line_of(LOTS, "A little lantern", 1)
    expected = (f"{LOTS}:{line}:14: error: deck lots: A little lantern for a very small journey. appears twice "
                f"(first at line {first - 2})")
    assert expected in check_errors(deckpress)


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ("reserve: 12", "reserve: 11", "that: dealt + reserve",
         "dealt (12) + reserve (11) must equal the deck size (24)"),
        ("rounds: 4\n", "rounds: 5\n", "that: rounds * lots_per_round",
         "rounds (5) x lots per round (3) must equal the dealt lots (12)"),
        ("short_lots: 9", "short_lots: 8", "that: short_rounds * lots_per_round",
         "the short game's 3 rounds need 9 lots, not 8"),
        ("short_rounds: 3\n  short_lots: 9", "short_rounds: 5\n  short_lots: 15", "that: short_lots <= dealt",
         "the short game (5 rounds, 15 lots) must fit in the dealt lots (12) and be shorter"),
        ("budget: 12", "budget: 5", "that: budget >= max_bid", "the budget (5) must allow the largest bid (6)"),
    ],
)
def test_parameter_checks(deckpress, old, new, needle, message):
    edit(GAME_YAML, old, new)
    line = line_of(GAME_YAML, needle)
    assert f"{GAME_YAML}:{line}:5: error: {message}" in check_errors(deckpress)


def test_rule_text_may_only_use_existing_parameters(deckpress):
    edit(RULES, "{{ budget }} imaginary tokens at the start", "{{ budgett }} imaginary tokens at the start")
    line = line_of(RULES, "budgett")
    col = RULES.read_text(encoding="utf-8").splitlines()[line - 1].index("budgett") + 1
    expected = f"{RULES}:{line}:{col}: error: no parameter 'budgett'; did you mean 'budget'?"
    assert expected in check_errors(deckpress)


def test_sheets_may_only_use_existing_parameters(deckpress):
    edit(SHEETS, "range(1, rounds + 1)", "range(1, round + 1)")
    line = line_of(SHEETS, "range(1, round + 1)")
    col = SHEETS.read_text(encoding="utf-8").splitlines()[line - 1].index("round + 1") + 1
    expected = f"{SHEETS}:{line}:{col}: error: no parameter 'round'; did you mean 'rounds'?"
    assert expected in check_errors(deckpress)


def test_templates_run_in_a_sandbox(deckpress):
    edit(RULES, "{{ deck_size }} printed lot cards", "{{ deck_size.__class__.__mro__ }} printed lot cards")
    line = line_of(RULES, "__mro__")
    expected = (f"{RULES}:{line}:9: error: template does something unsafe: "
                "access to attribute '__class__' of 'int' object is unsafe.")
    assert expected in check_errors(deckpress)


# --- print -------------------------------------------------------------------


def test_a_character_the_font_cannot_draw(deckpress):
    edit(LOTS, "A steady light for late arrivals.", "A steady light ★ for late arrivals.")
    line = line_of(LOTS, "★")
    expected = (f"{LOTS}:{line}:14: error: pocket-bazaar lot-cards, card 2 (Lanterns 2), flavour: en-GB: "
                "Atkinson Hyperlegible has no glyph for U+2605 '★' (AtkinsonHyperlegible-Regular)")
    assert expected in check_errors(deckpress)


def test_text_that_cannot_fit_its_box(deckpress):
    long = "A steady light for late arrivals, " * 8
    edit(LOTS, "A steady light for late arrivals.", long.strip())
    line = line_of(LOTS, "A steady light")
    expected = [f"{LOTS}:{line}:14: error: pocket-bazaar lot-cards, card 2 (Lanterns 2), flavour: text does not fit "
                f"its {box} box at the minimum size of {size} pt ({edition} edition)"
                for box, size, edition in (("55 x 12 mm", 7, "standard"), ("79 x 27 mm", 18, "large-print"))]
    assert check_errors(deckpress) == expected


def test_slightly_long_text_shrinks_instead(deckpress):
    edit(LOTS, "A steady light for late arrivals.",
         "A steady light for late arrivals, and for the hosts who wait up for them.")
    assert deckpress("check").status == 0


def test_all_findings_are_reported_in_one_run(deckpress):
    edit(LOTS, "points: 2", "points: 0")
    edit(LOTS, "collection: Maps", "collection: Mops")
    edit(GAME_YAML, "budget: 12", "budget: 5")
    edit(RULES, "{{ budget }} imaginary tokens at the start", "{{ nope }} imaginary tokens at the start")
    errors = check_errors(deckpress)
    for fragment in ("points must be 1-6, got 0", "got 'Mops'", "the budget (5)", "no parameter 'nope'"):
        assert any(fragment in e for e in errors), fragment
    assert deckpress("check", "pocket-bazaar").err.splitlines()[-1] == f"deckpress: {len(errors)} errors"


def test_layout_problems_are_findings(deckpress, tmp_path):
    layouts = tmp_path / "bad-layouts"
    standard = layouts / "standard"
    standard.mkdir(parents=True)
    (standard / "lot-card.yaml").write_text(
        "kind: card\nsize_mm: [63, 88]\ngrid: [3, 3]\nelements:\n"
        "  - name: flavour\n    field: flavour\n    box_mm: [4, 63, 55, 12]\n"
        "    style: {font: bold, size: 10, min_size: 4}\n",
        encoding="utf-8",
    )
    result = deckpress("check", layouts=(layouts, Path(__file__).parent.parent / "layouts"))
    assert result.status == 1
    shown = standard / "lot-card.yaml"
    assert result.errors == [f"{shown}:8:45: error: min_size must be at least the standard edition's 6 pt, got 4"]


def test_a_missing_layout_stops_the_build(deckpress):
    edit(GAME_YAML, "layout: lot-marker", "layout: lot-markers")
    line = line_of(GAME_YAML, "layout: lot-markers")
    expected = (f"{GAME_YAML}:{line}:5: error: layout 'lot-markers' not found for the standard edition; did you mean "
                "'lot-marker', 'lot-card' or 'lot-back'?")
    assert expected in check_errors(deckpress)


def test_a_plugin_names_the_fields_its_deck_must_declare(deckpress):
    game = Path("content/stone-market/game.yaml")
    edit(game, "      equations: {type: list, length: 5}\n", "")
    result = deckpress("check", "stone-market")
    assert result.status == 1
    deck_line = line_of(game, "  exchanges:")
    assert f"{game}:{deck_line}:3: error: stone-economy needs deck exchanges to declare the fields " \
           "equations" in result.errors


@pytest.mark.parametrize(("text", "says"), [
    ("{{ 'x' * 10**9 }}", "template does something unsafe: repeating a value 1000000000 long is too large"),
    ("{{ 9 ** 99999999 }}", "template does something unsafe: a number that large is not a count or a score"),
    ("{{ 1 / 0 }}", "template error: division by zero"),
    ("{% include 'lots.yaml' %}", "text cannot include 'lots.yaml': templates may not read files"),
])
def test_templates_that_would_hang_crash_or_read_files_are_findings(deckpress, text, says):
    edit(LOTS, "A steady light for late arrivals.", f'"{text}"')  # card text is a template too
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert any(e.endswith(says) for e in result.errors), result.errors


def test_a_sheet_row_repeated_over_something_not_a_list_is_a_finding(deckpress):
    sheets = Path("content/open-secret-exchange/sheets.yaml")
    edit(sheets, '{each: "range(1, 11)"', '{each: "11"')
    result = deckpress("check", "open-secret-exchange")
    assert result.status == 1
    line = line_of(sheets, 'each: "11"')
    col = sheets.read_text(encoding="utf-8").splitlines()[line - 1].index('"11"') + 1
    assert result.errors == [f"{sheets}:{line}:{col}: error: each must give a list of at most 500 rows, got 11"]


def test_a_text_and_a_parameter_written_as_dates_are_read_as_written(deckpress):
    """A flavour text of 2026-12-01 was refused as `datetime.date(2026, 12, 1)`, and a parameter of one was
    refused with a finding for each text reading it: each is the text written, and what it must be is said."""
    lots, game = Path("content/pocket-bazaar/lots.yaml"), Path("content/pocket-bazaar/game.yaml")
    in_source_language(game.parent)  # a text its translation does not yet print
    edit(lots, "    flavour: A little lantern for a very small journey.", "    flavour: 2026-12-01")
    edit(lots, "    points: 2\n", "    points: 2026-12-02\n")
    edit(game, "  teams: 4", "  teams: 4\n  market_day: 2026-12-05")
    rules = Path("content/pocket-bazaar/rules.yaml")
    edit(rules, "Planning estimate", "Market day {{ market_day }}. Planning estimate")
    result = deckpress("check", "pocket-bazaar")
    line = line_of(lots, "points: 2026-12-02")
    assert (result.status, result.errors) == (1, [f"{lots}:{line}:13: error: points must be a whole number, got "
                                                  f"'2026-12-02'"])


@pytest.mark.parametrize(("game", "old", "new", "says"), [
    ("pocket-bazaar", "  copies: teams", "  copies: none", "copies must be a whole number 1-100, got nothing"),
    ("open-secret-exchange", "  each: exchange_markets", "  each: none",
     "each must give a list of 1-100 items, one a copy, got nothing"),
    ("open-secret-exchange", "  each: exchange_markets", "  each: exchange_market",
     "no parameter 'exchange_market'; did you mean 'exchange_markets'?"),
    ("open-secret-exchange", "- each: turn_order", "- each: none",
     "each must give a list of at most 500 rows, got nothing"),
])
def test_a_sheet_or_row_repeated_over_nothing_is_one_finding_at_its_each(deckpress, game, old, new, says):
    """An expression that gives nothing (`none`) is a value like another: it passed as one plain copy (or no row) and
    the check was content; a copy's `each` that fails was followed by a finding for each text reading its item."""
    sheets = Path(f"content/{game}/sheets.yaml")
    edit(sheets, old, new)
    result = deckpress("check", game)
    line = line_of(sheets, new)
    col = sheets.read_text(encoding="utf-8").splitlines()[line - 1].index(new.split(": ")[1]) + 1
    assert (result.status, result.errors) == (1, [f"{sheets}:{line}:{col}: error: {says}"])


@pytest.mark.parametrize(("old", "new"), [
    ("          - each: market.turns", '          - each: "range(1, market.turns | length + market.first)"'),
    ("          - each: market.turns", '          - each: "range(market.count)"'),
    ('"Answer guide: Market {{ market.market }}"', '"Answer guide: Market {{ market.market + 1 }}"'),
    ('"Answer guide: Market {{ market.market }}"', '"Answer guide: Market {{ market.market | int }}"'),
])
def test_a_copys_each_that_fails_is_not_said_again_by_a_sum_over_its_item(deckpress, old, new):
    """A copy's `each` that failed left its item undefined, and a text working a sum or a number out of it was a
    second finding, 'text uses an undefined parameter: None is undefined', where nothing is wrong."""
    sheets = Path("content/open-secret-exchange/sheets.yaml")
    edit(sheets, "  each: exchange_markets", "  each: exchange_market")
    edit(sheets, old, new)
    result = deckpress("check", "open-secret-exchange")
    line = line_of(sheets, "  each: exchange_market")
    assert (result.status, result.errors) == (1, [f"{sheets}:{line}:9: error: no parameter 'exchange_market'; did "
                                                  f"you mean 'exchange_markets'?"])


@pytest.mark.parametrize("text", ["{{ 'x'.ljust(10**9) }}", "{{ 'x' | center(10**9) }}", "{{ '%0500000000d' % 1 }}",
                                  "{{ '{:>500000000}'.format(1) }}", "{{ [].pop() }}"])
def test_templates_that_would_build_huge_text_or_fail_are_findings(deckpress, text):
    edit(LOTS, "A steady light for late arrivals.", f'"{text}"')
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert any("template" in e for e in result.errors), result.errors


def test_large_numbers_still_format_as_text():
    from deckpress.findings import Findings, Loc
    from deckpress.templating import Templates

    findings = Findings()
    shown = Templates().render("{{ '{:,}'.format(budget) }} tokens, {{ budget | string | center(12) }}",
                               {"budget": 1_000_000}, Loc("game.yaml"), findings)
    assert (shown, list(findings)) == ("1,000,000 tokens,   1000000   ", [])


def test_a_card_file_name_the_file_system_cannot_take_is_a_finding(deckpress):
    game = Path("content/pocket-bazaar/game.yaml")
    edit(game, "file: lots.yaml", 'file: "lots\\0.yaml"')
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    line = line_of(game, 'file: "lots')
    assert result.errors == [f"content/pocket-bazaar/game.yaml:{line}:11: error: 'lots\\x00.yaml': a file's name "
                             "holds no control character (U+0000); remove it"]  # a name is never printed


def test_a_deck_listed_twice_in_one_component_is_a_finding(deckpress):
    """A deck is printed once a component: listed twice, its exports would make a second, empty deck."""
    game = Path("content/pocket-bazaar/game.yaml")
    edit(game, "kind: cards, deck: lots,", "kind: cards, decks: [lots, lots],")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert result.errors == [f"{game}:{line_of(game, 'decks: [lots, lots]')}:66: error: decks lists 'lots' twice: a "
                             f"deck is printed once a component"]


# --- texts printed as written --------------------------------------------------


def test_a_template_in_the_games_title_is_a_finding_not_braces_on_every_page(deckpress):
    """A title, a component's name, the publisher and the version are printed as written: nothing fills in a
    template there, and every slug, PDF title and catalogue entry would print its braces."""
    edit(GAME_YAML, "title: The Pocket Bazaar", 'title: "The {{ budget }} Bazaar"')
    edit(GAME_YAML, "title: Lot cards,", 'title: "Lot cards {# for now #}",')
    game, component = line_of(GAME_YAML, "The {{ budget }}"), line_of(GAME_YAML, "Lot cards {#")
    column = GAME_YAML.read_text(encoding="utf-8").splitlines()[component - 1].index('"Lot cards {#') + 1
    errors = check_errors(deckpress)
    assert f"{GAME_YAML}:{game}:8: error: title is printed as written: its '{{{{' would print on every page; write " \
           "the words themselves" in errors
    assert f"{GAME_YAML}:{component}:{column}: error: title is printed as written: its '{{#' would print on every " \
           "page; write the words themselves" in errors


def test_a_template_in_a_translated_title_is_said_at_its_po_entry(deckpress):
    po_path = GAME / "translations" / "de-DE.po"
    po = polib.pofile(str(po_path), wrapwidth=0)
    entry = po.find("The Pocket Bazaar", msgctxt="game.yaml:title")
    entry.msgstr = "Der {{ budget }} Taschenbasar"
    po.save(str(po_path))
    assert check_errors(deckpress) == [f"{po_path}:{entry.linenum}:1: error: title is printed as written: its '{{{{' "
                                       "would print on every page; write the words themselves"]
