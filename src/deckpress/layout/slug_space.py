"""Where a page is already drawn on: the boxes of its ops (pt, PDF coordinates), for the slug to keep clear of.

A card sheet's faces stay inside their cells: the cells are one box, and the ops inside them are not measured
one by one (a 24,000-card deck has a million of them).
"""

from __future__ import annotations

import math
from functools import cache

from deckpress.draw import fonts
from deckpress.layout.page import (
    MM,
    Circle,
    Clip,
    Dots,
    Icon,
    Line,
    Op,
    Page,
    Path,
    Picture,
    Polygon,
    Rect,
    Text,
    Tiles,
    Turn,
)

Box = tuple[float, float, float, float]  # x1, y1, x2, y2
ANCHORED = frozenset({Text, Icon, Rect, Circle, Picture})  # ops held at their own x, y (see `_anchor`)
# the kinds asked of op after op, as tuples: `Turn | Clip` in a loop is a union made each time
SPANNING, ROAMING, STEPPED = (Turn, Clip), (Polygon, Path, Clip), (Path, Clip)


def obstacles(page: Page, clearance: float) -> list[Box]:
    """Every box drawn on the page, grown by `clearance`."""
    grid = _cells(page)
    boxes = [grid] if grid else []
    boxes += [page.bleed_box] if page.bleed_box else []
    boxes += [box for _, found in _measured(page) for box in found]
    if not clearance:  # the boxes as they are: a page of tactile labels holds thousands
        return boxes
    return [(x1 - clearance, y1 - clearance, x2 + clearance, y2 + clearance) for x1, y1, x2, y2 in boxes]


def beyond(page: Page, margin: float) -> list[tuple[int, float]]:
    """What is drawn nearer the paper's edge than `margin` (pt): each op's index (-1: the cards, their cells and
    bleed taken together) and how near it comes; not what a finding already says is too large (`Page.found`)."""
    grid = _cells(page)
    found = []
    for box in ([grid] if grid else []) + ([page.bleed_box] if page.bleed_box else []):
        if (gap := _gap(box, page)) < margin - 0.01:
            found.append((-1, gap))
    said = page.found
    for i, boxes in _measured(page):
        if not said or not any(a <= i < b for a, b in said):
            gap = _gap(boxes[0], page) if len(boxes) == 1 else min((_gap(box, page) for box in boxes), default=margin)
            if gap < margin - 0.01:  # a hundredth of a point: rounding, not a mark out of place
                found.append((i, gap))
    return found


_last: list[tuple[Page, int, list[tuple[int, list[Box]]]]] = []  # the page measured last: the slug asks three times


def _measured(page: Page) -> list[tuple[int, list[Box]]]:
    """Each op outside the cards' cells (a turn or clip with what it holds): its index and its boxes."""
    if _last and _last[0][0] is page and _last[0][1] == len(page.ops):
        return _last[0][2]
    grid = _cells(page)
    measured = []
    ops, i, count = page.ops, 0, len(page.ops)
    x1, y1, x2, y2 = grid or (0.0, 0.0, -1.0, -1.0)
    while i < count:
        op = ops[i]
        kind = type(op)
        if kind in ANCHORED:  # most of a card sheet's ops: a text, an icon, a box, held at their x, y
            if not (x1 <= op.x <= x2 and y1 <= op.y <= y2):  # type: ignore[union-attr]
                measured.append((i, box_of(op)))
            i += 1
            continue
        span = op.ops if isinstance(op, SPANNING) else 0
        if grid is None or not _inside(op, grid):
            measured.append((i, _turned(op, ops[i + 1:i + 1 + span]) if isinstance(op, Turn) else box_of(op)))
        i += 1 + span
    _last[:] = [(page, len(page.ops), measured)]
    return measured


def _gap(box: Box, page: Page) -> float:
    x1, y1, x2, y2 = box
    return min(x1, y1, page.width - x2, page.height - y2)


def describe(op: Op | None) -> str:
    """What an op is, in the printer's words."""
    if op is None:
        return "the cards"
    if isinstance(op, Text):
        return f"text '{op.text if len(op.text) <= 40 else op.text[:37] + '...'}'"
    return {Line: "a line", Rect: "a box", Circle: "a circle", Polygon: "a shape", Path: "a path", Picture: "a picture",
            Icon: "an icon", Tiles: "a pattern", Dots: "dots", Turn: "a turned drawing",
            Clip: "a drawing"}.get(type(op), "a drawing")


def widest_gap(boxes: list[Box], band: tuple[float, float], span: tuple[float, float]) -> tuple[float, float] | None:
    """The widest stretch of `span` (x1, x2) that no box crossing the band (y1, y2) covers; None if none."""
    lo, hi = band
    cuts = sorted((x1, x2) for x1, y1, x2, y2 in boxes if y1 < hi and y2 > lo and x1 < span[1] and x2 > span[0])
    best, at = None, span[0]
    for x1, x2 in [*cuts, (span[1], span[1])]:
        if x1 > at and (best is None or x1 - at > best[1] - best[0]):
            best = (at, min(x1, span[1]))
        at = max(at, x2)
    return best


def _cells(page: Page) -> Box | None:
    if not page.cells:
        return None
    x1 = min(x for x, _, _, _ in page.cells) * MM
    x2 = max(x + w for x, _, w, _ in page.cells) * MM
    top = min(y for _, y, _, _ in page.cells) * MM
    bottom = max(y + h for _, y, _, h in page.cells) * MM
    return x1, page.height - bottom, x2, page.height - top


def _anchor(op: Op) -> tuple[float, float]:
    if isinstance(op, Line):
        return op.x1, op.y1
    if isinstance(op, ROAMING):
        return (math.inf, math.inf)  # a net's glue tab, a shape, reach out of a cell: always measured
    if isinstance(op, Tiles):
        return op.places[0] if op.places else (math.inf, math.inf)
    return op.x, op.y


def _inside(op: Op, grid: Box) -> bool:
    if isinstance(op, Clip):  # what it holds shows only inside its path: art cut at its box on a card stays there
        return all(grid[0] <= x1 and x2 <= grid[2] and grid[1] <= y1 and y2 <= grid[3] for x1, y1, x2, y2 in box_of(op))
    x, y = _anchor(op)
    return grid[0] <= x <= grid[2] and grid[1] <= y <= grid[3]


def box_of(op: Op) -> list[Box]:  # long: one small case for each kind of op
    if isinstance(op, Circle):  # first: a page of tactile labels has thousands of dots (the kinds do not overlap)
        ry = op.r if op.ry is None else op.ry
        return [(op.x - op.r - op.width, op.y - ry - op.width, op.x + op.r + op.width, op.y + ry + op.width)]
    if isinstance(op, Text):
        width = fonts.width(op.font, op.text, op.size)
        low, high = _reach(op.font)
        box = (op.x, op.y + low * op.size, op.x + width, op.y + high * op.size)
        return [_rotated(box, op.angle, op.x, op.y)] if op.angle else [box]
    if isinstance(op, Line):  # butt ends: the stroke's width reaches out across the line, not along it
        length = math.hypot(op.x2 - op.x1, op.y2 - op.y1) or 1.0
        nx, ny = abs(op.y2 - op.y1) / length * op.width / 2, abs(op.x2 - op.x1) / length * op.width / 2
        return [(min(op.x1, op.x2) - nx, min(op.y1, op.y2) - ny, max(op.x1, op.x2) + nx, max(op.y1, op.y2) + ny)]
    if isinstance(op, Rect):
        w = op.width / 2
        return [(op.x - w, op.y - w, op.x + op.w + w, op.y + op.h + w)]
    if isinstance(op, Polygon):
        xs, ys = [x for x, _ in op.points], [y for _, y in op.points]
        return [(min(xs), min(ys), max(xs), max(ys))] if xs else []
    if isinstance(op, STEPPED):  # the control points bound the curves
        xs = [float(v) for step in op.steps for v in step[1::2]]  # type: ignore[arg-type]
        ys = [float(v) for step in op.steps for v in step[2::2]]  # type: ignore[arg-type]
        return [(min(xs), min(ys), max(xs), max(ys))] if xs else []
    if isinstance(op, Picture):
        return [(op.x, op.y, op.x + op.w, op.y + op.h)]
    if isinstance(op, Icon):
        return [(op.x, op.y, op.x + op.size, op.y + (op.size if op.height is None else op.height))]
    if isinstance(op, Dots):
        xs, ys = [op.x + x for x, _ in op.dots], [op.y + y for _, y in op.dots]
        return [(min(xs) - op.r, min(ys) - op.r, max(xs) + op.r, max(ys) + op.r)] if xs else []
    if isinstance(op, Tiles):
        if op.clip is not None:
            x, y, w, h = op.clip
            return [(x, y, x + w, y + h)]
        return [(x, y, x + op.size, y + op.height) for x, y in op.places]
    return []


@cache
def _reach(font: str) -> tuple[float, float]:
    """How far a font reaches below its baseline (negative) and above it, at 1 pt: asked of every text measured."""
    return fonts.font(font).face.descent / 1000, fonts.ascent(font)


def _turned(turn: Turn, ops: list[Op]) -> list[Box]:
    """The boxes of the ops a turn turns, turned with them (a nested turn's own ops are measured unturned, then
    turned once: near enough for a margin)."""
    return [_rotated(box, turn.angle, turn.x, turn.y) for op in ops for box in box_of(op)]


def _rotated(box: Box, angle: float, cx: float, cy: float) -> Box:
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    points = [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c)
              for x in (box[0], box[2]) for y in (box[1], box[3])]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)
