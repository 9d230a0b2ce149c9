"""Convex shapes on a page, for what is turned off the square: a text's box, an icon's, each four corners (pt).
Two shapes cross where no axis separates them; a segment crosses one where it passes through its inside; an
ellipse's outline where some of the shape lies inside it and some outside."""

from __future__ import annotations

from collections.abc import Sequence
from math import hypot

Point = tuple[float, float]
Shape = Sequence[Point]  # corners in order round it
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def of_box(box: Box) -> tuple[Point, Point, Point, Point]:
    x0, y0, x1, y1 = box
    return (x0, y0), (x1, y0), (x1, y1), (x0, y1)


def bounds(shape: Shape) -> Box:
    xs, ys = [p[0] for p in shape], [p[1] for p in shape]
    return min(xs), min(ys), max(xs), max(ys)


def inset(shape: Shape, by: float) -> list[Point]:
    """A turned box (four corners) shrunk by `by` on every side; one too small for that, its centre."""
    (ax, ay), (bx, by_), _, (dx, dy) = shape[0], shape[1], shape[2], shape[3]
    along, down = hypot(bx - ax, by_ - ay), hypot(dx - ax, dy - ay)
    if along <= 2 * by or down <= 2 * by:
        cx, cy = sum(p[0] for p in shape) / 4, sum(p[1] for p in shape) / 4
        return [(cx, cy)] * 4
    ux, uy, vx, vy = (bx - ax) / along * by, (by_ - ay) / along * by, (dx - ax) / down * by, (dy - ay) / down * by
    signs = ((1, 1), (-1, 1), (-1, -1), (1, -1))
    return [(px + su * ux + sv * vx, py + su * uy + sv * vy) for (px, py), (su, sv) in zip(shape, signs, strict=True)]


def _axes(shape: Shape) -> list[Point]:
    n = len(shape)
    return [(shape[i][1] - shape[(i + 1) % n][1], shape[(i + 1) % n][0] - shape[i][0]) for i in range(n)]


def _apart(a: Shape, b: Shape, axes: list[Point]) -> bool:
    """Whether some axis separates the two (shapes that only touch are apart)."""
    for ax, ay in axes:
        if not ax and not ay:
            continue
        pa, pb = [ax * x + ay * y for x, y in a], [ax * x + ay * y for x, y in b]
        if max(pa) <= min(pb) or max(pb) <= min(pa):
            return True
    return False


def cross(a: Shape, b: Shape) -> bool:
    """Whether the two convex shapes share some inside."""
    return not _apart(a, b, _axes(a) + _axes(b))


def segment_crosses(x1: float, y1: float, x2: float, y2: float, shape: Shape) -> bool:
    """Whether the segment passes through the shape's inside."""
    seg = ((x1, y1), (x2, y2))
    return not _apart(seg, shape, [*_axes(shape), (y1 - y2, x2 - x1)])


def inside(a: Shape, b: Shape, slack: float = 1e-6) -> bool:
    """Whether every corner of `a` lies in `b` (convex, corners in either order round it)."""
    n = len(b)
    turns = [(b[(i + 1) % n][0] - b[i][0], b[(i + 1) % n][1] - b[i][1], b[i]) for i in range(n)]
    for x, y in a:
        sides = [dx * (y - py) - dy * (x - px) for dx, dy, (px, py) in turns]
        if min(sides) < -slack and max(sides) > slack:
            return False
    return True


def crosses_ellipse(cx: float, cy: float, rx: float, ry: float, shape: Shape) -> bool:
    """Whether an upright ellipse's outline passes through the shape: some of it inside the ellipse, some out."""
    if rx <= 0 or ry <= 0:
        return False
    unit = [((x - cx) / rx, (y - cy) / ry) for x, y in shape]  # the ellipse as a unit circle
    far = max(x * x + y * y for x, y in unit)
    if far <= 1:
        return False
    if inside([(0.0, 0.0)], unit, 0.0):
        return True
    return min(_nearest(unit[i], unit[(i + 1) % len(unit)]) for i in range(len(unit))) < 1


def _nearest(a: Point, b: Point) -> float:
    """The squared distance from the origin to the segment a-b."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, -(ax * dx + ay * dy) / length))
    x, y = ax + t * dx, ay + t * dy
    return x * x + y * y
