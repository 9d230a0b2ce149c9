"""Control characters (a terminal escape, a bidirectional override) in a source are refused with a finding where
they stand, and every message prints them escaped: a source file can never drive the designer's terminal."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest
from conftest import in_source_language, line_of

from deckpress.findings import Findings, Loc, escaped

GAME_YAML = Path("content/pocket-bazaar/game.yaml")
ESC = "\x1b"


@pytest.mark.parametrize(("written", "code"), [("\\e[2J", "U+001B"), ("\\u202e", "U+202E"), ("\\x07", "U+0007"),
                                               ("\\x9b", "U+009B"), ("\\u200f", "U+200F"), ("\\u061c", "U+061C")])
def test_a_control_character_in_a_value_is_a_finding_where_it_stands(deckpress, written, code):
    text = GAME_YAML.read_text(encoding="utf-8")
    title = next(line for line in text.splitlines() if line.startswith("title:"))
    GAME_YAML.write_text(text.replace(title, f'title: "The Pocket{written} Bazaar"', 1), encoding="utf-8")
    in_source_language(GAME_YAML.parent)  # the English title's own finding, not its translations' going stale
    result = deckpress("check", "pocket-bazaar")
    line = line_of(GAME_YAML, "title: ")
    assert result.status == 1
    assert result.errors == [f"content/pocket-bazaar/game.yaml:{line}:8: error: text holds a control character "
                             f"({code}), which would print as nothing or change what a reader shows; remove it"]
    assert ESC not in result.err and "\u202e" not in result.err


def test_a_control_character_in_the_publisher_stops_the_build_before_any_epub(deckpress):
    text = GAME_YAML.read_text(encoding="utf-8")
    publisher = next(line for line in text.splitlines() if line.startswith("publisher:"))
    GAME_YAML.write_text(text.replace(publisher, 'publisher: "Round\\x0b & Revel"', 1), encoding="utf-8")
    result = deckpress("build", "pocket-bazaar", "--paper", "a4")
    assert result.status == 1 and "(U+000B)" in result.err
    assert not Path("build").exists()


def test_every_message_prints_a_control_character_escaped(deckpress):
    (Path("content") / f"bad{ESC}[2Jgame").mkdir()
    (Path("content") / f"bad{ESC}[2Jgame" / "game.yaml").write_text("title: x\n", encoding="utf-8")
    result = deckpress("check")
    assert result.status == 2 and ESC not in result.err
    assert "deckpress: content/bad\\x1b[2Jgame: error: a game's folder name is its id" in result.err


def test_escaped_writes_the_escape_and_keeps_text_tabs_and_newlines():
    assert escaped("a\x1b[31mb\u202ec\td\ne\x7f") == "a\\x1b[31mb\\u202ec\td\ne\\x7f"
    findings = Findings()
    findings.error(Loc("cards.csv", 2, 3), "cell says 'x\x1b]0;pwned\x07'")
    assert str(findings[0]) == "cards.csv:2:3: error: cell says 'x\\x1b]0;pwned\\x07'"


@pytest.mark.parametrize("deck_id", ["../lots", "lots/x", "Lots", "l" * 65])
def test_a_deck_id_that_could_not_name_a_file_is_a_finding_where_it_is_written(deckpress, deck_id):
    text = GAME_YAML.read_text(encoding="utf-8")
    GAME_YAML.write_text(text.replace("\n  lots:", f'\n  "{deck_id}":', 1), encoding="utf-8")
    result = deckpress("check", "pocket-bazaar")
    line = line_of(GAME_YAML, f'"{deck_id}":')
    assert result.status == 1 and "Traceback" not in result.err
    said = (f"content/pocket-bazaar/game.yaml:{line}:3: error: a deck id names its files, so it is lowercase "
            f"letters, digits and hyphens, at most 64 characters, got '{deck_id[:30]}")
    assert [e for e in result.errors if e.startswith(said)]


def test_a_control_character_in_a_spreadsheet_cell_is_a_finding_at_its_cell(tmp_path):
    from test_spreadsheets import errors, game_with, lots

    rows = lots()
    rows[3][0] = "Ke\x1bys"  # once said and taken out, the cell reads Keys: one cause, one finding
    game = game_with(tmp_path, "csv", rows)
    assert errors(game) == ["content/pocket-bazaar/lots.csv:4:1: error: cell A4: text holds a control character "
                            "(U+001B), which would print as nothing or change what a reader shows; remove it"]


def test_a_control_character_in_a_translation_is_a_finding_at_its_entry(deckpress):
    po_path = GAME_YAML.parent / "translations/de-DE.po"
    po = polib.pofile(str(po_path))
    entry = next(e for e in po if e.msgstr and not e.fuzzy and not e.msgid_plural)
    entry.msgstr = "Ein \u202eAuktionsspiel"
    po.save()
    line = polib.pofile(str(po_path)).find(entry.msgid, msgctxt=entry.msgctxt).linenum
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1 and "\u202e" not in result.err
    assert result.errors == [f"content/pocket-bazaar/translations/de-DE.po:{line}:1: error: de-DE: the translation "
                             "holds a control character (U+202E), which would print as nothing or change what a "
                             f"reader shows ({entry.msgctxt}); remove it"]


def test_a_file_name_with_a_nul_is_said_once_as_written(deckpress):
    """The NUL said where it stands and taken out, the name read `lotsx.yaml` was said missing a second time."""
    text = GAME_YAML.read_text(encoding="utf-8")
    GAME_YAML.write_text(text.replace("file: lots.yaml", 'file: "lo\\0tsx.yaml"', 1), encoding="utf-8")
    result = deckpress("check", "pocket-bazaar")
    line = line_of(GAME_YAML, "file: ")
    assert result.status == 1 and "\0" not in result.err
    assert result.errors == [f"content/pocket-bazaar/game.yaml:{line}:11: error: no file 'lo\\x00tsx.yaml' in "
                             "content/pocket-bazaar: a file's name holds no control character (U+0000); remove it"]


def test_a_file_name_too_long_for_the_system_is_said_so_where_it_is_written(deckpress):
    text = GAME_YAML.read_text(encoding="utf-8")
    GAME_YAML.write_text(text.replace("file: lots.yaml", f"file: {'x' * 5000}.yaml", 1), encoding="utf-8")
    result = deckpress("check", "pocket-bazaar")
    line = line_of(GAME_YAML, "file: x")
    assert result.status == 1 and "Traceback" not in result.err
    assert result.errors == [f"content/pocket-bazaar/game.yaml:{line}:11: error: '{'x' * 40}…' is a name too long "
                             "for the file system (at most 255 bytes a name, 4,095 a path); name a file with a "
                             "shorter one"]


@pytest.mark.parametrize(("written", "said"), [
    ('"\\0"', "text holds a control character (U+0000), which would print as nothing or change what a reader "
              "shows; remove it"),  # a name of control characters alone: nothing left to say missing
    ('"lo\\nts.yaml"', "no file 'lo\\x0ats.yaml' in content/pocket-bazaar; did you mean 'lots.yaml'?"),
    ('"icons\\0"', "'icons\\x00' is a folder, not a file: a file's name holds no control character (U+0000); "
                   "remove it"),
    ("5", "file must be non-empty text, got 5"),
])
def test_a_file_name_that_names_no_file_is_one_finding_on_one_line(deckpress, written, said):
    """A name given, but no text, was said again as a deck of neither `file` nor `from`; a line break in a name
    broke the finding across two lines."""
    text = GAME_YAML.read_text(encoding="utf-8")
    GAME_YAML.write_text(text.replace("file: lots.yaml", f"file: {written}", 1), encoding="utf-8")
    result = deckpress("check", "pocket-bazaar")
    line = line_of(GAME_YAML, "file: ")
    assert result.status == 1
    expected = [f"content/pocket-bazaar/game.yaml:{line}:11: error: {said}"]
    assert result.err.splitlines()[:-1] == result.errors == expected
