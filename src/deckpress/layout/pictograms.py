"""Simple vector pictograms, as data in a unit square (x right, y down), and the patterns of card backs and bands.

A pictogram repeats what a word on the card already says, so colour or
picture is never the only carrier of meaning. The shapes are a game's: its plugin
package registers them; the engine keeps the registry and draws them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from deckpress.layout.page import Circle, Drawing, Line, Op, Polygon, Rect

# shape: ("line", x1, y1, x2, y2) | ("rect", x, y, w, h, fill) | ("circle", cx, cy, r, fill)
#        | ("poly", ((x, y), ...), fill, closed); fill None = outline only, 0 = black.
Shape = tuple[Any, ...]
PICTOGRAMS: dict[str, tuple[Shape, ...]] = {}  # filled by the game plugins (`register_pictograms`)


def register_pictograms(shapes: dict[str, tuple[Shape, ...]]) -> None:
    """Add pictograms by name; a name another plugin took for other shapes is a mistake."""
    for name, drawn in shapes.items():
        if PICTOGRAMS.setdefault(name, drawn) != drawn:
            raise ValueError(f"pictogram {name!r} is registered twice, with different shapes")


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


import deckpress.check.plugins  # noqa: E402, F401  (its plugin packages register their pictograms)
