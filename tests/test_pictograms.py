"""Pictograms: laid out as one op each, drawn once a document as a form, and placed wherever they are used."""

from __future__ import annotations

import re

import pypdfium2
from PIL import ImageChops
from pypdf import PdfReader

from deckpress.draw.finish import DocInfo
from deckpress.draw.render import render
from deckpress.layout.page import MM, Circle, Document, Drawing, Line, Page, Pictogram, Polygon, Rect
from deckpress.layout.pictograms import PICTOGRAMS, draw_pictogram, pictogram_shapes

INFO = DocInfo("Pictograms", "Round & Revel", "A test", "en-GB")


def test_a_pictogram_is_one_op_at_its_square_in_points():
    d = Drawing((210, 297))
    draw_pictogram(d, "key", 10, 20, 14, 1.25)
    assert d.page.ops == [Pictogram("key", 10 * MM, (297 - 34) * MM, 14 * MM, 1.25)]


def test_its_shapes_sit_in_its_own_square_with_y_up():
    (stone,) = pictogram_shapes("circle", 10, 1)
    assert isinstance(stone, Circle) and (stone.x, stone.y, round(stone.r, 9), stone.fill) == (5, 5, 4.6, None)
    line, = [s for s in pictogram_shapes("key", 10, 1) if isinstance(s, Line)]
    assert [round(v, 9) for v in (line.x1, line.y1, line.x2, line.y2)] == [4.0, 5.0, 9.2, 5.0]
    base = pictogram_shapes("lantern", 10, 1)[-1]  # the lantern's foot: the bottom of the square
    assert isinstance(base, Rect) and (round(base.x, 6), round(base.y, 6), base.fill) == (2.4, 1.2, 0)  # 0.88 down
    for name in PICTOGRAMS:
        for shape in pictogram_shapes(name, 10, 1):
            points = ([(shape.x1, shape.y1), (shape.x2, shape.y2)] if isinstance(shape, Line) else
                      shape.points if isinstance(shape, Polygon) else [(shape.x, shape.y)])
            assert all(-1e-9 <= v <= 10 + 1e-9 for p in points for v in p), name


def pixels(ops: list, scale: float = 3) -> object:
    page = Page(200, 120, list(ops))
    pdf = render(Document("g", "c", "Pictograms", "standard", "a4", [page]), INFO)
    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[0].render(scale=scale).to_pil().convert("L")
    finally:
        document.close()


def same_drawing(placed: list[Pictogram], scale: float = 3) -> bool:
    in_place = [_moved(s, op.x, op.y) for op in placed for s in pictogram_shapes(op.name, op.size, op.width)]
    difference = ImageChops.difference(pixels(placed, scale), pixels(in_place, scale))
    return sum(difference.histogram()[64:]) == 0  # at most anti-aliasing differs


def test_a_placed_pictogram_draws_what_its_shapes_draw_in_place():
    for name in ("lantern", "teacup", "key", "map", "star", "triangle"):
        placed = [Pictogram(name, 30, 20, 80, 2.0), Pictogram(name, 120, 50, 40, 2.0)]
        assert same_drawing(placed), name
        assert pixels(placed).getextrema()[0] == 0  # and something was drawn


def test_a_sharp_corner_of_a_thick_stroke_is_not_cut_by_the_form():
    """A mitred corner reaches past the path by up to five stroke widths: the star of a ware card."""
    assert same_drawing([Pictogram("star", 40, 40, 25.5, 1.25), Pictogram("triangle", 120, 40, 20, 2.0)], scale=16)


def _moved(shape, dx: float, dy: float):  # type: ignore[no-untyped-def]
    if isinstance(shape, Line):
        return Line(shape.x1 + dx, shape.y1 + dy, shape.x2 + dx, shape.y2 + dy, shape.width)
    if isinstance(shape, Polygon):
        return Polygon(tuple((x + dx, y + dy) for x, y in shape.points), shape.width, shape.fill, shape.closed)
    if isinstance(shape, Rect):
        return Rect(shape.x + dx, shape.y + dy, shape.w, shape.h, shape.width, shape.fill)
    return Circle(shape.x + dx, shape.y + dy, shape.r, shape.width, shape.fill)


def test_a_deck_draws_each_pictogram_once_and_places_it_on_every_card(built):
    reader = PdfReader(built / "pocket-bazaar" / "standard" / "pocket-bazaar-lot-cards-a4.pdf")
    forms = {name for page in reader.pages for name in page["/Resources"]["/XObject"]}
    assert len(forms) == 8  # four collections, each at two sizes (corner and centre)
    placed = sum(len(re.findall(rb"/FormXob\.\S+ Do", page.get_contents().get_data())) for page in reader.pages)
    assert placed == 2 * 24
