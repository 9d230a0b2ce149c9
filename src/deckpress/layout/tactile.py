"""Braille labels to stick on cards, as dots for swell (capsule) paper: a blind player tells the cards in a hand
apart by touch.

One label a printed card, a card wide, in the cards' printed order; each holds its card's short code (the deck's
`tactile`) in braille at the size of the Library of Congress's specification for braille signs and labels (dots
1.5 mm across, 2.5 mm apart in a cell, cells 6.2 mm apart), drawn as black discs: swell paper rises where it is
black. A label's outline is its cut line. The codes come already translated (braille ASCII, from liblouis:
`deckpress.publish.braille`); this module only places the dots.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from deckpress.layout.page import MM, PAPERS, Circle, Document, Dots, Drawing, Page, Sheets, pt
from deckpress.layout.structure import ARTIFACT, tagged

DOT_MM, DOT_PITCH_MM, CELL_PITCH_MM = 1.5, 2.5, 6.2
LABEL_MM = (63.0, 14.0)  # a poker card's width: a label along its top edge
MARGIN_MM = 10.0  # clear of the printer margin and of the slug line at the foot
LINE_PT = 0.5
# braille ASCII (North American) -> its dots, 1 to 6: the 64 cells from space to underscore
ASCII = " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)="
CELLS = 10  # a label's cells: a code that takes more is refused where the code is written


@dataclass(frozen=True)
class Label:
    """One card's label: its code in braille ASCII, and what a reader is told it is."""

    braille: str
    alt: str


def dots(cell: str) -> tuple[int, ...]:
    """A braille ASCII character's dots (1-6): its index in ASCII is the dots as a six-bit number."""
    bits = ASCII.index(cell.upper())
    return tuple(n + 1 for n in range(6) if bits >> n & 1)


def _grid(paper: str) -> tuple[int, int, float]:
    """Labels across and down a page of `paper`, and the left margin, mm."""
    width, height = PAPERS[paper]
    across = int((width - 2 * MARGIN_MM) // LABEL_MM[0])
    return across, int((height - 2 * MARGIN_MM) // LABEL_MM[1]), (width - across * LABEL_MM[0]) / 2


@dataclass(frozen=True)
class _Code:
    """A code's dots: each its cell's and its column's distance from the first dot's left and its row's from the
    top, mm; and where the code recurs (copies of a card), the same as a form's, pt from the first dot."""

    dotted: list[tuple[float, float, float]]
    form: tuple[tuple[float, float], ...]


def _laid_out(labels: list[Label], paper: str) -> Iterator[Page]:
    """The labels in rows and columns on pages of `paper`, each a figure named by its code and card; each label a
    cell of the sheet, as a card is (the slug keeps clear of them together)."""
    across, down, left = _grid(paper)
    recurring = {code for code, n in Counter(label.braille for label in labels).items() if n > 1}
    placed: dict[str, _Code] = {}  # a code's dots, worked out once however many cards bear it
    for start in range(0, len(labels), across * down):
        d = Drawing(PAPERS[paper])
        for n, label in enumerate(labels[start:start + across * down]):
            x, y = left + (n % across) * LABEL_MM[0], MARGIN_MM + (n // across) * LABEL_MM[1]
            code = placed.get(label.braille)
            if code is None:
                code = placed[label.braille] = _dotted(label.braille, label.braille in recurring)
            _label(d, label, x, y, code)
            d.cell(x, y, *LABEL_MM)
        yield d.page


def _dotted(braille: str, recurs: bool) -> _Code:
    dotted = [(i * CELL_PITCH_MM, column * DOT_PITCH_MM, row * DOT_PITCH_MM) for i, cell in enumerate(braille)
              for column, row in (divmod(dot - 1, 3) for dot in dots(cell))]
    return _Code(dotted, tuple(((cell + column) * MM, -row * MM) for cell, column, row in dotted) if recurs else ())


def _label(d: Drawing, label: Label, x: float, y: float, code: _Code) -> None:
    with tagged(d, ARTIFACT):  # the cut line
        d.rect(x, y, *LABEL_MM, LINE_PT)
    with tagged(d, "Figure", alt=label.alt):
        left = x + (LABEL_MM[0] - (len(label.braille) - 1) * CELL_PITCH_MM - DOT_PITCH_MM) / 2
        top = y + (LABEL_MM[1] - 2 * DOT_PITCH_MM) / 2
        height, r = d.paper[1], pt(DOT_MM / 2)  # Drawing.circle's points, inline: a deck's labels have 100,000 dots
        if code.form:  # a code on many labels: its dots drawn once a document (deckpress.draw.dots)
            d.page.ops.append(Dots(code.form, r, left * MM, (height - top) * MM))
        else:  # a code of its own: a form for it would only add an object
            d.page.ops.extend([Circle((left + cell + column) * MM, (height - (top + row)) * MM, r, 0, 0.0)
                               for cell, column, row in code.dotted])


def label_document(game: str, edition: str, title: str, paper: str, labels: list[Label], audience: str
                   ) -> Document:
    across, down, _ = _grid(paper)  # a page at a time, as it is drawn: a deck of 24,000 cards has 24,000 labels
    pages = Sheets(-(-len(labels) // (across * down)), lambda: _laid_out(labels, paper))
    return Document(game, "tactile-labels", title, edition, paper, pages, audience=audience, in_kit=False)
