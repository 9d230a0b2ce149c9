"""What each drawn op of a page occupies, in points on the page (turns applied, by any angle): a text's box from
its font's metrics, a line's or a box's edges as segments, an ellipse's centre and radii (turned off the square:
its outline's chords), an icon's box (where a clip cuts it, the part that shows)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from math import cos, radians, sin

from deckpress.draw import fonts
from deckpress.draw.paths import KAPPA
from deckpress.layout.art.convex import Point, of_box
from deckpress.layout.page import Circle, Clip, Dots, Icon, Line, Op, Path, Polygon, Rect, Steps, Text, Tiles, Turn

Box = tuple[float, float, float, float]  # x0, y0, x1, y1, pt
Segment = tuple[float, float, float, float, int]  # x1, y1, x2, y2 (an ellipse: cx, cy, rx, ry), op index
Matrix = tuple[float, float, float, float, float, float]
Quad = tuple[Point, Point, Point, Point]  # a turned box's corners, in order round it
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
ICON_INSET = 0.12  # of an icon's side: its art stands clear of its square's edges
# characters that may hang below the baseline (any outside ASCII, to be safe): a text without any sits on it
DESCENDING = re.compile(r"[gjpqyQ,;()\[\]{}|/\\@$_]|[^\x00-\x7f]")


Area = tuple[Box, int, Quad | None]  # the upright box round it, its op's index, its corners where turned off square


def shapes(ops: Sequence[Op]) -> tuple[list[Area], list[Segment], list[Segment], list[Area]]:
    """Text boxes, straight edges (segments), ellipses (centre and radii) and icons' boxes on the page, each
    with its op's index; a text or an icon turned off the square also by its four corners."""
    texts: list[Area] = []
    edges: list[Segment] = []
    rounds: list[Segment] = []
    icons: list[Area] = []
    turns: list[tuple[int, Matrix]] = []  # (last op turned, matrix), innermost last
    clips: list[tuple[int, Box]] = []  # (last op cut, the clip's box before turns), innermost last
    m = IDENTITY
    for at, op in enumerate(ops):
        while turns and at > turns[-1][0]:
            turns.pop()
            m = turns[-1][1] if turns else IDENTITY
        while clips and at > clips[-1][0]:
            clips.pop()
        kind = type(op)  # the kind itself, not a subclass: a Mirror is no Turn here
        if kind is Text:
            texts.append(_text_area(op, m, at))  # type: ignore[arg-type]  # a Text: its type says so
        elif kind is Turn:
            assert isinstance(op, Turn)
            m = _compose(m, _turn(op))
            turns.append((at + op.ops, m))
        elif kind is Icon:
            icons.append(_area(_icon_box(op, clips[-1][1] if clips else None), m, at))  # type: ignore[arg-type]
        elif kind is Clip:
            assert isinstance(op, Clip)
            clips.append((at + op.ops, _steps_box(op.steps)))
        else:
            _outline(op, m, at, edges, rounds)
    return texts, edges, rounds, icons


def _icon_box(op: Icon, clip: Box | None) -> Box:
    """The icon's box, where a clip cuts it (a cover) the part of it that shows."""
    box = (op.x, op.y, op.x + op.size, op.y + (op.size if op.height is None else op.height))
    if clip is None:
        return box
    return max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3])


def _steps_box(steps: Steps) -> Box:
    xs = [float(v) for step in steps for v in step[1::2]]  # type: ignore[arg-type]
    ys = [float(v) for step in steps for v in step[2::2]]  # type: ignore[arg-type]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else (0.0, 0.0, 0.0, 0.0)


def _upright(m: Matrix) -> bool:
    """Whether the matrix turns by quarter turns only: upright boxes stay upright."""
    return (m[1] == 0 and m[2] == 0) or (m[0] == 0 and m[3] == 0)


def _area(box: Box, m: Matrix, at: int) -> Area:
    """A box before the turns, on the page: the upright box round it, and its corners if turned off square."""
    if m is IDENTITY:
        return box, at, None
    a, b, c, d = (_apply(m, x, y) for x, y in of_box(box))
    xs, ys = (a[0], b[0], c[0], d[0]), (a[1], b[1], c[1], d[1])
    return (min(xs), min(ys), max(xs), max(ys)), at, (None if _upright(m) else (a, b, c, d))


def _outline(op: Op, m: Matrix, at: int, edges: list[Segment],
             rounds: list[Segment]) -> None:
    """The edges of a drawn line, box, shape, icon or pattern; or its ellipse."""
    if isinstance(op, Line):
        edges.append((*_apply(m, op.x1, op.y1), *_apply(m, op.x2, op.y2), at))
    elif isinstance(op, Rect):
        _box_edges((op.x, op.y, op.x + op.w, op.y + op.h), m, at, edges)
    elif isinstance(op, Tiles) and op.clip is not None:
        x, y, w, h = op.clip
        _box_edges((x, y, x + w, y + h), m, at, edges)
    elif isinstance(op, Polygon):
        points = [_apply(m, x, y) for x, y in op.points]
        ends = points[1:] + (points[:1] if op.closed else [])
        edges += [(*a, *b, at) for a, b in zip(points, ends, strict=False)]
    elif isinstance(op, Path):
        place = (at,)  # each chord with its op's index, joined on: a die line has thousands
        edges += [chord + place for chord in _chords(op.steps, m)]
    elif isinstance(op, Dots):  # each disc's outline, as a circle's
        rounds += [(*_apply(m, op.x + x, op.y + y), op.r, op.r, at) for x, y in op.dots]
    elif isinstance(op, Circle):
        cx, cy = _apply(m, op.x, op.y)
        rx, ry = op.r, op.r if op.ry is None else op.ry
        if rx != ry and not _upright(m):  # an ellipse turned off the square: measured by its outline's chords
            points = [_apply(m, x, y) for x, y in flattened(_ellipse_steps(op.x, op.y, rx, ry))[0]]
            edges += [(*a, *b, at) for a, b in zip(points, points[1:], strict=False)]
            return
        if abs(m[1]) > 0.5:  # a quarter turn swaps the radii
            rx, ry = ry, rx
        rounds.append((cx, cy, rx, ry, at))


def _ellipse_steps(x: float, y: float, rx: float, ry: float) -> Steps:
    """The ellipse's four curves, as the renderer draws them."""
    k, ky = KAPPA * rx, KAPPA * ry
    return (("M", x + rx, y), ("C", x + rx, y + ky, x + k, y + ry, x, y + ry),
            ("C", x - k, y + ry, x - rx, y + ky, x - rx, y), ("C", x - rx, y - ky, x - k, y - ry, x, y - ry),
            ("C", x + k, y - ry, x + rx, y - ky, x + rx, y), ("Z",))


@lru_cache(maxsize=1024)
def _chords(steps: Steps, m: Matrix) -> tuple[tuple[float, float, float, float], ...]:
    """A path's chords on the page, turned by `m`: worked out once for the same steps and turns (a card's corners
    and die lines drawn again on every sheet of a deck, in every check of it). Keyed by content; read only."""
    chords: list[tuple[float, float, float, float]] = []
    for run in flattened(steps):
        points = [_apply(m, x, y) for x, y in run]
        chords += [(*a, *b) for a, b in zip(points, points[1:], strict=False)]
    return tuple(chords)


CURVE_STEPS = 8  # chords a Bézier curve is measured by: within 0.1 mm on a card's corners and tokens


def flattened(steps: Steps) -> list[list[tuple[float, float]]]:
    """A path's runs as polylines: each curve by its chords, each closed run ending where it began."""
    runs: list[list[tuple[float, float]]] = []
    for verb, *n in steps:
        numbers = [float(v) for v in n]  # type: ignore[arg-type]
        if verb == "M" or not runs:
            runs.append([(numbers[0], numbers[1])] if numbers else [])
        elif verb == "L":
            runs[-1].append((numbers[0], numbers[1]))
        elif verb == "C" and runs[-1]:
            (x0, y0), (x1, y1, x2, y2, x3, y3) = runs[-1][-1], numbers
            for i in range(1, CURVE_STEPS + 1):
                t = i / CURVE_STEPS
                u = 1 - t
                runs[-1].append((u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                                 u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3))
        elif verb == "Z" and runs[-1]:
            runs[-1].append(runs[-1][0])
    return runs


def _box_edges(box: Box, m: Matrix, at: int, edges: list[Segment]) -> None:
    x0, y0, x1, y1 = box
    a, b, c, d, e, f = m  # each corner `_apply`'d, inline: a sheet's every box and cell
    ax, ay, bx, by = a * x0 + c * y0 + e, b * x0 + d * y0 + f, a * x1 + c * y0 + e, b * x1 + d * y0 + f
    cx, cy, dx, dy = a * x1 + c * y1 + e, b * x1 + d * y1 + f, a * x0 + c * y1 + e, b * x0 + d * y1 + f
    edges += [(ax, ay, bx, by, at), (bx, by, cx, cy, at), (cx, cy, dx, dy, at), (dx, dy, ax, ay, at)]


_METRICS: dict[str, tuple[float, float]] = {}
MEASURED_LIMIT = 100_000  # texts measured a font: a huge deck's one-off texts start afresh rather than grow
_MEASURED: dict[str, dict[str, tuple[float, bool]]] = {}  # font -> text -> its width at 1 pt, whether it drops


def _text_area(op: Text, m: Matrix, at: int) -> Area:
    metrics = _METRICS.get(op.font)
    if metrics is None:
        face = fonts.font(op.font).face
        metrics = _METRICS[op.font] = (float(face.descent) / 1000, float(face.capHeight) / 1000)
    unit, drops = _measured(op.font, op.text)
    x0, x1 = op.x, op.x + unit * op.size  # `fonts.width`, its unit width kept with the text's drop
    y0, y1 = op.y + (metrics[0] * op.size if drops else 0.0), op.y + metrics[1] * op.size
    if op.angle:  # a text set at an angle of its own turns about its baseline's start
        m = _compose(m, _turn(Turn(op.angle, op.x, op.y)))
    if m is IDENTITY:
        return (x0, y0, x1, y1), at, None
    return _area((x0, y0, x1, y1), m, at)


def _turn(op: Turn) -> Matrix:
    c, s = cos(radians(op.angle)), sin(radians(op.angle))
    c, s = round(c, 12), round(s, 12)
    return c, s, -s, c, op.x - c * op.x + s * op.y, op.y - s * op.x - c * op.y


def _compose(outer: Matrix, inner: Matrix) -> Matrix:
    """`inner` applied first, then `outer`."""
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e,
            b * e2 + d * f2 + f)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _measured(font: str, text: str) -> tuple[float, bool]:
    """A text's width at 1 pt in `font` (`fonts.width`'s), and whether it may hang below its baseline: measured
    once a text, as the same texts are set card after card, sheet after sheet."""
    measured = _MEASURED.get(font)
    if measured is None:
        measured = _MEASURED[font] = {}
    known = measured.get(text)
    if known is None:
        if len(measured) >= MEASURED_LIMIT:
            measured.clear()
        # "50 mm" stands on its baseline: nothing hangs below it
        known = measured[text] = fonts.width(font, text, 1.0), DESCENDING.search(text) is not None
    return known
