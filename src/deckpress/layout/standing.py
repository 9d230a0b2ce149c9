"""Standing type: a text set once in its box and kept, as a printer keeps a forme standing for the next run. Card
after card sets the same words (a cost, a collection's name, a reminder) in the same box: the lines are broken,
shrunk to fit and measured once, and each card only prints them where its box lies.

Only what was set without a word to say is kept: a text that did not fit, lacked a glyph or named an inline icon
is set afresh on every card, so each finding still names every card it is met on."""

from __future__ import annotations

from dataclasses import dataclass

from deckpress.draw import fonts
from deckpress.layout.page import MM, Drawing
from deckpress.load.icons import INLINE

KEPT_LIMIT = 50_000  # formes a component keeps: a huge deck of one-off texts starts afresh rather than grow


@dataclass(frozen=True, slots=True)
class Forme:
    """Lines set in a box, measured: all that printing them at a place needs. As `text.draw` prints them, to the
    same fractions of a point."""

    lines: tuple[str, ...]
    font: str
    size: float
    drop: float  # mm from the box's top to the block's top (its vertical alignment)
    lead: float  # mm from the block's top to its first line's top: half what the line's own height spares
    ascent: float  # mm from a line's top to its baseline
    step: float  # mm from baseline to baseline
    widths: tuple[float, ...]  # each line's width, mm

    def print(self, d: Drawing, x: float, y: float, width: float, align: str) -> None:
        top = y + self.drop
        baseline = top + self.lead + self.ascent
        for line, line_w in zip(self.lines, self.widths, strict=True):
            d.text(left(x, width, line_w, align), baseline, line, self.font, self.size)
            baseline += self.step


def left(x: float, width: float, line_w: float, align: str) -> float:
    """Where a line `line_w` mm wide starts in a measure `width` mm wide from `x`, aligned."""
    return x if align == "left" else x + (width - line_w) / 2 if align == "centre" else x + width - line_w


def measure(font: str, text: str, size: float) -> float:
    """The width of `text` in pt, an inline icon (`:name:`) as wide as the text is tall."""
    if ":" not in text:
        return fonts.width(font, text, size)
    parts = INLINE.split(text)  # text, icon name, text, ...
    return sum(size if i % 2 else fonts.width(font, part, size) for i, part in enumerate(parts))



def forme(lines: tuple[str, ...], font: str, size: float, own: float, drop: float, leading: float) -> Forme:
    """The forme of lines set at `size` in `font` (`own`: a line's own height, pt; `leading`: pt), `drop` mm below
    its box's top."""
    widths = tuple([measure(font, line, size) / MM for line in lines])
    descent = fonts.font(font).face.descent / 1000
    half_gap = (own - size * (fonts.ascent(font) - descent)) / 2 / MM
    return Forme(lines, font, size, drop, max(half_gap, 0), fonts.ascent(font) * size / MM, leading / MM, widths)
