"""Elements turned by any angle: where a turned box lies on its card, and the finding when it leaves the card
(the trim; for art that bleeds, the trim and its bleed): what lies past it is cut off, or printed on the next card.
"""

from __future__ import annotations

from functools import lru_cache
from math import cos, radians, sin

from deckpress.layout.art import convex

Box = tuple[float, float, float, float]  # x, y, w, h in mm, from the card's (or the page's) top-left
Point = tuple[float, float]
SIDES = ("on the left", "at the top", "on the right", "at the foot")
SHOWN = 0.005  # mm: less than what a finding shows (two decimals) is no reach


def quarter(degrees: float) -> bool:
    """Whether a turn is a whole number of quarter turns (drawn exactly, laid out as before)."""
    return degrees % 90 == 0


def inner(box: Box, degrees: float) -> Box:
    """The box an element turned `degrees` is laid out in: at 90 and 270 as wide as its box is tall (a sideways
    label fills a tall narrow box); at any other angle its own box."""
    if degrees % 180 != 90:
        return box
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    return cx - h / 2, cy - w / 2, h, w


def corners(box: Box, degrees: float) -> tuple[Point, Point, Point, Point]:
    """The corners of `box` turned `degrees` clockwise about its centre (y down, as the card lies in front of you)."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    c, s = cos(radians(degrees)), sin(radians(degrees))
    p = [(cx + dx * c - dy * s, cy + dx * s + dy * c) for dx, dy in
         ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]
    return p[0], p[1], p[2], p[3]


def bounds(box: Box, degrees: float) -> Box:
    """The upright box round an element's box turned `degrees` about its centre (x, y, w, h)."""
    points = corners(inner(box, degrees), degrees)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


@lru_cache(maxsize=1024)
def reach(box: Box, degrees: float, card: tuple[float, float], margin: float) -> tuple[float, float, float, float]:
    """How far (mm) the element's turned box reaches past the card's edges grown by `margin` (left, top, right,
    foot; 0 where it does not). Cached: every card of a layout asks the same."""
    x, y, w, h = bounds(box, degrees)
    width, height = card
    return (max(0.0, -margin - x), max(0.0, -margin - y), max(0.0, x + w - width - margin),
            max(0.0, y + h - height - margin))


def past_card(name: str, element: str, box: Box, degrees: float, card: tuple[float, float],
              bleed: float) -> str | None:
    """The finding for an element turned `degrees` whose box leaves the card, in the designer's terms (`bleed`:
    how far its art may run past the trim, for art that bleeds in a job printed with bleed; else 0); None if it
    stays on it."""
    reached = reach(box, degrees, card, bleed)
    parts = [f"{mm:.2f} mm {side}" for mm, side in zip(reached, SIDES, strict=True) if mm >= SHOWN]
    if not parts:
        return None
    area = f"trim and its {bleed:g} mm bleed" if bleed else "trim"
    past = ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else parts[0]
    return (f"layout {name}, element {element}: turned {degrees:g} degrees, its box reaches past the card's {area} "
            f"by {past}: what lies there is cut off or printed on the next card; move it in, make it smaller or "
            "turn it less")


def meet(a: Box, a_turn: float, b: Box, b_turn: float) -> bool:
    """Whether two boxes, each turned about its centre, share some inside."""
    return convex.cross(corners(a, a_turn), corners(b, b_turn))


def holds(outer: Box, outer_turn: float, box: Box, turn: float) -> bool:
    """Whether the turned box `outer` holds all of the turned `box`."""
    return convex.inside(corners(box, turn), corners(outer, outer_turn))
