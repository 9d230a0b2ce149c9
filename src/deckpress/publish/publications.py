"""Two publications from one build, beside the press's full tree:

- `public/`, the public catalogue: only what the sources' audiences make public (Entry.audience, written from
  Component.audience), its own index.html, thumbnails, manifest.json and SHA256SUMS. Safe to upload as it is: it
  holds and names nothing private or for the host.
- `host/<game>/`, the host's bundle of each game with secret material: the host's kits, the secret parts, the
  host's text edition and EPUB, and the private pages under names no player can work out, with a page of its own.

Both are made again from the manifest at every commit, so they never disagree with the tree; files in them that
the new ones do not hold are taken away in the same commit. Every file in both has a `<name>.sha256` beside it,
naming it bare, so `sha256sum -c` verifies a browser's flat download folder; SHA256SUMS verifies a copy of the
whole folder. A PDF's name in them carries its edition, so two editions' files never clash in one folder.
"""

from __future__ import annotations

import hashlib
import html
import io
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from PIL import Image

from deckpress.model import PUBLIC
from deckpress.numerals import counted
from deckpress.publish import phrases
from deckpress.publish.catalogue_pages import table_of
from deckpress.publish.earlier import reader
from deckpress.publish.listing import Listing
from deckpress.publish.manifest import MANIFEST, Entry, manifest_json
from deckpress.publish.outputs import (
    BRAILLE_COMPONENT,
    EPUB_COMPONENT,
    HOST_KIT,
    TEXT_EDITION_COMPONENT,
    TEXT_EDITION_FONT,
)
from deckpress.publish.page_templates import page_template
from deckpress.publish.published import FLAT, HOST_FOLDER, PUBLIC_FOLDER, files_under, flat_line
from deckpress.publish.sums import SUMS
from deckpress.publish.thumbnails import Thumbnail, thumbnail_path
from deckpress.publish.write import Output

INDEX = "index.html"
ABOUT = {
    PUBLIC_FOLDER: "The public catalogue: only what players may see. Upload this folder as it is.",
    HOST_FOLDER: "The host's bundle of one game: the host's kits, the secret parts and the private pages. Keep it "
                 "to yourself.",
}
_TITLE = re.compile(rb"<title>(.*?)</title>", re.S)

Read = Callable[[str], bytes]


@dataclass
class Publications:
    """The files of public/ and host/ that differ from what is on disk, and those on disk to take away."""

    outputs: list[Output]
    removed: list[str]


def publications(out_dir: Path, entries: list[Entry], site: list[Output],
                 listings: Mapping[str, Listing] | None = None, fresh: Mapping[str, bytes] | None = None,
                 summed: Sequence[Output] = ()) -> Publications:
    """public/ and host/<game>/ over the tree `entries` list: `fresh` (path -> bytes) are this commit's new files,
    `site` the tree's catalogue and its new thumbnails; the rest are read from `out_dir`. `summed`: files whose
    checksums are known already (hashed where they were made), not hashed again for the publications' sums."""
    now = dict(fresh or {})
    read = reader(out_dir, now)

    pictures = {o.path: o.data for o in site if o.path.startswith("thumbnails/")}
    checksum = Checksums((o.data, o.sha256) for o in summed)
    files = _public(out_dir, entries, read, pictures, listings or {}, checksum)
    for game in sorted({e.game for e in entries if e.audience != PUBLIC}):
        files |= _bundle(game, [e for e in entries if e.game == game], read, (listings or {}).get(game), checksum)
    made = {id(data) for data in now.values()}  # a file of this commit's: written again beside it, a second name
    outputs = [Output(path, data) for path, data in sorted(files.items())
               if id(data) in made or not _same(out_dir / path, data)]
    gone = [p for folder in (PUBLIC_FOLDER, HOST_FOLDER) for p in files_under(out_dir, folder) if p not in files]
    return Publications(outputs, gone)


def published_name(entry: Entry) -> str:
    """An entry's path in a publication: a PDF's file name carries its edition (`<game>-<edition>-kit-a4.pdf`),
    so that the standard and the large-print kit do not clash in one download folder; the rest keep theirs."""
    folder, _, name = entry.path.rpartition("/")
    prefix = f"{entry.game}-"
    if entry.is_pdf and name.startswith(prefix) and not name.startswith(f"{prefix}{entry.edition}-"):
        name = f"{prefix}{entry.edition}-{name[len(prefix):]}"
    return f"{folder}/{name}" if folder else name


def private_name(entry: Entry, secrets: list[Entry]) -> str:
    """A private page's name in the host's bundle: from a hash of the page's own checksum and those of every
    secret page of its game (the desk cards', the answer guide's, the host's: the sources alone make them, so no
    player can work out another's page). Not the secret PDFs' or exports': a host who prints for duplex or exports
    for a table top keeps the addresses already sent to the players."""
    pages = sorted(e.sha256 for e in secrets if e.component in (TEXT_EDITION_COMPONENT, BRAILLE_COMPONENT))
    key = "\n".join(["deckpress private page", entry.sha256, *pages])
    suffix = entry.path.rsplit(".", 1)[-1]
    return f"{entry.game}-{hashlib.sha256(key.encode()).hexdigest()[:24]}.{suffix}"


def _public(out_dir: Path, entries: list[Entry], read: Read, pictures: dict[str, bytes],
            listings: Mapping[str, Listing], checksum: Checksums) -> dict[str, bytes]:
    """public/: the public entries under their published names, their thumbnails, the catalogue, the manifest."""
    from deckpress.publish.catalogue import catalogue

    public = [e for e in entries if _public_by_sources(e)]
    shown = [replace(e, path=published_name(e)) for e in public]
    data = {s.path: read(e.path) for e, s in zip(public, shown, strict=True)}
    for s in shown:
        if s.is_pdf and s.path.endswith(".pdf"):
            path = thumbnail_path(s)
            data[path] = pictures[path] if path in pictures else read(path)
    made = {p: _measured(png) for p, png in data.items() if p.startswith("thumbnails/")}
    data |= {o.path: o.data for o in catalogue(out_dir, shown, data, made, listings, scope=PUBLIC_FOLDER)
             if not o.path.startswith("thumbnails/")}  # its pages, one a language
    data[MANIFEST] = manifest_json(shown, ABOUT[PUBLIC_FOLDER])
    return {f"{PUBLIC_FOLDER}/{p}": d for p, d in _with_sums(data, checksum).items()}


def _public_by_sources(entry: Entry) -> bool:
    """Public, as the sources' audiences settle it. `site` checks a PDF's audience against the sources
    (deckpress.publish.trusted); a text edition's page or book is public only as the game's own page or book,
    which hold only public components (deckpress.publish.text_edition), whatever an edited manifest says."""
    if entry.component in (TEXT_EDITION_COMPONENT, EPUB_COMPONENT, BRAILLE_COMPONENT):
        return entry.path in (f"{entry.game}/{entry.game}{suffix}" for suffix in (".html", ".epub", ".brf"))
    return entry.audience == PUBLIC


def _bundle(game: str, entries: list[Entry], read: Read, listing: Listing | None, checksum: Checksums
            ) -> dict[str, bytes]:
    """host/<game>/: the game's secret files (private pages renamed, the host's page linking the new names), the
    fonts the pages use, a page of its own in the game's language, and the checksums."""
    secrets = [e for e in entries if e.audience != PUBLIC]
    renamed = {e.path: private_name(e, secrets) for e in secrets
               if e.component in (TEXT_EDITION_COMPONENT, BRAILLE_COMPONENT)
               and e.path not in (f"{game}/{game}-host.html", f"{game}/{game}-host.brf")}
    data: dict[str, bytes] = {}
    for e in secrets:
        data[renamed.get(e.path) or _in_bundle(e)] = read(e.path)
    host = f"{game}-host.html"
    if host in data:
        data[host] = _relinked(data[host], {p.rsplit("/", 1)[-1]: n for p, n in renamed.items()})
        data |= {_in_bundle(e): read(e.path) for e in entries if e.component == TEXT_EDITION_FONT}
    pages = sorted(((new, _page_title(old, renamed, data)) for old, new in renamed.items()), key=_page_order)
    held = [replace(e, path=renamed.get(e.path) or _in_bundle(e)) for e in sorted(secrets, key=_printed_first)]
    held = [replace(e, sha256=checksum(data[e.path])) for e in held]  # the host's page relinked
    data[INDEX] = _bundle_page(game, [e for e in held if e.path not in {n for n, _ in pages}], pages,
                               host if host in data else None, table_of((listing or Listing()).language))
    data[MANIFEST] = manifest_json(held, ABOUT[HOST_FOLDER])
    return {f"{HOST_FOLDER}/{game}/{p}": d for p, d in _with_sums(data, checksum).items()}


def _printed_first(entry: Entry) -> tuple[bool, bool, bool, str]:
    """The bundle page's order: the host's kits, the other PDFs, the text editions, the exports."""
    return entry.component != HOST_KIT, not entry.is_pdf, entry.is_export, entry.path


def _in_bundle(entry: Entry) -> str:
    """A file's path inside its game's bundle: flat, but for the fonts (the pages name `fonts/...`) and exports."""
    path = published_name(entry)[len(entry.game) + 1:]
    return path if path.startswith(("fonts/", "export/")) else path.rsplit("/", 1)[-1]


def _relinked(page: bytes, names: dict[str, str]) -> bytes:
    """The host's page linking each private page by its new name."""
    for old, new in sorted(names.items()):
        page = page.replace(f'href="{old}"'.encode(), f'href="{new}"'.encode())
    return page


def _page_order(page: tuple[str, str]) -> tuple[bool, list[str | int]]:
    """The bundle page's order of the private pages: the web pages, then the braille; each by title, its numbers
    counted (desk card 2 before desk card 10), never by the hashed names."""
    name, title = page
    return name.endswith(".brf"), counted(title)


def _page_title(path: str, renamed: dict[str, str], data: dict[str, bytes]) -> str:
    """A private page's title; a braille file's is its page's, marked as braille."""
    if path.endswith(".brf"):
        page = renamed.get(f"{path.removesuffix('.brf')}.html")
        return f"{_title(data[page]) if page else ''} (BRF)".strip()
    return _title(data[renamed[path]])


def _title(page: bytes) -> str:
    found = _TITLE.search(page)
    return html.unescape(found[1].decode("utf-8")).strip() if found else ""  # the bundle page escapes it again


def _bundle_page(game: str, files: list[Entry], pages: list[tuple[str, str]], host: str | None,
                 language: str) -> bytes:
    """The bundle's page, its frame in the game's language (a host reads the game's words throughout)."""
    title = next((e.game_title for e in files if e.game_title), game)
    return page_template("host.html.j2").render(game=title, files=files, pages=pages, host=host, sums=SUMS,
                                                   flat=FLAT, say=phrases(language), language=language
                                                   ).encode("utf-8")


def _with_sums(data: dict[str, bytes], checksum: Checksums) -> dict[str, bytes]:
    """The files, a `.sha256` beside each naming it bare (for a flat download folder), and SHA256SUMS (for a copy
    of the whole folder)."""
    sums = {p: checksum(d) for p, d in data.items()}
    flat = {f"{p}{FLAT}": flat_line(p, s) for p, s in sums.items()}
    whole = "".join(f"{sums[p]}  {p}\n" for p in sorted(sums)).encode()
    return {**data, **flat, SUMS: whole}


class Checksums:
    """The SHA-256 of bytes, each object hashed once: those `known` as made (the tree's files, hashed for the
    manifest), the rest as first asked for (a PDF in both the public catalogue and a host's bundle). Known by the
    object itself, never by its path or its length: other bytes are hashed anew."""

    def __init__(self, known: Iterable[tuple[bytes, str]] = ()) -> None:
        self._held = {id(data): (data, sha256) for data, sha256 in known}  # each object held: its id is its own

    def __call__(self, data: bytes) -> str:
        held = self._held.get(id(data))
        if held is None or held[0] is not data:
            held = self._held[id(data)] = data, hashlib.sha256(data).hexdigest()
        return held[1]


def _measured(png: bytes) -> Thumbnail:
    with Image.open(io.BytesIO(png)) as image:
        return png, image.width, image.height


def _same(path: Path, data: bytes) -> bool:
    """Whether the file on disk holds these bytes already (then it is not written again)."""
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False

