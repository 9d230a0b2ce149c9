"""Lines of text set as ReportLab sets them in a text object, each line's encoding made once a document.

A line in an embedded TrueType face is written in the codes of the face's subsets, which ReportLab gives the
characters as they first appear in the document (`TTFont.splitString`); encoding it took a third of the drawing's
time, and a deck sets the same lines on card after card. Once a line has been encoded in a document its
characters have their codes there for good, so the same line, in the same face and size, starting in the same
subset, encodes to the same operators: each is made by ReportLab's own `_formatText` the first time, and taken
from the document's `Setting` after. The cache is the document's: another document gives its characters other
codes.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.textobject import PDFTextObject

from deckpress.draw.operators import numbers

Key = tuple[str, float, int, str]  # face, size, the subset the text object is in, the line


class Setting:
    """One document's encoded lines: (face, size, subset before, line) -> (operators, subset after)."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.encoded: dict[Key, tuple[str, int]] = {}
        self.scratch: Any = None  # a text object of ReportLab's that encodes a line not yet set

    def encode(self, face: str, size: float, subset: int, text: str) -> tuple[str, int]:
        """The operators that show `text` in a text object set in `face` at `size` whose last text was in `subset`
        (-1: none yet), as `_formatText` writes them; and the subset the object is in after them."""
        key = (face, size, subset, text)
        found = self.encoded.get(key)
        if found is None:
            found = self.encoded[key] = self._encoded(face, size, subset, text)
        return found

    def _encoded(self, face: str, size: float, subset: int, text: str) -> tuple[str, int]:
        scratch = self.scratch
        if scratch is None:
            scratch = self.scratch = PDFTextObject(self.canvas)
        if (scratch._fontname, scratch._fontsize) != (face, size):
            scratch.setFont(face, size)
        scratch._curSubset = subset
        operators = scratch._formatText(text)
        return operators, scratch._curSubset


class TextObject:
    """A text object as ReportLab's `beginText()` begins it and `drawText` ends it: lines placed by their origin
    (`setTextOrigin`), shown in the canvas's face as the object began."""

    __slots__ = ("setting", "face", "size", "subset", "code")

    def __init__(self, setting: Setting, face: str, size: float) -> None:
        self.setting, self.face, self.size, self.subset = setting, face, size, -1
        self.code = ["BT", "1 0 0 1 0 0 Tm"]

    def origin(self, x: float, y: float) -> None:
        self.code.append(f"1 0 0 1 {numbers(x, y)} Tm")

    def show(self, text: str) -> None:
        """`textOut`: the line's operators (the cursor it moves is never read: each line sets its origin)."""
        operators, self.subset = self.setting.encode(self.face, self.size, self.subset, text)
        self.code.append(operators)

    def end(self) -> str:
        self.code.append("ET")
        return " ".join(self.code)
