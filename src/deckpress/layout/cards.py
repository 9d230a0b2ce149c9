"""Card decks: faces from a card layout, imposed in a centred grid with cut lines and crop marks."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from deckpress.draw import fonts
from deckpress.findings import Loc
from deckpress.layout.imposition import (
    SINGLE_SIDED,
    Imposition,
    PrintSetup,
    impose,
    trim_box,
)
from deckpress.layout.marks import crop_mark_segments, cut_lines, scale_bar
from deckpress.layout.page import MM, Drawing, Page, Sheets
from deckpress.layout.pictograms import (
    LETTER_CENTRE,
    PATTERNS,
    PICTOGRAMS,
    draw_pattern,
    draw_pictogram,
)
from deckpress.layout.text import SHRINK_STEP, Fitted, Typesetter, draw
from deckpress.model import Back, Card, CardLayout, Element, Style
from deckpress.templating import CardText, Templates


def card_pages(cards: list[Card], layout: CardLayout, paper: tuple[float, float], ts: Typesetter,
               templates: Templates, params: dict[str, Any], setup: PrintSetup = SINGLE_SIDED,
               back: Back | None = None) -> Sequence[Page]:
    """Sheets of card fronts, and backs where the setup asks for them (a deck without a back has none), laid out
    as they are drawn."""
    if layout.positions:
        return net_pages(cards, layout, paper, ts, templates, params)
    theme = ts.theme
    # print shops need the crop marks round bled cards; elsewhere the cut lines on the borders suffice
    edge = theme.printer_margin_mm + (theme.crop_offset_mm + theme.crop_length_mm if setup.bleed else 0)
    plan = impose(paper, layout.size, layout.grid, setup, edge)
    if plan is None or (not setup.bleed and not setup.fold and plan.per_sheet < layout.grid[0] * layout.grid[1]):
        how = "".join([" with fold-and-glue" if setup.fold else "", f" with {setup.bleed:g} mm bleed" if setup.bleed else ""])
        ts.findings.error(layout.loc, f"cards of {layout.size[0]:g} x {layout.size[1]:g} mm do not fit on the paper{how}")
        return []
    with_backs = back is not None and setup.backs

    def lay_out() -> Iterator[Page]:
        for start in range(0, len(cards), plan.per_sheet):
            on_sheet = cards[start:start + plan.per_sheet]
            d = Drawing(paper)
            _fronts(d, on_sheet, plan, layout, ts, templates, params, setup)
            if with_backs and setup.fold and plan.fold_y is not None:
                _backs(d, on_sheet, plan, layout, ts, templates, params, setup, back)  # type: ignore[arg-type]
                _fold_line(d, plan.fold_y, paper[0], ts)
            yield d.page
            if with_backs and setup.duplex:
                reverse = Drawing(paper)
                _backs(reverse, on_sheet, plan, layout, ts, templates, params, setup, back)  # type: ignore[arg-type]
                yield reverse.page

    sheets = -(-len(cards) // plan.per_sheet)
    return Sheets(sheets * (2 if with_backs and setup.duplex else 1), lay_out)


def _fold_line(d: Drawing, y: float, width: float, ts: Typesetter) -> None:
    """A dashed line to fold along, named at its end so it is not taken for a cut line."""
    theme = ts.theme
    label = "fold"
    label_w = fonts.width(theme.fonts["regular"], label, theme.min_size) / MM
    end = width - theme.printer_margin_mm - label_w - 2
    d.line(theme.printer_margin_mm, y, end, y, theme.line_pt, dash=(6, 3))
    d.text(end + 1, y + fonts.cap_height(theme.fonts["regular"]) * theme.min_size / MM / 2, label,
           theme.fonts["regular"], theme.min_size)


def _fronts(d: Drawing, cards: list[Card], plan: Imposition, layout: CardLayout, ts: Typesetter,
            templates: Templates, params: dict[str, Any], setup: PrintSetup) -> None:
    cw, ch = plan.cell
    cells = plan.fronts[:len(cards)]
    for card, (x, y) in zip(cards, cells, strict=True):
        d.cell(x, y, cw, ch)
        if card.valid:
            draw_face(d, card, layout, x, y, ts, templates, params, setup.bleed)
    trim = trim_box(list(cells), plan.cell)
    if setup.bleed:
        d.boxes(trim, setup.bleed)  # print shops cut at the trim; no cut line may show there
    else:
        cut_lines(d, d.page.cells, ts.theme)
    xs = sorted({x for x, _ in cells} | {x + cw for x, _ in cells})
    ys = sorted({y for _, y in cells} | {y + ch for _, y in cells})
    b = setup.bleed
    frame = (trim[0] - b, trim[1] - b, trim[2] + 2 * b, trim[3] + 2 * b)
    pm, (pw, ph) = ts.theme.printer_margin_mm, d.paper
    marks = [m for m in crop_mark_segments(frame, xs, ys, ts.theme)  # only marks a printer can print
             if min(m[0], m[2]) >= pm and max(m[0], m[2]) <= pw - pm and min(m[1], m[3]) >= pm and max(m[1], m[3]) <= ph - pm]
    for seg in marks:
        d.line(*seg, ts.theme.line_pt)
    full = trim_box(list(plan.fronts), plan.cell)
    obstacles = marks + ([(0.0, plan.fold_y, d.paper[0], plan.fold_y)] if plan.fold_y is not None else [])
    scale_bar(d, (full[0] - b, full[1] - b, full[2] + 2 * b, full[3] + 2 * b), obstacles, ts.theme, xs)


def _backs(d: Drawing, cards: list[Card], plan: Imposition, layout: CardLayout, ts: Typesetter,
           templates: Templates, params: dict[str, Any], setup: PrintSetup, back: Back) -> None:
    cw, ch = plan.cell
    cells = plan.backs[:len(cards)]
    for card, (x, y) in zip(cards, cells, strict=True):
        if card.valid:
            draw_back(d, card, back, x, y, cw, ch, ts, templates, params, setup.bleed)
    if setup.bleed and setup.duplex:  # a page of backs is cut at the same trim as its fronts
        d.boxes(trim_box(list(cells), plan.cell), setup.bleed)


def draw_back(d: Drawing, card: Card, back: Back, x: float, y: float, w: float, h: float, ts: Typesetter,
              templates: Templates, params: dict[str, Any], bleed: float) -> None:
    """The pattern over the whole card (and its bleed), a white panel, the title and the deck's word."""
    texts = templates.card(params, card.values, card.index)
    pattern = texts.render(back.pattern, back.loc, ts.findings)
    if pattern not in PATTERNS:
        ts.findings.error(back.loc, f"card back: no pattern {pattern!r} (known: {', '.join(PATTERNS)})")
        return
    draw_pattern(d, pattern, x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, ts.theme.line_pt)
    panel = (x + w * 0.12, y + h * 0.3, w * 0.76, h * 0.4)
    d.rect(*panel, ts.theme.line_pt * 2, fill=1.0)
    style = Style("bold", max(16.0, ts.theme.min_size + 4), ts.theme.min_size, "centre")
    words = [texts.render(back.title, back.loc, ts.findings) or ""]
    if back.word:
        words.append(texts.render(back.word, back.loc, ts.findings) or "")
    ts.box(d, "\n".join(w for w in words if w), style, (panel[0] + 2, panel[1] + 2, panel[2] - 4, panel[3] - 4),
           back.loc, "card back", valign="middle")


def net_pages(cards: list[Card], layout: CardLayout, paper: tuple[float, float], ts: Typesetter,
              templates: Templates, params: dict[str, Any]) -> list[Page]:
    """Cards placed as a net (a die to fold): cut the outline, fold the shared edges, glue the tabs."""
    (cw, ch), cells = layout.size, layout.positions
    cols, rows = max(c for c, _ in cells) + 1, max(r for _, r in cells) + 1
    gx, gy = (paper[0] - cols * cw) / 2, (paper[1] - rows * ch) / 2
    line = ts.theme.line_pt
    pages = []
    for start in range(0, len(cards), len(cells)):
        d = Drawing(paper)
        for card, (c, r) in zip(cards[start:start + len(cells)], cells, strict=False):
            x, y = gx + c * cw, gy + r * ch
            d.cell(x, y, cw, ch)
            if card.valid:
                draw_face(d, card, layout, x, y, ts, templates, params)
            for side, (x1, y1, x2, y2), neighbour in _edges(x, y, cw, ch, c, r):
                shared = neighbour in cells or (c, r, side) in layout.tabs
                d.line(x1, y1, x2, y2, line, dash=(3, 2) if shared else ())
        for c, r, side in layout.tabs:
            _tab(d, gx + c * cw, gy + r * ch, cw, ch, side, line)
        scale_bar(d, (gx, gy, cols * cw, rows * ch), [], ts.theme)
        pages.append(d.page)
    return pages


def _edges(x: float, y: float, w: float, h: float, c: int, r: int):  # type: ignore[no-untyped-def]
    return [("top", (x, y, x + w, y), (c, r - 1)), ("bottom", (x, y + h, x + w, y + h), (c, r + 1)),
            ("left", (x, y, x, y + h), (c - 1, r)), ("right", (x + w, y, x + w, y + h), (c + 1, r))]


def _tab(d: Drawing, x: float, y: float, w: float, h: float, side: str, line: float) -> None:
    """A trapezoid glue tab outside one edge of a cell."""
    depth = min(w, h) * 0.3
    inset = depth
    points = {
        "top": [(x, y), (x + inset, y - depth), (x + w - inset, y - depth), (x + w, y)],
        "bottom": [(x, y + h), (x + inset, y + h + depth), (x + w - inset, y + h + depth), (x + w, y + h)],
        "left": [(x, y), (x - depth, y + inset), (x - depth, y + h - inset), (x, y + h)],
        "right": [(x + w, y), (x + w + depth, y + inset), (x + w + depth, y + h - inset), (x + w, y + h)],
    }[side]
    d.polygon(points, line, None, closed=False)


def draw_face(d: Drawing, card: Card, layout: CardLayout, x: float, y: float, ts: Typesetter,
              templates: Templates, params: dict[str, Any], bleed: float = 0.0) -> None:
    for x1, y1, x2, y2 in layout.rules:
        d.line(x + x1, y + y1, x + x2, y + y2, ts.theme.line_pt)
    for x1, y1, x2, y2 in layout.folds:
        d.line(x + x1, y + y1, x + x2, y + y2, ts.theme.line_pt, dash=(3, 2))
    texts = templates.card(params, card.values, card.index)
    for element in layout.elements:
        ex, ey, ew, eh = element.box
        box = (x + ex, y + ey, ew, eh)
        if element.pattern is not None and bleed:
            box = _bled(box, (x, y, *layout.size), bleed)
        loc = card.locs.get(element.field or "", element.loc)
        what = f"card {card.index} ({card.label}), {element.name}"
        if element.pictogram is not None or element.pattern is not None:
            _drawn(d, element, box, texts, ts, what)
            continue
        if element.image is not None:
            _picture(d, element, box, texts, ts, what)
            continue
        value = card.values.get(element.field or "")
        if element.symbols is not None:
            _symbol_rows(d, value, element, box, ts, params, what, card.locs.get(element.field or "", element.loc))
            continue
        if isinstance(value, (dict, list)):
            _entries(d, value, element, box, ts, card, what)
            continue
        text = _element_text(element, card, texts, ts, loc)
        if text is not None:
            ts.box(d, text, element.style, box, loc, what, element.valign)


def _element_text(element: Element, card: Card, texts: CardText, ts: Typesetter, loc: Loc) -> str | None:
    if element.field is not None:
        if element.field not in card.values:
            ts.findings.error(element.loc, f"layout element {element.name} names field '{element.field}' that the card lacks")
            return None
        value = card.values[element.field]
        return None if value is None else str(value)
    return texts.render(element.text or "", element.loc, ts.findings)


def _bled(box: tuple[float, float, float, float], card: tuple[float, float, float, float],
          bleed: float) -> tuple[float, float, float, float]:
    """Art that touches the trim runs on past it by the bleed, so a cut a little off shows no white."""
    x, y, w, h = box
    cx, cy, cw, ch = card
    left, top = x <= cx + 1e-6, y <= cy + 1e-6
    right, bottom = x + w >= cx + cw - 1e-6, y + h >= cy + ch - 1e-6
    x2, y2 = x + w + (bleed if right else 0), y + h + (bleed if bottom else 0)
    x, y = x - (bleed if left else 0), y - (bleed if top else 0)
    return x, y, x2 - x, y2 - y


def _drawn(d: Drawing, element: Element, box: tuple[float, float, float, float], texts: CardText, ts: Typesetter,
           what: str) -> None:
    """A pictogram or a pattern, named by a template such as `{{ pictograms[card.collection] }}`."""
    kind, known = ("pictogram", PICTOGRAMS) if element.pictogram is not None else ("pattern", PATTERNS)
    name = texts.render(element.pictogram or element.pattern or "", element.loc, ts.findings)
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
    count = 1
    if element.count is not None:
        shown = texts.render(element.count, element.loc, ts.findings) or "0"
        count = int(shown) if shown.isdigit() else 0
        size = min(h, w / max(count, 1))
    left = x + (w - size * count) / 2
    for i in range(count):
        draw_pictogram(d, name, left + i * size, y + (h - size) / 2, size, ts.theme.line_pt * 2.5)


def _picture(d: Drawing, element: Element, box: tuple[float, float, float, float], texts: CardText,
             ts: Typesetter, what: str) -> None:
    """An art file, as large as fits the box without distortion, centred in it."""
    name = texts.render(element.image or "", element.loc, ts.findings)
    where = f"{ts.game} {ts.component}, {what}"  # layouts are shared: the finding names the game
    picture = ts.art.get(name, element.loc, where) if name is not None and ts.art is not None else None
    if picture is None:
        return
    x, y, w, h = box
    scale = min(w / picture.width, h / picture.height)
    pw, ph = picture.width * scale, picture.height * scale
    d.picture(x + (w - pw) / 2, y + (h - ph) / 2, pw, ph, str(picture.path))


def _symbol_rows(d: Drawing, value: Any, element: Element, box: tuple[float, float, float, float], ts: Typesetter,
                 params: dict[str, Any], what: str, loc: Loc) -> None:
    """Rows of stone symbols: each letter drawn as its shape with the letter inside, `=` as a two-way arrow.
    The letters stay real text, so the cards read back and read aloud."""
    shapes = params.get(element.symbols or "")
    if not isinstance(shapes, dict):
        ts.findings.error(element.loc, f"{what}: parameter '{element.symbols}' must map letters to shapes")
        return
    rows = [value] if isinstance(value, str) else list(value or [])
    x, y, w, h = box
    row_h = h / max(len(rows), 1)
    font = ts.theme.fonts["bold"]
    units = [sum(2.2 if t == "=" else 1.1 for t in row.split()) for row in rows]
    size = min(row_h * 0.85, w / max(units + [1]))  # one size for every row: the rows line up
    for r, row in enumerate(rows):
        tokens = row.split()
        letter_pt = size * MM * 0.5
        if letter_pt < element.style.min_size:
            ts.findings.error(loc, f"{ts.game} {ts.component}, {what}: {len(tokens)} symbols do not fit a {w:g} mm row "
                                   f"at the minimum size of {element.style.min_size:g} pt ({ts.theme.edition} edition)")
            return
        widths = [size * (2.2 if t == "=" else 1.1) for t in tokens]
        cx, top = x + (w - sum(widths)) / 2, y + r * row_h + (row_h - size) / 2
        for token, width in zip(tokens, widths, strict=True):
            if token == "=":
                _two_way_arrow(d, cx + size * 0.2, top + size / 2, width - size * 0.4, ts.theme.line_pt * 2.5)
            elif token in shapes and shapes[token] in PICTOGRAMS:
                left = cx + (width - size) / 2
                draw_pictogram(d, shapes[token], left, top, size, ts.theme.line_pt * 2)
                letter_w = fonts.width(font, token, letter_pt) / MM
                baseline = top + size * LETTER_CENTRE.get(shapes[token], 0.5) + fonts.cap_height(font) * letter_pt / MM / 2
                d.text(left + (size - letter_w) / 2, baseline, token, font, letter_pt)
            else:
                ts.findings.error(loc, f"{ts.game} {ts.component}, {what}: no stone symbol for {token!r}")
                return
            cx += width


def _two_way_arrow(d: Drawing, x: float, y: float, w: float, line_pt: float) -> None:
    head = min(2.5, w / 3)
    d.line(x, y, x + w, y, line_pt)
    d.polygon([(x, y), (x + head, y - head * 0.6), (x + head, y + head * 0.6)], line_pt, 0)
    d.polygon([(x + w, y), (x + w - head, y - head * 0.6), (x + w - head, y + head * 0.6)], line_pt, 0)


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
    writing = not isinstance(value, dict)  # lines to write on are spaced at least a write-in height apart
    while size >= element.style.min_size - 1e-9:
        leading = max(size * ts.theme.line_spacing, ts.theme.write_in_min_mm * MM if writing else 0)
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
