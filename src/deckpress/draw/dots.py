"""Dots in the PDF: each set of filled discs (by their places, size and ink) drawn once a document as a form
XObject and placed wherever it recurs. A braille label's code is the same dots on every card that bears it: a
sheet of labels held each disc's four curves, thousands of them, in its page stream."""

from __future__ import annotations

import hashlib
import math
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from deckpress.colour import Colour
from deckpress.draw import operators
from deckpress.draw.paths import circle_code
from deckpress.layout.ops import Dots


def define(canvas: Canvas, op: Dots, defined: set[str]) -> None:
    """The dots' form, unless this document has it already; drawn before the page, in its own stream."""
    name = form_name(op.dots, op.r, op.ink)
    if name in defined or not op.dots:
        return
    defined.add(name)
    xs, ys = [x for x, _ in op.dots], [y for _, y in op.dots]  # its box: whole points round the discs
    canvas.beginForm(name, math.floor(min(xs) - op.r), math.floor(min(ys) - op.r), math.ceil(max(xs) + op.r),
                     math.ceil(max(ys) + op.r))
    operators.fill(canvas, 0.0 if op.ink is None else op.ink)  # its own: a form takes the placing page's ink
    canvas._code += [f"{circle_code(x, y, op.r, op.r)} f" for x, y in op.dots]  # type: ignore[attr-defined]
    canvas.endForm()


def place(canvas: Canvas, op: Dots) -> None:
    """The dots' form placed at (x, y), in a state of its own (no dots: nothing)."""
    if not op.dots:
        return
    operators.form(canvas, form_name(op.dots, op.r, op.ink), op.x, op.y)
    operators.restore(canvas)


@lru_cache(maxsize=1024)  # a deck's codes recur label after label
def form_name(dots: tuple[tuple[float, float], ...], r: float, ink: Colour | None) -> str:
    """A PDF name from what the form draws: the same dots are the same form, in any document."""
    drawn = repr((dots, r, None if ink is None else (ink.rgb, ink.cmyk)))
    return f"dots-{hashlib.sha256(drawn.encode()).hexdigest()[:16]}"
