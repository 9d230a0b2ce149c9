"""Blanks on sheets: each blank's glue areas tinted, its panels' art, its folds dashed and its cut line solid,
packed in rows below a legend that says which line is which (and a scale bar to check the print by)."""

from __future__ import annotations

from dataclasses import dataclass, field

from deckpress.draw import fonts
from deckpress.layout.boxes.blank import Blank, Edge, Piece
from deckpress.layout.context import Job
from deckpress.layout.face import draw_face
from deckpress.layout.marks import SCALE_BAR_MM, bar_box, draw_bar
from deckpress.layout.page import MM, Drawing, Page
from deckpress.layout.slug import band_mm
from deckpress.layout.structure import artifact
from deckpress.model import Card, CardLayout

GLUE_TINT = 0.85  # the grey of a glue area: plain to see, light enough to print art over
FOLD_DASH = (3.0, 2.0)  # as a net's folds (deckpress.layout.net)
GAP_MM = 4.0  # between blanks on a sheet
LEGEND_GAP_MM = 3.0  # between the legend and the first row of blanks
SWATCH_MM = 8.0  # the length of each line the legend shows


@dataclass
class Dressed:
    """A blank and the art on its panels: piece index -> the card layout drawn there and the card it reads."""

    blank: Blank
    art: dict[int, tuple[CardLayout, Card]] = field(default_factory=dict)


def room(paper: tuple[float, float], job: Job) -> tuple[float, float, float, float]:
    """The box (x, y, w, h, mm) blanks may fill on a sheet of `paper`: inside the printer margins, below the
    legend, above the slug line."""
    pm = job.theme.printer_margin_mm
    top = pm + _legend_height(job) + LEGEND_GAP_MM
    foot = band_mm(job.slug, job.theme, paper[0]) if job.slug else 0.0
    return pm, top, paper[0] - 2 * pm, paper[1] - pm - foot - top


def fits(size: tuple[float, float], paper: tuple[float, float], job: Job) -> bool:
    _, _, w, h = room(paper, job)
    return size[0] <= w + 1e-6 and size[1] <= h + 1e-6


def blank_pages(blanks: list[Dressed], paper: tuple[float, float], job: Job) -> list[Page]:
    """As many blanks a sheet as its rows hold, each row centred, the rows centred in the sheet's room."""
    pages = []
    for sheet in _sheets(blanks, room(paper, job)):
        d = Drawing(paper)
        _legend(d, job, any(b.blank.glued() for row in sheet for _, b in row))
        x0, y0, w, h = room(paper, job)
        rows_h = sum(_row_height(row) for row in sheet) + GAP_MM * (len(sheet) - 1)
        y = y0 + (h - rows_h) / 2
        for row in sheet:
            x = x0 + (w - _width(row)) / 2
            for _, dressed in row:
                draw_blank(d, dressed, (x, y), job)
                x += dressed.blank.size[0] + GAP_MM
            y += _row_height(row) + GAP_MM
        pages.append(d.page)
    return pages


Row = list[tuple[int, Dressed]]


def _sheets(blanks: list[Dressed], area: tuple[float, float, float, float]) -> list[list[Row]]:
    """Rows filled left to right in the blanks' order, then sheets filled with rows top to bottom."""
    _, _, w, h = area
    rows: list[Row] = []
    for i, dressed in enumerate(blanks):
        if rows and _width(rows[-1]) + GAP_MM + dressed.blank.size[0] <= w + 1e-6:
            rows[-1].append((i, dressed))
        else:
            rows.append([(i, dressed)])
    sheets: list[list[Row]] = []
    for row in rows:
        if sheets and _height([*sheets[-1], row]) <= h + 1e-6:
            sheets[-1].append(row)
        else:
            sheets.append([row])
    return sheets


def _width(row: Row) -> float:
    return sum(b.blank.size[0] for _, b in row) + GAP_MM * (len(row) - 1)


def _row_height(row: Row) -> float:
    return max(b.blank.size[1] for _, b in row)


def _height(rows: list[Row]) -> float:
    return sum(_row_height(r) for r in rows) + GAP_MM * (len(rows) - 1)


def draw_blank(d: Drawing, dressed: Dressed, at: tuple[float, float], job: Job) -> None:
    """One blank with its bounds' top-left at `at` (mm): tints, art, folds, then the cut line over them all."""
    blank, line = dressed.blank, job.theme.line_pt
    bx, by, _, _ = blank.bounds
    shift = (at[0] - bx, at[1] - by)
    with artifact(d):
        for piece in blank.glued():
            d.path(_steps(list(piece.edges), shift), 0, fill=GLUE_TINT)
    for index, (layout, card) in sorted(dressed.art.items()):
        _art(d, blank.pieces[index], layout, card, shift, job)
    with artifact(d):
        folds = blank.folds()
        if folds:
            d.path([s for x1, y1, x2, y2 in folds for s in (("M", x1 + shift[0], y1 + shift[1]),
                                                             ("L", x2 + shift[0], y2 + shift[1]))],
                   line, dash=FOLD_DASH)
        for loop in blank.cuts():
            d.path(_steps(loop, shift), line)


def art_turn(piece: Piece, layout: CardLayout) -> int:
    """How far a panel's layout is turned: as the panel asks, and a quarter turn more where the layout lies the
    other way round from its panel (landscape on an upright panel)."""
    _, _, w, h = piece.box
    lw, lh = layout.size
    crosswise = (lw > lh and w < h) or (lw < lh and w > h)
    return (piece.turn + (90 if crosswise else 0)) % 360


def _art(d: Drawing, piece: Piece, layout: CardLayout, card: Card, shift: tuple[float, float], job: Job) -> None:
    """A layout centred on its panel, turned (and mirrored) about the panel's centre."""
    x, y, w, h = piece.box
    cx, cy = x + w / 2 + shift[0], y + h / 2 + shift[1]
    lw, lh = layout.size
    with d.turned(art_turn(piece, layout), cx, cy, mirror=piece.mirror):
        draw_face(d, card, layout, (cx - lw / 2, cy - lh / 2), job)


def _steps(edges: list[Edge], shift: tuple[float, float]) -> list[tuple[object, ...]]:
    """A closed path through the edges, moved by `shift`."""
    sx, sy = shift
    steps: list[tuple[object, ...]] = [("M", edges[0][0][0] + sx, edges[0][0][1] + sy)]
    for edge in edges:
        points = [v for x, y in edge[1:] for v in (x + sx, y + sy)]
        steps.append(("L" if len(edge) == 2 else "C", *points))
    return [*steps, ("Z",)]


def _legend_height(job: Job) -> float:
    theme = job.theme
    return max(4.0, fonts.cap_height(theme.fonts["regular"]) * theme.min_size / MM * 1.6)


def _legend(d: Drawing, job: Job, glue: bool) -> None:
    """Cut, fold, glue: each line or tint beside its word, at the head of the sheet; the scale bar at its end."""
    theme = job.theme
    font, size, pm = theme.fonts["regular"], theme.min_size, theme.printer_margin_mm
    height = _legend_height(job)
    mid, baseline = pm + height / 2, pm + height / 2 + fonts.cap_height(font) * size / MM / 2
    x = pm
    with artifact(d):
        for key in ("cut", "fold", "glue") if glue else ("cut", "fold"):
            if key == "glue":
                d.rect(x, mid - height / 4, SWATCH_MM, height / 2, 0, fill=GLUE_TINT)
            else:
                d.path([("M", x, mid), ("L", x + SWATCH_MM, mid)], theme.line_pt,
                       dash=FOLD_DASH if key == "fold" else ())
            word = job.say(key)
            d.text(x + SWATCH_MM + 1.5, baseline, word, font, size)
            x += SWATCH_MM + 1.5 + fonts.width(font, word, size) / MM + 6
    label = job.say("length_mm", mm=SCALE_BAR_MM)
    rise = max(2.0, fonts.cap_height(font) * size / MM, fonts.ascent(font) * size / MM)
    place = (0.0, pm, rise, None)
    x1, _, x2, _ = bar_box(place, label, theme)
    if x + (x2 - x1) <= d.paper[0] - pm:
        draw_bar(d, (d.paper[0] - pm - (x2 - x1), pm, rise, None), label, theme)
