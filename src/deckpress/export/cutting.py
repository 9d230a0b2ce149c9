"""Cards cut out of the press's own PDFs: a component rendered as a build renders it, each page rasterised once
by PDFium at the export's resolution, and each card's rectangle (the layout's own, `Page.cells` for fronts and
`Page.backs` for backs, in mm) cut from it. Millimetres become pixels here only (`pixels`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

import pypdfium2
from PIL import Image

from deckpress.layout.page import INCH, Document
from deckpress.model import Card, Game
from deckpress.publish import outputs

Box = tuple[float, float, float, float]  # x, y, w, h in mm from the page's top-left corner


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
              size: tuple[int, int] | None = None) -> Iterator[Cut]:
    """Each card entry of `decks` (the component's, in order) once, front and back cut `bleed` mm past the trim (or
    `size` px round it, the trim centred: `framed`): yielded as soon as its back is cut, so a deck at 600 dpi is
    never all in memory."""

    def cut(image: Image.Image, cell: Box) -> Image.Image:
        return image.crop(framed(cell, dpi, size)) if size else _cut(image, cell, dpi, bleed)

    printed = [(d, card) for d in decks for card in game.decks[d].printed]
    seen: set[int] = set()
    at, waiting = 0, list[tuple[int, int, Image.Image]]()  # a page's fronts (printed, place) awaiting backs
    pdfium = pypdfium2.PdfDocument(pdf)
    try:
        for n, page in enumerate(doc.pages):
            if not page.cells and not page.backs:
                continue
            sheet = pdfium[n]
            image = sheet.render(scale=dpi / 72).to_pil().convert("RGB")
            if page.backs:  # the page after its fronts, each back at its own card's place
                yield from _ready(printed, waiting, [cut(image, cell) for cell in page.backs], game)
                waiting = []
                continue
            yield from _ready(printed, waiting, [], game)
            firsts = [(i, cell) for i, cell in enumerate(page.cells) if _first(printed[at + i][1], seen)]
            waiting = [(at + i, i, cut(image, cell)) for i, cell in firsts]
            at += len(page.cells)
        yield from _ready(printed, waiting, [], game)
    finally:
        pdfium.close()
    if at != len(printed):  # the layout places every printed card once
        raise RuntimeError(f"{doc.game} {doc.component}: {at} cards cut, {len(printed)} printed")


def _first(card: Card, seen: set[int]) -> bool:
    """Whether this is the first copy of its entry met (its copies are cut once)."""
    new = id(card) not in seen
    seen.add(id(card))
    return new


def _ready(printed: list[tuple[str, Card]], waiting: list[tuple[int, int, Image.Image]],
           backs: list[Image.Image], game: Game) -> Iterator[Cut]:
    for n, place, front in waiting:
        deck, card = printed[n]
        back = backs[place] if place < len(backs) and game.decks[deck].back is not None else None
        yield Cut(deck, card, front, back)


def _cut(image: Image.Image, cell: Box, dpi: float, bleed: float) -> Image.Image:
    """The cell and `bleed` mm round it, its size exact to the pixel (its corner to the nearest pixel)."""
    x, y, w, h = cell
    left, top = pixels(x - bleed, dpi), pixels(y - bleed, dpi)
    return image.crop((left, top, left + pixels(w + 2 * bleed, dpi), top + pixels(h + 2 * bleed, dpi)))



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
