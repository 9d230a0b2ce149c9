"""A repeat: one element laid out many times on a card, in rows and columns, once per item of a card's list or
along a path (a score track, a mini-grid, a row of tick boxes). The face draws each repetition as the element it
repeats (`deckpress.layout.face`); `deckpress.layout.computed.repetition` says where."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from deckpress.findings import Findings, echoed
from deckpress.layout.computed.repetition import (
    Excess,
    beyond,
    counted,
    expression,
    laid_out,
    outside,
    places,
    running,
)
from deckpress.layout.elements.kind import Box, Face, Kind, Reading, read_shown, register
from deckpress.layout.keys import REQUIRED, Key
from deckpress.load.sources import Node
from deckpress.model import Element
from deckpress.numerals import whole

NAMES = "`index`, `row`, `column` (each from 0) and `item`"
NOT_HERE = ("style", "valign", "colour", "rotate", "index")  # shared keys that go on the element repeated


@register
class Repeat(Kind):
    name = "repeat"
    doc = ("one element laid out many times: `count` times or once per item of a list (`over`), in rows of "
           "`columns` a `step_mm` apart, at the `cell` a template gives, or `along` a path; its box holds every "
           f"repetition; the repeated element's templates read {NAMES}")
    keys = (
        Key("repeat", "element", REQUIRED, "the element repeated (any kind, a repeat too), its `box_mm` from each "
                                           "repetition's place"),
        Key("count", "count", None, "how many repetitions, e.g. `16` or `{{ card.hourglasses }}`"),
        Key("over", "template", None, "a template giving a list, e.g. `{{ card.shape }}`: one repetition per "
                                      "item, its `item`"),
        Key("columns", "int", None, "repetitions a row before the next row starts (none: all in one row)", 1),
        Key("step_mm", "numbers", None, "from one repetition to the next: across a row, and down to the next row",
            count=2),
        Key("cell", "template", None, "a template giving [column, row], e.g. `{{ item }}`: each repetition at "
                                      "that cell of the step_mm grid instead of in turn"),
        Key("along", "path", None, "lays the repetitions evenly along a rectangle's edge (from its top-left "
                                   "corner) or a circle (from its top), clockwise, in mm from the repeat's box; "
                                   "each repeated box centred on its point"),
        Key("alt", "alt", None, "what the repetitions say together in the text edition (none: what each says, "
                                "counted: `3 × hourglass`, `0 to 60`); `''`: nothing"),
    )
    leads = ("repeat",)
    styled = False

    def draw(self, face: Face, element: Element, box: Box) -> None:
        raise TypeError("a repeat is drawn by the face, repetition by repetition")  # deckpress.layout.face

    def read(self, reading: Reading, element: Element) -> list[str] | None:
        """Its `alt`; else what its repetitions say, counted (a grid of panels says nothing)."""
        alt = element.keys["alt"]
        if alt is not None:
            said = reading.render(element, "alt")
            return [said] if said and said.strip() else None
        child, lines = element.keys["repeat"], []
        try:
            for place in places(reading.texts, reading.card, element, element.box, reading.findings):
                lines += read_shown(replace(reading, texts=place.texts), child) or []
        except Excess:
            if reading.texts.repetitions > 1:
                raise  # to the outermost repeat
            return None
        return counted(lines, reading.say)

    def review(self, node: Node, keys: dict[str, Any], findings: Findings) -> None:
        """How many and where: one of `count` and `over`; a step or a path; the repetitions inside its box."""
        name, given = keys["name"], node.value
        for key in (k for k in NOT_HERE if k in given):
            findings.error(node.key_locs[key], f"element {name}: {key} goes on the element it repeats")
        if (keys["count"] is None) == (keys["over"] is None):
            findings.error(node.loc, f"element {name} repeats an element: give it `count` (how many) or `over` (a "
                                     f"list, one repetition per item), one of them")
        for key in ("over", "cell"):
            if keys[key] is not None and expression(keys[key]) is None:
                findings.error(given[key].loc, f"element {name}: {key} must be one template expression, e.g. "
                                               f"\"{{{{ card.shape }}}}\", got '{echoed(keys[key])}'")
        if keys["along"] is not None:
            for key in (k for k in ("step_mm", "columns", "cell") if k in given):
                findings.error(given[key].loc, f"element {name}: along lays the repetitions on its path, so {key} "
                                               f"is not used")
            return
        if keys["step_mm"] is None:
            findings.error(node.loc, f"element {name} repeats an element: give step_mm [dx, dy] (from one "
                                     f"repetition to the next, across and down) or along (a path)")
        elif keys["step_mm"] == (0, 0) and keys["count"] != "1":
            findings.error(given["step_mm"].loc, f"element {name}: step_mm [0, 0] lays every repetition on the "
                                                 f"first")
        else:
            _fits(node, keys, findings)


def _fits(node: Node, keys: dict[str, Any], findings: Findings) -> None:
    """A repeat of so many in rows lies inside its box (known before any card is drawn); else where it ends."""
    count = None if keys["count"] is None else whole(keys["count"])
    if count is None or keys["cell"] is not None:
        return  # a template's count is known card by card; the count key holds a literal one to MAX_COUNT
    cells = running(count, keys["columns"])
    boxes = laid_out(keys, keys["repeat"].box, cells)
    far = outside(boxes, keys["box_mm"][2:])
    if far is not None:
        findings.error(node.value["step_mm"].loc, beyond(keys["name"], far, cells[far], boxes[far],
                                                         keys["box_mm"][2:]))
