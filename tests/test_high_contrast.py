"""High contrast (`build --high-contrast`): large print reversed out, a light ink on black paper, read back from
the PDFs and measured on their rendered pages."""

from __future__ import annotations

import ctypes
import json
import re
from pathlib import Path

import pdfplumber
import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from conftest import CONTENT, LAYOUTS, shared

from deckpress.cli import main
from deckpress.colour import Colour, contrast

YELLOW, BLACK = (255, 255, 0), (0, 0, 0)


@pytest.fixture(scope="module")
def reversed_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared(tmp_path_factory, ("build", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--jobs", "1",
                                     "--edition", "large-print", "--paper", "a4", "--high-contrast"))


def colours(path: Path, page: int = 0) -> list[tuple[int, tuple[int, int, int]]]:
    """The page rendered at 72 dpi: each colour its pixels show, most first."""
    document = pypdfium2.PdfDocument(str(path))
    try:
        image = document[page].render(scale=1).to_pil().convert("RGB")
    finally:
        document.close()
    return sorted(image.getcolors(10_000_000) or [], reverse=True)


def inks(path: Path) -> tuple[int, set[tuple[int, int, int, int]]]:
    """How many pages the PDF has, and the colour each run of its text is filled with (red, green, blue, alpha;
    forms' too), read by pdfium: every letter's ink, as pdfplumber's `non_stroking_color` of each character."""
    document = pypdfium2.PdfDocument(str(path))
    rgba = [ctypes.c_uint() for _ in range(4)]
    found = set()
    try:
        for page in document:
            for text in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT]):
                assert pdfium_c.FPDFPageObj_GetFillColor(text.raw, *map(ctypes.byref, rgba)), path
                found.add((rgba[0].value, rgba[1].value, rgba[2].value, rgba[3].value))
        return len(document), found
    finally:
        document.close()


def wcag(rgb: tuple[int, int, int]) -> Colour:
    return Colour("measured", (rgb[0] / 255, rgb[1] / 255, rgb[2] / 255))


def test_every_page_is_yellow_on_black_at_far_more_than_the_editions_7_to_1(reversed_out: Path) -> None:
    paths = sorted(reversed_out.glob("*/large-print/*-a4.pdf"))
    listed = json.loads((reversed_out / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    pdfs = {reversed_out / e["path"] for e in listed if re.fullmatch(r"[^/]+/large-print/[^/]+-a4\.pdf", e["path"])}
    assert len(paths) >= 24 and set(paths) == pdfs  # every large-print PDF on A4, in every language built
    for path in paths:
        pages, filled = inks(path)
        assert filled == {(*YELLOW, 255)}, (path.name, filled)  # every letter in the ink, the slug's too, opaque
        for page in {0, pages - 1}:
            shown = colours(path, page)
            # the paper: the colour most pixels show; the ink: the brightest shown (the rest blend the two at edges)
            paper, ink = shown[0][1], max(shown, key=lambda c: sum(c[1]))[1]
            assert paper == BLACK and ink == YELLOW, (path.name, shown[:3])  # the paper most, then the ink
            # measured between the two colours the page shows most: the text and what is behind it
            assert contrast(wcag(ink), wcag(paper)) >= 7 and round(contrast(wcag(ink), wcag(paper)), 1) == 19.6
            # nothing else: every other pixel is the ink's edge blending into the paper (red equal to green, no blue)
            stray = sum(n for n, (r, g, b) in shown if abs(r - g) > 2 or b > 2)
            assert stray == 0, (path.name, page, [c for c in shown if abs(c[1][0] - c[1][1]) > 2 or c[1][2] > 2][:5])


def test_a_card_of_coloured_art_keeps_its_words_and_loses_its_colours(reversed_out: Path) -> None:
    """Stone Market's stones are drawn in a shape and a letter: on black, the shapes' outlines and letters in the
    ink, read the same as in large print."""
    path = reversed_out / "stone-market/large-print/stone-market-stones-a4.pdf"
    with pdfplumber.open(path) as pdf:
        words = [w for page in pdf.pages for w in page.extract_text().split()]
    assert {"Amber", "Jade", "Onyx", "Pearl", "Ruby"} <= set(words)


def test_white_on_black_and_a_pair_of_the_readers_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    common = ["build", "pocket-bazaar", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--jobs", "1",
              "--edition", "large-print", "--paper", "a4", "--out", str(out)]
    assert main([*common, "--high-contrast", "white-on-black"]) == 0
    shown = colours(out / "pocket-bazaar/large-print/pocket-bazaar-rules-a4.pdf")
    assert [c for _, c in shown[:2]] == [BLACK, (255, 255, 255)]
    assert main([*common, "--high-contrast", "#ffff00-on-#000080"]) == 0  # yellow on navy: 14.2:1
    shown = colours(out / "pocket-bazaar/large-print/pocket-bazaar-rules-a4.pdf")
    assert [c for _, c in shown[:2]] == [(0, 0, 128), YELLOW]
    capsys.readouterr()
    assert main([*common, "--high-contrast", "#777777-on-#000000"]) == 1  # 4.69:1
    assert (f"{LAYOUTS}/large-print/theme.yaml:4:1: error: --high-contrast: #777777 on #000000 is 4.69:1, below the "
            "large-print edition's 7:1") in capsys.readouterr().err
