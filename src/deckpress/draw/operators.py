"""The PDF operators the pen writes most, written into the page's content as ReportLab's own methods write them.

ReportLab's canvas methods only format numbers and strings for these (a colour, a line width, a line, a
rectangle, a path, a form placed), but each call goes through its colour-space checks, its path objects and its
state stack: at 2,400 cards that was most of the drawing's time. Here each operator is the string ReportLab's
method appends (its numbers formatted by its own `fp_str`), and the canvas's own state (its fill and stroke
colours, its line width, its font) is left as the method leaves it, so that ReportLab's methods called after
these find the state they would have found. `tests/test_operators.py` compares each with ReportLab's output.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import PATH_OPS  # type: ignore[attr-defined]

from deckpress.colour import Colour
from deckpress.layout.ops import Steps

Paint = float | Colour  # a grey level, or a colour
PAINTED = {(s, f): {mode: PATH_OPS[s, f, mode] for mode in (0, 1)} for s in (0, 1) for f in (0, 1)}
# numbers as `fp_str` formats them, each set formatted once: a deck sets the same lines and rules at the same places on
# sheet after sheet, and formatting took longer than looking up (the same numbers format the same, in any document)
numbers = lru_cache(maxsize=8192)(fp_str)
_VERBS = {"M": " m", "L": " l", "C": " c"}  # a path's steps as ReportLab's path object writes them


def fill(canvas: Any, paint: Paint) -> None:
    """`setFillGray`, `setFillColorCMYK` or `setFillColorRGB`: a grey stays a grey."""
    if isinstance(paint, Colour):
        _colour(canvas, paint, ("k", "rg"), "_fillColorObj")
    else:
        canvas._code.append(f"{fp_str(paint)} g")
        canvas._fillColorObj = (paint, paint, paint)


def stroke(canvas: Any, colour: Colour | None, ink: float) -> None:
    """`setStrokeGray(ink)` where there is no colour, else `setStrokeColorCMYK` or `setStrokeColorRGB`."""
    if colour is None:
        canvas._code.append(f"{fp_str(ink)} G")
        canvas._strokeColorObj = (ink, ink, ink)
    else:
        _colour(canvas, colour, ("K", "RG"), "_strokeColorObj")


def _colour(canvas: Any, colour: Colour, operator: tuple[str, str], kept: str) -> None:
    """A colour in CMYK where it has CMYK values (the first operator), else in RGB (the second); the values kept as
    the canvas's colour, as ReportLab keeps a colour given as a tuple."""
    values = colour.rgb if colour.cmyk is None else colour.cmyk
    canvas._code.append(f"{fp_str(values)} {operator[colour.cmyk is None]}")
    setattr(canvas, kept, values)


def line_width(canvas: Any, width: float) -> None:
    """`setLineWidth`."""
    canvas._lineWidth = width
    canvas._code.append(f"{fp_str(width)} w")


def font(canvas: Any, name: str, size: float) -> None:
    """`setFont` for an embedded TrueType face: no operator (a text object sets its font as it begins), only the
    canvas's font, which the next text object takes."""
    canvas._fontname, canvas._fontsize, canvas._leading = name, size, size * 1.2


def line(code: list[str], x1: float, y1: float, x2: float, y2: float) -> None:
    """`line`."""
    code.append(f"n {numbers(x1, y1)} m {numbers(x2, y2)} l S")


def rect(code: list[str], x: float, y: float, w: float, h: float, painted: str) -> None:
    """`rect`, stroked and filled as `painted` says (`painting`)."""
    code.append(f"n {numbers(x, y, w, h)} re {painted}")


def painting(canvas: Any, stroked: bool, filled: bool) -> str:
    """The operator that ends a path, stroked or filled or both, in the canvas's fill rule."""
    painted: str = PAINTED[stroked, filled][canvas._fillMode]
    return painted


def path(steps: Steps) -> str:
    """A path's operators as `path_of` builds them in ReportLab's path object (`getCode`): `n`, then each step."""
    out = ["n"]
    for verb, *n in steps:
        out.append(fp_str(*n) + _VERBS[verb] if verb in _VERBS else "h")
    return " ".join(out)


def form(canvas: Any, name: str, x: float, y: float) -> None:
    """`saveState`, `translate(x, y)` and `doForm(name)`: the form placed with its corner at (x, y), in a state
    of its own (closed by `restore`)."""
    canvas._code.append("q")
    canvas._code.append(f"1 0 0 1 {numbers(x, y)} cm")
    canvas._code.append(f"/FormXob.{name} Do")
    canvas._formsinuse.append(name)


def restore(canvas: Any) -> None:
    """The state `form` saved, restored: the graphics and the text state alike."""
    canvas._code.append("Q")
