"""The PDF's bytes, written the way ReportLab writes them, from a fraction of the memory.

ReportLab's `getpdfdata` formats every object into a list of byte strings, then joins them: at the join the file
is held three times (the objects, their formatted pieces, the joined file), and a tagged deck's structure
elements, one ReportLab object each, held 150,000 registrations at 24,000 cards. Here the structure elements are
numbered by the tree (`tagging._numbered`) and set out in their place as the file is written; ReportLab's own
objects are formatted by ReportLab in the same order (its dictionaries and arrays set out for less: set_out), into
one in-memory file whose bytes become the PDF's own, a page stream's data let go once it is written. The bytes are
ReportLab's own: `tests/test_save.py` compares them.
"""

from __future__ import annotations

import io
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (
    NoEncryption,
    PDFArray,
    PDFFile,
    PDFObject,
    PDFStream,
    PDFTrailer,
    PDFTrueTypeFont,
)
from reportlab.pdfbase.pdfdoc import format as reportlab_format

from deckpress.draw.set_out import quickly

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True)
class Elements:
    """Objects numbered outside ReportLab: `items` take the numbers from `first` on, and `body` sets one out."""

    first: int
    items: Sequence[Any]
    body: Callable[[Any, Any], bytes]  # (item, ReportLab's document) -> the object's body


def pdf_data(canvas: Canvas, elements: Elements) -> bytes:
    """The document's file: ReportLab's `getpdfdata`, with `elements` written at their numbers."""
    doc: Any = canvas._doc  # type: ignore[attr-defined]  # ReportLab's own document (untyped)
    if len(canvas._code):  # type: ignore[attr-defined]
        canvas.showPage()
    for font in doc.delayedFonts:  # what GetPDFData does before it formats
        font.addObjects(doc)
    doc.info.invariant = doc.invariant
    doc.info.digest(doc.signature)
    catalog, info = doc.Reference(doc.Catalog), doc.Reference(doc.info)
    doc.Outlines.prepare(doc, canvas)
    if doc.Outlines.ready < 0:
        doc.Catalog.Outlines = None
    with quickly():  # ReportLab's dictionaries and arrays, set out as it sets them out
        return _written(doc, elements, catalog, info)


def _written(doc: Any, elements: Elements, catalog: Any, info: Any) -> bytes:
    """PDFDocument.format with its pieces written into one in-memory file, whose bytes are then the PDF's own (no
    copy of the whole): objects in number order (ReportLab may add some as it formats others), the
    cross-reference table, the trailer."""
    out, file = PDFFile(doc._pdfVersion), io.BytesIO()
    file.write(b"".join(out.strings))

    def write(piece: bytes) -> None:
        file.write(piece)

    out.strings, out.write = [], write
    offsets, number = array("q"), 0
    while True:
        number += 1
        if number == elements.first and elements.items:
            number = _elements_written(elements, doc, out, offsets) - 1
            continue
        if number not in doc.numberToId:
            break
        name = doc.numberToId[number]
        obj = doc.idToObject[name]
        if type(obj) is PDFTrueTypeFont:
            _widths_formatted(obj, doc)
        n, version = doc.idToObjectNumberAndVersion[name]
        formatted = _formatted_stream(obj, doc)
        if formatted is None:  # as PDFIndirectObject formats it, without making one (or encoding its head)
            doc.encrypt.register(n, version)
            formatted = reportlab_format(obj, doc, toplevel=1)
        end = b"" if formatted.endswith(b"\n") else b"\n"  # set out as PDFIndirectObject sets it
        offsets.append(out.add(b"%d %d obj\n%s%sendobj\n" % (n, version, formatted, end)))
        if isinstance(obj, PDFStream):
            obj.content = b""  # written: its data is not read again
    if number <= elements.first + len(elements.items) - 1:  # a number never reached: a broken file, not written
        raise RuntimeError(f"objects {number}-{elements.first + len(elements.items) - 1} were never written")
    start = file.tell()
    cross_references(file.write, offsets)
    trailer = PDFTrailer(startxref=start, Size=len(offsets) + 1, Root=catalog, Info=info, ID=doc.ID())
    file.write(trailer.format(doc))
    return file.getvalue()


def _elements_written(elements: Elements, doc: Any, out: PDFFile, offsets: array[int]) -> int:
    """Every element, at its number in turn (set out as PDFIndirectObject sets an object out, `out` keeping count
    of where each starts, as its `add` would): the number after the last."""
    number, offset, write, body_of = elements.first, out.offset, out.write, elements.body
    for item in elements.items:
        body = body_of(item, doc)
        piece = b"%d 0 obj\n%s%sendobj\n" % (number, body, b"" if body.endswith(b"\n") else b"\n")
        offsets.append(offset)
        write(piece)
        offset += len(piece)
        number += 1
    out.offset = offset
    return number


# A stream's formatted bytes by what makes them: its dictionary's plain entries, its filters and its data. Every
# document of a build embeds the same font subsets and their character maps (ReportLab makes each subset once a
# process: deckpress.draw.fonts), and compressing them again for each was a twentieth of a catalogue's build.
_STREAMS: dict[tuple[object, ...], bytes] = {}
_STREAMS_HELD = 256  # a build embeds a few dozen distinct subsets; the rest start afresh
_PLAIN = (int, float, str)  # a number, or a name or text as ReportLab writes it


def _formatted_stream(obj: object, doc: Any) -> bytes | None:
    """A stream of only plain dictionary entries (no reference, whose number is the document's own), formatted
    once a process for its bytes; None for any other object (ReportLab formats it)."""
    # (an encrypted stream's bytes are its document's own; a stream's comment is written before it)
    if type(obj) is not PDFStream or not isinstance(obj.content, (bytes, str)) or hasattr(obj, "__Comment__") \
            or type(doc.encrypt) is not NoEncryption:
        return None
    entries = obj.dictionary.dict
    if not all(type(value) in _PLAIN for value in entries.values()):  # a bool, an array, a reference: its own
        return None
    filters = obj.filters if obj.filters is not None else doc.defaultStreamFilters
    # (an OrderedDict keeps its order where a dict's keys are sorted: the same entries, other bytes; ReportLab's
    # settings of how a dictionary and ASCII85 data are set out)
    key = (type(entries), tuple((k, type(v), v) for k, v in entries.items()), tuple(f.pdfname for f in filters or ()),
           rl_config.pdfMultiLine, rl_config.wrapA85, obj.content)
    body = _STREAMS.get(key)
    if body is None:
        if len(_STREAMS) >= _STREAMS_HELD:
            _STREAMS.clear()
        body = _STREAMS[key] = obj.format(doc)
    return body


class _Formatted(PDFObject):
    """A value set out already: ReportLab writes its bytes as they are."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def format(self, document: Any) -> bytes:
        return self.data


# A font subset's widths array, set out, by its widths: every document of a build embeds the same subsets, and
# setting out their 256 numbers each time was four fifths of writing a subset's font dictionary.
_WIDTHS: dict[tuple[object, ...], _Formatted] = {}


def _widths_formatted(font: Any, doc: Any) -> None:
    """The font's widths (an array of numbers alone: nothing in it is the document's own) replaced by their bytes,
    set out once a process as ReportLab sets them out."""
    widths: Any = getattr(font, "Widths", None)
    kinds = tuple(map(type, widths.sequence)) if type(widths) is PDFArray else (None,)
    if not set(kinds) <= {int, float}:
        return
    key = (widths.multiline, rl_config.pdfMultiLine, kinds, tuple(widths.sequence))  # 1 and 1.0 set out apart
    formatted = _WIDTHS.get(key)
    if formatted is None:
        if len(_WIDTHS) >= _STREAMS_HELD:
            _WIDTHS.clear()
        formatted = _WIDTHS[key] = _Formatted(widths.format(doc))
    font.Widths = formatted


def cross_references(write: Callable[[bytes], object], offsets: array[int]) -> None:
    """The cross-reference table as ReportLab sets it out (one section from object 0, every object in use, at
    `offsets`), written entry by entry as it is set out: 170,000 entries at 24,000 cards."""
    write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1))
    for at in offsets:
        write(b"%010d 00000 n \n" % at)
