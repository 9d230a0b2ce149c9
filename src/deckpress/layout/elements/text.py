"""Text: a field of the card printed as it is, or a Jinja template over the card; shrunk to fit its box."""

from __future__ import annotations

from deckpress.findings import echoed
from deckpress.layout.elements.kind import Box, Face, Kind, Reading, register
from deckpress.layout.keys import Key
from deckpress.layout.text import set_anew
from deckpress.model import Element


@register
class Text(Kind):
    name = "text"
    doc = "words set in the box at the style's size, shrunk to fit down to its `min_size`"
    keys = (
        Key("field", "text", None, "a field of the card, printed as it is"),
        Key("text", "template", None, "a Jinja template over `card`, `index` and the game's parameters"),
    )
    leads = ("field", "text")

    def draw(self, face: Face, element: Element, box: Box) -> None:
        field = element.keys["field"]
        if field is None:
            text = face.render(element, "text")
        elif field not in face.card.values:
            face.job.findings.error(element.at("field"), f"layout element {element.name} names field "
                                                         f"'{echoed(field)}' that the card lacks")
            return
        elif isinstance(value := face.card.values[field], (dict, list)):
            face.job.findings.error(element.at("field"), f"layout element {element.name}: field "
                                                         f"'{echoed(field)}' holds entries, which an `entries` "
                                                         "element lays out")
            return
        else:
            text = None if value is None else str(value)
        ts = face.job.ts
        if text is not None and ts.reprint(face.d, text, element.style, box, element.valign) is None:
            set_anew(ts, face.d, text, element.style, box, face.loc(element, field), face.what(element),
                     element.valign)

    def read(self, reading: Reading, element: Element) -> list[str] | None:
        """The text as drawn; a field holding entries is the entries element's, and drawn by none."""
        field = element.keys["field"]
        if field is None:
            text = reading.render(element, "text")
        else:
            value = reading.card.values.get(field)
            text = None if value is None or isinstance(value, (dict, list)) else str(value)
        return [text] if text and text.strip() else None
