"""A page's content stream compressed as the page ends gives the very bytes ReportLab writes at its save."""

from __future__ import annotations

import io

import pytest
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

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


@pytest.mark.parametrize("a85", [True, False])
def test_pages_compressed_as_they_end_are_written_byte_for_byte_as_at_the_save(monkeypatch, a85):
    monkeypatch.setattr(rl_config, "useA85", int(a85))
    early, held = _drawn(True)
    late, _ = _drawn(False)
    assert early == late
    assert held == [None, None, None]  # no page's text is held until the save
