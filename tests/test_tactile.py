"""Braille labels for the cards: one a printed card, its deck's code in braille, as an embosser's BRF and as dots
of the standard size on a PDF for swell paper; a secret deck's labels only in the host's files."""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from conftest import edit, line_of
from PIL import Image, ImageChops
from pypdf import PdfReader

from deckpress.draw.finish import DocInfo
from deckpress.draw.render import render
from deckpress.layout import tactile
from deckpress.layout.outlines import shapes
from deckpress.layout.page import Document, Dots, Page
from deckpress.layout.reverse import pair, reversed_out
from deckpress.layout.slug_space import box_of
from deckpress.layout.tactile import ASCII, CELL_PITCH_MM, DOT_MM, DOT_PITCH_MM, LABEL_MM, Label, dots, label_document
from deckpress.publish import braille

MM = 72 / 25.4
needs_liblouis = pytest.mark.skipif(shutil.which("lou_translate") is None,
                                    reason="liblouis (lou_translate) is not installed: .ci/run installs liblouis-bin")
GAME = "pocket-bazaar"


def _back(codes: list[str]) -> list[str]:
    given = "\n".join(c.replace("\\", "\\\\") for c in codes) + "\n"
    done = subprocess.run(["lou_translate", "--backward", "en-us-brf.dis,en-ueb-g1.ctb"], input=given,
                          capture_output=True, text=True, check=True)
    return [code.upper() for code in done.stdout.split("\n")[:len(codes)]]  # spelt in small letters


def _labels(brf: bytes) -> list[str]:
    """The codes the embosser's file holds: a label's first line starts in cell 1, its runovers further in."""
    lines = [line for page in brf.decode("ascii").split("\f")[:-1] for line in page.split("\r\n")[:24]]
    return [line.split()[0] for line in lines if line and not line.startswith(" ")]


def test_every_cell_has_its_dots():
    assert len(ASCII) == 64 and dots("A") == (1,) and dots("#") == (3, 4, 5, 6) and dots(",") == (6,)
    assert dots("=") == (1, 2, 3, 4, 5, 6) and dots(" ") == ()


@needs_liblouis
def test_a_label_for_every_lot_card_with_its_code(built):
    brf = (built / GAME / f"{GAME}-tactile-labels.brf").read_bytes()
    codes = _labels(brf)
    assert len(codes) == 24
    assert sorted(_back(codes)) == sorted(f"{c}{p}" for c in "LTKM" for p in range(1, 7))


@needs_liblouis
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_swell_paper_labels_are_a_card_wide_with_dots_of_the_standard_size(built, paper):
    path = built / GAME / f"{GAME}-tactile-labels-{paper}.pdf"
    codes = _labels((built / GAME / f"{GAME}-tactile-labels.brf").read_bytes())
    with pdfplumber.open(path) as pdf:
        rects = [r for p in pdf.pages for r in p.rects]
        discs = [c for p in pdf.pages for c in p.curves]
        edges = [(c["x0"], c["top"]) for c in pdf.pages[0].curves]
    assert len(rects) == 24 and all(abs(r["width"] - LABEL_MM[0] * MM) < 0.01 and abs(r["height"] - LABEL_MM[1] * MM)
                                    < 0.01 for r in rects)
    assert len(discs) == sum(len(dots(cell)) for code in codes for cell in code)
    assert all(abs((c["x1"] - c["x0"]) - DOT_MM * MM) < 0.01 for c in discs)
    steps = {round((b[0] - a[0]) / MM, 2) for a, b in zip(edges, edges[1:], strict=False) if 0 < b[0] - a[0] < 8 * MM}
    assert steps <= {DOT_PITCH_MM, round(CELL_PITCH_MM - DOT_PITCH_MM, 2), CELL_PITCH_MM}, steps


@needs_liblouis
def test_each_label_is_a_figure_named_by_its_code_and_card(built):
    reader = PdfReader(built / GAME / f"{GAME}-tactile-labels-a4.pdf")
    alts: list[str] = []

    def walk(node: object) -> None:
        node = node.get_object() if hasattr(node, "get_object") else node
        if isinstance(node, dict):
            if node.get("/S") == "/Figure":
                alts.append(str(node.get("/Alt")))
            walk(node.get("/K"))
        elif isinstance(node, list):
            for kid in node:
                walk(kid)

    walk(reader.trailer["/Root"]["/StructTreeRoot"])
    assert len(alts) == 24 and "L1: Lanterns 1" in alts


@needs_liblouis
def test_the_catalogue_says_to_raise_the_labels_on_swell_paper(built):
    """A host reading the catalogue learns the label sheets go on swell paper through a heater (flat dots on plain
    paper): it said only their title and paper before; the BRF for an embosser says what it is for already."""
    for page in (built / "index.html", built / "public" / "index.html"):
        text = page.read_text(encoding="utf-8")
        for paper in ("a4", "letter"):
            link = text.index(f"{GAME}-tactile-labels-{paper}.pdf")
            said = text[link:text.index("</p>", link)]
            assert "swell paper" in said and "heater" in said and "dots stay flat" in said, said


def test_the_desk_cards_labels_are_the_hosts_only(built):
    game = "open-secret-exchange"
    entries = {e["path"]: e for e in json.loads((built / "manifest.json").read_text())["outputs"]}
    host = [p for p in entries if p.startswith(f"{game}/{game}-host-tactile-labels")]
    assert len(host) == 3 and all(entries[p]["audience"] == "host" for p in host)
    assert sorted(_back(_labels((built / f"{game}/{game}-host-tactile-labels.brf").read_bytes()))) == sorted(
        f"{m}{d}" for m in "12" for d in "ABCD")
    assert not [p for p in (built / "public").rglob("*tactile*") if "host" in p.name]
    assert (built / "host" / game / f"{game}-host-tactile-labels.brf").is_file()
    # one name for the same labels, whichever way they are made: a host hears which they are in a list of links
    assert {entries[p]["title"].removesuffix(", for an embosser (BRF)") for p in host} == {
        "Braille labels for the host's cards"}


def test_a_code_that_is_not_a_few_letters_or_digits_is_a_finding_where_it_is_written(deckpress, tmp_path):
    game = tmp_path / "content" / GAME / "game.yaml"
    edit(game, 'tactile: "{{ collection[:1] }}{{ points }}"', 'tactile: "{{ collection }} {{ points }}"')
    result = deckpress("check", GAME)
    assert result.status == 1
    line = line_of(game, "tactile:")
    found = [e for e in result.errors if f"game.yaml:{line}:" in e and "a tactile code is 1 to 6 letters" in e]
    assert len(found) == 1 and "(cards Lanterns 1 ('Lanterns 1')," in found[0], result.err  # one, naming each card


def test_two_cards_sharing_a_code_is_a_finding(deckpress, tmp_path):
    game = tmp_path / "content" / GAME / "game.yaml"
    edit(game, 'tactile: "{{ collection[:1] }}{{ points }}"', 'tactile: "{{ points }}"')
    result = deckpress("check", GAME)
    assert result.status == 1
    assert any("cards Lanterns 1 and Teacups 1 share the tactile code 1" in e for e in result.errors), result.err


def test_without_liblouis_the_labels_are_skipped_with_a_warning(deckpress, tmp_path, monkeypatch):
    from deckpress.publish import tactile

    monkeypatch.setattr(braille, "translator", lambda: None)
    monkeypatch.setattr(tactile, "translator", lambda: None)
    result = deckpress("build", GAME, "--paper", "a4", "--edition", "standard", "--jobs", "1")
    assert result.status == 0 and "warning: tactile labels skipped: liblouis's lou_translate" in result.err
    assert not list((tmp_path / "build").rglob("*tactile*"))




@needs_liblouis
def test_the_labels_card_names_are_translated_with_the_pages(deckpress, monkeypatch):
    """The text edition's pages and the labels' card names in one run of the translator, the codes in another (a
    process, and a load of a table, fewer): each table of each language run once."""
    runs: list[str] = []
    translate = braille.run_translator

    def counted(command: list[str], given: str) -> str:
        runs.append(command[-1])
        return translate(command, given)

    monkeypatch.setattr(braille, "run_translator", counted)
    result = deckpress("build", GAME, "--paper", "a4", "--edition", "standard", "--jobs", "1")
    assert result.status == 0, result.err
    assert len(runs) == len(set(runs)) >= 2 and "en-us-brf.dis,en-ueb-g1.ctb" in runs, runs


@needs_liblouis
def test_labels_a_game_no_longer_asks_for_leave_no_file(deckpress, tmp_path):
    args = ("build", GAME, "--paper", "a4", "--edition", "standard", "--jobs", "1")
    assert deckpress(*args).status == 0 and list((tmp_path / "build").rglob("*tactile*"))
    edit(tmp_path / "content" / GAME / "game.yaml", 'tactile: "{{ collection[:1] }}{{ points }}"', "")
    assert deckpress(*args).status == 0
    assert not list((tmp_path / "build").rglob("*tactile*"))
    listed = json.loads((tmp_path / "build" / "manifest.json").read_text())["outputs"]
    assert not [e for e in listed if "tactile" in e["path"]]


@needs_liblouis
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_on_a_label_sheet_lies_within_the_printer_margin(built, paper):
    with pdfplumber.open(built / GAME / f"{GAME}-tactile-labels-{paper}.pdf") as pdf:
        for page in pdf.pages:
            things = [*page.chars, *page.rects, *page.curves]
            assert things and any(c["text"] == "·" or c["text"].isalpha() for c in page.chars)  # the slug, whole
            for t in things:
                assert min(t["x0"], t["top"], page.width - t["x1"], page.height - t["bottom"]) >= 4.2 * MM - 0.01


def _discs(path: Path) -> list[list[tuple[float, float, float]]]:
    """Each label's discs (left, top, width), from its cut line's corner, label by label in reading order."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        cuts = sorted(page.rects, key=lambda r: (round(r["top"]), r["x0"]))
        return [[(round(c["x0"] - r["x0"], 2), round(c["top"] - r["top"], 2), round(c["x1"] - c["x0"], 2))
                 for c in page.curves if r["x0"] < c["x0"] < r["x1"] and r["top"] < c["top"] < r["bottom"]]
                for r in cuts]


@needs_liblouis
def test_copies_of_a_card_place_one_drawing_of_their_code(deckpress, tmp_path):
    """Copies of a card bear one code: its dots are drawn once a document (a form) and placed on each copy's
    label, the same discs in the same places as the labels of the codes drawn as they stand."""
    game = tmp_path / "content" / GAME
    args = ("build", GAME, "--paper", "a4", "--edition", "standard", "--jobs", "1")
    assert deckpress(*args).status == 0
    alone = _discs(tmp_path / "build" / GAME / f"{GAME}-tactile-labels-a4.pdf")
    edit(game / "game.yaml", "    grid: [collection, points]", "")
    edit(game / "lots.yaml", "  - collection: Lanterns\n    points: 2\n", "  - collection: Lanterns\n    points: 1\n")
    assert deckpress(*args).status == 0
    path = tmp_path / "build" / GAME / f"{GAME}-tactile-labels-a4.pdf"
    forms = [name for page in PdfReader(path).pages for name in page["/Resources"]["/XObject"]]
    assert len({f for f in forms if "dots" in f}) == 1  # the one code two cards bear, once
    copies = _discs(path)
    assert copies[0] == copies[1] == alone[0] and copies[2:] == alone[2:]  # the copy's label as the card's own


def test_dots_are_measured_and_reversed_out_as_their_discs():
    """The margin's check, the struck-through check and the high-contrast pages know the dots of a form as the
    discs it draws."""
    op = Dots(((0.0, 0.0), (7.0, -7.0)), 2.0, 100.0, 200.0)
    assert box_of(op) == [(98.0, 191.0, 109.0, 202.0)]
    assert shapes([op])[2] == [(100.0, 200.0, 2.0, 2.0, 0), (107.0, 193.0, 2.0, 2.0, 0)]
    ink, paper = pair("yellow-on-black") or (None, None)
    drawn = reversed_out(Page(300.0, 300.0, [op]), (ink, paper)).ops
    assert drawn[1] == replace(op, ink=ink) and ink is not None


@pytest.mark.parametrize("contrast", [None, "yellow-on-black"])
def test_a_codes_form_prints_the_discs_its_labels_drew_one_by_one(monkeypatch, contrast):
    """A recurring code's form, placed on each label, prints what its discs drawn label by label printed: its box
    holds every disc, and its ink is its own (black; on the high-contrast pages, their ink), not the page's."""
    labels = [Label(code, f"code {code}") for code in ["A1", "A1", "#BC", "=", "=", "LK7", "#BC", ""] * 2]
    made = tactile._dotted

    def drawn(forms: bool) -> tuple[bytes, Image.Image]:
        monkeypatch.setattr(tactile, "_dotted", lambda braille, recurs: made(braille, recurs and forms))
        pages = list(label_document("g", "accessible", "Labels", "a4", labels, "public").pages)
        if contrast is not None:
            pages = [reversed_out(page, pair(contrast) or ()) for page in pages]
        pdf = render(Document("g", "tactile-labels", "Labels", "accessible", "a4", pages), DocInfo("L", "", "", "en"))
        return pdf, pdfium.PdfDocument(pdf)[0].render(scale=300 / 72).to_pil().convert("RGB")

    (with_forms, placed), (without, one_by_one) = drawn(True), drawn(False)
    assert b"FormXob.dots" in with_forms and b"FormXob.dots" not in without
    difference = ImageChops.difference(placed, one_by_one).getextrema()
    assert max(high for _, high in difference) <= 8, difference  # anti-aliasing alone
