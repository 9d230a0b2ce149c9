"""The download catalogue: build/index.html, a page for hosts to pick, print and verify their files.

Works straight from the file system (no network), reads at 200% zoom, and every
thumbnail is a PNG of its PDF's first page with alt text.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2
from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup
from PIL import Image

from deckpress import interrupts
from deckpress.options import PAPERS
from deckpress.publish import phrases
from deckpress.publish.listing import Listing
from deckpress.publish.manifest import Entry
from deckpress.publish.outputs import KIT
from deckpress.publish.write import Output

THUMBNAIL_WIDTH = 160  # px
TEMPLATES = Path(__file__).parent / "templates"
# The page's frame (heading, how to print) is in English: the page lists every game, whatever its language; each
# game's own section is in that game's language.
FRAME_LANGUAGE = "en"


Thumbnail = tuple[bytes, int, int, float]  # PNG, its width and height in pixels, the page's width / height


@dataclass(frozen=True)
class Shown:
    """A thumbnail as the page shows it: its file, its size in pixels, and its page's width / height."""

    path: str
    width: int
    height: int
    ratio: float


@dataclass(frozen=True)
class Listed:
    """A PDF as the page lists it: its manifest entry, its size in words, its thumbnail."""

    entry: Entry
    size: str
    thumbnail: Shown


def catalogue(out_dir: Path, manifest: list[Entry], fresh: dict[str, bytes], made: dict[str, Thumbnail] | None = None,
              listings: Mapping[str, Listing] | None = None) -> list[Output]:
    """index.html and the thumbnails it shows, for the files `manifest` lists: those of `fresh` (path -> bytes,
    not yet written) and the others already in `out_dir`. `made` has thumbnails drawn already, by checksum;
    `listings` each game's language and editions' names (English and the edition ids where not given)."""
    def read(path: str) -> bytes:
        return fresh[path] if path in fresh else (out_dir / path).read_bytes()

    pngs: dict[str, bytes] = {}
    listed = {}
    for e in (e for e in manifest if e.path.endswith(".pdf")):
        shown, png = _thumbnail(out_dir, read, e.path, e.sha256, made or {})
        if png:
            pngs[shown.path] = png  # two identical PDFs share one thumbnail: one output a path
        size = len(fresh[e.path]) if e.path in fresh else (out_dir / e.path).stat().st_size
        listed[e.path] = Listed(e, _size(size), shown)
    games = _games(manifest, listed, listings or {})
    env = SandboxedEnvironment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                               trim_blocks=True, lstrip_blocks=True)
    page = env.get_template("catalogue.html.j2").render(games=games, say=_frame(), papers=_papers())
    return [Output(path, png) for path, png in pngs.items()] + [Output("index.html", page.encode("utf-8"))]


def _frame() -> Callable[..., Markup]:
    """The frame's phrases, for text (not attributes): only &, < and > need escaping there."""
    say = phrases(FRAME_LANGUAGE)
    return lambda key, **fields: Markup(html.escape(say(key, **fields), quote=False))


def _papers() -> str:
    """The papers the press prints on, in words: "A4 or US Letter"."""
    say = phrases(FRAME_LANGUAGE)
    names = [say(f"paper_{p}") for p in PAPERS]
    return say("catalogue_or", first=", ".join(names[:-1]), second=names[-1]) if len(names) > 1 else names[0]


def thumbnail_path(sha256: str) -> str:
    """Named by the PDF's checksum, so an unchanged PDF keeps its thumbnail."""
    return f"thumbnails/{sha256[:20]}.png"


def missing_thumbnails(out_dir: Path, outputs: list[Output]) -> dict[str, Thumbnail]:
    """Thumbnails of the PDFs among `outputs` that `out_dir` has none of yet, by checksum: drawn where the PDFs
    are made (a parallel build's workers), for `catalogue` to take as `made`."""
    return {o.sha256: thumbnail(o.data) for o in outputs
            if o.path.endswith(".pdf") and not (out_dir / thumbnail_path(o.sha256)).is_file()}


def _thumbnail(out_dir: Path, read: Callable[[str], bytes], pdf: str, sha256: str,
               made: dict[str, Thumbnail]) -> tuple[Shown, bytes]:
    """The PDF's thumbnail, and its PNG when it is not in `out_dir` yet (else b"")."""
    path = thumbnail_path(sha256)
    interrupts.check()
    if (out_dir / path).is_file():
        with Image.open(out_dir / path) as image:
            return Shown(path, image.width, image.height, image.width / image.height), b""
    png, width, height, ratio = made.get(sha256) or thumbnail(read(pdf))
    return Shown(path, width, height, ratio), png


def thumbnail(pdf: bytes) -> Thumbnail:
    """A PNG of the first page, THUMBNAIL_WIDTH pixels wide."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        width, height = page.get_size()
        # the press prints black on white: grey thumbnails lose nothing, and draw and save twice as fast
        image = page.render(scale=THUMBNAIL_WIDTH / width, draw_annots=False, grayscale=True).to_pil()
    finally:
        document.close()
    buffer = io.BytesIO()
    # zlib at level 3 saves in two thirds the time of the default 6, for 3% more bytes (optimize=True: 1 s slower)
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue(), image.width, image.height, width / height


def _size(size: int) -> str:
    return f"{size / 1024:.0f} KB" if size < 1024 * 1024 else f"{size / 1024 / 1024:.1f} MB"


def _games(manifest: list[Entry], listed: dict[str, Listed], listings: Mapping[str, Listing]) -> list[dict[str, Any]]:
    """Games, then editions, then papers, each with its files in the order the manifest lists them."""
    games: dict[str, dict[str, Any]] = {}
    for e in manifest:
        listing = listings.get(e.game, Listing(FRAME_LANGUAGE))
        game = games.setdefault(e.game, {"id": e.game, "title": e.game_title or e.game, "editions": {}, "html": None,
                                         "say": phrases(listing.language), "listing": listing})
        if not e.is_pdf:
            if not e.private:
                game["html"] = e
            continue
        game["editions"].setdefault(e.edition, {}).setdefault(e.paper, []).append(listed[e.path])
    return [{**g, "editions": _editions(g["editions"], g["say"], g["listing"])} for _, g in sorted(games.items())]


def _editions(editions: dict[str, dict[str, list[Listed]]], say: Callable[..., str],
              listing: Listing) -> list[dict[str, Any]]:
    """The editions in the order the game lists them, each with its theme's name and its papers (by id) and files:
    the kit first, then the parts by name, secret material last."""
    return [{"name": listing.edition_name(edition), "papers": [
        {"label": _name(say, f"paper_{paper}", paper),
         "files": sorted(files, key=lambda f: (f.entry.component != KIT, f.entry.private, f.entry.title))}
        for paper, files in sorted(papers.items())]}
        for edition, papers in sorted(editions.items(), key=lambda kv: listing.edition_order(kv[0]))]


def _name(say: Callable[..., str], key: str, fallback: str) -> str:
    """An edition's or a paper's name; its id when the press has no words for it (a theme folder of one's own)."""
    try:
        return say(key)
    except KeyError:
        return fallback
