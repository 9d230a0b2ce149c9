"""Each script in its face: a game in Greek (tests/fixtures/greek: en-GB and el-GR) is set in Fira Sans, which has
the Greek letters Atkinson Hyperlegible lacks, in every face its layouts name, and read back from its PDFs: their
fonts, their text, /Lang and the slug line; its English build embeds only Atkinson Hyperlegible. A character the
language's face lacks is a finding at its PO entry naming the language and the character, saying where no face
the press ships covers that script."""

from __future__ import annotations

import html
import re
import shutil
import zipfile
from pathlib import Path

import polib
import pypdf
import pytest
from conftest import FIXTURES, fixture_built, fixture_game

from deckpress.draw import fonts, scripts
from deckpress.words import plural, say

GAME = "greek-harbour"
GREEK = f"{GAME}-el-gr"
PO = Path("content") / GAME / "translations" / "el-GR.po"
MOTTOS = ("Κράτα γερά.", "Μείνε στο λιμάνι.", "Σπίτι πριν σκοτεινιάσει.")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return fixture_built(tmp_path_factory, FIXTURES / "greek")


def embedded(reader: pypdf.PdfReader) -> set[str]:
    """The base names of the fonts every page of a PDF uses."""
    found = set()
    for page in reader.pages:
        for font in (page["/Resources"].get_object().get("/Font") or {}).values():
            found.add(str(font.get_object()["/BaseFont"]))
    return found


def test_a_greek_build_is_set_in_fira_sans_and_reads_back_in_greek(built):
    pdfs = sorted((built / GREEK).rglob("*.pdf"))
    assert {p.name for p in pdfs} >= {f"{GREEK}-cards-a4.pdf", f"{GREEK}-rules-a4.pdf", f"{GREEK}-kit-a4.pdf"}
    for pdf in pdfs:
        reader = pypdf.PdfReader(pdf)
        faces = embedded(reader)
        assert faces and all(re.fullmatch(r"/[A-Z]{6}\+FiraSans-(Regular|Bold)", f) for f in faces), (pdf, faces)
        assert b"Atkinson" not in pdf.read_bytes()
        assert reader.trailer["/Root"]["/Lang"] == "el-GR"
        text = " ".join(page.extract_text() for page in reader.pages)
        assert "σελίδα 1 από" in text and "Τυπική έκδοση" in text, pdf  # the slug line, in Greek
    cards = " ".join(p.extract_text() for p in pypdf.PdfReader(built / GREEK / "standard" /
                                                                f"{GREEK}-cards-a4.pdf").pages)
    assert all(motto in cards for motto in MOTTOS) and "Άγκυρες 1" in cards
    kit = " ".join(p.extract_text() for p in pypdf.PdfReader(built / GREEK / "standard" / f"{GREEK}-kit-a4.pdf").pages)
    assert "Έλεγχος εκτύπωσης" in kit  # the print check, in Greek and in Fira Sans


def test_the_english_build_of_the_same_game_embeds_only_atkinson_hyperlegible(built):
    pdfs = sorted((built / GAME).rglob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        faces = embedded(pypdf.PdfReader(pdf))
        assert faces and all(re.fullmatch(r"/[A-Z]{6}\+AtkinsonHyperlegible-(Regular|Bold)", f) for f in faces)
        assert b"FiraSans" not in pdf.read_bytes()


def test_the_greek_text_edition_and_epub_ship_fira_sans_and_the_english_ones_atkinson(built):
    for game, family, files in ((GREEK, "Fira Sans", "FiraSans"), (GAME, "Atkinson Hyperlegible",
                                                                    "AtkinsonHyperlegible")):
        page = (built / game / f"{game}.html").read_text(encoding="utf-8")
        assert f'font-family: "{family}"' in page and f'url("fonts/{files}-Bold.ttf")' in page
        assert {p.name for p in (built / game / "fonts").iterdir()} == {f"{files}-Regular.ttf", f"{files}-Bold.ttf",
                                                                        "LICENSE.txt"}
        with zipfile.ZipFile(built / game / f"{game}.epub") as book:
            faces = {n.rpartition("/")[2] for n in book.namelist() if n.startswith("EPUB/fonts/")}
            assert faces == {f"{files}-{style}.ttf" for style in scripts.STYLES}
            assert f'font-family: "{family}"' in book.read("EPUB/css/edition.css").decode()


def test_the_greek_epub_passes_epubcheck(built, tmp_path_factory):
    from test_epub_validators import epubcheck_faults

    assert epubcheck_faults(tmp_path_factory, [built / GREEK / f"{GREEK}.epub"]) == []


def test_the_greek_braille_is_made_with_liblouis_greek_table(built):
    if shutil.which("lou_translate") is None:
        pytest.skip("liblouis is not installed")
    brf = (built / GREEK / f"{GREEK}.brf").read_text(encoding="ascii")
    assert "K\"ARTES" in brf  # Κάρτες, its accent marked before the letter


def test_an_arabic_letter_in_a_greek_translation_is_a_finding_naming_the_language_at_its_entry(
        tmp_path, monkeypatch, capsys):
    run = fixture_game(FIXTURES / "greek", tmp_path, monkeypatch, capsys)
    po = polib.pofile(str(PO))
    po.find("cards.yaml:cards[1].motto", by="msgctxt").msgstr = "Μείνε στο λιμάνι ش."
    po.save()
    entry = polib.pofile(str(PO)).find("cards.yaml:cards[1].motto", by="msgctxt")
    status, errors = run("build")
    assert status == 1 and len(errors) == 1
    assert errors[0].startswith(f"{PO}:{entry.linenum}:1: error: card 2 (Άγκυρες 2), {GREEK} (el-GR) cards, motto: "
                                f"el-GR: Fira Sans has no glyph for U+0634 'ش' (FiraSans-Regular); no font the "
                                f"press ships covers Arabic script: its letters need shaping")
    assert not Path("build").exists()


@pytest.mark.parametrize(("tag", "script", "family"), [
    ("el-GR", "Grek", "FiraSans"), ("el", "Grek", "FiraSans"), ("ru-RU", "Cyrl", "FiraSans"),
    ("sr-Latn-RS", "Latn", "AtkinsonHyperlegible"), ("en-GB", "Latn", "AtkinsonHyperlegible"),
    ("de", "Latn", "AtkinsonHyperlegible"), ("ar", "Arab", "AtkinsonHyperlegible"),
    ("xx", "Latn", "AtkinsonHyperlegible")])
def test_a_languages_script_is_its_tags_or_cldrs_and_picks_its_face(tag, script, family):
    assert (scripts.script(tag), scripts.family(tag)) == (script, family)


def test_every_face_a_layout_names_is_swapped_for_the_same_weight_and_style():
    named = {r: f"AtkinsonHyperlegible-{s}" for r, s in zip("abcd", scripts.STYLES, strict=True)}
    assert scripts.faces("el-GR", named) == {r: f"FiraSans-{s}" for r, s in zip("abcd", scripts.STYLES,
                                                                               strict=True)}
    assert scripts.faces("en-GB", named) == named
    for style in scripts.STYLES:  # the four faces are there, each with the Greek and Cyrillic letters
        assert not fonts.missing_glyphs(f"FiraSans-{style}", "Καλημέρα Доброе утро")
        assert fonts.missing_glyphs(f"AtkinsonHyperlegible-{style}", "Καλημέρα Доброе утро")


def test_a_greek_text_is_measured_in_the_face_it_is_drawn_in():
    text = "Σπίτι πριν σκοτεινιάσει."
    assert fonts.width("FiraSans-Regular", text, 10) != fonts.width("AtkinsonHyperlegible-Regular", text, 10)
    assert fonts.width("FiraSans-Regular", text, 10) == pytest.approx(
        fonts.font("FiraSans-Regular").stringWidth(text, 10))


def test_a_greek_letter_in_a_latin_game_says_which_face_the_press_sets_greek_in():
    assert scripts.lacking("AtkinsonHyperlegible-Regular", ["α"]) == (
        "; the press sets Greek script in Fira Sans, for a game in a language written in it")
    assert "Devanagari script: its letters need shaping" in scripts.lacking("FiraSans-Bold", ["क"])
    assert scripts.lacking("AtkinsonHyperlegible-Regular", ["★"]) == ""


def test_a_glyph_finding_names_the_family_each_character_and_the_face_once():
    assert scripts.no_glyph("AtkinsonHyperlegible-Bold", "αβ") == (
        "Atkinson Hyperlegible has no glyph for U+03B1 'α', U+03B2 'β' (AtkinsonHyperlegible-Bold); the press sets "
        "Greek script in Fira Sans, for a game in a language written in it")


def test_the_press_speaks_greek_with_cldrs_plurals_and_numbers():
    assert say("el-GR", "slug_page", page=1, pages=2) == "σελίδα 1 από 2"
    assert say("el-GR", "plan_cut", minutes=12, metres=3.4).startswith("Κοπή: περίπου 12 λεπτά, 3,4 m")
    assert (plural("el-GR", 1), plural("el-GR", 2)) == ("one", "other")
    assert say("el-GR", "epub_proof_links", count=1) == "ο ένας σύνδεσμός του λέει πού οδηγεί"


def test_the_press_greek_agrees_whatever_the_nouns_gender():
    """A deck's alike cards and its kinds are said without an adjective that would have to agree with the deck's
    title (κάρτες, μάρκες, φύλλα), and a count of one takes the singular."""
    alike = say("el-GR", "html_alike_cards", count=6, what="κάρτες βοήθειας παικτών")
    assert alike == "6 κάρτες βοήθειας παικτών, με το ίδιο περιεχόμενο:"
    each = say("el-GR", "html_each", total=100, what="μάρκες πετρών", each=20, items="Αχάτης και Όνυξ")
    assert each == "100 μάρκες πετρών, 20 από κάθε είδος: Αχάτης και Όνυξ."
    assert [say("el-GR", "length_in", inches=n, count=n) for n in range(3)] == ["0 ίντσες", "1 ίντσα", "2 ίντσες"]


@pytest.mark.parametrize("folder", ["", "public/"])
def test_the_greek_catalogue_parts_its_items_with_the_ano_teleia_and_says_its_placeholders_in_greek(built, folder):
    """`;` is the Greek question mark: the Greek page parts a file's link from its checksum, and the checksum file
    from the manifest, by the ano teleia, as the press's other Greek lists; `<file>` and `<game>` are Greek words."""
    text = _text(built / folder / "index.el.html")
    assert "Γλώσσες του λιμανιού· SHA-256:" in text
    assert not re.findall(r"[\u0370-\u03ff\u1f00-\u1fff][)]?; ", text)  # no Greek words parted by a `;`
    assert "αρχείου· manifest.json" in text and "αρχείου; manifest" not in text
    assert "certutil -hashfile <αρχείο> SHA256" in text and "<file>" not in text and "<game>" not in text
    assert ("host/<παιχνίδι>/" in text) == (folder == "")  # the full tree's page names the host's bundles
    english = _text(built / folder / "index.html")
    assert "certutil -hashfile <file> SHA256" in english and "Harbour Tongues; SHA-256:" in english


def _text(page: Path) -> str:
    """A page's words as read: its tags and script taken away."""
    said = re.sub(r"<script.*?</script>", "", page.read_text("utf-8"), flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", said))
