"""The pen's inks and font: set only when they change, a line of text in a text object of its font and ink."""

from __future__ import annotations

from typing import Any

from deckpress.colour import Colour
from deckpress.draw import fonts, operators, tagging
from deckpress.draw.forms import Forms
from deckpress.draw.marking import Marks
from deckpress.draw.operators import Paint
from deckpress.draw.setting import Setting, TextObject
from deckpress.layout.ops import Text

INK = 0.0  # black on white: the strongest contrast for every reader


class Inking(Marks):
    """The fill, stroke, line width, dash and font the page is drawn in so far."""

    def __init__(self, canvas: Any, tree: tagging.Tree, fields: Forms, setting: Setting) -> None:
        super().__init__(canvas, tree, fields, setting)
        self.grey: Paint | None = None  # the fill
        self.stroke: Colour | None = None  # None: black, the PDF's own
        self.width: float | None = None
        self.dash: tuple[float, ...] | None = None
        self.font: tuple[str, float] | None = None
        self.face = ""  # the font's name in ReportLab

    @property
    def state(self) -> tuple[object, ...]:
        """What a saved state holds of the pen's: put back as it is restored."""
        return self.grey, self.stroke, self.width, self.dash, self.font, self.face

    @state.setter
    def state(self, state: tuple[object, ...]) -> None:
        self.grey, self.stroke, self.width, self.dash, self.font, self.face = state  # type: ignore[assignment]

    def _write(self, op: Text) -> None:
        ink = op.ink or INK
        if self.text is not None and ink != self.grey:  # a text object is set in one ink
            self.flush()
        if self.font != (op.font, op.size):  # a text object takes the canvas's font as it begins
            self.flush()
            self.font, self.face = (op.font, op.size), fonts.font(op.font).fontName
            operators.font(self.c, self.face, op.size)
        if self.text is None:
            self._grey(ink)  # text is in its ink, whatever a white panel under it set
            self.text = TextObject(self.setting, self.face, op.size)
        self.text.origin(op.x, op.y)
        self.line = op

    def _shape(self, fill: Paint | None, width: float, stroke: Colour | None = None) -> None:
        """A shape's fill (ink when it has none: the outline's colour) and stroke."""
        grey = INK if fill is None else fill
        if grey is not self.grey:  # (the same object is the same paint: no comparison of two colours' values)
            self._grey(grey)
        if width != self.width or self.dash != ():
            self._stroke(width)
        if stroke is not self.stroke:
            self._outline(stroke)

    def _outline(self, stroke: Colour | None) -> None:
        if stroke != self.stroke:
            self.stroke = stroke
            operators.stroke(self.c, stroke, INK)

    def _grey(self, grey: Paint) -> None:
        if grey != self.grey:
            self.grey = grey
            operators.fill(self.c, grey)

    def _stroke(self, width: float, dash: tuple[float, ...] = ()) -> None:
        if width != self.width:
            self.width = width
            operators.line_width(self.c, width)
        if dash != self.dash:
            self.dash = dash
            self.c.setDash(list(dash) if dash else [])  # ReportLab's: it checks the pattern
