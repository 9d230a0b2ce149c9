"""The file written by `save.pdf_data` is ReportLab's own, byte for byte: with objects numbered outside ReportLab
(a tagged deck's structure elements) set out in their place, as if each had been one of ReportLab's objects."""

from __future__ import annotations

import io
from collections import OrderedDict
from typing import Any

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFObject, PDFStream
from reportlab.pdfgen.canvas import Canvas

from deckpress.draw import fonts, save
from deckpress.draw.save import Elements, _formatted_stream, pdf_data
from deckpress.draw.streams import compress_last_page

BODIES = [b"<< /Type /StructElem /S /P /T (Lot %d) >>" % n for n in range(40)]


class _Body(PDFObject):
    """A structure element as ReportLab's own object: what the press registered before it numbered its own."""

    __RefOnly__ = 1

    def __init__(self, body: bytes) -> None:
        self.body = body

    def format(self, document: Any) -> bytes:
        return self.body


def _drawn() -> Canvas:
    """Pages with text in an embedded font (its subsets are added as the file is written), shapes, and a page
    stream compressed as its page ends, as the press draws."""
    canvas = Canvas(io.BytesIO(), invariant=1, pageCompression=1)
    face = fonts.font("AtkinsonHyperlegible-Bold").fontName
    for page in range(3):
        canvas.setFont(face, 12)
        canvas.drawString(72, 720, f"Lot {page + 1}: Lanterns, 3 points \u00e9")
        canvas.rect(72, 72, 100 + page, 50, fill=1)
        canvas.showPage()
        compress_last_page(canvas)
    return canvas


def test_a_file_without_numbered_objects_is_reportlabs_own():
    assert pdf_data(_drawn(), Elements(1, [], lambda item, doc: b"")) == _drawn().getpdfdata()  # type: ignore[no-untyped-call]


def test_numbered_objects_are_written_as_if_reportlab_had_held_them():
    theirs = _drawn()
    doc: Any = theirs._doc  # type: ignore[attr-defined]
    for body in BODIES:
        doc.Reference(_Body(body))
    ours = _drawn()
    mine: Any = ours._doc  # type: ignore[attr-defined]
    first = mine.objectcounter + 1
    mine.objectcounter += len(BODIES)
    written = pdf_data(ours, Elements(first, BODIES, lambda body, doc: body))
    assert written == theirs.getpdfdata()  # type: ignore[no-untyped-call]
    assert b"%d 0 obj\n%s\nendobj\n" % (first + 39, BODIES[39]) in written


def test_a_subset_embedded_again_is_written_from_its_first_formatting_as_reportlab_writes_it(monkeypatch):
    """The font subsets and character maps every document of a build embeds are formatted once a process: each
    later file is still ReportLab's own, byte for byte, and a stream that is not the same is formatted anew."""
    formatted: list[object] = []  # the streams ReportLab formats but the pages' own (compressed as each page ends)
    format_stream = PDFStream.format

    def counted(stream: Any, doc: Any) -> bytes:
        if "Filter" not in stream.dictionary.dict:
            formatted.append(stream)
        return format_stream(stream, doc)

    monkeypatch.setattr(PDFStream, "format", counted)
    monkeypatch.setattr(save, "_STREAMS", {})
    first = pdf_data(_drawn(), Elements(1, [], lambda item, doc: b""))
    assert len(formatted) == 2  # the subset's font file and its character map
    again = pdf_data(_drawn(), Elements(1, [], lambda item, doc: b""))
    assert len(formatted) == 2  # taken as they were formatted
    monkeypatch.undo()
    assert first == again == _drawn().getpdfdata()  # type: ignore[no-untyped-call]
    other = Canvas(io.BytesIO(), invariant=1, pageCompression=1)
    other.setFont(fonts.font("AtkinsonHyperlegible-Bold").fontName, 12)
    other.drawString(72, 720, "Keys, 5 points")  # another subset: its own font file, its own map
    other.showPage()
    compress_last_page(other)
    theirs = Canvas(io.BytesIO(), invariant=1, pageCompression=1)
    theirs.setFont(fonts.font("AtkinsonHyperlegible-Bold").fontName, 12)
    theirs.drawString(72, 720, "Keys, 5 points")
    theirs.showPage()
    compress_last_page(theirs)
    assert pdf_data(other, Elements(1, [], lambda item, doc: b"")) == theirs.getpdfdata()  # type: ignore[no-untyped-call]


def test_a_stream_naming_another_object_is_formatted_by_its_own_document():
    """A reference is written with its document's numbering: such a stream is never taken from another's."""
    doc: Any = Canvas(io.BytesIO())._doc  # type: ignore[attr-defined]
    plain, named = PDFStream(content=b"q Q"), PDFStream(content=b"q Q")
    named.dictionary["Parent"] = doc.Reference(PDFStream(content=b""))
    assert _formatted_stream(plain, doc) is not None
    assert _formatted_stream(named, doc) is None


def test_a_stream_is_taken_from_another_only_where_reportlab_would_write_the_same_bytes():
    """ReportLab sorts a dictionary's keys, but keeps an OrderedDict's order: the same entries, other bytes."""
    doc: Any = Canvas(io.BytesIO())._doc  # type: ignore[attr-defined]
    entries = [("Length1", 3), ("BBox", "[0 0 1 1]")]
    for made in (dict, OrderedDict, dict):
        stream = PDFStream(PDFDictionary(made(entries)), b"abc")
        assert _formatted_stream(stream, doc) == stream.format(doc)


def test_a_subsets_widths_are_set_out_once_and_never_taken_for_another_subsets(monkeypatch):
    """The widths of a subset embedded again are taken as they were set out; another subset's are its own, and each
    file is still ReportLab's own."""
    monkeypatch.setattr(save, "_WIDTHS", {})
    assert pdf_data(_drawn(), Elements(1, [], lambda item, doc: b"")) == _drawn().getpdfdata()  # type: ignore[no-untyped-call]
    held = dict(save._WIDTHS)
    assert len(held) == 1
    assert pdf_data(_drawn(), Elements(1, [], lambda item, doc: b"")) == _drawn().getpdfdata()  # type: ignore[no-untyped-call]
    assert save._WIDTHS == held  # taken, not set out again

    def keys() -> Canvas:
        canvas = Canvas(io.BytesIO(), invariant=1, pageCompression=1)
        canvas.setFont(fonts.font("AtkinsonHyperlegible-Bold").fontName, 12)
        canvas.drawString(72, 720, "WWWW iiii")  # other letters: other widths
        canvas.showPage()
        compress_last_page(canvas)
        return canvas

    assert pdf_data(keys(), Elements(1, [], lambda item, doc: b"")) == keys().getpdfdata()  # type: ignore[no-untyped-call]
    assert len(save._WIDTHS) == 2


def test_a_subsets_character_map_is_made_once_and_is_reportlabs_own():
    """The character map of a subset embedded again is the one made before; another subset's is its own, and both
    are ReportLab's (`makeToUnicodeCMap` put back once the font's objects are made)."""
    from reportlab.pdfbase import ttfonts

    own = ttfonts.makeToUnicodeCMap
    fonts._made_character_map.cache_clear()
    pdf_data(_drawn(), Elements(1, [], lambda item, doc: b""))
    made = fonts._made_character_map.cache_info()
    pdf_data(_drawn(), Elements(1, [], lambda item, doc: b""))
    again = fonts._made_character_map.cache_info()
    assert (made.misses, again.misses, again.hits - made.hits) == (1, 1, 1)
    assert ttfonts.makeToUnicodeCMap is own
    subset = [ord(c) for c in "Keys, 5 points"]
    name = "ABCDEF+AtkinsonHyperlegible-Bold"
    assert fonts._character_map(name, subset) == own(name, subset) != own(name, subset[:-1])
    assert fonts._character_map(name, subset[:-1]) == own(name, subset[:-1])


def _tagged_and_saved() -> tuple[bytes, Elements]:
    """A page with a section of two paragraphs, its structure tree written and the file saved."""
    from deckpress.draw import tagging
    from deckpress.layout.ops import END, Begin

    canvas = Canvas(io.BytesIO(), invariant=1, pageCompression=1)
    tree = tagging.Tree()
    tree.new_page()
    for tag in (Begin("Sect"), Begin("P", title="Lot 1"), END, Begin("P", alt="Lanterns"), END, END):
        tree.apply(tag)
    canvas.showPage()
    compress_last_page(canvas)
    elements = tagging.write(canvas, tree, b"<x:xmpmeta/>")
    return pdf_data(canvas, elements), elements


def _cyclic_elements(let_go: bool) -> tuple[bytes, int]:
    """A tagged file saved, and how many of its tree's elements only Python's cycle collector frees once the tree
    is let go of (or not)."""
    import gc

    from deckpress.draw import tagging

    pdf, saved = _tagged_and_saved()
    if let_go:
        tagging.let_go(saved)
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        del saved
        gc.collect()
        return pdf, sum(isinstance(found, tagging.Element) for found in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_a_saved_structure_tree_goes_with_its_document_without_the_cycle_collector():
    """An element and its parent refer to each other until the file is written; then the tree is let go of, its
    file as it was, and nothing of it waits for Python's cycle collector (a catalogue's trees were most of what
    its collections freed)."""
    pdf, cyclic = _cyclic_elements(let_go=False)
    assert cyclic == 4  # the document, the section, its two paragraphs
    again, cyclic = _cyclic_elements(let_go=True)
    assert again == pdf and b"/S /Sect" in pdf
    assert cyclic == 0
