"""Imposition that saves cuts: hexagons tessellate (each column, or row, offset by half a tile, so neighbours
share their edges) and rounds pack in offset rows (each row half a piece along, nested in the gaps of the row
before). Printed with bleed, the tiles are the pieces grown by the bleed: art meets art, never a neighbour's trim.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

from deckpress.layout.imposition import Imposition, PrintSetup, Room
from deckpress.layout.imposition import _backs as backs_behind
from deckpress.layout.shapes.outline import ROUND, Outline

Point = tuple[float, float]


@dataclass(frozen=True)
class Lattice:
    """Tiles `tile` (w, h) `step` apart; odd columns `shift[1]` lower, or odd rows `shift[0]` along."""

    tile: tuple[float, float]
    step: tuple[float, float]
    shift: tuple[float, float]
    trim: Point  # the piece's trim corner inside its tile

    def block(self, cols: int, rows: int, short: bool = False) -> tuple[float, float]:
        """The block's width and height; `short`: each shifted line one piece short, inside the others' length."""
        (tw, th), (sx, sy), (ox, oy) = self.tile, self.step, self.shift
        ox, oy = (0.0, 0.0) if short else (ox, oy)
        return ((cols - 1) * sx + tw + (ox if rows > 1 else 0.0), (rows - 1) * sy + th + (oy if cols > 1 else 0.0))

    def corners(self, cols: int, rows: int, at: Point, short: bool = False) -> tuple[Point, ...]:
        """The pieces' trim corners, row by row, with the block's top-left at `at`."""
        (sx, sy), (ox, oy), (tx, ty) = self.step, self.shift, self.trim
        return tuple((at[0] + c * sx + (r % 2) * ox + tx, at[1] + r * sy + (c % 2) * oy + ty)
                     for r in range(rows) for c in range(cols) if not (short and self._left_out(c, r, cols, rows)))

    def count(self, cols: int, rows: int, short: bool = False) -> int:
        return cols * rows - (self._shifted(cols, rows) if short else 0)

    def _shifted(self, cols: int, rows: int) -> int:
        """How many lines are shifted: odd columns, or odd rows."""
        return cols // 2 if self.shift[1] else rows // 2

    def _left_out(self, c: int, r: int, cols: int, rows: int) -> bool:
        """The last piece of a shifted line, where each is one short."""
        return (c % 2 == 1 and r == rows - 1) if self.shift[1] else (r % 2 == 1 and c == cols - 1)


def lattice(outline: Outline, bleed: float) -> Lattice | None:
    """How the pieces nest: hexagons edge to edge, rounds in offset rows; None for any other shape."""
    x0, y0, x1, y1 = outline.grown(bleed).bounds()
    tw, th = x1 - x0, y1 - y0
    if outline.kind == "hexagon" and outline.orientation == "pointy":
        return Lattice((tw, th), (tw, th * 3 / 4), (tw / 2, 0.0), (-x0, -y0))
    if outline.kind == "hexagon":
        return Lattice((tw, th), (tw * 3 / 4, th), (0.0, th / 2), (-x0, -y0))
    if outline.kind in ROUND:
        return Lattice((tw, th), (tw, th * sqrt(3) / 2), (tw / 2, 0.0), (-x0, -y0))
    return None


def nested(paper: tuple[float, float], outline: Outline, grid: tuple[int, int], setup: PrintSetup, edge: float,
           feet: tuple[Room, ...] = ((0.0, 0.0, 0.0),)) -> list[Imposition]:
    """Every nested imposition weighed (portrait or landscape, each room for the slug), the most pieces first;
    none for a shape that does not nest."""
    found = lattice(outline, setup.bleed)
    if found is None:
        return []
    pw, ph = paper
    tries = [(size, foot) for size in ((pw, ph), (ph, pw)) for foot in feet]
    plans = [p for size, foot in tries if (p := _nested(size, outline, found, grid, setup, edge, foot))]
    return sorted(plans, key=lambda p: -p.per_sheet)


def _nested(paper: tuple[float, float], outline: Outline, found: Lattice, grid: tuple[int, int], setup: PrintSetup,
            edge: float, room: Room) -> Imposition | None:
    """As many pieces as fit inside `edge` mm of the sides and `room` more at the foot and head, at most the
    grid's columns x rows, centred (moved from the centre where the slug's room asks)."""
    pw, ph = paper
    foot, head, side = room
    area_h = ph / 2 if setup.fold else ph
    sides = edge + max(foot, head) if setup.fold else 2 * edge + foot + head
    cap = grid[0] * grid[1]
    cols, rows, short = _most(found, cap, pw - 2 * edge - side, area_h - sides)
    if cols < 1:
        return None
    bw, bh = found.block(cols, rows, short)
    x0, y0 = min((pw - bw) / 2, pw - edge - side - bw), (area_h - bh) / 2  # moved left for the side's room
    y0 = max(y0, edge + max(foot, head)) if setup.fold else max(min(y0, ph - edge - foot - bh), edge + head)
    fronts = found.corners(cols, rows, (x0, y0), short)[:cap]
    cell = outline.size
    return Imposition(cell, fronts, backs_behind(fronts, (pw, ph), cell, setup), ph / 2 if setup.fold else None,
                      (pw, ph), foot, head, side)


def _most(found: Lattice, cap: int, width: float, height: float) -> tuple[int, int, bool]:
    """The columns and rows of the most pieces that fit the room (at most `cap`), and whether each shifted line
    is one short (so one more line fits); of equals, the fewest columns, whole lines."""
    best, most = (0, 0, False), 0
    for short in (False, True):
        cols = 1
        while found.block(cols, 1, short)[0] <= width + 1e-9:
            rows = 0
            while found.block(cols, rows + 1, short)[1] <= height + 1e-9:
                rows += 1
            if rows > 1 and found.block(cols, rows, short)[0] > width + 1e-9:
                rows = 1  # the shifted rows reach past the side: one row only
            if not short:
                rows = min(rows, cap // cols)
            count = min(found.count(cols, rows, short), cap)
            if count > most:
                best, most = (cols, rows, short), count
            cols += 1
    return best
