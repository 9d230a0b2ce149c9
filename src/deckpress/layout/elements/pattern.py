"""A band of a pattern (stripes, dots, checks): tells sets of cards apart without colour."""

from __future__ import annotations

from deckpress.layout.elements.kind import Box, Face, Kind, register
from deckpress.layout.keys import Key
from deckpress.layout.pictograms import PATTERNS, draw_pattern
from deckpress.model import Element


@register
class Pattern(Kind):
    name = "pattern"
    doc = "the box filled with a pattern and framed; where it touches the trim it runs on into the bleed"
    keys = (Key("pattern", "template", None, "the pattern's name, e.g. `{{ market_patterns[card.market - 1] }}`"),)
    leads = ("pattern",)
    styled = False
    bleeds = True

    def draw(self, face: Face, element: Element, box: Box) -> None:
        name = face.render(element, element.keys["pattern"])
        if name is None:
            return
        if name not in PATTERNS:
            face.job.findings.error(element.loc, f"{face.what(element)}: no pattern '{name}' (known: "
                                                 f"{', '.join(sorted(PATTERNS))})")
            return
        draw_pattern(face.d, name, *box, face.job.theme.line_pt)
