"""A coloured panel, band or frame: a rectangle (its corners rounded or not) or an ellipse filling the box."""

from __future__ import annotations

from deckpress.colour import Colour
from deckpress.layout.art.turn import quarter
from deckpress.layout.elements.kind import Box as Area
from deckpress.layout.elements.kind import Face, Kind, register
from deckpress.layout.inks import Ground
from deckpress.layout.keys import Key
from deckpress.model import Element


@register
class Box(Kind):
    name = "box"
    doc = ("a rectangle or an ellipse filling the box, filled and outlined in colours (a panel, a band, a frame); "
           "texts drawn over its fill are held to the contrast minimum against it; where it touches the trim it runs "
           "on into the bleed")
    keys = (
        Key("shape", "choice", "rect", "its shape", choices=("rect", "ellipse")),
        Key("fill", "colour", None, "the colour inside it (none: not filled)"),
        Key("stroke", "colour", None, "the colour of its outline (none: no outline)"),
        Key("stroke_pt", "number", None, "the outline's width, pt (none: the theme's `line_pt`)", 0.1, 20),
        Key("corner_radius_mm", "number", 0.0, "rounds a rectangle's corners", 0, 100),
    )
    leads = ("shape",)
    styled = False
    bleeds = True

    def draw(self, face: Face, element: Element, box: Area) -> None:
        keys = element.keys
        fill = self._colour(face, element, keys["fill"], "fill")
        stroke = self._colour(face, element, keys["stroke"], "stroke")
        if fill is None and stroke is None:
            return
        width = 0.0 if stroke is None else keys["stroke_pt"] or face.job.theme.line_pt
        if keys["shape"] == "ellipse":
            face.d.ellipse(*box, width, fill, stroke)
        else:
            radius = min(keys["corner_radius_mm"], box[2] / 2, box[3] / 2)
            face.d.rect(*box, width, fill, stroke, radius)
        if fill is not None:
            turn = 0.0 if quarter(element.rotate) else element.rotate  # off the square: a turned ground
            face.grounds.append(Ground(box, fill, keys["shape"] == "ellipse", turn))

    @staticmethod
    def _colour(face: Face, element: Element, source: str | None, key: str) -> Colour | None:
        return None if source is None else face.colour(source, f"element {element.name}, {key}", element.at(key))
