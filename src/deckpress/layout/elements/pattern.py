"""A band of a pattern (stripes, dots, checks): tells sets of cards apart without colour. A pattern is an SVG tile
(`deckpress.layout.pictograms`), looked for as icons are."""

from __future__ import annotations

from deckpress.layout.elements.kind import Box, Face, Kind, register
from deckpress.layout.keys import Key
from deckpress.layout.pictograms import PATTERNS, draw_pattern
from deckpress.model import Element


@register
class Pattern(Kind):
    name = "pattern"
    doc = ("the box filled with a pattern and framed; where it touches the trim it runs on into the bleed. A pattern "
           "is an SVG tile, found as icons are: " + ", ".join(f"`{p}`" for p in PATTERNS) + " are shared")
    keys = (Key("pattern", "template", None, "the pattern's name, e.g. `{{ market_patterns[card.market - 1] }}`: "
                                             "its tile, 30 units to 3 mm, repeats over the box"),)
    leads = ("pattern",)
    styled = False
    bleeds = True

    def draw(self, face: Face, element: Element, box: Box) -> None:
        name = face.render(element, element.keys["pattern"])
        icons = face.job.icons
        if name is None or icons is None:
            return
        tile = icons.get(name, element.loc, f"{face.job.where}, {face.what(element)}")
        if tile is not None:
            draw_pattern(face.d, name, *box, face.job.theme.line_pt, tile=tile)
