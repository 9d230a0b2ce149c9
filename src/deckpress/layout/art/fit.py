"""How an icon or a picture fits its element's box, its own shape kept: `contain` (all of it inside the box,
centred), `cover` (the box filled, centred, what runs past it cut off) or `stretch` (its frame onto the box).

Art is cut at its box only where it can reach past it (a cover, or a drawing past its own viewBox): a clip costs
the viewer a little on every card, and most icons stay well inside.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext

from deckpress.layout.page import Drawing

FITS = ("contain", "cover", "stretch")
EPS = 1e-6  # mm: art that only touches its box's edge stays inside it
Box = tuple[float, float, float, float]  # x, y, w, h in mm on the page


def fitted(shape: tuple[float, float], cell: Box, fit: str) -> Box:
    """Where the art's own frame (width and height `shape`, any unit) is drawn for `cell`: inside it (contain),
    over it (cover), both centred, or onto it (stretch). A square in a square is the square itself, exactly."""
    x, y, w, h = cell
    if fit == "stretch":
        return cell
    own_w, own_h = shape
    across = w * own_h <= h * own_w  # the width limits it: it is as wide as the box (contain)
    if across == (fit == "contain"):
        fw, fh = w, w * (own_h / own_w)
    else:
        fw, fh = h * (own_w / own_h), h
    return x + (w - fw) / 2, y + (h - fh) / 2, fw, fh


def row(shape: tuple[float, float], box: Box, count: int, fit: str) -> list[tuple[Box, Box]]:
    """`count` of the same art in a row across the box: each one's frame and the cell it is cut at. Contained,
    they stand side by side, as large as fits, the row centred (cut, if at all, at the whole box); covering or
    stretched, each fills its own share of the box."""
    x, y, w, h = box
    if count < 1:
        return []
    if fit == "contain":
        _, _, fw, fh = fitted(shape, (x, y, w / count, h), fit)
        left, top = x + (w - fw * count) / 2, y + (h - fh) / 2
        return [((left + i * fw, top, fw, fh), box) for i in range(count)]
    step = w / count
    cells = [(x + i * step, y, step, h) for i in range(count)]
    return [(fitted(shape, cell, fit), cell) for cell in cells]


def reaches_past(art: tuple[float, float, float, float], frame: Box, cell: Box) -> bool:
    """Whether the drawing (`art`: its bounds as fractions of its frame) drawn onto `frame` reaches out of
    `cell`."""
    fx, fy, fw, fh = frame
    x, y, w, h = cell
    x0, y0, x1, y1 = fx + art[0] * fw, fy + art[1] * fh, fx + art[2] * fw, fy + art[3] * fh
    return x0 < x - EPS or y0 < y - EPS or x1 > x + w + EPS or y1 > y + h + EPS


def box_path(box: Box) -> list[tuple[object, ...]]:
    """The box as a closed path (mm), for `Drawing.clipped`."""
    x, y, w, h = box
    return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]


def clipped_if(d: Drawing, needed: bool, cell: Box) -> AbstractContextManager[None]:
    """A clip at `cell` where `needed`, else nothing: `with clipped_if(d, ..., cell):`."""
    return d.clipped(box_path(cell)) if needed else nullcontext()
