"""The catalogue's thumbnails: a PNG of the page that best shows each PDF, and never a secret.

A component's thumbnail is its first page; a kit's, its first page after the print check (and calibration); a
private or host component's, its cover, so the catalogue shows no desk card and no answer. Each is named by its
PDF's checksum and what it shows, so an unchanged PDF keeps its thumbnail and a picture of a secret page drawn by
an earlier press is never reused for a cover.
"""

from __future__ import annotations

import hashlib
import io
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from deckpress.publish.manifest import Entry
from deckpress.publish.write import Output
from deckpress.words import say

if TYPE_CHECKING:
    from PIL import Image

THUMBNAIL_WIDTH = 160  # px
Thumbnail = tuple[bytes, int, int]  # PNG, its width and height in pixels
KITS = ("kit", "host-kit")


def thumbnail_path(entry: Entry) -> str:
    """Named by the PDF's checksum and by which page it shows."""
    shows = "-first" if entry.component in KITS else "-cover" if entry.secret else ""
    return f"thumbnails/{entry.sha256[:20]}{shows}.png"


def covered(entry: Entry) -> bool:
    """Whether the catalogue shows the entry's cover: a private or host part (the host's kit shows its first part,
    which is a cover or public)."""
    return entry.secret and entry.component not in KITS


def shown_page(output: Output) -> tuple[bytes, int] | None:
    """The PDF and page (from 0) a fresh output's thumbnail shows; None for a secret one that has no cover."""
    entry = output.listed
    if output.shown is not None:
        return output.shown
    return None if entry is not None and covered(entry) else (output.data, 0)


def missing_thumbnails(out_dir: Path, outputs: list[Output]) -> dict[str, Thumbnail]:
    """Thumbnails of the PDFs among `outputs` that the out folder has none of yet, by thumbnail path: drawn where
    the PDFs are made (a parallel build's workers), for the catalogue to take as `made`."""
    made = {}
    sums = {id(o.data): o.sha256 for o in outputs if o.entry is not None}  # hashed once, for the manifest
    for o in outputs:
        entry = o.listed
        if entry is None or not o.path.endswith(".pdf") or (out_dir / thumbnail_path(entry)).is_file():
            continue
        source = shown_page(o)  # its own first page, or another PDF's (a kit's first part, a cover)
        drawn = thumbnail(*source, sums.get(id(source[0]))) if source else placeholder(page_ratio(o.data))
        made[thumbnail_path(entry)] = drawn
    return made


# The thumbnails drawn in this process, by the SHA-256 of their PDF's bytes and the page asked for: the same bytes
# draw the same PNG, so a PDF built again unchanged (by the next build in a watching or serving process, or a
# test's) is not drawn again. The oldest goes first past DRAWN_KEPT; a thumbnail is about ten kilobytes.
_DRAWN: dict[tuple[str, int], Thumbnail] = {}
_DRAWN_LOCK = threading.Lock()
DRAWN_KEPT = 512


def thumbnail(pdf: bytes, page_index: int = 0, sha256: str | None = None) -> Thumbnail:
    """A PNG of one page (the first unless told), THUMBNAIL_WIDTH pixels wide. `sha256`: the PDF's checksum, where
    its output has it already (hashed once, for the manifest too)."""
    key = (sha256 or hashlib.sha256(pdf).hexdigest(), page_index)
    drawn = _DRAWN.get(key)
    if drawn is None:
        drawn = _drawn(pdf, page_index)
        with _DRAWN_LOCK:
            _DRAWN[key] = drawn
            while len(_DRAWN) > DRAWN_KEPT:
                del _DRAWN[next(iter(_DRAWN))]
    return drawn


def _drawn(pdf: bytes, page_index: int) -> Thumbnail:
    import pypdfium2  # PDFium loads only to draw a thumbnail: the checksums and paths here need none of it

    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[min(page_index, len(document) - 1)]
        width, height = page.get_size()
        # the press prints black on white: grey thumbnails lose nothing, and draw and save twice as fast
        image = page.render(scale=THUMBNAIL_WIDTH / width, draw_annots=False, grayscale=True).to_pil()
    finally:
        document.close()
    return _png(image), image.width, image.height


def first_part_page(pdf: bytes, language: str) -> int:
    """The page (from 0) a kit's picture shows, read back from the kit where the build that made it is not at hand
    (`deckpress site` over a folder whose pictures were deleted): the first its bookmarks lead to after the parts
    every kit opens with (the print plan, check and calibration, titled in the game's language); its first page
    where it has none, or its bookmarks cannot be read."""
    from pypdf import PdfReader  # only here: a build knows the page without reading the kit back
    from pypdf.errors import PyPdfError

    try:
        opening = {say(language, key) for key in ("plan_title", "print_check", "calibration")}
        reader = PdfReader(io.BytesIO(pdf))
        marks = [mark for mark in reader.outline if not isinstance(mark, list) and mark.title not in opening]
        page = reader.get_destination_page_number(marks[0]) if marks else None
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, RecursionError):  # a file no kit of ours
        return 0
    return page or 0


def placeholder(ratio: float) -> Thumbnail:
    """A plain page of the PDF's proportions: for secret material whose cover is not at hand (`deckpress site`
    over a folder whose thumbnails were deleted), which is never drawn from its content."""
    from PIL import Image

    image = Image.new("L", (THUMBNAIL_WIDTH, max(1, round(THUMBNAIL_WIDTH / ratio))), 255)
    return _png(image), image.width, image.height


def page_ratio(pdf: bytes) -> float:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        width, height = document[0].get_size()
    finally:
        document.close()
    return float(width / height)


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    # zlib at level 3 saves in two thirds the time of the default 6, for 3% more bytes (optimize=True: 1 s slower)
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()
