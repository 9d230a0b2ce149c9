"""A kit's own objects, written as PDF: its outline and the file round all its objects."""

from __future__ import annotations

import hashlib
import io
from array import array
from dataclasses import dataclass

from deckpress.draw.finish import pdf_text
from deckpress.draw.save import cross_references


@dataclass(frozen=True)
class Own:
    """The numbers of the objects a kit writes itself (the structure's only where its parts are tagged)."""

    catalog: int
    pages: int
    outlines: int
    info: int
    viewer_preferences: int
    structure: int
    document: int
    parent_tree: int
    metadata: int


# A kept part's run of objects copied as they lie: the first's number, their bytes, where each starts in them.
Run = tuple[int, memoryview, "array[int]"]


def _write(out: io.BytesIO, n: int, head: bytes, data: memoryview | None) -> None:
    """Object `n`: its dictionary (or value), and its stream's data if it has one."""
    if data is None:
        out.write(b"%d 0 obj\n%s\nendobj\n" % (n, head))
        return
    out.write(b"%d 0 obj\n%s" % (n, head))
    out.write(data)
    out.write(b"\nendobj\n")


def outline(marks: list[tuple[str, int]], first: int, outlines: int) -> dict[int, bytes]:
    """One bookmark a part, each opening its first page fitted to the window."""
    items = {}
    for i, (title, page) in enumerate(marks):
        links = b"".join(b"/%s %d 0 R " % (key, first + j) for key, j in ((b"Prev", i - 1), (b"Next", i + 1))
                         if 0 <= j < len(marks))
        items[first + i] = b"<< /Title %s /Parent %d 0 R %s/Dest [ %d 0 R /Fit ] >>" % (
            pdf_text(title), outlines, links, page)
    last = first + len(marks) - 1
    items[outlines] = b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>" % (first, last, len(marks))
    return items


def pdf_file(objects: dict[int, bytes], streams: dict[int, memoryview], catalog: int, info: int,
             kept: list[Run] | None = None) -> bytes:
    """The objects in number order (an object's stream's data, if it has one, in `streams`; a kept part's runs of
    objects byte for byte), then the cross-reference table; the file's ID is its own checksum, so the same kit gives
    the same bytes. Written into one in-memory file, each object let go of once written (`objects` and `streams`
    are emptied), whose bytes are then the file's own: it is held whole once, never beside a copy of itself."""
    runs = {first: (data, starts) for first, data, starts in kept or []}
    out, offsets = io.BytesIO(), array("q")
    out.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    n, top = 1, max([*objects, *(first + len(starts) - 1 for first, (_, starts) in runs.items())])
    while n <= top:
        if n in runs:
            data, starts = runs.pop(n)
            offsets.extend(out.tell() + at for at in starts)
            out.write(data)
            n += len(starts)
            continue
        offsets.append(out.tell())
        _write(out, n, objects.pop(n), streams.pop(n, None))
        n += 1
    xref = out.tell()
    cross_references(out.write, offsets)
    with out.getbuffer() as written:  # all before the trailer, hashed as it lies (no copy)
        checksum = hashlib.md5(written, usedforsecurity=False).hexdigest().encode()
    out.write(b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [ <%s> <%s> ] >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(offsets) + 1, catalog, info, checksum, checksum, xref))
    return out.getvalue()
