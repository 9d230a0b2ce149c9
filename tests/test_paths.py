"""Paths and clips: any outline drawn as written, and what a clip holds shown only inside it."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from deckpress.draw.finish import DocInfo
from deckpress.draw.render import render
from deckpress.layout.outlines import flattened, shapes
from deckpress.layout.page import MM, Document, Drawing, Path
from deckpress.layout.slug_space import obstacles

INFO = DocInfo("Paths", "Round & Revel", "A test", "en-GB")
SQUARE = [("M", 10, 10), ("L", 30, 10), ("L", 30, 30), ("L", 10, 30), ("Z",)]


def _pdf(d: Drawing) -> bytes:
    return render(Document("g", "c", "Paths", "standard", "a4", [d.page]), INFO)


def test_a_path_is_stored_in_points_from_the_foot_and_drawn_with_its_curves():
    d = Drawing((210, 297))
    d.path([("M", 0, 0), ("C", 10, 0, 20, 10, 20, 20), ("L", 0, 20), ("Z",)], 0.5, dash=(3, 2))
    op = d.page.ops[0]
    assert isinstance(op, Path)
    assert op.steps[0] == ("M", 0.0, pytest.approx(297 * MM))
    assert op.steps[1][-2:] == (pytest.approx(20 * MM), pytest.approx(277 * MM))
    stream = PdfReader(io.BytesIO(_pdf(d))).pages[0].get_contents().get_data().decode()
    assert " c\n" in stream or " c " in stream  # the curve stays a curve
    assert "[3 2] 0 d" in stream


def test_a_clip_shows_only_what_lies_inside_it():
    d = Drawing((210, 297))
    with d.clipped(SQUARE):
        d.rect(0, 0, 60, 60, 0, fill=0.0)  # a black square three times the clip's size
    pdf = pdfium.PdfDocument(_pdf(d))
    image = pdf[0].render(scale=100 / 72).to_pil().convert("L")  # 100 dpi
    px = 100 / 25.4

    def at(x_mm: float, y_mm: float) -> int:
        return image.getpixel((round(x_mm * px), round(y_mm * px)))

    assert at(20, 20) == 0  # inside: black
    assert at(40, 40) == 255 and at(5, 5) == 255  # outside: nothing
    assert d.page.ops[0].ops == 1  # type: ignore[union-attr]


def test_the_checks_see_a_path_as_its_edges_and_a_clip_as_its_box():
    assert flattened((("M", 0, 0), ("L", 10, 0), ("Z",))) == [[(0, 0), (10, 0), (0, 0)]]
    curve = flattened((("M", 0.0, 0.0), ("C", 0.0, 5.0, 5.0, 10.0, 10.0, 10.0)))[0]
    assert curve[-1] == (10.0, 10.0) and len(curve) == 9
    d = Drawing((210, 297))
    d.path(SQUARE, 0.5)
    _, edges, _, _ = shapes(d.page.ops)
    assert len(edges) == 4
    with d.clipped(SQUARE):
        d.rect(0, 0, 60, 60, 0, fill=0.0)
    boxes = obstacles(d.page, 0)
    assert any(b == pytest.approx((10 * MM, 267 * MM, 30 * MM, 287 * MM)) for b in boxes)
