"""Render stage: draw laid-out pages with ReportLab. No decisions here, only drawing."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from deckpress import fonts
from deckpress.finish import DocInfo, finish
from deckpress.layout.page import Circle, Document, Line, Picture, Polygon, Rect, Text

INK = 0.0  # black on white: the strongest contrast for every reader


def render(doc: Document, info: DocInfo) -> bytes:
    """The document as finished PDF bytes; invariant mode keeps the bytes the same for the same input."""
    out = io.BytesIO()
    first = doc.pages[0] if doc.pages else None
    size = (first.width, first.height) if first else (595.2756, 841.8898)
    body_font = fonts.font("AtkinsonHyperlegible-Regular").fontName
    canvas = Canvas(out, pagesize=size, invariant=1, pageCompression=1, initialFontName=body_font, initialFontSize=10)
    finish(canvas, info)
    for page in doc.pages:
        canvas.setPageSize((page.width, page.height))
        canvas.setTrimBox(page.trim_box)  # None clears it: only pages printed with bleed carry the boxes
        canvas.setBleedBox(page.bleed_box)
        canvas.setStrokeGray(INK)
        canvas.setFillGray(INK)
        for op in page.ops:
            _draw(canvas, op)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def _draw(c: Canvas, op: object) -> None:
    if isinstance(op, Text):
        c.setFillGray(INK)  # text is always ink, whatever a white panel under it set
        c.setFont(fonts.font(op.font).fontName, op.size)
        if op.angle:
            c.saveState()
            c.translate(op.x, op.y)
            c.rotate(op.angle)
            c.drawString(0, 0, op.text)
            c.restoreState()
        else:
            c.drawString(op.x, op.y, op.text)
    elif isinstance(op, Line):
        c.setLineWidth(op.width)
        c.setDash(list(op.dash) if op.dash else [])
        c.line(op.x1, op.y1, op.x2, op.y2)
        if op.dash:
            c.setDash([])
    elif isinstance(op, Rect):
        _fill(c, op.fill)
        c.setLineWidth(op.width)
        c.rect(op.x, op.y, op.w, op.h, stroke=int(op.width > 0), fill=int(op.fill is not None))
    elif isinstance(op, Circle):
        _fill(c, op.fill)
        c.setLineWidth(op.width)
        c.circle(op.x, op.y, op.r, stroke=1, fill=int(op.fill is not None))
    elif isinstance(op, Picture):
        c.drawImage(op.path, op.x, op.y, op.w, op.h, mask="auto")
    elif isinstance(op, Polygon):
        _fill(c, op.fill)
        c.setLineWidth(op.width)
        path = c.beginPath()
        path.moveTo(*op.points[0])
        for point in op.points[1:]:
            path.lineTo(*point)
        if op.closed:
            path.close()
        c.drawPath(path, stroke=1, fill=int(op.fill is not None))


def _fill(c: Canvas, grey: float | None) -> None:
    c.setFillGray(INK if grey is None else grey)
