"""Cards cut out of the press's own PDFs: a component rendered as a build renders it, each page rasterised once
by PDFium at the export's resolution, and each card's rectangle (the layout's own, `Page.cells` for fronts and
`Page.backs` for backs, in mm) cut from it. Millimetres become pixels here only (`pixels`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TypeVar

import pypdfium2
from PIL import Image

from deckpress.layout.page import INCH, Document
from deckpress.model import Card, Game
from deckpress.publish import outputs

Box = tuple[float, float, float, float]  # x, y, w, h in mm from the page's top-left corner
Wanted = Callable[[list[str]], bool]  # a page of backs' cards' decks -> whether it is cut (each page once, in order)
Face = TypeVar("Face")  # what cutting a card's side gives: an image, or its PNG made at once (deckpress.export.png)


@dataclass(frozen=True)
class Cut:
    """One card entry as printed: its deck, its front and back (None: its deck has no back); what it says, once read
    (deckpress.export.described)."""

    deck: str
    card: Card
    front: Image.Image
    back: Image.Image | None
    text: str = ""


def pixels(mm: float, dpi: float) -> int:
    """A length in mm at `dpi`, to the nearest pixel: the one conversion every export size goes through."""
    return round(mm / INCH * dpi)


def rendered(game: Game, doc: Document) -> tuple[Document, bytes]:
    """The document with its pages laid out once (kept: their card rectangles), and its PDF as a build makes it."""
    from deckpress.draw.render import render  # drawing loads lazily

    doc = replace(doc, pages=list(doc.pages))
    return doc, render(doc, outputs.doc_info(game, doc.title, doc.paper))


def cut_cards(game: Game, decks: list[str], doc: Document, pdf: bytes, dpi: float, bleed: float,
              size: tuple[int, int] | None = None, wanted: Wanted | None = None) -> Iterator[Cut]:
    """Each card entry of `decks` (the component's, in order) once, front and back cut `bleed` mm past the trim (or
    `size` px round it, the trim centred: `framed`): yielded as soon as its back is cut, so a deck at 600 dpi is
    never all in memory. A page of backs `wanted` declines is not cut (its cards' backs None)."""
    pdfium = pypdfium2.PdfDocument(pdf)
    try:
        def cut(n: int, cells: list[Box]) -> list[Image.Image]:
            image = page_image(pdfium, n, dpi)
            return [image.crop(cut_box(cell, dpi, bleed, size)) for cell in cells]

        for deck, card, front, back in in_order(game, decks, doc, cut, wanted):
            yield Cut(deck, card, front, back)
    finally:
        pdfium.close()


def in_order(game: Game, decks: list[str], doc: Document, cut: Callable[[int, list[Box]], list[Face]],
             wanted: Wanted | None = None) -> Iterator[tuple[str, Card, Face, Face | None]]:
    """Each card entry of `decks` once, in order: its deck, the card, and what `cut` gives for its front and back
    (`cut`: a page's index and the cells to cut from it, each a card's rectangle in mm, to what each cut gives; a
    page is asked for once, in order, and only where it holds a cell cut)."""
    printed = [(d, card) for d in decks for card in game.decks[d].printed]
    seen: set[int] = set()
    at, waiting = 0, list[tuple[int, int, Face]]()  # a page's fronts (printed, place) awaiting backs
    for n, page in enumerate(doc.pages):
        if page.backs:  # the page after its fronts, each back at its own card's place
            needed = wanted is None or wanted([printed[at_card][0] for at_card, _, _ in waiting])
            yield from _ready(printed, waiting, cut(n, list(page.backs)) if needed else [], game)
            waiting = []
            continue
        if not page.cells:
            continue
        yield from _ready(printed, waiting, [], game)
        firsts = [(i, cell) for i, cell in enumerate(page.cells) if _first(printed[at + i][1], seen)]
        faces = cut(n, [cell for _, cell in firsts]) if firsts else []
        waiting = [(at + i, i, face) for (i, _), face in zip(firsts, faces, strict=True)]
        at += len(page.cells)
    yield from _ready(printed, waiting, [], game)
    if at != len(printed):  # the layout places every printed card once
        raise RuntimeError(f"{doc.game} {doc.component}: {at} cards cut, {len(printed)} printed")


def first_backs(game: Game) -> Wanted:
    """Whether a page of backs is wanted where a deck whose backs are alike shows one back (a sprite sheet's deck):
    each page holding a card of a deck whose backs differ, or its deck's first card. It remembers the decks met, so
    every page is asked about once, in order, with all its cards."""
    had: set[str] = set()

    def wanted(decks: list[str]) -> bool:
        first = not had.issuperset(decks)
        had.update(decks)
        return first or any(game.decks[deck].backs_differ for deck in decks)
    return wanted


def page_image(pdfium: pypdfium2.PdfDocument, n: int, dpi: float) -> Image.Image:
    """Page `n` rasterised at `dpi`, RGB: PDFium's bitmap let go as soon as Pillow has its copy (a page of A4 at
    600 dpi is 100 MB a copy)."""
    page = pdfium[n]
    try:
        bitmap = page.render(scale=dpi / 72)
        try:
            image: Image.Image = bitmap.to_pil()
        finally:
            bitmap.close()
    finally:
        page.close()
    return image if image.mode == "RGB" else image.convert("RGB")


def cut_box(cell: Box, dpi: float, bleed: float, size: tuple[int, int] | None) -> tuple[int, int, int, int]:
    """The pixels cut for a card: `bleed` mm round its cell, or `size` px round it (`framed`)."""
    return framed(cell, dpi, size) if size else _cut(cell, dpi, bleed)


def _first(card: Card, seen: set[int]) -> bool:
    """Whether this is the first copy of its entry met (its copies are cut once)."""
    new = id(card) not in seen
    seen.add(id(card))
    return new


def _ready(printed: list[tuple[str, Card]], waiting: list[tuple[int, int, Face]],
           backs: list[Face], game: Game) -> Iterator[tuple[str, Card, Face, Face | None]]:
    for n, place, front in waiting:
        deck, card = printed[n]
        back = backs[place] if place < len(backs) and game.decks[deck].back is not None else None
        yield deck, card, front, back


def _cut(cell: Box, dpi: float, bleed: float) -> tuple[int, int, int, int]:
    """The cell and `bleed` mm round it, its size exact to the pixel (its corner to the nearest pixel)."""
    x, y, w, h = cell
    left, top = pixels(x - bleed, dpi), pixels(y - bleed, dpi)
    return left, top, left + pixels(w + 2 * bleed, dpi), top + pixels(h + 2 * bleed, dpi)



def framed(cell: Box, dpi: float, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The crop box of exactly `size` px round the cell, the trim's pixels where a cut with no bleed has them and
    the bleed grown round them (its odd pixel right and below): a shop's exact pixels without scaling the art."""
    x, y, w, h = cell
    left, top = pixels(x, dpi), pixels(y, dpi)
    pad_x, pad_y = (size[0] - pixels(w, dpi)) // 2, (size[1] - pixels(h, dpi)) // 2
    return left - pad_x, top - pad_y, left - pad_x + size[0], top - pad_y + size[1]


def padding(size: tuple[float, float], dpi: float, upload: tuple[int, int]) -> tuple[int, int]:
    """The bleed `framed` grows left and top of a card of `size` mm to fill `upload` px."""
    return (upload[0] - pixels(size[0], dpi)) // 2, (upload[1] - pixels(size[1], dpi)) // 2
