"""A piece's outline in mm from its trim box's top-left corner (y down), as path steps: M, L, C and Z."""

from __future__ import annotations

from dataclasses import dataclass
from math import hypot, sqrt

Step = tuple[object, ...]  # ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",): as Drawing.path takes
Point = tuple[float, float]
KAPPA = 4 * (sqrt(2) - 1) / 3  # a quarter ellipse's control points: within 0.03% of the true curve
CURVE_STEPS = 16  # chords a curve is measured by, for the safe area and the bleed of a drawn path
ROUND = ("circle", "ellipse")
SHARP = ("hexagon", "polygon")  # straight edges only: neighbours can share them


@dataclass(frozen=True)
class Outline:
    kind: str  # circle | ellipse | hexagon | polygon | path
    size: tuple[float, float]  # the trim box the outline lies in
    steps: tuple[Step, ...]
    orientation: str = ""  # a hexagon's: flat | pointy

    def placed(self, x: float, y: float) -> list[Step]:
        """The steps with the trim box's corner at (x, y) on the page."""
        return [_moved(step, x, y) for step in self.steps]

    def mirrored(self, upright: bool) -> Outline:
        """As seen from behind once the sheet is turned: left and right swapped about an upright axis, else head
        and foot about a level one."""
        w, h = self.size
        def flip(step: Step) -> Step:
            numbers = [float(n) for n in step[1:]]  # type: ignore[arg-type]
            return (step[0], *[(w - v if i % 2 == 0 else v) if upright else (v if i % 2 == 0 else h - v)
                               for i, v in enumerate(numbers)])
        return Outline(self.kind, self.size, tuple(flip(s) for s in self.steps), self.orientation)

    def grown(self, by: float) -> Outline:
        """The outline moved outward by `by` mm: where art bleeds to. A round one keeps its centre and gains `by`
        on each radius; any other is its flattened outline with every edge moved out (mitred corners)."""
        if not by:
            return self
        w, h = self.size
        if self.kind in ROUND:
            return Outline(self.kind, self.size, ellipse_steps(w / 2, h / 2, w / 2 + by, h / 2 + by))
        points = offset(self.polyline(), by)
        return Outline("polygon", self.size, polygon_steps(points), self.orientation)

    def polyline(self) -> list[Point]:
        """The closed outline as its corners (curves by their chords), without repeating the first."""
        points = flattened(self.steps)
        return points[:-1] if len(points) > 1 and points[0] == points[-1] else points

    def bounds(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 round the steps' points (a curve's control points included)."""
        xs = [float(n) for s in self.steps for n in s[1::2]]  # type: ignore[arg-type]
        ys = [float(n) for s in self.steps for n in s[2::2]]  # type: ignore[arg-type]
        return min(xs), min(ys), max(xs), max(ys)


def ellipse_steps(cx: float, cy: float, rx: float, ry: float) -> tuple[Step, ...]:
    """An ellipse (a circle where rx == ry) as four cubic curves, clockwise from its right end."""
    kx, ky = rx * KAPPA, ry * KAPPA
    return (("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
            ("Z",))


def polygon_steps(points: list[Point]) -> tuple[Step, ...]:
    return (("M", *points[0]), *[("L", x, y) for x, y in points[1:]], ("Z",))


def hexagon_points(orientation: str, size: tuple[float, float]) -> list[Point]:
    """A regular hexagon's corners in its box, clockwise: flat-top from its left corner, pointy-top from its top."""
    w, h = size
    if orientation == "pointy":
        return [(w / 2, 0.0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0.0, 3 * h / 4), (0.0, h / 4)]
    return [(0.0, h / 2), (w / 4, 0.0), (3 * w / 4, 0.0), (w, h / 2), (3 * w / 4, h), (w / 4, h)]


def flattened(steps: tuple[Step, ...] | list[Step], chords: int = CURVE_STEPS) -> list[Point]:
    """The steps' points in order, each curve by `chords` chords; a Z goes back to where the run began."""
    points: list[Point] = []
    start: Point = (0.0, 0.0)
    for verb, *n in steps:
        v = [float(x) for x in n]  # type: ignore[arg-type]
        if verb == "M":
            start = (v[0], v[1])
            points.append(start)
        elif verb == "L":
            points.append((v[0], v[1]))
        elif verb == "C" and points:
            points += bezier(points[-1], (v[0], v[1]), (v[2], v[3]), (v[4], v[5]), chords)
        elif verb == "Z" and points and points[-1] != start:
            points.append(start)
    return points


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, chords: int) -> list[Point]:
    """Points along a cubic curve after its start, at `chords` even steps of its parameter."""
    out = []
    for i in range(1, chords + 1):
        t = i / chords
        u = 1 - t
        a, b, c, d = u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def area(points: list[Point]) -> float:
    """The signed area (shoelace): positive when the corners run clockwise on the page (y down)."""
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True)) / 2


def offset(points: list[Point], by: float) -> list[Point]:
    """Every edge moved `by` mm outward, each corner where its two edges meet (a spike's mitre held to 4x)."""
    points = [p for i, p in enumerate(points) if hypot(p[0] - points[i - 1][0], p[1] - points[i - 1][1]) > 1e-9]
    sign = 1.0 if area(points) > 0 else -1.0
    out = []
    for i, (x, y) in enumerate(points):
        n1, n2 = _normal(points[i - 1], (x, y), sign), _normal((x, y), points[(i + 1) % len(points)], sign)
        scale = by / max(1 + n1[0] * n2[0] + n1[1] * n2[1], 1 / 8)
        out.append((x + (n1[0] + n2[0]) * scale, y + (n1[1] + n2[1]) * scale))
    return out


def _normal(a: Point, b: Point, sign: float) -> Point:
    """The outward unit normal of the edge a -> b, for corners running the way `sign` says."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = hypot(dx, dy)
    return sign * dy / length, -sign * dx / length


def _moved(step: Step, x: float, y: float) -> Step:
    numbers = [float(n) for n in step[1:]]  # type: ignore[arg-type]
    return (step[0], *[v + (x if i % 2 == 0 else y) for i, v in enumerate(numbers)])
