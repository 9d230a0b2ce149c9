"""Tagged rules PDFs read back as a screen reader reads them: the catalogue's marks, the structure tree in reading
order against the rules as written, every marked-content id against the parent tree, nothing painted untagged."""

from __future__ import annotations

import functools
import hashlib
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from conftest import CONTENT, SHIPPED, loaded

from deckpress.findings import Findings
from deckpress.layout.elements import KINDS
from deckpress.layout.elements.kind import Reading
from deckpress.load import load_game
from deckpress.load.counted import PLURALS
from deckpress.load.icon_words import ICON_WORDS
from deckpress.load.icons import INLINE
from deckpress.model import Rules
from deckpress.publish import phrases
from deckpress.templating import Templates

EDITIONS, PAPERS = ("standard", "large-print"), ("a4", "letter")
EDITIONS_PAPERS = [(g, e, p) for g in SHIPPED for e in EDITIONS for p in PAPERS]
PAINTING = {"Tj", "TJ", "'", '"', "f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "Do", "sh", "BI"}
NS = {"rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "dc": "http://purl.org/dc/elements/1.1/",
      "pdfuaid": "http://www.aiim.org/pdfua/ns/id/"}


def rules_pdf(out: Path, game: str, edition: str, paper: str) -> Path:
    return out / game / edition / f"{game}-rules-{paper}.pdf"


def kit_pdf(out: Path, game: str, edition: str, paper: str) -> Path:
    return out / game / edition / f"{game}-kit-{paper}.pdf"


def rules_of(game: str) -> tuple[str, Rules]:
    loaded = load_game(CONTENT / game, f"content/{game}", Findings(), Templates())
    assert loaded is not None and loaded.rules is not None
    return loaded.title, loaded.rules


def squeezed(text: str) -> str:
    """Text without its spaces and line breaks (a line's end is no character in the PDF), icons by their names."""
    return re.sub(r"\s", "", INLINE.sub(lambda m: m[1], text))


def expected(title: str, rules: Rules) -> list[tuple[str, list[str]]]:
    """The booklet's reading order from the rules as written: (role, texts), a list with its items' texts."""
    out = [("P", [rules.kicker])] if rules.kicker else []
    out += [("H1", [title])] + ([("P", [rules.tagline])] if rules.tagline else []) + [("P", [n]) for n in rules.notes]
    for section in rules.sections:
        out += [("H", [section.heading])] if section.heading else []
        listed = [("L", [item.text for item in section.items])] if section.items else []
        out += [("P", [p]) for p in section.paragraphs] + listed
    return out + ([("P", [rules.colophon])] if rules.colophon else [])


def kids(element: pikepdf.Object) -> list[pikepdf.Object]:
    k = element.get("/K")
    items = [] if k is None else list(k) if isinstance(k, pikepdf.Array) else [k]
    return [i for i in items if isinstance(i, pikepdf.Dictionary) and i.get("/Type") not in ("/MCR", "/OBJR")]


def mcids(element: pikepdf.Object) -> Iterator[tuple[tuple[int, int], int]]:
    """Its own marked-content ids: (page object id, id), in order."""
    k = element.get("/K")
    for item in [] if k is None else list(k) if isinstance(k, pikepdf.Array) else [k]:
        if isinstance(item, int):
            yield element.Pg.objgen, int(item)
        elif isinstance(item, pikepdf.Dictionary) and item.get("/Type") == "/MCR":
            yield item.Pg.objgen, int(item.MCID)


def text_of(element: pikepdf.Object, chars: dict[tuple[tuple[int, int], int], str]) -> str:
    own = "".join(chars.get(m, "") for m in mcids(element))
    return own + "".join(text_of(k, chars) for k in kids(element))


def page_chars(path: Path, pdf: pikepdf.Pdf, pages: range) -> dict[tuple[tuple[int, int], int], str]:
    """Each marked-content id's text (pdfplumber decodes the fonts), by (page object id, id)."""
    found: dict[tuple[tuple[int, int], int], str] = {}
    with pdfplumber.open(path) as doc:
        for n in pages:
            page = pdf.pages[n].objgen
            for c in doc.pages[n].chars:
                if c.get("mcid") is not None:
                    found[page, c["mcid"]] = found.get((page, c["mcid"]), "") + c["text"]
    return found


def check_reading_order(part: pikepdf.Object, title: str, rules: Rules,
                        chars: dict[tuple[tuple[int, int], int], str]) -> None:
    children = kids(part)
    want = expected(title, rules)
    assert len(children) == len(want)
    levels = []
    for element, (role, texts) in zip(children, want, strict=True):
        got = str(element.S)[1:]
        if role == "H":
            assert re.fullmatch(r"H[2-6]", got), got
            levels.append(int(got[1]))
        else:
            assert got == role
        if role == "L":
            items = kids(element)
            assert [str(i.S) for i in items] == ["/LI"] * len(texts)
            for item, text in zip(items, texts, strict=True):
                assert [str(k.S) for k in kids(item)] == ["/Lbl", "/LBody"]
                assert squeezed(text_of(kids(item)[1], chars)) == squeezed(text)
        else:
            assert squeezed(text_of(element, chars)) == squeezed(texts[0])
    assert levels and levels[0] == 2 and all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False))


def check_catalogue(pdf: pikepdf.Pdf) -> None:
    root = pdf.Root
    assert root.MarkInfo.Marked is True and str(root.Lang)
    assert root.ViewerPreferences.DisplayDocTitle is True
    meta = root.Metadata
    assert meta.Type == "/Metadata" and meta.Subtype == "/XML" and "/Filter" not in meta
    xmp = ET.fromstring(meta.read_bytes().split(b"?>", 1)[1].rsplit(b"<?xpacket", 1)[0])
    title = xmp.find(".//dc:title/rdf:Alt/rdf:li", NS)
    assert title is not None and title.text == str(pdf.docinfo.Title)
    part = xmp.find(".//pdfuaid:part", NS)
    assert part is not None and part.text == "1"
    tree = root.StructTreeRoot
    widgets = [a for page in pdf.pages for a in page.obj.get("/Annots", []) if "/StructParent" in a]
    assert tree.Type == "/StructTreeRoot" and int(tree.ParentTreeNextKey) == len(pdf.pages) + len(widgets)
    assert [str(k.S) for k in tree.K] == ["/Document"]
    for page in pdf.pages:
        assert page.obj.Tabs == "/S" and "/StructParents" in page.obj


def check_marked_content(pdf: pikepdf.Pdf) -> None:
    """Every id used on a page is in the parent tree, pointing at an element that names it there; every id an
    element names exists; nothing painted outside both an element's sequence and an artifact."""
    nums = list(pdf.Root.StructTreeRoot.ParentTree.Nums)
    parents = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
    used: set[tuple[tuple[int, int], int]] = set()
    for page in pdf.pages:
        depth, array = [], parents[int(page.obj.StructParents)]
        for operands, op in pikepdf.parse_content_stream(page):
            name = str(op)
            if name in ("BDC", "BMC"):
                tag = str(operands[0])
                depth.append(tag)
                if name == "BDC" and tag != "/Artifact":
                    mcid = int(operands[1].MCID)
                    element = array[mcid]
                    assert str(element.S) == tag and (page.objgen, mcid) in set(mcids(element))
                    used.add((page.objgen, mcid))
            elif name == "EMC":
                depth.pop()
            elif name in PAINTING:
                assert depth, f"{name} painted outside marked content on page {page.index + 1}"
        assert not depth
    named: set[tuple[tuple[int, int], int]] = set()
    todo = list(pdf.Root.StructTreeRoot.K)
    while todo:
        element = todo.pop()
        named |= set(mcids(element))
        todo += kids(element)
    assert named == used


@pytest.mark.parametrize(("game", "edition", "paper"), EDITIONS_PAPERS)
def test_every_rules_booklet_is_tagged_in_reading_order(built, game, edition, paper):
    path = rules_pdf(built, game, edition, paper)
    title, rules = rules_of(game)
    with pikepdf.open(path) as pdf:
        check_catalogue(pdf)
        check_marked_content(pdf)
        (document,) = pdf.Root.StructTreeRoot.K
        check_reading_order(document, title, rules, page_chars(path, pdf, range(len(pdf.pages))))


@pytest.mark.parametrize(("game", "edition", "paper"), EDITIONS_PAPERS)
def test_the_rules_pages_of_a_kit_keep_their_structure(built, game, edition, paper):
    path, title_rules = kit_pdf(built, game, edition, paper), rules_of(game)
    with pikepdf.open(rules_pdf(built, game, edition, paper)) as alone:
        pages = len(alone.pages)
    with pikepdf.open(path) as pdf:
        check_catalogue(pdf)
        check_marked_content(pdf)
        (document,) = pdf.Root.StructTreeRoot.K
        parts = kids(document)
        assert parts and all(str(p.S) == "/Part" for p in parts)  # each component's Document, in order
        (part,) = [p for p in parts if "/H1" in [str(k.S) for k in kids(p)]
                   and len(kids(p)) == len(expected(*title_rules))]
        first = next(mcids(kids(part)[0]))[0]
        start = next(n for n, page in enumerate(pdf.pages) if page.objgen == first)
        check_reading_order(part, *title_rules, page_chars(path, pdf, range(start, start + pages)))


@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="pdfinfo (poppler-utils) is not installed")
@pytest.mark.parametrize("game", SHIPPED)
def test_poppler_reads_the_rules_as_tagged_with_their_headings(built, game):
    title, rules = rules_of(game)
    for edition in EDITIONS:
        path = rules_pdf(built, game, edition, "a4")
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
        assert re.search(r"^Tagged:\s+yes$", info, re.M)
        listed = subprocess.run(["pdfinfo", "-struct-text", str(path)], capture_output=True, text=True,
                                check=True).stdout.splitlines()
        headings = [squeezed(listed[n + 1].strip().strip('"')) for n, line in enumerate(listed)
                    if re.fullmatch(r"\s*H[1-6] \(block\)", line)]
        assert headings == [squeezed(h) for h in [title, *(s.heading for s in rules.sections if s.heading)]]


def every_pdf(out: Path) -> list[Path]:
    return sorted(out.glob("*/standard/*-a4.pdf"))


def test_every_pdf_marks_all_it_paints(built):
    """Sheets, cards, covers, kits: every id in the parent tree, nothing painted neither tagged nor an artifact."""
    paths = every_pdf(built)
    assert len(paths) >= 20
    for path in paths:
        with pikepdf.open(path) as pdf:
            check_catalogue(pdf)
            check_marked_content(pdf)


def tables(element: pikepdf.Object) -> Iterator[pikepdf.Object]:
    if element.get("/S") == "/Table":
        yield element
    for kid in kids(element):
        yield from tables(kid)


@pytest.mark.parametrize("sheet", ["pocket-bazaar/standard/pocket-bazaar-score-sheet-a4.pdf",
                                   "pocket-bazaar/standard/pocket-bazaar-bid-sheets-a4.pdf",
                                   "open-secret-exchange/standard/open-secret-exchange-ledgers-a4.pdf"])
def test_sheet_tables_have_header_cells_for_columns_and_rows(built, sheet):
    with pikepdf.open(built / sheet) as pdf:
        (document,) = pdf.Root.StructTreeRoot.K
        assert str(kids(document)[0].S) == "/H1"
        found = list(tables(document))
        assert found
        for table in found:
            head, *rows = kids(table)
            assert rows and all(str(r.S) == "/TR" for r in [head, *rows])
            corner, *heads = kids(head)
            assert {(str(c.S), str(c.A.Scope)) for c in heads} == {("/TH", "/Column")}
            assert (str(corner.S) == "/TD" and "/K" not in corner) or (  # a blank corner heads nothing
                (str(corner.S), str(corner.A.Scope)) == ("/TH", "/Column") and "/K" in corner)
            for row in rows:
                label, *cells = kids(row)
                assert (str(label.S), str(label.A.Scope)) == ("/TH", "/Row")
                assert [str(c.S) for c in cells] == ["/TD"] * (len(kids(head)) - 1)


def test_each_card_is_one_section_its_pictograms_read_once(built):
    """A lot's pictograms are its collection's, which the card names in words beside them: the words are read,
    the pictures left to the eye (they are artifacts), so a reader hears "Lanterns" once, not "lantern" twice
    more. A pictogram no text names stays a figure (the stones' tokens: test_no_figure_is_empty_or_unnamed)."""
    with pikepdf.open(built / "pocket-bazaar/standard/pocket-bazaar-lot-cards-a4.pdf") as pdf:
        (document,) = pdf.Root.StructTreeRoot.K
        cards = kids(document)
        assert len(cards) == 24 and {str(c.S) for c in cards} == {"/Sect"}
        titles = [str(c.T) for c in cards]  # each section titled by its card's label, as a reader lists them
        assert len(set(titles)) == 24 and "Lanterns 1" in titles and "Maps 6" in titles
        for card in cards:
            said = [str(k.get("/ActualText", "")) for k in kids(card)]
            assert not [k for k in kids(card) if k.S == "/Figure"]
            assert [str(k.S) for k in kids(card)].count("/P") >= 3
            assert len([s for s in said if s in ("Lanterns", "Teacups", "Keys", "Maps")]) == 1, said


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_die_face_is_read_by_its_name_first(built, edition):
    """Its name heads the face's section, as the text edition's "Amber (A, triangle)" puts it first; it was read
    last, after its shape and its mark ("triangle", "A", "Amber")."""
    with pikepdf.open(built / f"stone-market/{edition}/stone-market-die-a4.pdf") as pdf:
        (document,) = pdf.Root.StructTreeRoot.K
        faces = kids(document)
        assert len(faces) == 6
        for face, name in zip(faces, ["Amber", "Jade", "Onyx", "Pearl", "Ruby", "Choice"], strict=True):
            first, *rest = kids(face)
            assert (str(first.S), str(first.get("/ActualText", ""))) == ("/H1", name), str(face.T)
            assert name not in [str(k.get("/ActualText", "")) + str(k.get("/Alt", "")) for k in rest]


def elements(element: pikepdf.Object) -> Iterator[pikepdf.Object]:
    yield element
    for kid in kids(element):
        yield from elements(kid)


@functools.cache
def _struct_listing(path: Path, digest: str) -> tuple[str, ...]:
    """`pdfinfo -struct-text`'s lines for the PDF at `path` whose bytes have the SHA-256 `digest`: read once for
    those bytes (poppler takes seconds over a sheet of many cards), whichever test asks again."""
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
    return tuple(subprocess.run(["pdfinfo", "-struct-text", str(path)], capture_output=True, text=True,
                                check=True).stdout.splitlines())


def struct_text(path: Path, joined: bool = False) -> list[str]:
    """`pdfinfo -struct-text`'s texts, each a content's words as poppler joins them; `joined`, an element's
    contents one after another (a paragraph run on to the next page is one element of two contents)."""
    listed = _struct_listing(path, hashlib.sha256(path.read_bytes()).hexdigest())
    texts: list[str] = []
    for before, line in zip(["", *listed], listed, strict=False):
        if line.strip().startswith('"'):
            run_on = joined and texts and before.strip().startswith('"')
            texts[-1:] = [f"{texts[-1]} {line.strip()[1:-1]}"] if run_on else [*texts[-1:], line.strip()[1:-1]]
    return texts


@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="pdfinfo (poppler-utils) is not installed")
@pytest.mark.parametrize("edition", EDITIONS)
def test_wrapped_lines_read_with_the_space_between_their_words(built, edition):
    _, rules = rules_of("stone-market")
    listed = struct_text(rules_pdf(built, "stone-market", edition, "a4"), joined=True)
    said = [*struct_text(rules_pdf(built, "stone-market", edition, "a4")), *listed]
    plain = [INLINE.sub(lambda m: m[1], p) for s in rules.sections for p in s.paragraphs]
    wrapped = [p for p in plain if len(p) > 120]  # longer than a line
    assert wrapped and all(p in said for p in wrapped)
    assert any("nothing to spare" in t for t in said)
    desk = struct_text(built / "open-secret-exchange/standard/open-secret-exchange-desk-cards-a4.pdf")
    assert any(re.fullmatch(r"A1 = [a-z ]+ A2 = [a-z ]+ A3 = [a-z ]+", t) for t in desk)


def test_exchange_cards_say_their_equations(built):
    with pikepdf.open(built / "stone-market/standard/stone-market-exchange-cards-a4.pdf") as pdf:
        (document,) = pdf.Root.StructTreeRoot.K
        said = [str(e.get("/Alt", "")) + str(e.get("/ActualText", "")) for e in elements(document)]
        assert any("3 Pearls = 1 Jade and 2 Rubies, both ways" in s for s in said)
    # the reference card's scoring table reads as a table (tests/test_card_tables.py), not a paragraph a column


def test_no_figure_is_empty_or_unnamed(built):
    """Every figure in every standard A4 PDF holds what it draws and says it; the stones' pictograms too."""
    for path in every_pdf(built):
        with pikepdf.open(path) as pdf:
            figures = [e for e in elements(pdf.Root.StructTreeRoot.K[0]) if e.get("/S") == "/Figure"]
            assert all(kids(f) or "/K" in f for f in figures), path
            assert all(str(f.get("/Alt", "")).strip() for f in figures), path
            if path.name.startswith("stone-market-stones"):
                assert len(figures) == 100 and "Amber (A, triangle)" in {str(f.Alt) for f in figures}


def test_kit_parts_are_titled_and_the_print_check_is_read(built):
    with pikepdf.open(kit_pdf(built, "stone-market", "standard", "a4")) as pdf:
        (document,) = pdf.Root.StructTreeRoot.K
        parts = kids(document)
        assert {str(p.S) for p in parts} == {"/Part"}
        titles = [str(p.T) for p in parts]
        assert titles[0] == "Print check" and "Exchange cards" in titles
        check = [str(k.S) for k in kids(parts[0])]
        assert check[:2] == ["/H1", "/P"] and "/Figure" in check
        assert "A 50 mm square" in {str(e.get("/Alt", "")) for e in elements(parts[0])}


def test_tick_boxes_are_named_cells(built):
    with pikepdf.open(built / "pocket-bazaar/standard/pocket-bazaar-score-sheet-a4.pdf") as pdf:
        boxes = [e for e in elements(pdf.Root.StructTreeRoot.K[0]) if e.get("/S") == "/Form"
                 and e.K[-1].Obj.FT == "/Btn"]  # a tick box: a form field in its cell, named as the cell
        said = [str(e.Alt) for e in boxes]
    assert len(said) == 16 and all(re.fullmatch(r"(Lanterns|Teacups|Keys|Maps), Team \d", s) for s in said)


@pytest.mark.parametrize("game", ["pocket-bazaar", "pocket-bazaar-de-de"])
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_lot_s_pictograms_are_read_by_its_collection_in_every_language(built, game, edition):
    """The collection beside a lot's pictograms names them in every language (`Laternen` a `Laterne`, as
    `Lanterns` a `lantern`), as the text edition reads them: no figure says it again."""
    with pikepdf.open(built / f"{game}/{edition}/{game}-lot-cards-a4.pdf") as pdf:
        (document,) = pdf.Root.StructTreeRoot.K
        cards = kids(document)
        assert len(cards) == 24
        for card in cards:
            assert not [str(k.get("/Alt")) for k in kids(card) if k.S == "/Figure"], str(card.T)
            assert [str(k.S) for k in kids(card)][0] == "/H1"


def test_a_pictogram_is_named_by_any_form_the_translation_gives_its_word():
    """`Stühle` names a `Stuhl` where the game gives the word that plural; a word it gives no plural is named by
    the word itself and its endings (`Laternen` a `Laterne`), and nothing else names it."""
    game, edition, templates = loaded("pocket-bazaar")
    card = next(c for c in game.decks["lots"].cards if c.values["collection"] == "Lanterns")
    icon = next(e for e in edition.layouts["lot-card"].elements if e.name == "pictogram")
    texts = templates.card(game.params, card.values, card.index)

    def named(word: str, said: str, plurals: dict[str, dict[str, str]]) -> bool:
        params = {**game.params, ICON_WORDS: {"lantern": word}, PLURALS: plurals}
        return KINDS[icon.kind].said_by(Reading(card, texts, params, phrases("de")), icon, [said])

    assert not named("Stuhl", "Drei Stühle", {})
    assert named("Stuhl", "Drei Stühle", {"Stuhl": {"one": "Stuhl", "other": "Stühle"}})
    assert named("Laterne", "Laternen", {})
    assert not named("Laterne", "Lampen", {"Laterne": {"one": "Laterne", "other": "Laternen"}})


def _read(path: Path) -> list[list[tuple[str, str]]]:
    """Each card's structure elements as read: their kind and what they say (a figure's /Alt, a text's words)."""
    with pikepdf.open(path) as pdf:
        (document,) = pdf.Root.StructTreeRoot.K
        return [[(str(k.S), str(k.get("/Alt", "")) or str(k.get("/ActualText", ""))) for k in kids(card)]
                for card in kids(document)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_stone_market_card_says_what_its_figure_says_once(built, edition):
    """A text a figure's alt says already is left to the eye, as the text edition leaves it out: a ware's stones
    named after the figure counting them, a token's name after `Amber (A, triangle)`, and `both ways` beside
    equations that each end so. What they said is still read, by the figure."""
    folder = built / "stone-market" / edition
    for card in _read(folder / "stone-market-ware-cards-a4.pdf"):
        (stones,) = [said for kind, said in card if kind == "/Figure" and " and " in said or said.startswith("5 ")]
        assert not [said for kind, said in card if kind == "/P" and said.split(", ")[0] in stones], card
    for card in _read(folder / "stone-market-exchange-cards-a4.pdf"):
        assert ("/P", "both ways") not in card
        (equations,) = [said for kind, said in card if kind == "/Figure"]
        assert equations.count(", both ways") == 5
    if edition == "standard":  # the large print's token draws its shape and letter apart (a figure, a text)
        tokens = _read(folder / "stone-market-stones-a4.pdf")
        assert len(tokens) == 100 and {tuple(t) for t in tokens} == {
            (("/Figure", f"{stone} ({stone[0]}, {shape})"),) for stone, shape in (
                ("Amber", "triangle"), ("Jade", "diamond"), ("Onyx", "circle"), ("Pearl", "hexagon"),
                ("Ruby", "square"))}
