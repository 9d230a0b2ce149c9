"""A `repeat` element's repetitions on one card: how many (`count`) or once per item of a list (`over`); where
each goes (in rows of `columns`, a `step_mm` apart; at the grid `cell` a template gives; or `along` a path); and
the names its child's templates read there: `index`, `row` and `column` (each from 0) and `item`.

Geometry is in mm from the repeat's own box; each repetition must lie inside that box. Templates are compiled
once for every card and repetition (`Templates.of`); a repetition costs its child's drawing and no more.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deckpress.findings import Findings, echoed, echoed_value
from deckpress.layout.computed.paths import along
from deckpress.model import Card, Element
from deckpress.numerals import MAX_COUNT, whole
from deckpress.templating import CardText

MAX_REPEATS = MAX_COUNT  # repetitions on a card, a repeat's inside another's multiplied: more is a mistake
EXPRESSION = re.compile(r"\s*\{\{(?P<expression>(?:(?!\{\{|\}\}|\{%).)*)\}\}\s*", re.S)
Cell = tuple[int, int]  # column, row
Box = tuple[float, float, float, float]  # x, y, w, h in mm


class Excess(Exception):
    """A repeat inside repeats gave more repetitions than a card takes (said where it is): its outermost repeat
    draws nothing more of it, on that card."""


@dataclass(frozen=True, slots=True)
class Place:
    """One repetition: its child's box on the page, and the card's templates with its names to read."""

    box: Box
    texts: CardText


def places(texts: CardText, card: Card, element: Element, box: Box, findings: Findings) -> list[Place]:
    """Every repetition of the repeat element drawn at `box` (mm on the page), in order; none in error."""
    label = card.label or str(card.index)
    items = _items(texts, element, findings, label)
    if not items:
        return []
    each = _each(element.keys["repeat"])
    if len(items) * texts.repetitions * each > MAX_REPEATS:  # 10,000 of a repeat of 10,000: 10**8 drawings
        findings.error(element.at("count" if element.keys["over"] is None else "over"),
                       _too_many(element.name, len(items), each, texts.repetitions), label)
        if texts.repetitions > 1:
            raise Excess  # said once: the repeats around it stop (each repetition would say it again)
        return []
    cells = _cells(texts, items, element, findings, label)
    if cells is None:
        return []
    boxes = laid_out(element.keys, element.keys["repeat"].box, cells)
    far = outside(boxes, box[2:])
    if far is not None:
        findings.error(element.loc, beyond(element.name, far, cells[far], boxes[far], box[2:],
                                           element.keys["along"] is not None), label)
        return []
    x, y, among = *box[:2], len(boxes)
    return [Place((x + bx, y + by, bw, bh), texts.repeated({"index": i, "item": item, "column": c, "row": r}, among))
            for i, ((bx, by, bw, bh), item, (c, r)) in enumerate(zip(boxes, items, cells, strict=True))]


def _each(child: Element) -> int:
    """How many drawings each repetition makes, as far as the literal counts of the repeats inside say (a
    template's count is the card's: said by its own repeat, card by card)."""
    if child.kind != "repeat":
        return 1
    count = None if child.keys["count"] is None else whole(child.keys["count"])
    return (1 if count is None else count) * _each(child.keys["repeat"])


def _too_many(name: str, count: int, each: int, within: int) -> str:
    of = f" of {each:,} each" if each > 1 else ""
    inside = f" inside repeats of {within:,}" if within > 1 else ""
    return (f"element {name}: {count:,} repetitions{of}{inside} give {count * each * within:,} on the card; at most "
            f"{MAX_REPEATS:,} in all")


def running(count: int, columns: int | None) -> list[Cell]:
    """Cells in reading order: `columns` a row (none: all in one row), row after row."""
    across = columns or max(count, 1)
    return [(i % across, i // across) for i in range(count)]


def laid_out(keys: dict[str, Any], child: Box, cells: Sequence[Cell]) -> list[Box]:
    """The child's box at each cell, or at each point along the path, in mm from the repeat's box: `along` centres
    it on its point, offset by its box's x and y."""
    cx, cy, cw, ch = child
    if keys["along"] is not None:
        shape, numbers = keys["along"]
        return [(px - cw / 2 + cx, py - ch / 2 + cy, cw, ch) for px, py in along(shape, numbers, len(cells))]
    dx, dy = keys["step_mm"]
    return [(c * dx + cx, r * dy + cy, cw, ch) for c, r in cells]


def outside(boxes: Sequence[Box], size: Sequence[float]) -> int | None:
    """The first repetition reaching past the repeat's box (`size`: its width and height), if one does."""
    w, h = size
    for n, (x, y, bw, bh) in enumerate(boxes):
        if x < -1e-6 or y < -1e-6 or x + bw > w + 1e-6 or y + bh > h + 1e-6:
            return n
    return None


def beyond(name: str, n: int, cell: Cell, box: Box, size: Sequence[float], along: bool = False) -> str:
    """The finding for a repetition past its repeat's box, in the designer's terms: where it stands (its row and
    column; along a path, its place on it) and what to change."""
    x, y, w, h = box
    where, change = ("along its path", "the path (`along`) smaller") if along else (
        f"(row {cell[1] + 1}, column {cell[0] + 1})", "step_mm or count smaller")
    return (f"element {name}: repetition {n + 1} {where} reaches from {x:g}, {y:g} to {x + w:g}, {y + h:g} mm in "
            f"its {size[0]:g} x {size[1]:g} mm box, past its edge: make {change}, or the box larger")


def expression(source: str) -> str | None:
    """The expression of a template that is one `{{ expression }}` (whose value, not text, is wanted)."""
    found = EXPRESSION.fullmatch(source)
    return found.group("expression") if found else None


def _items(texts: CardText, element: Element, findings: Findings, label: str) -> list[Any] | None:
    """What is repeated: the list `over` gives, or `count` numbers from 0 (a problem said at the key's value)."""
    keys, what = element.keys, f"element {element.name}"
    if keys["over"] is not None:
        loc = element.at("over")
        value = texts.value(expression(keys["over"]) or "", loc, findings, what, label)
        if isinstance(value, (list, tuple, range)) and len(value) <= MAX_REPEATS:
            return list(value)
        if value is not None:
            findings.error(loc, f"{what}: over must give a list of at most {MAX_REPEATS:,} items", label,
                           echoed_value(value))
        return None
    loc = element.at("count")
    said = texts.render(keys["count"], loc, findings, what, label)
    count = None if said is None else whole(said, MAX_REPEATS)
    if count is not None:
        return list(range(count))
    if said is not None:
        findings.error(loc, f"{what}: count must give a whole number from 0 to {MAX_REPEATS:,}", label,
                       f"'{echoed(said.strip())}'")
    return None


def _cells(texts: CardText, items: list[Any], element: Element, findings: Findings, label: str) -> list[Cell] | None:
    """Each repetition's [column, row]: from `cell` (reading its `index` and `item`) where it is given, else in
    reading order."""
    source = element.keys["cell"]
    if source is None:
        return running(len(items), element.keys["columns"])
    cells, read, loc = [], expression(source) or "", element.at("cell")
    for i, item in enumerate(items):
        value = texts.repeated({"index": i, "item": item}, len(items)).value(read, loc, findings,
                                                                             f"element {element.name}", label)
        if not _is_cell(value):
            if value is not None:
                findings.error(loc, f"element {element.name}: cell must give [column, row], two whole numbers "
                                    f"from 0", label, echoed_value(value))
            return None
        cells.append((int(value[0]), int(value[1])))
    return cells


def _is_cell(value: Any) -> bool:
    return (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value))


def counted(lines: list[str], say: Callable[..., str]) -> list[str] | None:
    """What the repetitions say together: one thing N times (`16 × hourglass`), a run of numbers (`0 to 60`), or
    each in turn, in one line."""
    if not lines:
        return None
    if len(set(lines)) == 1:
        return lines if len(lines) == 1 else [say("html_icons", count=len(lines), name=lines[0])]
    numbers = [n for line in lines if (n := whole(line, signed=True)) is not None]
    if len(numbers) == len(lines) >= 3 and all(b - a == 1 for a, b in zip(numbers, numbers[1:], strict=False)):
        return [say("html_run", first=numbers[0], last=numbers[-1])]
    return [", ".join(lines)]
