"""Finish stage: document information, viewer preferences, language and XMP metadata; and kits (deckpress.draw.kit).

A component is finished on its ReportLab canvas before it is saved, so its file is
written once. A kit joins finished components, one bookmark each, and carries the same finish.
"""

from __future__ import annotations

import datetime
import html
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckpress import __version__
from deckpress.numerals import whole

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True)
class DocInfo:
    """A PDF's document information: its title, author, subject, language and date."""

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


LAST_EPOCH = 253402300799  # 9999-12-31 23:59:59 UTC: the last second a PDF date can write


def source_date_epoch() -> int | None:
    """SOURCE_DATE_EPOCH (seconds since 1970, as reproducible builds set it), if set and one: the command
    refuses any other value before it starts (deckpress.arguments), as the variable's specification asks: ASCII
    digits alone (`whole` takes spaces around them, as a template may write them)."""
    text = os.environ.get("SOURCE_DATE_EPOCH", "")
    return whole(text, LAST_EPOCH) if text.isascii() and text.isdigit() else None


def pdf_date(declared: datetime.date | None) -> str:
    """The date every PDF of a game carries: SOURCE_DATE_EPOCH over the game's declared `date:` (its midnight,
    UTC); neither: empty. The same on every rebuild."""
    epoch = source_date_epoch()
    when = None
    if epoch is not None:
        when = datetime.datetime.fromtimestamp(epoch, datetime.UTC)
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


def xmp(info: DocInfo) -> bytes:
    """The XMP packet a tagged PDF carries: its title, author, subject and language as the document information
    says them, its producer, and that it is meant to meet PDF/UA-1 (which readers and checkers look for here)."""
    fields = {k: html.escape(v, quote=False) for k, v in info.fields.items()}  # as XML text: &, < and >
    lang = html.escape(info.language, quote=False)
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{fields["Title"]}</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>{fields["Author"]}</rdf:li></rdf:Seq></dc:creator>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">{fields["Subject"]}</rdf:li></rdf:Alt></dc:description>
<dc:language><rdf:Bag><rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>
<pdf:Producer>{fields["Producer"]}</pdf:Producer>
<pdfuaid:part>1</pdfuaid:part>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>
""".encode()


def pdf_text(value: str) -> bytes:
    """A PDF text string: as written when it is plain ASCII, else UTF-16 with its byte-order mark, in hex."""
    if value.isascii() and value.isprintable():
        return b"(%s)" % re.sub(rb"([\\()])", rb"\\\1", value.encode())
    return b"<%s>" % ("\ufeff" + value).encode("utf-16-be").hex().upper().encode()
