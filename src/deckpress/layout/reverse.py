"""Reversed out: a page printed in a light ink on a dark paper for readers who need the highest contrast
(`build --high-contrast`: yellow on black, white on black, or a pair of the reader's own that holds the
edition's least contrast).

Every page is laid out as its edition lays it out; then, op for op (the structure's tags keep their places), the
paper is filled in and everything drawn in black or grey is drawn in the ink: texts, rules, cut lines, outlines,
icons' own ink. A designer's coloured art cannot keep its colours, as a text set on it would lose its contrast:
a coloured or grey fill becomes the paper, only a solid black fill becomes the ink, and a picture becomes its
frame in the ink (its alternative text still says it). The edition's contrast checks hold as before, and every
text is the ink on the paper: 19.6:1 yellow on black, 21:1 white on black.
"""

from __future__ import annotations

import re
from dataclasses import replace

from deckpress.colour import BLACK, Colour
from deckpress.layout.ops import Circle, Dots, Icon, Line, Op, Path, Picture, Polygon, Rect, Text
from deckpress.layout.page import Page

PAIRS = {"yellow-on-black": ("#ffff00", "#000000"), "white-on-black": ("#ffffff", "#000000")}
HEX = re.compile(r"#[0-9a-f]{6}")


def pair(text: str) -> tuple[Colour, Colour] | None:
    """`yellow-on-black`, `white-on-black` or the reader's own `#rrggbb-on-#rrggbb`, as (ink, paper); None if
    it is none of those."""
    named = text.lower()
    ink, paper = PAIRS[named] if named in PAIRS else named.partition("-on-")[::2]
    if not (HEX.fullmatch(ink) and HEX.fullmatch(paper)):
        return None
    return _colour(ink), _colour(paper)


def _colour(value: str) -> Colour:
    return Colour(value, (int(value[1:3], 16) / 255, int(value[3:5], 16) / 255, int(value[5:7], 16) / 255))

Fill = float | Colour | None


def reversed_out(page: Page, pair: tuple[Colour, ...]) -> Page:
    """The page in the pair's ink on its paper: the paper filled first, as furniture outside every element."""
    ink, paper = pair
    ground = Rect(0.0, 0.0, page.width, page.height, 0.0, fill=paper)
    ops: list[Op] = [ground, *(_op(op, ink, paper) for op in page.ops)]
    return replace(page, ops=ops, tags=[(at + 1, tag) for at, tag in page.tags],  # each still before its op
                   sources=[(at + 1, loc, what, card) for at, loc, what, card in page.sources],
                   found=[(a + 1, b + 1) for a, b in page.found])


def _op(op: Op, ink: Colour, paper: Colour) -> Op:
    if isinstance(op, Text):
        return replace(op, ink=ink)
    if isinstance(op, Line):
        return replace(op, stroke=ink)
    if isinstance(op, Rect | Circle | Polygon):
        return replace(op, stroke=ink, fill=_fill(op.fill, ink, paper))
    if isinstance(op, Path):
        return op if op.die_cut else replace(op, stroke=ink, fill=_fill(op.fill, ink, paper))
    if isinstance(op, Icon):
        return replace(op, colour=ink)
    if isinstance(op, Dots):  # solid black discs: the ink
        return replace(op, ink=ink)
    if isinstance(op, Picture):
        return Rect(op.x, op.y, op.w, op.h, 0.75, stroke=ink)
    return op


def _fill(fill: Fill, ink: Colour, paper: Colour) -> Fill:
    """Solid black stays solid, in the ink; every other fill (white, a grey, a colour) is the paper."""
    if fill is None:
        return None
    black = fill == 0 if not isinstance(fill, Colour) else fill.rgb == BLACK.rgb
    return ink if black else paper
