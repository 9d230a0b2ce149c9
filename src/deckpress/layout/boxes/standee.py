"""A standee: a figure and its back on one strip, folded over at the figure's head and glued back to back; below
each a base tab that folds out (the two to opposite sides, so it stands), or a plain foot to push into a plastic
stand.

Laid out top to bottom: the back's tab (or foot), the back (turned head down: folded over, it stands upright
behind the figure), the fold, the figure, the figure's tab (or foot).
"""

from __future__ import annotations

from deckpress.layout.boxes.blank import FLAP, FOOT, PANEL, Blank, rectangle

TABS, STAND = "tabs", "stand"  # the standee's base
BASE_SHARE = 0.3  # a base tab reaches out this share of the figure's height (within the bounds below)
BASE_MIN_MM, BASE_MAX_MM = 12.0, 25.0


def base_depth(figure: tuple[float, float], base: str, stand_mm: float) -> float:
    """How far below the figure each half reaches: a base tab, or the foot a plastic stand grips."""
    return stand_mm if base == STAND else min(max(figure[1] * BASE_SHARE, BASE_MIN_MM), BASE_MAX_MM)


def standee(figure: tuple[float, float], base: str, stand_mm: float, mirror: bool) -> Blank:
    """The blank of one standee whose figure is `figure` = (width, height) mm. `mirror`: the back is the figure
    seen from behind (mirrored across the fold); else a back of its own, turned so it stands upright."""
    w, h = figure
    foot = base_depth(figure, base, stand_mm)
    fold = foot + h
    blank = Blank(inner=(w, h, 0.0))
    kind = FLAP if base == TABS else FOOT
    blank.add(rectangle("base", kind, (0.0, 0.0, w, foot)))
    blank.add(rectangle("back", PANEL, (0.0, foot, w, h), turn=0 if mirror else 180, mirror=mirror))
    blank.add(rectangle("figure", PANEL, (0.0, fold, w, h)))
    blank.add(rectangle("base", kind, (0.0, fold + h, w, foot)))
    return blank
