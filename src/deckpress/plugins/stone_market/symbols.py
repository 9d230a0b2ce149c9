"""Stone Market's symbol rows: each stone letter drawn as its shape with the letter inside, `=` as a two-way arrow.

The letters stay real text, so the cards read back and read aloud. A letter is the stone's code in the card data;
what it prints is its mark (`marks`, a translated parameter: `Π` for `P` in Greek), the code itself by default.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from deckpress.colour import Colour
from deckpress.draw import fonts
from deckpress.findings import echoed
from deckpress.layout.elements.kind import Box, Face, Kind, Reading, register
from deckpress.layout.keys import REQUIRED, Key
from deckpress.layout.page import MM, Drawing
from deckpress.load.counted import counted
from deckpress.load.icon_words import heard
from deckpress.load.icons import IconFile
from deckpress.model import Element

# where the letter sits inside each stone shape (centre x, baseline-ish centre y), as a share of the size
LETTER_CENTRE = {"triangle": 0.62}
ALIKE_LIMIT = 4_096  # rows kept as read (`Reading.alike`): a deck of one-off rows reads the rest afresh


@register
class SymbolRows(Kind):
    name = "symbol rows"
    doc = "a field's rows of stone letters (`A B = C`) drawn as stone shapes, one size for every row"
    keys = (
        Key("symbols", "text", None, "the card's field: one row (text) or a list of rows, letters and `=` spaced"),
        Key("shapes", "text", REQUIRED, "the game parameter mapping each letter to its shape: an icon of the game's "
                                        "folder"),
        Key("names", "text", None, "the game parameter mapping each letter to the stone's name, as the text edition "
                                   "reads it (none: `stone_letters`, the stone-economy check's, turned round)"),
        Key("marks", "text", None, "the game parameter mapping each letter to the mark it prints and is read as, "
                                   "translatable where the letters are codes (none: the letter itself)"),
    )
    leads = ("symbols",)

    def draw(self, face: Face, element: Element, box: Box) -> None:
        field, param = element.keys["symbols"], element.keys["shapes"]
        job = face.job
        shapes = job.params.get(param)
        if not isinstance(shapes, dict):
            job.findings.error(element.loc, f"{face.what(element)}: parameter '{param}' must map letters to shapes")
            return
        value = face.card.values.get(field)
        rows = [value] if isinstance(value, str) else list(value or [])
        x, y, w, h = box
        row_h = h / max(len(rows), 1)
        units = [_units(row) for row in rows]
        size = min(row_h * 0.85, w / max(units + [1]))  # one size for every row: the rows line up
        if size * MM * 0.5 < element.style.min_size and rows:
            job.findings.error(face.loc(element, field), f"{job.where}, {face.what(element)}: {len(rows[0].split())} "
                                                         f"symbols do not fit a {w:g} mm row at the minimum size of "
                                                         f"{element.style.min_size:g} pt ({job.theme.edition} edition)")
            return
        case = job.of_element(element, lambda: _case(face, element, shapes))  # the same stones on every card
        for r, row in enumerate(rows):
            band = (x, y + r * row_h + (row_h - size) / 2, w, size)
            if not _row(face, row.split(), case, band, face.ink(element)):
                stones = case.stones
                job.findings.error(face.loc(element, field), f"{job.where}, {face.what(element)}: no stone symbol "
                                   f"for '{echoed(next(t for t in row.split() if t != '=' and t not in stones))}'")
                return

    def read(self, reading: Reading, element: Element) -> list[str] | None:
        """Each row in words: an equation `3 Pearls = 1 Jade and 2 Rubies, both ways` (the arrow is two-way), a
        row of stones `2 Amber and 3 Ruby`, one stone by its name, letter and shape: `Amber (A, triangle)`."""
        value = reading.card.values.get(element.keys["symbols"])
        rows = [value] if isinstance(value, str) else [str(r) for r in value or []]
        alike = reading.alike
        if alike is None:
            said = _said_rows(rows, element, reading)
        else:  # a row reads alike on every card that has it: read once for them all
            said = [_said_alike(alike, row, element, reading) for row in rows]
        return [s for s in said if s] or None


def _said_alike(alike: dict[tuple[int, str], Any], row: str, element: Element, reading: Reading) -> str:
    """A row in words, as read before on a card with the same row (`Reading.alike`), else read now and kept."""
    key = (id(element), row)
    said = alike.get(key)
    if said is None:
        said = _said_rows([row], element, reading)[0]
        if len(alike) < ALIKE_LIMIT:
            alike[key] = said
    return str(said)


def _said_rows(rows: list[str], element: Element, reading: Reading) -> list[str]:
    """Each row in words, by the game's names, shapes and marks of its stones."""
    params = reading.params
    shapes = params.get(element.keys["shapes"])
    names = params.get(element.keys["names"] or "")
    if not isinstance(names, dict):
        letters = params.get("stone_letters")
        names = {v: k for k, v in letters.items()} if isinstance(letters, dict) else {}
    shown = (shapes if isinstance(shapes, dict) else {}, _marks(params, element))
    return [_said_row(row.split(), names, shown, reading) for row in rows]


def _said_row(tokens: list[str], names: dict[str, str], shown: tuple[dict[str, str], dict[str, str]],
              reading: Reading) -> str:
    if len(tokens) == 1:
        letter = tokens[0]
        shape = shown[0].get(letter)
        named = names.get(letter, letter)
        return f"{named} ({shown[1].get(letter, letter)}, {heard(shape, reading.params)})" if shape else str(named)
    if "=" in tokens:
        at = tokens.index("=")
        left, right = _said_side(tokens[:at], names, reading), _said_side(tokens[at + 1:], names, reading)
        return reading.say("html_equation", left=left, right=right)
    return _said_side(tokens, names, reading)


def _said_side(tokens: list[str], names: dict[str, str], reading: Reading) -> str:
    """`P R R` -> `1 Pearl and 2 Rubies`: each stone with its number, in the order first met (its name's form
    for the number where the game gives its plural)."""
    numbers = {t: tokens.count(t) for t in tokens}
    said = [counted(n, names.get(t, t), reading.params) for t, n in numbers.items()]
    return said[0] if len(said) == 1 else reading.say("html_and", first=", ".join(said[:-1]), last=said[-1])


def _marks(params: dict[str, object], element: Element) -> dict[str, str]:
    """What each letter prints (its `marks` parameter's value), where the element names one."""
    marks = params.get(element.keys["marks"] or "")
    return {str(k): str(v) for k, v in marks.items()} if isinstance(marks, dict) else {}


@lru_cache(maxsize=1024)  # the same rows recur card after card
def _units(row: str) -> float:
    """How many letters wide a row is: an arrow as wide as two."""
    return sum(2.2 if t == "=" else 1.1 for t in row.split())


@dataclass(frozen=True)
class _Case:
    """A job's stones for one element, as a type case holds its sorts: each letter's shape, the mark it prints and
    where that sits in it (`LETTER_CENTRE`); and the bold font the marks are set in, with its cap height."""

    stones: dict[str, IconFile]
    letters: dict[str, tuple[IconFile, str, float]]
    font: str
    cap: float
    line_pt: float


def _case(face: Face, element: Element, shapes: dict[str, str]) -> _Case:
    """The stones of `element` and their marks, worked out on the first card that draws them (a missing shape is
    said there, as before, once)."""
    stones, marks, theme = _stones(face, element, shapes), _marks(face.job.params, element), face.job.theme
    letters = {letter: (icon, marks.get(letter, letter), LETTER_CENTRE.get(icon.name, 0.5))
               for letter, icon in stones.items()}
    font = theme.fonts["bold"]
    return _Case(stones, letters, font, fonts.cap_height(font), theme.line_pt)


def _stones(face: Face, element: Element, shapes: dict[str, str]) -> dict[str, IconFile]:
    """Each letter's shape, an icon of the game's folder (a missing one is reported once, where it is named)."""
    icons, what = face.job.icons, f"{face.job.where}, {face.what(element)}"
    found = {letter: icons.get(str(shape), element.loc, what) if icons else None for letter, shape in shapes.items()}
    return {letter: icon for letter, icon in found.items() if icon is not None}


def _row(face: Face, tokens: list[str], case: _Case, row: Box, ink: Colour | None) -> bool:
    """One row of symbols centred in its band (x, top, width, size), each letter printing its mark; False at a
    letter with no shape."""
    letters, font, d = case.letters, case.font, face.d
    x, top, w, size = row
    letter_pt = size * MM * 0.5
    widths = [size * (2.2 if t == "=" else 1.1) for t in tokens]
    cx = x + (w - sum(widths)) / 2
    for token, width in zip(tokens, widths, strict=True):
        if token == "=":
            _two_way_arrow(d, cx + size * 0.2, top + size / 2, width - size * 0.4, case.line_pt * 2.5)
        elif token in letters:
            icon, mark, centre = letters[token]
            left = cx + (width - size) / 2
            d.icon(icon, left, top, size, ink, case.line_pt * 2)
            letter_w = fonts.width(font, mark, letter_pt) / MM
            baseline = top + size * centre + case.cap * letter_pt / MM / 2
            d.text(left + (size - letter_w) / 2, baseline, mark, font, letter_pt)
        else:
            return False
        cx += width
    return True


def _two_way_arrow(d: Drawing, x: float, y: float, w: float, line_pt: float) -> None:
    head = min(2.5, w / 3)
    d.line(x, y, x + w, y, line_pt)
    d.polygon([(x, y), (x + head, y - head * 0.6), (x + head, y + head * 0.6)], line_pt, 0)
    d.polygon([(x + w, y), (x + w - head, y - head * 0.6), (x + w - head, y + head * 0.6)], line_pt, 0)
