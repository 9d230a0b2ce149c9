"""Stone Market's stones print marks, not codes: a stone's letter is its code in the card data (the wares'
`stones`, the tokens' deck, the die, the tactile codes); `stone_marks`, a mapping game.yaml declares `translated:`,
gives the mark each code prints, and a translation gives its own (Π for Pearl in Greek) while the codes stay."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pypdf
from conftest import edit

from deckpress.translation.catalogues import DRAFT_NOTE

GAME = Path("content/stone-market")
GREEK = {"A": "Α", "J": "Ι", "O": "Ο", "P": "Π", "R": "Τ"}  # Αχάτης, Ίασπις, Όνυχας, Πέρλα, Τοπάζι
MARKS = "game.yaml:parameters.stone_marks."


def greek(deckpress, marks: dict[str, str] = GREEK) -> polib.POFile:
    """A Greek PO file of Stone Market: each stone's mark as `marks` gives it, every other text its source."""
    edit(GAME / "game.yaml", "language: en-GB\n", "languages: [en-GB, el-GR]\n")
    # Greek braille gives each Latin capital its own prefix cell: the codes, in lower case, fit a label's 10 cells
    edit(GAME / "game.yaml", "replace(' ', '') }}", "replace(' ', '') | lower }}")
    result = deckpress("translations", "stone-market")
    assert result.status == 0, result.err
    po = polib.pofile(str(GAME / "translations" / "el-GR.po"))
    for entry in po:
        if entry.msgid_plural:
            entry.msgstr_plural = {0: entry.msgid, 1: entry.msgid_plural}
        else:
            code = entry.msgctxt.removeprefix(MARKS) if entry.msgctxt.startswith(MARKS) else None
            entry.msgstr = marks[code] if code else entry.msgid
    po.header = po.header.replace(DRAFT_NOTE, "Translated by: the tests")
    po.save()
    return po


def text(path: str) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def unhashed(path: str) -> str:
    """A PDF's words, the slug line's hash of the sources left out (the sources differ: a language added)."""
    return " ".join(re.sub(r"· [0-9a-f]{7}\b", "·", text(path)).split())


def test_each_stones_mark_is_an_entry_of_its_own_named_by_its_code(deckpress):
    entries = {e.msgctxt: e for e in greek(deckpress)}
    assert {c: entries[MARKS + c].msgid for c in GREEK} == {c: c for c in GREEK}
    assert not any(c.startswith("game.yaml:parameters.stone_letters") for c in entries)  # the codes are not offered
    assert not any(c.startswith("game.yaml:parameters.letter_shapes") for c in entries)


def test_the_greek_tokens_die_and_wares_print_greek_marks_and_the_english_their_letters(deckpress):
    greek(deckpress)
    result = deckpress("build", "stone-market", "--paper", "a4", "--out", "out")
    assert result.status == 0, result.err
    for edition in ("standard", "large-print"):
        ours = {name: text(f"out/stone-market-el-gr/{edition}/stone-market-el-gr-{name}-a4.pdf")
                for name in ("stones", "die", "ware-cards", "exchange-cards", "rules")}
        english = {name: text(f"out/stone-market/{edition}/stone-market-{name}-a4.pdf")
                   for name in ("stones", "die", "ware-cards")}
        for name in ("stones", "die", "ware-cards", "exchange-cards"):
            marks = set(ours[name].split())
            assert set(GREEK.values()) <= marks, (edition, name)
            assert not set(GREEK) & marks, (edition, name)  # no Latin letter printed as a stone's mark
        assert "Pearl (Π," in " ".join(ours["rules"].split())
        for name in ("stones", "die", "ware-cards"):
            words = set(english[name].split())
            assert set(GREEK) <= words and not set(GREEK.values()) & words, (edition, name)
    html = Path("out/stone-market-el-gr/stone-market-el-gr.html").read_text(encoding="utf-8")
    assert "Pearl (Π, hexagon)" in html and "Pearl (P," not in html  # the tokens read aloud by their marks


def test_the_english_build_is_the_same_whether_or_not_a_translation_gives_marks(deckpress):
    result = deckpress("build", "stone-market", "--edition", "standard", "--paper", "a4", "--out", "before")
    assert result.status == 0, result.err
    greek(deckpress)
    result = deckpress("build", "stone-market", "--edition", "standard", "--paper", "a4", "--out", "after")
    assert result.status == 0, result.err
    for name in ("stones", "die", "ware-cards"):
        assert unhashed(f"before/stone-market/standard/stone-market-{name}-a4.pdf") == unhashed(
            f"after/stone-market/standard/stone-market-{name}-a4.pdf")


def test_two_stones_given_one_mark_is_the_games_check(deckpress):
    greek(deckpress, {**GREEK, "R": "Π"})
    result = deckpress("check", "stone-market")
    assert result.status == 1
    assert "no two stones may print the same mark" in result.err


def test_translated_names_a_mapping_parameter_or_is_a_located_error(deckpress):
    edit(GAME / "game.yaml", "translated: [stone_marks]", "translated: [stone_marks, stones_per_colour]")
    result = deckpress("check", "stone-market")
    assert result.status == 1
    line = next(i for i, t in enumerate((GAME / "game.yaml").read_text().splitlines(), 1) if t.startswith("translated"))
    assert result.errors == [f"{GAME}/game.yaml:{line}:27: error: translated: 'stones_per_colour' is not a parameter "
                             "mapping each key to a text (`stone_marks: {A: A, J: J}`)"]
