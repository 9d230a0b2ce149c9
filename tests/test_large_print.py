"""The large-print edition and the accessible text edition: read back and checked as strictly."""

from __future__ import annotations

import bisect
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pdfplumber
import polib
import pypdfium2 as pdfium
import pytest
import yaml
from conftest import CONTENT, LAYOUTS, MM, SHIPPED, built_games, edit, line_of, shared
from leaves import fingerprints
from marks import chars, pdfium_chars
from pdfplumber.utils.text import WordExtractor
from pypdf import PdfReader

LOTS = Path("content/pocket-bazaar/lots.yaml")
WORDS = WordExtractor(extra_attrs=["fontname", "size"])  # pdfplumber's `page.extract_words` of font and size


def large(built: Path, game: str = "*") -> list[Path]:
    return sorted(built.glob(f"{game}/large-print/*.pdf"))


def test_every_shipped_game_and_component_has_a_large_print_edition(built):
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    shipped = [e for e in manifest if e["game"] in SHIPPED]
    standard = {(e["game"], e["component"], e["paper"]) for e in shipped if e["edition"] == "standard"}
    big = {(e["game"], e["component"], e["paper"]) for e in shipped if e["edition"] == "large-print"}
    # the optional tuck boxes for the large-print desk and exchange cards would need A3: standard edition only
    boxed = {(g, c, p) for g, c in (("open-secret-exchange", "desk-box"), ("stone-market", "exchange-box"))
             for p in ("a4", "letter")}
    assert standard - boxed == big and boxed <= standard
    assert len(big) == 2 * (8 + 7 + 9)  # Open Secret Exchange has a host's kit too; two games a tuck box
    assert {e["path"] for e in shipped if e["component"] == "accessible-html" and e["audience"] == "public"} == {
        f"{g}/{g}.html" for g in SHIPPED
    }


def test_a_large_print_component_prints_every_word_its_standard_one_prints(built):
    """Low-vision players get the whole game: a card, sheet or booklet of the large-print edition says all its
    standard twin says (the reference card once dropped a rule and its table's heading for room), but for the
    standard edition's name in the slug, in any language the game is printed in."""
    label = yaml.safe_load((LAYOUTS / "standard" / "theme.yaml").read_text(encoding="utf-8"))["label"]
    labels = {label, *(e.msgstr for po in CONTENT.glob("*/translations/*.po") for e in polib.pofile(str(po))
                       if e.msgid == label and e.msgstr)}
    edition = {w for text in labels for w in _words(text)}
    for standard in sorted(built.glob("*/standard/*-a4.pdf")):
        twin = built / standard.parts[-3] / "large-print" / standard.name
        if "-kit-" in standard.name or not twin.exists():
            continue  # a kit repeats its components; a component only standard has (a tuck box) has no twin
        missing = _words(_text(standard)) - _words(_text(twin)) - edition
        assert not missing, (standard.name, sorted(missing)[:10])


def _text(path: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(path).pages)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]{3,}", text))


def test_every_game_has_its_text_edition(built):
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    assert {e["path"] for e in manifest if e["component"] == "accessible-html" and e["audience"] == "public"} == {
        f"{g}/{g}.html" for g in built_games()  # every language of every game
    }


def test_no_character_in_large_print_is_smaller_than_18_pt(built):
    assert len([p for g in SHIPPED for p in large(built, g)]) == 48  # the shipped games' large-print PDFs, boxes too
    for path in large(built):
        with pdfplumber.open(path) as doc:
            # a kit repeats its components after its print check
            pages = doc.pages[:1] if "-kit-" in path.name else doc.pages
            # a label turned upright: pdfplumber gives its size across the line
            sizes = [c.size if c.upright else c.width for page in pages for c in chars(page)]
        assert sizes and min(sizes) >= 18 - 1e-3, path


@pytest.mark.parametrize(("component", "size", "count"), [
    ("pocket-bazaar/large-print/pocket-bazaar-lot-cards", (89, 127), 4),
    ("stone-market/large-print/stone-market-ware-cards", (89, 127), 4),
    ("open-secret-exchange/large-print/open-secret-exchange-desk-cards", (178, 124), 2),
])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_jumbo_cards_and_larger_cards(built, component, size, count, paper):
    with pdfplumber.open(built / f"{component}-{paper}.pdf") as doc:
        page = doc.pages[0]
        cells = [r for r in page.rects
                 if abs(r["width"] / MM - size[0]) < 0.1 and abs(r["height"] / MM - size[1]) < 0.1]
        assert len(cells) == count
        assert any(w["text"] == "mm" for w in page.extract_words())  # the scale check is there too


def test_card_indices_are_at_least_half_an_inch_tall(built):
    with pdfplumber.open(built / "pocket-bazaar/large-print/pocket-bazaar-lot-cards-a4.pdf") as doc:
        numerals = [c for c in doc.pages[0].chars if c["text"] in "123456" and c["size"] >= 50]
    assert len(numerals) == 4
    cap = 0.668  # Atkinson Hyperlegible Bold: capital and figure height per point of size
    assert all(c["size"] * cap / 72 * 25.4 >= 12.7 for c in numerals)


def test_text_reads_in_order(built):
    rules = PdfReader(built / "pocket-bazaar/large-print/pocket-bazaar-rules-a4.pdf").pages[0].extract_text()
    assert rules.index("The Pocket Bazaar") < rules.index("What you need") < rules.index("How to play")
    cards = PdfReader(built / "pocket-bazaar/large-print/pocket-bazaar-lot-cards-a4.pdf").pages[0].extract_text()
    cards = " ".join(cards.split())
    assert cards.index("A little lantern") < cards.index("A steady light") < cards.index("A hanging lantern")


@pytest.mark.slow  # a whole build
def test_text_too_long_for_large_print_fails_there_only(deckpress):
    long = "A steady light for late arrivals, kept burning in the window of the last stall until every guest is home."
    edit(LOTS, "A steady light for late arrivals.", long)
    assert deckpress("build", "--edition", "standard", "--paper", "a4").status == 0
    result = deckpress("check", "pocket-bazaar")
    line = line_of(LOTS, "A steady light")
    assert result.status == 1
    assert result.errors == [f"{LOTS}:{line}:14: error: pocket-bazaar lot-cards, card 2 (Lanterns 2), flavour: "
                             "text does not fit its 79 x 27 mm box at the minimum size of 18 pt (large-print edition)"]


def test_large_print_builds_on_its_own(deckpress):
    assert deckpress("build", "--edition", "large-print", "--paper", "letter").status == 0
    built = sorted(p.relative_to("build").as_posix() for p in Path("build").rglob("*.pdf")
                   if "-tactile-labels-" not in p.name)  # braille labels: the same in every edition, with the text
    # the tree's large-print/ folders, and their copies in the flat public/ and host/ folders (named by edition)
    assert built and all(("/large-print/" in p or "-large-print-" in p) and p.endswith("-letter.pdf") for p in built)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("body: {font: regular, size: 18}", "body: {font: regular, size: 16}",
     "min_size must be at least the large-print edition's 18 pt, got 16"),
    ("heading: {font: bold, size: 22}", "heading: {font: bold, size: 20}",
     "layout booklet: the heading style must be at least 22 pt in this edition, got 20"),
])
def test_the_edition_minimums_are_enforced(deckpress, tmp_path, old, new, message):
    layouts = tmp_path / "layouts"
    import shutil

    shutil.copytree(LAYOUTS, layouts)
    edit(layouts / "large-print/booklet.yaml", old, new)
    result = deckpress("check", "pocket-bazaar", layouts=(layouts,))
    assert result.status == 1
    found = [e for e in result.errors if e.endswith(f"error: {message}") and "large-print/booklet.yaml" in e]
    assert found, result.errors


def test_a_card_index_under_half_an_inch_is_refused(deckpress, tmp_path):
    layouts = tmp_path / "layouts"
    import shutil

    shutil.copytree(LAYOUTS, layouts)
    edit(layouts / "large-print/lot-card.yaml", "style: {font: bold, size: 60, min_size: 56}",
         "style: {font: bold, size: 60, min_size: 40}")
    result = deckpress("check", "pocket-bazaar", layouts=(layouts,))
    expected = ("error: element points is a card index: its letters must be at least 12.7 mm tall in the large-print "
                "edition, so min_size must be at least 53.9 pt")
    assert any(e.endswith(expected) for e in result.errors), result.errors


class Outline(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lang, self.headings, self.tags, self.text = None, [], [], []

    def handle_starttag(self, tag, attrs):
        if tag == "html":
            self.lang = dict(attrs).get("lang")
        if len(tag) == 2 and tag[0] == "h" and tag[1].isdigit():
            self.headings.append(int(tag[1]))
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


@pytest.mark.parametrize("game", ["pocket-bazaar", "open-secret-exchange", "stone-market"])
def test_the_accessible_html_edition(built, game):
    texts = []
    for page in sorted((built / game).glob("*.html")):
        outline = Outline()
        outline.feed(page.read_text(encoding="utf-8"))
        assert outline.lang == "en-GB"
        assert outline.headings.count(1) == 1 and outline.headings[0] == 1, page
        # no level skipped
        assert all(b <= a + 1 for a, b in zip(outline.headings, outline.headings[1:], strict=False)), page
        assert {"ul", "ol", "dl", "table"} & set(outline.tags)
        texts.append(" ".join(" ".join(outline.text).split()))
    text = " ".join(texts)
    said = set(re.findall(r"\w+", text.casefold()))  # cards are read as their layouts draw them: compared by word
    for deck_file in sorted((CONTENT / game).glob("*.yaml")):
        data = yaml.safe_load(deck_file.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "cards" in data:
            for card in data["cards"]:
                for value in card.values():
                    shown = "; ".join(f"{k} = {v}" for k, v in value.items()) if isinstance(value, dict) else value
                    shown = ", ".join(shown) if isinstance(shown, list) else str(shown)
                    assert set(re.findall(r"\w+", shown.casefold())) <= said, (game, shown)


def test_sheets_are_real_tables_with_header_cells(built):
    page = (built / "pocket-bazaar/pocket-bazaar.html").read_text(encoding="utf-8")
    assert '<th scope="col">Total (12 or less)</th>' in page
    assert '<th scope="row">Round 4</th>' in page
    assert page.count("<table>") == 4 + 1  # each of the four teams' bid sheets, and the score sheet


def test_lines_of_text_are_at_most_six_inches(deckpress, tmp_path):
    import shutil

    layouts = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, layouts)
    edit(layouts / "large-print/desk-card.yaml", "box_mm: [8, 86, 150, 27]", "box_mm: [8, 86, 162, 27]")
    result = deckpress("check", "open-secret-exchange", layouts=(layouts,))
    line = line_of(layouts / "large-print/desk-card.yaml", "box_mm: [8, 86, 162, 27]")
    expected = (f"{layouts}/large-print/desk-card.yaml:{line}:13: error: element reminder is 162 mm wide, but lines of "
                "text in the large-print edition are at most 152.4 mm long")
    assert expected in result.errors


def test_secrets_stay_apart_in_the_text_edition(built):
    folder = built / "open-secret-exchange"
    main_page = (folder / "open-secret-exchange.html").read_text(encoding="utf-8")
    assert "paper bridge" not in main_page and "Answer guide: Market 1" not in main_page
    assert 'href="open-secret-exchange-desk-cards-1.html"' not in main_page  # the public page links no secret
    host_page = (folder / "open-secret-exchange-host.html").read_text(encoding="utf-8")
    assert all(f'href="open-secret-exchange-desk-cards-{n}.html"' in host_page for n in range(1, 9))
    assert 'href="open-secret-exchange-answer-guide.html"' in host_page
    desk = (folder / "open-secret-exchange-desk-cards-1.html").read_text(encoding="utf-8")
    assert "Private: only for the player of market 1, desk A." in desk
    assert "paper bridge" in desk and "amber bell" not in desk  # desk A's records, not desk B's
    guide = (folder / "open-secret-exchange-answer-guide.html").read_text(encoding="utf-8")
    assert "Private: for the host only." in guide and "Contains solutions" in guide


def _close_lines(path: Path, seen: set[bytes]) -> tuple[int, list[tuple[int, str, float]]]:
    """How many pairs of consecutive lines were measured, and those set closer than 1.5 times their size: each
    word against the nearest word below it of its font and size that shares some of its width, within two sizes
    (a line of the same text block; anything further is another block). The words are pdfplumber's, made of the
    characters pdfium reads (pdfplumber's own reading is most of the time of a scan of every page). A page alike
    to one measured already (`seen`: their fingerprints; a kit's copy of its component's page) is not again."""
    measured, close = 0, []
    pdf = pdfium.PdfDocument(path)
    for number, alike in enumerate(fingerprints(path)):
        if alike in seen:
            continue
        seen.add(alike)
        words = sorted((w for w in WORDS.extract_words(pdfium_chars(pdf[number])) if w["upright"]),
                       key=lambda w: w["top"])
        tops = [w["top"] for w in words]
        for w in words:
            # the words whose tops lie below this one's within two sizes and a point (sorted by top: a slice of
            # them, not every word of the page; the test below is the exact one)
            within = words[bisect.bisect_left(tops, w["top"]):bisect.bisect_right(tops, w["top"] + 2 * w["size"] + 1)]
            below = [v["top"] - w["top"] for v in within
                     if v["fontname"] == w["fontname"] and abs(v["size"] - w["size"]) < 0.01
                     and 0.5 < v["top"] - w["top"] < 2 * w["size"] and v["x0"] < w["x1"] and w["x0"] < v["x1"]]
            if below:
                measured += 1
                if min(below) < 1.5 * w["size"] - 0.01:
                    close.append((number + 1, w["text"], round(min(below) / w["size"], 3)))
    return measured, close


def test_every_line_of_large_print_is_at_least_one_and_a_half_times_its_size_below_the_one_above(built):
    """ACB: line spacing of 1.5 or more, read back from every large-print PDF: the lines of a paragraph, of a
    card's text, of a list's items and of a cell, and the slug below the last line of a page."""
    measured, seen = 0, set[bytes]()
    for path in large(built):
        count, close = _close_lines(path, seen)
        assert not close, (path.name, close[:5])
        measured += count
    assert measured > 1000  # lines were found and measured, not passed over


@pytest.fixture(scope="module")
def bold(tmp_path_factory) -> Path:
    """Large print on A4 with `--bold`, as the accessibility team would build it: read-only."""
    return shared(tmp_path_factory, ("build", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--jobs", "1",
                                     "--edition", "large-print", "--paper", "a4", "--bold"))


def test_bold_sets_the_body_of_large_print_in_atkinson_hyperlegible_bold(bold):
    """ACB prefers bold: every letter of every large-print PDF in the bold face (headings were already), with
    nothing smaller and no line closer than without it; the build found nothing, its contrast checks too."""
    paths = large(bold)
    listed = json.loads((bold / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    pdfs = {bold / e["path"] for e in listed if e["path"].endswith(".pdf") and "/large-print/" in e["path"]}
    assert len(paths) >= 24 and set(paths) == pdfs  # every large-print PDF on A4, in every language built
    seen = set[bytes]()
    for path in paths:
        pdf = pdfium.PdfDocument(path)
        fonts = {c["fontname"].split("+")[-1] for i in range(len(pdf)) for c in pdfium_chars(pdf[i])}
        assert fonts == {"AtkinsonHyperlegible-Bold"}, (path.name, fonts)
        assert not _close_lines(path, seen)[1], path.name
    plain = PdfReader(bold / "stone-market/large-print/stone-market-rules-a4.pdf").pages[0].extract_text()
    assert "There are five kinds of stone" in " ".join(plain.split())


def test_without_bold_the_body_is_regular(built):
    with pdfplumber.open(built / "stone-market/large-print/stone-market-rules-a4.pdf") as doc:
        fonts = {c["fontname"].split("+")[-1] for c in doc.pages[0].chars}
    assert fonts == {"AtkinsonHyperlegible-Regular", "AtkinsonHyperlegible-Bold"}
