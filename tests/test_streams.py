"""A page's content stream compressed as the page ends: the file ReportLab writes at its save, object for object,
each stream inflated to the same bytes, the page streams deflated at `streams.LEVEL`."""

from __future__ import annotations

import io
import zlib

import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject, StreamObject
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from deckpress.draw import streams
from deckpress.draw.streams import compress_last_page


def _drawn(early: bool) -> tuple[bytes, list[object]]:
    canvas = Canvas(io.BytesIO(), invariant=1, pageCompression=1)
    for page in range(3):
        canvas.drawString(72, 720, f"Lot {page + 1}: Lanterns, 3 points \u00e9")
        canvas.rect(72, 72, 100 + page, 50, fill=1)
        canvas.showPage()
        if early:
            compress_last_page(canvas)
    held = [p.stream for p in canvas._doc.Pages.pages]  # type: ignore[attr-defined]
    return canvas.getpdfdata(), held  # type: ignore[no-untyped-call]


def _objects(data: bytes) -> list[object]:
    """Every object of the file by number, a stream as its dictionary (its length apart) and its inflated data."""
    reader = PdfReader(io.BytesIO(data))
    found: list[object] = []
    for number in range(1, len(reader.xref_objStm) + max(reader.xref[0]) + 1):
        obj = reader.get_object(IndirectObject(number, 0, reader))
        if isinstance(obj, StreamObject):
            found.append((_plain({k: v for k, v in obj.items() if k != "/Length"}), obj.get_data()))
        else:
            found.append(_plain(obj))
    return found


def _plain(obj: object) -> object:
    """An object with its references as their numbers (pypdf's name their reader too)."""
    if isinstance(obj, IndirectObject):
        return ("ref", obj.idnum)
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    return [_plain(v) for v in obj] if isinstance(obj, list) else obj


@pytest.mark.parametrize("a85", [True, False])
def test_pages_compressed_as_they_end_are_reportlabs_own_objects_deflated_at_the_press_level(monkeypatch, a85):
    monkeypatch.setattr(rl_config, "useA85", int(a85))
    early, held = _drawn(True)
    late, _ = _drawn(False)
    assert _objects(early) == _objects(late)
    assert held == [None, None, None]  # no page's text is held until the save
    if not a85:
        drawn = [page.get_contents() for page in PdfReader(io.BytesIO(early)).pages]
        inflated = [c.get_data() for c in drawn if c is not None]
        assert len(inflated) == 3 and all(zlib.compress(d, streams.LEVEL) in early for d in inflated)
        assert early != late  # ReportLab's own level is another: the test tells them apart
