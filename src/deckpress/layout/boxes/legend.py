"""The legend of a sheet of blanks: cut, fold and glue, each beside the line or tint that marks it, and the scale
bar to check the print by. At the head of the sheet, or down its side where a blank needs the sheet's height."""

from __future__ import annotations

from deckpress.draw import fonts
from deckpress.layout.context import Job
from deckpress.layout.marks import SCALE_BAR_MM, draw_bar
from deckpress.layout.page import MM, Drawing
from deckpress.layout.structure import artifact

GLUE_TINT = 0.85  # the grey of a glue area: plain to see, light enough to print art over
FOLD_DASH = (3.0, 2.0)  # as a net's folds (deckpress.layout.net)
SWATCH_MM = 8.0  # the length of each line the legend shows
KEYS = ("cut", "fold", "glue")  # the press's words (deckpress.words)
SPACE_MM = 6.0  # between entries in a row


def legend_size(job: Job, side: bool) -> tuple[float, float]:
    """Its width and height, mm: a row at the head (the scale bar at its far end, outside this size), or a
    column down the side with the scale bar turned upright below the words."""
    row, widths = _row_height(job), [_entry_width(job, k) for k in KEYS]
    if not side:
        return sum(widths) + SPACE_MM * (len(KEYS) - 1), row + _overhang(job)
    bar_w, bar_h = _bar_size(job)
    return max(*widths, bar_h), _overhang(job) + _step(job) * len(KEYS) + 2 + bar_w


def draw_legend(d: Drawing, job: Job, glue: bool, side: bool) -> None:
    theme = job.theme
    pm = theme.printer_margin_mm
    x, y = pm, pm + _overhang(job)
    with artifact(d):
        for key in KEYS if glue else KEYS[:2]:
            _entry(d, job, key, (x, y))
            if side:
                y += _step(job)
            else:
                x += _entry_width(job, key) + SPACE_MM
    label, (bar_w, bar_h) = job.say("length_mm", mm=SCALE_BAR_MM), _bar_size(job)
    rise = _rise(job)
    if side:  # upright, reading upwards, below the words
        px, py = pm + bar_h / 2, pm + _overhang(job) + _step(job) * len(KEYS) + 2 + bar_w / 2
        draw_bar(d, (px - bar_w / 2, py - bar_h / 2, rise, (px, py)), label, theme)
    elif x + bar_w <= d.paper[0] - pm:
        draw_bar(d, (d.paper[0] - pm - bar_w, pm, rise, None), label, theme)


def _entry(d: Drawing, job: Job, key: str, at: tuple[float, float]) -> None:
    theme = job.theme
    font, size = theme.fonts["regular"], theme.min_size
    x, y = at
    height = _row_height(job)
    mid = y + height / 2
    if key == "glue":
        d.rect(x, mid - height / 4, SWATCH_MM, height / 2, 0, fill=GLUE_TINT)
    else:
        d.path([("M", x, mid), ("L", x + SWATCH_MM, mid)], theme.line_pt, dash=FOLD_DASH if key == "fold" else ())
    d.text(x + SWATCH_MM + 1.5, mid + fonts.cap_height(font) * size / MM / 2, job.say(key), font, size)


def _entry_width(job: Job, key: str) -> float:
    theme = job.theme
    return SWATCH_MM + 1.5 + fonts.width(theme.fonts["regular"], job.say(key), theme.min_size) / MM


def _row_height(job: Job) -> float:
    theme = job.theme
    return max(4.0, fonts.cap_height(theme.fonts["regular"]) * theme.min_size / MM * 1.6)


def _step(job: Job) -> float:
    """From one word of a column to the next, mm: its row, or the edition's line spacing where that is more."""
    theme = job.theme
    return max(_row_height(job), theme.min_size * theme.line_spacing / MM)


def _overhang(job: Job) -> float:
    """How far a word's ascent reaches above its row, mm (large print's ascent outgrows the row): the legend
    starts that much lower, so no glyph enters the printer margin."""
    font, size = job.theme.fonts["regular"], job.theme.min_size
    return max(0.0, fonts.ascent(font) * size / MM - (_row_height(job) + fonts.cap_height(font) * size / MM) / 2)


def _rise(job: Job) -> float:
    font, size = job.theme.fonts["regular"], job.theme.min_size
    return max(2.0, fonts.cap_height(font) * size / MM, fonts.ascent(font) * size / MM)


def _bar_size(job: Job) -> tuple[float, float]:
    """The scale bar's length with its label, and its height, mm (as deckpress.layout.marks draws it)."""
    font, size = job.theme.fonts["regular"], job.theme.min_size
    label = job.say("length_mm", mm=SCALE_BAR_MM)
    return SCALE_BAR_MM + 2 + fonts.width(font, label, size) / MM, _rise(job) + fonts.descent(font) * size / MM
