"""What pdfplumber reads on a page (`page.chars`, `page.lines`, `page.rects`, `page.curves`), read from the same
layout pdfplumber reads them from, without the dict of every attribute it makes of each object (most of the time
of a scan of every page of a catalogue)."""

from __future__ import annotations

import pdfplumber.page
from pdfminer.layout import LTChar, LTContainer, LTItem

MARKS = {"LTChar", "LTLine", "LTRect", "LTCurve"}  # pdfplumber's chars, lines, rects and curves


def marks(page: pdfplumber.page.Page) -> list[tuple[str, float, float, float, float, float]]:
    """Each of the page's chars, lines, rects and curves as pdfplumber gives them (`page.chars` and the rest:
    its text, or "x" for a drawing, x0, top, x1, bottom and width, from the mediabox's corner), read from the
    same layout pdfplumber reads them from, without the dict of every attribute it makes for each (most of the
    time of a scan of every page)."""
    found = []
    mb_x0, mb_top = page.mediabox[:2]
    for obj in _objects(page):
        if type(obj).__name__ in MARKS:
            x0, x1 = (obj.x0 + mb_x0, obj.x1 + mb_x0) if mb_x0 != 0 else (obj.x0, obj.x1)
            text = obj.get_text() if isinstance(obj, LTChar) else "x"
            found.append((text, x0, page.height - obj.y1 + mb_top, x1, page.height - obj.y0 + mb_top, obj.width))
    return found


def chars(page: pdfplumber.page.Page) -> list[LTChar]:
    """The page's characters, as pdfplumber's `page.chars` (its `size`, `upright`, `width` the same)."""
    return [obj for obj in _objects(page) if type(obj).__name__ == "LTChar"]


def rects(page: pdfplumber.page.Page) -> list[tuple[float, float, float, float]]:
    """pdfplumber's `page.rects`: each rectangle's x0, top, width and height."""
    mb_x0, mb_top = page.mediabox[:2]
    return [(obj.x0 + mb_x0, page.height - obj.y1 + mb_top, obj.width, obj.height)
            for obj in _objects(page) if type(obj).__name__ == "LTRect"]


def _objects(page: pdfplumber.page.Page) -> list[LTItem]:
    """Every object of the page's layout, those inside figures (forms) too, but not the figures themselves."""
    found: list[LTItem] = []
    stack = list(page.layout._objs)
    while stack:
        obj = stack.pop()
        if isinstance(obj, LTContainer):
            stack.extend(obj._objs)
        else:
            found.append(obj)
    return found
