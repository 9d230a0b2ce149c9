"""Print-on-demand shops' card products (`export --to png --for VENDOR`): one table, the figures each shop
publishes, with where each was read. A figure no shop page at hand confirmed says so in its source: the press
still uses it, and the README's table (made by `table`) shows the doubt.

A deck's card is matched to the shop's smallest product at least as large as it, and at most MAX_GROW mm larger
a side: the card is then written at the product's exact pixels by growing its bleed round the trim, never by
scaling its art."""

from __future__ import annotations

from dataclasses import dataclass

from deckpress.layout.page import INCH

VENDOR_DPI = 300  # every shop here asks for 300 dpi
MAX_GROW = 2.0  # mm a product may be larger than the card, a side, and still be the card's
SAFE_KINDS = ("text", "icon")  # the elements that carry what a player must read; art may run to the edge
# Second-hand: neither page is the shop's own, so each says so in the table (the figures agree with Squib's default)
TGC = ("https://docs.dextrous.com.au/p/PbwvHTPaG6MJFJ/Bleed (another printer's guide quoting The Game Crafter's "
       "825 x 1125 px; unconfirmed on the shop's own page)")
POKER = ("https://golifelog.com/posts/cutting-cards-1746540192308 (a blog: 2.5 x 3.5 in, bleed 825 x 1125, safe "
         "675 x 975; unconfirmed on the shop's own page)")
UNCONFIRMED = "unconfirmed: not on a shop page at hand"


@dataclass(frozen=True)
class Product:
    """A card the shop prints: its trim in inches (portrait), its upload's pixels with bleed at VENDOR_DPI."""

    name: str
    trim: tuple[float, float]
    pixels: tuple[int, int]
    source: str

    @property
    def trim_mm(self) -> tuple[float, float]:
        return self.trim[0] * INCH, self.trim[1] * INCH


@dataclass(frozen=True)
class Vendor:
    """A shop: its products, its safe zone (mm inside the trim that text keeps clear of) and the files it takes."""

    id: str
    name: str
    products: tuple[Product, ...]
    safe: float
    naming: str
    source: str


def _inches(name: str, w: float, h: float, bleed: float, source: str) -> Product:
    """A product of `w` x `h` in with `bleed` in round it, its pixels at VENDOR_DPI."""
    return Product(name, (w, h), (round((w + 2 * bleed) * VENDOR_DPI), round((h + 2 * bleed) * VENDOR_DPI)), source)


def _mm(name: str, w: float, h: float, size: tuple[int, int], source: str) -> Product:
    return Product(name, (w / INCH, h / INCH), size, source)


EIGHTH = 0.125  # in: the bleed and safe zone the US shops ask for
PAIRED = "<game>-<deck>-<nnn>-front.png / -back.png: a front and its back side by side in name order"
VENDORS: dict[str, Vendor] = {v.id: v for v in (
    Vendor("thegamecrafter", "The Game Crafter", (
        _inches("poker", 2.5, 3.5, EIGHTH, TGC),
        _inches("mini", 1.75, 2.5, EIGHTH, UNCONFIRMED),
        _inches("bridge", 2.25, 3.5, EIGHTH, UNCONFIRMED),
        _inches("square", 3.5, 3.5, EIGHTH, UNCONFIRMED),
        _inches("tarot", 2.75, 4.75, EIGHTH, UNCONFIRMED),
        _inches("jumbo", 3.5, 5.5, EIGHTH, UNCONFIRMED),
    ), EIGHTH * INCH, PAIRED + "; the backs may also be one file a deck", POKER),
    Vendor("drivethrucards", "DriveThruCards", (
        _inches("poker", 2.5, 3.5, EIGHTH, POKER),
    ), EIGHTH * INCH, PAIRED + " (the shop prefers one PDF a deck, backs and fronts alternating)", UNCONFIRMED),
    Vendor("makeplayingcards", "MakePlayingCards", (
        _mm("poker", 63, 88, (822, 1122), UNCONFIRMED),
        _mm("mini", 44, 63, (600, 822), UNCONFIRMED),
        _mm("tarot", 70, 120, (897, 1497), UNCONFIRMED),
    ), EIGHTH * INCH, PAIRED, UNCONFIRMED),
    Vendor("printerstudio", "PrinterStudio", (
        _mm("poker", 63, 88, (822, 1122), UNCONFIRMED),
        _mm("tarot", 70, 120, (897, 1497), UNCONFIRMED),
    ), EIGHTH * INCH, PAIRED, UNCONFIRMED),
)}


def product(vendor: Vendor, size: tuple[float, float]) -> Product | None:
    """The vendor's smallest product holding a card of `size` mm (either way round) with at most MAX_GROW mm to
    spare a side; None if it has none."""
    card = sorted(size)
    fits = [p for p in vendor.products
            if all(0 <= t - c <= MAX_GROW + 0.01 for t, c in zip(sorted(p.trim_mm), card, strict=True))]
    return min(fits, key=lambda p: p.trim[0] * p.trim[1], default=None)


def upload_size(product_pixels: tuple[int, int], size: tuple[float, float]) -> tuple[int, int]:
    """The product's pixels turned the card's way: a landscape card is written landscape."""
    w, h = sorted(product_pixels)
    return (h, w) if size[0] > size[1] else (w, h)


def table() -> str:
    """The vendors' table as the README shows it (a test keeps the two equal)."""
    rows = ["| shop | product | trim (in) | pixels at 300 dpi | safe zone | files | source |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for v in VENDORS.values():
        for p in v.products:
            rows.append(f"| {v.name} (`{v.id}`) | {p.name} | {p.trim[0]:g} x {p.trim[1]:g} | "
                        f"{p.pixels[0]} x {p.pixels[1]} | {v.safe:g} mm | {v.naming} | {p.source} |")
    return "\n".join(rows)
