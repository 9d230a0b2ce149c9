"""A kit's own objects, written as PDF: its outline and the file round all its objects."""

from __future__ import annotations

import hashlib
import io
from array import array

from deckpress.draw.finish import pdf_text
from deckpress.draw.save import cross_references

# Fixed numbers of the objects a kit writes itself; copied objects follow them.
CATALOG, PAGES, OUTLINES, INFO, VIEWER_PREFERENCES, STRUCTURE, DOCUMENT, PARENT_TREE, METADATA = range(1, 10)


def outline(marks: list[tuple[str, int]], first: int) -> dict[int, bytes]:
    """One bookmark a part, each opening its first page fitted to the window."""
    items = {}
    for i, (title, page) in enumerate(marks):
        links = b"".join(b"/%s %d 0 R " % (key, first + j) for key, j in ((b"Prev", i - 1), (b"Next", i + 1))
                         if 0 <= j < len(marks))
        items[first + i] = b"<< /Title %s /Parent %d 0 R %s/Dest [ %d 0 R /Fit ] >>" % (
            pdf_text(title), OUTLINES, links, page)
    last = first + len(marks) - 1
    items[OUTLINES] = b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>" % (first, last, len(marks))
    return items


def pdf_file(objects: dict[int, bytes], streams: dict[int, memoryview] | None = None) -> bytes:
    """The objects in number order (an object's stream's data, if it has one, in `streams`), then the
    cross-reference table; the file's ID is its own checksum, so the same kit gives the same bytes. Written into
    one in-memory file, each object let go of once written (`objects` and `streams` are emptied), whose bytes are
    then the file's own: it is held whole once, never beside a copy of itself or of every object."""
    streams = streams or {}
    out, offsets = io.BytesIO(), array("q")
    out.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    for n in range(1, max(objects) + 1):
        offsets.append(out.tell())
        data = streams.pop(n, None)
        if data is None:
            out.write(b"%d 0 obj\n%s\nendobj\n" % (n, objects.pop(n)))
            continue
        out.write(b"%d 0 obj\n%s" % (n, objects.pop(n)))
        out.write(data)
        out.write(b"\nendobj\n")
    xref = out.tell()
    cross_references(out.write, offsets)
    with out.getbuffer() as written:  # all before the trailer, hashed as it lies (no copy)
        checksum = hashlib.md5(written, usedforsecurity=False).hexdigest().encode()
    out.write(b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [ <%s> <%s> ] >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(offsets) + 1, CATALOG, INFO, checksum, checksum, xref))
    return out.getvalue()
