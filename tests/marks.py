"""What pdfplumber reads on a page (`page.chars`, `page.lines`, `page.rects`, `page.curves`), read from the same
layout pdfplumber reads them from, without the dict of every attribute it makes of each object (most of the time
of a scan of every page of a catalogue); and the characters pdfplumber makes its words of, read by pdfium."""

from __future__ import annotations

import ctypes
from typing import Any

import pdfplumber.page
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
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


def pdfium_chars(page: pdfium.PdfPage) -> list[dict[str, Any]]:
    """The page's characters as pdfplumber's `page.chars` gives them to its word extractor (text, x0, x1, top,
    bottom, upright, fontname, size), read by pdfium: the same words, found several times sooner. Its boxes are
    the font's (ascent to descent, as pdfminer's), from the top of the page; the spaces it adds are left out."""
    text = page.get_textpage()
    height = page.get_size()[1]
    whole = text.get_text_range()
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    found = []
    for i in range(text.count_chars()):
        if pdfium_c.FPDFText_IsGenerated(text.raw, i) == 1:
            continue
        left, bottom, right, top = text.get_charbox(i, loose=True)
        length = pdfium_c.FPDFText_GetFontInfo(text.raw, i, name, len(name), ctypes.byref(flags))
        found.append({"text": whole[i:i + 1], "x0": left, "x1": right, "top": height - top, "doctop": height - top,
                      "bottom": height - bottom, "upright": abs(pdfium_c.FPDFText_GetCharAngle(text.raw, i)) < 1e-6,
                      "fontname": name.raw[:max(length - 1, 0)].decode("utf-8", "replace"),
                      "size": pdfium_c.FPDFText_GetFontSize(text.raw, i)})
    return found
