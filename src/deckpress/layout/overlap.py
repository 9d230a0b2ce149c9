"""Text struck through: a text that crosses a line, a box's edge, an outline or another text on its page.

Every text's box runs from its font's descender to its cap height and across its measured width; a text inside a
box or an ellipse, or clear of it, is fine; one that a border, rule, cut line or another text runs through is not.
Turned texts are turned through their `Turn`. Ops are bucketed by position: a sheet of nine cards with hundreds of
ops compares each text only with what lies near it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from deckpress.findings import Findings, Loc
from deckpress.layout.outlines import ICON_INSET, Box, Segment, shapes
from deckpress.layout.page import Circle, Icon, Line, Op, Page, Polygon, Rect, Sheets, Text, Tiles

EPS = 0.3  # pt: texts and edges that only touch do not cross
CELL = 64.0  # pt: the side of a bucket
ROW = 1 << 16  # bucket numbers: column * ROW + row


@dataclass(frozen=True, slots=True)
class Overlap:
    """Text `text` (the op at `at`) crosses the op at `other`."""

    text: Text
    at: int
    other: Op
    other_at: int

    def describe(self, page: Page) -> str:
        return (f"{_what(page, self.at, 'text')} '{_short(self.text.text)}' is crossed by "
                f"{_thing(self.other)}{_of(page, self.other_at)}")


def overlaps(page: Page) -> list[Overlap]:
    """Every text of the page crossed by a line, an edge, an outline, an icon or another text, in the order drawn
    (each text once, with the first thing found crossing it)."""
    texts, edges, rounds, icons = shapes(page.ops)
    if len(texts) + len(edges) + len(rounds) + len(icons) <= 1 or not texts:
        return []
    grid: dict[int, list[tuple[Test, Any]]] = {}  # bucket -> what lies in it, each with its test against a box
    _fill(grid, ((_seg_box(e), _cuts, e) for e in edges))
    _fill(grid, (((cx - rx, cy - ry, cx + rx, cy + ry), _crosses_ellipse, r) for r in rounds
                 for cx, cy, rx, ry, _ in (r,)))
    _fill(grid, ((icon[0], _crosses_icon, icon) for icon in icons))
    found: list[Overlap] = []
    ops = page.ops
    for text in texts:
        box = text[0]
        inner = (box[0] + EPS, box[1] + EPS, box[2] - EPS, box[3] - EPS)
        if inner[0] >= inner[2] or inner[1] >= inner[3]:
            continue
        keys = _cells(inner)
        hit = _first(keys, grid, inner)
        if hit is not None:
            op = ops[text[1]]
            assert isinstance(op, Text)
            found.append(Overlap(op, text[1], ops[hit], hit))
        entry = (_meets, text)
        for key in keys:
            grid.setdefault(key, []).append(entry)
    return found


Test = Callable[[Any, Box], bool]


def _fill(grid: dict[int, list[tuple[Test, Any]]], things: Iterable[tuple[Box, Test, Any]]) -> None:
    for box, test, item in things:
        entry = (test, item)
        for key in _cells(box):
            grid.setdefault(key, []).append(entry)


def _first(keys: list[int], grid: dict[int, list[tuple[Test, Any]]], box: Box) -> int | None:
    """The op index (an item's last field) of the first thing in the buckets `keys` that crosses the box."""
    if len(keys) == 1:
        for test, item in grid.get(keys[0], ()):
            if test(item, box):
                return int(item[-1])
        return None
    seen: set[int] = set()
    for key in keys:
        for test, item in grid.get(key, ()):
            if id(item) not in seen:
                seen.add(id(item))
                if test(item, box):
                    return int(item[-1])
    return None


def _meets(text: tuple[Box, int], b: Box) -> bool:
    a = text[0]
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _crosses_icon(icon: tuple[Box, int], box: Box) -> bool:
    """An icon's art stands clear of its square's edges: a text is fine inside the square (a letter on a stone)
    or clear of the art, and crosses it where it reaches into the art from outside."""
    square = icon[0]
    inset = (square[2] - square[0]) * ICON_INSET
    art = (square[0] + inset, square[1] + inset, square[2] - inset, square[3] - inset)
    inside = square[0] <= box[0] and box[2] <= square[2] and square[1] <= box[1] and box[3] <= square[3]
    return not inside and art[0] < box[2] and box[0] < art[2] and art[1] < box[3] and box[1] < art[3]


def checked(pages: Sequence[Page], report: Callable[[int, Page, list[Overlap]], None]) -> Sequence[Page]:
    """The pages, each checked as it is laid out (a deck's sheets: as they are drawn); `report` hears a page's
    overlaps with its number (from 1)."""
    if isinstance(pages, Sheets):
        lay_out = pages.lay_out

        def checking() -> Iterator[Page]:
            for number, page in enumerate(lay_out(), 1):
                _check(number, page, report)
                yield page
        return Sheets(len(pages), checking)
    for number, page in enumerate(pages, 1):
        _check(number, page, report)
    return pages


def _check(number: int, page: Page, report: Callable[[int, Page, list[Overlap]], None]) -> None:
    found = overlaps(page)
    if found:
        report(number, page, found)


def reporter(findings: Findings, loc: Loc, where: str) -> Callable[[int, Page, list[Overlap]], None]:
    """Reports each overlap where the crossed text was written (its source on the page), else at `loc`."""
    def report(number: int, page: Page, found: list[Overlap]) -> None:
        for overlap in found:
            source = page.source(overlap.at)
            at = source[0] if source is not None and source[0] is not None else loc
            findings.error(at, f"{where}, page {number}: {overlap.describe(page)}; move or shorten one of them")
    return report


def _cells(box: Box) -> list[int]:
    """The buckets a box reaches into, each a number (a column and a row: cheaper to hash than a pair)."""
    x0, y0, x1, y1 = int(box[0] // CELL), int(box[1] // CELL), int(box[2] // CELL), int(box[3] // CELL)
    if x0 == x1 and y0 == y1:
        return [x0 * ROW + y0]  # most texts lie in one bucket
    return [i * ROW + j for i in range(x0, x1 + 1) for j in range(y0, y1 + 1)]


def _seg_box(seg: Segment) -> Box:
    x1, y1, x2, y2, _ = seg
    return min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)


def _cuts(seg: Segment, box: Box) -> bool:
    """Whether the segment passes through the box's inside (Liang-Barsky clipping)."""
    x1, y1, x2, y2, _ = seg
    bx0, by0, bx1, by1 = box
    if max(x1, x2) <= bx0 or min(x1, x2) >= bx1 or max(y1, y2) <= by0 or min(y1, y2) >= by1:
        return False
    if x1 == x2 or y1 == y2:
        return True  # upright or level, and its extent meets the box's
    low, high, dx, dy = 0.0, 1.0, x2 - x1, y2 - y1
    for p, q in ((-dx, x1 - bx0), (dx, bx1 - x1), (-dy, y1 - by0), (dy, by1 - y1)):
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
    return low < high


def _crosses_ellipse(ellipse: Segment, box: Box) -> bool:
    """Whether the ellipse's outline passes through the box: some of the box inside it, and not all."""
    cx, cy, rx, ry, _ = ellipse
    if rx <= 0 or ry <= 0:
        return False
    x0, y0, x1, y1 = (box[0] - cx) / rx, (box[1] - cy) / ry, (box[2] - cx) / rx, (box[3] - cy) / ry
    near_x, near_y = min(max(0.0, x0), x1), min(max(0.0, y0), y1)
    far_x, far_y = max(abs(x0), abs(x1)), max(abs(y0), abs(y1))
    return near_x * near_x + near_y * near_y < 1 < far_x * far_x + far_y * far_y


def _thing(op: Op) -> str:
    if isinstance(op, Text):
        return f"text '{_short(op.text)}'"
    if isinstance(op, Icon):
        return f"icon '{op.icon.name}'"
    return {Line: "a line", Rect: "the edge of a box", Circle: "the outline of an ellipse",
            Polygon: "the outline of a shape", Tiles: "the edge of a pattern"}.get(type(op), "a drawing")


def _what(page: Page, at: int, default: str) -> str:
    source = page.source(at)
    return f"{source[1]}: {default}" if source is not None and source[1] else default


def _of(page: Page, at: int) -> str:
    source = page.source(at)
    return f" ({source[1]})" if source is not None and source[1] else ""


def _short(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[:most - 3].rstrip() + "..."
