"""`deckpress translations GAME`: the game's texts in a POT and a PO per language it is translated into, each entry
named by its context and referring to its source line; translations kept, a changed source fuzzy with its old
text, the output the same bytes every time."""

from __future__ import annotations

import os
import shutil
import stat
import time
from collections.abc import Callable
from pathlib import Path

import polib
import pytest
from conftest import LAYOUTS, edit, line_of
from test_spreadsheets import COLUMNS, game_with, lots

from deckpress.translation.texts import worded

GAME = Path("content/pocket-bazaar")
FOLDER = GAME / "translations"
THREE = "languages: [en-GB, de-DE, fr-FR]\n"


def translated(deckpress, declared: str = THREE) -> dict[str, polib.POFile]:
    """The catalogues written afresh (without the German the game ships) for the languages `declared`."""
    edit(GAME / "game.yaml", "language: en-GB\n", declared)
    shutil.rmtree(FOLDER)
    result = deckpress("translations", "pocket-bazaar")
    assert (result.status, result.errors) == (0, []), result.err
    return {p.name: polib.pofile(str(p)) for p in sorted(FOLDER.iterdir())}


def test_the_pot_holds_every_text_a_player_reads_with_its_source_line(deckpress):
    files = translated(deckpress)
    assert set(files) == {"pocket-bazaar.pot", "de-DE.po", "fr-FR.po"}
    pot = {e.msgctxt: e for e in files["pocket-bazaar.pot"]}
    flavour = pot["lots.yaml:cards[5].flavour"]
    assert flavour.msgid == "The grand lantern that closes the bazaar each night."
    assert flavour.occurrences == [("lots.yaml", str(line_of(GAME / "lots.yaml", "The grand lantern")))]
    assert pot["game.yaml:components[bid-sheets].handling"].msgid == "One to each team."
    assert pot["rules.yaml:sections[0].heading"].msgid == "What you need"
    assert pot["sheets.yaml:score-sheet.blocks[0].heading"].msgid == "Score sheet"
    edition = pot["editions:large-print.label"]  # an edition's name, from its theme: in the slug and the catalogue
    assert edition.msgid == "Large-print edition" and edition.occurrences[0][0] == "layouts/large-print/theme.yaml"
    assert all(worded(e.msgid) for e in pot.values())  # `{{ item }}` alone: nothing to translate
    # a layout's texts (the game's own card back; the shared box front), the editions' lines, the parameters' names
    back = pot["layouts:lot-back.title"]
    assert back.msgid == "The Pocket Bazaar" and back.occurrences[0][0] == "layouts/standard/lot-back.yaml"
    assert pot["layouts:tuck-front.cards"].msgid == "{{ card.cards }} cards"
    assert pot["editions:standard.about"].msgid.startswith("For most players")
    assert pot["game.yaml:parameters.collections[0]"].msgid == "Lanterns"
    assert "game.yaml:parameters.pictograms" not in str(list(pot))  # icon names, read by the press: not words
    assert all(not e.msgstr for e in files["de-DE.po"]) and len(files["de-DE.po"]) == len(pot)
    assert files["de-DE.po"].metadata["Language"] == "de_DE"
    assert "Translated by:" in files["de-DE.po"].header


def test_a_game_in_one_language_gets_its_pot_only(deckpress):
    assert set(translated(deckpress, "language: en-GB\n")) == {"pocket-bazaar.pot"}


def test_translations_are_kept_and_a_changed_source_turns_fuzzy_in_every_po(deckpress):
    translated(deckpress)
    for name, word in (("de-DE.po", "Die große Laterne"), ("fr-FR.po", "La grande lanterne")):
        po = polib.pofile(str(FOLDER / name))
        for entry in po:
            entry.msgstr = f"{word} ({entry.msgctxt})" if "flavour" in entry.msgctxt else entry.msgid
        po.save()
    edit(GAME / "lots.yaml", "The grand lantern that closes", "The grandest lantern that closes", translations=False)
    result = translated_again(deckpress)
    for name in ("de-DE.po", "fr-FR.po"):
        entries = {e.msgctxt: e for e in result[name]}
        changed = entries["lots.yaml:cards[5].flavour"]
        assert changed.fuzzy and changed.msgid.startswith("The grandest lantern")
        assert changed.previous_msgid.startswith("The grand lantern") and changed.msgstr.endswith("[5].flavour)")
        kept = entries["lots.yaml:cards[4].flavour"]
        assert not kept.fuzzy and kept.msgstr.endswith("[4].flavour)")
        assert sum(e.fuzzy for e in entries.values()) == 1


def translated_again(deckpress) -> dict[str, polib.POFile]:
    result = deckpress("translations", "pocket-bazaar")
    assert result.status == 0, result.err
    return {p.name: polib.pofile(str(p)) for p in sorted(FOLDER.iterdir())}


def test_a_text_no_longer_in_the_sources_is_kept_as_obsolete(deckpress):
    translated(deckpress)
    po = polib.pofile(str(FOLDER / "de-DE.po"))
    po.find("game.yaml:version", by="msgctxt").msgstr = "Erste Ausgabe, 2026"
    po.save()
    edit(GAME / "game.yaml", "version: First edition, 2026", "# no version")
    entry = next(e for e in translated_again(deckpress)["de-DE.po"].obsolete_entries())
    assert (entry.msgctxt, entry.msgstr) == ("game.yaml:version", "Erste Ausgabe, 2026")
    entry = next(e for e in translated_again(deckpress)["de-DE.po"].obsolete_entries())  # and on every run after
    assert (entry.msgctxt, entry.msgstr) == ("game.yaml:version", "Erste Ausgabe, 2026")
    edit(GAME / "game.yaml", "# no version", "version: First edition, 2026")  # the text back: its translation too
    back = translated_again(deckpress)["de-DE.po"].find("game.yaml:version", by="msgctxt")
    assert back is not None and back.msgstr == "Erste Ausgabe, 2026" and not back.obsolete and not back.fuzzy


def test_a_translation_leaving_out_a_value_its_source_prints_is_a_finding(deckpress):
    translated(deckpress, "languages: [en-GB, de-DE]\n")
    po = polib.pofile(str(FOLDER / "de-DE.po"))
    for entry in po:
        entry.msgstr = entry.msgid  # a draft: the source itself, every value as it prints
    source = next(e for e in po if "{{ collection_bonus }}" in e.msgid)
    source.msgstr = source.msgid.replace("{{ collection_bonus }}", "{{ budget }}")
    po.save()
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    line = next(e.linenum for e in polib.pofile(str(FOLDER / "de-DE.po")) if e.msgctxt == source.msgctxt)
    assert (f"content/pocket-bazaar/translations/de-DE.po:{line}:1: error: de-DE: the translation leaves out a "
            f"value its source prints ({source.msgctxt}): collection_bonus") in result.err


def test_a_po_file_linked_from_outside_the_game_is_refused(deckpress, tmp_path):
    translated(deckpress, "languages: [en-GB, de-DE]\n")
    outside = tmp_path / "elsewhere.po"
    shutil.move(FOLDER / "de-DE.po", outside)
    (FOLDER / "de-DE.po").symlink_to(outside)
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1 and "Traceback" not in result.err
    assert "a translation must be a file in the game's own folder, not a link out of it" in result.err
    assert "this layout text has no translation" not in result.err, result.err  # the refusal is the one finding


def test_a_card_file_named_outside_the_game_is_not_read_into_its_catalogue(deckpress, tmp_path):
    """`file: ../elsewhere/lots.yaml`: the build refuses it; `translations` read it and wrote its texts into the
    game's POT, a file in the content folder."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "lots.yaml").write_text("cards:\n  - {flavour: A secret kept elsewhere.}\n", encoding="utf-8")
    edit(GAME / "game.yaml", "file: lots.yaml", f"file: {os.path.relpath(elsewhere / 'lots.yaml', GAME)}")
    before = (FOLDER / "pocket-bazaar.pot").read_bytes()
    result = deckpress("translations", "pocket-bazaar")
    assert result.status == 1 and result.errors == deckpress("check", "pocket-bazaar").errors, result.err
    assert (FOLDER / "pocket-bazaar.pot").read_bytes() == before  # refused as the build refuses it: nothing read


def _misspelt(file: str, old: str, new: str) -> Callable[[Path], None]:
    return lambda _: edit(GAME / file, old, new, translations=False)


def _cell(tmp_path: Path) -> None:
    rows = lots()
    rows[3][COLUMNS.index("points")] = "seven"
    game_with(tmp_path, "csv", rows)


def _deck_file(tmp_path: Path) -> None:
    game_with(tmp_path, "csv")
    edit(GAME / "game.yaml", "file: lots.csv", "file: lot.csv")


@pytest.mark.parametrize("mistake", [
    _misspelt("rules.yaml", "\nsections:", "\nsectons:"),
    _misspelt("game.yaml", "    fields:\n      collection", "    feilds:\n      collection"),
    _misspelt("layouts/standard/lot-back.yaml", "extends: lot-card", "extends: lot-crad"),
    _deck_file, _cell], ids=["rules-key", "fields-key", "extends", "deck-file", "cell"])
def test_a_source_with_errors_is_said_as_check_says_it_and_no_catalogue_is_written(deckpress, tmp_path, mistake):
    """Its sources were read apart from the build's: a misspelt key left the German rules obsolete (`#~`), exit 0,
    and a deck file misnamed was said as a place in the file that is not there (`lot.csv:1:1`). Each is said as
    check says it, and first; check says more only of pages it lays out (a card's text too long without its
    field), which have no bearing on what the catalogues hold."""
    mistake(tmp_path)
    before = {p.name: p.read_bytes() for p in FOLDER.iterdir()}
    said = [e for e in deckpress("check", "pocket-bazaar").errors if "translations/de-DE.po" not in e]
    result = deckpress("translations", "pocket-bazaar")
    assert result.status == 1 and said and result.errors and set(result.errors) <= set(said), result.err
    assert result.errors[0] == said[0], result.err
    errors = len(result.errors)
    assert result.err.endswith(f"deckpress: {errors} error{'s' * (errors != 1)}; nothing was written\n")
    assert {p.name: p.read_bytes() for p in FOLDER.iterdir()} == before


def test_the_german_rules_are_kept_through_a_typo_mended(deckpress):
    """Refused while `sections:` is misspelt, the PO file is brought up to date once it is mended: the rules'
    translations kept, a changed heading's fuzzy, none obsolete."""
    edit(GAME / "rules.yaml", "\nsections:", "\nsectons:", translations=False)
    assert deckpress("translations", "pocket-bazaar").status == 1
    edit(GAME / "rules.yaml", "\nsectons:", "\nsections:", translations=False)
    edit(GAME / "rules.yaml", "heading: What you need", "heading: What you bring", translations=False)
    result = deckpress("translations", "pocket-bazaar")
    assert (result.status, result.errors) == (0, []), result.err
    po = polib.pofile(str(FOLDER / "de-DE.po"))
    heading = po.find("rules.yaml:sections[0].heading", by="msgctxt")
    assert heading.fuzzy and (heading.msgid, heading.msgstr) == ("What you bring", "Was ihr braucht")
    assert not [e for e in po.obsolete_entries() if e.msgctxt.startswith("rules.yaml:")]


def test_two_layout_texts_alike_untranslated_are_each_said_at_their_own_entry(deckpress):
    """The same words in two layouts are two entries: each not translated yet is said at its own (both were said
    at the entry read last)."""
    marker = GAME / "layouts/standard/lot-marker.yaml"  # the game's own marker, the back's words at its foot
    marker.write_text((LAYOUTS / "standard/lot-marker.yaml").read_text(encoding="utf-8") + "  - name: motto\n"
                      "    text: \"The Pocket Bazaar\"\n    box_mm: [4, 80, 55, 6]\n"
                      "    style: {font: regular, size: 8, align: centre}\n", encoding="utf-8")
    assert deckpress("translations", "pocket-bazaar").status == 0
    contexts = ("layouts:lot-back.title", "layouts:lot-marker.motto")
    po = polib.pofile(str(FOLDER / "de-DE.po"))
    for context in contexts:
        po.find(context, by="msgctxt").msgstr = ""
    po.save()
    lines = {c: polib.pofile(str(FOLDER / "de-DE.po")).find(c, by="msgctxt").linenum for c in contexts}
    errors = deckpress("check", "pocket-bazaar").errors
    for context, line in lines.items():
        assert f"{FOLDER.as_posix()}/de-DE.po:{line}:1: error: de-DE: not translated yet ({context})" in errors, errors


def test_a_language_without_its_po_file_is_said_once_where_the_game_is(deckpress):
    """No PO file: one finding at game.yaml (it was also said at each edition's `about` line, in the press's own
    theme files)."""
    (FOLDER / "de-DE.po").unlink()
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1 and len(result.errors) == 1 and "de-DE.po is missing" in result.errors[0], result.err


def test_a_po_file_that_is_a_link_to_itself_is_a_finding_not_a_traceback(deckpress):
    translated(deckpress, "languages: [en-GB, de-DE]\n")
    (FOLDER / "de-DE.po").unlink()
    (FOLDER / "de-DE.po").symlink_to("de-DE.po")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1 and "Traceback" not in result.err
    assert result.errors[0] == ("content/pocket-bazaar/translations/de-DE.po:1:1: error: cannot read file: Too many "
                                "levels of symbolic links"), result.err


def test_the_same_sources_give_the_same_bytes(deckpress):
    translated(deckpress)
    first = {p.name: p.read_bytes() for p in FOLDER.iterdir()}
    translated_again(deckpress)
    assert first == {p.name: p.read_bytes() for p in FOLDER.iterdir()}


def test_a_broken_po_file_is_a_finding_not_a_traceback(deckpress):
    translated(deckpress)
    (FOLDER / "de-DE.po").write_text('msgid "a"\nmsgstr "b"\nthis is not PO\n', encoding="utf-8")
    result = deckpress("translations", "pocket-bazaar")
    assert result.status == 1 and "Traceback" not in result.err
    assert result.errors[0].startswith("content/pocket-bazaar/translations/de-DE.po:3:1: error: a PO file that cannot")


@pytest.mark.parametrize(("declared", "broken", "junk", "at"), [
    ("languages: [en-GB, de-DE]\n", "de-DE.po", "this is not PO\n", "3:1: error: a PO file that cannot be read"),
    ("languages: [en-GB, de-DE]\n", "de-DE.po", 'msgstr "unterminated\n', "3:1: error: the text of msgstr lacks"),
    (THREE, "fr-FR.po", "this is not PO\n", "3:1: error: a PO file that cannot be read"),  # after a good de-DE.po
], ids=["junk", "unterminated", "second-language"])
def test_a_broken_po_file_leaves_every_catalogue_as_it_was(deckpress, declared, broken, junk, at):
    """The POT was written before the PO files were read: a PO file that could not be read ended the run in an
    error, its POT rewritten all the same (and a PO file of a language before it)."""
    translated(deckpress, declared)
    (FOLDER / broken).write_text(f'msgid "a"\nmsgstr "b"\n{junk}', encoding="utf-8")
    edit(GAME / "lots.yaml", "The grand lantern that closes", "The grandest lantern that closes", translations=False)
    before = {p.name: p.read_bytes() for p in FOLDER.iterdir()}
    result = deckpress("translations", "pocket-bazaar")
    assert result.status == 1 and "Traceback" not in result.err
    assert result.errors[0].startswith(f"{FOLDER.as_posix()}/{broken}:{at}"), result.err
    assert "nothing was written" in result.err
    assert before == {p.name: p.read_bytes() for p in FOLDER.iterdir()}  # the POT stale as it was
    (FOLDER / broken).unlink()  # the stale POT: a run without the broken file would have rewritten it
    assert translated_again(deckpress)["pocket-bazaar.pot"].find("lots.yaml:cards[5].flavour", by="msgctxt").msgid \
        .startswith("The grandest lantern")


@pytest.mark.parametrize(("old", "new", "said"), [
    ('msgstr "Schlüssel"', 'msgstr "Schlüssel', 'the text of msgstr lacks its closing quote: end the line with "'),
    ('msgstr "Schlüssel"', 'msgstr Schlüssel"', 'the text of msgstr lacks its opening quote: write it between two '
                                                'quotes (msgstr "...")'),
    ('msgstr "Schlüssel"', 'msgstr Schlüssel', 'the text of msgstr lacks its opening quote'),
    ('msgstr "Schlüssel"', 'msgstr "Schlüssel\\"', 'the text of msgstr lacks its closing quote'),  # \" is a letter
    ('msgstr "Schlüssel"', 'msgstr ""\n"Schlüs\n"sel"', "this continued line's text lacks its closing quote"),
    ('msgctxt "game.yaml:parameters.collections[2]"', 'msgctxt "game.yaml:parameters.collections[2]',
     "the text of msgctxt lacks its closing quote"),
], ids=["closing", "opening", "no-quotes", "escaped-closing", "continued", "context"])
def test_a_po_line_missing_a_quote_is_said_at_its_line_not_read_short(deckpress, old, new, said):
    """polib reads `msgstr "Schlüssel` as `Schlüsse` (and `msgstr Schlüssel"` as `chlüssel`): the German cards
    printed a word cut short, and nothing was said."""
    po = FOLDER / "de-DE.po"
    at = line_of(po, old) + (1 if new.startswith('msgstr ""') else 0)
    edit(po, old, new)
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1 and "Traceback" not in result.err
    assert any(e.startswith(f"{po.as_posix()}:{at}:1: error: {said}") for e in result.errors), result.err


def test_thousands_of_lines_missing_a_quote_are_said_twenty_then_counted(deckpress):
    """A PO file of two million `msgid x` lines gave two million findings (a gigabyte, 17 seconds): one mistake
    repeated is said for its first twenty lines, then once for the rest, at the first of them."""
    po = FOLDER / "de-DE.po"
    start = len(po.read_text(encoding="utf-8").splitlines()) + 1
    po.write_text(po.read_text(encoding="utf-8") + "msgid x\n" * 5_000, encoding="utf-8")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1 and "Traceback" not in result.err
    said = [e for e in result.errors if e.startswith(f"{po.as_posix()}:")]
    assert len(said) == 21, len(said)
    assert said[19].startswith(f"{po.as_posix()}:{start + 19}:1: error: the text of msgid lacks its opening quote")
    assert said[20] == f"{po.as_posix()}:{start + 20}:1: error: ... and 4,980 more lines whose text is not between " \
                       "two quotes; open the file in a PO editor"


def test_a_po_file_as_written_has_no_quote_missing(deckpress):
    result = deckpress("check", "pocket-bazaar")
    assert (result.status, result.errors) == (0, []), result.err


def test_an_entry_of_millions_of_lines_is_a_finding_in_time(deckpress):
    """polib adds each continued line to what it holds: an entry of 3.9 million lines (15 MB) ran past a minute."""
    translated(deckpress)
    po = FOLDER / "de-DE.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "zzz"\nmsgstr ""\n' + '"a"\n' * 400_000,
                  encoding="utf-8")
    start = time.process_time()
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1 and time.process_time() - start < 2, result.err
    assert f"{po}:{len(po.read_text(encoding='utf-8').splitlines()) - 400_000 + 10_001}:1: error: an entry of more " \
           f"than 10,000 lines or 1,000,000 characters of text or comments" in result.err


def test_an_entry_of_long_lines_is_bounded_by_its_characters_too(deckpress):
    """10,000 lines of 1,000 characters each passed the count of lines and took polib seconds."""
    translated(deckpress)
    po = FOLDER / "de-DE.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "zzz"\nmsgstr ""\n' + f'"{"a" * 1000}"\n' * 9_999,
                  encoding="utf-8")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1 and "lines or 1,000,000 characters of text or comments" in result.err, result.err


def test_the_generators_name_and_a_code_field_are_not_offered_for_translation(deckpress):
    game = Path("content/stone-market")
    edit(game / "game.yaml", "language: en-GB\n", "languages: [en-GB, el-GR]\n")
    result = deckpress("translations", "stone-market")
    assert (result.status, result.errors) == (0, []), result.err
    pot = {e.msgctxt: e.msgid for e in polib.pofile(str(game / "translations" / "stone-market.pot"))}
    assert "game.yaml:parameters.generator" not in pot and "stone-market" not in pot.values()
    assert not [c for c in pot if c.endswith(".stones")]  # the wares' codes: a field of type code
    assert pot["game.yaml:parameters.die_faces[5]"] == "Choice"  # the parameters around it are offered


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()


@pytest.mark.parametrize("place", ["pocket-bazaar.pot", "de-DE.po"])
@pytest.mark.parametrize("kind", ["link", "fifo", "folder"])
def test_a_catalogue_that_is_a_link_a_fifo_or_a_folder_is_refused_in_one_line(deckpress, tmp_path, place, kind):
    """Nothing is written: a link would write wherever it leads (outside the game), a FIFO would be waited on."""
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("someone's\n", encoding="utf-8")
    target = FOLDER / place
    target.unlink()
    {"link": lambda p: p.symlink_to(elsewhere), "fifo": _fifo, "folder": _folder}[kind](target)
    before = sorted(p.name for p in FOLDER.iterdir())
    result = deckpress("translations", "pocket-bazaar")
    assert result.status == 1 and "Traceback" not in result.err
    assert result.errors == [f"content/pocket-bazaar/translations/{place}:1:1: error: a catalogue must be a file of "
                             "the game's own folder, not a link, a folder or a FIFO: move it away"]
    assert elsewhere.read_text(encoding="utf-8") == "someone's\n" and sorted(p.name for p in FOLDER.iterdir()) == before


def test_a_file_where_the_translations_folder_goes_is_refused_in_one_line(deckpress):
    shutil.rmtree(FOLDER)
    FOLDER.write_text("notes\n", encoding="utf-8")
    result = deckpress("translations", "pocket-bazaar")
    assert result.status == 1 and result.errors == [
        "content/pocket-bazaar/translations:1:1: error: the game's translations must be a folder of its own folder, "
        "not a file or a link: move it away"]
    assert FOLDER.read_text(encoding="utf-8") == "notes\n"


def test_a_catalogue_is_replaced_whole_and_keeps_its_time_when_unchanged(deckpress):
    assert deckpress("translations", "pocket-bazaar").status == 0
    pot = FOLDER / "pocket-bazaar.pot"
    os.utime(pot, (1_000_000, 1_000_000))
    assert deckpress("translations", "pocket-bazaar").status == 0
    assert pot.stat().st_mtime == 1_000_000  # the same text: not written again
    assert not [p for p in FOLDER.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_a_rewritten_catalogue_keeps_its_mode(deckpress):
    pot = FOLDER / "pocket-bazaar.pot"
    pot.write_text("# an older POT\n", encoding="utf-8")
    pot.chmod(0o640)
    assert deckpress("translations", "pocket-bazaar").status == 0
    assert pot.read_text(encoding="utf-8") != "# an older POT\n" and stat.S_IMODE(pot.stat().st_mode) == 0o640
