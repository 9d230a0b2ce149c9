"""Card decks: faces from a card layout, imposed in a centred grid with cut lines and crop marks."""

from __future__ import annotations

from typing import Any

from deckpress.findings import Loc
from deckpress.layout.marks import crop_mark_segments, cut_lines, scale_bar
from deckpress.layout.page import Drawing, Page
from deckpress.layout.pictograms import PICTOGRAMS, draw_pictogram
from deckpress.layout.text import Typesetter
from deckpress.model import Card, CardLayout, Element
from deckpress.templating import Templates


def grid_origin(paper: tuple[float, float], layout: CardLayout) -> tuple[float, float, float, float]:
    """The card grid (x, y, w, h in mm), centred on the paper."""
    (cw, ch), (cols, rows) = layout.size, layout.grid
    w, h = cols * cw, rows * ch
    return (paper[0] - w) / 2, (paper[1] - h) / 2, w, h


def card_pages(cards: list[Card], layout: CardLayout, paper: tuple[float, float], ts: Typesetter,
               templates: Templates, params: dict[str, Any]) -> list[Page]:
    (cw, ch), (cols, rows) = layout.size, layout.grid
    gx, gy, gw, gh = grid = grid_origin(paper, layout)
    if gw > paper[0] - 2 * ts.theme.printer_margin_mm or gh > paper[1] - 2 * ts.theme.printer_margin_mm:
        ts.findings.error(layout.loc, f"{cols} x {rows} cards of {cw:g} x {ch:g} mm do not fit on the paper")
        return []
    xs = [gx + c * cw for c in range(cols + 1)]
    ys = [gy + r * ch for r in range(rows + 1)]
    per_page = cols * rows
    pages = []
    for start in range(0, len(cards), per_page):
        d = Drawing(paper)
        on_page = cards[start:start + per_page]
        used_cols, used_rows = min(len(on_page), cols), -(-len(on_page) // cols)
        # marks frame the cards this page holds, so a part-filled last page is cut like the rest
        marks = crop_mark_segments((gx, gy, used_cols * cw, used_rows * ch), xs[:used_cols + 1], ys[:used_rows + 1], ts.theme)
        for i, card in enumerate(on_page):
            x, y = xs[i % cols], ys[i // cols]
            d.cell(x, y, cw, ch)
            if card.valid:
                draw_face(d, card, layout, x, y, ts, templates, params)
        cut_lines(d, d.page.cells, ts.theme)
        for seg in marks:
            d.line(*seg, ts.theme.line_pt)
        scale_bar(d, grid, marks, ts.theme)
        pages.append(d.page)
    return pages


def draw_face(d: Drawing, card: Card, layout: CardLayout, x: float, y: float, ts: Typesetter,
              templates: Templates, params: dict[str, Any]) -> None:
    for x1, y1, x2, y2 in layout.rules:
        d.line(x + x1, y + y1, x + x2, y + y2, ts.theme.line_pt)
    context = {**params, "card": card.values}
    for element in layout.elements:
        ex, ey, ew, eh = element.box
        box = (x + ex, y + ey, ew, eh)
        loc = card.locs.get(element.field or "", element.loc)
        what = f"card {card.index} ({card.label}), {element.name}"
        if element.pictogram is not None:
            _pictogram(d, element, box, templates, context, ts, what)
            continue
        text = _element_text(element, card, templates, context, ts, loc)
        if text is not None:
            ts.box(d, text, element.style, box, loc, what, element.valign)


def _element_text(element: Element, card: Card, templates: Templates, context: dict[str, Any], ts: Typesetter,
                  loc: Loc) -> str | None:
    if element.field is not None:
        if element.field not in card.values:
            ts.findings.error(element.loc, f"layout element {element.name} names field '{element.field}' that the card lacks")
            return None
        value = card.values[element.field]
        return None if value is None else str(value)
    return templates.render(element.text or "", context, element.loc, ts.findings)


def _pictogram(d: Drawing, element: Element, box: tuple[float, float, float, float], templates: Templates,
               context: dict[str, Any], ts: Typesetter, what: str) -> None:
    name = templates.render(element.pictogram or "", context, element.loc, ts.findings)
    if name is None:
        return
    if name not in PICTOGRAMS:
        ts.findings.error(element.loc, f"{what}: no pictogram '{name}' (known: {', '.join(sorted(PICTOGRAMS))})")
        return
    x, y, w, h = box
    size = min(w, h)
    draw_pictogram(d, name, x + (w - size) / 2, y + (h - size) / 2, size, ts.theme.line_pt * 2.5)
