"""Standing type: a text set once in its box and kept, as a printer keeps a forme standing for the next run. Card
after card sets the same words (a cost, a collection's name, a reminder) in the same box: the lines are broken,
shrunk to fit and measured once, and each card only prints them where its box lies.

Only what was set without a word to say is kept: a text that did not fit, lacked a glyph or named an inline icon
is set afresh on every card, so each finding still names every card it is met on. Every text a component sets
is printed here (`draw`), kept or not."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from deckpress.draw import fonts
from deckpress.layout.page import MM, Drawing
from deckpress.load.icons import INLINE, IconFile

KEPT_LIMIT = 4_096  # formes a rack keeps (an edition's, on every paper); past it none more, so that those kept
# still stand for the next paper (emptied, a deck of one-off texts would leave the next paper none)
# rather than grow (at 24,000 cards, 50,000 kept held 25 MB more at the peak, for texts printed once)


@dataclass(frozen=True)
class Fitted:
    """A text broken into lines that fit a box, and the size and leading they fit at."""

    lines: tuple[str, ...]
    font: str
    size: float
    leading: float  # pt between baselines
    icons: tuple[tuple[str, IconFile], ...] = ()  # the inline icons its lines name, found
    heard: tuple[tuple[str, str], ...] = ()  # a translated game's words for them, read aloud (else their names)
    rows: bool = False  # set in rows a full leading each (a ledger's entries), not as a block

    @property
    def own(self) -> float:
        """One line's own height, pt: the leading, or a row's or a block's last line (see `depth`)."""
        return self.leading if self.rows else own_height(self.font, self.size, self.leading)

    @property
    def height(self) -> float:
        """Height in mm from the top of the first line to the bottom of the last."""
        return depth(len(self.lines), self.font, self.size, self.leading, self.rows) / MM

    @property
    def spare(self) -> float:
        """The leading its last line leaves unused, mm: what keeps what follows a line's spacing below it (none
        where the lines are solid)."""
        return (self.leading - self.own) / MM


@lru_cache(maxsize=4096)  # asked of every line measured and set: a few fonts at a few sizes (a font's name is
# its file, see `deckpress.draw.fonts`)
def own_height(font: str, size: float, leading: float) -> float:
    """A line's own height, pt: its font's ascent and descent, or the leading where that is tighter."""
    return min(leading, size * (fonts.ascent(font) + fonts.descent(font)))


@lru_cache(maxsize=4096)
def depth(lines: int, font: str, size: float, leading: float, rows: bool = False) -> float:
    """The depth of a text block, pt: its leading between baselines and the last line's own height, so that open
    line spacing adds no leading above the first line nor below the last. Rows take a full leading each."""
    own = leading if rows else own_height(font, size, leading)
    return leading * lines if own >= leading else leading * (lines - 1) + own


@dataclass(frozen=True, slots=True)
class Forme:
    """Lines set in a box, measured: all that printing them at a place needs; `draw` prints its lines through
    one, so a text printed from a kept forme lands where setting it afresh puts it, to the last bit."""

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
        baseline, step = top + self.lead + self.ascent, self.step
        put, font, size = d.text, self.font, self.size
        for line, line_w in zip(self.lines, self.widths, strict=True):
            put(left(x, width, line_w, align), baseline, line, font, size)
            baseline += step


class Rack:
    """The formes kept standing, each with the fitted lines it was made from, by all that decided them (the text,
    its font and style, the box's size, the vertical alignment, the line spacing). One build's: shared by the
    components of one edition on every paper (`deckpress.layout.held`), else one typesetter's."""

    def __init__(self) -> None:
        self.kept: dict[tuple[object, ...], tuple[Fitted, Forme]] = {}

    def __len__(self) -> int:
        return len(self.kept)

    def keep(self, key: tuple[object, ...], fitted: Fitted, made: Forme) -> None:
        if len(self.kept) < KEPT_LIMIT:
            self.kept[key] = fitted, made

    def reprint(self, key: tuple[object, ...], d: Drawing, box: tuple[float, float, float, float],
                align: str) -> Fitted | None:
        """The forme kept under `key` printed in `box`, and its fitted lines; None (nothing drawn) if none is."""
        kept = self.kept.get(key)
        if kept is None:
            return None
        kept[1].print(d, box[0], box[1], box[2], align)
        return kept[0]


def left(x: float, width: float, line_w: float, align: str) -> float:
    """Where a line `line_w` mm wide starts in a measure `width` mm wide from `x`, aligned."""
    return x if align == "left" else x + (width - line_w) / 2 if align == "centre" else x + width - line_w


def measure(font: str, text: str, size: float) -> float:
    """The width of `text` in pt, an inline icon (`:name:`) as wide as the text is tall."""
    if ":" not in text:
        return fonts.width(font, text, size)
    parts = INLINE.split(text)  # text, icon name, text, ...
    return sum(size if i % 2 else fonts.width(font, part, size) for i, part in enumerate(parts))



@lru_cache(maxsize=8192)  # the same lines are set card after card, row after row, on both papers
def forme(lines: tuple[str, ...], font: str, size: float, own: float, drop: float, leading: float) -> Forme:
    """The forme of lines set at `size` in `font` (`own`: a line's own height, pt; `leading`: pt), `drop` mm below
    its box's top: all it needs is its arguments (a font's name is its file, see `deckpress.draw.fonts`)."""
    widths = tuple([measure(font, line, size) / MM for line in lines])
    descent = fonts.font(font).face.descent / 1000
    half_gap = (own - size * (fonts.ascent(font) - descent)) / 2 / MM
    return Forme(lines, font, size, drop, max(half_gap, 0), fonts.ascent(font) * size / MM, leading / MM, widths)


def set_in(fitted: Fitted, width: float, height: float, valign: str = "top") -> Forme:
    """Fitted lines as a forme for a box `width` x `height` mm, placed in it by `valign`."""
    return forme(fitted.lines, fitted.font, fitted.size, fitted.own, dropped(fitted, height, valign), fitted.leading)


def dropped(fitted: Fitted, height: float, valign: str) -> float:
    """How far below a box's top (mm) lines fitted in it start, by `valign`: top, middle or bottom."""
    spare = height - fitted.height
    return {"top": 0, "middle": spare / 2, "bottom": spare}[valign]


def draw(d: Drawing, fitted: Fitted, x: float, top: float, width: float, align: str = "left") -> None:
    """Draw fitted lines from `top` (mm); the first baseline sits one ascent below it, and half of whatever its
    line's own height has to spare."""
    kept = set_in(fitted, 0.0, 0.0)
    if not fitted.icons:
        kept.print(d, x, top, width, align)
        return
    baseline = top + kept.lead + kept.ascent
    for line, line_w in zip(fitted.lines, kept.widths, strict=True):
        at = left(x, width, line_w, align)
        if INLINE.search(line):
            _with_icons(d, fitted, at, baseline, line)
        else:
            d.text(at, baseline, line, fitted.font, fitted.size)
        baseline += kept.step


def _with_icons(d: Drawing, fitted: Fitted, x: float, baseline: float, line: str) -> None:
    """A line in runs of text and icons: each icon an em square standing on the baseline, in the text's ink, its
    name over it as invisible text (for copying, searching and reading aloud)."""
    icons, heard, size = dict(fitted.icons), dict(fitted.heard), fitted.size
    for i, part in enumerate(INLINE.split(line)):
        if i % 2 and part in icons:
            d.icon(icons[part], x, baseline - size / MM, size / MM, d.ink, alt=heard.get(part, part), font=fitted.font)
            x += size / MM
        elif part and not i % 2:
            d.text(x, baseline, part, fitted.font, size)
            x += fonts.width(fitted.font, part, size) / MM
