"""A pictogram, or a row of them: shapes a game registers (see `deckpress.layout.pictograms`)."""

from __future__ import annotations

from deckpress.layout.elements.kind import Box, Face, Kind, register
from deckpress.layout.keys import Key
from deckpress.layout.pictograms import PICTOGRAMS, draw_pictogram
from deckpress.model import Element


@register
class Pictogram(Kind):
    name = "pictogram"
    doc = "a pictogram as large as fits the box, centred; or `count` of them in a row"
    keys = (
        Key("pictogram", "template", None, "the pictogram's name, e.g. `{{ pictograms[card.collection] }}`"),
        Key("count", "template", None, "how many to draw in a row (a template giving a whole number)"),
    )
    leads = ("pictogram",)
    styled = False

    def draw(self, face: Face, element: Element, box: Box) -> None:
        name = face.render(element, element.keys["pictogram"])
        if name is None:
            return
        if name not in PICTOGRAMS:
            face.job.findings.error(element.loc, f"{face.what(element)}: no pictogram '{name}' (known: "
                                                 f"{', '.join(sorted(PICTOGRAMS))})")
            return
        x, y, w, h = box
        size = min(w, h)
        count = 1
        if element.keys["count"] is not None:
            shown = face.render(element, element.keys["count"]) or "0"
            count = int(shown) if shown.isdigit() else 0
            size = min(h, w / max(count, 1))
        left = x + (w - size * count) / 2
        for i in range(count):
            draw_pictogram(face.d, name, left + i * size, y + (h - size) / 2, size, face.job.theme.line_pt * 2.5)
