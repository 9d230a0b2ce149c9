"""A blank: the flat shape a box (or a standee) is cut from, as pieces joined edge to edge.

Each piece is a closed outline walked clockwise (on the page, y down). An edge two pieces share is a fold; every
other edge is on the cut line, chained into closed outlines. Glue pieces are tinted; panels carry art.
Pure geometry in millimetres from the blank's top-left corner.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Point = tuple[float, float]
Edge = tuple[Point, ...]  # a straight edge (two points) or a cubic curve (start, two controls, end)
Segment = tuple[float, float, float, float]  # x1, y1, x2, y2
Box = tuple[float, float, float, float]  # x, y, w, h

PANEL, FLAP, GLUE, FOOT = "panel", "flap", "glue", "foot"  # a foot: more of the panel it adjoins, unfolded
KAPPA = 0.5522847498307936  # a quarter circle's Bézier control distance, as a fraction of the radius


@dataclass(frozen=True)
class Piece:
    name: str  # front, back, spine, top, lid, dust flap, glue tab ...
    kind: str  # panel | flap | glue
    edges: tuple[Edge, ...]  # a closed outline, clockwise, each edge starting where the last ended
    box: Box  # its rectangle (a panel's art is centred in it)
    turn: int = 0  # clockwise degrees its art is turned, so it stands upright on the folded box
    mirror: bool = False  # its art is mirrored head to foot (a standee's back, seen through the fold)


@dataclass
class Blank:
    pieces: list[Piece] = field(default_factory=list)
    inner: tuple[float, float, float] = (0.0, 0.0, 0.0)  # width, height, depth inside the folded box

    def add(self, piece: Piece) -> None:
        self.pieces.append(piece)

    @property
    def size(self) -> tuple[float, float]:
        x1, y1, x2, y2 = self.bounds
        return x2 - x1, y2 - y1

    @property
    def bounds(self) -> Segment:
        """x1, y1, x2, y2 round every point of every piece (a curve's controls bound it)."""
        points = [p for piece in self.pieces for edge in piece.edges for p in edge]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return min(xs), min(ys), max(xs), max(ys)

    def folds(self) -> list[Segment]:
        """The edges two pieces share, once each; none where a piece is of one sheet with the next (a foot)."""
        kinds = {_key(e): p.kind for p in self.pieces for e in p.edges if len(e) == 2}
        return [(*e[0], *e[1]) for p in self.pieces for e in p.edges
                if len(e) == 2 and _key(e) < (back := _key((e[1], e[0]))) and back in kinds
                and FOOT not in (p.kind, kinds[back])]

    def cuts(self) -> list[list[Edge]]:
        """The edges no other piece shares, chained into closed outlines."""
        shared = {_key(e) for p in self.pieces for e in p.edges if len(e) == 2}
        free = [e for p in self.pieces for e in p.edges if len(e) != 2 or _key((e[1], e[0])) not in shared]
        starts = {_point(e[0]): e for e in free}
        loops, done = [], set()
        for first in free:
            if id(first) in done:
                continue
            loop, edge = [], first
            while id(edge) not in done:
                done.add(id(edge))
                loop.append(edge)
                edge = starts.get(_point(edge[-1]), first)
            loops.append(loop)
        return loops

    def named(self, name: str) -> int:
        """The index of the first piece of that name."""
        return next(i for i, p in enumerate(self.pieces) if p.name == name)

    def panels(self) -> list[Piece]:
        return [p for p in self.pieces if p.kind == PANEL]

    def glued(self) -> list[Piece]:
        return [p for p in self.pieces if p.kind == GLUE]


def _point(p: Point) -> tuple[float, float]:
    return round(p[0], 6) + 0.0, round(p[1], 6) + 0.0


def _key(edge: Edge) -> tuple[tuple[float, float], tuple[float, float]]:
    return _point(edge[0]), _point(edge[-1])


def outline(points: list[Point]) -> tuple[Edge, ...]:
    """The straight edges of a closed polygon through `points`, in order."""
    return tuple((a, b) for a, b in zip(points, points[1:] + points[:1], strict=True))


def rectangle(name: str, kind: str, box: Box, turn: int = 0, mirror: bool = False) -> Piece:
    x, y, w, h = box
    return Piece(name, kind, outline([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]), box, turn, mirror)


def flap(name: str, kind: str, base: tuple[Point, Point], depth: float, insets: tuple[float, float]) -> Piece:
    """A trapezoid standing `depth` out from its base edge (walked clockwise by the piece it leaves, so the flap
    walks it back), its far corners drawn in by `insets` (at the base's start, at its end)."""
    (x1, y1), (x2, y2) = base
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = uy, -ux  # outward: to the left of the base as its own piece walks it clockwise on the page
    a, b = insets
    far_start = (x1 + nx * depth + ux * a, y1 + ny * depth + uy * a)
    far_end = (x2 + nx * depth - ux * b, y2 + ny * depth - uy * b)
    points = [(x2, y2), (x1, y1), far_start, far_end]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return Piece(name, kind, outline(points), (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))


def quarter(start: Point, corner: Point, end: Point) -> Edge:
    """A quarter circle from `start` to `end`, rounding the square corner `corner` between them."""
    return (start, _towards(start, corner, KAPPA), _towards(end, corner, KAPPA), end)


def _towards(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
