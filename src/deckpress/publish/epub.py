"""The EPUB 3 edition: the text edition's pages packed as an EPUB 3.3 book, per game and audience.

The players' book (`<game>.epub`) holds the public page; where the game has secret material the host's book
(`<game>-host.epub`) holds the host's page and every secret page, so a secret page is never in the players' book.
Each book has a navigation document (the pages' headings, and landmarks), the PDFs' font embedded (Atkinson
Hyperlegible; Fira Sans for a game in Greek, deckpress.draw.scripts), and the accessibility metadata of EPUB
Accessibility 1.1. The same sources give the same bytes: the modification date is the PDFs' date, the identifier
a hash of the game, and the zip has fixed times, order and compression.
"""

from __future__ import annotations

import datetime
import io
import uuid
import zipfile
from functools import cache
from pathlib import Path
from typing import Any

from markupsafe import Markup

from deckpress.draw import scripts
from deckpress.draw.finish import pdf_date
from deckpress.draw.fonts import FONT_FILES, SCRIPT_FILES
from deckpress.model import HOST, PUBLIC, Game
from deckpress.publish import phrases
from deckpress.publish.epub_pages import Chapter, chapters, contents, listed
from deckpress.publish.epub_proof import proofs
from deckpress.publish.epub_proof import summary as proved
from deckpress.publish.page_templates import page_template

MIMETYPE = b"application/epub+zip"
CONTAINER = b"""<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
"""
CSS = "css/edition.css"
FONTS = "fonts"
# What the books are (EPUB Accessibility 1.1, and the schema.org values Ace and the EPUB A11y vocabulary know)
CONFORMS_TO = "EPUB Accessibility 1.1 - WCAG 2.2 Level AA"
FEATURES = ("structuralNavigation", "tableOfContents", "readingOrder", "displayTransformability", "unlocked")
PAGED = ("printPageNumbers", "pageNavigation")  # a book whose text marks the printed rules' pages
UNDATED = "2000-01-01T00:00:00Z"  # a game without a date: the date ReportLab gives an undated PDF
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip can say: no file in the book carries the build's time
IDENTIFIERS = uuid.UUID("0b1e6f3c-5d1a-5c8e-9a47-1d2f0c3b4a59")  # the press's own namespace for book ids


def books(game: Game, pages: dict[str, tuple[str, str]]) -> list[tuple[str, str, bytes]]:
    """Path (in the out folder), audience and bytes of the game's books, from the text edition's pages (file
    name -> audience and HTML): the players' (public pages only) and, with secret material, the host's."""
    public = {name: page for name, (audience, page) in pages.items() if audience == PUBLIC}
    secret = {name: page for name, (audience, page) in pages.items() if audience != PUBLIC}
    out = [(f"{game.id}/{game.id}.epub", PUBLIC, book(game, public, PUBLIC))] if public else []
    if secret:
        out.append((f"{game.id}/{game.id}-host.epub", HOST, book(game, secret, HOST)))
    return out


def book(game: Game, pages: dict[str, str], audience: str) -> bytes:
    """One EPUB of `pages` (file name -> HTML), in that reading order."""
    say = phrases(game.language)
    packed = chapters(pages)
    title = game.title if audience == PUBLIC else say("epub_host_book", game=game.title)
    shared = dict(language=game.language, say=say, title=title, css=CSS)
    content = {f"EPUB/{c.name}": _page(c, shared) for c in packed}
    files = {
        "META-INF/container.xml": CONTAINER,
        "EPUB/package.opf": _render("epub_package.opf.j2", **shared, **_metadata(game, audience, content, packed),
                                    chapters=packed, fonts=[f"{FONTS}/{path.name}" for path in _fonts(game)]),
        "EPUB/nav.xhtml": _render("epub_nav.xhtml.j2", **shared, contents=listed(contents(packed)),
                                  start=packed[0].name, pages=[b for c in packed for b in c.breaks]),
        **content,
        f"EPUB/{CSS}": _render("epub.css.j2", faces=[_face(path) for path in _fonts(game)],
                               family=scripts.family_name(scripts.family(game.language))),
        **{f"EPUB/{FONTS}/{path.name}": _font(path) for path in _fonts(game)},
    }
    return _zip(files)


def identifier(game: Game, audience: str) -> str:
    """The book's id: the same for every build of the game's edition (its id and version), one per audience."""
    return f"urn:uuid:{uuid.uuid5(IDENTIFIERS, '/'.join((audience, game.id, game.version)))}"


def modified(game: Game) -> str:
    """The book's last modification: the date its PDFs carry (SOURCE_DATE_EPOCH, else the game's `date:`)."""
    stamp = pdf_date(game.date)  # D:YYYYMMDDHHMMSS+00'00'
    try:
        when = datetime.datetime.strptime(stamp[2:16], "%Y%m%d%H%M%S")
    except ValueError:
        return UNDATED
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _metadata(game: Game, audience: str, content: dict[str, bytes], packed: list[Chapter]) -> dict[str, Any]:
    """The book's metadata; its accessibility summary says what the checks of its content proved, and it claims
    conformance only where every check held."""
    say = phrases(game.language)
    found = proofs(content, game.language)
    breaks = [b for c in packed for b in c.breaks]
    summary = f"{say('epub_summary' if audience == PUBLIC else 'epub_summary_host')} {proved(found, say)}"
    held = all(p.held for p in found)
    return dict(identifier=identifier(game, audience), modified=modified(game), publisher=game.publisher,
                features=FEATURES + (PAGED if breaks else ()), source=breaks[0].source if breaks else None,
                conforms_to=CONFORMS_TO if held else None,
                certified_by=game.publisher or game.title, summary=summary)


def _page(chapter: Chapter, shared: dict[str, Any]) -> bytes:
    return _render("epub_page.xhtml.j2", **shared, chapter=chapter, body=Markup(chapter.body))


def _face(path: Path) -> dict[str, str]:
    """A font file's @font-face: its weight and style from its name (AtkinsonHyperlegible-BoldItalic)."""
    style = path.stem.rpartition("-")[2]
    return {"src": f"../{FONTS}/{path.name}", "weight": "bold" if "Bold" in style else "normal",
            "style": "italic" if "Italic" in style else "normal"}


def _fonts(game: Game) -> list[Path]:
    """The files of the family the game's language is set in (deckpress.draw.scripts), every style."""
    family = f"{scripts.family(game.language)}-"
    return [files[name] for files in (FONT_FILES, SCRIPT_FILES) for name in sorted(files) if name.startswith(family)]


@cache
def _font(path: Path) -> bytes:
    return path.read_bytes()


def _render(name: str, **fields: Any) -> bytes:
    return page_template(name).render(**fields).encode("utf-8")


def _zip(files: dict[str, bytes]) -> bytes:
    """The OCF container: `mimetype` first and stored, then every file deflated, in the order given."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr(_entry("mimetype", zipfile.ZIP_STORED), MIMETYPE)
        for name, data in files.items():
            z.writestr(_entry(name, zipfile.ZIP_DEFLATED), data, compresslevel=9)
    return buffer.getvalue()


def _entry(name: str, method: int) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.compress_type = method
    info.create_system = 3  # Unix, on any machine: the same bytes everywhere
    info.external_attr = 0o644 << 16
    return info
