"""A two-piece box: a tray for the base and a slightly larger tray for the lid, each a floor with four walls
folded up and held by glue tabs at the corners (on the end walls, glued inside the side walls).
"""

from __future__ import annotations

from deckpress.layout.boxes.blank import GLUE, PANEL, Blank, flap, rectangle

CORNER_TAB_MM = 10.0  # how far a corner tab reaches round onto the side wall (at most the side's length / 3)
# the art on each wall of the lid, turned so it stands upright when the wall is folded down round the box
WALL_TURNS = {"front": 0, "back": 180, "left": 90, "right": 270}


def tray(inner: tuple[float, float, float], floor: str) -> Blank:
    """A tray `inner` = (width, length, height) mm inside, its floor panel named `floor` (the base's, or the
    lid's top), its walls named for the sides they stand on."""
    w, length, h = inner
    tab = min(CORNER_TAB_MM, length / 3, w / 3)
    x, y = h, h  # the floor's top-left corner
    blank = Blank(inner=inner)
    blank.add(rectangle(floor, PANEL, (x, y, w, length)))
    blank.add(rectangle("back", PANEL, (x, y - h, w, h), turn=WALL_TURNS["back"]))
    blank.add(rectangle("front", PANEL, (x, y + length, w, h), turn=WALL_TURNS["front"]))
    blank.add(rectangle("left", PANEL, (x - h, y, h, length), turn=WALL_TURNS["left"]))
    blank.add(rectangle("right", PANEL, (x + w, y, h, length), turn=WALL_TURNS["right"]))
    taper = min(h / 4, 3.0)
    for top in (y - h, y + length):  # the end walls' tabs, at their outer ends
        blank.add(flap("glue tab", GLUE, ((x, top + h), (x, top)), tab, (taper, taper)))
        blank.add(flap("glue tab", GLUE, ((x + w, top), (x + w, top + h)), tab, (taper, taper)))
    return blank
