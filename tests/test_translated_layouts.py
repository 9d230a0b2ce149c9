"""A translated game's other texts: its layouts' texts (a card back's title, a box's count with its noun), its
parameters' names (the collections, wherever a card or a mapping names them), its editions' `about` lines, and
the template filters in its language."""

from __future__ import annotations

from pathlib import Path

import polib
from conftest import CONTENT, edit

from deckpress.findings import Findings, Loc
from deckpress.templating import LANGUAGE, Templates, counted, listed, nth, spelled

DE = Path("content/pocket-bazaar/translations/de-DE.po")


def test_the_filters_write_the_games_language():
    assert (spelled(4, "de-DE"), nth(4, "fr-FR"), counted(2, "es"), counted(3, "nl")) == \
        ("vier", "quatrième", "dos veces", "drie keer")
    assert listed(["A", "B", "C"], language="de-DE") == "A, B und C"
    assert listed(["A", "B", "C"], language="fr-FR") == "A, B et C"
    assert listed(["A", "B", "C"]) == "A, B, and C" and spelled(4) == "four"  # English as it always wrote
    assert nth(13, "de") == "13." and nth(13) == "13th"


def test_a_template_renders_its_filters_in_the_language_among_its_names():
    templates, findings = Templates(), Findings()
    source = "{{ teams | words }} teams, {{ rounds | ordinal }} round, {{ names | series }}"
    english = templates.render(source, {"teams": 4, "rounds": 3, "names": ["x", "y"]}, Loc("t"), findings)
    german = templates.render(source, {"teams": 4, "rounds": 3, "names": ["x", "y"], LANGUAGE: "de-DE"},
                              Loc("t"), findings)
    assert (english, german) == ("four teams, third round, x and y", "vier teams, dritte round, x und y")
    assert not findings


def test_the_german_translates_the_layouts_parameters_and_editions():
    po = {e.msgctxt: e for e in polib.pofile(str(CONTENT / "pocket-bazaar" / "translations" / "de-DE.po"))}
    assert po["layouts:lot-back.title"].msgstr == "Der Taschenbasar"
    assert po["game.yaml:parameters.collections[1]"].msgstr == "Teetassen"
    assert po["editions:large-print.about"].msgstr.startswith("Für sehbehinderte")


def test_a_layout_text_not_translated_is_an_error_at_its_entry(deckpress):
    edit(Path("content/pocket-bazaar/game.yaml"), "language: en-GB\n", "languages: [en-GB, de-DE]\n")
    edit(DE, 'msgstr "Der Taschenbasar"\n\n#: layouts/standard/lot-card', 'msgstr ""\n\n#: layouts/standard/lot-card')
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert any(e.startswith(f"{DE}:") and "de-DE: not translated yet (layouts:lot-back.title)" in e
               for e in result.errors), result.err
    drafted = deckpress("build", "pocket-bazaar", "--fallback-language")
    assert drafted.status == 0 and "layouts:lot-back.title" in drafted.err, drafted.err


def test_a_po_file_that_does_not_say_who_translated_it_is_a_warning(deckpress):
    edit(Path("content/pocket-bazaar/game.yaml"), "language: en-GB\n", "languages: [en-GB, fr-FR]\n")
    assert deckpress("translations", "pocket-bazaar").status == 0
    french = Path("content/pocket-bazaar/translations/fr-FR.po")
    po = polib.pofile(str(french), wrapwidth=0)
    for entry in po:
        entry.msgstr = entry.msgid  # every text "translated", the header left as written
    po.save()
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 0 and f"{french}:1:1: warning: fr-FR: the PO file's header does not say who" in result.err
