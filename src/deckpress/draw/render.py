"""Render stage: draw laid-out pages with ReportLab. No decisions here, only drawing.

Colours come as the layout stage resolved them: a colour with CMYK values (kept only in files printed with bleed,
for print shops) is drawn in CMYK (`k`/`K`), any other in RGB (`rg`/`RG`); a grey level stays a grey (`g`).
"""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from deckpress import interrupts
from deckpress.colour import Colour
from deckpress.draw import fonts, icons, save, tagging
from deckpress.draw.finish import DocInfo, finish, xmp
from deckpress.draw.forms import Forms
from deckpress.draw.paths import circle, die_cut, path_of, turning
from deckpress.draw.streams import compress_last_page
from deckpress.layout.page import (
    Circle,
    Clip,
    Document,
    Icon,
    Line,
    Path,
    Picture,
    Polygon,
    Rect,
    Text,
    Tiles,
    Turn,
)

INK = 0.0  # black on white: the strongest contrast for every reader


def render(doc: Document, info: DocInfo) -> bytes:
    """The document as finished PDF bytes; invariant mode keeps the bytes the same for the same input."""
    body_font = fonts.font("AtkinsonHyperlegible-Regular").fontName
    # the stubs take initialFontName for a number; ReportLab takes a font's name
    canvas = Canvas(io.BytesIO(), pagesize=A4, invariant=1, pageCompression=1,
                    initialFontName=body_font, initialFontSize=10)  # type: ignore[arg-type]
    finish(canvas, info)
    drawn, forms, tree = 0, set[str](), tagging.Tree()
    fields = Forms(canvas, tree)
    for page in doc.pages:
        interrupts.check()
        drawn += 1
        canvas.setPageSize((page.width, page.height))
        canvas.setTrimBox(page.trim_box)  # None clears it: only pages printed with bleed carry the boxes
        canvas.setBleedBox(page.bleed_box)
        icons.define_all(canvas, page.ops, forms)
        tree.new_page()
        pen = _Pen(canvas, tree, fields)
        tags, t = page.tags, 0
        for i, op in enumerate(page.ops):
            while t < len(tags) and tags[t][0] <= i:
                tree.apply(tags[t][1])
                t += 1
            pen.draw(op)
        pen.end()
        canvas.showPage()
        compress_last_page(canvas)
    elements = tagging.write(canvas, tree, xmp(info))
    fields.write()
    pdf = save.pdf_data(canvas, elements)
    if drawn != len(doc.pages):  # the manifest states the count: the pages drawn must match it
        raise RuntimeError(f"{doc.game} {doc.component}: {drawn} pages drawn, {len(doc.pages)} expected")
    return pdf


Paint = float | Colour  # a grey level, or a colour


class _Marks:
    """A page's marked content: each run of ops of one structure element a sequence with its own id, furniture an
    artifact; a sequence never straddles a text object (the open text is drawn before it closes) nor a saved state
    (the pen closes it before a turn and after)."""

    def __init__(self, canvas: Canvas, tree: tagging.Tree, fields: Forms) -> None:
        self.c, self.tree, self.fields = canvas, tree, fields  # fields: the places to write in, as form fields
        self.marked: tagging.Element | None | bool = False  # the open sequence's element (None: artifact); False: none
        self.text: PDFTextObject | None = None  # the open run of text
        self.line: Text | None = None  # its last line, set when the next op says whether the element runs on

    def _mark(self) -> None:
        """The next op is in the open sequence, or closes it and opens its own."""
        element = self.tree.current
        if element is self.marked:
            return
        self._close()
        self.marked = element
        if element is None:
            self.c.addLiteral("/Artifact BMC")
        else:
            self.c.addLiteral(f"/{element.role} <</MCID {self.tree.mark(element)}>> BDC")

    def _name(self, op: Icon | Picture) -> None:
        """A figure the layout left unnamed is named by what it shows: its icons' names, a picture's file."""
        element = self.marked
        if isinstance(element, tagging.Element) and element.role == "Figure" and not element.named:
            shown = op.icon.name if isinstance(op, Icon) else op.path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            element.alt = f"{element.alt}, {shown}" if element.alt else shown

    def die_cut(self, op: object) -> bool:
        """A die-cut contour, drawn as an artifact whatever element is open; False: `op` is none."""
        if not isinstance(op, Path) or not op.die_cut:
            return False
        self._close()
        self.c.addLiteral("/Artifact BMC")
        die_cut(self.c, op.steps, op.width)
        self.c.addLiteral("EMC")
        return True

    def _close(self) -> None:
        self.flush()
        if self.marked is not False:
            self.c.addLiteral("EMC")
            self.marked = False

    def settle(self, op: object) -> None:
        """The last line set, read as ending in a space where the same element goes on past it (on another line,
        or with a rule to write on): a span whose actual text is the line and a space, so that read through the
        structure (or copied) its words do not run into the next line's."""
        line, self.line = self.line, None
        if line is None or self.text is None:
            return
        same_line = isinstance(op, Text) and not op.angle and op.y == line.y
        runs_on = (op is not None and not same_line and self.marked is not None and self.tree.current is self.marked
                   and not line.text.endswith((" ", "-", "\u00ad", "\u2010")))
        self.text.textOut(line.text)
        if runs_on:  # an invisible space: read, never drawn
            self.text._code.append("3 Tr")  # type: ignore[attr-defined]
            self.text.textOut(" ")
            self.text._code.append("0 Tr")  # type: ignore[attr-defined]

    def flush(self) -> None:
        self.settle(None)
        if self.text is not None:
            self.c.drawText(self.text)
            self.text = None


class _Pen(_Marks):
    """Draws ops on one page, setting font, fill, stroke, line width and dash only when they change; lines of text
    in the same font and ink share one PDF text object."""

    def __init__(self, canvas: Canvas, tree: tagging.Tree, fields: Forms) -> None:
        super().__init__(canvas, tree, fields)
        self.grey: Paint | None = None  # the fill
        self.stroke: Colour | None = None  # None: black, the PDF's own
        self.width: float | None = None
        self.dash: tuple[float, ...] | None = None
        self.font: tuple[str, float] | None = None
        self.turns: list[tuple[int, tuple[object, ...]]] = []  # ops left in each open turn, and the state before it

    def draw(self, op: object) -> None:
        if isinstance(op, Turn | Clip):
            self._turn(op)
        else:
            self._draw(op)
            self.fields.add(op, len(self.tree.marks) - 1)  # a place to write in drawn: a form field over it
        while self.turns and self.turns[-1][0] <= 0:  # the turn's last op is drawn: back to the state before it
            self._unturn()

    def end(self) -> None:
        while self.turns:
            self._unturn()
        self._close()

    def _turn(self, op: Turn | Clip) -> None:
        """A turn, or a clip: each holds the state for its ops and restores it after them."""
        self._close()
        self._count()
        self.turns.append((op.ops, (self.grey, self.stroke, self.width, self.dash, self.font)))
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
        self.grey, self.stroke, self.width, self.dash, self.font = state  # type: ignore[assignment]

    def _count(self) -> None:
        """One more op drawn, in every open turn."""
        if self.turns:
            self.turns = [(left - 1, state) for left, state in self.turns]

    def _draw(self, op: object) -> None:  # long: one branch an op kind, as ReportLab draws each
        self._count()
        self.settle(op)
        if self.die_cut(op):  # in a colour and state of its own
            return
        self._mark()
        c = self.c
        if isinstance(op, Text) and not op.angle:
            self._write(op)
            return
        self.flush()
        if isinstance(op, Icon | Picture):
            self._name(op)
        if isinstance(op, Icon):
            icons.place(c, op)
        elif isinstance(op, Tiles):
            icons.tile(c, op)
        elif isinstance(op, Text):
            self._grey(op.ink or INK)
            self.font = None  # set inside the saved state: unknown once it is restored
            c.saveState()
            c.setFont(fonts.font(op.font).fontName, op.size)
            c.translate(op.x, op.y)
            c.rotate(op.angle)
            c.drawString(0, 0, op.text)
            c.restoreState()
        elif isinstance(op, Line):
            self._outline(op.stroke)
            self._stroke(op.width, op.dash)
            c.line(op.x1, op.y1, op.x2, op.y2)
        elif isinstance(op, Rect):
            self._shape(op.fill, op.width, op.stroke)
            if op.radius:
                c.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=int(op.width > 0), fill=int(op.fill is not None))
            else:
                c.rect(op.x, op.y, op.w, op.h, stroke=int(op.width > 0), fill=int(op.fill is not None))
        elif isinstance(op, Circle):
            self._shape(op.fill, op.width, op.stroke)
            path = circle(c, op.x, op.y, op.r, op.r if op.ry is None else op.ry)
            c.drawPath(path, stroke=int(op.width > 0), fill=int(op.fill is not None))
        elif isinstance(op, Picture):
            c.drawImage(op.path, op.x, op.y, op.w, op.h, mask="auto")
        elif isinstance(op, Polygon):
            self._shape(op.fill, op.width, op.stroke)
            steps = (("M", *op.points[0]), *[("L", *p) for p in op.points[1:]], *([("Z",)] if op.closed else []))
            c.drawPath(path_of(c, steps), stroke=int(op.width > 0), fill=int(op.fill is not None))
        elif isinstance(op, Path):
            self._shape(op.fill, op.width, op.stroke)
            self._stroke(op.width, op.dash)
            c.drawPath(path_of(c, op.steps), stroke=int(op.width > 0), fill=int(op.fill is not None))

    def _write(self, op: Text) -> None:
        ink = op.ink or INK
        if self.text is not None and ink != self.grey:  # a text object is set in one ink
            self.flush()
        if self.font != (op.font, op.size):  # a text object takes the canvas's font as it begins
            self.flush()
            self.font = (op.font, op.size)
            self.c.setFont(fonts.font(op.font).fontName, op.size)
        if self.text is None:
            self._grey(ink)  # text is in its ink, whatever a white panel under it set
            self.text = self.c.beginText()
        self.text.setTextOrigin(op.x, op.y)
        self.line = op

    def _shape(self, fill: Paint | None, width: float, stroke: Colour | None = None) -> None:
        """A shape's fill (ink when it has none: the outline's colour) and stroke."""
        self._grey(INK if fill is None else fill)
        self._stroke(width)
        self._outline(stroke)

    def _outline(self, stroke: Colour | None) -> None:
        if stroke != self.stroke:
            self.stroke = stroke
            if stroke is None:
                self.c.setStrokeGray(INK)
            elif stroke.cmyk is not None:
                self.c.setStrokeColorCMYK(*stroke.cmyk)
            else:
                self.c.setStrokeColorRGB(*stroke.rgb)

    def _grey(self, grey: Paint) -> None:
        if grey != self.grey:
            self.grey = grey
            if isinstance(grey, Colour):
                if grey.cmyk is not None:
                    self.c.setFillColorCMYK(*grey.cmyk)
                else:
                    self.c.setFillColorRGB(*grey.rgb)
            else:
                self.c.setFillGray(grey)

    def _stroke(self, width: float, dash: tuple[float, ...] = ()) -> None:
        if width != self.width:
            self.width = width
            self.c.setLineWidth(width)
        if dash != self.dash:
            self.dash = dash
            self.c.setDash(list(dash) if dash else [])
