"""The safe area of a shaped card: what is printed keeps a margin inside the outline, so a cut a little off the
line takes nothing of it."""

from __future__ import annotations

from math import hypot

from deckpress.findings import Findings
from deckpress.layout.elements import KINDS
from deckpress.layout.shapes.cuts import rounded_rect
from deckpress.layout.shapes.outline import Outline, Point
from deckpress.load.sources import Node
from deckpress.model import CardLayout, Element

SAFE_MM = 1.0  # the default margin inside a shaped card's outline
Box = tuple[float, float, float, float]  # x, y, w, h in mm on the card


def reaches_out(outline: Outline, box: Box, margin: float) -> bool:
    """Whether the box reaches outside the outline, or nearer to it than `margin` mm."""
    x, y, w, h = box
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    points = outline.polyline()
    if not all(inside(points, c) for c in corners):
        return True
    edges = zip(points, points[1:] + points[:1], strict=True)
    return any(_distance(a, b, box) < margin - 1e-6 for a, b in edges)


def inside(points: list[Point], p: Point) -> bool:
    """Whether p lies inside the closed polygon (even-odd), or on its edge."""
    x, y = p
    found = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        if _on_segment(p, (x1, y1), (x2, y2)):
            return True
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            found = not found
    return found


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return _point_segment(p, a, b) < 1e-9


def _distance(a: Point, b: Point, box: Box) -> float:
    """The distance between the segment a-b and the box (0 where they meet)."""
    x, y, w, h = box
    if _crosses(a, b, box):
        return 0.0
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    sides = zip(corners, corners[1:] + corners[:1], strict=True)
    return min([_point_segment(c, a, b) for c in corners] + [_point_segment(p, c, d) for p in (a, b)
                                                              for c, d in sides])


def _crosses(a: Point, b: Point, box: Box) -> bool:
    """Whether the segment reaches into the box (Liang-Barsky)."""
    x, y, w, h = box
    low, high, dx, dy = 0.0, 1.0, b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - x), (dx, x + w - a[0]), (-dy, a[1] - y), (dy, y + h - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
    return low <= high


def _point_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def outside_safe(element: Element, node: Node, shape: Outline | None, size: tuple[float, float],
                 margin: float | None, layout: str, findings: Findings) -> None:
    """A finding where an element's box reaches outside the card's outline inset by the safe margin (a pattern
    or a box is cut at the outline, and may run to it)."""
    if margin is None or KINDS[element.kind].bleeds:
        return
    outline = shape or Outline("rectangle", size, rounded_rect(size, 0.0))
    if reaches_out(outline, element.box, margin):
        x, y, w, h = element.box
        where = node.value["box_mm"].loc if "box_mm" in node.value else node.loc
        findings.error(where, f"layout {layout}, element {element.name}: its box [{x:g}, {y:g}, {w:g}, {h:g}] "
                              f"reaches outside the card's {outline.kind} inset by its {margin:g} mm safe margin: "
                              f"a cut a little off the line would take some of it")


def behind_outline(face: CardLayout, back: CardLayout) -> list[Element]:
    """The back's elements reaching outside its face's outline as seen from behind: turned over about an upright
    axis or a level one (the flip decides), each inset by the back's safe margin. A symmetric shape turns into
    itself; a lopsided one does not, and its back must keep clear of both."""
    shape = face.shape
    if shape is None:
        return []
    turned = [shape.mirrored(True), shape.mirrored(False)]
    margin = back.safe
    return [e for e in back.elements if not KINDS[e.kind].bleeds and any(reaches_out(o, e.box, margin)
                                                                          for o in turned)]
