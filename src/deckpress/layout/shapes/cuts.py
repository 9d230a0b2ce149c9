"""Cut lines of shaped pieces and how long the cuts of a sheet are.

Straight edges two pieces share are one cut: a sheet's edges are kept once and run on into long strokes, so a
tessellated sheet is cut along each shared edge once. Curves are each piece's own."""

from __future__ import annotations

from dataclasses import dataclass
from math import hypot

from deckpress.layout.imposition import Imposition
from deckpress.layout.shapes.outline import KAPPA, SHARP, Outline, Point, Step, bezier
from deckpress.model import CardLayout

DIGITS = 6  # mm rounded to a millionth: neighbours' shared corners meet though reached by different sums
DIE_CUT_PT = 0.25  # the hairline print shops ask a die-cut contour to be stroked at


@dataclass(frozen=True)
class Cutting:
    """What a card component's cuts come to: pieces a full sheet, sheets, and the whole length of cut."""

    per_sheet: int
    sheets: int
    cut_length_mm: float


def cut_steps(outline: Outline, corners: list[Point]) -> list[Step]:
    """The cut path of pieces whose trims have these top-left corners: shared straight edges once."""
    if outline.kind not in SHARP:
        return contour_steps(outline, corners)
    return _strokes(_edges([outline.placed(x, y) for x, y in corners]))


def contour_steps(outline: Outline, corners: list[Point]) -> list[Step]:
    """Each piece's own closed outline, its trim's top-left corner at each of `corners`: a die-cut contour (a
    print shop's cutter goes round each piece), and the cut path of curved pieces, which share no edge."""
    return [step for x, y in corners for step in outline.placed(x, y)]


def cut_length(outline: Outline | None, size: tuple[float, float], radius: float, corners: list[Point]) -> float:
    """The length of cut (mm) round these pieces, each edge two of them share counted once."""
    shape = outline or Outline("rectangle", size, rounded_rect(size, radius))
    placed = [shape.placed(x, y) for x, y in corners]
    straight = sum(hypot(b[0] - a[0], b[1] - a[1]) for a, b in _edges(placed))
    curved = len(placed) * _curve_length(list(shape.steps))  # every piece's curves alike, wherever placed
    return straight + curved


def rounded_rect(size: tuple[float, float], r: float) -> tuple[Step, ...]:
    """A card's trim as path steps, its corners rounded by `r` mm (quarter circles as curves)."""
    w, h = size
    if not r:
        return (("M", 0.0, 0.0), ("L", w, 0.0), ("L", w, h), ("L", 0.0, h), ("Z",))
    k = r * (1 - KAPPA)
    return (("M", r, 0.0), ("L", w - r, 0.0), ("C", w - k, 0.0, w, k, w, r), ("L", w, h - r),
            ("C", w, h - k, w - k, h, w - r, h), ("L", r, h), ("C", k, h, 0.0, h - k, 0.0, h - r),
            ("L", 0.0, r), ("C", 0.0, k, k, 0.0, r, 0.0), ("Z",))


Edge = tuple[Point, Point]


def _edges(placed: list[list[Step]]) -> list[Edge]:
    """Every straight edge of the pieces once, in the order drawn (either way round is the same edge)."""
    seen: dict[tuple[Point, Point], Edge] = {}
    for steps in placed:
        at = start = (0.0, 0.0)
        for verb, *n in steps:
            v = [round(float(x), DIGITS) for x in n]  # type: ignore[arg-type]
            end = (v[-2], v[-1]) if v else start
            if verb == "M":
                start = end
            elif verb in ("L", "Z") and end != at:
                key = (at, end) if at <= end else (end, at)
                seen.setdefault(key, (at, end))
            at = end
    return list(seen.values())


def _strokes(edges: list[Edge]) -> list[Step]:
    """The edges run on into strokes: from each edge not yet cut, on along the next not yet cut from its end."""
    ends: dict[Point, list[int]] = {}
    for i, (a, b) in enumerate(edges):
        ends.setdefault(a, []).append(i)
        ends.setdefault(b, []).append(i)
    used = [False] * len(edges)
    steps: list[Step] = []
    for i, (a, b) in enumerate(edges):
        if used[i]:
            continue
        used[i] = True
        steps += [("M", *a), ("L", *b)]
        at = b
        while (j := next((k for k in ends[at] if not used[k]), None)) is not None:
            used[j] = True
            at = edges[j][1] if edges[j][0] == at else edges[j][0]
            steps.append(("L", *at))
    return steps


def _curve_length(steps: list[Step]) -> float:
    """The length of the curves among the steps, by 64 chords each (within a thousandth of a circle's)."""
    total, at = 0.0, (0.0, 0.0)
    for verb, *n in steps:
        v = [float(x) for x in n]  # type: ignore[arg-type]
        if verb == "C":
            points = [at, *bezier(at, (v[0], v[1]), (v[2], v[3]), (v[4], v[5]), 64)]
            total += sum(hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(points, points[1:], strict=False))
        if v:
            at = (v[-2], v[-1])
    return total



def cutting(plan: Imposition, layout: CardLayout, count: int, bleed: float) -> Cutting:
    """The pieces a sheet holds, the sheets `count` pieces take, and their whole length of cut (at the trim)."""
    per_sheet = plan.per_sheet
    full, rest = divmod(count, per_sheet)
    def length(n: int) -> float:
        return cut_length(layout.shape, layout.size, layout.corner_radius, list(plan.fronts[:n])) if n else 0.0
    total = full * length(per_sheet) + length(rest)
    return Cutting(per_sheet, full + (1 if rest else 0), round(total, 1))
