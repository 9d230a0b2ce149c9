"""Points evenly spaced along a path, for a track: a rectangle's edge from its top-left corner, or a circle from
its top, both clockwise (as a score track runs), in mm."""

from __future__ import annotations

import math

Point = tuple[float, float]


def along(shape: str, numbers: tuple[float, ...], count: int) -> list[Point]:
    """`count` points along the path, one at its start and the rest a `count`th of its length apart."""
    if shape == "circle":
        cx, cy, r = numbers
        return [(cx + r * math.sin(a), cy - r * math.cos(a)) for a in (2 * math.pi * i / count for i in range(count))]
    x, y, w, h = numbers
    length = 2 * (w + h)
    return [_on_rectangle(x, y, w, h, length * i / count) for i in range(count)]


def _on_rectangle(x: float, y: float, w: float, h: float, s: float) -> Point:
    """The point `s` mm along the edge, clockwise from the top-left corner."""
    if s <= w:
        return x + s, y
    if s <= w + h:
        return x + w, y + s - w
    if s <= 2 * w + h:
        return x + w - (s - w - h), y + h
    return x, y + h - (s - 2 * w - h)
