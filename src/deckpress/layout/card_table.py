"""A table printed on a card (a reference card's scoring table): text elements standing side by side as its
columns, each one's first line the column's head and the lines below it its cells. They are drawn as their
layout sets them, but line by line across the columns, so that the PDF reads them as one table, row by row
(Table, TR, TH with its scope, TD), not as one paragraph a column: the first column's cells head their rows."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from deckpress.findings import Loc
from deckpress.layout.page import MM
from deckpress.layout.standing import dropped
from deckpress.layout.structure import tagged
from deckpress.layout.text import Fitted, characters, draw, measure, too_long, translated

if TYPE_CHECKING:
    from deckpress.layout.elements.kind import Box, Face
    from deckpress.model import Element


def plain(face: Face, elements: list[Element]) -> bool:
    """Whether its columns can be drawn as a table: each black, upright, on the paper (else each is drawn as its
    own element, in its ink, turned, held against what is behind it)."""
    return not face.grounds and all(e.colour is None and not e.rotate and e.when is None for e in elements)


def _broken(face: Face, element: Element, loc: Loc, text: str, fitted: Fitted, width: float) -> None:
    """A cell broke onto a second line: said at the layout, or once at a translation's PO entry with about how
    many characters its widest cell must lose."""
    widest = max(text.split("\n"), key=lambda cell: measure(fitted.font, cell, fitted.size))
    loc = face.job.ts.entry(widest, loc)  # a translated parameter's cell: at its entry
    if not translated(loc):
        face.job.findings.error(loc, f"{face.job.where}, {face.what(element)}: a cell of this table column breaks "
                                     f"onto a second line, so the table's rows no longer line up: widen the column "
                                     f"or shorten the cell")
        return
    cut = too_long(widest, fitted.font, fitted.size, width, fitted.own / MM, 1.0)
    face.job.findings.error(loc, f"{face.job.where}, {element.name}: a cell of the "
                                 f"translation breaks onto a second line of its {width:g} mm table column, so the "
                                 f"table's rows no longer line up ({face.job.theme.edition} edition): '{widest}' is "
                                 f"about {characters(cut)} too long")


def draw_table(face: Face, columns: list[tuple[Element, Box]]) -> None:
    """The columns set in their boxes as their layout sets them, then drawn row by row."""
    d, ts = face.d, face.job.ts
    set_: list[tuple[Element, Box, Fitted, float]] = []
    for element, (x, y, w, h) in columns:
        text = face.render(element, "text") if element.keys["field"] is None \
            else str(face.card.values.get(element.keys["field"]) or "")
        loc = face.loc(element, element.keys["field"])
        fitted = ts.fit(text, element.style, w, h, loc, face.what(element)) if text else None
        if fitted is not None and len(fitted.lines) != len((text or "").split("\n")):  # a cell broke in two
            _broken(face, element, loc, text or "", fitted, w)
        if fitted is not None:
            top = y + dropped(fitted, h, element.valign)
            set_.append((element, (x, top, w, h), fitted, fitted.leading / MM))
    rows = max((len(f.lines) for _, _, f, _ in set_), default=0)
    with tagged(d, "Table"):
        for row in range(rows):
            with tagged(d, "TR"):
                for column, (element, (x, top, w, _), fitted, step) in enumerate(set_):
                    if row < len(fitted.lines):  # the heads, then each row headed by its first column's cell
                        scope = "Column" if row == 0 else "Row" if column == 0 else ""
                        with tagged(d, "TH" if scope else "TD", scope=scope):
                            draw(d, replace(fitted, lines=(fitted.lines[row],)), x, top + row * step, w,
                                 element.style.align)
