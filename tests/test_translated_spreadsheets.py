"""A deck whose cards are kept in a spreadsheet (CSV, .xlsx, .ods) is translated as a YAML deck is: `deckpress
translations` reads it as the build does and offers each text cell, named by its card and field and referring to
its cell as the press's findings do (`lots.csv:3:3`); a PO entry filled for a cell prints in the translated build."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest
from pypdf import PdfReader
from test_spreadsheets import game_with

FOLDER = Path("content/pocket-bazaar/translations")
GRAND = "The grand lantern that closes the bazaar each night."  # the sixth card's flavour: row 7, column C
LITTLE = "A little lantern for a very small journey."  # the first card's flavour: row 2, column C


def prefix(kind: str) -> str:
    """The context a card of the sheet starts with: a workbook's names its sheet (a workbook may hold two decks)."""
    return "lots.csv:" if kind == "csv" else f"lots.{kind}:sheets[Lots]."


def catalogued(deckpress, tmp_path: Path, kind: str) -> tuple[dict[str, polib.POEntry], str]:
    game_with(tmp_path, kind)
    result = deckpress("translations", "pocket-bazaar")
    assert (result.status, result.errors) == (0, []), result.err
    pot = FOLDER / "pocket-bazaar.pot"
    return {e.msgctxt: e for e in polib.pofile(str(pot))}, pot.read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
def test_the_pot_lists_each_text_cell_of_a_spreadsheet_deck_at_its_cell(deckpress, tmp_path, kind):
    pot, text = catalogued(deckpress, tmp_path, kind)
    cards = {c: e for c, e in pot.items() if c.startswith(prefix(kind))}
    assert pot[f"{prefix(kind)}cards[5].flavour"].msgid == GRAND
    assert f'#: lots.{kind}:7:3\nmsgctxt "{prefix(kind)}cards[5].flavour"' in text  # row 7, column C: its cell
    assert pot[f"{prefix(kind)}cards[0].reminder"].msgid.startswith("No special effect.")
    assert len(cards) == 48  # 24 cards, two text fields each, each card's entries its own
    assert not any(c.startswith("lots.yaml:") for c in pot)  # the YAML twin is no longer the deck's


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
def test_a_po_entry_filled_for_a_cell_prints_in_the_translated_build(deckpress, tmp_path, kind):
    catalogued(deckpress, tmp_path, kind)
    po = polib.pofile(str(FOLDER / "de-DE.po"))
    (entry,) = [e for e in po if e.msgctxt == f"{prefix(kind)}cards[0].flavour"]
    assert entry.msgid == LITTLE
    entry.msgstr, entry.flags, entry.previous_msgctxt = "Ein Laternchen für den Heimweg.", [], None
    po.save()
    result = deckpress("build", "pocket-bazaar", "--edition", "standard", "--paper", "a4", "--jobs", "1",
                       "--fallback-language")
    assert result.status == 0, result.err
    assert not [line for line in result.err.splitlines() if "lots." in line and "cards[0].flavour" in line]
    pdf = PdfReader("build/pocket-bazaar-de-de/standard/pocket-bazaar-de-de-lot-cards-a4.pdf")
    printed = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
    assert "Ein Laternchen für den Heimweg." in printed and LITTLE not in printed
    source = PdfReader("build/pocket-bazaar/standard/pocket-bazaar-lot-cards-a4.pdf")
    assert LITTLE in " ".join(" ".join(page.extract_text() for page in source.pages).split())  # the English stays


def test_a_workbook_read_by_two_decks_is_translated_by_each_deck_s_own_text_fields(deckpress, tmp_path):
    """A second sheet read by a deck of no text field (a choice of collections): its cells were asked for
    translations `translations` never wrote (the first deck's text fields were held against every sheet of the
    file), and the check could never pass (a red team's)."""
    import openpyxl

    game = game_with(tmp_path, "xlsx")
    workbook = openpyxl.load_workbook(game / "lots.xlsx")
    bonus = workbook.create_sheet("Bonus")
    for row in (["label", "flavour"], *[[f"B{n}", c] for n, c in enumerate(("Lanterns", "Teacups", "Keys"), 1)]):
        bonus.append(row)
    workbook.save(game / "lots.xlsx")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("\ndecks:\n", "\ndecks:\n  bonus:\n    card: bonus\n    file: "
                                                 "lots.xlsx\n    sheet: Bonus\n    fields:\n      label: {type: code}\n"
                                                 "      flavour: {type: choice, from: collections}\n", 1),
                                    encoding="utf-8")
    assert deckpress("translations", "pocket-bazaar").status == 0
    pot = {e.msgctxt for e in polib.pofile(str(FOLDER / "pocket-bazaar.pot"))}
    assert not [c for c in pot if "sheets[Bonus]" in c]  # a choice is the collections' names, translated there
    po = polib.pofile(str(FOLDER / "de-DE.po"))
    for entry in po:
        entry.msgstr, entry.flags, entry.previous_msgctxt = entry.msgstr or entry.msgid, [], None
    po.save()
    result = deckpress("check", "pocket-bazaar")
    assert not [e for e in result.errors if "lots.xlsx" in e], result.err


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_translated_cell_that_cannot_be_worked_out_is_said_at_its_po_entry(deckpress, tmp_path, kind):
    """A translation's template in a cell's entry: said at the entry the translator wrote (it was said at the
    source's cell, which is right, naming no language; a YAML deck's was said at its entry already)."""
    catalogued(deckpress, tmp_path, kind)
    po_file = FOLDER / "de-DE.po"
    po = polib.pofile(str(po_file))
    for entry in po:  # every text translated (as itself), but one
        entry.msgstr, entry.flags, entry.previous_msgctxt = entry.msgstr or entry.msgid, [], None
    (entry,) = [e for e in po if e.msgctxt == f"{prefix(kind)}cards[3].reminder"]
    entry.msgstr = f"{entry.msgid} {{{{ collections | nope }}}}"  # every value its source prints, and a mistake
    po.save()
    line = polib.pofile(str(po_file)).find(f"{prefix(kind)}cards[3].reminder", by="msgctxt").linenum
    said = [e for e in deckpress("check", "pocket-bazaar").errors if "nope" in e]
    assert said and all(e.startswith(f"{po_file.as_posix()}:") for e in said), said
    at = int(said[0].split(":")[1])
    assert at >= line and "nope" in po_file.read_text(encoding="utf-8").splitlines()[at - 1]  # at its msgstr
