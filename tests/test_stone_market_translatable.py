"""Stone Market translated: every word its cards, tokens, score sheets and rules print reaches the PO file (the
stars and stones on the ware cards, the tokens' names, the scoring table's rows, the shapes' names, the wares'
noun), and a translatable parameter written out in words counts as the value its source prints."""

from __future__ import annotations

import zipfile
from pathlib import Path

import polib
import pypdf
from conftest import edit

GAME = Path("content/stone-market")
FOLDER = GAME / "translations"
SPANISH = {"Amber": "Ámbar", "Onyx": "Ónice", "Pearl": "Perla", "Ruby": "Rubí", "triangle": "triángulo",
           "diamond": "rombo", "circle": "círculo", "hexagon": "hexágono", "square": "cuadrado",
           "No star": "Sin estrellas", "One star": "Una estrella", "Two stars": "Dos estrellas",
           "Stones left over": "Piedras sobrantes", "Plain ware": "Mercancía simple",
           "Two stars once a stall is empty": "Dos estrellas con algún puesto vacío"}
PLURALS = {"Amber": ("Ámbar", "Ámbares"), "Onyx": ("Ónice", "Ónices"), "Pearl": ("Perla", "Perlas"),
           "Ruby": ("Rubí", "Rubíes"), "Jade": ("Jade", "Jades"), "star": ("estrella", "estrellas")}
ITEMS = "rules.yaml:sections[0].items[1]"  # "... {{ stones_per_colour }} each of {{ stones | series }}"


def drafted(deckpress, items: str | None = None) -> polib.POFile:
    """A Spanish PO file: the words above translated, every other text its source; `items` the translation of
    the rules' list of stone tokens."""
    edit(GAME / "game.yaml", "language: en-GB\n", "languages: [en-GB, es-ES]\n")
    result = deckpress("translations", "stone-market")
    assert result.status == 0, result.err
    po = polib.pofile(str(FOLDER / "es-ES.po"))
    for entry in po:
        if entry.msgid_plural:  # a counted word: Spanish's forms for one, for many (a million) and the others
            one, other = PLURALS[entry.msgid]
            entry.msgstr_plural = {0: one, 1: other, 2: other}
            continue
        entry.msgstr = SPANISH.get(entry.msgid, entry.msgid)
        if entry.msgctxt == ITEMS and items is not None:
            entry.msgstr = items
    po.header = po.header.replace("Translated by:", "Translated by: the tests")
    po.save()
    return po


def test_the_words_on_the_cards_sheets_and_scoring_table_are_in_the_pot(deckpress):
    pot = {e.msgctxt: e.msgid for e in drafted(deckpress)}
    assert [pot[f"game.yaml:parameters.star_words[{i}]"] for i in range(3)] == ["No star", "One star", "Two stars"]
    assert pot["game.yaml:parameters.scoring_words[4]"] == "Two stars once a stall is empty"
    assert [pot[f"game.yaml:parameters.shapes[{i}]"] for i in range(5)] == [
        "triangle", "diamond", "circle", "hexagon", "square"]


def test_the_spanish_cards_tokens_sheets_and_rules_print_no_english_word(deckpress):
    drafted(deckpress)
    result = deckpress("build", "stone-market", "--edition", "standard", "--paper", "a4", "--out", "out")
    assert result.status == 0, result.err
    text = {name: "\n".join(p.extract_text() for p in pypdf.PdfReader(
        f"out/stone-market-es-es/standard/stone-market-es-es-{name}-a4.pdf").pages)
        for name in ("ware-cards", "stones", "score-sheets", "rules")}
    assert "Sin estrellas" in text["ware-cards"] and "Dos estrellas" in text["ware-cards"]
    assert "Ámbar" in text["ware-cards"] and "Amber" not in text["ware-cards"] and "One star" not in text["ware-cards"]
    assert "Rubí" in text["stones"] and "Ruby" not in text["stones"]
    for name in ("score-sheets", "rules"):
        assert "Piedras sobrantes: 0, 1, 2, 3, 4+." in text[name] and "Plain ware" not in text[name]
    assert "(A, triángulo)" in " ".join(text["rules"].split()) and "triangle" not in text["rules"]


def test_a_translatable_parameter_written_out_counts_as_printed(deckpress):
    drafted(deckpress, items="100 fichas: 20 de cada una, Ámbar, Jade, Ónice, Perla y Rubí")
    result = deckpress("check", "stone-market")
    assert "leaves out a value its source prints (rules.yaml:sections[0].items[1]): stones_per_colour" in result.err
    drafted(deckpress, items="100 fichas: {{ stones_per_colour }} de Ámbar, Jade, Ónice, Perla y Rubí")
    result = deckpress("check", "stone-market")
    assert (result.status, result.errors) == (0, []), result.err


def test_a_translatable_parameter_written_out_only_in_part_is_left_out(deckpress):
    drafted(deckpress, items="100 fichas: {{ stones_per_colour }} de Ámbar, Jade y Rubí")
    result = deckpress("check", "stone-market")
    assert result.status == 1
    assert "leaves out a value its source prints (rules.yaml:sections[0].items[1]): stones" in result.err


def test_the_spanish_wares_are_named_in_spanish_in_the_text_edition_and_tagged_cards(deckpress):
    SPANISH["ware"] = "mercancía"
    try:
        drafted(deckpress)
    finally:
        del SPANISH["ware"]
    result = deckpress("build", "stone-market", "--edition", "standard", "--paper", "a4", "--out", "out")
    assert result.status == 0, result.err
    html = Path("out/stone-market-es-es/stone-market-es-es.html").read_text(encoding="utf-8")
    assert "<h4>Mercancía 1</h4>" in html and "<h4>Ware" not in html  # the text edition's headings
    with zipfile.ZipFile("out/stone-market-es-es/stone-market-es-es.epub") as epub:
        contents = "".join(epub.read(n).decode() for n in epub.namelist() if n.endswith("nav.xhtml"))
    assert "Mercancía 45<" in contents and "Ware 1<" not in contents  # the EPUB's table of contents
    root = pypdf.PdfReader("out/stone-market-es-es/standard/stone-market-es-es-ware-cards-a4.pdf").trailer["/Root"]
    document = root["/StructTreeRoot"]["/K"]
    document = (document[0] if isinstance(document, list) else document).get_object()
    titles = [str(k.get_object().get("/T", "")) for k in document["/K"]]
    assert titles[:2] == ["mercancía 1", "mercancía 2"]  # the tagged PDF's card sections
