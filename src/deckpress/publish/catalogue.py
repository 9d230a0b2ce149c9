"""The download catalogue: build/index.html, a page for hosts to pick, print and verify their files.

Works straight from the file system (no network), reads at 200% zoom, and every thumbnail is a PNG with alt text
(deckpress.publish.thumbnails: a secret part shows its cover). A contents list leads to each game and paper; the
checksums are in SHA256SUMS too, for `sha256sum -c`.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from markupsafe import Markup
from PIL import Image

from deckpress import interrupts
from deckpress.model import PRIVATE
from deckpress.options import PAPERS
from deckpress.publish import phrases
from deckpress.publish.catalogue_pages import FRAME_LANGUAGE, for_page, page_languages, page_path, pages_of, table_of
from deckpress.publish.earlier import read_earlier, reader
from deckpress.publish.listing import Listing
from deckpress.publish.manifest import MANIFEST, Entry
from deckpress.publish.outputs import EPUB_COMPONENT, HOST_KIT, KIT, TACTILE_COMPONENT
from deckpress.publish.page_templates import page_template
from deckpress.publish.plan_words import about, builds, printing
from deckpress.publish.print_plan import plan
from deckpress.publish.repeated import Repeated
from deckpress.publish.sums import SUMS
from deckpress.publish.thumbnails import (
    KITS,
    Thumbnail,
    covered,
    first_part_page,
    missing_thumbnails,
    page_ratio,
    placeholder,
    thumbnail,
    thumbnail_path,
)
from deckpress.publish.write import Output
from deckpress.words import language_name, plural

__all__ = ["Thumbnail", "catalogue", "missing_thumbnails"]

# Each page's frame (heading, how to print, checking downloads) is in its own language (deckpress.publish.
# catalogue_pages: index.html English, index.<language>.html each other); each game's section is in its language.
OWN_FILES = (MANIFEST, SUMS)  # the page links them: what every file is, and its checksum
EXPORT_LINKED = ("json", "txt", "csv", "zip")  # an export's files the page links: what to load, read or upload
PRINT_SHOP = "print-shop"  # the export whose PDFs are what is uploaded (deckpress.export.pressed)


@dataclass(frozen=True)
class Shown:
    """A thumbnail as the page shows it: its file and its size in pixels."""

    path: str
    width: int
    height: int

    @property
    def ratio(self) -> float:
        """Its width / height, as its PNG gives it: the same whether the picture was drawn now or kept."""
        return self.width / self.height


@dataclass(frozen=True)
class Listed:
    """A PDF as the page lists it: its manifest entry, its size in words, its thumbnail."""

    entry: Entry
    size: str
    thumbnail: Shown

    @property
    def covered(self) -> bool:
        return covered(self.entry)


def catalogue(out_dir: Path, manifest: list[Entry], fresh: dict[str, bytes], made: dict[str, Thumbnail] | None = None,
              listings: Mapping[str, Listing] | None = None,
              shown: Mapping[str, tuple[bytes, int]] | None = None, scope: str = "tree") -> list[Output]:
    """index.html and the thumbnails it shows, for the files `manifest` lists: those of `fresh` (path -> bytes,
    not yet written) and the others already in `out_dir`. `made` has thumbnails drawn already, by path; `shown`
    the page a fresh file's thumbnail shows where not its first (a secret part's cover, a kit's first part);
    `listings` each game's language and editions' names (English and the edition ids where not given); `scope`
    which page it is: the full tree's ("tree", leading to the public catalogue and the host's bundles) or the
    public catalogue's ("public", deckpress.publish.publications)."""
    read = reader(out_dir, fresh)
    pngs: dict[str, bytes] = {}
    listed, listings = {}, listings or {}
    for e in (e for e in manifest if e.path.endswith(".pdf") and e.is_pdf):  # an export's PDFs are linked with it
        language = listings[e.game].language if e.game in listings else FRAME_LANGUAGE
        picture, png = _thumbnail(out_dir, read, e, made or {}, (shown or {}).get(e.path), language)
        if png:
            pngs[picture.path] = png  # two identical PDFs share one thumbnail: one output a path
        size = len(fresh[e.path]) if e.path in fresh else (out_dir / e.path).stat().st_size
        listed[e.path] = Listed(e, _size(size, language), picture)
    games = _games(manifest, listed, listings, out_dir, public=scope != "tree")
    bundles = sorted({e.game for e in manifest if e.secret})
    languages = page_languages(games)
    template = page_template("catalogue.html.j2")
    pages = [Output(page_path(t), template.render(
        games=for_page(games, t), say=_frame(t), papers=_papers(t), own_files=OWN_FILES, scope=scope,
        bundles=bundles, language=t, pages=pages_of(languages, t) if len(languages) > 1 else []).encode("utf-8"))
        for t in languages]
    return [Output(path, png) for path, png in pngs.items()] + pages


def _frame(language: str) -> Callable[..., Markup]:
    """The frame's phrases, for text (not attributes): only &, < and > need escaping there."""
    say = phrases(language)
    return lambda key, **fields: Markup(html.escape(say(key, **fields), quote=False))


def _papers(language: str) -> str:
    """The papers the press prints on, in words: "A4 or US Letter"."""
    say = phrases(language)
    names = [say(f"paper_{p}") for p in PAPERS]
    return say("catalogue_or", first=", ".join(names[:-1]), second=names[-1]) if len(names) > 1 else names[0]


def _thumbnail(out_dir: Path, read: Callable[[str], bytes], entry: Entry, made: dict[str, Thumbnail],
               shown: tuple[bytes, int] | None, language: str) -> tuple[Shown, bytes]:
    """The PDF's thumbnail, and its PNG when it is not in `out_dir` yet (else b""). A secret part's is its cover;
    where the cover is not at hand, a blank page, never its content; a kit's, its first part's page."""
    path = thumbnail_path(entry)
    interrupts.check()
    if (kept := _kept_thumbnail(out_dir, path)) is not None:
        return kept, b""
    if path in made:
        png, width, height = made[path]
    elif shown is not None:
        png, width, height = thumbnail(*shown)
    elif covered(entry):
        png, width, height = placeholder(page_ratio(read(entry.path)))
    else:
        pdf = read(entry.path)
        png, width, height = thumbnail(pdf, first_part_page(pdf, language) if entry.component in KITS else 0)
    return Shown(path, width, height), png


def _kept_thumbnail(out_dir: Path, path: str) -> Shown | None:
    """The thumbnail an earlier build drew, if it is one: anything else in its place (not a picture, a picture past
    Pillow's bound) is drawn again, and the new one takes its place; a link is not read (the commit refuses it, as
    any link in the out folder)."""
    if (out_dir / path).is_symlink():
        return None
    try:  # read_earlier refuses anything but a regular file of an output's size
        with Image.open(io.BytesIO(read_earlier(out_dir, path)), formats=["PNG"]) as image:
            return Shown(path, image.width, image.height)
    except (OSError, ValueError, Image.DecompressionBombError):  # UnidentifiedImageError is an OSError
        return None


def _size(size: int, language: str) -> str:
    """A file's size in the language's units (`321 KB`, `321 Ko`), a megabyte's with its decimal sign."""
    if size < 1024 * 1024:
        return phrases(language)("size_kb", size=round(size / 1024))
    return phrases(language)("size_mb", size=size / 1024 / 1024)


def _games(manifest: list[Entry], listed: dict[str, Listed], listings: Mapping[str, Listing], out_dir: Path,
           public: bool = False) -> list[dict[str, Any]]:
    """Games, then editions, then papers, each with its files in the order the manifest lists them; the public
    text edition and EPUB, and the host's; each game's print plan, the public page's naming no secret part, and
    no folder of the machine's in its commands (out_dir: where the page is read, the builds' out folder)."""
    games: dict[str, dict[str, Any]] = {}
    listed_games = {e.game for e in manifest}  # a language offered only where its files are listed
    for e in manifest:
        if e.game not in games:
            listing = listings.get(e.game, Listing(FRAME_LANGUAGE))
            games[e.game] = _game(e, listing, manifest, listed_games, public, out_dir)
        game = games[e.game]
        if e.is_export:
            if (e.path.rsplit(".", 1)[-1] in EXPORT_LINKED or e.component == PRINT_SHOP) and e.path.count("/") == 3:
                game["exports"].append(e)  # a shop's PDFs are its order; a package's inside is linked as its zip
            continue
        if not e.is_pdf:
            if e.component == EPUB_COMPONENT:
                game["host_epub" if e.secret else "epub"] = e
            elif e.path in (f"{e.game}/{e.game}.brf", f"{e.game}/{e.game}-host.brf"):  # not each secret page's
                game["host_brf" if e.secret else "brf"] = e
            elif e.component == TACTILE_COMPONENT:
                game["host_tactile" if e.secret else "tactile"].append(e)
            elif e.path == f"{e.game}/{e.game}.html":  # the public page (not its font files)
                game["html"] = e
            elif e.path == f"{e.game}/{e.game}-host.html":
                game["host_html"] = e
            continue
        game["editions"].setdefault(e.edition, {}).setdefault(e.paper, []).append(listed[e.path])
    return [{**g, "editions": _editions(g["id"], g["editions"], g["say"], g["listing"])} for g in games.values()]


def _game(e: Entry, listing: Listing, manifest: list[Entry], listed_games: set[str], public: bool,
          out_dir: Path) -> dict[str, Any]:
    """A game's place in the catalogue, before its files are put in it."""
    say = phrases(listing.language)
    # the options of the build that made its files; where none recorded them (a folder only exported into), at
    # least the out folder the page is in
    again = (listing.repeated or Repeated()).words(out_dir, public)
    source = listing.languages[0][0] if listing.languages else e.game  # a translation is listed, and built, under it
    return {"id": e.game, "title": e.game_title or e.game, "editions": {}, "html": None, "host_html": None,
            "epub": None, "host_epub": None, "brf": None, "host_brf": None, "tactile": [], "host_tactile": [],
            "say": say, "listing": listing, "exports": [], "source": source, "table": table_of(listing.language),
            "language_name": language_name(listing.language),
            "languages": [(i, tag, language_name(tag)) for i, tag in listing.languages if i in listed_games],
            "plan": about(listing.facts, say, public),
            "builds": builds(source, (k for k in manifest if k.game == e.game and k.component in (KIT, HOST_KIT)),
                             again),
            "incomplete": listing.facts.incomplete, "secret": partial(_secret, listing, say),
            "pieces": partial(_pieces, listing, say)}


def _editions(game: str, editions: dict[str, dict[str, list[Listed]]], say: Callable[..., str],
              listing: Listing) -> list[dict[str, Any]]:
    """The editions in the order the game lists them, each with its theme's name and what it is for, and its
    papers (by id, each with the id the contents link to) and files: the players' kit first, then the host's,
    then the parts by name, secret material last."""
    return [{"name": listing.edition_name(edition), "about": listing.edition_about(edition), "papers": [
        {"label": _name(say, f"paper_{paper}", paper), "id": f"{game}-{edition}-{paper}",
         "files": sorted(files, key=_order),
         "plan": printing(plan(listing.facts, [f.entry for f in files]), say, _file_name)}
        for paper, files in sorted(papers.items())]}
        for edition, papers in sorted(editions.items(), key=lambda kv: listing.edition_order(kv[0]))]


def _secret(listing: Listing, say: Callable[..., str], entry: Entry) -> str:
    """A secret file's label: who may see it and, for a player's own, how it is dealt, in its component's own
    words (its `handling`: one to each desk, not each player) where it has them."""
    handling = next((p.handling for p in listing.facts.parts if p.id == entry.component and p.handling), "")
    if entry.audience == PRIVATE and handling:
        return say("catalogue_secret_private_handled", handling=handling.rstrip("."))
    return say(f"catalogue_secret_{entry.audience}")


def _pieces(listing: Listing, say: Callable[..., str], entry: Entry) -> str:
    """How many pieces a file prints, by their own name: the deck's plural (`100 stones`), a die's faces, the
    deck's noun where it gives no plural (`24 × lot`), cards where it names none."""
    part, count = listing.facts.part(entry), entry.cards
    if part.nouns:
        one = part.noun and plural(listing.language, count) == "one"  # the language's rule: French's 0 and 1
        return say("catalogue_pieces", cards=count, nouns=part.noun if one else part.nouns)
    if part.die:
        return say("catalogue_faces", cards=count)
    return say("catalogue_named", cards=count, noun=part.noun) if part.noun else say("catalogue_cards", cards=count)


def _file_name(entry: Entry) -> str:
    return entry.path.rsplit("/", 1)[-1]


def _order(f: Listed) -> tuple[int, bool, str]:
    kit = {KIT: 0, HOST_KIT: 1}.get(f.entry.component, 2)
    return kit, f.entry.secret, f.entry.title


def _name(say: Callable[..., str], key: str, fallback: str) -> str:
    """An edition's or a paper's name; its id when the press has no words for it (a theme folder of one's own)."""
    try:
        return say(key)
    except KeyError:
        return fallback
