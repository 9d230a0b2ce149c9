"""Every printed page names itself: the slug line, read back from every kit for every way of printing, and every
glyph and mark on it inside the printer margin."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from conftest import CATALOGUE, CONTENT, MM, SHIPPED, shared

from deckpress.findings import Findings
from deckpress.load import load_game
from deckpress.templating import Templates

OPTIONS = {"plain": [], "long-edge": ["--duplex", "long-edge"], "short-edge": ["--duplex", "short-edge"],
           "bleed": ["--bleed", "3"], "fold": ["--fold"]}
MARGIN_MM = 3.5  # the shipped themes' printer_margin_mm


@pytest.fixture(scope="module", params=list(OPTIONS))
def way(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def printed(way: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole catalogue printed this way (the plain one is the suite's `built`): read-only."""
    return shared(tmp_path_factory, (*CATALOGUE, *OPTIONS[way]))


def _title(game: str) -> str:
    loaded = load_game(CONTENT / game, f"content/{game}", Findings(), Templates())
    assert loaded is not None
    return loaded.title


def test_every_page_of_every_kit_carries_its_slug_inside_the_printer_margin(printed: Path) -> None:
    for game in SHIPPED:
        title = _title(game)
        for kit in sorted(printed.glob(f"{game}/*/{game}-kit-*.pdf")):
            pdf = pdfium.PdfDocument(kit)
            for number in range(len(pdf)):
                page = pdf[number]
                width, height = page.get_size()
                text = page.get_textpage()
                words = " ".join(text.get_text_range().split())
                assert title in words and re.search(r"page \d+ of \d+", words), (kit.name, number + 1, words[-300:])
                edge = MARGIN_MM * MM - 0.3  # pdfium's glyph boxes, rounded
                for i in range(text.count_chars()):
                    x1, y1, x2, y2 = text.get_charbox(i)
                    if x2 > x1:  # a space has no box
                        assert x1 >= edge and y1 >= edge and x2 <= width - edge and y2 <= height - edge, (
                            kit.name, number + 1, text.get_text_range(i, 1), (x1, y1, x2, y2))


def test_a_component_counts_its_own_pages_and_names_game_component_edition_paper_and_version(printed: Path) -> None:
    for pdf_path in sorted(printed.glob("pocket-bazaar/*/pocket-bazaar-lot-cards-*.pdf")):
        pdf = pdfium.PdfDocument(pdf_path)
        edition = "Standard edition" if "/standard/" in pdf_path.as_posix() else "Large-print edition"
        paper = "A4" if "-a4" in pdf_path.name else "US Letter"
        for number in range(len(pdf)):
            words = " ".join(pdf[number].get_textpage().get_text_range().split())
            slug = f"The Pocket Bazaar · Lot cards · {edition} · {paper} · page {number + 1} of {len(pdf)} · "
            assert slug.replace(" · ", " ") in words.replace(" · ", " "), words[-300:]
            assert re.search(r"First edition, 2026 · [0-9a-f]{7}", words), words[-200:]


def test_private_material_repeats_its_warning_on_every_page(printed: Path) -> None:
    for pdf_path in printed.glob("open-secret-exchange/*/open-secret-exchange-answer-guide-*.pdf"):
        pdf = pdfium.PdfDocument(pdf_path)
        for number in range(len(pdf)):
            words = " ".join(pdf[number].get_textpage().get_text_range().split())
            assert "Host only · Open Secret Exchange" in words, words[-300:]  # the answer guide: audience host


def test_every_line_and_box_is_inside_the_printer_margin(way: str, printed: Path) -> None:
    """pdfplumber's boxes: glyphs by their font's ascent and descent (descenders too), lines and rectangles.
    (Slow to read: the prints with marks of their own, plain and bled, stand for the rest.)"""
    if way not in ("plain", "bleed"):
        pytest.skip("read with pdfium above")
    for kit in sorted(printed.glob("*/*/*-kit-a4*.pdf")) + sorted(printed.glob("*/*/*-kit-letter*.pdf")):
        with pdfplumber.open(kit) as pdf:
            for page in pdf.pages:
                edge = MARGIN_MM * MM - 0.01
                things = [*page.chars, *page.lines, *page.rects, *page.curves]
                for t in things:
                    if t.get("text", "x").strip() == "" or t.get("width", 1) == page.width:
                        continue
                    assert t["x0"] >= edge and t["top"] >= edge and t["x1"] <= page.width - edge and \
                        t["bottom"] <= page.height - edge, (kit.name, page.page_number, t.get("text"), t["x0"],
                                                            t["top"], t["x1"], t["bottom"])
