"""Finish stage: document information, viewer preferences and language; and kits (deckpress.draw.kit).

A component is finished on its ReportLab canvas before it is saved, so its file is
written once. A kit joins finished components, one bookmark each, and carries the same finish.
"""

from __future__ import annotations

import datetime
import os
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
    date: str = ""  # PDF date (D:YYYYMMDDHHmmSS+00'00'); empty: ReportLab's fixed one, and none in a kit

    @property
    def fields(self) -> dict[str, str]:
        creator = f"deckpress {__version__}"
        dates = {"CreationDate": self.date, "ModDate": self.date} if self.date else {}
        return {"Title": self.title, "Author": self.author, "Subject": self.subject, "Creator": creator,
                "Producer": creator, **dates}


def pdf_date(declared: datetime.date | None) -> str:
    """The date every PDF of a game carries: SOURCE_DATE_EPOCH (seconds, as reproducible builds set it) over the
    game's declared `date:` (its midnight, UTC); neither: empty. The same on every rebuild."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    when = None
    if epoch.isdigit():
        when = datetime.datetime.fromtimestamp(min(int(epoch), 253402300799), datetime.UTC)
    elif declared is not None:
        when = datetime.datetime(declared.year, declared.month, declared.day, tzinfo=datetime.UTC)
    return when.strftime("D:%Y%m%d%H%M%S+00'00'") if when else ""


def finish(canvas: Canvas, info: DocInfo) -> None:
    """Metadata, language, and print at actual size (the cards must be exact); set before the canvas saves."""
    fields = info.fields
    canvas.setTitle(fields["Title"])
    canvas.setAuthor(fields["Author"])
    canvas.setSubject(fields["Subject"])
    canvas.setCreator(fields["Creator"])
    canvas.setProducer(fields["Producer"])
    if info.date:
        canvas.setDateFormatter(lambda *_: info.date)  # ReportLab's invariant date is 1 January 2000
    canvas.setCatalogEntry("Lang", info.language)
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("DisplayDocTitle", "true")
