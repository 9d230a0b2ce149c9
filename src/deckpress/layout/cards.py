"""Card decks: faces from a card layout, imposed in a centred grid with cut lines and crop marks."""

from __future__ import annotations

from typing import Any

from deckpress.findings import Loc
from deckpress.layout.marks import crop_mark_segments, cut_lines, scale_bar
from deckpress.layout.page import Drawing, Page
from deckpress import fonts
from deckpress.layout.page import MM
from deckpress.layout.pictograms import PATTERNS, PICTOGRAMS, draw_pattern, draw_pictogram
from deckpress.layout.text import SHRINK_STEP, Fitted, Typesetter, draw
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
    for x1, y1, x2, y2 in layout.folds:
        d.line(x + x1, y + y1, x + x2, y + y2, ts.theme.line_pt, dash=(3, 2))
    context = {**params, "card": card.values}
    for element in layout.elements:
        ex, ey, ew, eh = element.box
        box = (x + ex, y + ey, ew, eh)
        loc = card.locs.get(element.field or "", element.loc)
        what = f"card {card.index} ({card.label}), {element.name}"
        if element.pictogram is not None or element.pattern is not None:
            _drawn(d, element, box, templates, context, ts, what)
            continue
        value = card.values.get(element.field or "")
        if isinstance(value, (dict, list)):
            _entries(d, value, element, box, ts, card, what)
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


def _drawn(d: Drawing, element: Element, box: tuple[float, float, float, float], templates: Templates,
           context: dict[str, Any], ts: Typesetter, what: str) -> None:
    """A pictogram or a pattern, named by a template such as `{{ pictograms[card.collection] }}`."""
    kind, known = ("pictogram", PICTOGRAMS) if element.pictogram is not None else ("pattern", PATTERNS)
    name = templates.render(element.pictogram or element.pattern or "", context, element.loc, ts.findings)
    if name is None:
        return
    if name not in known:
        ts.findings.error(element.loc, f"{what}: no {kind} '{name}' (known: {', '.join(sorted(known))})")
        return
    x, y, w, h = box
    if kind == "pattern":
        draw_pattern(d, name, x, y, w, h, ts.theme.line_pt)
        return
    size = min(w, h)
    draw_pictogram(d, name, x + (w - size) / 2, y + (h - size) / 2, size, ts.theme.line_pt * 2.5)


def _entries(d: Drawing, value: dict[str, str] | list[str], element: Element, box: tuple[float, float, float, float],
             ts: Typesetter, card: Card, what: str) -> None:
    """One row per entry: the code in bold, then its value (a mapping) or a line to write it on (a list).
    All rows share one size, the largest at which every row fits."""
    x, y, w, h = box
    rows = list(value.items()) if isinstance(value, dict) else [(code, "") for code in value]
    bold, regular = ts.theme.fonts["bold"], ts.font(element.style)
    for code, text in rows:
        where = card.locs.get(f"{element.field}.{code}", card.locs.get(element.field or "", element.loc))
        if not (ts.check_glyphs(code, bold, where, f"{what} {code}") and ts.check_glyphs(f" = {text}", regular, where, f"{what} {code}")):
            return
    size = element.style.size
    while size >= element.style.min_size - 1e-9:
        leading = size * ts.theme.line_spacing
        widths = [fonts.width(bold, code, size) + fonts.width(regular, f" = {text}", size) for code, text in rows]
        if len(rows) * leading <= h * MM + 1e-6 and max(widths, default=0) <= w * MM:
            break
        size -= SHRINK_STEP
    else:
        ts.findings.error(card.locs.get(element.field or "", element.loc),
                          f"{ts.game} {ts.component}, {what}: the entries do not fit their {w:g} x {h:g} mm box at the "
                          f"minimum size of {element.style.min_size:g} pt ({ts.theme.edition} edition)")
        return
    top = y
    for code, text in rows:
        code_w = fonts.width(bold, code, size) / MM
        draw(d, Fitted((code,), bold, size, leading), x, top, w)
        draw(d, Fitted((f" = {text}" if text else " =",), regular, size, leading), x + code_w, top, w - code_w)
        if not text:  # a line to write the requested value on
            eq_w = fonts.width(regular, " = ", size) / MM
            base = top + leading / MM * 0.8
            d.line(x + code_w + eq_w, base, x + w, base, ts.theme.line_pt)
        top += leading / MM
