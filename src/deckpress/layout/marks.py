"""Printer's marks: cut lines, crop marks, the scale bar and the print-check page."""

from __future__ import annotations

from deckpress.draw import fonts
from deckpress.layout.context import Job
from deckpress.layout.page import INCH, MM, Drawing
from deckpress.layout.structure import tagged
from deckpress.model import SheetLayout, Style, Theme

SCALE_BAR_MM = 50
RULER_MM = 25  # the print check's ruler with its labels
RULER_LABEL_MM = 25  # an inch's label, centred on its tick: "2 pulg." in large print, clear of the next
CLEARANCE_MM = 1.0
# the scale bar's clear space from shaped pieces, where the margin has room: scissors go round each piece, where a
# straight cut along a rectangle's edge needs only CLEARANCE_MM
BAR_SPACE_MM = 3.0


def cut_lines(d: Drawing, cells: list[tuple[float, float, float, float]], theme: Theme, radius: float = 0.0) -> None:
    """Thin lines on every card border: cut along them (round the corners by `radius` mm, if any)."""
    for x, y, w, h in cells:
        if radius:
            d.rect(x, y, w, h, theme.line_pt, radius=radius)
        else:
            d.rect(x, y, w, h, theme.line_pt)


def crop_mark_segments(grid: tuple[float, float, float, float], xs: list[float], ys: list[float],
                       theme: Theme) -> list[tuple[float, float, float, float]]:
    """Short marks outside the card grid, in line with every cut, so cuts survive trimming the margin."""
    gx, gy, gw, gh = grid
    near, far = theme.crop_offset_mm, theme.crop_offset_mm + theme.crop_length_mm
    segments = []
    for x in xs:
        segments += [(x, gy - far, x, gy - near), (x, gy + gh + near, x, gy + gh + far)]
    for y in ys:
        segments += [(gx - far, y, gx - near, y), (gx + gw + near, y, gx + gw + far, y)]
    return segments


def scale_bar(d: Drawing, grid: tuple[float, float, float, float], marks: list[tuple[float, float, float, float]],
              theme: Theme, label: str, columns: list[float] | None = None, foot: float = 0.0) -> bool:
    """A 50 mm bar, named by `label`, in the bottom (or else top) margin, clear of the crop marks and of the
    `foot` mm kept for the slug line; False where none fits (see `bar_place`)."""
    place = bar_place(d.paper, grid, marks, theme, label, columns, foot)
    if place is not None:
        draw_bar(d, place, label, theme)
    return place is not None


def draw_bar(d: Drawing, place: Place, label: str, theme: Theme) -> None:
    x, top, rise, pivot = place
    with d.turned(-90 if pivot else 0, *(pivot or (0.0, 0.0))):
        _draw_bar(d, (x, top, rise), label, theme)


def bar_box(place: Place, label: str, theme: Theme) -> tuple[float, float, float, float]:
    """The box (x1, y1, x2, y2, mm) a placed bar covers, turned or not."""
    x, top, rise, pivot = place
    font, size = theme.fonts["regular"], theme.min_size
    w, h = SCALE_BAR_MM + 2 + fonts.width(font, label, size) / MM, rise + fonts.descent(font) * size / MM
    if pivot is None:
        return x, top, x + w, top + h
    return pivot[0] - h / 2, pivot[1] - w / 2, pivot[0] + h / 2, pivot[1] + w / 2


def bar_depth(theme: Theme) -> float:
    """How deep the level scale bar is with its label, and its clearance, mm: the room a foot keeps for it."""
    font, size = theme.fonts["regular"], theme.min_size
    rise = max(2.0, fonts.cap_height(font) * size / MM, fonts.ascent(font) * size / MM)
    return rise + fonts.descent(font) * size / MM + CLEARANCE_MM + (_inside(theme) - theme.printer_margin_mm) + 1e-6


Place = tuple[float, float, float, tuple[float, float] | None]  # x, top, depth to the baseline; turned about


def bar_place(paper: tuple[float, float], grid: tuple[float, float, float, float],
              marks: list[tuple[float, float, float, float]], theme: Theme, label: str,
              columns: list[float] | None = None, foot: float = 0.0, ends: bool = False,
              space: float = CLEARANCE_MM) -> Place | None:
    """Where the scale bar goes: (x, top, depth to the label's baseline), mm. Centred on the page, or else at one
    end of the margin (leaving the rest of it to the slug line), or else under one of the card columns
    (`columns`: their edges); or else upright in a side margin, turned to read upwards. `ends`: only at the
    ends of the bottom margin. `space`: the room kept from the grid where there is room, else 1 mm. Its box holds
    the label's whole glyphs, descenders too."""
    font, size = theme.fonts["regular"], theme.min_size
    label_w = fonts.width(font, label, size) / MM
    rise = max(2.0, fonts.cap_height(font) * size / MM, fonts.ascent(font) * size / MM)  # to the baseline
    bar_h = rise + fonts.descent(font) * size / MM
    width = SCALE_BAR_MM + 2 + label_w
    (paper_w, paper_h), pm = paper, _inside(theme)
    edges = columns or []
    centres = [paper_w / 2, pm + width / 2, paper_w - pm - width / 2]
    centres += [(a + b) / 2 for a, b in zip(edges, edges[1:], strict=False)]
    centres = centres[1:3] if ends else centres
    gx, gy, gw, gh = grid
    beyond_marks = theme.crop_offset_mm + theme.crop_length_mm + CLEARANCE_MM
    below, above = gy + gh + CLEARANCE_MM, gy - CLEARANCE_MM - bar_h
    roomy, roomy_above = gy + gh + space, gy - space - bar_h
    tops = (roomy, below, below + beyond_marks) + (() if ends else (roomy_above, above, above - beyond_marks))
    for top in dict.fromkeys(tops):
        for centre in centres:
            x = centre - width / 2
            box = (x, top, width, bar_h)
            inside_paper = (pm <= top and top + bar_h <= paper_h - pm - foot and pm <= x and x + width <= paper_w - pm)
            if inside_paper and not any(_overlaps(box, m) for m in marks) and not _overlaps_grid(box, grid):
                return x, top, rise, None
    return None if ends else _upright(paper, grid, marks, theme, (width, bar_h, rise), foot)


def _upright(paper: tuple[float, float], grid: tuple[float, float, float, float],
             marks: list[tuple[float, float, float, float]], theme: Theme, size: tuple[float, float, float],
             foot: float) -> Place | None:
    """The bar turned upright in the left or right margin, between the crop marks of two rows."""
    (width, bar_h, rise), (paper_w, paper_h), pm = size, paper, _inside(theme)
    gx, gy, gw, gh = grid
    levels = sorted({m[1] for m in marks if m[1] == m[3]})
    centres = [gy + gh / 2] + [(a + b) / 2 for a, b in zip(levels, levels[1:], strict=False)]
    for cx in (pm + bar_h / 2, paper_w - pm - bar_h / 2):
        for cy in centres:
            box = (cx - bar_h / 2, cy - width / 2, bar_h, width)
            inside = pm <= box[1] and box[1] + width <= paper_h - pm - foot
            if inside and not any(_overlaps(box, m) for m in marks) and not _overlaps_grid(box, grid, CLEARANCE_MM):
                return cx - width / 2, cy - bar_h / 2, rise, (cx, cy)
    return None


def _inside(theme: Theme) -> float:
    """The printer margin and half a mark's stroke, mm: a tick at the bar's end prints wholly inside it."""
    return theme.printer_margin_mm + theme.line_pt / MM / 2


def _draw_bar(d: Drawing, at: tuple[float, float, float], label: str, theme: Theme) -> None:
    """The bar from (x, top) down to the label's baseline `h` below, ticked every 10 mm, its label after it in
    the edition's smallest text."""
    x, top, h = at
    bar = max(2.0, fonts.cap_height(theme.fonts["regular"]) * theme.min_size / MM)
    d.rect(x, top + h - bar * 0.4, SCALE_BAR_MM, bar * 0.4, 0, 0)
    for mm in range(0, SCALE_BAR_MM + 1, 10):
        d.line(x + mm, top + h - bar, x + mm, top + h, theme.line_pt)
    d.text(x + SCALE_BAR_MM + 2, top + h, label, theme.fonts["regular"], theme.min_size)


def _overlaps(box: tuple[float, float, float, float], seg: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    x1, y1, x2, y2 = seg
    c = CLEARANCE_MM
    return min(x1, x2) < x + w + c and max(x1, x2) > x - c and min(y1, y2) < y + h + c and max(y1, y2) > y - c


def _overlaps_grid(box: tuple[float, float, float, float], grid: tuple[float, float, float, float],
                   clear: float = 0.0) -> bool:
    x, y, w, h = box
    gx, gy, gw, gh = grid
    return x < gx + gw + clear and x + w > gx - clear and y < gy + gh and y + h > gy


def print_check(d: Drawing, layout: SheetLayout, job: Job) -> None:
    """The kit's first page: print it, then measure a 50 mm square and a 2 in ruler."""
    ts, theme, m = job.ts, job.theme, layout.margin
    width = d.paper[0] - 2 * m
    y = m
    heading = layout.styles["heading"]
    with tagged(d, "H1"):
        fitted = ts.box(d, job.say("print_check"), heading, (m, y, width, heading.size * 1.6 / MM), layout.loc,
                        "heading")
    y += (fitted.height if fitted else 10) + layout.gap
    room = d.paper[1] - m - y - 50 - 4 * layout.gap - RULER_MM  # the square and the ruler below it
    with tagged(d, "P"):
        fitted = ts.box(d, _steps(job), layout.styles["text"], (m, y, width, max(60, room)), layout.loc,
                        "instructions")
    y += (fitted.height if fitted else 30) + layout.gap * 2
    x = (d.paper[0] - 50) / 2
    label = layout.styles["label"]
    with tagged(d, "Figure", alt=job.say("figure_square", mm=50)):  # its label is part of the picture
        d.rect(x, y, 50, 50, theme.line_pt * 2)
        ts.box(d, job.say("length_mm", mm=50), label, (x, y, 50, 50), layout.loc, "square", valign="middle")
    y += 50 + layout.gap * 2
    with tagged(d, "Figure", alt=job.say("figure_ruler", inches=2)):
        _ruler(d, ((d.paper[0] - 2 * INCH) / 2, y), job, label)


def _steps(job: Job) -> str:
    """What to do with this kit, for the options it was built with: one side or both, flipped on which edge."""
    paper = job.say(f"paper_{job.paper}")
    if job.setup.duplex is None:
        return job.say("print_check_steps", paper=paper, sides=job.say("print_single_sided"))
    edge = job.say(f"edge_{job.setup.duplex.split('-')[0]}")
    steps = job.say("print_check_steps", paper=paper, sides=job.say("print_duplex", edge=edge))
    return f"{steps} {job.say('print_check_duplex')}"


def _ruler(d: Drawing, at: tuple[float, float], job: Job, label: Style) -> None:
    x, y = at
    line = job.theme.line_pt
    d.line(x, y + 8, x + 2 * INCH, y + 8, line * 2)
    for eighth in range(17):
        tick = 8 if eighth % 8 == 0 else 5 if eighth % 4 == 0 else 3
        d.line(x + eighth * INCH / 8, y + 8, x + eighth * INCH / 8, y + 8 - tick, line)
    for inch in range(3):
        box = (x + inch * INCH - RULER_LABEL_MM / 2, y + 10, RULER_LABEL_MM, 12)
        job.ts.box(d, job.say("length_in", inches=inch, count=inch), label, box, job.theme.loc, "ruler", "top")


CALIBRATION_POINTS = ((0.25, 0.35), (0.75, 0.35), (0.5, 0.6), (0.25, 0.85), (0.75, 0.85))
SCALE_MM = 10


def calibration(front: Drawing, back: Drawing, job: Job) -> None:
    """Crosses on the front; on the back, at the mirrored places for the flip, millimetre scales. Held
    against the light, each cross falls on its scale at the distance the back must move: the offsets."""
    theme = job.theme
    w, h = front.paper
    flip = job.setup.duplex or "long-edge"
    style = Style("regular", theme.min_size, theme.min_size)
    margin = 15.0
    box = (margin, margin, min(w - 2 * margin, theme.max_line_mm), h * 0.24)  # above the marks
    edge = job.say(f"edge_{flip.split('-')[0]}")
    with tagged(front, "P"):
        job.ts.box(front, job.say("calibration_front", edge=edge), style, box, theme.loc, "calibration")
    # a short-edge flip brings the front's lower scales to the top of the back: its words go to the foot there
    back_box = box if flip == "long-edge" else (box[0], h - margin - box[3], box[2], box[3])
    with tagged(back, "P"):
        job.ts.box(back, job.say("calibration_back"), style, back_box, theme.loc, "calibration")
    with tagged(front, "Figure", alt=job.say("figure_crosses")), tagged(back, "Figure", alt=job.say("figure_scales")):
        _marks(front, back, job, flip)


def _marks(front: Drawing, back: Drawing, job: Job, flip: str) -> None:
    """The crosses, and the scales behind them."""
    w, h = front.paper
    line, setup = job.theme.line_pt, job.setup
    for fx, fy in CALIBRATION_POINTS:
        x, y = fx * w, fy * h
        front.line(x - 8, y, x + 8, y, line * 2)
        front.line(x, y - 8, x, y + 8, line * 2)
        bx, by = (w - x, y) if flip == "long-edge" else (x, h - y)
        bx, by = bx + setup.offset[0], by + setup.offset[1]
        for mm in range(-SCALE_MM, SCALE_MM + 1):
            tick = 4 if mm % 5 == 0 else 2
            back.line(bx + mm, by - tick, bx + mm, by, line)
            back.line(bx, by + mm, bx + tick, by + mm, line)
