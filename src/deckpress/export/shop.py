"""A shop's order (`export --to png|print-shop --for VENDOR`, or `--to png --px W H`): each component's card matched
to the shop's product (deckpress.export.vendors) or to the pixels asked for, and what the shop would refuse or cut
said as findings: a card no product fits, text inside the safe zone, a deck without a back."""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckpress.export.cutting import padding, pixels
from deckpress.export.pressed import Frame
from deckpress.export.vendors import SAFE_KINDS, VENDOR_DPI, VENDORS, Vendor, product, upload_size
from deckpress.findings import Finding, Findings
from deckpress.layout.page import INCH
from deckpress.model import CardLayout, Deck

PX_SAFE = 3.175  # mm: the safe zone of `--px`, 1/8 in as most shops ask


@dataclass(frozen=True)
class Order:
    """What the shop is sent: by a vendor's table, or at pixels the user gives."""

    vendor: Vendor | None
    px: tuple[int, int] | None

    @property
    def named(self) -> str:
        return self.vendor.name if self.vendor else "the print shop"

    @property
    def safe(self) -> float:
        return self.vendor.safe if self.vendor else PX_SAFE


def order(vendor: str | None, px: tuple[int, int] | None) -> Order | None:
    return Order(VENDORS[vendor], None) if vendor else Order(None, px) if px else None


def upload(shop: Order, layout: CardLayout, decks: list[str], bleed: float,
           findings: Findings) -> tuple[int, int] | None:
    """The pixels each card of the layout is written at, its trim centred and the bleed grown round it; None, with a
    finding, where the shop has no product of the card's size or the pixels would crop the trim."""
    w, h = layout.size
    names = ", ".join(decks)
    if shop.vendor is not None:
        fit = product(shop.vendor, layout.size)
        if fit is None:
            sizes = "; ".join(f"{p.name} {p.trim_mm[0]:.1f} x {p.trim_mm[1]:.1f} mm" for p in shop.vendor.products)
            findings.add(Finding(layout.loc, f"deck {names}: its cards are {w:g} x {h:g} mm and {shop.vendor.name} has "
                                             f"no product of that size ({sizes}), so they are left out of the order",
                                 severity="warning"))
            return None
        size = upload_size(fit.pixels, layout.size)
    else:
        assert shop.px is not None
        size = upload_size(shop.px, layout.size)
    pads = padding(layout.size, VENDOR_DPI, size)
    if min(pads) < 0 or max(pads) > pixels(bleed, VENDOR_DPI):
        findings.error(layout.loc, f"deck {names}: its cards are {w:g} x {h:g} mm, {pixels(w, VENDOR_DPI)} x "
                                   f"{pixels(h, VENDOR_DPI)} px at {VENDOR_DPI} dpi; {size[0]} x {size[1]} px would "
                                   f"{'crop the trim' if min(pads) < 0 else f'need over {bleed:g} mm of bleed'} (the "
                                   f"art is never scaled)")
        return None
    return size


def frame(shop: Order, layout: CardLayout, decks: list[str], bleed: float, findings: Findings) -> Frame | None:
    """A print-shop PDF's page for the layout's cards at the vendor's product, turned the card's way: its size with
    the shop's bleed (its upload's pixels at VENDOR_DPI) and its trim, mm; None where `upload` finds none."""
    if shop.vendor is None or upload(shop, layout, decks, bleed, findings) is None:
        return None
    fit = product(shop.vendor, layout.size)
    assert fit is not None  # upload found it
    page = upload_size(fit.pixels, layout.size)
    trim = sorted(fit.trim_mm, reverse=layout.size[0] > layout.size[1])
    return (page[0] / VENDOR_DPI * INCH, page[1] / VENDOR_DPI * INCH), (trim[0], trim[1])


def made_for(shop: Order, layout: CardLayout) -> str | None:
    """The product a card of the layout is written at, as the manifest records it: the vendor's product's name, or
    the pixels asked for; None where the shop has none of its size."""
    if shop.vendor is None:
        return f"{shop.px[0]} x {shop.px[1]} px" if shop.px else None
    fit = product(shop.vendor, layout.size)
    return fit.name if fit else None


def filed(game: str, products: dict[str, str], name: str) -> str | None:
    """The product a file of the order is made at: its deck's (a card's PNG, a deck's zip or PDF); None for a file
    of the whole order (`<game>-cards.csv`)."""
    for deck, made in products.items():
        stem = re.escape(f"{game}-{deck}")
        if re.fullmatch(rf"{stem}(\.zip|-print-shop\.pdf|-\d+-(front|back)\.png)", name):
            return made
    return None


def safe_zone(shop: Order, layout: CardLayout, deck: Deck, side: str, findings: Findings) -> None:
    """A warning for each text or icon whose box comes nearer the trim than the shop's safe zone, naming the element
    and each card it is on."""
    w, h = layout.size
    for element in layout.elements:
        x, y, ew, eh = element.box
        near = min(x, y, w - x - ew, h - y - eh)
        if element.kind not in SAFE_KINDS or near >= shop.safe - 0.005:
            continue
        for card in deck.cards:
            findings.add(Finding(element.loc, f"deck {deck.id}, {side}: element {element.name} lies {near:.2f} mm "
                                              f"from the trim, inside {shop.named}'s safe zone of {shop.safe:.3g} mm: "
                                              f"a cut a little off may take it; move it at least {shop.safe:.3g} mm in",
                                 severity="warning", card=card.label or str(card.index)))


def plain_back(shop: Order, deck: Deck, layout: CardLayout, findings: Findings) -> None:
    findings.add(Finding(layout.loc, f"deck {deck.id} has no back: {shop.named} prints both sides, so each of its "
                                     f"cards gets a plain white back; give the deck a back to choose one",
                         severity="warning"))
