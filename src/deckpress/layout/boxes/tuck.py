"""A tuck box for a deck: a sleeve of back, spine, front and spine, glued at its side seam; the lid on the back
tucks its flap into the front past a thumb notch, dust flaps close the ends, and the bottom is glued shut.

Laid out left to right: side-seam glue tab, back, spine, front, spine. Above the back the lid and its tuck flap,
above each spine a dust flap; below the front the bottom and its glue tab, below each spine a dust flap.
"""

from __future__ import annotations

from deckpress.layout.boxes.blank import FLAP, GLUE, PANEL, Blank, Edge, Piece, Point, flap, quarter, rectangle

GLUE_TAB_MM = 10.0  # wide enough for a line of glue, whatever the depth
TUCK_MM = 15.0  # how far the lid's flap reaches into the front
DUST_MM = 15.0  # how far a dust flap reaches in over the deck (at most half the width)
NOTCH_MM = 10.0  # the thumb notch's radius (at most a fifth of the width)


def tuck_box(inner: tuple[float, float, float]) -> Blank:
    """The blank of a tuck box holding a deck `inner` = (width, height, depth) mm, measured between its folds."""
    w, h, d = inner
    tuck, dust, notch = min(TUCK_MM, h / 3), min(DUST_MM, w / 2 - 1), min(NOTCH_MM, w / 5)
    x_back, top = GLUE_TAB_MM, tuck + d  # the sleeve's top edge
    x_spine, x_front, x_spine2 = x_back + w, x_back + w + d, x_back + 2 * w + d
    bottom = top + h
    blank = Blank(inner=inner)
    blank.add(rectangle("back", PANEL, (x_back, top, w, h)))
    blank.add(rectangle("spine", PANEL, (x_spine, top, d, h)))
    blank.add(_front((x_front, top, w, h), notch))
    blank.add(rectangle("spine", PANEL, (x_spine2, top, d, h)))
    blank.add(flap("glue tab", GLUE, ((x_back, top + h), (x_back, top)), GLUE_TAB_MM, (3.0, 3.0)))
    blank.add(rectangle("top", PANEL, (x_back, top - d, w, d), turn=180))  # its far edge meets the front
    blank.add(_tuck_flap((x_back, tuck), w, tuck))
    for x in (x_spine, x_spine2):
        taper = min(d / 4, 3.0)
        blank.add(flap("dust flap", FLAP, ((x, top), (x + d, top)), dust, (taper, taper)))
        blank.add(flap("dust flap", FLAP, ((x + d, bottom), (x, bottom)), dust, (taper, taper)))
    blank.add(rectangle("bottom", PANEL, (x_front, bottom, w, d)))
    blank.add(flap("glue tab", GLUE, ((x_front + w, bottom + d), (x_front, bottom + d)), min(GLUE_TAB_MM, h / 3),
                   (3.0, 3.0)))
    return blank


def _front(box: tuple[float, float, float, float], notch: float) -> Piece:
    """The front, its top edge cut by a half-round thumb notch to pull the deck out by."""
    x, y, w, h = box
    cx = x + w / 2
    left, low, right = (cx - notch, y), (cx, y + notch), (cx + notch, y)
    edges: tuple[Edge, ...] = (
        ((x, y), left),
        quarter(left, (cx - notch, y + notch), low),
        quarter(low, (cx + notch, y + notch), right),
        (right, (x + w, y)),
        ((x + w, y), (x + w, y + h)),
        ((x + w, y + h), (x, y + h)),
        ((x, y + h), (x, y)),
    )
    return Piece("front", PANEL, edges, box)


def _tuck_flap(base: Point, w: float, depth: float) -> Piece:
    """The flap beyond the lid that tucks into the front: its far corners rounded so it slides in."""
    x, y = base
    r = min(depth * 0.6, w / 4)
    top = y - depth
    edges: tuple[Edge, ...] = (
        ((x + w, y), (x, y)),
        ((x, y), (x, top + r)),
        quarter((x, top + r), (x, top), (x + r, top)),
        ((x + r, top), (x + w - r, top)),
        quarter((x + w - r, top), (x + w, top), (x + w, top + r)),
        ((x + w, top + r), (x + w, y)),
    )
    return Piece("tuck flap", FLAP, edges, (x, top, w, depth))
