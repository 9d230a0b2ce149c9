"""Where a board is cut: its pieces along each axis (glued at an overlap, or meeting at a fold), and the pieces
on the sheets, in whichever number and orientation of the paper takes the fewest sheets. Pure geometry in mm.

A piece's glue strips are its right and bottom ones: each piece is laid on the strips of the pieces to its left and
above, so the art of a strip is printed on both and the registration crosses in it fall on each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from math import ceil

GLUE, FOLD = "glue", "fold"  # how two neighbouring pieces meet
MOST = 20  # pieces along one axis, at most
Clear = Callable[[float, float], bool]  # whether a registration cross centred there keeps clear of the board's texts


@dataclass(frozen=True)
class Span:
    """One piece's extent along an axis (board mm), and the fold lines across it (a piece holding two panels)."""

    start: float
    end: float
    folds: tuple[float, ...] = ()

    @property
    def length(self) -> float:
        return self.end - self.start


@dataclass(frozen=True)
class Axis:
    """The pieces along one axis of the board, and how each meets the next (`GLUE` or `FOLD`)."""

    spans: tuple[Span, ...]
    seams: tuple[str, ...]

    @property
    def length(self) -> float:
        return self.spans[0].length  # every piece of an axis is as long

    def own(self, i: int, overlap: float) -> tuple[float, float]:
        """The part of piece `i` no neighbour's glue strip covers: where its label and crosses go."""
        span = self.spans[i]
        before = overlap if i and self.seams[i - 1] == GLUE else 0.0
        after = overlap if i < len(self.seams) and self.seams[i] == GLUE else 0.0
        return span.start + before, span.end - after


@dataclass(frozen=True)
class Sheet:
    """What a sheet keeps free: the printer margin, the label above each piece, the slug's band at the foot, and a
    gutter round each piece for its trim line and marks (mm)."""

    paper: tuple[float, float]  # portrait
    margin: float
    label: float
    foot: float
    gutter: float

    def area(self, paper: tuple[float, float]) -> tuple[float, float, float, float]:
        """x, y, w, h of what pieces may fill on `paper` (portrait or turned)."""
        pw, ph = paper
        return self.margin, self.margin, pw - 2 * self.margin, ph - 2 * self.margin - self.foot


@dataclass(frozen=True)
class Piece:
    row: int
    column: int
    box: tuple[float, float, float, float]  # board mm: x, y, w, h
    sheet: int  # from 0
    at: tuple[float, float]  # its top-left corner on its sheet, mm

    @property
    def origin(self) -> tuple[float, float]:
        """Where the board's own top-left corner falls on the sheet: the board is drawn from there."""
        return self.at[0] - self.box[0], self.at[1] - self.box[1]


@dataclass(frozen=True)
class Tiling:
    paper: tuple[float, float]  # as printed: portrait, or turned
    columns: Axis
    rows: Axis
    overlap: float
    pieces: tuple[Piece, ...]
    sheets: int


def axes(length: float, overlap: float, panels: int) -> Iterator[Axis]:
    """Every way one axis may be cut: `panels` (1 or 2) folding panels, each in 1 to MOST pieces glued at
    `overlap`; two panels may also stay one piece with the fold across it (card stock, folded whole)."""
    if panels == 2:
        yield Axis((Span(0.0, length, (length / 2,)),), ())
    half = length / panels
    for m in range(1, MOST + 1):
        piece = (half + (m - 1) * overlap) / m
        if m > 1 and piece - overlap < overlap:  # a piece's two glue strips would meet
            return
        spans = [Span(p * half + i * (piece - overlap), p * half + i * (piece - overlap) + piece)
                 for p in range(panels) for i in range(m)]
        seams = [FOLD if (n + 1) % m == 0 else GLUE for n in range(len(spans) - 1)]
        yield Axis(tuple(spans), tuple(seams))


def tile(size: tuple[float, float], overlap: float, fold: int, sheet: Sheet) -> Tiling | None:
    """The fewest sheets (then the fewest pieces, then portrait) holding the board's pieces; None if none fits.
    Every cut is weighed by its counts alone; only the one chosen is laid out piece by piece."""
    w, h = size
    across = 2 if fold == 4 or (fold == 2 and w >= h) else 1  # two panels fold across the longer side
    down = 2 if fold == 4 or (fold == 2 and w < h) else 1
    best: tuple[tuple[int, int, int], tuple[float, float], Axis, Axis, tuple[int, int]] | None = None
    pw, ph = sheet.paper
    cuts = list(axes(h, overlap, down))
    for turn, paper in enumerate(((pw, ph), (ph, pw))):
        for columns in axes(w, overlap, across):
            for rows in cuts:
                grid = _grid(paper, columns, rows, sheet)
                if grid is None:
                    continue
                count = len(columns.spans) * len(rows.spans)
                key = (ceil(count / (grid[0] * grid[1])), count, turn)
                if best is None or key < best[0]:
                    best = key, paper, columns, rows, grid
    return _laid(*best[1:], overlap, sheet) if best else None


def _grid(paper: tuple[float, float], columns: Axis, rows: Axis, sheet: Sheet) -> tuple[int, int] | None:
    """How many pieces a sheet of `paper` holds across and down: whole panels as many as fit, pieces glued
    together one a sheet; None if a piece does not fit."""
    _, _, aw, ah = sheet.area(paper)
    across = int(aw // (columns.length + 2 * sheet.gutter))
    down = int(ah // (sheet.label + rows.length + sheet.gutter))
    if across < 1 or down < 1:
        return None
    if GLUE in columns.seams + rows.seams:  # small pieces packed on a sheet save paper but cost seams: one a sheet
        return 1, 1
    count = len(columns.spans) * len(rows.spans)
    across = min(across, count)
    return across, min(down, -(-count // across))


def _laid(paper: tuple[float, float], columns: Axis, rows: Axis, grid: tuple[int, int], overlap: float,
          sheet: Sheet) -> Tiling:
    """The pieces on sheets of `paper`, `grid` a sheet, in a grid centred in the printable area."""
    x0, y0, aw, ah = sheet.area(paper)
    cw, ch = columns.length + 2 * sheet.gutter, sheet.label + rows.length + sheet.gutter
    across, down = grid
    per_sheet = across * down
    left, top = x0 + (aw - across * cw) / 2, y0 + (ah - down * ch) / 2
    pieces = []
    for n, (r, c) in enumerate((r, c) for r in range(len(rows.spans)) for c in range(len(columns.spans))):
        place = n % per_sheet
        at = (left + (place % across) * cw + sheet.gutter, top + (place // across) * ch + sheet.label)
        cs, rs = columns.spans[c], rows.spans[r]
        pieces.append(Piece(r, c, (cs.start, rs.start, cs.length, rs.length), n // per_sheet, at))
    return Tiling(paper, columns, rows, overlap, tuple(pieces), ceil(len(pieces) / per_sheet))


def label(row: int, column: int) -> str:
    """A piece's name on the assembly map: its row a letter, its column a number (`B2`)."""
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{column + 1}"


def crosses(tiling: Tiling, piece: Piece, clear: Clear = lambda x, y: True) -> list[tuple[float, float]]:
    """The registration crosses on a piece (board mm): in the middle of every glue strip it shares, two along each
    neighbour's own part, each moved along the strip to the nearest place `clear` of the board's texts; its
    neighbour across that strip carries the same."""
    cols, rows, o = tiling.columns, tiling.rows, tiling.overlap
    r, c = piece.row, piece.column
    out: list[tuple[float, float]] = []
    for seam in (c - 1, c):  # the strips on its left and right
        if 0 <= seam < len(cols.seams) and cols.seams[seam] == GLUE:
            x = (cols.spans[seam + 1].start + cols.spans[seam].end) / 2
            a, b = rows.own(r, o)
            out += [(x, y) for y in _along(a, b, partial(_across, clear, x))]
    for seam in (r - 1, r):  # above and below
        if 0 <= seam < len(rows.seams) and rows.seams[seam] == GLUE:
            y = (rows.spans[seam + 1].start + rows.spans[seam].end) / 2
            a, b = cols.own(c, o)
            out += [(x, y) for x in _along(a, b, partial(_level, clear, y))]
    return out


def _across(clear: Clear, x: float, y: float) -> bool:
    return clear(x, y)


def _level(clear: Clear, y: float, x: float) -> bool:
    return clear(x, y)


def _along(a: float, b: float, clear: Callable[[float], bool]) -> list[float]:
    """Two places between a and b, near a quarter and three quarters of the way, clear where they can be."""
    reach, out = (b - a) / 4, []
    for at in (a + reach, b - reach):
        steps = [at + sign * n for n in range(0, int(reach)) for sign in (1, -1)]
        out.append(next((p for p in steps if clear(p)), at))
    return out
