"""Paths as ReportLab draws them: turns, circles and any outline of straight and curved steps."""

from __future__ import annotations

import math
from functools import lru_cache

from reportlab.lib.colors import CMYKColorSep
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from deckpress.draw.operators import path
from deckpress.layout.ops import Mirror, Steps, Turn

KAPPA = 0.5522847498307936  # a quarter circle's Bézier control distance, as a fraction of the radius
# The spot colour print shops' cutters follow, by the name their RIPs look for; shown as magenta where it is
# printed by mistake (its alternate), and overprinting so that it never knocks a hole in the art beneath.
CUT_CONTOUR = CMYKColorSep(0, 1, 0, 0, spotName="CutContour", density=1)


def turning(op: Turn) -> tuple[float, float, float, float, float, float]:
    """The one matrix (`cm`) that turns the page about (x, y): quarter turns exact, so text stays on its grid."""
    a = math.radians(op.angle)
    cos, sin = round(math.cos(a), 12), round(math.sin(a), 12)
    m = cos, sin, -sin, cos, op.x - cos * op.x + sin * op.y, op.y - sin * op.x - cos * op.y
    if isinstance(op, Mirror):  # y -> 2y0 - y after the turn: the turn's second row negated, moved back
        m = m[0], -m[1], m[2], -m[3], m[4], 2 * op.y - m[5]
    return m[0] + 0.0, m[1] + 0.0, m[2] + 0.0, m[3] + 0.0, m[4] + 0.0, m[5] + 0.0  # + 0.0: no -0 in the file


@lru_cache(maxsize=8192)
def circle_code(x: float, y: float, r: float, ry: float) -> str:
    """Four quarter-circle curves, as ReportLab's circle draws them, without its general arc arithmetic (which took
    half of the time of drawing a circle); an ellipse where `ry` differs from `r`. The same circle in the same
    place (a braille dot in the same cell of every sheet of labels) is written out once."""
    k, ky = KAPPA * r, KAPPA * ry
    return path((("M", x + r, y), ("C", x + r, y + ky, x + k, y + ry, x, y + ry),
                 ("C", x - k, y + ry, x - r, y + ky, x - r, y), ("C", x - r, y - ky, x - k, y - ry, x, y - ry),
                 ("C", x + k, y - ry, x + r, y - ky, x + r, y), ("Z",)))


def die_cut(c: Canvas, steps: Steps, width: float) -> None:
    """A die-cut contour: stroked in the spot colour CutContour, overprinting, in a state of its own."""
    c.saveState()
    c.setStrokeColor(CUT_CONTOUR)
    c.setStrokeOverprint(True)
    c.setLineWidth(width)
    c.setDash([])
    c.drawPath(path_of(c, steps), stroke=1, fill=0)
    c.restoreState()


def path_of(c: Canvas, steps: Steps) -> PDFPathObject:
    path = c.beginPath()
    for verb, *n in steps:
        if verb == "M":
            path.moveTo(*n)
        elif verb == "L":
            path.lineTo(*n)
        elif verb == "C":
            path.curveTo(*n)
        else:
            path.close()
    return path
