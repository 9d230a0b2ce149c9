"""Icons in the PDF: each (file, size, colour, stroke) drawn once a document as a form XObject, placed wherever it is
used; a pattern's tile likewise, placed at every tile of the pattern. SVG is drawn as vectors (svglib's ReportLab
drawing), PNG as an image with its alpha kept."""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from reportlab.pdfgen.canvas import Canvas

from deckpress.colour import Colour
from deckpress.draw import dots, fonts, operators
from deckpress.layout.page import Dots, Icon, Tiles
from deckpress.load.icons import IconFile, vectors

if TYPE_CHECKING:  # ReportLab's graphics (and the paragraphs they import) load when a vector icon is first drawn
    from reportlab.graphics.shapes import Drawing

Matrix = tuple[float, float, float, float, float, float]
INVISIBLE: Literal[3] = 3  # text render mode: neither filled nor stroked, still extracted and read aloud


def form_name(op: Icon | Tiles) -> str:
    """The form's name: a PDF name, so only regular characters (a `#` would start an escape, and a viewer would
    look for another form)."""
    if isinstance(op, Tiles):
        return _form_name(op.icon.name, op.icon.digest, op.size, None, None, None, op.stroke, op.height)
    return _form_name(op.icon.name, op.icon.digest, op.size, op.height, op.colour, op.stroke, None, None)


@lru_cache(maxsize=4096)  # an icon is placed thousands of times a deck, at a few sizes and colours
def _form_name(name: str, digest: str, size: float, height: float | None, colour: Colour | None,
               stroke: float | None, tile_stroke: float | None, tile_height: float | None) -> str:
    shown = colour.hex.lstrip("#") if colour is not None else "ink"
    if tile_stroke is not None:  # a pattern's tile: per unit of its own stroke-width; its height
        stroke_part = f"x{tile_stroke:.4f}-{tile_height:.4f}"
    else:
        stroke_part = "own" if stroke is None else f"{stroke:.4f}"
    tall = f"x{height:.4f}" if height is not None else ""  # a square: as before
    return f"icon-{name}-{digest}-{size:.4f}{tall}-{shown}-{stroke_part}"


def define_all(canvas: Canvas, ops: Sequence[object], defined: set[str]) -> None:
    """Each icon (by file, size, colour and stroke) is drawn once a document, as a form that pages place: a deck
    repeats a few icons thousands of times; and each set of dots (deckpress.draw.dots). Defined before the page
    is drawn, each in its own stream."""
    placed = (Icon, Tiles, Dots)  # (a tuple: `Icon | Tiles` would make a new union at every op)
    for op in ops:
        if isinstance(op, placed):
            if isinstance(op, Dots):
                dots.define(canvas, op, defined)
            else:
                define(canvas, op, defined)


def define(canvas: Canvas, op: Icon | Tiles, defined: set[str]) -> None:
    """The icon's form, unless this document has it already; drawn before the page, in its own stream."""
    name = form_name(op)
    if name in defined:
        return
    defined.add(name)
    icon = op.icon
    if icon.svg is not None:
        _vector_form(canvas, name, op)
        return
    height = _height(op)
    scale = min(op.size / icon.width, height / icon.height)
    w, h = icon.width * scale, icon.height * scale
    if isinstance(op, Icon) and not _even(op.size, height, icon.width, icon.height):  # stretched onto its box
        w, h = op.size, height
    canvas.beginForm(name, 0, 0, op.size, height)
    canvas.drawImage(str(icon.path), (op.size - w) / 2, (height - h) / 2, w, h, mask="auto")  # centred
    canvas.endForm()


def _height(op: Icon | Tiles) -> float:
    if isinstance(op, Tiles):
        return op.height
    return op.size if op.height is None else op.height


def _even(w: float, h: float, own_w: float, own_h: float) -> bool:
    """Whether a box w x h has the icon's own shape (to a rounding): drawn at one scale, else stretched."""
    return abs(w * own_h - h * own_w) <= 1e-9 * max(w * own_h, h * own_w)


def _vector_form(canvas: Canvas, name: str, op: Icon | Tiles) -> None:
    """An icon filling its box (a square, or a box of its own shape: the layout fits it), stretched only where the
    box's shape is not its own; or a pattern's tile filling its box (a column's stretched down it), its strokes
    `op.stroke` points for every unit of their own width."""
    drawing = _drawing(op.icon, op.colour if isinstance(op, Icon) else None)
    if isinstance(op, Tiles):
        scale = op.size / float(drawing.width)
        placed = _placed(drawing, (scale, scale), (0, 0), op.stroke, True, op.height / (drawing.height * scale))
    else:
        width, height, own_w, own_h = op.size, _height(op), float(drawing.width), float(drawing.height)
        if _even(width, height, own_w, own_h):  # its own shape: one scale, centred (a square in a square)
            scale = min(width / own_w, height / own_h)
            scales, at = (scale, scale), ((width - own_w * scale) / 2, (height - own_h * scale) / 2)
        else:  # `fit: stretch`: its frame onto the box, as SVG's preserveAspectRatio="none" draws it
            scales, at = (width / own_w, height / own_h), (0.0, 0.0)
        placed = _placed(drawing, scales, at, op.stroke, False)
    x0, y0, x1, y1 = placed.getBounds()
    reach = 5 * max(op.stroke or 0, 3)  # a mitred corner reaches past the path by up to five stroke widths
    # the stubs ask for whole points; ReportLab writes any number into the form's box
    canvas.beginForm(name, min(x0, 0) - reach, min(y0, 0) - reach,  # type: ignore[arg-type]
                     max(x1, op.size) + reach, max(y1, op.size if isinstance(op, Tiles) else _height(op)) + reach)
    # ReportLab's drawing renderer sets its default font (a font not embedded) unless given the canvas's own
    for key, value in (("initialFontName", "_fontname"), ("initialFontSize", "_fontsize")):
        setattr(placed, key, getattr(canvas, value))
    from reportlab.graphics import renderPDF

    renderPDF.draw(placed, canvas, 0, 0)
    canvas.endForm()


def place(canvas: Canvas, op: Icon) -> None:
    """The icon's form placed at its corner, in a state of its own (as `saveState`, `translate`, `doForm`)."""
    operators.form(canvas, form_name(op), op.x, op.y)
    if op.alt and op.font:
        _alt(canvas, op)
    operators.restore(canvas)  # the text state too: what follows is visible again


def tile(canvas: Canvas, op: Tiles) -> None:
    """The tiles of a pattern, cut where they run past its cells."""
    canvas.saveState()
    if op.clip is not None:  # only where needed: PDF viewers cut without anti-aliasing
        path = canvas.beginPath()
        path.rect(*op.clip)
        canvas.clipPath(path, stroke=0, fill=0)
    name = form_name(op)
    for x, y in op.places:  # a pattern places hundreds: its operators written as `place` writes an icon's
        operators.form(canvas, name, x, y)
        operators.restore(canvas)
    canvas.restoreState()


def _drawing(icon: IconFile, colour: Colour | None) -> Drawing:
    drawing = vectors(icon.svg or b"", colour.hex if colour is not None else "#000000")
    if drawing is None:  # it was drawn when the icon was checked: only a broken library gets here
        raise RuntimeError(f"icon {icon.shown}: svglib cannot draw it")
    return drawing


def _alt(canvas: Canvas, op: Icon) -> None:
    """The icon's name as invisible text across it, on its baseline: copied, searched and read aloud as a word."""
    width = fonts.width(op.font, op.alt, op.size) or 1
    text = canvas.beginText(0, 0)  # at the icon's corner: the canvas is moved there
    text.setTextRenderMode(INVISIBLE)
    text.setFont(fonts.font(op.font).fontName, op.size)
    text.setHorizScale(100 * op.size / width)  # as wide as the icon: the next word stays where it is
    text.textOut(op.alt)
    canvas.drawText(text)


def _placed(drawing: Drawing, scale: tuple[float, float], at: tuple[float, float], stroke: float | None,
            relative: bool, stretch: float = 1) -> Drawing:
    """The SVG's drawing scaled into the icon's square (or a tile's box). With `stroke`, every stroke that wide in
    points (or, for a pattern's tile, `stroke` points for every unit of its own stroke-width), whatever the size.
    `stretch` makes it that much taller: its points move, its strokes keep their width."""
    from reportlab.graphics.shapes import Drawing, Group

    group = Group(*(_copied(node, stretch != 1) for node in drawing.contents))
    if stretch != 1:
        _stretch(group, (1, 0, 0, 1, 0, 0), stretch)
    group.transform = (scale[0], 0, 0, scale[1], *at)
    if stroke is not None:
        _strokes(group, (1, 0, 0, 1, 0, 0), stroke, relative)
    placed = Drawing(drawing.width * scale[0], drawing.height * scale[1])
    placed.add(group)
    return placed


def _copied(node: Any, points: bool) -> Any:
    """The node and every node under it copied (their strokes are set, their line ends moved, a form at a time),
    their lists of points only where they are moved (`points`: a stretch): a traced picture's 80,000 points were
    copied whole for each form (2 s in a deck)."""
    new = copy.copy(node)
    if isinstance(getattr(node, "contents", None), list):
        new.contents = [_copied(child, points) for child in node.contents]
    if points and isinstance(getattr(node, "points", None), list):
        new.points = list(node.points)
    return new


def _strokes(node: object, outer: Matrix, stroke: float, relative: bool) -> None:
    """Set every stroke to `stroke` points on the page, undoing the scale of the groups around it."""
    matrix = _times(outer, getattr(node, "transform", None) or (1, 0, 0, 1, 0, 0))
    for child in getattr(node, "contents", []):
        _strokes(child, matrix, stroke, relative)
    own = getattr(node, "strokeWidth", None)
    if own is not None and getattr(node, "strokeColor", None) is not None:
        wanted = stroke * own if relative else stroke
        node.strokeWidth = wanted / _widening(matrix)  # type: ignore[attr-defined]


def _widening(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) or 1


def _stretch(node: object, outer: Matrix, k: float) -> None:
    """Move every point of the lines, polygons and paths under `node` k times as far up the drawing: a column tile
    stretched down its box by its geometry, not its matrix (PDF viewers widen hairlines only under an even scale)."""
    matrix = _times(outer, getattr(node, "transform", None) or (1, 0, 0, 1, 0, 0))
    for child in getattr(node, "contents", []):
        _stretch(child, matrix, k)
    inverse = _inverse(matrix)

    def moved(x: float, y: float) -> tuple[float, float]:
        px, py = _apply(matrix, x, y)
        return _apply(inverse, px, py * k)

    for xs, ys in (("x1", "y1"), ("x2", "y2")):
        if hasattr(node, xs) and hasattr(node, ys):  # a line's ends
            x, y = moved(getattr(node, xs), getattr(node, ys))
            setattr(node, xs, x)
            setattr(node, ys, y)
    points = getattr(node, "points", None)
    if isinstance(points, list):
        for i in range(0, len(points) - 1, 2):
            points[i], points[i + 1] = moved(points[i], points[i + 1])


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _inverse(m: Matrix) -> Matrix:
    det = m[0] * m[3] - m[1] * m[2]
    a, b, c, d = m[3] / det, -m[1] / det, -m[2] / det, m[0] / det
    return (a, b, c, d, -(a * m[4] + c * m[5]), -(b * m[4] + d * m[5]))


def _times(a: Matrix, b: Matrix) -> Matrix:
    """`b` applied inside `a` (PDF matrix order)."""
    return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3],
            a[1] * b[2] + a[3] * b[3], a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])
