"""A translated game's card labels: a deck's `label` is offered in the POT, and its translation names each card in
that language's files (the tagged PDFs' card sections, as the text edition's and EPUB's contents, the braille
labels' guide and the exports name them)."""

from __future__ import annotations

from pathlib import Path

import polib
from conftest import FIXTURES, fixture_game
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

GAME = Path("content/harbour-tongues")
PO = GAME / "translations"
LABEL = 'label: "{{ suit }} {{ rank }}"'
CONTEXT = "game.yaml:decks[cards].label"
WORDS = {"de-DE": "Karte", "fr-FR": "carte"}


def _translate(language: str, context: str, msgstr: str) -> None:
    po = polib.pofile(str(PO / f"{language}.po"), wrapwidth=0)
    (entry,) = (e for e in po if e.msgctxt == context)
    entry.msgstr = msgstr
    po.save()


def _titles(pdf: Path) -> list[str]:
    """The titles of a tagged PDF's card sections, in order."""
    root = PdfReader(pdf).trailer["/Root"]["/StructTreeRoot"]
    (document,) = [k.get_object() for k in root["/K"]] if isinstance(root["/K"], list) else [root["/K"].get_object()]
    kids = [k.get_object() for k in document["/K"]]
    return [str(k["/T"]) for k in kids if isinstance(k, DictionaryObject) and k.get("/S") == "/Sect"]


def test_a_decks_label_is_translated_and_names_its_cards_in_the_language(tmp_path, monkeypatch, capsys):
    run = fixture_game(FIXTURES / "languages", tmp_path, monkeypatch, capsys)
    game = GAME / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(LABEL, 'label: "card {{ suit }} {{ rank }}"'),
                    encoding="utf-8")
    assert run("translations", "harbour-tongues") == (0, [])
    pot = {e.msgctxt: e for e in polib.pofile(str(PO / "harbour-tongues.pot"))}
    assert pot[CONTEXT].msgid == "card {{ suit }} {{ rank }}"
    status, errors = run("check", "harbour-tongues")  # offered, not yet translated: said at its entry
    assert status == 1 and any(f"de-DE: not translated yet ({CONTEXT})" in e for e in errors), errors
    for language, word in WORDS.items():
        _translate(language, CONTEXT, f"{word} {{{{ suit }}}} {{{{ rank }}}}")
    assert run("build", "--edition", "standard", "--paper", "a4", "--out", "out") == (0, [])
    cards = "{0}/standard/{0}-cards-a4.pdf"
    assert _titles(Path("out", cards.format("harbour-tongues")))[:2] == ["card Anchors 1", "card Anchors 2"]
    assert _titles(Path("out", cards.format("harbour-tongues-de-de")))[0].startswith("Karte ")
    assert _titles(Path("out", cards.format("harbour-tongues-fr-fr")))[0].startswith("carte ")



def test_a_decks_card_noun_is_translated_and_names_its_cards_without_a_label(tmp_path, monkeypatch, capsys):
    run = fixture_game(FIXTURES / "languages", tmp_path, monkeypatch, capsys)
    game = GAME / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(f"    {LABEL}\n", ""), encoding="utf-8")
    noun = "game.yaml:decks[cards].card"
    assert run("translations", "harbour-tongues") == (0, [])
    assert {e.msgctxt: e.msgid for e in polib.pofile(str(PO / "harbour-tongues.pot"))}[noun] == "motto-card"
    assert run("build", "--edition", "standard", "--paper", "a4", "--out", "out") == (0, [])
    cards = "out/{0}/standard/{0}-cards-a4.pdf"
    assert _titles(Path(cards.format("harbour-tongues")))[:2] == ["motto-card 1", "motto-card 2"]  # English as written
    assert _titles(Path(cards.format("harbour-tongues-de-de")))[:2] == ["Mottokarte 1", "Mottokarte 2"]
    assert _titles(Path(cards.format("harbour-tongues-fr-fr")))[0] == "carte-devise 1"
