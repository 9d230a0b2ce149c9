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
