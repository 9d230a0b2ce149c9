"""What pdfplumber reads on a page (`page.chars`, `page.lines`, `page.rects`, `page.curves`), read from the same
layout pdfplumber reads them from, without the dict of every attribute it makes of each object (most of the time
of a scan of every page of a catalogue); and the characters pdfplumber makes its words of, read by pdfium."""

from __future__ import annotations

import ctypes
import math
from collections.abc import Iterator
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
    flags, box = ctypes.c_int(), pdfium_c.FS_RECTF()
    raw, size, angle = text.raw, pdfium_c.FPDFText_GetFontSize, pdfium_c.FPDFText_GetCharAngle
    generated, font = pdfium_c.FPDFText_IsGenerated, pdfium_c.FPDFText_GetFontInfo
    loose = pdfium_c.FPDFText_GetLooseCharBox
    found = []
    for i in range(text.count_chars()):  # pdfium's own calls, their arguments made once: a scan of every page
        if generated(raw, i) == 1:
            continue
        if not loose(raw, i, box):
            raise pdfium.PdfiumError("Failed to get charbox.")
        length = font(raw, i, name, 256, ctypes.byref(flags))
        found.append({"text": whole[i:i + 1], "x0": box.left, "x1": box.right, "top": height - box.top,
                      "doctop": height - box.top, "bottom": height - box.bottom, "upright": abs(angle(raw, i)) < 1e-6,
                      "fontname": name.raw[:max(length - 1, 0)].decode("utf-8", "replace"), "size": size(raw, i)})
    return found


Matrix = tuple[float, float, float, float, float, float]


def pdfium_rects(page: pdfium.PdfPage) -> list[tuple[float, float, float, float]]:
    """pdfplumber's `page.rects` (as `rects`), read by pdfium: each axis-aligned path of four corners (closed, as
    `re` draws it), inside forms too, by its points (a stroke's width left out): x0, top, width and height."""
    found = []
    height = page.get_height()
    for corners in _subpaths(page):
        if corners[-1:] == corners[:1] and len(corners) == 5:
            corners.pop()  # closed back to its start
        if len(corners) != 4 or not all(a[0] == b[0] or a[1] == b[1] for a, b in
                                        zip(corners, corners[1:] + corners[:1], strict=True)):
            continue
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        found.append((min(xs), height - max(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return found


def pdfium_marks(page: pdfium.PdfPage, text: pdfium.PdfTextPage | None = None,
                 ) -> list[tuple[str, float, float, float, float, float]]:
    """`marks`, read by pdfium: each character (its box the font's, descent to a size above it, along its
    baseline as pdfminer boxes it) and each line, rectangle and curve (a path's every piece by its points, as
    pdfminer splits a path at each move), as its text or "x", x0, top, x1, bottom and width from the mediabox's
    top-left corner. (`text`: the page's text page, where the caller has it already.)"""
    left, _, _, top = page.get_mediabox()
    found = []
    for points in _subpaths(page):
        xs, ys = [x for x, _ in points], [y for _, y in points]
        found.append(("x", min(xs) - left, top - max(ys), max(xs) - left, top - min(ys), max(xs) - min(xs)))
    text = text or page.get_textpage()
    whole = text.get_text_range()
    for i, (x0, y0, x1, y1) in _glyph_boxes(text):
        found.append((whole[i:i + 1], x0 - left, top - y1, x1 - left, top - y0, x1 - x0))
    return found


def _glyph_boxes(text: pdfium.PdfTextPage) -> Iterator[tuple[int, tuple[float, float, float, float]]]:
    """Each character's index and box as pdfminer makes it (the spaces pdfium adds left out): from the font's
    descent below the baseline to its size above that, its advance along the baseline (turned with it). pdfium's
    own calls, their arguments made once: a scan of every page."""
    m, x, y, descent, loose = pdfium_c.FS_MATRIX(), ctypes.c_double(), ctypes.c_double(), ctypes.c_float(), \
        pdfium_c.FS_RECTF()
    at, x_at, y_at, descent_at = ctypes.byref(m), ctypes.byref(x), ctypes.byref(y), ctypes.byref(descent)
    raw, generated, box, matrix = text.raw, pdfium_c.FPDFText_IsGenerated, pdfium_c.FPDFText_GetLooseCharBox, \
        pdfium_c.FPDFText_GetMatrix
    origin, size_of, font_of, descent_of = pdfium_c.FPDFText_GetCharOrigin, pdfium_c.FPDFText_GetFontSize, \
        pdfium_c.FPDFTextObj_GetFont, pdfium_c.FPDFFont_GetDescent
    drawn = pdfium_c.FPDFText_GetTextObject
    for i in range(text.count_chars()):
        if generated(raw, i) == 1:
            continue
        if not box(raw, i, loose):
            raise pdfium.PdfiumError("Failed to get charbox.")
        matrix(raw, i, at)
        origin(raw, i, x_at, y_at)
        size = size_of(raw, i)
        descent_of(font_of(drawn(raw, i)), ctypes.c_float(size), descent_at)
        scale = math.hypot(m.a, m.b) or 1.0
        along = (m.a / scale, m.b / scale)  # the baseline's direction
        advance = abs(along[0]) * (loose.right - loose.left) + abs(along[1]) * (loose.top - loose.bottom)
        turned = (along[0], along[1], -along[1], along[0], x.value, y.value)
        (ax, ay), (bx, by) = _apply((0, descent.value), turned), _apply((advance, descent.value + size), turned)
        yield i, (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))


def _subpaths(page: pdfium.PdfPage) -> Iterator[list[tuple[float, float]]]:
    """The points of each piece of each path on the page, inside forms too, on the page: a piece starts at each
    move."""
    placed: dict[int, Matrix] = {}  # each form's matrix on the page, by its depth, as the walk goes down into it
    x, y = ctypes.c_float(), ctypes.c_float()
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_FORM], max_depth=64):
        at = _times(_matrix(obj.raw), placed[obj.level - 1] if obj.level else (1, 0, 0, 1, 0, 0))
        if obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:
            placed[obj.level] = at
            continue
        pieces: list[list[tuple[float, float]]] = []
        for i in range(pdfium_c.FPDFPath_CountSegments(obj.raw)):
            segment = pdfium_c.FPDFPath_GetPathSegment(obj.raw, i)
            pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
            if not pieces or pdfium_c.FPDFPathSegment_GetType(segment) == pdfium_c.FPDF_SEGMENT_MOVETO:
                pieces.append([])
            pieces[-1].append(_apply((x.value, y.value), at))
        yield from pieces


def _matrix(obj: Any) -> Matrix:
    m = pdfium_c.FS_MATRIX()
    pdfium_c.FPDFPageObj_GetMatrix(obj, ctypes.byref(m))
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m, then n."""
    return (m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2],
            m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5])


def _apply(point: tuple[float, float], m: Matrix) -> tuple[float, float]:
    return (m[0] * point[0] + m[2] * point[1] + m[4], m[1] * point[0] + m[3] * point[1] + m[5])
