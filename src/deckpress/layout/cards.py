"""Card decks: faces from a card layout, imposed in a centred grid with cut lines and crop marks."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace

from deckpress.draw import fonts
from deckpress.layout.context import Job
from deckpress.layout.face import draw_face
from deckpress.layout.fold import by_fold_label, clear_of_label, fold_line
from deckpress.layout.imposition import Imposition, PrintSetup, Room, impositions, trim_box
from deckpress.layout.marks import (
    BAR_SPACE_MM,
    CLEARANCE_MM,
    SCALE_BAR_MM,
    Place,
    bar_box,
    bar_depth,
    bar_place,
    crop_mark_segments,
    cut_lines,
    draw_bar,
)
from deckpress.layout.net import net_pages
from deckpress.layout.page import MM, Drawing, Page, Sheets
from deckpress.layout.shapes import Outline
from deckpress.layout.shapes.cuts import DIE_CUT_PT, contour_steps, cut_steps, cutting
from deckpress.layout.shapes.tiling import nested
from deckpress.layout.slug import SEPARATOR, band_mm
from deckpress.model import Card, CardLayout, Theme

SHORTEST_MARK_MM = 2.5  # a crop mark cut short by the printer margin or the slug's room still lines a cut up
Printed = tuple[Card, CardLayout | None]  # a card as printed (a copy of an entry), and its back's layout


def card_pages(printed: list[Printed], layout: CardLayout, job: Job, proofs: Collection[int] | None = None
               ) -> Sequence[Page]:
    """Sheets of card fronts, and backs where the setup asks for them (a deck without a back has none), laid out
    as they are drawn. `printed` may hold the cards of several decks, one after another, each with its back.
    `proofs`: the places in `printed` whose backs stand for all when backs are not printed (None: every card's)."""
    if layout.positions:
        return net_pages([card for card, _ in printed], layout, job)
    setup = job.setup
    edge = _edge(job.theme, setup)
    plan = _plan(layout, job, edge)
    if plan is None or (not setup.bleed and not setup.fold and plan.per_sheet < layout.grid[0] * layout.grid[1]
                        and _short_without_slug(layout, job, edge)):  # the slug's room is not the designer's fault
        _unfit(layout, job, plan.per_sheet if plan is not None else 0)
        return []
    with_backs = setup.backs and any(back is not None for _, back in printed)
    job.cutting = cutting(plan, layout, len(printed), setup.bleed)

    def lay_out() -> Iterator[Page]:
        for start in range(0, len(printed), plan.per_sheet):
            on_sheet = printed[start:start + plan.per_sheet]
            d = Drawing(plan.paper)
            _fronts(d, [card for card, _ in on_sheet], plan, layout, job)
            if with_backs and setup.fold and plan.fold_y is not None:
                _backs(d, on_sheet, plan, job, layout.shape)
                fold_line(d, plan, job)
            if not with_backs and job.proof_backs:
                _proof_backs(_proved(on_sheet, start, proofs), plan, job, layout.shape)
            yield d.page
            if with_backs and setup.duplex:
                reverse = Drawing(plan.paper)
                _backs(reverse, on_sheet, plan, job, layout.shape)
                yield reverse.page

    sheets = -(-len(printed) // plan.per_sheet)
    return Sheets(sheets * (2 if with_backs and setup.duplex else 1), lay_out)


def _edge(theme: Theme, setup: PrintSetup) -> float:
    """How near the paper's edge cards may come: print shops need the crop marks round bled cards; elsewhere the
    cut lines on the borders suffice."""
    return theme.printer_margin_mm + (theme.crop_offset_mm + theme.crop_length_mm if setup.bleed else 0)


def _unfit(layout: CardLayout, job: Job, fitting: int) -> None:
    """Cards too large for the paper as printed: said of this game, component, edition and paper, with the
    options a host may drop to print them (a host reads it, not only the designer); or, where `fitting` cards fit
    a sheet, fewer than the layout's grid asks: said of the grid."""
    setup, (w, h), (cols, rows) = job.setup, layout.size, layout.grid
    if fitting:
        job.findings.error(layout.grid_loc or layout.loc, f"{job.where} ({job.theme.edition} edition, {job.paper}): "
                           f"its grid of {cols} x {rows} cards of {w:g} x {h:g} mm does not fit on the paper, "
                           f"{fitting} do; make the grid smaller")
        return
    how = "".join([" folded (fold-and-glue)" if setup.fold else "", f" with {setup.bleed:g} mm bleed" if setup.bleed
                   else ""])
    fixes = [f"without {option}" for option, fewer in (("--fold", replace(setup, fold=False)),
                                                       ("--bleed", replace(setup, bleed=0.0)))
             if fewer != setup and _plan(layout, replace(job, setup=fewer), _edge(job.theme, fewer)) is not None]
    hint = f"; they fit {' or '.join(fixes)}" if fixes else ""
    other = "; or build the other editions alone (--edition)" if setup.fold or setup.bleed else ""
    job.findings.error(layout.loc, f"{job.where} ({job.theme.edition} edition, {job.paper}): cards of {w:g} x {h:g} "
                                   f"mm do not fit on the paper{how}{hint}{other}")


def _fronts(d: Drawing, cards: list[Card], plan: Imposition, layout: CardLayout, job: Job) -> None:
    cw, ch = plan.cell
    cells = plan.fronts[:len(cards)]
    b, theme = job.setup.bleed, job.theme
    for card, (x, y) in zip(cards, cells, strict=True):
        d.cell(x, y, cw, ch)
        if card.valid:
            draw_face(d, card, layout, (x, y), job, b)
    trim = trim_box(list(cells), plan.cell)
    if b:
        d.boxes(trim, b)  # print shops cut at the trim; no cut line may show there
        if layout.shape is not None:  # but a shaped piece's cutter needs its outline, in a spot colour they cut by
            d.path(contour_steps(layout.shape, list(cells)), DIE_CUT_PT, die_cut=True)
    elif layout.shape is not None:
        d.path(cut_steps(layout.shape, list(cells)), theme.line_pt)  # shared edges once
    else:
        cut_lines(d, d.page.cells, theme, layout.corner_radius)
    shaped = layout.shape is not None
    marks, xs = _marks(plan, cells, job, shaped)
    label = job.say("length_mm", mm=SCALE_BAR_MM)
    place = _bar(plan, marks, xs, job, label, shaped)
    if place is not None:
        x1, y1, x2, y2 = bar_box(place, label, theme)  # a crop mark makes way only where no place clears them all
        marks = [m for m in marks if not (min(m[0], m[2]) < x2 + 1 and max(m[0], m[2]) > x1 - 1
                                          and min(m[1], m[3]) < y2 + 1 and max(m[1], m[3]) > y1 - 1)]
        draw_bar(d, place, label, theme)
    for seg in marks:
        d.line(*seg, theme.line_pt)


Segment = tuple[float, float, float, float]


def _plan(layout: CardLayout, job: Job, edge: float) -> Imposition | None:
    """The imposition holding the most cards, with the slug's whole band at the foot (a fold's fronts: at the
    head) where that holds as many, else with its lines upright in the right-hand margin; its lines in the
    edition's measure unless no card fits then (then as long as the sheet is wide or tall); of those, one the
    scale bar still fits."""
    theme, plans = job.theme, []
    # bled cards' crop marks may run shorter where that holds more cards (as a print shop needs them, not cut off)
    edges = [edge, *([theme.printer_margin_mm + theme.crop_offset_mm + SHORTEST_MARK_MM] if job.setup.bleed else [])]
    for wide in (False, True) if job.slug else (False,):
        rooms = _slug_rooms(job, wide) if job.slug else ((0.0, 0.0, 0.0),)
        plans = sorted((p for e in edges for p in _impositions(layout, job, e, rooms)), key=lambda p: -p.per_sheet)
        if plans:
            break
    least_left = theme.printer_margin_mm + (theme.crop_offset_mm + SHORTEST_MARK_MM if job.setup.bleed else 0.0)
    best = [clear_of_label(p, job, least_left) for p in plans if p.per_sheet == plans[0].per_sheet]
    label = job.say("length_mm", mm=SCALE_BAR_MM)
    shaped = layout.shape is not None
    return min(best, key=lambda p: _bar_rank(p, job, label, shaped)) if best else None  # the first of the best


def _slug_rooms(job: Job, wide: bool) -> tuple[Room, ...]:
    """The slug's room at the foot, or at the right with its lines upright (the scale bar at the foot, or
    nowhere)."""
    theme, (pw, ph) = job.theme, job.size
    side = band_mm(job.slug, theme, ph, wide)
    return (band_mm(job.slug, theme, pw, wide), 0.0, 0.0), (bar_depth(theme), 0.0, side), (0.0, 0.0, side)


def _short_without_slug(layout: CardLayout, job: Job, edge: float) -> bool:
    plan = _impositions(layout, job, edge)
    return not plan or plan[0].per_sheet < layout.grid[0] * layout.grid[1]


def _impositions(layout: CardLayout, job: Job, edge: float,
                 feet: tuple[Room, ...] = ((0.0, 0.0, 0.0),)) -> list[Imposition]:
    """Every imposition weighed, the most cards first: the grid; for hexagons first their tessellation (sharing
    cut edges), for rounds after it their offset rows (taken only where they hold more)."""
    grid = impositions(job.size, layout.size, layout.grid, job.setup, edge, feet)
    if layout.shape is None:
        return grid
    packed = nested(job.size, layout.shape, layout.grid, job.setup, edge, feet)
    return sorted(packed + grid if layout.shape.kind == "hexagon" else grid + packed, key=lambda p: -p.per_sheet)


def _bar_rank(plan: Imposition, job: Job, label: str, shaped: bool) -> int:
    """How the scale bar fits the sheet, as `_bar` places it: 0 clear of every crop mark, 1 only where unbled
    marks make way for it, 2 nowhere."""
    marks, xs = _marks(plan, plan.fronts, job, shaped)
    if _bar_among(plan, marks, xs, job, label, shaped) is not None:
        return 0
    return 1 if not job.setup.bleed and _bar_among(plan, [], xs, job, label, shaped) is not None else 2


def _bar(plan: Imposition, marks: list[Segment], xs: list[float], job: Job, label: str,
         shaped: bool = False) -> Place | None:
    """The scale bar's place clear of every crop mark, as a cutter lines each cut up by its marks; only where the
    sheet has no such place, one where unbled marks make way for it (the cut lines on the borders still show the
    cuts; a print shop's bled sheet keeps every mark)."""
    place = _bar_among(plan, marks, xs, job, label, shaped)
    return place if place is not None or job.setup.bleed else _bar_among(plan, [], xs, job, label, shaped)


def _bar_among(plan: Imposition, marks: list[Segment], xs: list[float], job: Job, label: str,
               shaped: bool = False) -> Place | None:
    """The scale bar's place clear of `marks`: at one end of the slug's band where one line of the slug leaves
    room beside it, else clear of the band."""
    theme, room = job.theme, _bar_room(plan, marks, job, shaped)
    font, size, pm = theme.fonts["regular"], theme.min_size, theme.printer_margin_mm
    beside = fonts.width(font, SEPARATOR.join(job.slug), size) / MM + fonts.width(font, label, size) / MM + 5
    space = BAR_SPACE_MM if shaped else CLEARANCE_MM
    if plan.side:  # the slug stands upright at the right: the bar keeps out of its room (and a fold's backs)
        frame, obstacles, _ = room
        if plan.fold_y is not None:
            x, y, w, h = trim_box([*plan.fronts, *plan.backs], plan.cell)
            b = job.setup.bleed
            frame = (x - b, y - b, w + 2 * b, h + 2 * b)
        return bar_place((plan.paper[0] - plan.side, plan.paper[1]), frame, obstacles, theme, label, xs, space=space)
    if plan.foot and not plan.head and beside + SCALE_BAR_MM <= plan.paper[0] - 2 * pm:
        place = bar_place(plan.paper, *room, label, xs, 0.0, ends=True, space=space)
        if place is not None and place[1] >= plan.paper[1] - pm - plan.foot:
            return place
    return bar_place(plan.paper, *room, label, xs, plan.foot, space=space)


def _marks(plan: Imposition, cells: tuple[tuple[float, float], ...], job: Job,
           shaped: bool = False) -> tuple[list[Segment], list[float]]:
    """The crop marks round these cells a printer can print, clear of the slug's band (none round shaped pieces:
    they are cut along their lines, not by straight cuts a mark lines up); and the column edges."""
    (cw, ch), b, theme = plan.cell, job.setup.bleed, job.theme
    trim = trim_box(list(cells), plan.cell)
    xs = sorted({x for x, _ in cells} | {x + cw for x, _ in cells})
    ys = sorted({y for _, y in cells} | {y + ch for _, y in cells})
    frame = (trim[0] - b, trim[1] - b, trim[2] + 2 * b, trim[3] + 2 * b)
    pm, (pw, ph) = theme.printer_margin_mm, plan.paper
    floor, ceiling = ph - pm - plan.foot, pm + plan.head  # the slug line's room below and above
    if plan.fold_y is not None and plan.backs:  # a front's mark may cross the fold, never into a back
        floor = min(floor, min(y for _, y in plan.backs))
    right = pw - pm - plan.side  # and beside
    clipped = (_clipped(m, (pm, ceiling, right, floor)) for m in crop_mark_segments(frame, xs, ys, theme))
    marks = [] if shaped else [m for m in clipped if m is not None and not by_fold_label(m, plan, job)]
    return marks, xs


def _clipped(mark: Segment, room: Segment) -> Segment | None:
    """A crop mark cut short at the room's edge (the printer margin, the slug's room), if it keeps its shortest
    length and its line lies inside; else None."""
    x1, y1, x2, y2 = mark
    left, top, right, bottom = room
    if x1 == x2 and left <= x1 <= right:
        y1, y2 = max(min(y1, y2), top), min(max(y1, y2), bottom)
    elif y1 == y2 and top <= y1 <= bottom:
        x1, x2 = max(min(x1, x2), left), min(max(x1, x2), right)
    else:
        return None
    return (x1, y1, x2, y2) if (x2 - x1) + (y2 - y1) >= SHORTEST_MARK_MM - 1e-9 else None  # wholly outside: < 0


def _bar_room(plan: Imposition, marks: list[Segment], job: Job,
              shaped: bool = False) -> tuple[Segment, list[Segment], Theme]:
    """The full sheet's frame, what the scale bar keeps clear of (`marks`, the fold, and the backs below it: a bar
    there is printed on a card's back), and the theme."""
    b, full = job.setup.bleed, trim_box(list(plan.fronts), plan.cell)
    obstacles = marks + ([(0.0, plan.fold_y, plan.paper[0], plan.fold_y)] if plan.fold_y is not None else [])
    if plan.fold_y is not None and plan.backs:
        x, y, w, h = trim_box(list(plan.backs), plan.cell)
        obstacles.append((x - b, y - b, x + w + b, y + h + b))  # the backs' block, as a box the bar keeps clear of
    return (full[0] - b, full[1] - b, full[2] + 2 * b, full[3] + 2 * b), obstacles, job.theme


def _proved(on_sheet: list[Printed], start: int, proofs: Collection[int] | None) -> list[Printed]:
    """The sheet's cards, each with its back only where that back is laid out for its findings: a back that reads
    nothing of its card is the same face behind every card, laid out once a deck."""
    if proofs is None:
        return on_sheet
    return [(card, back if start + i in proofs else None) for i, (card, back) in enumerate(on_sheet)]


def _proof_backs(printed: list[Printed], plan: Imposition, job: Job, shape: Outline | None) -> None:
    """Backs not printed this time are laid out all the same, on a page thrown away, so `check` and every build
    report what is wrong with them (a text that does not fit, too little contrast), not only a duplex build."""
    if any(back is not None for _, back in printed):
        _backs(Drawing(job.size), printed, plan, job, shape)


def _backs(d: Drawing, printed: list[Printed], plan: Imposition, job: Job, shape: Outline | None) -> None:
    """Each card's back at the place that falls behind its own front (mirrored for the flip, or across the fold);
    a shaped card's back shows inside its front's outline as seen from behind."""
    cells = plan.backs[:len(printed)]
    bleed = job.setup.bleed
    outline = None if shape is None else shape.mirrored(_turned_sideways(plan, job))
    if job.setup.duplex and not job.setup.fold:
        d.page.moved = job.setup.offset  # said with what it brings too near the paper's edge
    for (card, back), (x, y) in zip(printed, cells, strict=True):
        d.page.backs.append((x, y, *plan.cell))  # in the cards' order, for the exports that cut them out
        if card.valid and back is not None:
            draw_face(d, card, back, (x, y), job, bleed, outline)
    if bleed and job.setup.fold and plan.fold_y is not None:  # folded: one sheet cut at its fronts' and backs' trim
        d.boxes(trim_box([*plan.fronts[:len(printed)], *cells], plan.cell), bleed)
    elif bleed and job.setup.duplex:  # a page of backs is cut at the same trim as its fronts
        d.boxes(trim_box(list(cells), plan.cell), bleed)


def _turned_sideways(plan: Imposition, job: Job) -> bool:
    """Whether the sheet turns about an upright axis (left and right swap behind it), as imposition places the
    backs: a long-edge flip of a portrait sheet, a short-edge flip of a landscape one; a fold turns it head to foot."""
    pw, ph = plan.paper
    return not job.setup.fold and (job.setup.duplex == "short-edge") == (pw > ph)
