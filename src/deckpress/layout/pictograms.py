"""Simple vector pictograms, as data in a unit square (x right, y down).

A pictogram repeats what a word on the card already says, so colour or
picture is never the only carrier of meaning.
"""

from __future__ import annotations

from functools import cache

from deckpress.layout.page import Circle, Drawing, Line, Op, Polygon, Rect

# shape: ("line", x1, y1, x2, y2) | ("rect", x, y, w, h, fill) | ("circle", cx, cy, r, fill)
#        | ("poly", ((x, y), ...), fill, closed); fill None = outline only, 0 = black.
Shape = tuple
PICTOGRAMS: dict[str, tuple[Shape, ...]] = {
    "lantern": (
        ("circle", 0.5, 0.08, 0.06, None),
        ("poly", ((0.30, 0.26), (0.70, 0.26), (0.60, 0.14), (0.40, 0.14)), 0, True),
        ("rect", 0.28, 0.26, 0.44, 0.52, None),
        ("line", 0.43, 0.26, 0.43, 0.78),
        ("line", 0.57, 0.26, 0.57, 0.78),
        ("poly", ((0.5, 0.38), (0.56, 0.52), (0.5, 0.64), (0.44, 0.52)), 0, True),
        ("rect", 0.24, 0.78, 0.52, 0.10, 0),
    ),
    "teacup": (
        ("poly", ((0.16, 0.34), (0.72, 0.34), (0.64, 0.72), (0.24, 0.72)), None, True),
        ("circle", 0.78, 0.47, 0.09, None),
        ("line", 0.08, 0.80, 0.92, 0.80),
        ("poly", ((0.14, 0.80), (0.86, 0.80), (0.78, 0.86), (0.22, 0.86)), 0, True),
        ("poly", ((0.36, 0.26), (0.40, 0.16), (0.36, 0.06)), None, False),
        ("poly", ((0.52, 0.26), (0.56, 0.16), (0.52, 0.06)), None, False),
    ),
    "key": (
        ("circle", 0.24, 0.5, 0.16, None),
        ("circle", 0.24, 0.5, 0.06, 0),
        ("line", 0.40, 0.5, 0.92, 0.5),
        ("rect", 0.70, 0.5, 0.06, 0.16, 0),
        ("rect", 0.84, 0.5, 0.06, 0.22, 0),
    ),
    "map": (
        ("poly", ((0.06, 0.20), (0.36, 0.12), (0.64, 0.20), (0.94, 0.12), (0.94, 0.80), (0.64, 0.88),
                  (0.36, 0.80), (0.06, 0.88)), None, True),
        ("line", 0.36, 0.12, 0.36, 0.80),
        ("line", 0.64, 0.20, 0.64, 0.88),
        ("poly", ((0.16, 0.70), (0.28, 0.52), (0.46, 0.60), (0.56, 0.40), (0.76, 0.46)), None, False),
        ("circle", 0.82, 0.36, 0.05, 0),
    ),
    # stone shapes: each stone carries a shape and a letter as well as a colour
    "circle": (("circle", 0.5, 0.5, 0.46, None),),
    "square": (("rect", 0.08, 0.08, 0.84, 0.84, None),),
    "triangle": (("poly", ((0.5, 0.04), (0.96, 0.9), (0.04, 0.9)), None, True),),
    "diamond": (("poly", ((0.5, 0.02), (0.98, 0.5), (0.5, 0.98), (0.02, 0.5)), None, True),),
    "hexagon": (("poly", ((0.27, 0.07), (0.73, 0.07), (0.97, 0.5), (0.73, 0.93), (0.27, 0.93), (0.03, 0.5)), None, True),),
    "star": (("poly", ((0.5, 0.02), (0.62, 0.36), (0.98, 0.37), (0.69, 0.59), (0.79, 0.95), (0.5, 0.74), (0.21, 0.95),
                       (0.31, 0.59), (0.02, 0.37), (0.38, 0.36)), 0, True),),
}

# where the letter sits inside each stone shape (centre x, baseline-ish centre y), as a share of the size
LETTER_CENTRE = {"triangle": 0.62}


def draw_pictogram(d: Drawing, name: str, x: float, y: float, size: float, line_pt: float) -> None:
    """Place pictogram `name` in the square at (x, y) with side `size`, all in mm. Its shapes are drawn once a
    document (`pictogram_shapes`) and placed wherever it is used: a deck repeats a few pictograms many times."""
    d.pictogram(name, x, y, size, line_pt)


@cache
def pictogram_shapes(name: str, size: float, line_pt: float) -> tuple[Op, ...]:
    """The shapes of pictogram `name` in its own square of side `size`: points from its lower-left corner, y up."""
    def at(x: float, y: float) -> tuple[float, float]:
        return x * size, (1 - y) * size

    shapes: list[Op] = []
    for shape in PICTOGRAMS[name]:
        kind = shape[0]
        if kind == "line":
            shapes.append(Line(*at(shape[1], shape[2]), *at(shape[3], shape[4]), line_pt))
        elif kind == "rect":
            shapes.append(Rect(*at(shape[1], shape[2] + shape[4]), shape[3] * size, shape[4] * size, line_pt, shape[5]))
        elif kind == "circle":
            shapes.append(Circle(*at(shape[1], shape[2]), shape[3] * size, line_pt, shape[4]))
        else:
            shapes.append(Polygon(tuple(at(px, py) for px, py in shape[1]), line_pt, shape[2], shape[3]))
    return tuple(shapes)


PATTERNS = ("stripes", "dots", "checks")
PATTERN_STEP_MM = 3.0


def draw_pattern(d: Drawing, name: str, x: float, y: float, w: float, h: float, line_pt: float) -> None:
    """Fill the box (mm) with a pattern, framed, so a set of cards is told apart without colour."""
    d.rect(x, y, w, h, line_pt)
    step = PATTERN_STEP_MM
    columns, rows = int(w // step), int(h // step)
    left, top = x + (w - columns * step) / 2, y + (h - rows * step) / 2
    if name == "stripes":
        for c in range(columns + 1):
            d.line(left + c * step, y, left + c * step, y + h, line_pt * 2)
    elif name == "dots":
        for r in range(rows):
            for c in range(columns):
                d.circle(left + (c + 0.5) * step, top + (r + 0.5) * step, step * 0.2, line_pt, 0)
    else:
        for r in range(rows):
            for c in range(columns):
                if (r + c) % 2 == 0:
                    d.rect(left + c * step, top + r * step, step, step, 0, 0)
