"""A game's counted words read in the form for their count: Stone Market's stone names and its star give their
plurals (`{one: Pearl, other: Pearls}`), so its readings say `3 Pearls = 1 Jade and 2 Rubies` in the tagged PDFs'
/Alt, the text edition and the BRF, and a row of two stars `2 stars` (a ware's is left to the words beside it); a
translation's PO entry for such a word has its plural and a form per its language's Plural-Forms (`3 Perlas`, `2
estrellas`), and a form left out is a finding at the entry. A translated layout text that does not fit is said once,
at its PO entry, with what to cut."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from conftest import edit
from test_icon_words import alts
from test_stone_market_translatable import FOLDER, GAME, drafted

from deckpress.findings import Findings
from deckpress.load import load_game
from deckpress.load.counted import said as counted_said
from deckpress.load.icon_words import heard
from deckpress.publish import phrases
from deckpress.publish.braille import DISPLAY
from deckpress.publish.braille_grades import TABLES
from deckpress.templating import Templates

PO = FOLDER / "es-ES.po"
BUILD = ("build", "stone-market", "--edition", "standard", "--paper", "a4", "--out", "out")
needs_liblouis = pytest.mark.skipif(shutil.which("lou_translate") is None, reason="liblouis is not installed")


def said(game: str) -> tuple[str, list[str], list[str]]:
    """The game's text edition as plain text, and the /Alt texts of its exchange and ware cards."""
    page = Path(f"out/{game}/{game}.html").read_text(encoding="utf-8")
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    cards = [a for name in ("exchange-cards", "ware-cards")
             for a in alts(Path(f"out/{game}/standard/{game}-{name}-a4.pdf"))]
    return text, cards, [page]


def stars(language: str | None = None) -> str:
    """What a row of two star icons reads as in the game (`Icon.read`): a ware's is left unread, as its words
    (`Two stars`) say it."""
    game = load_game(GAME, "content/stone-market", Findings(), Templates(), language)
    assert game is not None
    word = heard("star", game.params)
    return counted_said(2, word, game.params) or phrases("en")("html_icons", count=2, name=word)


def braille(word: str, language: str) -> str:
    """`word` in the game's braille, as liblouis writes it."""
    done = subprocess.run(["lou_translate", "--forward", f"{DISPLAY},{TABLES[language]}"], input=word + "\n",
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def brf(game: str) -> str:
    """The BRF's cells, its lines run together."""
    return " ".join(Path(f"out/{game}/{game}.brf").read_text(encoding="ascii").split())


@needs_liblouis
def test_english_readings_say_each_counted_word_in_its_plural(deckpress):
    result = deckpress(*BUILD)
    assert result.status == 0, result.err
    text, cards, _ = said("stone-market")
    assert "3 Pearls = 1 Jade and 2 Rubies, both ways" in text  # exchange 1's first equation
    assert any("3 Pearls = 1 Jade and 2 Rubies, both ways; " in a for a in cards)
    assert stars() == "2 stars" and not any("×" in a or "2 stars" in a for a in cards)  # a ware's: its words say it
    assert "1 Pearl = " in text or " 1 Pearl " in text  # one is still one
    assert "3 Pearl " not in text
    assert braille("rubies", "en").lower() in brf("stone-market").lower()


def test_a_word_given_no_plural_reads_as_before(deckpress):
    game = GAME / "game.yaml"
    for stone in ("Amber", "Jade", "Onyx", "Pearl", "Ruby"):
        edit(game, re.search(rf"\{{one: {stone}, other: \w+\}}", game.read_text(encoding="utf-8"))[0], stone)
    edit(game, "  star: {one: star, other: stars}", "  star: star")
    result = deckpress(*BUILD)
    assert result.status == 0, result.err
    text, cards, _ = said("stone-market")
    assert "3 Pearl = 1 Jade and 2 Ruby, both ways" in text and stars() == "2 × star"


def test_the_po_entry_of_a_counted_word_has_a_form_for_each_of_the_language(deckpress):
    po = drafted(deckpress)
    assert po.metadata["Plural-Forms"].startswith("nplurals=3; plural=")  # Spanish: one, many (a million), other
    pearl = po.find("Pearl", msgctxt="game.yaml:parameters.stones[3]")
    assert (pearl.msgid_plural, sorted(pearl.msgstr_plural)) == ("Pearls", [0, 1, 2])
    assert po.find("star", msgctxt="icons:star").msgid_plural == "stars"
    pot = polib.pofile(str(FOLDER / "stone-market.pot"))
    assert pot.find("Pearl", msgctxt="game.yaml:parameters.stones[3]").msgid_plural == "Pearls"
    if shutil.which("msgfmt"):  # gettext's own check takes the header's expression
        assert subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(PO)], capture_output=True).returncode == 0


@needs_liblouis
def test_spanish_readings_say_each_counted_word_in_the_form_its_po_gives(deckpress):
    drafted(deckpress)
    result = deckpress(*BUILD)
    assert result.status == 0, result.err
    text, cards, _ = said("stone-market-es-es")
    assert "3 Perlas = 1 Jade y 2 Rubíes" in text and "3 Perla " not in text
    assert any("3 Perlas = 1 Jade y 2 Rubíes, en ambos sentidos; " in a for a in cards)
    assert stars("es-ES") == "2 estrellas" and "2 estrellas" not in cards
    assert braille("Rubíes", "es") in brf("stone-market-es-es")


def test_a_form_left_out_is_a_finding_at_its_po_line(deckpress):
    po = drafted(deckpress)
    pearl = po.find("Pearl", msgctxt="game.yaml:parameters.stones[3]")
    pearl.msgstr_plural[2] = ""
    po.save()
    result = deckpress("check", "stone-market")
    assert result.status == 1
    line = polib.pofile(str(PO)).find("Pearl", msgctxt="game.yaml:parameters.stones[3]").linenum
    assert (f"{PO.as_posix()}:{line}:1: error: es-ES: the translation of this counted word lacks its form for "
            "msgstr[2] (other) (game.yaml:parameters.stones[3])") in result.err


def test_a_changed_plural_keeps_its_forms_marked_fuzzy(deckpress):
    drafted(deckpress)
    edit(GAME / "game.yaml", "{one: Pearl, other: Pearls}", "{one: Pearl, other: Pearl stones}", translations=False)
    assert deckpress("translations", "stone-market").status == 0
    pearl = polib.pofile(str(PO)).find("Pearl", msgctxt="game.yaml:parameters.stones[3]")
    assert pearl.fuzzy and pearl.previous_msgid_plural == "Pearls" and pearl.msgid_plural == "Pearl stones"
    assert pearl.msgstr_plural == {0: "Perla", 1: "Perlas", 2: "Perlas"}
    result = deckpress("check", "stone-market")
    assert f"{PO.as_posix()}:{pearl.linenum}:1: error: es-ES: the translation is fuzzy" in result.err


def test_a_translated_layout_text_too_long_is_said_once_at_its_po_entry(deckpress):
    po = drafted(deckpress)
    note = po.find("both ways", msgctxt="layouts:exchange-card.note")
    note.msgstr = "en ambos sentidos, siempre"
    po.save()
    result = deckpress("check", "stone-market")
    assert result.status == 1
    at = f"{PO.as_posix()}:{polib.pofile(str(PO)).find('both ways', msgctxt='layouts:exchange-card.note').linenum}:1"
    found = [line for line in result.err.splitlines() if line.startswith(at)]
    assert len(found) == 2, result.err  # once for the entry in each edition's box, not once a card
    assert re.search(r"exchange-cards, note: the translation does not fit its 48 x 11 mm box at the minimum size "
                     r"of 18 pt \(large-print edition\): about \d+ characters too long "
                     r"\(cards 1 \(exchange card 1\), .* and 7 more\)$",
                     found[1]), found
    assert "layouts/large-print/exchange-card.yaml" not in result.err
