"""Text struck through: a text that crosses a line, a box's edge, an outline or another text on its page.

Every text's box runs from its font's descender to its cap height and across its measured width; a text inside a
box or an ellipse, or clear of it, is fine; one that a border, rule, cut line or another text runs through is not.
Turned texts are turned through their `Turn`; one turned off the square is measured by its four corners. Ops are
bucketed by position: a sheet of nine cards with hundreds of ops compares each text only with what lies near it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from deckpress.findings import Findings, Loc
from deckpress.layout.art import convex
from deckpress.layout.outlines import ICON_INSET, Area, Box, Segment, shapes
from deckpress.layout.page import Circle, Dots, Icon, Line, Op, Page, Path, Polygon, Rect, Sheets, Text, Tiles

EPS = 0.3  # pt: texts and edges that only touch do not cross
CELL = 96.0  # pt: the side of a bucket
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
    grid = _furniture(tuple(edges), tuple(rounds), tuple(icons))
    own: dict[int, list[Entry]] = {}  # bucket -> the texts checked so far that reach into it
    found: list[Overlap] = []
    ops = page.ops
    for (x0, y0, x1, y1), at, quad in texts:
        turned = None if quad is None else convex.inset(quad, EPS)
        inner = (x0 + EPS, y0 + EPS, x1 - EPS, y1 - EPS) if turned is None else convex.bounds(turned)
        if inner[0] >= inner[2] or inner[1] >= inner[3]:
            continue
        cx, cy = int(inner[0] // CELL), int(inner[1] // CELL)  # `_cells`, inline for a text in one bucket
        keys = [cx * ROW + cy] if cx == int(inner[2] // CELL) and cy == int(inner[3] // CELL) else _cells(inner)
        hit = _first(keys, (grid, own), inner, turned)
        if hit is not None:
            op = ops[at]
            assert isinstance(op, Text)
            found.append(Overlap(op, at, ops[hit], hit))
        entry: Entry = (x0, y0, x1, y1, at, None if quad is None else _meets, quad or (x0, y0, x1, y1), _meets)
        for key in keys:
            own.setdefault(key, []).append(entry)
    return found


@lru_cache(maxsize=256)  # a catalogue's card sheets and pages of furniture, from one check to the next
def _furniture(edges: tuple[Segment, ...], rounds: tuple[Segment, ...], icons: tuple[Area, ...]
               ) -> dict[int, list[Entry]]:
    """What the page's texts are checked against, bucketed: its lines, edges, outlines and icons. Keyed by their
    geometry (and their ops' places on the page), so the sheets of a deck that repeat the same cut lines, frames
    and icons in the same places, as most do, share one: only their texts are checked page by page. Read only."""
    grid: dict[int, list[Entry]] = {}  # bucket -> what reaches into it
    for e in edges:  # a level or upright edge is its own (flat) box: it crosses a text whose box it meets
        x1, y1, x2, y2, at = e  # its box, its ends in order (a sheet has thousands)
        _put(grid, (x2 if x2 < x1 else x1, y2 if y2 < y1 else y1, x2 if x2 > x1 else x1, y2 if y2 > y1 else y1, at,
                    None if x1 == x2 or y1 == y2 else _cuts, e, _cuts))
    for r in rounds:
        _put(grid, (r[0] - r[2], r[1] - r[3], r[0] + r[2], r[1] + r[3], r[4], _crosses_ellipse, r,
                    _crosses_ellipse))
    for icon in icons:
        _put(grid, (*icon[0], icon[1], _crosses_icon, icon, _crosses_icon))
    return grid


Test = Callable[[Any, Box, "Sequence[convex.Point] | None"], bool]
# a thing's bounding box, its op's index, its own test once the boxes meet (None: meeting is crossing), the thing,
# and its test against a text turned off the square
Entry = tuple[float, float, float, float, int, Test | None, Any, Test]


def _put(grid: dict[int, list[Entry]], entry: Entry) -> None:
    x0, x1, y0, y1 = int(entry[0] // CELL), int(entry[2] // CELL), int(entry[1] // CELL), int(entry[3] // CELL)
    if x0 == x1 and y0 == y1:  # `_cells`, inline for the one bucket most things lie in
        grid.setdefault(x0 * ROW + y0, []).append(entry)
        return
    for key in _cells(entry[:4]):
        grid.setdefault(key, []).append(entry)


def _first(keys: list[int], grids: tuple[dict[int, list[Entry]], ...], box: Box,
           turned: Sequence[convex.Point] | None) -> int | None:
    """The op index of the first thing in the buckets `keys` of the grids (in turn) that crosses the box (a text
    turned off the square: the box round its corners, `turned`)."""
    bx0, by0, bx1, by1 = box
    seen: set[int] = set()
    for key in keys:
        for grid in grids:
            for e in grid.get(key, ()):
                if e[0] < bx1 and bx0 < e[2] and e[1] < by1 and by0 < e[3]:
                    if len(keys) > 1:
                        if id(e) in seen:
                            continue
                        seen.add(id(e))
                    if turned is not None:
                        if e[7](e[6], box, turned):
                            return e[4]
                        continue
                    test = e[5]
                    if test is None or test(e[6], box, None):
                        return e[4]
    return None


def _crosses_icon(icon: Area, box: Box, turned: Sequence[convex.Point] | None) -> bool:
    """An icon's art stands clear of its box's edges: a text is fine inside the box (a letter on a stone)
    or clear of the art, and crosses it where it reaches into the art from outside."""
    square, _, corners = icon
    if corners is None and turned is None:
        dx, dy = (square[2] - square[0]) * ICON_INSET, (square[3] - square[1]) * ICON_INSET
        art = (square[0] + dx, square[1] + dy, square[2] - dx, square[3] - dy)
        inside = square[0] <= box[0] and box[2] <= square[2] and square[1] <= box[1] and box[3] <= square[3]
        return not inside and art[0] < box[2] and box[0] < art[2] and art[1] < box[3] and box[1] < art[3]
    outline = corners or convex.of_box(square)
    text = turned or convex.of_box(box)
    cx, cy = sum(p[0] for p in outline) / 4, sum(p[1] for p in outline) / 4
    keep = 1 - 2 * ICON_INSET
    art_shape = [(cx + (x - cx) * keep, cy + (y - cy) * keep) for x, y in outline]
    return not convex.inside(text, outline) and convex.cross(art_shape, text)


def _meets(other: Any, box: Box, turned: Sequence[convex.Point] | None) -> bool:
    """Whether an earlier text (its box, or its corners turned off the square) meets this one."""
    shape = other if isinstance(other[0], tuple) else convex.of_box(other)
    return convex.cross(shape, turned or convex.of_box(box))


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


def reporter(findings: Findings, loc: Loc, where: str, edition: str = "") -> Callable[[int, Page, list[Overlap]], None]:
    """Reports each overlap where the crossed text was written (its source on the page), else at `loc`; on a
    card's face, as one finding for every card it is met on (its texts and page said of the first), said of the
    `edition` alone where the card crosses its own text: a card is the same on every paper."""
    def report(number: int, page: Page, found: list[Overlap]) -> None:
        for overlap in found:
            written, what, card = page.made(overlap.at) or (None, "", None)
            at = written or loc
            if card is None:
                findings.error(at, f"{where}, page {number}: {overlap.describe(page)}; move or shorten one of them")
                continue
            own = edition and (page.made(overlap.other_at) or (None, "", None))[2] is card
            findings.error(at, f"{edition if own else where}: {what}: its text is crossed by "
                               f"{_crossed_by(page, overlap)}; move or shorten one of them",
                           card.label or str(card.index),
                           f"'{_short(overlap.text.text)}'{_by(overlap.other)} on page {number}")
    return report


def alike(page: Page, found: list[Overlap]) -> list[tuple[Overlap, int]]:
    """The overlaps, one for each element's text and what crosses it (a track's numbers crossing one another are one
    problem, not hundreds), each the first met with how many times it is met, in the order first met."""
    counted: dict[object, tuple[Overlap, int]] = {}
    for overlap in found:
        text, other = page.made(overlap.at), page.made(overlap.other_at)
        # alike: the same element's text crossed by the same element; a text no element made is alike no other
        key = (text[:2] if text else overlap.at, type(overlap.other), other[:2] if other else overlap.other_at)
        first, times = counted.get(key, (overlap, 0))
        counted[key] = first, times + 1
    return list(counted.values())


def _by(crossing: Op) -> str:
    """The card's own words or picture that cross its text, said with the text (`by 'Lanterns'`)."""
    if isinstance(crossing, Text):
        return f" by '{_short(crossing.text)}'"
    return f" by icon '{crossing.icon.name}'" if isinstance(crossing, Icon) else ""


def _crossed_by(page: Page, overlap: Overlap) -> str:
    """What crosses a card's text, as every card it is met on says it: a text by its element's name, not its words."""
    other = page.made(overlap.other_at)
    named = other[1] if other is not None else ""
    if isinstance(overlap.other, (Text, Icon)):  # its words or its picture are each card's own
        kind = "text" if isinstance(overlap.other, Text) else "icon"
        return f"the {kind} of {named}" if named else f"another {kind}"
    return f"{_thing(overlap.other)} ({named})" if named else _thing(overlap.other)


def _cells(box: Box) -> list[int]:
    """The buckets a box reaches into, each a number (a column and a row: cheaper to hash than a pair)."""
    x0, y0, x1, y1 = int(box[0] // CELL), int(box[1] // CELL), int(box[2] // CELL), int(box[3] // CELL)
    if x0 == x1 and y0 == y1:
        return [x0 * ROW + y0]  # most texts lie in one bucket
    return [i * ROW + j for i in range(x0, x1 + 1) for j in range(y0, y1 + 1)]


def _cuts(seg: Segment, box: Box, turned: Sequence[convex.Point] | None = None) -> bool:
    """Whether the segment passes through the box's inside (Liang-Barsky clipping), or a turned text's."""
    x1, y1, x2, y2, _ = seg
    if turned is not None:
        return convex.segment_crosses(x1, y1, x2, y2, turned)
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


def _crosses_ellipse(ellipse: Segment, box: Box, turned: Sequence[convex.Point] | None = None) -> bool:
    """Whether the ellipse's outline passes through the box: some of the box inside it, and not all."""
    cx, cy, rx, ry, _ = ellipse
    if turned is not None:
        return convex.crosses_ellipse(cx, cy, rx, ry, turned)
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
            Polygon: "the outline of a shape", Path: "the outline of a shape",
            Tiles: "the edge of a pattern", Dots: "a dot"}.get(type(op), "a drawing")


def _what(page: Page, at: int, default: str) -> str:
    source = page.source(at)
    return f"{source[1]}: {default}" if source is not None and source[1] else default


def _of(page: Page, at: int) -> str:
    source = page.source(at)
    return f" ({source[1]})" if source is not None and source[1] else ""


def _short(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[:most - 3].rstrip() + "..."
