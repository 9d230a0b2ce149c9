"""Images as exported: PNG bytes with fixed options (the same image, the same bytes), and sprite sheets of cards in
a grid, the way Tabletop Simulator takes a deck (at most 10 x 7 cards and 4096 px a side)."""

from __future__ import annotations

import io
import math
import zipfile
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TypeVar

from PIL import Image, PngImagePlugin

from deckpress.export.cutting import pixels

ACROSS, DOWN, MAX_PX = 10, 7, 4096  # Tabletop Simulator's limits for a deck's sheet
WHITE = (255, 255, 255)
Item = TypeVar("Item")
SRGB_GAMMA = 45455  # 1/2.2 x 100000: the gAMA an sRGB PNG states (PNG spec, 11.3.3.5)


def png(image: Image.Image, dpi: float | None = None) -> bytes:
    """PNG bytes: no time, no text chunks; the resolution stated where it means something (print), and the colours
    tagged sRGB, which the press draws in: an sRGB chunk (perceptual) with the gAMA the PNG standard pairs with it,
    fixed bytes where an ICC profile would carry its making date."""
    out = io.BytesIO()
    tags = PngImagePlugin.PngInfo()
    tags.add(b"sRGB", b"\x00")
    tags.add(b"gAMA", SRGB_GAMMA.to_bytes(4, "big"))
    options = {"dpi": (dpi, dpi)} if dpi else {}
    # zlib at level 3 (as thumbnails): an export's images in 50-65% of the time of the default 6, for 1-7% more bytes
    image.save(out, "PNG", compress_level=3, pnginfo=tags, **options)
    return out.getvalue()


def grid(count: int, size: tuple[float, float]) -> tuple[int, int]:
    """Columns and rows of the sheet holding `count` cards of `size` (at most one full sheet): the grid whose
    longer side, measured against MAX_PX, is shortest, so its cards get the most pixels (24 poker cards: 6 x 4, not
    10 x 3); of equals, the one with fewer empty places, then the wider."""
    def cost(g: tuple[int, int]) -> tuple[float, int, int]:
        return max(g[0] * size[0], g[1] * size[1]), g[0] * g[1], -g[0]

    grids = [(a, math.ceil(count / a)) for a in range(1, min(ACROSS, count) + 1) if math.ceil(count / a) <= DOWN]
    return min(grids, key=cost)


def largest_dpi(size: tuple[float, float], count: int, cap: int) -> int:
    """The finest whole dpi, at most `cap`, at which a sheet of `count` cards of `size` mm fits in MAX_PX a side."""
    across, down = grid(min(count, ACROSS * DOWN), size)
    dpi = cap
    while dpi > 1 and (across * pixels(size[0], dpi) > MAX_PX or down * pixels(size[1], dpi) > MAX_PX):
        dpi -= 1
    return dpi


def sheet(cards: list[Image.Image], cell: tuple[int, int], size: tuple[float, float]) -> tuple[Image.Image,
                                                                                                tuple[int, int]]:
    """The cards (of `size` mm, each `cell` px) in rows of their grid, left to right from the top; and the grid
    (columns, rows)."""
    across, down = grid(len(cards), size)
    image = Image.new("RGB", (across * cell[0], down * cell[1]), WHITE)
    for n, card in enumerate(cards):
        image.paste(card.resize(cell) if card.size != cell else card, ((n % across) * cell[0], (n // across) * cell[1]))
    return image, (across, down)


def zipped(files: list[tuple[str, bytes]]) -> bytes:
    """A zip of the files in the order given, every date and permission fixed: the same files, the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_STORED  # PNGs are compressed already
            archive.writestr(info, data)
    return out.getvalue()


def chunks(items: Iterable[Item], n: int) -> Iterator[list[Item]]:
    """`items` `n` at a time, the last chunk shorter: a deck's cards a sheet at a time, each sheet's images let go
    before the next sheet's are cut."""
    rest = iter(items)
    while chunk := list(islice(rest, n)):
        yield chunk

