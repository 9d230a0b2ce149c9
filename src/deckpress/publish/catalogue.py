"""The download catalogue: build/index.html, a page for hosts to pick, print and verify their files.

Works straight from the file system (no network), reads at 200% zoom, and every
thumbnail is a PNG of its PDF's first page with alt text.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pypdfium2
from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment
from PIL import Image

from deckpress import interrupts
from deckpress.layout.page import PAPER_NAMES
from deckpress.publish.write import Output

THUMBNAIL_WIDTH = 160  # px
EDITION_NAMES = {"standard": "Standard edition", "large-print": "Large-print edition"}
TEMPLATES = Path(__file__).parent / "templates"


Thumbnail = tuple[bytes, int, int, float]  # PNG, its width and height in pixels, the page's width / height


def catalogue(out_dir: Path, manifest: list[dict[str, Any]], fresh: dict[str, bytes],
              made: dict[str, Thumbnail] | None = None) -> list[Output]:
    """index.html and the thumbnails it shows, for the files `manifest` lists: those of `fresh` (path -> bytes,
    not yet written) and the others already in `out_dir`. `made` has thumbnails drawn already, by checksum."""
    entries = [dict(e) for e in manifest]  # the page's own copies: sizes and thumbnails stay out of the manifest
    pdfs = [e for e in entries if e["path"].endswith(".pdf")]
    read = lambda path: fresh[path] if path in fresh else (out_dir / path).read_bytes()
    thumbs = {e["path"]: _thumbnail(out_dir, read, e["path"], e["sha256"], made or {}) for e in pdfs}
    # two identical PDFs share one thumbnail: one output a path
    outputs = list({t["path"]: Output(t["path"], t["png"]) for t in thumbs.values() if t["png"]}.values())
    for e in pdfs:
        size = len(fresh[e["path"]]) if e["path"] in fresh else (out_dir / e["path"]).stat().st_size
        e.update(size=_size(size), thumbnail=thumbs[e["path"]])
    games = _games(entries)
    env = SandboxedEnvironment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                               trim_blocks=True, lstrip_blocks=True)
    page = env.get_template("catalogue.html.j2").render(games=games, editions=EDITION_NAMES,
                                                         paper_label=lambda p: PAPER_NAMES.get(p, p))
    return outputs + [Output("index.html", page.encode("utf-8"))]


def thumbnail_path(sha256: str) -> str:
    """Named by the PDF's checksum, so an unchanged PDF keeps its thumbnail."""
    return f"thumbnails/{sha256[:20]}.png"


def missing_thumbnails(out_dir: Path, outputs: list[Output]) -> dict[str, Thumbnail]:
    """Thumbnails of the PDFs among `outputs` that `out_dir` has none of yet, by checksum: drawn where the PDFs
    are made (a parallel build's workers), for `catalogue` to take as `made`."""
    return {o.sha256: thumbnail(o.data) for o in outputs
            if o.path.endswith(".pdf") and not (out_dir / thumbnail_path(o.sha256)).is_file()}


def _thumbnail(out_dir: Path, read: Callable[[str], bytes], pdf: str, sha256: str,
               made: dict[str, Thumbnail]) -> dict[str, Any]:
    path = thumbnail_path(sha256)
    interrupts.check()
    if (out_dir / path).is_file():
        with Image.open(out_dir / path) as image:
            return {"path": path, "png": b"", "width": image.width, "height": image.height,
                    "ratio": image.width / image.height}
    png, width, height, ratio = made.get(sha256) or thumbnail(read(pdf))
    return {"path": path, "png": png, "width": width, "height": height, "ratio": ratio}


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


def _games(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Games, then editions, then papers, each with its files in the order the manifest lists them."""
    games: dict[str, dict[str, Any]] = {}
    for e in entries:
        game = games.setdefault(e["game"], {"id": e["game"], "title": e.get("game_title", e["game"]), "editions": {},
                                            "html": None})
        if e["component"] == "accessible-html":
            if not e.get("private"):
                game["html"] = e
            continue
        paper = game["editions"].setdefault(e["edition"], {}).setdefault(e["paper"], [])
        paper.append(e)
    for game in games.values():  # the kit first, then the parts by name, secret material last
        for papers in game["editions"].values():
            for files in papers.values():
                files.sort(key=lambda e: (e["component"] != "kit", bool(e.get("private")), e["title"]))
    return [{**g, "editions": sorted(g["editions"].items(), key=lambda kv: list(EDITION_NAMES).index(kv[0]))}
            for g in sorted(games.values(), key=lambda g: g["id"])]
