"""Print on demand (`--to png`): every card face and back as its own PNG, trim plus bleed at the dpi, named
`<game>-<deck>-<nnn>-front.png` / `-back.png`; a zip a deck and `<game>-cards.csv` (file, label, copies, deck, and
for a shop's order the product each is ordered as), the way print shops take uploads. Each name starts with the
game's, so two games' files share a flat folder. A coloured card whose art stops short of the bleed is a finding: a
cut a little off shows a white edge."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from types import TracebackType

import pypdfium2
from PIL import Image

from deckpress import interrupts, pool
from deckpress.export.cutting import Box, cut_box, in_order, page_image, pixels
from deckpress.export.safe_csv import csv_bytes
from deckpress.export.sprites import WHITE, png, zipped
from deckpress.findings import Findings, Loc
from deckpress.layout.page import Document
from deckpress.model import AUDIENCES, PUBLIC, Card, Game
from deckpress.pool import stop

PAPER_WHITE = 245  # grey level from which a pixel is the paper's, not ink
PAGE_JOBS = 2  # the most processes cutting a document's pages at once: the project's machine has 2 cores
CSV_COLUMNS = ("file", "label", "copies", "deck")
PRODUCT = "product"  # the column a shop's order adds: each file's product at the shop


@dataclass(frozen=True)
class Layouts:
    """Where a deck's front and back layouts are written, for findings about its cards (None: it has no back)."""

    front: Loc
    back: Loc | None


@dataclass(frozen=True)
class Face:
    """A card's side as exported: its PNG bytes, its size in pixels, and whether it is coloured but its art stops
    short of the bleed."""

    png: bytes
    size: tuple[int, int]
    short: bool = False


def face(image: Image.Image, dpi: float, band: int) -> Face:
    """The side's PNG, made at once (an image at 600 dpi is not kept), and whether it stops short of a bleed of
    `band` pixels (0: none asked for)."""
    return Face(png(image, dpi), image.size, bool(band) and _short_of_bleed(image, band))


class Pod:
    """The files of a print-on-demand export, made card by card: each side is PNG bytes as soon as it is cut."""

    def __init__(self, game: str, dpi: int, bleed: float, findings: Findings, plain_backs: bool = False) -> None:
        self.game, self.dpi, self.band, self.findings = game, dpi, pixels(bleed, dpi), findings
        self.plain_backs = plain_backs  # a deck without a back gets a white one: a shop prints both sides
        self.decks: dict[str, list[tuple[str, bytes]]] = {}  # deck -> its files, in order
        self.audiences: dict[str, str] = {}  # deck -> its component's audience
        self.rows: list[tuple[str, ...]] = []
        self.count: dict[str, int] = {}  # deck -> its cards so far
        self.plain: dict[tuple[int, int], Face] = {}  # a white back of each size, made once
        self.products: dict[str, str] | None = None  # for a shop's order: deck -> the product it is ordered as

    def add(self, cut: Sides, layouts: Layouts, audience: str) -> None:
        """The card's front and back (where it has one, or a plain one), named by its deck and its place in it; of
        its component's audience."""
        deck, card, front, back = cut
        if back is None and self.plain_backs:
            back, layouts = self._plain(front.size), replace(layouts, back=layouts.front)
        own = self.decks.setdefault(deck, [])
        self.audiences[deck] = audience
        n = self.count[deck] = self.count.get(deck, 0) + 1
        for side, made, loc in (("front", front, layouts.front), ("back", back, layouts.back)):
            if made is None or loc is None:
                continue
            name = f"{self.game}-{deck}-{n:03d}-{side}.png"
            if made.short:
                self.findings.error(loc, f"deck {deck}, {side}: the card is coloured but its art stops short of "
                                         f"the bleed, so a cut a little off shows white; let its colour run to the "
                                         f"card's edges (the layout's background does)",
                                    card=card.label or str(card.index))
            own.append((name, made.png))
            product = () if self.products is None else (self.products.get(deck, ""),)
            self.rows.append((name, card.label, str(card.copies), deck, *product))

    def _plain(self, size: tuple[int, int]) -> Face:
        if size not in self.plain:
            self.plain[size] = face(Image.new("RGB", size, WHITE), self.dpi, 0)
        return self.plain[size]

    def files(self) -> list[tuple[str, bytes, str]]:
        """Every PNG, a zip a deck, each of its deck's audience; then cards.csv, of the most secret deck it lists
        (a label may say what a private card holds)."""
        files = [(name, data, self.audiences[deck]) for deck, own in self.decks.items() for name, data in own]
        zips = [(f"{self.game}-{deck}.zip", zipped(own), self.audiences[deck]) for deck, own in self.decks.items()]
        listed = max([PUBLIC, *self.audiences.values()], key=AUDIENCES.index)
        columns = CSV_COLUMNS if self.products is None else (*CSV_COLUMNS, PRODUCT)
        return [*files, *zips, (f"{self.game}-cards.csv", csv_bytes(columns, self.rows), listed)]


Sides = tuple[str, Card, "Face", "Face | None"]  # a card entry's deck, the card, its front and its back (None: none)
# a page to cut, as a worker gets it: its document (named, and its PDF), its index, the cells, dpi, bleed, size, band
Asked = tuple[str, bytes, int, list[Box], float, float, "tuple[int, int] | None", int]


class Cutter:
    """Cuts a document's cards from its pages and makes their PNGs, page by page: in this process, or where the
    machine has cores to spare, in processes of their own, a page each at a time (a page at 600 dpi is 100 MB:
    never more than one a process). The sides come back in the document's order: the same files either way.

    Its workers start as it is entered (`with Cutter() as cutter`), before the export has made a PNG: a process
    forked later holds every page of its parent's as its own (at 600 dpi, the PNGs made so far), and its resident
    set with them."""

    def __init__(self, jobs: int | None = None) -> None:
        self.jobs = _spare() if jobs is None else jobs
        self.pool: ProcessPoolExecutor | None = None

    def sides(self, game: Game, decks: list[str], doc: Document, pdf: bytes, dpi: float, bleed: float,
              size: tuple[int, int] | None, band: int) -> Iterator[Sides]:
        """Each card entry of `decks` once, its front and back cut and made PNGs (deckpress.export.cutting). The
        pages are handed to the workers at once; the sides come as they are read."""
        asked: list[Asked] = []
        key = f"{doc.game}/{doc.edition}/{doc.paper}/{doc.component}"

        def ask(n: int, cells: list[Box]) -> list[None]:
            asked.append((key, pdf, n, cells, dpi, bleed, size, band))
            return [None] * len(cells)

        for _ in in_order(game, decks, doc, ask):
            pass  # what each page is asked for, before any is cut
        made: Iterator[list[Face]]
        if self.pool is None or len(asked) < 2:
            made = map(_cut_page, asked)
        else:
            made = self.pool.map(_cut_page, asked)
        return in_order(game, decks, doc, lambda n, cells: next(made))

    def __enter__(self) -> Cutter:
        if self.jobs >= 2:
            self.pool = ProcessPoolExecutor(self.jobs, mp_context=pool.forked(), initializer=interrupts.left_to_parent)
            gc.freeze()  # their collections leave this heap's pages alone, so none is copied
            try:
                self.pool.submit(int).result()  # forked (Linux): the first task forks them all
            finally:
                gc.unfreeze()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
                 ) -> None:
        try:
            if self.pool is not None and error is not None:  # Ctrl-C or a failure: no worker left running or waited for
                stop(self.pool, error)  # a pool a signal broke raises the interrupt here
        finally:
            if self.pool is not None:
                self.pool.shutdown()
                self.pool = None  # used again, it cuts in this process
            _let_go()


def _let_go() -> None:
    """Close the documents this process cut pages from: the export is done with them (a worker's go with it)."""
    for document in _open.values():
        document.close()
    _open.clear()


def _spare() -> int:
    """The processes to cut pages in: one a core (at most PAGE_JOBS) while the machine has a core to spare; one
    (this process) when others' work keeps them busy, where workers would only wait for a core and cost their
    start-up and the pages sent to them."""
    cores = pool.cores()
    busy = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    return min(PAGE_JOBS, cores) if busy < cores + 0.5 else 1


_open: dict[str, pypdfium2.PdfDocument] = {}  # the document at hand (a worker's, or this process's), by name


def _cut_page(asked: Asked) -> list[Face]:
    """One page's cards cut and made PNGs (in a worker, or in the export's own process); its document is opened
    once for all its pages."""
    key, pdf, n, cells, dpi, bleed, size, band = asked
    if key not in _open:
        _let_go()
        _open[key] = pypdfium2.PdfDocument(pdf)
    image = page_image(_open[key], n, dpi)
    return [face(image.crop(cut_box(cell, dpi, bleed, size)), dpi, band) for cell in cells]


def _short_of_bleed(image: Image.Image, band: int) -> bool:
    """Most of the card inside its trim is ink (a coloured card) while most of the bleed round it is paper."""
    w, h = image.size
    grey = image.convert("L")
    inner = grey.crop((band, band, w - band, h - band))
    strips = [grey.crop(box) for box in ((0, 0, w, band), (0, h - band, w, h), (0, band, band, h - band),
                                         (w - band, band, w, h - band))]
    return _paper(inner) < 0.5 and sum(_paper(s) * s.width * s.height for s in strips) / (
        sum(s.width * s.height for s in strips)) > 0.5


def _paper(image: Image.Image) -> float:
    """The share of the image's pixels that are paper white."""
    counts = image.histogram()
    return sum(counts[PAPER_WHITE:]) / max(1, sum(counts))
