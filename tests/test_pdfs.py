"""The PDFs read back: sizes, card positions, text, fonts, metadata, bookmarks, manifest, bytes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pdfplumber
import pytest
from conftest import CONTENT, LAYOUTS, MM
from pypdf import PdfReader

from deckpress.cli import main

PAGE_SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
COMPONENTS = ("lot-cards", "bid-sheets", "score-sheet", "lot-markers", "rules", "kit")
OPTIONAL = ("lot-box",)  # its own files, not in the kit


def pdf(out: Path, component: str, paper: str) -> Path:
    return out / "pocket-bazaar" / "standard" / f"pocket-bazaar-{component}-{paper}.pdf"


def distinct_pdfs(out: Path) -> list[Path]:
    """Every PDF of a build once: the first path of each distinct file (the flat public/ and host/ folders hold
    copies of the tree's, byte for byte; a file's bytes alone decide what a reader finds in it)."""
    first: dict[bytes, Path] = {}
    for path in sorted(out.rglob("*.pdf")):
        first.setdefault(hashlib.sha256(path.read_bytes()).digest(), path)
    return list(first.values())


def flavour_lines() -> list[str]:
    import yaml

    lots = yaml.safe_load((CONTENT / "pocket-bazaar/lots.yaml").read_text("utf-8"))
    return [card["flavour"] for card in lots["cards"]]


@pytest.mark.parametrize("paper", PAGE_SIZES)
@pytest.mark.parametrize("component", COMPONENTS)
def test_every_page_is_exactly_the_paper_size(built, component, paper):
    reader = PdfReader(pdf(built, component, paper))
    assert len(reader.pages) > 0
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(width, 2), round(height, 2)) == PAGE_SIZES[paper]


@pytest.mark.parametrize("paper", PAGE_SIZES)
def test_lot_cards_are_63_by_88_mm_in_a_centred_grid(built, paper):
    with pdfplumber.open(pdf(built, "lot-cards", paper)) as doc:
        assert len(doc.pages) == 3
        for page, count in zip(doc.pages, (9, 9, 6), strict=False):
            cells = sorted((r["top"] / MM, r["x0"] / MM, r["width"] / MM, r["height"] / MM)
                           for r in page.rects if abs(r["width"] / MM - 63) < 0.5 and abs(r["height"] / MM - 88) < 0.5)
            paper_w, paper_h = page.width / MM, page.height / MM
            left, top = (paper_w - 189) / 2, (paper_h - 264) / 2
            expected = sorted((top + 88 * r, left + 63 * c) for r in range(3) for c in range(3))[:count]
            assert len(cells) == count
            for (y, x, w, h), (want_y, want_x) in zip(cells, expected, strict=False):
                assert abs(w - 63) < 0.1 and abs(h - 88) < 0.1
                # centred across; down, the grid may rise a fraction of a millimetre for the slug's room
                assert abs(x - want_x) < 0.1 and abs(y - want_y) < 0.5


@pytest.mark.parametrize("paper", PAGE_SIZES)
def test_all_24_flavour_lines_can_be_extracted(built, paper):
    text = " ".join(p.extract_text() for p in PdfReader(pdf(built, "lot-cards", paper)).pages)
    text = " ".join(text.split())
    assert len(flavour_lines()) == 24
    for line in flavour_lines():
        assert line in text


def test_lot_cards_name_the_collection_and_points(built):
    with pdfplumber.open(pdf(built, "lot-cards", "a4")) as doc:
        words = doc.pages[0].extract_words(extra_attrs=["size", "fontname"])
    numerals = [w for w in words if w["text"] in "123456" and w["size"] >= 24]
    assert len(numerals) == 9  # a large numeral on every card
    assert sum(w["text"] == "Lanterns" for w in words) == 6


@pytest.mark.parametrize("paper", PAGE_SIZES)
def test_card_sheets_carry_a_scale_bar_outside_the_cards(built, paper):
    with pdfplumber.open(pdf(built, "lot-cards", paper)) as doc:
        page = doc.pages[0]
        label = [w for w in page.extract_words() if w["text"] == "mm"]
        assert label and label[0]["top"] / MM > (page.height / MM + 264) / 2  # below the card grid


def test_no_nul_or_replacement_characters(built):
    for path in distinct_pdfs(built):
        pages = PdfReader(path).pages
        for page in pages[:1] if "-kit-" in path.name else pages:  # a kit repeats its components
            text = page.extract_text()
            assert "\x00" not in text and "\ufffd" not in text, path


def test_fonts_are_embedded_atkinson(built):
    for path in distinct_pdfs(built):
        for page in PdfReader(path).pages:
            fonts = page["/Resources"].get("/Font", {})
            for ref in fonts.values():
                font = ref.get_object()
                descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                descriptor = descendant["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor, (path, font["/BaseFont"])
                assert "AtkinsonHyperlegible" in font["/BaseFont"]


@pytest.mark.parametrize(("game", "title", "subject"), [
    ("pocket-bazaar", "The Pocket Bazaar: ", "An auction game"),
    ("open-secret-exchange", "Open Secret Exchange: ", "A negotiation game"),
])
def test_metadata_language_and_viewer_preferences(built, game, title, subject):
    paths = sorted((built / game).rglob("*.pdf"))
    assert len(paths) >= 12
    for path in paths:
        reader = PdfReader(path)
        meta = reader.metadata
        assert meta.title.startswith(title)
        assert meta.author == "Round & Revel"
        assert meta.subject.startswith(subject)
        assert reader.trailer["/Root"]["/Lang"] == "en-GB"
        assert reader.viewer_preferences["/PrintScaling"] == "/None"
        assert reader.viewer_preferences["/DisplayDocTitle"] == True  # noqa: E712 (a PDF boolean)


@pytest.mark.parametrize("paper", PAGE_SIZES)
def test_kit_opens_with_the_print_check_and_has_a_bookmark_per_component(built, paper):
    reader = PdfReader(pdf(built, "kit", paper))
    titles = [item.title for item in reader.outline]
    assert titles == ["Print check", "Lot cards", "Bid sheets", "Score sheet", "Lot markers", "Rules"]
    first = reader.pages[0].extract_text()
    assert "Print at 100% / Actual size, then measure" in first
    parts = sum(len(PdfReader(pdf(built, c, paper)).pages) for c in COMPONENTS[:-1])
    assert len(reader.pages) == parts + 1


def test_print_check_square_and_ruler_are_exact(built):
    with pdfplumber.open(pdf(built, "kit", "letter")) as doc:
        page = doc.pages[0]
        squares = [r for r in page.rects if abs(r["width"] - 50 * MM) < 0.01 and abs(r["height"] - 50 * MM) < 0.01]
        assert len(squares) == 1
        ruler = [ln for ln in page.lines if abs(abs(ln["x1"] - ln["x0"]) - 144) < 0.01]  # 2 in = 144 pt
        assert len(ruler) == 1


def test_bid_sheets_score_sheet_and_markers_say_what_they_must(built):
    bids = " ".join(p.extract_text() for p in PdfReader(pdf(built, "bid-sheets", "a4")).pages)
    for word in ("Round 1", "Round 4", "Total (12 or", "less)", "Bid-sheet reminder",
                 "Fresh 12-token budget next round."):
        assert word in bids
    assert bids.count("Bid sheet ") == 4
    score = PdfReader(pdf(built, "score-sheet", "a4")).pages[0].extract_text()
    for word in ("Team 4", "Lanterns", "Teacups", "Keys", "Maps", "All four collections: +6", "Total"):
        assert word in score
    markers = PdfReader(pdf(built, "lot-markers", "a4")).pages[0].extract_text()
    assert [w for w in markers.split() if w in "ABC"] == ["A", "B", "C"]


def test_manifest_lists_every_output_with_its_checksum(built):
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    entries = [e for e in manifest["outputs"] if e["game"] == "pocket-bazaar" and e["edition"] == "standard"]
    assert len(entries) == len(COMPONENTS + OPTIONAL) * 2
    assert {(e["component"], e["paper"], e["edition"]) for e in entries} == {
        (c, p, "standard") for c in COMPONENTS + OPTIONAL for p in PAGE_SIZES
    }
    for entry in entries:
        data = (built / entry["path"]).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
        assert entry["pages"] == len(PdfReader(built / entry["path"]).pages)
        assert entry.get("cards") == {"lot-cards": 24, "lot-markers": 3}.get(entry["component"])


def test_same_sources_give_byte_identical_pdfs(built, tmp_path):
    assert main(["build", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--out", str(tmp_path)]) == 0
    first = {p.relative_to(built): p.read_bytes() for p in built.rglob("*") if p.is_file()}
    second = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    for name in first:
        assert first[name] == second[name], name


def test_parallel_jobs_give_the_same_bytes(built, tmp_path):
    """Editions of games drawn in three processes (thumbnails too) against the serial build."""
    args = ["--content", str(CONTENT), "--layouts", str(LAYOUTS), "--out", str(tmp_path), "--jobs", "3"]
    assert main(["build", *args]) == 0
    serial = {p.relative_to(built): p.read_bytes() for p in built.rglob("*") if p.is_file()}
    parallel = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert serial.keys() == parallel.keys()
    assert [name for name in serial if serial[name] != parallel[name]] == []
