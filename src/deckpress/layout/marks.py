"""Printer's marks: cut lines, crop marks, the scale bar and the print-check page."""

from __future__ import annotations

from deckpress.draw import fonts
from deckpress.layout.context import Job
from deckpress.layout.page import INCH, MM, Drawing
from deckpress.model import SheetLayout, Style, Theme

SCALE_BAR_MM = 50
CLEARANCE_MM = 1.0


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
              theme: Theme, label: str, columns: list[float] | None = None) -> bool:
    """A 50 mm bar, named by `label`, in the bottom (or else top) margin, clear of the crop marks; False where none
    fits. It is centred on the page, or else under one of the card columns (`columns`: their edges)."""
    font, size = theme.fonts["regular"], theme.min_size
    label_w = fonts.width(font, label, size) / MM
    bar_h = max(2.0, fonts.cap_height(font) * size / MM)
    width = SCALE_BAR_MM + 2 + label_w
    paper_w, paper_h = d.paper
    edges = columns or []
    centres = [paper_w / 2] + [(a + b) / 2 for a, b in zip(edges, edges[1:], strict=False)]
    gx, gy, gw, gh = grid
    beyond_marks = theme.crop_offset_mm + theme.crop_length_mm + CLEARANCE_MM
    below, above = gy + gh + CLEARANCE_MM, gy - CLEARANCE_MM - bar_h
    for top in (below, below + beyond_marks, above, above - beyond_marks):
        for centre in centres:
            x = centre - width / 2
            box = (x, top, width, bar_h)
            inside_paper = (theme.printer_margin_mm <= top and top + bar_h <= paper_h - theme.printer_margin_mm
                            and theme.printer_margin_mm <= x and x + width <= paper_w - theme.printer_margin_mm)
            if inside_paper and not any(_overlaps(box, m) for m in marks) and not _overlaps_grid(box, grid):
                _draw_bar(d, (x, top, bar_h), label, theme)
                return True
    return False


def _draw_bar(d: Drawing, at: tuple[float, float, float], label: str, theme: Theme) -> None:
    """The bar at (x, top) `h` high, ticked every 10 mm, its label after it in the edition's smallest text."""
    x, top, h = at
    d.rect(x, top + h * 0.6, SCALE_BAR_MM, h * 0.4, 0, 0)
    for mm in range(0, SCALE_BAR_MM + 1, 10):
        d.line(x + mm, top, x + mm, top + h, theme.line_pt)
    d.text(x + SCALE_BAR_MM + 2, top + h, label, theme.fonts["regular"], theme.min_size)


def _overlaps(box: tuple[float, float, float, float], seg: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    x1, y1, x2, y2 = seg
    c = CLEARANCE_MM
    return min(x1, x2) < x + w + c and max(x1, x2) > x - c and min(y1, y2) < y + h + c and max(y1, y2) > y - c


def _overlaps_grid(box: tuple[float, float, float, float], grid: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    gx, gy, gw, gh = grid
    return x < gx + gw and x + w > gx and y < gy + gh and y + h > gy


def print_check(d: Drawing, layout: SheetLayout, job: Job) -> None:
    """The kit's first page: print it, then measure a 50 mm square and a 2 in ruler."""
    ts, theme, m = job.ts, job.theme, layout.margin
    width = d.paper[0] - 2 * m
    y = m
    heading = layout.styles["heading"]
    fitted = ts.box(d, job.say("print_check"), heading, (m, y, width, heading.size * 1.6 / MM), layout.loc, "heading")
    y += (fitted.height if fitted else 10) + layout.gap
    text = job.say("print_check_steps", paper=job.say(f"paper_{job.paper}"))
    fitted = ts.box(d, text, layout.styles["text"], (m, y, width, 60), layout.loc, "instructions")
    y += (fitted.height if fitted else 30) + layout.gap * 2
    x = (d.paper[0] - 50) / 2
    d.rect(x, y, 50, 50, theme.line_pt * 2)
    label = layout.styles["label"]
    ts.box(d, job.say("length_mm", mm=50), label, (x, y, 50, 50), layout.loc, "square", valign="middle")
    y += 50 + layout.gap * 2
    _ruler(d, ((d.paper[0] - 2 * INCH) / 2, y), job, label)


def _ruler(d: Drawing, at: tuple[float, float], job: Job, label: Style) -> None:
    x, y = at
    line = job.theme.line_pt
    d.line(x, y + 8, x + 2 * INCH, y + 8, line * 2)
    for eighth in range(17):
        tick = 8 if eighth % 8 == 0 else 5 if eighth % 4 == 0 else 3
        d.line(x + eighth * INCH / 8, y + 8, x + eighth * INCH / 8, y + 8 - tick, line)
    for inch in range(3):
        job.ts.box(d, job.say("length_in", inches=inch), label, (x + inch * INCH - 10, y + 10, 20, 12), job.theme.loc,
                   "ruler", "top")


CALIBRATION_POINTS = ((0.25, 0.35), (0.75, 0.35), (0.5, 0.6), (0.25, 0.85), (0.75, 0.85))
SCALE_MM = 10


def calibration(front: Drawing, back: Drawing, job: Job) -> None:
    """Crosses on the front; on the back, at the mirrored places for the flip, millimetre scales. Held
    against the light, each cross falls on its scale at the distance the back must move: the offsets."""
    theme, setup = job.theme, job.setup
    w, h = front.paper
    flip = setup.duplex or "long-edge"
    style = Style("regular", theme.min_size, theme.min_size)
    margin = 15.0
    box = (margin, margin, min(w - 2 * margin, theme.max_line_mm), h * 0.24)  # above the marks
    edge = job.say(f"edge_{flip.split('-')[0]}")
    job.ts.box(front, job.say("calibration_front", edge=edge), style, box, theme.loc, "calibration")
    # a short-edge flip brings the front's lower scales to the top of the back: its words go to the foot there
    back_box = box if flip == "long-edge" else (box[0], h - margin - box[3], box[2], box[3])
    job.ts.box(back, job.say("calibration_back"), style, back_box, theme.loc, "calibration")
    line = theme.line_pt
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
