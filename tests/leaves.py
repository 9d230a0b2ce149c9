"""A printed page read back by pdfium once for all test_slug.py asks of it: its words, its glyphs outside the
printer margin, its slug, and (for the prints whose marks are checked) its marks outside the margin. Loading a page
is most of the time of a reading of every page of a catalogue (a sheet of backs is thousands of tiles): each page
of each PDF is loaded once, not once for each question; pdfium's own calls, their arguments made once. And a page
alike in every byte pdfium reads to another already read (a kit's copy of its component's page, a host kit's) is
read once: told alike by their `fingerprints`, from the file's objects as they are written, not loaded."""

from __future__ import annotations

import ctypes
import hashlib
import math
import re
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from marks import pdfium_marks
from pypdf import PdfReader

Box = tuple[float, float, float, float]  # left, bottom, right, top (pdfium's tight glyph box)
Char = tuple[Box, str, tuple[float, float]]  # a character of the slug: its box, itself, its origin
Mark = tuple[str, float, float, float, float]  # a glyph or drawing as pdfplumber boxes it: x0, top, x1, bottom
END = re.compile(r"· [0-9a-f]{7}")  # the slug's last words: its version


@dataclass
class Leaf:
    """One page: its size, its text as pdfium reads it, the glyphs whose boxes pass the printer margin (`edge`
    from each side of the page), the slug (None where the page names neither its game nor its version), and
    the marks pdfplumber would box outside the margin (read where asked)."""
    size: tuple[float, float]
    whole: str
    astray: list[tuple[str, Box]]
    slug: list[Char] | None = None
    angles: set[int] = field(default_factory=set)
    inside: str = ""  # the page's own characters inside the box round the slug
    strays: list[Mark] = field(default_factory=list)

    @property
    def words(self) -> str:
        return " ".join(self.whole.split())


# What a page's fingerprint leaves out: where it sits in the page tree and the structure tree, and its annotations
# (form fields: not page objects, which are all pdfium reads here).
UNREAD = re.compile(rb"/(?:Parent|StructParents) \d+(?: \d+ R)?|/Annots\s*(?:\[[^\]]*\]|\d+ \d+ R)")
# Not the kit's readers (deckpress.draw.kit): those trust ReportLab's escaping, and a fingerprint reads any PDF, a
# string's unescaped parentheses too; a string's words read as a reference make a page of its own, never a wrong one.
REFERENCE = re.compile(rb"(\d+) \d+ R")
# what an object's dictionary is read by, up to its stream's data: a string's parentheses and escapes (a string
# may hold any word, and balanced parentheses), and the keyword that starts the data
TOKENS = re.compile(rb"\\.|[()]|(?<![\w/])stream\r?\n", re.S)


def leaves(path: Path, title: str | None, edge: float, marks_edge: float | None,
           seen: dict[tuple[bytes, str | None, float, float | None], Leaf] | None = None) -> list[Leaf]:
    """Every page of the PDF at `path`, read once: its slug found by the game's `title` (none read without one),
    its marks read where `marks_edge` is given. A page whose fingerprint is in `seen`, read the same way, is that
    page's leaf; each page read is added."""
    seen = {} if seen is None else seen
    keys = [(f, title, edge, marks_edge) for f in fingerprints(path)]
    pdf = None
    try:
        for number, key in enumerate(keys):
            if key not in seen:
                pdf = pdf or pdfium.PdfDocument(path)
                seen[key] = leaf = _leaf(pdf[number], title, edge, marks_edge)
                seen.setdefault((*key[:3], None), replace(leaf, strays=[]))  # as a reading without its marks
        return [seen[key] for key in keys]
    finally:
        if pdf is not None:
            pdf.close()


def fingerprints(path: Path) -> list[bytes]:
    """Each page's digest of what pdfium reads it from: its dictionary (contents, resources) and all it refers to,
    each object as written (a stream's data as it lies in the file), with the objects it refers to by their own
    digests in place of their numbers, `UNREAD` left out and the spacing between its values evened (a dictionary's
    strings are no page object's: a shown text lies in a stream); with its boxes and turn as pypdf reads them,
    inherited or not. Pages with the same digest show the same. Read from the file's bytes, no object parsed but
    the page tree (pypdf's). A page that inherits its resources, whose objects refer back to one another, or that
    names an object the file lacks, has a digest of its own: read afresh, never taken for another."""
    reader = PdfReader(path)
    data = path.read_bytes()
    starts = {number: offset for number, offset in reader.xref[0].items() if offset}
    table = int(data[data.rindex(b"startxref") + len(b"startxref"):].split()[0])  # the cross-reference table
    ends = dict(zip(sorted(starts, key=starts.__getitem__), [*sorted(starts.values())[1:], table], strict=True))
    known: dict[int, bytes | None] = {}  # None: its digest is being made (met again: a cycle)

    @cache
    def head(number: int) -> tuple[bytes, bytes]:
        """An object's dictionary or value (its number, `UNREAD` and uneven spacing left out), and its stream's
        data. KeyError: the file has no such object."""
        body = data[starts[number]:ends[number]]
        cut = _data_start(body)
        return b" ".join(UNREAD.sub(b"", body[:cut].split(b" obj", 1)[-1]).split()), body[cut:]

    def digest(number: int) -> bytes:
        if number in known:
            if (found := known[number]) is None:
                raise _Cycle
            return found
        known[number] = None  # being read: met again before it is done, a cycle (and it stays so if it fails)
        own, stream = head(number)
        found = hashlib.sha256(REFERENCE.sub(lambda m: digest(int(m[1])).hex().encode(), own) + stream).digest()
        known[number] = found
        return found

    def page_print(number: int, page: Any) -> bytes:
        boxes = repr((list(page.mediabox), list(page.cropbox), page.rotation)).encode()
        try:
            if b"/Resources" in head(number)[0]:
                return hashlib.sha256(digest(number) + boxes).digest()
        except (_Cycle, KeyError):  # a cycle, or a reference (perhaps a string's words) to no object
            pass
        return hashlib.sha256(f"{path.resolve()}, page {number}".encode()).digest()

    return [page_print(page.indirect_reference.idnum, page) for page in reader.pages]  # type: ignore[union-attr]


def _data_start(body: bytes) -> int:
    """Where an object's stream data starts (its `stream` keyword, outside any string), or its end."""
    depth = 0
    for token in TOKENS.finditer(body):
        if token[0] == b"(":
            depth += 1
        elif token[0] == b")":
            depth = max(depth - 1, 0)
        elif token[0][:1] != b"\\" and depth == 0:
            return token.start()
    return len(body)


class _Cycle(Exception):
    """An object met again while its own digest is made."""


def _leaf(page: pdfium.PdfPage, title: str | None, edge: float, marks_edge: float | None) -> Leaf:
    width, height = page.get_size()
    text = page.get_textpage()
    whole = text.get_text_range()
    boxes = _boxes(text)
    astray = [(whole[i:i + 1], b) for i, b in enumerate(boxes) if b[2] > b[0]  # a space has no box
              and not (b[0] >= edge and b[1] >= edge and b[2] <= width - edge and b[3] <= height - edge)]
    leaf = Leaf((width, height), whole, astray)
    if title is not None:
        _read_slug(leaf, text, boxes, title)
    if marks_edge is not None:
        leaf.strays = [(t, x0, top, x1, bottom) for t, x0, top, x1, bottom, across in pdfium_marks(page, text)
                       if t.strip() != "" and across != width and not (
                           x0 >= marks_edge and top >= marks_edge and x1 <= width - marks_edge
                           and bottom <= height - marks_edge)]
    page.close()
    return leaf


def _boxes(text: pdfium.PdfTextPage) -> list[Box]:
    """Each character's tight box, as `get_charbox` gives it."""
    left, bottom, right, top = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    at = (ctypes.byref(left), ctypes.byref(right), ctypes.byref(bottom), ctypes.byref(top))  # pdfium's order
    raw, box, found = text.raw, pdfium_c.FPDFText_GetCharBox, []
    for i in range(text.count_chars()):
        if not box(raw, i, *at):
            raise pdfium.PdfiumError("Failed to get charbox.")
        found.append((left.value, bottom.value, right.value, top.value))
    return found


def _read_slug(leaf: Leaf, text: pdfium.PdfTextPage, boxes: list[Box], title: str) -> None:
    """The slug's characters (from the last time the page names its game, or its warning, to the end: it is
    stamped last), their orientations (degrees, a half turn taken as none), and the page's other characters that
    lie inside the box round them."""
    whole = leaf.whole
    start = whole.rfind(title)
    for warning in ("Private · ", "Host only · "):
        if whole[max(0, start - len(warning)):start] == warning:
            start -= len(warning)
    end = END.search(whole, max(start, 0))
    if start < 0 or not end:
        return
    slug: list[Char] = []
    others: list[tuple[Box, str]] = []
    first: float | None = None  # the slug's size: a reader may order a card's words amid its lines
    x, y = ctypes.c_double(), ctypes.c_double()
    for i, box in enumerate(boxes):
        if not whole[i:i + 1].strip() or box[2] <= box[0]:
            continue  # a space, or a break the reader added; or a space drawn as a glyph
        ours = start <= i < end.end()  # the origin, size and angle are read for the slug's characters only
        size = pdfium_c.FPDFText_GetFontSize(text.raw, i) if ours else 0.0
        first = size if ours and first is None else first
        if ours and abs(size - (first or 0.0)) < 0.01:
            pdfium_c.FPDFText_GetCharOrigin(text.raw, i, ctypes.byref(x), ctypes.byref(y))
            slug.append((box, whole[i], (x.value, y.value)))
            leaf.angles.add(round(math.degrees(pdfium_c.FPDFText_GetCharAngle(text.raw, i))) % 180)
        else:
            others.append((box, whole[i]))
    leaf.slug = slug
    if slug:
        x1, y1 = min(c[0][0] for c in slug), min(c[0][1] for c in slug)
        x2, y2 = max(c[0][2] for c in slug), max(c[0][3] for c in slug)
        leaf.inside = "".join(c for b, c in others if x1 + 0.5 < b[2] and b[0] < x2 - 0.5 and y1 + 0.5 < b[3]
                              and b[1] < y2 - 0.5)
