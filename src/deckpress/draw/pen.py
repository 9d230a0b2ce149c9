"""The pen: draws one page's ops, each kind by its own method, setting font, fill, stroke, line width and dash only
when they change. Colours come as the layout stage resolved them: a colour with CMYK values (kept only in files
printed with bleed, for print shops) is drawn in CMYK (`k`/`K`), any other in RGB (`rg`/`RG`); a grey level stays a
grey (`g`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deckpress.draw import dots, fonts, icons, operators, tagging
from deckpress.draw.forms import Forms
from deckpress.draw.inking import INK, Inking
from deckpress.draw.paths import circle_code, path_of, turning
from deckpress.draw.setting import Setting
from deckpress.layout.ops import Circle, Clip, Dots, Icon, Line, Mirror, Path, Picture, Polygon, Rect, Text, Tiles, Turn


class Pen(Inking):
    """Draws ops on one page; lines of text in the same font and ink share one PDF text object."""

    def __init__(self, canvas: Any, tree: tagging.Tree, fields: Forms, setting: Setting) -> None:
        super().__init__(canvas, tree, fields, setting)
        self.drawn = 0  # ops drawn on the page, turns and clips among them
        self.turns: list[tuple[int, tuple[object, ...]]] = []  # where each open turn ends, and the state before it

    def draw(self, op: object) -> None:
        if type(op) is Text and not op.angle:  # the most common op first
            self.drawn += 1
            if self.line is not None:
                self.settle(op)
            if self.tree.current is not self.marked:
                self._mark()
            self._write(op)
        else:
            try:
                drawn = KINDS[type(op)]
            except KeyError:  # a kind the pen does not know fails here, never drawn as nothing
                raise TypeError(f"the pen cannot draw a {type(op).__name__}") from None
            drawn(self, op)
        turns = self.turns
        while turns and turns[-1][0] <= self.drawn:  # the turn's last op is drawn: back to the state before it
            self._unturn()

    def end(self) -> None:
        while self.turns:
            self._unturn()
        self._close()

    def _begin(self, op: object) -> None:
        """Any op but a line of text, a turn or a die-cut contour: the line set before it written, its marked
        content open, the text object closed."""
        self.drawn += 1
        if self.line is not None:
            self.settle(op)
        if self.tree.current is not self.marked:
            self._mark()
        if self.text is not None:
            self.flush()

    def _turn(self, op: Turn | Clip) -> None:
        """A turn, or a clip: each holds the state for its ops and restores it after them."""
        self.drawn += 1
        self._close()
        self.turns.append((self.drawn + op.ops, self.state))
        self.c.saveState()
        self.fields.enter(op)  # a field over what is turned is placed where the turn puts it
        if isinstance(op, Turn):
            self.c.transform(*turning(op))
        else:
            self.c.clipPath(path_of(self.c, op.steps), stroke=0, fill=0)

    def _unturn(self) -> None:
        self._close()
        _, state = self.turns.pop()
        self.fields.leave()
        self.c.restoreState()  # the PDF's state and ReportLab's return to what they were: so does the pen's
        self.state = state

    def _icon(self, op: Icon) -> None:
        self._begin(op)
        self._name(op)
        icons.place(self.c, op)

    def _tiles(self, op: Tiles) -> None:
        self._begin(op)
        icons.tile(self.c, op)

    def _dots(self, op: Dots) -> None:
        self._begin(op)
        dots.place(self.c, op)

    def _turned_text(self, op: Text) -> None:
        self._begin(op)
        c = self.c
        self._grey(op.ink or INK)
        self.font = None  # set inside the saved state: unknown once it is restored
        c.saveState()
        c.setFont(fonts.font(op.font).fontName, op.size)
        c.translate(op.x, op.y)
        c.rotate(op.angle)
        c.drawString(0, 0, op.text)
        c.restoreState()

    def _line(self, op: Line) -> None:
        self._begin(op)
        self._outline(op.stroke)
        self._stroke(op.width, op.dash)
        operators.line(self.code, op.x1, op.y1, op.x2, op.y2)
        if op.field is not None:  # a place to write in drawn: a form field over it
            self.fields.add(op, len(self.tree.marks) - 1)

    def _rect(self, op: Rect) -> None:
        self._begin(op)
        self._shape(op.fill, op.width, op.stroke)
        if op.radius:
            self.c.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=int(op.width > 0),
                             fill=int(op.fill is not None))
        else:
            operators.rect(self.code, op.x, op.y, op.w, op.h,
                           operators.painting(self.c, op.width > 0, op.fill is not None))
        if op.field is not None:
            self.fields.add(op, len(self.tree.marks) - 1)

    def _circle(self, op: Circle) -> None:
        self._begin(op)
        self._shape(op.fill, op.width, op.stroke)
        self.code.append(circle_code(op.x, op.y, op.r, op.r if op.ry is None else op.ry))
        self.code.append(operators.painting(self.c, op.width > 0, op.fill is not None))

    def _picture(self, op: Picture) -> None:
        self._begin(op)
        self._name(op)
        self.c.drawImage(op.path, op.x, op.y, op.w, op.h, mask="auto")

    def _polygon(self, op: Polygon) -> None:
        self._begin(op)
        self._shape(op.fill, op.width, op.stroke)
        steps = (("M", *op.points[0]), *[("L", *p) for p in op.points[1:]], *([("Z",)] if op.closed else []))
        self.code.append(operators.path(steps))
        self.code.append(operators.painting(self.c, op.width > 0, op.fill is not None))

    def _path(self, op: Path) -> None:
        if op.die_cut:  # in a colour and state of its own
            self.drawn += 1
            if self.line is not None:
                self.settle(op)
            self._die_cut(op)
            return
        self._begin(op)
        self._shape(op.fill, op.width, op.stroke)
        self._stroke(op.width, op.dash)
        self.code.append(operators.path(op.steps))
        self.code.append(operators.painting(self.c, op.width > 0, op.fill is not None))


# each kind of op, and how the pen draws it (the pen's own functions, not its bound methods: a pen holding its own
# methods would be a cycle, kept with its page's content until the garbage collector came round)
KINDS: dict[type, Callable[[Pen, Any], None]] = {
    Turn: Pen._turn, Mirror: Pen._turn, Clip: Pen._turn, Icon: Pen._icon, Tiles: Pen._tiles, Text: Pen._turned_text,
    Line: Pen._line, Rect: Pen._rect, Circle: Pen._circle, Picture: Pen._picture, Polygon: Pen._polygon,
    Path: Pen._path, Dots: Pen._dots}
