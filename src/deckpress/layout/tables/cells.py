"""A table cell's text: words wrapped and shrunk to fit, or icons alone drawn at the table's icon size."""

from __future__ import annotations

from collections.abc import Callable

from deckpress.findings import Loc, echoed
from deckpress.layout.page import Drawing
from deckpress.layout.text import Typesetter, draw
from deckpress.load.icons import INLINE
from deckpress.model import Block, Style

CELL_PAD_MM = 1.5
ICON_GAP_MM = 1.0  # between icons side by side in one cell
ICON_PAD_MM = 0.5  # between an icon and its cell's rules
Box = tuple[float, float, float, float]  # x, y, w, h in mm


def field_name(block: Block, r: int, c: int, say: Callable[..., str]) -> str:
    """A cell to write in or tick as a reader names it, in the PDF's form and the text edition's alike: its row,
    then its column (`Round 2, Lot A`); a row labelled by a bare number takes the corner's word (`Fact 3, Value`)."""
    row = block.rows[r].label
    if block.corner and row.isdigit():
        row = say("field_numbered_row", corner=block.corner, row=row)
    return say("field_cell", row=row, column=block.columns[c])


def met_again(name: str, times: int) -> str:
    """A field's name the `times`-th time a document names a field so (`Score sheet, Player (2)`): every field of
    a PDF, and every control of the text edition's page, a name of its own, the same in both."""
    return name if times == 1 else f"{name} ({times})"


def icons_alone(text: str) -> list[str] | None:
    """The icons a cell's text names when it is nothing else (`:forest:`, `:coin: :coin:`); else None."""
    words = text.split()
    found = [m[1] for w in words if (m := INLINE.fullmatch(w))]
    return found if words and len(found) == len(words) else None


def icons_width(count: int, size: float) -> float:
    return count * size + (count - 1) * ICON_GAP_MM


def cell_text(ts: Typesetter, d: Drawing, text: str, style: Style, box: Box, loc: Loc,
              icon: tuple[float, Loc] | None = None, align_centre: bool = False) -> None:
    """Text in a cell, centred down it; icons alone centred both ways at the size the table gives (and where)."""
    if not text:
        return
    names = icons_alone(text) if icon is not None else None
    if names is not None and icon is not None:
        _icons(ts, d, (text, names), icon, box, loc, ts.font(style))
        return
    pad = CELL_PAD_MM
    x, y, w, h = box
    inner = (x + pad, y + pad / 2, w - 2 * pad, h - pad)
    fitted = ts.fit(text, style, inner[2], inner[3], loc, f"cell '{echoed(text)}'")
    if fitted is not None:
        top = inner[1] + (inner[3] - fitted.height) / 2
        draw(d, fitted, inner[0], top, inner[2], "centre" if align_centre else style.align)


def _icons(ts: Typesetter, d: Drawing, named: tuple[str, list[str]], icon: tuple[float, Loc], box: Box, loc: Loc,
           font: str) -> None:
    """Each icon a square of the table's size, its name over it as invisible text (read aloud, found by a search);
    icons too large for their cell are reported at the size, once for cells of one size."""
    (text, names), (size, size_loc), (x, y, w, h) = named, icon, box
    found = ts.inline(text, loc, f"cell '{echoed(text)}'")
    if found is None:
        return
    across = icons_width(len(names), size)
    if across > w - 2 * ICON_PAD_MM + 1e-6 or size > h - 2 * ICON_PAD_MM + 1e-6:
        many = f"{len(names)} icons" if len(names) > 1 else "icons"
        ts.findings.error(size_loc, f"{ts.game} {ts.component}: {many} of {size:g} mm do not fit a {w:g} x {h:g} mm "
                                    f"cell ({ts.theme.edition} edition)")
        return
    files, left = dict(found), x + (w - across) / 2
    for name in names:
        d.icon(files[name], left, y + (h - size) / 2, size, d.ink, alt=ts.words.get(name, name), font=font)
        left += size + ICON_GAP_MM
