"""Every printed page names itself: the slug line, read back from every kit for every way of printing, and every
glyph and mark on it inside the printer margin."""

from __future__ import annotations

import ctypes
import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import CATALOGUE, CONTENT, MM, SHIPPED, shared
from marks import pdfium_marks

from deckpress.findings import Findings
from deckpress.load import load_game
from deckpress.templating import Templates

OPTIONS = {"plain": [], "long-edge": ["--duplex", "long-edge"], "short-edge": ["--duplex", "short-edge"],
           "bleed": ["--bleed", "3"], "fold": ["--fold"]}
MARGIN_MM = 4.2  # the shipped themes' printer_margin_mm: office lasers print no nearer the edge
LARGE_PRINT_LINE_MM = 152.4  # 6 in: the large-print theme's longest line


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
            chars, _, _ = _slug_chars(pdf[number].get_textpage(), "The Pocket Bazaar")
            # its lines in reading order, spaces and separators left out (a line break takes a separator's place)
            words = "".join(c for _, c, _ in chars if c != "·")
            slug = f"The Pocket Bazaar Lot cards {edition} {paper} page {number + 1} of {len(pdf)} ".replace(" ", "")
            assert words.startswith(slug), words
            assert re.fullmatch(r"Firstedition,2026[0-9a-f]{7}", words[len(slug):]), words


def test_private_material_repeats_its_warning_on_every_page(printed: Path) -> None:
    for pdf_path in printed.glob("open-secret-exchange/*/open-secret-exchange-answer-guide-*.pdf"):
        pdf = pdfium.PdfDocument(pdf_path)
        for number in range(len(pdf)):
            words = " ".join(pdf[number].get_textpage().get_text_range().split())
            assert "Host only · Open Secret Exchange" in words, words[-300:]  # the answer guide: audience host


def test_every_line_and_box_is_inside_the_printer_margin(way: str, printed: Path) -> None:
    """pdfplumber's boxes, read by pdfium (`pdfium_marks`): glyphs by their font's descent and size (descenders
    too), lines and rectangles. (The prints with marks of their own, plain and bled, stand for the rest.)"""
    if way not in ("plain", "bleed"):
        pytest.skip("read with pdfium above")
    boxes = sorted(printed.glob("*/*/*-box-*.pdf"))  # optional: in no kit
    for kit in sorted(printed.glob("*/*/*-kit-a4*.pdf")) + sorted(printed.glob("*/*/*-kit-letter*.pdf")) + boxes:
        pdf = pdfium.PdfDocument(kit)
        for number in range(len(pdf)):
            page = pdf[number]
            width, height = page.get_size()
            edge = MARGIN_MM * MM - 0.01
            for text, x0, top, x1, bottom, across in pdfium_marks(page):
                if text.strip() == "" or across == width:
                    continue
                assert x0 >= edge and top >= edge and x1 <= width - edge and bottom <= height - edge, (
                    kit.name, number + 1, text, x0, top, x1, bottom)


def test_the_slug_is_whole_on_every_page_of_every_pdf(printed: Path) -> None:
    """Its characters are the page's last (it is stamped last) and lie together: one orientation, no other
    character inside the box round them, level lines at the foot or head or upright lines at a side; in large
    print each line within 6 in where the sheet has the room (it always has, in the shipped games but one:
    the private desk cards folded on A4, whose two lines run the printable width)."""
    titles = {game: _title(game) for game in SHIPPED}
    for pdf_path in sorted(p for game in SHIPPED for p in printed.glob(f"{game}/*/*.pdf")):
        pdf = pdfium.PdfDocument(pdf_path)
        for number in range(len(pdf)):
            page = pdf[number]
            where = (pdf_path.name, number + 1)
            slug, others, angles = _slug_chars(page.get_textpage(), titles[pdf_path.parts[-3]])
            assert slug and len(angles) == 1, (where, angles)  # one block, level or upright
            x1, y1 = min(c[0][0] for c in slug), min(c[0][1] for c in slug)
            x2, y2 = max(c[0][2] for c in slug), max(c[0][3] for c in slug)
            inside = [c for b, c in others if x1 + 0.5 < b[2] and b[0] < x2 - 0.5 and y1 + 0.5 < b[3]
                      and b[1] < y2 - 0.5]
            assert not inside, (where, "".join(inside)[:80])  # nothing of the page between its pieces
            width, height = page.get_size()
            level = angles == {0}
            near = (y1 < height / 4 or y2 > height * 3 / 4) if level else (x1 < width / 4 or x2 > width * 3 / 4)
            assert near, (where, "not in a margin", (x1, y1, x2, y2))
            baselines = sorted({round(origin[1] if level else origin[0], 1) for _, _, origin in slug})
            assert len(baselines) <= 3, (where, baselines)
            steps = [b - a for a, b in zip(baselines, baselines[1:], strict=False)]
            assert not steps or max(steps) - min(steps) < 0.5, (where, baselines)  # evenly spaced: one block
            spaceless = "".join(c for _, c, _ in slug)
            desks_folded_on_a4 = "-a4-fold" in pdf_path.name and "Deskcards" in spaceless
            if "/large-print/" in pdf_path.as_posix() and not desks_folded_on_a4:
                longest = (x2 - x1) if level else (y2 - y1)
                assert longest <= LARGE_PRINT_LINE_MM * MM + 1, (where, longest / MM)


Char = tuple[tuple[float, float, float, float], str, tuple[float, float]]  # its box, itself, its origin
Other = tuple[tuple[float, float, float, float], str]  # a character of the page's own: its box, itself


def _slug_chars(text: pdfium.PdfTextPage, title: str) -> tuple[list[Char], list[Other], set[int]]:
    """The slug's characters (from the last time the page names its game, or its warning, to the end: it is
    stamped last), the rest of the page's, and the slug's orientations (degrees, a half turn taken as none)."""
    whole = text.get_text_range()
    start = whole.rfind(title)
    for warning in ("Private · ", "Host only · "):
        if whole[max(0, start - len(warning)):start] == warning:
            start -= len(warning)
    end = re.compile(r"· [0-9a-f]{7}").search(whole, max(start, 0))
    assert start >= 0 and end, whole[-200:]
    slug: list[Char] = []
    others: list[Other] = []
    angles: set[int] = set()
    first: float | None = None  # the slug's size: a reader may order a card's words amid its lines
    for i in range(text.count_chars()):
        if not whole[i:i + 1].strip():
            continue  # a space, or a break the reader added
        box = text.get_charbox(i)
        if box[2] <= box[0]:
            continue  # a space drawn as a glyph
        ours = start <= i < end.end()  # the origin, size and angle are read for the slug's characters only
        size = pdfium.raw.FPDFText_GetFontSize(text.raw, i) if ours else 0.0
        first = size if ours and first is None else first
        if ours and abs(size - (first or 0.0)) < 0.01:
            x, y = ctypes.c_double(), ctypes.c_double()
            pdfium.raw.FPDFText_GetCharOrigin(text.raw, i, ctypes.byref(x), ctypes.byref(y))
            slug.append((box, whole[i], (x.value, y.value)))
            angles.add(round(math.degrees(pdfium.raw.FPDFText_GetCharAngle(text.raw, i))) % 180)
        else:
            others.append((box, whole[i]))
    return slug, others, angles
