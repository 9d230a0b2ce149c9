"""Finish stage (pypdf): document information, viewer preferences, language, and kits."""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PdfReader, PdfWriter
from pypdf.generic import BooleanObject, NameObject, TextStringObject

from deckpress import __version__


@dataclass(frozen=True)
class DocInfo:
    title: str
    author: str
    subject: str
    language: str


def finish(pdf: bytes, info: DocInfo) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    return _write(writer, info)


def kit(parts: list[tuple[str, bytes]], info: DocInfo) -> bytes:
    """All components in one PDF, one bookmark each, in the order given."""
    writer = PdfWriter()
    for title, pdf in parts:
        writer.append(PdfReader(io.BytesIO(pdf)), outline_item=title)
    writer.page_mode = "/UseOutlines"
    return _write(writer, info)


def _write(writer: PdfWriter, info: DocInfo) -> bytes:
    writer.add_metadata({
        "/Title": info.title,
        "/Author": info.author,
        "/Subject": info.subject,
        "/Creator": f"deckpress {__version__}",
        "/Producer": f"deckpress {__version__}",
    })
    prefs = writer.create_viewer_preferences()
    prefs[NameObject("/PrintScaling")] = NameObject("/None")  # print at actual size: the cards must be exact
    prefs[NameObject("/DisplayDocTitle")] = BooleanObject(True)
    writer._root_object[NameObject("/Lang")] = TextStringObject(info.language)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
