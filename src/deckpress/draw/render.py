"""Render stage: draw laid-out pages with ReportLab. No decisions here, only drawing (deckpress.draw.pen)."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from deckpress import interrupts
from deckpress.draw import fonts, icons, save, tagging
from deckpress.draw.finish import DocInfo, finish, xmp
from deckpress.draw.forms import Forms
from deckpress.draw.pen import Pen
from deckpress.draw.setting import Setting
from deckpress.draw.streams import compress_last_page
from deckpress.layout.page import Document, Page


def render(doc: Document, info: DocInfo) -> bytes:
    """The document as finished PDF bytes; invariant mode keeps the bytes the same for the same input."""
    body_font = fonts.font("AtkinsonHyperlegible-Regular").fontName
    # the stubs take initialFontName for a number; ReportLab takes a font's name
    canvas = Canvas(io.BytesIO(), pagesize=A4, invariant=1, pageCompression=1,
                    initialFontName=body_font, initialFontSize=10)  # type: ignore[arg-type]
    finish(canvas, info)
    drawn, forms, tree = 0, set[str](), tagging.Tree()
    fields, setting = Forms(canvas, tree), Setting(canvas)  # the document's: its fields, its encoded lines
    for page in doc.pages:
        interrupts.check()
        drawn += 1
        canvas.setPageSize((page.width, page.height))
        canvas.setTrimBox(page.trim_box)  # None clears it: only pages printed with bleed carry the boxes
        canvas.setBleedBox(page.bleed_box)
        icons.define_all(canvas, page.ops, forms)
        tree.new_page()
        pen = Pen(canvas, tree, fields, setting)
        _draw_page(page, tree, pen)
        pen.end()
        canvas.showPage()
        compress_last_page(canvas)
    elements = tagging.write(canvas, tree, xmp(info))
    fields.write()
    pdf = save.pdf_data(canvas, elements)
    tagging.let_go(elements)  # written: the tree goes with the canvas
    if drawn != len(doc.pages):  # the manifest states the count: the pages drawn must match it
        raise RuntimeError(f"{doc.game} {doc.component}: {drawn} pages drawn, {len(doc.pages)} expected")
    return pdf


def _draw_page(page: Page, tree: tagging.Tree, pen: Pen) -> None:
    """The page's ops, each run of ops between two tags drawn after the tags before it are applied."""
    ops, draw, done = page.ops, pen.draw, 0
    for at, tag in page.tags:
        if at >= len(ops):  # a tag after the last op: nothing drawn takes it
            break
        for op in ops[done:at]:
            draw(op)
        done = max(done, at)
        tree.apply(tag)
    for op in ops[done:]:
        draw(op)
