"""Finish stage: document information, viewer preferences and language; and kits (pypdf).

A component is finished on its ReportLab canvas before it is saved, so its file is
written once. A kit joins finished components with pypdf, one bookmark each.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckpress import __version__, interrupts

if TYPE_CHECKING:
    from pypdf import PdfWriter
    from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True)
class DocInfo:
    title: str
    author: str
    subject: str
    language: str

    @property
    def fields(self) -> dict[str, str]:
        creator = f"deckpress {__version__}"
        return {"Title": self.title, "Author": self.author, "Subject": self.subject, "Creator": creator,
                "Producer": creator}


def finish(canvas: Canvas, info: DocInfo) -> None:
    """Metadata, language, and print at actual size (the cards must be exact); set before the canvas saves."""
    fields = info.fields
    canvas.setTitle(fields["Title"])
    canvas.setAuthor(fields["Author"])
    canvas.setSubject(fields["Subject"])
    canvas.setCreator(fields["Creator"])
    canvas.setProducer(fields["Producer"])
    canvas.setCatalogEntry("Lang", info.language)
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("DisplayDocTitle", "true")


def kit(parts: list[tuple[str, bytes]], info: DocInfo) -> bytes:
    """All components in one PDF, one bookmark each, in the order given."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for title, pdf in parts:
        interrupts.check()
        writer.append(PdfReader(io.BytesIO(pdf)), outline_item=title)
    writer.page_mode = "/UseOutlines"
    return _write(writer, info)


def _write(writer: PdfWriter, info: DocInfo) -> bytes:
    from pypdf.generic import BooleanObject, NameObject, TextStringObject

    writer.add_metadata({f"/{key}": value for key, value in info.fields.items()})
    prefs = writer.create_viewer_preferences()
    prefs[NameObject("/PrintScaling")] = NameObject("/None")
    prefs[NameObject("/DisplayDocTitle")] = BooleanObject(True)
    writer._root_object[NameObject("/Lang")] = TextStringObject(info.language)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
