"""The assembly map: the board's outline, small, cut into its pieces as they are printed (glue strips shaded, folds
dashed), each named where it goes, and the steps to put it together."""

from __future__ import annotations

from deckpress.findings import Loc
from deckpress.layout.boards.tiling import FOLD, GLUE, Axis, Tiling, label
from deckpress.layout.context import Job
from deckpress.layout.page import MM, Drawing, Page
from deckpress.layout.structure import tagged
from deckpress.model import BoardLayout, Style, Theme

MAP_SHARE = 0.5  # of the page's height, at most
STRIP_GREY = 0.85
MARGIN_MM = 12.0


def assembly_map(title: str, tiling: Tiling, layout: BoardLayout, job: Job, loc: Loc) -> Page:
    """A page of the paper, upright: a heading, the map, and what to do."""
    theme, ts = job.theme, job.ts
    heading, text, name = _styles(theme)
    d = Drawing(job.size)
    pw, ph = job.size
    m = max(MARGIN_MM, theme.printer_margin_mm)
    y = m
    with tagged(d, "H1"):
        fitted = ts.box(d, job.say("board_map", board=title), heading, (m, y, pw - 2 * m, heading.size * 2.4 / MM),
                        loc, "assembly map heading")
    y += (fitted.height if fitted else 10) + 6
    w, h = layout.size
    scale = min((pw - 2 * m) / w, ph * MAP_SHARE / h)
    at = ((pw - w * scale) / 2, y)
    labels = [label(p.row, p.column) for p in tiling.pieces]
    alt = job.say("board_map_figure", rows=len(tiling.rows.spans), columns=len(tiling.columns.spans),
                  labels=", ".join(labels))
    with tagged(d, "Figure", alt=alt):
        _map(d, tiling, at, scale, job, name, loc)
    y += h * scale + 8
    with tagged(d, "P"):
        ts.box(d, _steps(tiling, job), text, (m, y, pw - 2 * m, ph - m - y - 12), loc, "assembly steps")
    return d.page


def _styles(theme: Theme) -> tuple[Style, Style, Style]:
    """The map's heading, steps and piece names: the press's own, at least the edition's smallest sizes."""
    least, heading = theme.min_size, max(theme.heading_min_size, theme.min_size)
    return (Style("bold", max(18.0, heading), max(14.0, heading)), Style("regular", max(11.0, least), least),
            Style("bold", max(14.0, least), least, "centre"))


def _map(d: Drawing, tiling: Tiling, at: tuple[float, float], scale: float, job: Job, name: Style, loc: Loc) -> None:
    line, (x0, y0) = job.theme.line_pt, at
    cols, rows, o = tiling.columns, tiling.rows, tiling.overlap
    w, h = cols.spans[-1].end, rows.spans[-1].end
    for a, b in _strips(cols):
        d.rect(x0 + a * scale, y0, (b - a) * scale, h * scale, 0, fill=STRIP_GREY)
    for a, b in _strips(rows):
        d.rect(x0, y0 + a * scale, w * scale, (b - a) * scale, 0, fill=STRIP_GREY)
    for piece in tiling.pieces:
        bx, by, bw, bh = piece.box
        d.rect(x0 + bx * scale, y0 + by * scale, bw * scale, bh * scale, line)
    for axis, upright in ((cols, True), (rows, False)):
        for fold in _folds(axis):
            p = fold * scale
            ends = (x0 + p, y0, x0 + p, y0 + h * scale) if upright else (x0, y0 + p, x0 + w * scale, y0 + p)
            d.line(*ends, line * 3, dash=(6, 3), stroke=None)
    for piece in tiling.pieces:  # named in its own part, left of and above any fold across it
        (a, b), (c, e) = cols.own(piece.column, o), rows.own(piece.row, o)
        b, e = min([b, *cols.spans[piece.column].folds]), min([e, *rows.spans[piece.row].folds])
        box = (x0 + a * scale, y0 + c * scale, (b - a) * scale, (e - c) * scale)
        job.ts.box(d, label(piece.row, piece.column), name, box, loc, "assembly map", valign="middle")


def _strips(axis: Axis) -> list[tuple[float, float]]:
    """The glue strips along an axis: where a piece runs on under the next (board mm)."""
    return [(axis.spans[i + 1].start, axis.spans[i].end) for i, s in enumerate(axis.seams) if s == GLUE]


def _folds(axis: Axis) -> list[float]:
    """Where the board folds along an axis: between two pieces, or across one."""
    between = [axis.spans[i].end for i, s in enumerate(axis.seams) if s == FOLD]
    return between + [f for span in axis.spans for f in span.folds]


def _steps(tiling: Tiling, job: Job) -> str:
    seams = tiling.columns.seams + tiling.rows.seams
    across = any(span.folds for span in tiling.columns.spans + tiling.rows.spans)
    steps = [job.say("board_steps_glue")] if GLUE in seams else []
    steps += [job.say("board_steps_hinge")] if FOLD in seams else []
    steps += [job.say("board_steps_score")] if across else []
    if len(_folds(tiling.columns)) and len(_folds(tiling.rows)):
        steps.append(job.say("board_steps_quarters"))
    return " ".join(steps)
