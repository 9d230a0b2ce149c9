"""Stone Market's symbol rows: each stone letter drawn as its shape with the letter inside, `=` as a two-way arrow.

The letters stay real text, so the cards read back and read aloud.
"""

from __future__ import annotations

from deckpress.colour import Colour
from deckpress.draw import fonts
from deckpress.layout.elements.kind import Box, Face, Kind, register
from deckpress.layout.keys import REQUIRED, Key
from deckpress.layout.page import MM, Drawing
from deckpress.load.icons import IconFile
from deckpress.model import Element

# where the letter sits inside each stone shape (centre x, baseline-ish centre y), as a share of the size
LETTER_CENTRE = {"triangle": 0.62}


@register
class SymbolRows(Kind):
    name = "symbol rows"
    doc = "a field's rows of stone letters (`A B = C`) drawn as stone shapes, one size for every row"
    keys = (
        Key("symbols", "text", None, "the card's field: one row (text) or a list of rows, letters and `=` spaced"),
        Key("shapes", "text", REQUIRED, "the game parameter mapping each letter to its shape: an icon of the game's "
                                        "folder"),
    )
    leads = ("symbols",)

    def draw(self, face: Face, element: Element, box: Box) -> None:
        field, param = element.keys["symbols"], element.keys["shapes"]
        job, what, loc = face.job, face.what(element), face.loc(element, field)
        shapes = job.params.get(param)
        if not isinstance(shapes, dict):
            job.findings.error(element.loc, f"{what}: parameter '{param}' must map letters to shapes")
            return
        value = face.card.values.get(field)
        rows = [value] if isinstance(value, str) else list(value or [])
        x, y, w, h = box
        row_h = h / max(len(rows), 1)
        units = [sum(2.2 if t == "=" else 1.1 for t in row.split()) for row in rows]
        size = min(row_h * 0.85, w / max(units + [1]))  # one size for every row: the rows line up
        if size * MM * 0.5 < element.style.min_size and rows:
            job.findings.error(loc, f"{job.where}, {what}: {len(rows[0].split())} symbols do not fit a {w:g} mm row "
                                    f"at the minimum size of {element.style.min_size:g} pt "
                                    f"({job.theme.edition} edition)")
            return
        stones = _stones(face, element, shapes)
        for r, row in enumerate(rows):
            if not _row(face, row.split(), stones, (x, y + r * row_h + (row_h - size) / 2, w, size), face.ink(element)):
                job.findings.error(loc, f"{job.where}, {what}: no stone symbol for "
                                        f"{next(t for t in row.split() if t != '=' and t not in stones)!r}")
                return


def _stones(face: Face, element: Element, shapes: dict[str, str]) -> dict[str, IconFile]:
    """Each letter's shape, an icon of the game's folder (a missing one is reported once, where it is named)."""
    icons, what = face.job.icons, f"{face.job.where}, {face.what(element)}"
    found = {letter: icons.get(str(shape), element.loc, what) if icons else None for letter, shape in shapes.items()}
    return {letter: icon for letter, icon in found.items() if icon is not None}


def _row(face: Face, tokens: list[str], shapes: dict[str, IconFile], row: Box, ink: Colour | None) -> bool:
    """One row of symbols centred in its band (x, top, width, size); False at a letter with no shape."""
    x, top, w, size = row
    line_pt, font = face.job.theme.line_pt, face.job.theme.fonts["bold"]
    letter_pt = size * MM * 0.5
    widths = [size * (2.2 if t == "=" else 1.1) for t in tokens]
    cx = x + (w - sum(widths)) / 2
    for token, width in zip(tokens, widths, strict=True):
        if token == "=":
            _two_way_arrow(face.d, cx + size * 0.2, top + size / 2, width - size * 0.4, line_pt * 2.5)
        elif token in shapes:
            left = cx + (width - size) / 2
            face.d.icon(shapes[token], left, top, size, ink, line_pt * 2)
            letter_w = fonts.width(font, token, letter_pt) / MM
            centre = LETTER_CENTRE.get(shapes[token].name, 0.5)
            baseline = top + size * centre + fonts.cap_height(font) * letter_pt / MM / 2
            face.d.text(left + (size - letter_w) / 2, baseline, token, font, letter_pt)
        else:
            return False
        cx += width
    return True


def _two_way_arrow(d: Drawing, x: float, y: float, w: float, line_pt: float) -> None:
    head = min(2.5, w / 3)
    d.line(x, y, x + w, y, line_pt)
    d.polygon([(x, y), (x + head, y - head * 0.6), (x + head, y + head * 0.6)], line_pt, 0)
    d.polygon([(x + w, y), (x + w - head, y - head * 0.6), (x + w - head, y + head * 0.6)], line_pt, 0)
