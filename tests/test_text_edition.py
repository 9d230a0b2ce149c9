"""The text edition holds every text the PDFs print, read as a reader wants it: cards through their layouts,
equations as sentences, identical cards counted, tables with header cells and named tick boxes, and well-formed
XML, so an EPUB can pack the very same pages."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from html import unescape
from pathlib import Path

import pdfplumber
import pytest
import yaml
from conftest import CONTENT, LAYOUTS, SHIPPED, edit, in_source_language
from harbour import FACE, harbour, run
from pypdf import PdfReader

from deckpress.cli import main
from deckpress.layout.slug import SEPARATOR
from deckpress.words import LANGUAGES, WORDS, say

XHTML = "{http://www.w3.org/1999/xhtml}"
FERRY = Path(__file__).resolve().parent / "fixtures" / "export" / "content" / "ferry-tickets"  # `card: poster`
WORD = re.compile(r"\w+")
# Words a PDF prints that are the paper's, not the game's: each left out of the comparison, and why.
PRINT_ONLY = {
    "scale bar": WORDS["en"]["length_mm"].format(mm=50),  # the 50 mm bar beside the cards, to check the scale
}

# Components whose stones are drawn as shapes with their letter inside: the text edition reads each stone by its name
# ("3 Pearls = 1 Jade and 2 Rubies"), so the letters are not compared but their names must be there; the stone tokens
# and the rules pair every name with its letter.
STONES_BY_NAME = {("stone-market", "exchange-cards"), ("stone-market", "ware-cards")}
STONE_NAMES = {"a": "amber", "j": "jade", "o": "onyx", "p": "pearl", "r": "ruby"}


def text_pages(built: Path) -> list[Path]:
    """Every game's text edition pages in the tree (not the publications' pages: public/index.html is the
    catalogue)."""
    return sorted(p for p in built.glob("*/*.html") if p.parent.name not in ("public", "host"))


def words(text: str) -> set[str]:
    return set(WORD.findall(text.casefold()))


def pdf_words(path: Path) -> set[str]:
    """Every word on every page but the slug line's (the line naming game, component, edition, paper, page and
    version, its parts joined by the slug's separator)."""
    found: set[str] = set()
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            lines = [line["text"] for line in page.extract_text_lines()]
            slug = [line for line in lines if SEPARATOR.strip() in line]
            assert slug, f"{path} page {page.page_number} has no slug line"
            found |= words(" ".join(line for line in lines if line not in slug))
    for mark in PRINT_ONLY.values():
        found -= words(mark)
    return found


def page(path: Path) -> ET.Element:
    return ET.parse(path).getroot()


def text(element: ET.Element) -> str:
    """The element's text as a reader gets it: its words, and the names of what has one (a tick box)."""
    said = [element.get("aria-label") or "", element.text or ""]
    for child in element:
        said += [text(child), child.tail or ""]
    return " ".join(said)


def parts(root: ET.Element) -> dict[str, str]:
    """The page's text by component title: the rules (its header and rules section), then each card deck and
    sheet under its h3 heading (`Lot cards (24)`: the count left off)."""
    out: dict[str, str] = {}
    header = root.find(f".//{XHTML}header")
    for section in root.iter(f"{XHTML}section"):
        if section.get("aria-labelledby") == "rules":
            out["Rules"] = text(header) + " " + text(section) if header is not None else text(section)
            continue
        title = None
        for child in section:
            if child.tag == f"{XHTML}h3":
                title = re.sub(r" \(\d+\)$", "", child.text or "")
                out[title] = ""
            if title is not None:
                out[title] += " " + text(child)
    return out


def component_pdfs(built: Path, game: str) -> list[dict]:
    """The game's PDFs to read: not its kits, and not its boxes, which are papercraft for the cards (a blank, its
    cut and fold legend and the deck's name on its panels), no part of play to read."""
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    listed = yaml.safe_load((CONTENT / game / "game.yaml").read_text(encoding="utf-8"))["components"]
    boxes = {c["id"] for c in listed if c.get("kind") in ("tuck-box", "box")}
    return [e for e in manifest if e["game"] == game and e["edition"] == "standard" and e["paper"] == "a4"
            and e["component"] not in ("kit", "host-kit", *boxes)]


def html_parts(built: Path, game: str, audience: str) -> dict[str, str]:
    """The public page's parts; for secret material, those of every page of the game joined."""
    folder = built / game
    if audience == "public":
        return parts(page(folder / f"{game}.html"))
    joined: dict[str, str] = {}
    for path in sorted(folder.glob("*.html")):
        for title, said in parts(page(path)).items():
            joined[title] = joined.get(title, "") + " " + said
    return joined


@pytest.mark.parametrize("game", SHIPPED)
def test_the_html_holds_every_word_each_pdf_prints(built, game):
    checked = 0
    for entry in component_pdfs(built, game):
        printed = pdf_words(built / entry["path"])
        held = html_parts(built, game, entry["audience"]).get(entry["title"])
        assert held is not None, f"{entry['title']} has no part of its own in the text edition"
        missing = printed - words(held)
        if (game, entry["component"]) in STONES_BY_NAME:
            assert {STONE_NAMES[letter] for letter in missing & STONE_NAMES.keys()} <= words(held)
            missing -= STONE_NAMES.keys()
        assert not missing, f"{entry['path']}: {sorted(missing)}"
        checked += 1
    assert checked >= 5


def test_every_page_is_well_formed_xhtml_with_its_language(built):
    pages = text_pages(built)
    assert len(pages) >= 13
    for path in pages:
        root = page(path)  # raises on anything that is not well-formed XML
        assert root.tag == f"{XHTML}html" and root.get("lang") == root.get("{http://www.w3.org/XML/1998/namespace}lang")


def said(built: Path, game: str, name: str | None = None) -> str:
    """A page's text as a reader gets it, spaces made single."""
    return " ".join(text(page(built / game / (name or f"{game}.html"))).split())


def test_equations_read_as_sentences_and_the_tokens_as_one(built):
    read = parts(page(built / "stone-market/stone-market.html"))
    exchanges = " ".join(read["Exchange cards"].split())
    assert "Exchange 1 3 Pearls = 1 Jade and 2 Rubies, both ways" in exchanges  # as P P P = J R R is drawn
    assert exchanges.count("both ways") == 50 and " P P P " not in exchanges  # said per row, not once more
    tokens = " ".join(read["Stone tokens"].split())
    assert tokens == ("Stone tokens (100) 100 stone tokens: 20 each of Amber (A, triangle), Jade (J, diamond), "
                      "Onyx (O, circle), Pearl (P, hexagon) and Ruby (R, square).")
    wares = " ".join(read["Ware cards"].split())
    assert "Ware 9 Two stars 4 Jades and 1 Onyx Pay" in wares and "×" not in wares  # the words, not the stars too
    assert "Ware 6 One star 3 Ambers, 1 Jade and 1 Onyx Pay" in wares  # not `Amber, Amber, Amber, Jade, Onyx`
    die = " ".join(read["Die net"].split())
    assert die == ("Die net (6) Amber (A, triangle) Jade (J, diamond) Onyx (O, circle) Pearl (P, hexagon) "
                   "Ruby (R, square) Choice (star)")
    assert "Pay exactly these stones. Fewer stones left over score more." in wares


def test_the_reference_card_reads_its_turn_and_its_scoring_table(built):
    root = page(built / "stone-market/stone-market.html")
    cards = " ".join(parts(root)["Player reference cards"].split())
    assert "6 player reference cards, all alike: Stone Market First turn: roll the die." in cards
    assert "End your turn with 10 stones or fewer. The game ends when two stalls are empty." in cards
    assert "Number" not in cards  # a field no layout draws
    (table,) = [t for t in root.iter(f"{XHTML}table") if "Left" in text(t)]
    rows = [[" ".join(text(cell).split()) for cell in row] for row in table.iter(f"{XHTML}tr")]
    assert rows[0] == ["Left", "Plain", "1 star", "2 stars", "Last"]  # read across, not column after column
    assert rows[1] == ["0", "5", "7", "9", "11"] and rows[-1] == ["4+", "0", "1", "1", "2"]
    assert [cell.tag for cell in list(table.iter(f"{XHTML}tr"))[1]][0] == f"{XHTML}th"


def test_a_slip_reads_as_two_lines_to_write_on_and_a_desk_card_as_its_records(built):
    slips = " ".join(parts(page(built / "open-secret-exchange/open-secret-exchange.html"))["Disclosure slips"].split())
    assert slips == ("Disclosure slips (36) What you write and tick here is kept in this browser. Clear everything "
                     "written on this page 36 disclosure slips, all alike: Code: a line to write on. Code Value: a "
                     "line to write on. Value Fold inward. Only the two trading desks may read this slip.")
    desk = said(built, "open-secret-exchange", "open-secret-exchange-desk-cards-1.html")
    assert "Market 1 / private desk A Your original records A1 = paper bridge" in desk
    assert "Your three requests B1: a line to write on." in desk
    assert "On its back: Open Secret Exchange Market 1" in desk  # a back that differs by market


def test_tick_boxes_have_names_and_no_header_cell_is_empty(built):
    root = page(built / "pocket-bazaar/pocket-bazaar.html")
    ticks = [box.get("aria-label") for box in root.iter(f"{XHTML}input") if box.get("type") == "checkbox"]
    assert len(ticks) == 16 and ticks[0] == "Lanterns, Team 1" and ticks[-1] == "Maps, Team 4"
    for path in text_pages(built):
        for th in page(path).iter(f"{XHTML}th"):
            assert text(th).strip(), f"{path.name}: an empty header cell"
        for region in (d for d in page(path).iter(f"{XHTML}div") if d.get("role") == "region"):
            assert region.get("aria-label") and region.get("tabindex") == "0" and region[0].tag == f"{XHTML}table"


def test_print_only_wording_is_left_out(built):
    for path in text_pages(built):
        assert not re.search(r"Printed \d+ times", path.read_text(encoding="utf-8")), path.name
    bids = " ".join(parts(page(built / "pocket-bazaar/pocket-bazaar.html"))["Bid sheets"].split())
    # every team's copy, to fill in: each its row and its row's four fields, named by the copy
    assert bids.count("Round 1") == 4 * 5 and bids.count("Bid sheet 2 of 4, Round 1,") == 4
    assert "The same sheet again" not in bids


def test_the_font_is_shipped_beside_the_pages_and_listed(built):
    entries = json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    sums = (built / "SHA256SUMS").read_text(encoding="utf-8")
    for game in SHIPPED:
        html = (built / game / f"{game}.html").read_text(encoding="utf-8")
        faces = re.findall(r'url\("([^"]+)"\) format\("truetype"\)', html)
        assert len(faces) == 2 and 'font-family: "Atkinson Hyperlegible"' in html
        for face in faces:
            data = (built / game / face).read_bytes()
            assert data[:4] == b"\0\1\0\0"  # a TrueType font
            (entry,) = [e for e in entries if e["path"] == f"{game}/{face}"]
            assert entry["audience"] == "public" and f"{entry['sha256']}  {game}/{face}" in sums
        assert "Open Font License" in (built / game / "fonts/LICENSE.txt").read_text(encoding="utf-8")
        # printed, it is large print: nothing under the large-print edition's least size (18 pt)
        assert float(re.search(r"@media print \{\s*body \{ font-size: ([\d.]+)pt;", html)[1]) >= 18
        if "<input" in html:  # a place to write, outside a table's cell, prints as a line to write on
            printed = html.split("@media print {  /*", 1)[1].split("</style>", 1)[0]
            assert 'input[type="text"] { border-bottom: 1px solid #000; }' in printed


def test_text_only_a_layout_draws_is_read_and_identical_cards_counted(tmp_path):
    """A Joker's `Wild` exists only in the layout; the two Jokers are one entry, read once with their number."""
    face = FACE + """  - name: wild
    text: "{{ 'Wild' if card.suit == 'Joker' else '' }}"
    box_mm: [5, 20, 50, 10]
    style: {font: regular, size: 10}
  - name: hidden
    shape: rect
    fill: black
    box_mm: [5, 40, 10, 10]
"""
    harbour(tmp_path, face=face)
    assert run(tmp_path, "build") == 0
    root = page(tmp_path / "build/harbour/harbour.html")
    cards = [" ".join(text(li).split()) for li in root.iter(f"{XHTML}li") if li.get("class") == "card"]
    assert cards[:2] == ["FAnchors1", "FAnchors2"] and cards[-1] == "FJoker1 Wild (2 copies)" and len(cards) == 7
    main = " ".join(text(root.find(f"{XHTML}body/{XHTML}main")).split())  # the panel is decoration: not read
    assert main == "Cards Harbour cards (8) " + " ".join(cards[:-1]) + " FJoker1 Wild (2 copies)"


def spoken(said: str) -> str:
    return f" {' '.join(WORD.findall(said.casefold()))} "


def test_each_card_is_labelled_and_says_nothing_twice(built):
    """A listener moving card to card hears a label telling it apart, then each thing the card says once: no
    paragraph or row of a card within another of the same card."""
    listed = 0
    for path in text_pages(built):
        for deck in page(path).iter(f"{XHTML}ol"):
            cards = [li for li in deck if li.get("class") == "card"]
            labels = [" ".join(text(li[0]).split()) for li in cards]
            assert all(li[0].tag == f"{XHTML}h4" for li in cards) and all(labels), path.name
            assert len(set(labels)) == len(labels), f"{path.name}: {labels}"
            for li, label in zip(cards, labels, strict=True):
                readings = [label] + [" ".join(text(e).split()) for e in li.iter()
                                      if e.tag in (f"{XHTML}p", f"{XHTML}li") and e is not li
                                      and not any(p.get("class") == "back" for p in li if e in p.iter())]
                for i, one in enumerate(readings):
                    for j, other in enumerate(readings):
                        assert i == j or spoken(one) not in spoken(other), f"{path.name}, {label}: {one!r} in {other!r}"
                listed += 1
    assert listed >= 45 + 10 + 24 + 6


def test_each_table_is_named_by_its_heading(built):
    """A table's region is named as the sheet heads it (`Final report`), a card's table by its title line; under a
    heading every copy of a sheet repeats, by its copy's own heading too (`...: desk A, market 1, Final report`)."""
    names = []
    for path in text_pages(built):
        root = page(path)
        before: dict[ET.Element, ET.Element] = {}
        for parent in root.iter():
            for a, b in zip(list(parent), list(parent)[1:], strict=False):
                before[b] = a
        heading = None
        for element in root.iter():
            if element.tag in (f"{XHTML}h3", f"{XHTML}h4"):
                heading = " ".join(text(element).split())
            if element.get("role") == "region":
                name, title = element.get("aria-label"), " ".join(text(before[element]).split())
                assert name in (heading, title) or name.startswith(f"{heading}, table ") or (
                    name.endswith(f", {heading}") and name != heading), f"{path.name}: {name}"
                names.append(name)
    assert {"Score sheet", "Points by stones left over", "Public negotiating order"} <= set(names)
    reports = [n for n in names if n.endswith(", Final report")]  # one a desk and market: told apart
    assert "Private information ledger: desk A, market 1, Final report" in reports
    assert len(set(reports)) == 8 and len(reports) == 8 * 2  # told apart on a page; the players' page and the host's
    assert "Answer guide: Market 1, table 2" in names and not any("Ledgers" in n for n in names)


SITES_GAME = """\
title: Old Roads
publisher: Round & Revel
subject: A test deck of places on a map.
language: en
editions: [standard]
parameters: {}
decks:
  sites:
    card: site
    file: sites.yaml
    label: "{{ name }}"
    fields:
      name: {type: text}
      terrain: {type: text}
      story: {type: text}
      points: {type: int, min: 1, max: 9}
components:
  - {id: sites, title: Site cards, kind: cards, deck: sites, layout: site-card}
"""

SITES = """\
cards:
  - {name: Ruins, terrain: Village, points: 3, story: The ruins of an old village keep their well.}
  - {name: Ford, terrain: River, points: 1, story: Cross the river at the ford.}
  - {name: Salt Marsh, terrain: Marsh, points: 2, story: Reeds and herons.}
"""

SITE_CARD = """\
kind: card
size_mm: [63, 88]
grid: [3, 3]
elements:
  - {name: name, field: name, box_mm: [4, 4, 55, 10], style: {font: bold, size: 14}}
  - {name: terrain, field: terrain, box_mm: [4, 16, 55, 8], style: {font: regular, size: 10}}
  - {name: points, text: "{{ card.points }}", box_mm: [4, 26, 20, 10], style: {font: bold, size: 14}}
  - {name: points in words, text: "{{ card.points }} points", box_mm: [4, 38, 55, 8],
     style: {font: regular, size: 10}}
  - {name: story, field: story, box_mm: [4, 50, 55, 30], style: {font: regular, size: 10}}
"""


def test_a_card_keeps_its_name_and_a_value_its_story_only_mentions(tmp_path):
    """`Ruins` and `Village` stand in the story (`The ruins of an old village...`), but the story does not tell
    the card's name or its terrain: both are read. `3` is left out beside `3 points`, read from the same field. And
    a terrain the card's name holds (`Marsh` of `Salt Marsh`) is read: the name does not say it is a Marsh card."""
    game = tmp_path / "content" / "old-roads"
    (game / "layouts" / "standard").mkdir(parents=True)
    (game / "game.yaml").write_text(SITES_GAME, encoding="utf-8")
    (game / "sites.yaml").write_text(SITES, encoding="utf-8")
    (game / "layouts" / "standard" / "site-card.yaml").write_text(SITE_CARD, encoding="utf-8")
    assert run(tmp_path, "build") == 0
    root = page(tmp_path / "build/old-roads/old-roads.html")
    cards = [[" ".join(text(e).split()) for e in li] for li in root.iter(f"{XHTML}li") if li.get("class") == "card"]
    assert cards == [["Ruins", "Village", "3 points", "The ruins of an old village keep their well."],
                     ["Ford", "River", "1 points", "Cross the river at the ford."],
                     ["Salt Marsh", "Marsh", "2 points", "Reeds and herons."]]  # the heading, then each part


def test_the_rules_count_the_cards_as_printed(deckpress):
    """Rule text sees the decks as checks and sheets do: a count written from the cards never disagrees."""
    rules = Path("content/pocket-bazaar/rules.yaml")
    edit(rules, '      - "{{ deck_size }} printed lot cards, cut apart"',
         '      - "{{ decks.lots.cards | length }} printed lot cards, {{ decks.lots.cards | selectattr(\'collection\', '
         '\'eq\', \'Keys\') | list | length }} of them Keys"')
    in_source_language(rules.parent)  # a text that prints new values: no translation has them yet
    assert deckpress("build", "pocket-bazaar", "--paper", "a4", "--edition", "standard").status == 0
    words = " ".join(PdfReader("build/pocket-bazaar/standard/pocket-bazaar-rules-a4.pdf").pages[0].extract_text()
                     .split())
    assert "24 printed lot cards, 6 of them Keys" in words


def test_a_card_named_as_its_picture_is_still_named_by_its_words(built):
    """A German key's picture reads `Schlüssel` and so does its collection: the picture is left to the words, and
    the words, not said again by anything kept, stay (the card was headed `1 Punkt`, its collection said nowhere)."""
    page = built / "pocket-bazaar-de-de" / "pocket-bazaar-de-de.html"
    if not page.exists():
        pytest.skip("The Pocket Bazaar is not translated into German here")
    headings = re.findall(r"<h4>([^<]*)</h4>", page.read_text(encoding="utf-8"))
    assert [f"Schlüssel {n}" for n in range(1, 7)] == [h for h in headings if h.startswith("Schlüssel")]
    assert not [h for h in headings if re.fullmatch(r"\d+ Punkte?", h)]


@pytest.mark.parametrize(("language", "noun", "said"), [
    ("en-GB", "    card: poster\n", "On the back of every poster:"),
    ("de-DE", "    card: poster\n", "Auf jeder Rückseite (poster):"),
    ("de-DE", "", "Auf der Rückseite jeder Karte:"),  # a deck that names none: its cards, in the words as before
])
def test_a_back_shared_by_a_deck_that_names_its_pieces_is_said_by_its_noun(tmp_path, language, noun, said):
    content = tmp_path / "content" / "ferry-tickets"
    shutil.copytree(FERRY, content)
    edit(content / "game.yaml", "language: en-GB\n", f"language: {language}\n")
    edit(content / "game.yaml", "    card: poster\n", noun)
    assert main(["build", "ferry-tickets", "--content", str(content.parent), "--layouts", str(LAYOUTS), "--out",
                 str(tmp_path / "out"), "--paper", "a4", "--jobs", "1"]) == 0
    root = page(tmp_path / "out" / "ferry-tickets" / "ferry-tickets.html")
    backs = [" ".join(text(d).split()) for d in root.iter(f"{XHTML}div") if d.get("class") == "back"]
    assert backs[-1] == f"{said} Ferry Tickets"  # the posters' back, read once; each ticket's back is its own


def test_every_language_says_a_decks_own_noun_on_the_back_its_pieces_share():
    for language in LANGUAGES:
        assert "tile" in say(language, "html_backs_named", noun="tile"), language


def test_a_sheet_heading_its_component_repeats_is_not_read_twice(built):
    """A sheet whose first heading is its component's title (Pocket Bazaar's `Score sheet`) is headed once: a
    screen reader, the EPUB's contents and the BRF heard `Score sheet`, then `Score sheet` again."""
    for path in text_pages(built):
        title = None
        for element in page(path).iter():
            if element.tag == f"{XHTML}h3":
                title = " ".join(text(element).split())
            elif element.tag == f"{XHTML}h4":
                assert " ".join(text(element).split()) != title, f"{path.name}: {title!r} headed twice"


def test_copies_of_a_sheet_under_one_heading_are_each_headed_and_their_controls_kept_apart(deckpress):
    """Two copies of a score sheet whose heading is its component's title ran together, unheaded: the heading was
    left out of every copy, as though the <h3> said each. And the copies' controls had the same names (`Score
    sheet, Lanterns, Team 1` twice), so what was typed in one was kept for both, and a screen reader could not
    tell them apart: each is named as its field in the PDF is, the second copy's numbered."""
    edit(Path("content/pocket-bazaar/sheets.yaml"), "score-sheet:\n  blocks:", "score-sheet:\n  copies: 2\n  blocks:")
    assert deckpress("build", "pocket-bazaar", "--paper", "a4", "--edition", "standard").status == 0
    html = Path("build/pocket-bazaar/pocket-bazaar.html").read_text(encoding="utf-8")
    sheet = html[html.index("<h3>Score sheet</h3>"):]
    sheet = sheet[:sheet.index("</section>")]
    assert sheet.count("<h4>Score sheet</h4>") == 2
    kept = [unescape(k) for k in re.findall(r'data-keep="([^"]*)"', sheet)]
    pdf = PdfReader("build/pocket-bazaar/standard/pocket-bazaar-score-sheet-a4.pdf")
    fields = [a.get_object()["/T"] for p in pdf.pages for a in p.get("/Annots") or () if "/T" in a.get_object()]
    assert len(set(kept)) == len(kept) > 2 and sorted(kept) == sorted(fields)
