"""A card's face: its printed lines, then each element drawn by its kind (`deckpress.layout.elements`)."""

from __future__ import annotations

from deckpress.layout.context import Job
from deckpress.layout.elements import KINDS, Face
from deckpress.layout.elements.kind import Box
from deckpress.layout.page import Drawing
from deckpress.model import Card, CardLayout


def draw_face(d: Drawing, card: Card, layout: CardLayout, at: tuple[float, float], job: Job,
              bleed: float = 0.0) -> None:
    """The face of `card` with its trim's top-left corner at `at` (mm); art at the trim runs on by `bleed`."""
    x, y = at
    line = job.theme.line_pt
    for x1, y1, x2, y2 in layout.rules:
        d.line(x + x1, y + y1, x + x2, y + y2, line)
    for x1, y1, x2, y2 in layout.folds:
        d.line(x + x1, y + y1, x + x2, y + y2, line, dash=(3, 2))
    face = Face(d, job, card, job.texts(card))
    for element in layout.elements:
        kind = KINDS[element.kind]
        ex, ey, ew, eh = element.box
        box = (x + ex, y + ey, ew, eh)
        if kind.bleeds and bleed:
            box = _bled(box, (x, y, *layout.size), bleed)
        kind.draw(face, element, box)


def _bled(box: Box, card: Box, bleed: float) -> Box:
    """Art that touches the trim runs on past it by the bleed, so a cut a little off shows no white."""
    x, y, w, h = box
    cx, cy, cw, ch = card
    left, top = x <= cx + 1e-6, y <= cy + 1e-6
    right, bottom = x + w >= cx + cw - 1e-6, y + h >= cy + ch - 1e-6
    x2, y2 = x + w + (bleed if right else 0), y + h + (bleed if bottom else 0)
    x, y = x - (bleed if left else 0), y - (bleed if top else 0)
    return x, y, x2 - x, y2 - y
