"""Open Secret Exchange's entry rows: `code = value` for a desk's records, `code = ____` for its requests."""

from __future__ import annotations

from deckpress.draw import fonts
from deckpress.layout.elements.kind import Box, Face, Kind, Reading, register
from deckpress.layout.keys import Key
from deckpress.layout.page import MM, WriteIn
from deckpress.layout.structure import artifact, card_field, form
from deckpress.layout.text import SHRINK_STEP, Fitted, draw
from deckpress.model import Element


@register
class Entries(Kind):
    name = "entries"
    doc = "one row per entry of a field: the code in bold, then its value, or a line to write it on"
    keys = (Key("entries", "text", None, "the card's field: a mapping (code to value) or a list (codes to fill in)"),)
    leads = ("entries",)

    def draw(self, face: Face, element: Element, box: Box) -> None:
        """All rows share one size, the largest at which every row fits."""
        field = element.keys["entries"]
        value = face.card.values.get(field)
        if not isinstance(value, (dict, list)):
            face.job.findings.error(element.loc, f"layout element {element.name} names field '{field}' that holds no "
                                                 "entries")
            return
        rows = list(value.items()) if isinstance(value, dict) else [(code, "") for code in value]
        if _glyphs(face, element, rows):
            _set(face, element, box, rows, writing=not isinstance(value, dict))

    def read(self, reading: Reading, element: Element) -> list[str] | None:
        """A row per entry: `code = value`, or the code with its line to write the value on."""
        value = reading.card.values.get(element.keys["entries"])
        if isinstance(value, dict):
            return [f"{code} = {text}" for code, text in value.items()] or None
        if isinstance(value, list):
            return [reading.say("html_write_in", label=code) for code in value] or None
        return None

    def fields(self, reading: Reading, element: Element) -> tuple[str, ...]:
        """Each line to write on is a field, named as the drawing names it."""
        value = reading.card.values.get(element.keys["entries"])
        return tuple(card_field(reading.say, reading.card, code) for code in value) if isinstance(value, list) else ()


def _glyphs(face: Face, element: Element, rows: list[tuple[str, str]]) -> bool:
    ts, field, what = face.job.ts, element.keys["entries"], face.what(element)
    bold, regular = ts.theme.fonts["bold"], ts.font(element.style)
    for code, text in rows:
        where = face.card.locs.get(f"{field}.{code}", face.loc(element, field))
        if not (ts.check_glyphs(code, bold, where, f"{what} {code}")
                and ts.check_glyphs(f" = {text}", regular, where, f"{what} {code}")):
            return False
    return True


def _set(face: Face, element: Element, box: Box, rows: list[tuple[str, str]], writing: bool) -> None:
    """Lines to write on are spaced at least a write-in height apart."""
    x, y, w, h = box
    job, style = face.job, element.style
    bold, regular = job.theme.fonts["bold"], job.ts.font(style)
    size = style.size
    while size >= style.min_size - 1e-9:
        leading = max(size * job.theme.line_spacing, job.theme.write_in_min_mm * MM if writing else 0)
        widths = [fonts.width(bold, code, size) + fonts.width(regular, f" = {text}", size) for code, text in rows]
        if len(rows) * leading <= h * MM + 1e-6 and max(widths, default=0) <= w * MM:
            break
        size -= SHRINK_STEP
    else:
        job.findings.error(face.loc(element, element.keys["entries"]),
                           f"{job.where}, {face.what(element)}: the entries do not fit their {w:g} x {h:g} mm box at "
                           f"the minimum size of {style.min_size:g} pt ({job.theme.edition} edition)")
        return
    top = y
    for code, text in rows:
        code_w = fonts.width(bold, code, size) / MM
        draw(face.d, Fitted((code,), bold, size, leading, rows=True), x, top, w)
        draw(face.d, Fitted((f" = {text}" if text else " =",), regular, size, leading,
                                    rows=True), x + code_w, top, w - code_w)
        if not text:  # a line to write the requested value on: a form field, named by its card and code
            eq_w = fonts.width(regular, " = ", size) / MM
            base = top + leading / MM * 0.8
            name = card_field(job.say, face.card, code)
            with form(face.d, name), artifact(face.d):  # the line is furniture, the field what is read
                face.d.line(x + code_w + eq_w, base, x + w, base, job.theme.line_pt,
                            field=WriteIn(name, height=leading * 0.8, size=size, min_size=job.theme.min_size))
        top += leading / MM
