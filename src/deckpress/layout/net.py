"""Cards placed as a net (a die to fold): cut the outline, fold the shared edges, glue the tabs."""

from __future__ import annotations

from deckpress.layout.context import Job
from deckpress.layout.face import draw_face
from deckpress.layout.marks import SCALE_BAR_MM, scale_bar
from deckpress.layout.page import Drawing, Page
from deckpress.model import Card, CardLayout

Edge = tuple[str, tuple[float, float, float, float], tuple[int, int]]  # side, its line, the cell beyond it


def net_pages(cards: list[Card], layout: CardLayout, job: Job) -> list[Page]:
    """One net a page, centred: each cell's outline cut where no cell or tab adjoins it, folded where one does."""
    (cw, ch), cells = layout.size, layout.positions
    paper = job.size
    cols, rows = max(c for c, _ in cells) + 1, max(r for _, r in cells) + 1
    gx, gy = (paper[0] - cols * cw) / 2, (paper[1] - rows * ch) / 2
    line = job.theme.line_pt
    pages = []
    for start in range(0, len(cards), len(cells)):
        d = Drawing(paper)
        for card, (c, r) in zip(cards[start:start + len(cells)], cells, strict=False):
            x, y = gx + c * cw, gy + r * ch
            d.cell(x, y, cw, ch)
            if card.valid:
                draw_face(d, card, layout, (x, y), job)
            for side, (x1, y1, x2, y2), neighbour in _edges(x, y, cw, ch, c, r):
                shared = neighbour in cells or (c, r, side) in layout.tabs
                d.line(x1, y1, x2, y2, line, dash=(3, 2) if shared else ())
        for c, r, side in layout.tabs:
            _tab(d, (gx + c * cw, gy + r * ch, cw, ch), side, line)
        scale_bar(d, (gx, gy, cols * cw, rows * ch), [], job.theme, job.say("length_mm", mm=SCALE_BAR_MM))
        pages.append(d.page)
    return pages


def _edges(x: float, y: float, w: float, h: float, c: int, r: int) -> list[Edge]:
    return [("top", (x, y, x + w, y), (c, r - 1)), ("bottom", (x, y + h, x + w, y + h), (c, r + 1)),
            ("left", (x, y, x, y + h), (c - 1, r)), ("right", (x + w, y, x + w, y + h), (c + 1, r))]


def _tab(d: Drawing, cell: tuple[float, float, float, float], side: str, line: float) -> None:
    """A trapezoid glue tab outside one edge of a cell."""
    x, y, w, h = cell
    depth = min(w, h) * 0.3
    inset = depth
    points = {
        "top": [(x, y), (x + inset, y - depth), (x + w - inset, y - depth), (x + w, y)],
        "bottom": [(x, y + h), (x + inset, y + h + depth), (x + w - inset, y + h + depth), (x + w, y + h)],
        "left": [(x, y), (x - depth, y + inset), (x - depth, y + h - inset), (x, y + h)],
        "right": [(x + w, y), (x + w + depth, y + inset), (x + w + depth, y + h - inset), (x + w, y + h)],
    }[side]
    d.polygon(points, line, None, closed=False)
