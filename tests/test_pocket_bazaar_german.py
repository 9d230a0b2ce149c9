"""The Pocket Bazaar's German translation (content/pocket-bazaar/translations/de-DE.po): complete, current with the
English sources, saying what translated it, and building in German in both editions on both papers with no
finding: the game declares it (`languages: [en-GB, de-DE]`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pypdf
import pytest
from conftest import CONTENT, LAYOUTS, languages

from deckpress.cli import main
from deckpress.findings import Findings
from deckpress.publish.braille import translated, translator
from deckpress.translation.catalogues import sources, template

PO = CONTENT / "pocket-bazaar" / "translations" / "de-DE.po"


def test_the_german_po_says_what_translated_it_and_that_it_is_a_draft():
    header = polib.pofile(str(PO)).header
    assert "Translated by: machine translation, as a draft" in header and "fluent review" in header


def test_the_german_po_translates_every_current_english_text():
    game = sources(CONTENT / "pocket-bazaar", "content/pocket-bazaar", findings := Findings())
    assert game is not None and not findings
    po = {e.msgctxt: e for e in polib.pofile(str(PO)) if not e.obsolete}
    for text in template(game):
        entry = po.get(text.msgctxt)
        assert entry is not None and entry.msgid == text.msgid and entry.msgstr and not entry.fuzzy, text.msgctxt


@pytest.mark.slow
def test_the_pocket_bazaar_builds_in_german_with_no_finding(tmp_path, monkeypatch, capsys):
    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "content" / "pocket-bazaar")
    monkeypatch.chdir(tmp_path)
    assert languages(Path("content/pocket-bazaar")) == ["en-GB", "de-DE"]  # the shipped game, as it stands
    status = main(["build", "--layouts", str(LAYOUTS), "--jobs", "1"])
    err = capsys.readouterr().err
    said = [line for line in err.splitlines() if ": error: " in line or ": warning: " in line]
    assert status == 0 and said == [], said
    german = Path("build/pocket-bazaar-de-de")
    for edition in ("standard", "large-print"):
        for paper in ("a4", "letter"):
            cards = pypdf.PdfReader(german / edition / f"pocket-bazaar-de-de-lot-cards-{paper}.pdf")
            assert cards.trailer["/Root"]["/Lang"] == "de-DE"
            text = cards.pages[0].extract_text()
            assert "Seite 1 von" in text and "Der Taschenbasar" in text and "Eine kleine Laterne" in text
            assert "Laternen" in text and "1 Punkt\n" in text and "2 Punkte" in text  # a parameter; a layout text
            box = pypdf.PdfReader(german / edition / f"pocket-bazaar-de-de-lot-box-{paper}.pdf").pages[0].extract_text()
            assert "24 Karten" in box and "cards" not in box  # the shared box layout's count, with its German noun
    labels = (german / "pocket-bazaar-de-de-tactile-labels.brf").read_bytes().decode("ascii")  # German braille
    book = (german / "pocket-bazaar-de-de.brf").read_bytes().decode("ascii")
    program = translator()
    assert program is not None
    lantern, bazaar = translated(program, "de-g2.ctb", ["Laternen", "Der Taschenbasar"], "de-DE")  # German contractions
    assert lantern in labels and lantern != translated(program, "en-ueb-g2.ctb", ["Laternen"], "en-GB")[0]
    assert bazaar in book
    catalogue = Path("build/index.html").read_text(encoding="utf-8")
    german_part = catalogue[catalogue.index('id="game-pocket-bazaar-de-de"'):]
    assert "Stifte, Schere" in german_part[:german_part.index("</section>")]  # what else a host needs, in German
    assert "Für die meisten Spielenden" in german_part  # the edition's `about` line
    text_edition = (german / "pocket-bazaar-de-de.html").read_text(encoding="utf-8")
    assert "The Pocket Bazaar" not in text_edition and "Teetassen" in text_edition  # the card back, the collections


def test_the_german_po_leaves_the_english_prints_as_they_were(tmp_path):
    """The slug's hash of the sources leaves a game's translations out: its English files keep their bytes."""
    from deckpress.layout.slug import source_hash
    from deckpress.load import load_game
    from deckpress.templating import Templates

    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "pocket-bazaar")
    game = load_game(tmp_path / "pocket-bazaar", "content/pocket-bazaar", Findings(), Templates())
    assert game is not None
    with_po = source_hash(game, [])
    shutil.rmtree(tmp_path / "pocket-bazaar" / "translations")
    assert source_hash(game, []) == with_po
