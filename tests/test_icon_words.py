"""An icon read aloud in a translated game's language: each icon of the game's own `icons/` is a PO entry
(`icons:<name>`), and a translated game's figures' alt texts, text edition and EPUB say its translation."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import polib
import pypdf
from conftest import edit
from test_stone_market_translatable import drafted

OUT = Path("out/stone-market-es-es")
ICONS = {"star": "estrella", "triangle": "triángulo", "diamond": "rombo"}
PO = Path("content/pocket-bazaar/translations/de-DE.po")


def alts(path: Path) -> list[str]:
    """Every /Alt of the PDF's structure elements."""
    found: list[str] = []
    with pikepdf.open(path) as pdf:
        todo = [pdf.Root.StructTreeRoot]
        while todo:
            node = todo.pop()
            if isinstance(node, pikepdf.Dictionary) and "/Alt" in node:
                found.append(str(node.Alt))
            kids = node.get("/K") if isinstance(node, pikepdf.Dictionary) else node
            if isinstance(kids, pikepdf.Array):
                todo += list(kids)
            elif isinstance(kids, pikepdf.Dictionary):
                todo.append(kids)
    return found


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


def test_each_icon_of_the_game_is_a_po_entry(deckpress):
    entries = {e.msgctxt: e for e in drafted(deckpress)}
    assert entries["icons:triangle"].msgid == "triangle"
    assert entries["icons:circle"].occurrences == [("icons/circle.svg", "1")]
    assert (entries["icons:star"].msgid, entries["icons:star"].msgid_plural) == ("star", "stars")  # game.yaml's
    assert {c for c in entries if c.startswith("icons:")} == {
        f"icons:{n}" for n in ("circle", "diamond", "hexagon", "square", "star", "triangle")}


def test_a_spanish_game_reads_its_icons_in_spanish(deckpress):
    po = drafted(deckpress)
    for entry in po:
        if entry.msgctxt.startswith("icons:") and not entry.msgid_plural:
            entry.msgstr = ICONS.get(entry.msgid, entry.msgstr)
    po.save()
    result = deckpress("build", "stone-market", "--edition", "standard", "--paper", "a4", "--out", "out")
    assert result.status == 0, result.err
    said = {pdf.name: alts(pdf) for pdf in sorted((OUT / "standard").glob("*.pdf"))}
    heard = words(" ".join(a for found in said.values() for a in found))
    assert not heard & {"star", "triangle", "diamond"}, heard
    said = {name: said[f"stone-market-es-es-{name}-a4.pdf"] for name in ("ware-cards", "stones")}
    assert "2 estrellas" not in said["ware-cards"]  # a ware's stars left to its words (`Dos estrellas`)
    assert any("Ámbar" in a for a in said["ware-cards"])  # its stones' figure still read, in Spanish
    assert "Ámbar (A, triángulo)" in said["stones"]
    html = (OUT / "stone-market-es-es.html").read_text(encoding="utf-8")
    assert "Ámbar (A, triángulo)" in html and "(A, triangle)" not in html
    assert "(estrella)" in html and "(star)" not in html  # a die's face of the player's choice
    english = alts(Path("out/stone-market/standard/stone-market-ware-cards-a4.pdf"))
    assert "2 stars" not in english and "Amber (A, triangle)" in alts(Path(
        "out/stone-market/standard/stone-market-stones-a4.pdf"))  # the source language reads each icon by its name


def test_an_icon_inline_in_translated_text_reads_in_spanish(deckpress):
    po = drafted(deckpress)
    for entry in po:
        if entry.msgctxt == "rules.yaml:tagline":
            entry.msgstr = "Tira piedras y compra mercancías :star:"
        elif entry.msgctxt.startswith("icons:") and not entry.msgid_plural:
            entry.msgstr = ICONS.get(entry.msgid, entry.msgstr)
    po.save()
    result = deckpress("build", "stone-market", "--edition", "standard", "--paper", "a4", "--out", "out")
    assert result.status == 0, result.err
    pdf = pypdf.PdfReader(OUT / "standard/stone-market-es-es-rules-a4.pdf")
    text = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
    assert "compra mercancías estrella" in text  # the icon's name, invisible over it, is the Spanish word
    html = (OUT / "stone-market-es-es.html").read_text(encoding="utf-8")
    assert "compra mercancías estrella" in html


def test_an_icon_in_a_translated_table_reads_in_german(deckpress):
    total = "          - Total\n"
    edit(Path("content/pocket-bazaar/sheets.yaml"), total, f'{total}          - ":lantern:"\n')  # a row of an icon
    assert deckpress("translations", "pocket-bazaar").status == 0
    po = polib.pofile(str(PO))
    po.find(":lantern:").msgstr = ":lantern:"
    po.save()
    result = deckpress("build", "pocket-bazaar", "--edition", "standard", "--paper", "a4", "--out", "out")
    assert result.status == 0, result.err
    sheets = {language: " ".join(pypdf.PdfReader(f"out/{game}/standard/{game}-score-sheet-a4.pdf").pages[0]
                                  .extract_text().split()) for language, game in (
                                      ("en", "pocket-bazaar"), ("de", "pocket-bazaar-de-de"))}
    assert "Total lantern" in sheets["en"]
    assert "Summe Laterne" in sheets["de"] and "lantern" not in sheets["de"]


def test_an_icon_not_translated_is_a_finding_at_its_entry(deckpress):
    po = polib.pofile(str(PO))
    po.find("lantern", msgctxt="icons:lantern").msgstr = ""
    po.save()
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    line = polib.pofile(str(PO)).find("lantern", msgctxt="icons:lantern").linenum  # where the entry starts
    assert f"{PO.as_posix()}:{line}:1: error: de-DE: the word" in result.err
    assert "the word the icon lantern is read as is not translated (icons:lantern)" in result.err


def test_the_shipped_german_game_translates_its_pictograms(deckpress):
    entries = {e.msgctxt: e.msgstr for e in polib.pofile(str(PO)) if e.msgctxt.startswith("icons:")}
    assert entries == {"icons:key": "Schlüssel", "icons:lantern": "Laterne", "icons:map": "Karte",
                       "icons:teacup": "Teetasse"}


def test_an_icon_inline_in_text_reads_as_its_name_said():
    from deckpress.load.icon_words import ICON_WORDS, read_inline

    assert read_inline("pay one :tea-cup: now", {}) == "pay one tea cup now"  # as its figure's alt text reads it
    assert read_inline(":tea-cup: :star:", {ICON_WORDS: {"star": "Stern"}}) == "tea cup Stern"
