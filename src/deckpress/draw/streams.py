"""A page's content stream compressed as the page ends, not held as text until the save.

ReportLab keeps every page's operators as one string until it writes the file, and compresses them then: 24,000
cards held 125 MB of text. Compressed as each page is shown, the same bytes are written (the same zlib call on the
same text, the same stream dictionary) from a fraction of the memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFArray, PDFBase85Encode, PDFDictionary, PDFName, PDFStream, PDFZCompress

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


def compress_last_page(canvas: Canvas) -> None:
    """The page just shown gets its content stream, compressed, as ReportLab would make it at the save."""
    page = canvas._doc.Pages.pages[-1]  # type: ignore[attr-defined]
    if not page.compression or page.Contents or not page.stream:
        return  # a page made another way: left as ReportLab would write it
    filters: list[Any] = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
    content = page.stream
    for step in reversed(filters):  # applied last to first, as PDFStream.format applies them
        content = step.encode(content)
    stream = PDFStream(PDFDictionary({"Filter": PDFArray([PDFName(f.pdfname) for f in filters])}), content)
    stream.__Comment__ = "page stream"  # type: ignore[attr-defined]
    page.Contents, page.stream = stream, None
