"""The pen writes a page's operators itself (deckpress.draw.operators, deckpress.draw.setting): each is the very
string ReportLab's own method writes, and the canvas is left in the state that method leaves it in."""

from __future__ import annotations

import io
from types import SimpleNamespace
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from deckpress.colour import Colour
from deckpress.draw import fonts, icons, operators, tagging
from deckpress.draw.forms import Forms
from deckpress.draw.paths import circle_code, path_of, turning
from deckpress.draw.pen import Pen
from deckpress.draw.setting import Setting, TextObject
from deckpress.layout.ops import END, Begin, Circle, Clip, Line, Path, Polygon, Rect, Text, Tiles, Turn

RED = Colour("harbour-red", (0.55, 0.12, 0.12))
SEA = Colour("sea", (0.1, 0.4, 0.6), (0.9, 0.3, 0.0, 0.1))
PAINTS = [0.0, 0.35, 1, RED, SEA]
STATE = [name for name in Canvas.STATE_ATTRIBUTES if name != "_extgstate"]  # type: ignore[attr-defined]
STEPS = (("M", 0, 0), ("L", 10.5, 0), ("C", 12, 1, 12, 3, 10.25, 4), ("L", 0, 4), ("Z",))


def _pair() -> tuple[Any, Any]:
    """Two canvases: ours, written by the press's operators, and theirs, by ReportLab's methods."""
    return Canvas(io.BytesIO(), invariant=1), Canvas(io.BytesIO(), invariant=1)


def _same(ours: Any, theirs: Any) -> None:
    assert ours._code == theirs._code
    assert {n: getattr(ours, n) for n in STATE} == {n: getattr(theirs, n) for n in STATE}


@pytest.mark.parametrize("paint", PAINTS)
def test_a_fill_is_written_as_reportlab_sets_it(paint):
    ours, theirs = _pair()
    operators.fill(ours, paint)
    if isinstance(paint, Colour) and paint.cmyk is not None:
        theirs.setFillColorCMYK(*paint.cmyk)
    elif isinstance(paint, Colour):
        theirs.setFillColorRGB(*paint.rgb)
    else:
        theirs.setFillGray(paint)
    _same(ours, theirs)


@pytest.mark.parametrize("colour", [None, RED, SEA])
def test_a_stroke_colour_is_written_as_reportlab_sets_it(colour):
    ours, theirs = _pair()
    operators.stroke(ours, colour, 0.0)
    if colour is None:
        theirs.setStrokeGray(0.0)
    elif colour.cmyk is not None:
        theirs.setStrokeColorCMYK(*colour.cmyk)
    else:
        theirs.setStrokeColorRGB(*colour.rgb)
    _same(ours, theirs)


@pytest.mark.parametrize(("stroked", "filled"), [(0, 0), (0, 1), (1, 0), (1, 1)])
def test_lines_rectangles_and_paths_are_written_as_reportlab_draws_them(stroked, filled):
    ours, theirs = _pair()
    for width in (0.25, 1, 0.0):
        operators.line_width(ours, width)
        theirs.setLineWidth(width)
    operators.line(ours._code, 1.5, 2, 100.125, 2)
    theirs.line(1.5, 2, 100.125, 2)
    operators.rect(ours._code, 10, 20.5, 30, 40.333333, operators.painting(ours, bool(stroked), bool(filled)))
    theirs.rect(10, 20.5, 30, 40.333333, stroke=stroked, fill=filled)
    ours._code += [operators.path(STEPS), operators.painting(ours, bool(stroked), bool(filled))]
    theirs.drawPath(path_of(theirs, STEPS), stroke=stroked, fill=filled)
    _same(ours, theirs)


def test_a_form_is_placed_as_reportlab_places_it_and_the_state_after_it_is_the_same():
    ours, theirs = _pair()
    operators.form(ours, "icon-tea", 12.5, 700)
    ours._code.append("Q")
    theirs.saveState()
    theirs.translate(12.5, 700)
    theirs.doForm("icon-tea")
    theirs.restoreState()
    _same(ours, theirs)
    assert ours._formsinuse == theirs._formsinuse == ["icon-tea"]


@pytest.mark.parametrize("clip", [None, (10.0, 20.0, 144.0, 72.5)])
def test_a_patterns_tiles_are_placed_as_reportlab_places_them(clip):
    icon = SimpleNamespace(name="wave", digest="0a1b2c3d")
    op = Tiles(icon, ((10.0, 20.0), (28.35, 20.0), (10.0, 38.35)), 18.35, 18.35, clip, 0.5)  # type: ignore[arg-type]
    ours, theirs = _pair()
    icons.tile(ours, op)
    theirs.saveState()
    if clip is not None:
        path = theirs.beginPath()
        path.rect(*clip)
        theirs.clipPath(path, stroke=0, fill=0)
    for x, y in op.places:
        theirs.saveState()
        theirs.translate(x, y)
        theirs.doForm(icons.form_name(op))
        theirs.restoreState()
    theirs.restoreState()
    _same(ours, theirs)
    assert ours._formsinuse == theirs._formsinuse


# enough characters in one face for a second subset: ReportLab's first holds about 220
MANY = "".join(chr(c) for c in [*range(0x21, 0x7F), *range(0xC0, 0x17F), *range(0x391, 0x3AA), *range(0x410, 0x450)])
LINES = ["Lot 1: Lanterns", MANY[:120], "Lot 1: Lanterns", MANY, "\u0416\u0438\u0437\u043d\u044c, 3 points", "",
         "Lot 1: Lanterns"]


def test_lines_set_from_the_documents_encodings_are_reportlabs_own_and_so_is_the_file():
    ours, theirs = _pair()
    setting = Setting(ours)
    face = fonts.font("FiraSans-Regular").fontName
    for size in (10, 7.5, 10):  # each a text object of its own; the same lines again hit the encodings made
        operators.font(ours, face, size)
        theirs.setFont(face, size)
        mine, their = TextObject(setting, face, size), theirs.beginText()
        for n, line in enumerate(LINES):
            mine.origin(72, 700 - 12 * n)
            their.setTextOrigin(72, 700 - 12 * n)
            mine.show(line)
            their.textOut(line)
            mine.code.append("3 Tr")  # a line that runs on: an invisible space
            their._code.append("3 Tr")
            mine.show(" ")
            their.textOut(" ")
        ours._code.append(mine.end())
        theirs.drawText(their)
    assert len(setting.encoded) < 3 * 2 * len(LINES)
    _same(ours, theirs)
    ours.showPage()
    theirs.showPage()
    pdf = ours.getpdfdata()
    assert pdf == theirs.getpdfdata()
    assert b"/F2+1" in pdf  # the face's second subset was reached (F1: the canvas's first font)


def _page() -> tuple[list[object], list[tuple[int, object]]]:
    """A page of each kind of op the pen writes itself, in a turn and a clip, and the structure round them."""
    ops = [Text(72, 700, "Lot 1: Lanterns", "AtkinsonHyperlegible-Bold", 12),
           Text(72, 686, "three points", "AtkinsonHyperlegible-Bold", 12),
           Line(72, 680, 200, 680, 0.5, dash=(2, 1), stroke=RED),
           Turn(90, 100, 100, ops=2), Rect(10, 10, 20, 30, 1, fill=SEA), Circle(50, 50, 5, 0, fill=0.5),
           Clip(STEPS, ops=1), Polygon(((0, 0), (5, 0), (5, 5)), 0.25), Path(STEPS, 1)]
    return ops, [(0, Begin("P")), (2, END)]


def _theirs(c: Any) -> None:
    """The page as ReportLab's methods drew it."""
    face = fonts.font("AtkinsonHyperlegible-Bold").fontName
    c.addLiteral("/P <</MCID 0>> BDC")
    c.setFont(face, 12)
    c.setFillGray(0.0)
    text = c.beginText()
    text.setTextOrigin(72, 700)
    text.textOut("Lot 1: Lanterns")
    text._code += ["3 Tr"]
    text.textOut(" ")
    text._code += ["0 Tr"]
    text.setTextOrigin(72, 686)
    text.textOut("three points")  # the element ends with it: no space after it
    c.drawText(text)
    for literal in ("EMC", "/Artifact BMC"):
        c.addLiteral(literal)
    c.setStrokeColorRGB(*RED.rgb)
    c.setLineWidth(0.5)
    c.setDash([2, 1])
    c.line(72, 680, 200, 680)
    c.addLiteral("EMC")
    c.saveState()
    c.transform(*turning(Turn(90, 100, 100)))
    c.addLiteral("/Artifact BMC")
    c.setFillColorCMYK(*SEA.cmyk)  # type: ignore[misc]
    c.setLineWidth(1)
    c.setDash([])
    c.setStrokeGray(0.0)
    c.rect(10, 10, 20, 30, stroke=1, fill=1)
    c.setFillGray(0.5)
    c.setLineWidth(0)
    c.drawPath(PDFPathObject([circle_code(50, 50, 5, 5)]), stroke=0, fill=1)  # as the press drew circles
    c.addLiteral("EMC")
    c.restoreState()
    c.saveState()
    c.clipPath(path_of(c, STEPS), stroke=0, fill=0)
    c.addLiteral("/Artifact BMC")
    c.setLineWidth(0.25)
    c.setDash([])
    c.setStrokeGray(0.0)
    c.drawPath(path_of(c, (("M", 0, 0), ("L", 5, 0), ("L", 5, 5), ("Z",))), stroke=1, fill=0)
    c.addLiteral("EMC")
    c.restoreState()
    c.addLiteral("/Artifact BMC")
    c.setLineWidth(1)
    c.setDash([])
    c.setStrokeGray(0.0)
    c.drawPath(path_of(c, STEPS), stroke=1, fill=0)
    c.addLiteral("EMC")


def test_the_pen_writes_a_page_as_reportlabs_methods_wrote_it():
    ours, theirs = _pair()
    tree = tagging.Tree()
    tree.new_page()
    pen = Pen(ours, tree, Forms(ours, tree), Setting(ours))
    ops, tags = _page()
    for i, op in enumerate(ops):
        for _ in [t for at, t in tags if at == i]:
            tree.apply(_)  # type: ignore[arg-type]
        pen.draw(op)
    pen.end()
    _theirs(theirs)
    _same(ours, theirs)


def test_an_op_of_a_kind_the_pen_does_not_know_fails_naming_it() -> None:
    """Never drawn as nothing: a kind missing from the pen's table is an error that says which."""
    ours, _ = _pair()
    tree = tagging.Tree()
    tree.new_page()
    pen = Pen(ours, tree, Forms(ours, tree), Setting(ours))

    class Sparkle:
        pass

    with pytest.raises(TypeError, match="the pen cannot draw a Sparkle"):
        pen.draw(Sparkle())  # type: ignore[arg-type]
