"""Render stage: draw laid-out pages with ReportLab. No decisions here, only drawing."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject

from deckpress import interrupts
from deckpress.draw import fonts, icons
from deckpress.draw.finish import DocInfo, finish
from deckpress.layout.page import Circle, Document, Icon, Line, Op, Picture, Polygon, Rect, Text, Tiles

INK = 0.0  # black on white: the strongest contrast for every reader
KAPPA = 0.5522847498307936  # a quarter circle's Bézier control distance, as a fraction of the radius


def render(doc: Document, info: DocInfo) -> bytes:
    """The document as finished PDF bytes; invariant mode keeps the bytes the same for the same input."""
    out = io.BytesIO()
    body_font = fonts.font("AtkinsonHyperlegible-Regular").fontName
    # the stubs take initialFontName for a number; ReportLab takes a font's name
    canvas = Canvas(out, pagesize=A4, invariant=1, pageCompression=1,
                    initialFontName=body_font, initialFontSize=10)  # type: ignore[arg-type]
    finish(canvas, info)
    drawn, forms = 0, set[str]()
    for page in doc.pages:
        interrupts.check()
        drawn += 1
        canvas.setPageSize((page.width, page.height))
        canvas.setTrimBox(page.trim_box)  # None clears it: only pages printed with bleed carry the boxes
        canvas.setBleedBox(page.bleed_box)
        _define_forms(canvas, page.ops, forms)
        pen = _Pen(canvas)
        for op in page.ops:
            pen.draw(op)
        pen.flush()
        canvas.showPage()
    canvas.save()
    if drawn != len(doc.pages):  # the manifest states the count: the pages drawn must match it
        raise RuntimeError(f"{doc.game} {doc.component}: {drawn} pages drawn, {len(doc.pages)} expected")
    return out.getvalue()


def _define_forms(canvas: Canvas, ops: list[Op], defined: set[str]) -> None:
    """Each icon (by file, size, colour and stroke) is drawn once a document, as a form that pages place: a deck
    repeats a few icons thousands of times. Defined before the page is drawn, each in its own stream."""
    for op in ops:
        if isinstance(op, Icon | Tiles):
            icons.define(canvas, op, defined)


class _Pen:
    """Draws ops on one page, setting font, grey, line width and dash only when they change; lines of text in the
    same font share one PDF text object."""

    def __init__(self, canvas: Canvas) -> None:
        self.c = canvas
        self.grey: float | None = None
        self.width: float | None = None
        self.dash: tuple[float, ...] | None = None
        self.text: PDFTextObject | None = None  # the open run of text
        self.font: tuple[str, float] | None = None

    def draw(self, op: object) -> None:
        c = self.c
        if isinstance(op, Text) and not op.angle:
            self._write(op)
            return
        self.flush()
        if isinstance(op, Icon):
            icons.place(c, op)
        elif isinstance(op, Tiles):
            icons.tile(c, op)
        elif isinstance(op, Text):
            self._grey(INK)
            self.font = None  # set inside the saved state: unknown once it is restored
            c.saveState()
            c.setFont(fonts.font(op.font).fontName, op.size)
            c.translate(op.x, op.y)
            c.rotate(op.angle)
            c.drawString(0, 0, op.text)
            c.restoreState()
        elif isinstance(op, Line):
            self._stroke(op.width, op.dash)
            c.line(op.x1, op.y1, op.x2, op.y2)
        elif isinstance(op, Rect):
            self._shape(op.fill, op.width)
            c.rect(op.x, op.y, op.w, op.h, stroke=int(op.width > 0), fill=int(op.fill is not None))
        elif isinstance(op, Circle):
            self._shape(op.fill, op.width)
            c.drawPath(_circle(c, op.x, op.y, op.r), stroke=1, fill=int(op.fill is not None))
        elif isinstance(op, Picture):
            c.drawImage(op.path, op.x, op.y, op.w, op.h, mask="auto")
        elif isinstance(op, Polygon):
            self._shape(op.fill, op.width)
            path = c.beginPath()
            path.moveTo(*op.points[0])
            for point in op.points[1:]:
                path.lineTo(*point)
            if op.closed:
                path.close()
            c.drawPath(path, stroke=1, fill=int(op.fill is not None))

    def _write(self, op: Text) -> None:
        if self.font != (op.font, op.size):  # a text object takes the canvas's font as it begins
            self.flush()
            self.font = (op.font, op.size)
            self.c.setFont(fonts.font(op.font).fontName, op.size)
        if self.text is None:
            self._grey(INK)  # text is always ink, whatever a white panel under it set
            self.text = self.c.beginText()
        self.text.setTextOrigin(op.x, op.y)
        self.text.textOut(op.text)

    def flush(self) -> None:
        if self.text is not None:
            self.c.drawText(self.text)
            self.text = None

    def _shape(self, fill: float | None, width: float) -> None:
        """A shape's fill (ink when it has none: the outline's colour) and stroke."""
        self._grey(INK if fill is None else fill)
        self._stroke(width)

    def _grey(self, grey: float) -> None:
        if grey != self.grey:
            self.grey = grey
            self.c.setFillGray(grey)

    def _stroke(self, width: float, dash: tuple[float, ...] = ()) -> None:
        if width != self.width:
            self.width = width
            self.c.setLineWidth(width)
        if dash != self.dash:
            self.dash = dash
            self.c.setDash(list(dash) if dash else [])


def _circle(c: Canvas, x: float, y: float, r: float) -> PDFPathObject:
    """Four quarter-circle curves, as ReportLab's circle draws them, without its general arc arithmetic (which
    took half of the time of drawing a circle)."""
    k = KAPPA * r
    path = c.beginPath()
    path.moveTo(x + r, y)
    path.curveTo(x + r, y + k, x + k, y + r, x, y + r)
    path.curveTo(x - k, y + r, x - r, y + k, x - r, y)
    path.curveTo(x - r, y - k, x - k, y - r, x, y - r)
    path.curveTo(x + k, y - r, x + r, y - k, x + r, y)
    path.close()
    return path
