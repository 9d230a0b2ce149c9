"""The `shape` key of a card layout: its outline, checked against the layout's `size_mm` (or giving it)."""

from __future__ import annotations

from math import sqrt

from deckpress.findings import Findings, Loc
from deckpress.layout.shapes.outline import (
    ROUND,
    Outline,
    Point,
    ellipse_steps,
    flattened,
    hexagon_points,
    polygon_steps,
)
from deckpress.layout.shapes.svgpath import PathError, parse
from deckpress.load.schema import Fields, as_list, as_number, describe
from deckpress.load.sources import Node

TOLERANCE = 0.01  # mm: a size "checked against the hexagon" may be written to two decimals
NAMED = ("rectangle", "circle", "ellipse", "hexagon")
FORMS = ("hexagon", "polygon", "path")
HEX = sqrt(3) / 2  # a regular hexagon's across flats to across corners
Size = tuple[float, float]


def read_shape(node: Node | None, size: Size | None, at: Loc, findings: Findings) -> tuple[Outline | None, Size | None]:
    """The outline (None: a rectangle) and the trim size, from the shape and `size_mm` (None where missing): a
    hexagon sized across corners or flats gives the size; every other shape lies in `size_mm`."""
    if node is None or node.value == "rectangle":
        return None, _needed(size, at, findings)
    if isinstance(node.value, str) and node.value in NAMED:
        return _named(node, node.value, "flat", _needed(size, at, findings), findings)
    if not node.is_map or len([k for k in node.value if k in FORMS]) != 1:
        findings.error(node.loc, f"shape must be one of {', '.join(NAMED)}, or a mapping with one of hexagon: flat | "
                                 f"pointy, polygon: [[x, y], ...] or path: \"M ... Z\" (mm in the card), got "
                                 f"{describe(node.plain())}")
        return None, None
    form = next(k for k in node.value if k in FORMS)
    if form == "hexagon":
        return _hexagon(node, size, at, findings)
    f = Fields(node, "shape", findings)
    child = f.get(form)
    f.done()
    size = _needed(size, at, findings)
    if child is None or size is None:
        return None, size
    outline = _polygon(child, size, findings) if form == "polygon" else _path(child, size, findings)
    return outline, size


def _needed(size: Size | None, at: Loc, findings: Findings) -> Size | None:
    if size is None:
        findings.error(at, "a card layout needs size_mm (width, height), unless its shape is a hexagon sized "
                           "across_corners_mm or across_flats_mm")
    return size


def _named(node: Node, name: str, orientation: str, size: Size | None, findings: Findings) -> tuple[Outline | None,
                                                                                                   Size | None]:
    if size is None:
        return None, None
    w, h = size
    if name == "circle" and abs(w - h) > TOLERANCE:
        findings.error(node.loc, f"a circle is inscribed in a square card, but size_mm is {w:g} x {h:g} mm: make "
                                 f"them equal, or use shape: ellipse")
        return None, size
    if name in ROUND:
        return Outline(name, size, ellipse_steps(w / 2, h / 2, w / 2, h / 2)), size
    if name == "hexagon":
        want = (w, w * HEX) if orientation == "flat" else (h * HEX, h)
        if abs(want[0] - w) > TOLERANCE or abs(want[1] - h) > TOLERANCE:
            findings.error(node.loc, f"a regular {orientation}-top hexagon {max(want):g} mm across corners is "
                                     f"{want[0]:.2f} x {want[1]:.2f} mm, but size_mm is {w:g} x {h:g} mm: give that "
                                     f"size, or leave size_mm out and give across_corners_mm or across_flats_mm")
            return None, size
        return Outline("hexagon", size, polygon_steps(hexagon_points(orientation, size)), orientation), size
    return None, size


def _hexagon(node: Node, size: Size | None, at: Loc, findings: Findings) -> tuple[Outline | None, Size | None]:
    f = Fields(node, "shape", findings)
    orientation = f.choice("hexagon", ("flat", "pointy"))
    corners = f.number("across_corners_mm", 5, 1000, default=None)
    flats = f.number("across_flats_mm", 5, 1000, default=None)
    f.done()
    if orientation is None:
        return None, size
    if corners is not None and flats is not None:
        findings.error(node.loc, "a hexagon is sized across_corners_mm or across_flats_mm, not both")
        return None, size
    across = corners if corners is not None else flats / HEX if flats is not None else None
    if across is None and {"across_corners_mm", "across_flats_mm"} & node.value.keys():
        return None, size  # given, and not a size (said): not "needs size_mm" as well
    if across is None:
        return _named(node, "hexagon", orientation, _needed(size, at, findings), findings)
    given = (across, across * HEX) if orientation == "flat" else (across * HEX, across)
    if size is not None and (abs(size[0] - given[0]) > TOLERANCE or abs(size[1] - given[1]) > TOLERANCE):
        findings.error(node.loc, f"a {orientation}-top hexagon {across:g} mm across corners is {given[0]:.2f} x "
                                 f"{given[1]:.2f} mm, but size_mm says {size[0]:g} x {size[1]:g} mm: leave size_mm "
                                 f"out, or make the two agree")
        return None, size
    return Outline("hexagon", given, polygon_steps(hexagon_points(orientation, given)), orientation), given


def _polygon(node: Node, size: Size, findings: Findings) -> Outline | None:
    items = as_list(node, "polygon", findings)
    if items is None:
        return None
    points: list[Point] = []
    for item in items:
        pair = as_list(item, "a polygon's point", findings)
        numbers = [as_number(n, "a polygon's point", findings) for n in pair] if pair is not None else []
        if pair is None or len(pair) != 2 or None in numbers:
            if pair is not None and len(pair) != 2:
                findings.error(item.loc, f"a polygon's point is [x, y] in mm, got {describe(item.plain())}")
            return None
        x, y = float(numbers[0]), float(numbers[1])  # type: ignore[arg-type]
        if not _within((x, y), size):
            findings.error(item.loc, f"polygon point [{x:g}, {y:g}] lies outside the {size[0]:g} x {size[1]:g} mm "
                                     f"card: points are mm from its top-left corner")
            return None
        points.append((x, y))
    if len(points) < 3:
        findings.error(node.loc, f"a polygon needs at least 3 points, got {len(points)}")
        return None
    return Outline("polygon", size, polygon_steps(points))


def _path(node: Node, size: Size, findings: Findings) -> Outline | None:
    if not isinstance(node.value, str):
        findings.error(node.loc, f"path must be an SVG path's d (M, L, H, V, C, Z), got {describe(node.value)}")
        return None
    try:
        steps = parse(node.value)
    except PathError as e:
        findings.error(node.loc, f"path, at character {e.at}: {e}")
        return None
    if sum(1 for s in steps if s[0] == "M") > 1:
        findings.error(node.loc, "path must be one outline: a single M (move to), then its lines and curves")
        return None
    if steps[-1][0] != "Z":
        steps.append(("Z",))  # an outline is closed: a cut goes back to where it began
    outside = [p for p in flattened(steps) if not _within(p, size)]
    if outside:
        x, y = outside[0]
        findings.error(node.loc, f"path reaches ({x:.2f}, {y:.2f}), outside the {size[0]:g} x {size[1]:g} mm card: "
                                 f"its numbers are mm from the card's top-left corner")
        return None
    return Outline("path", size, tuple(steps))


def _within(point: Point, size: Size) -> bool:
    return -1e-6 <= point[0] <= size[0] + 1e-6 and -1e-6 <= point[1] <= size[1] + 1e-6


def lone_shape(node: Node, given: dict[str, bool], findings: Findings) -> None:
    """A shape is the whole outline: rounded corners are a rectangle's, and a net's faces are squares folded
    together, not pieces cut one by one."""
    for key, present in given.items():
        if present:
            findings.error(node.key_locs[key], f"{key} does not go with shape: a shape is the whole outline of a "
                                               f"piece cut on its own (a rounded rectangle is `shape: rectangle` "
                                               f"with corner_radius_mm; a net's faces are rectangles)")
