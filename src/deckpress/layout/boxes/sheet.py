"""Blanks on sheets: each blank's glue areas tinted, its panels' art, its folds dashed and its cut line solid,
packed in rows below a legend that says which line is which (and a scale bar to check the print by)."""

from __future__ import annotations

from dataclasses import dataclass, field

from deckpress.layout.boxes.blank import Blank, Edge, Piece
from deckpress.layout.boxes.legend import FOLD_DASH, GLUE_TINT, draw_legend, legend_size
from deckpress.layout.context import Job
from deckpress.layout.face import draw_face
from deckpress.layout.page import Drawing, Page
from deckpress.layout.slug import band_mm
from deckpress.layout.structure import artifact
from deckpress.model import Card, CardLayout

GAP_MM = 4.0  # between blanks on a sheet
LEGEND_GAP_MM = 3.0  # between the legend and the first row of blanks


@dataclass
class Dressed:
    """A blank and the art on its panels: piece index -> the card layout drawn there and the card it reads."""

    blank: Blank
    art: dict[int, tuple[CardLayout, Card]] = field(default_factory=dict)


@dataclass(frozen=True)
class Sheet:
    """The paper as the blanks lie on it (portrait or turned), and the legend at its head or down its side."""

    paper: tuple[float, float]
    side: bool = False
    upright: bool = False  # the slug's lines upright in the right-hand margin, not level at the foot


def room(sheet: Sheet, job: Job) -> tuple[float, float, float, float]:
    """The box (x, y, w, h, mm) blanks may fill: inside the printer margins, clear of the legend, above the slug
    line."""
    pm, (pw, ph) = job.theme.printer_margin_mm, sheet.paper
    lw, lh = legend_size(job, sheet.side)
    left, top = (pm + lw + LEGEND_GAP_MM, pm) if sheet.side else (pm, pm + lh + LEGEND_GAP_MM)
    band = band_mm(job.slug, job.theme, ph if sheet.upright else pw) if job.slug else 0.0
    foot, beside = (0.0, band) if sheet.upright else (band, 0.0)
    return left, top, pw - pm - beside - left, ph - pm - foot - top


def fits(size: tuple[float, float], sheet: Sheet, job: Job) -> bool:
    _, _, w, h = room(sheet, job)
    return size[0] <= w + 1e-6 and size[1] <= h + 1e-6


def blank_pages(blanks: list[Dressed], sheet: Sheet, job: Job) -> list[Page]:
    """As many blanks a sheet as its rows hold, each row centred, the rows centred in the sheet's room."""
    pages = []
    x0, y0, w, h = room(sheet, job)
    for rows in _sheets(blanks, room(sheet, job)):
        d = Drawing(sheet.paper)
        draw_legend(d, job, any(b.blank.glued() for row in rows for _, b in row), sheet.side)
        y = y0 + (h - _height(rows)) / 2
        for row in rows:
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
