"""Finish stage: document information, viewer preferences and language; and kits (deckpress.draw.kit).

A component is finished on its ReportLab canvas before it is saved, so its file is
written once. A kit joins finished components, one bookmark each, and carries the same finish.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckpress import __version__

if TYPE_CHECKING:
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
