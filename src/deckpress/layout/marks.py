"""Printer's marks: cut lines, crop marks, the scale bar and the print-check page."""

from __future__ import annotations

from deckpress.draw import fonts
from deckpress.layout.imposition import PrintSetup
from deckpress.layout.page import INCH, MM, PAPER_NAMES, Drawing
from deckpress.layout.text import Typesetter
from deckpress.model import SheetLayout, Style, Theme

SCALE_BAR_MM = 50
CLEARANCE_MM = 1.0


def cut_lines(d: Drawing, cells: list[tuple[float, float, float, float]], theme: Theme) -> None:
    """Thin lines on every card border: cut along them."""
    for x, y, w, h in cells:
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
              theme: Theme, columns: list[float] | None = None) -> bool:
    """A 50 mm bar in the bottom (or else top) margin, clear of the crop marks; False where none fits.
    It is centred on the page, or else under one of the card columns (`columns`: their edges)."""
    font, size = theme.fonts["regular"], theme.min_size
    label = f"{SCALE_BAR_MM} mm"
    label_w = fonts.width(font, label, size) / MM
    bar_h = max(2.0, fonts.cap_height(font) * size / MM)
    width = SCALE_BAR_MM + 2 + label_w
    paper_w, paper_h = d.paper
    edges = columns or []
    centres = [paper_w / 2] + [(a + b) / 2 for a, b in zip(edges, edges[1:])]
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
                _draw_bar(d, x, top, bar_h, label, font, size, theme)
                return True
    return False


def _draw_bar(d: Drawing, x: float, top: float, h: float, label: str, font: str, size: float, theme: Theme) -> None:
    d.rect(x, top + h * 0.6, SCALE_BAR_MM, h * 0.4, 0, 0)
    for mm in range(0, SCALE_BAR_MM + 1, 10):
        d.line(x + mm, top, x + mm, top + h, theme.line_pt)
    d.text(x + SCALE_BAR_MM + 2, top + h, label, font, size)


def _overlaps(box: tuple[float, float, float, float], seg: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    x1, y1, x2, y2 = seg
    c = CLEARANCE_MM
    return min(x1, x2) < x + w + c and max(x1, x2) > x - c and min(y1, y2) < y + h + c and max(y1, y2) > y - c


def _overlaps_grid(box: tuple[float, float, float, float], grid: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    gx, gy, gw, gh = grid
    return x < gx + gw and x + w > gx and y < gy + gh and y + h > gy


def print_check(d: Drawing, layout: SheetLayout, ts: Typesetter, paper: str) -> None:
    """The kit's first page: print it, then measure a 50 mm square and a 2 in ruler."""
    theme, m = ts.theme, layout.margin
    width = d.paper[0] - 2 * m
    y = m
    heading = layout.styles["heading"]
    fitted = ts.box(d, "Print check", heading, (m, y, width, heading.size * 1.6 / MM), layout.loc, "heading")
    y += (fitted.height if fitted else 10) + layout.gap
    text = (f"Print at 100% / Actual size, then measure. Print single-sided on {PAPER_NAMES[paper]} paper with "
            "\"Fit to page\" and \"Shrink to fit\" turned off. The square must measure 50 mm on each side and the "
            "ruler 2 in. If either is off, change the print settings before printing the rest.")
    body = layout.styles["text"]
    fitted = ts.box(d, text, body, (m, y, width, 60), layout.loc, "instructions")
    y += (fitted.height if fitted else 30) + layout.gap * 2
    x = (d.paper[0] - 50) / 2
    d.rect(x, y, 50, 50, theme.line_pt * 2)
    label = layout.styles["label"]
    ts.box(d, "50 mm", label, (x, y, 50, 50), layout.loc, "square", valign="middle")
    y += 50 + layout.gap * 2
    _ruler(d, (d.paper[0] - 2 * INCH) / 2, y, ts, label)


def _ruler(d: Drawing, x: float, y: float, ts: Typesetter, label) -> None:  # type: ignore[no-untyped-def]
    line = ts.theme.line_pt
    d.line(x, y + 8, x + 2 * INCH, y + 8, line * 2)
    for eighth in range(17):
        tick = 8 if eighth % 8 == 0 else 5 if eighth % 4 == 0 else 3
        d.line(x + eighth * INCH / 8, y + 8, x + eighth * INCH / 8, y + 8 - tick, line)
    for inch in range(3):
        ts.box(d, f"{inch} in", label, (x + inch * INCH - 10, y + 10, 20, 12), ts.theme.loc, "ruler", "top")


CALIBRATION_POINTS = ((0.25, 0.35), (0.75, 0.35), (0.5, 0.6), (0.25, 0.85), (0.75, 0.85))
SCALE_MM = 10


def calibration(front: Drawing, back: Drawing, ts: Typesetter, setup: PrintSetup) -> None:
    """Crosses on the front; on the back, at the mirrored places for the flip, millimetre scales. Held
    against the light, each cross falls on its scale at the distance the back must move: the offsets."""
    theme = ts.theme
    w, h = front.paper
    flip = setup.duplex or "long-edge"
    style = Style("regular", theme.min_size, theme.min_size)
    margin = 15.0
    box = (margin, margin, min(w - 2 * margin, theme.max_line_mm), h * 0.24)  # above the marks
    ts.box(front, f"Printer calibration, front. Print this page and the next on the two sides of one sheet, "
                  f"flipping on the {flip.replace('-', ' ')}.", style, box, theme.loc, "calibration")
    ts.box(back, "Printer calibration, back. Hold the sheet against the light. Each cross on the front falls on "
                 "a millimetre scale here: read how far it lies from the scale's centre (right and down count "
                 "positive), then build again with --offset-x and --offset-y set to those distances.",
           style, box, theme.loc, "calibration")
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
