"""The print-shop PDFs as a second interpreter sees them: Ghostscript reads every page without complaint and, set in
CMYK separations (as a press's RIP sets them), no dot of any page carries more than the ink cap."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import shared
from PIL import Image, ImageSequence
from pypdf import PdfReader
from test_export import exporting

from deckpress.export.pressed import INK_CAP

GS = shutil.which("gs")
pytestmark = pytest.mark.skipif(GS is None, reason="Ghostscript (Debian's ghostscript) is not installed")


@pytest.fixture(scope="module")
def ferry(tmp_path_factory) -> Path:
    return shared(tmp_path_factory, exporting("ferry-tickets", "--to", "print-shop"))


def separations(pdf: Path, out: Path) -> tuple[list[Image.Image], str]:
    """Every page set in C, M, Y and K by Ghostscript at 100 dpi, and what it said."""
    tiff = out / f"{pdf.stem}.tif"
    run = subprocess.run([str(GS), "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", "-r100",
                          f"-sOutputFile={tiff}", str(pdf)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    with Image.open(tiff) as image:
        return [page.copy() for page in ImageSequence.Iterator(image)], run.stdout + run.stderr


def most_ink(page: Image.Image) -> float:
    """The most ink any dot of the page carries, 1.0 a full solid of one ink."""
    assert page.mode == "CMYK"
    c, m, y, k = (band.tobytes() for band in page.split())
    return max(map(sum, zip(c, m, y, k, strict=True))) / 255


def test_ghostscript_sets_every_page_in_cmyk_within_the_ink_cap(ferry, tmp_path):
    found = sorted((ferry / "ferry-tickets" / "export" / "print-shop").glob("*-print-shop.pdf"))
    assert len(found) >= 3
    for pdf in found:
        pages, said = separations(pdf, tmp_path)
        assert len(pages) == len(PdfReader(pdf).pages)
        assert "error" not in said.lower() and "warning" not in said.lower(), said
        inks = [most_ink(page) for page in pages]
        assert max(inks) <= INK_CAP + 2 / 255, (pdf.name, inks)  # a level's rounding, no more
        assert max(inks) > 0.9  # the pages carry ink: the text at least, in solid black
