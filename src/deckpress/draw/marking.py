"""A page's marked content, and the text object open on it: what the pen closes before anything else is drawn."""

from __future__ import annotations

from typing import Any

from deckpress.draw import tagging
from deckpress.draw.forms import Forms
from deckpress.draw.paths import die_cut
from deckpress.draw.setting import Setting, TextObject
from deckpress.layout.ops import Icon, Path, Picture, Text

RUNS_ON = (" ", "-", "\u00ad", "\u2010")  # a line ending in these reads on into the next without a space


class Marks:
    """A page's marked content: each run of ops of one structure element a sequence with its own id, furniture an
    artifact; a sequence never straddles a text object (the open text is drawn before it closes) nor a saved state
    (the pen closes it before a turn and after)."""

    def __init__(self, canvas: Any, tree: tagging.Tree, fields: Forms, setting: Setting) -> None:
        self.c, self.tree, self.fields, self.setting = canvas, tree, fields, setting  # fields: places to write in
        self.code: list[str] = canvas._code  # the page's content, as ReportLab's methods append to it
        self.marked: tagging.Element | None | bool = False  # the open sequence's element (None: artifact); False: none
        self.text: TextObject | None = None  # the open run of text
        self.line: Text | None = None  # its last line, set when the next op says whether the element runs on

    def _mark(self) -> None:
        """The next op is in the open sequence, or closes it and opens its own."""
        element = self.tree.current
        if element is self.marked:
            return
        self._close()
        self.marked = element
        if element is None:
            self.code.append("/Artifact BMC")
        else:
            self.code.append(f"/{element.role} <</MCID {self.tree.mark(element)}>> BDC")

    def _name(self, op: Icon | Picture) -> None:
        """A figure the layout left unnamed is named by what it shows: its icons' names, a picture's file."""
        element = self.marked
        if isinstance(element, tagging.Element) and element.role == "Figure" and not element.named:
            shown = op.icon.name if isinstance(op, Icon) else op.path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            element.alt = f"{element.alt}, {shown}" if element.alt else shown

    def _die_cut(self, op: Path) -> None:
        """A die-cut contour, drawn as an artifact whatever element is open."""
        self._close()
        self.code.append("/Artifact BMC")
        die_cut(self.c, op.steps, op.width)
        self.code.append("EMC")

    def _close(self) -> None:
        self.flush()
        if self.marked is not False:
            self.code.append("EMC")
            self.marked = False

    def settle(self, op: object) -> None:
        """The last line set, read as ending in a space where the same element goes on past it (on another line,
        or with a rule to write on): a span whose actual text is the line and a space, so that read through the
        structure (or copied) its words do not run into the next line's."""
        line, self.line = self.line, None
        text = self.text
        if line is None or text is None:
            return
        same_line = type(op) is Text and not op.angle and op.y == line.y
        runs_on = (op is not None and not same_line and self.marked is not None and self.tree.current is self.marked
                   and not line.text.endswith(RUNS_ON))
        text.show(line.text)
        if runs_on:  # an invisible space: read, never drawn
            text.code.append("3 Tr")
            text.show(" ")
            text.code.append("0 Tr")

    def flush(self) -> None:
        if self.line is not None:
            self.settle(None)
        if self.text is not None:
            self.code.append(self.text.end())
            self.text = None
