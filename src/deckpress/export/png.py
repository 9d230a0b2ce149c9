"""Print on demand (`--to png`): every card face and back as its own PNG, trim plus bleed at the dpi, named
`<game>-<deck>-<nnn>-front.png` / `-back.png`; a zip a deck and `<game>-cards.csv` (file, label, copies, deck, and
for a shop's order the product each is ordered as), the way print shops take uploads. Each name starts with the
game's, so two games' files share a flat folder. A coloured card whose art stops short of the bleed is a finding: a
cut a little off shows a white edge."""

from __future__ import annotations

from dataclasses import dataclass, replace

from PIL import Image

from deckpress.export.cutting import Cut, pixels
from deckpress.export.safe_csv import csv_bytes
from deckpress.export.sprites import WHITE, png, zipped
from deckpress.findings import Findings, Loc
from deckpress.model import AUDIENCES, PUBLIC

PAPER_WHITE = 245  # grey level from which a pixel is the paper's, not ink
CSV_COLUMNS = ("file", "label", "copies", "deck")
PRODUCT = "product"  # the column a shop's order adds: each file's product at the shop


@dataclass(frozen=True)
class Layouts:
    """Where a deck's front and back layouts are written, for findings about its cards (None: it has no back)."""

    front: Loc
    back: Loc | None


class Pod:
    """The files of a print-on-demand export, made card by card: each image is PNG bytes as soon as it is cut."""

    def __init__(self, game: str, dpi: int, bleed: float, findings: Findings, plain_backs: bool = False) -> None:
        self.game, self.dpi, self.band, self.findings = game, dpi, pixels(bleed, dpi), findings
        self.plain_backs = plain_backs  # a deck without a back gets a white one: a shop prints both sides
        self.decks: dict[str, list[tuple[str, bytes]]] = {}  # deck -> its files, in order
        self.audiences: dict[str, str] = {}  # deck -> its component's audience
        self.rows: list[tuple[str, ...]] = []
        self.count: dict[str, int] = {}  # deck -> its cards so far
        self.products: dict[str, str] | None = None  # for a shop's order: deck -> the product it is ordered as

    def add(self, cut: Cut, layouts: Layouts, audience: str, band: int | None = None) -> None:
        """The card's front and back (where it has one, or a plain one), named by its deck and its place in it; of
        its component's audience. `band`: the bleed's pixels, where each card's is its own."""
        band = self.band if band is None else band
        if cut.back is None and self.plain_backs:
            plain = Image.new("RGB", cut.front.size, WHITE)
            cut, layouts = replace(cut, back=plain), replace(layouts, back=layouts.front)
        own = self.decks.setdefault(cut.deck, [])
        self.audiences[cut.deck] = audience
        n = self.count[cut.deck] = self.count.get(cut.deck, 0) + 1
        for side, image, loc in (("front", cut.front, layouts.front), ("back", cut.back, layouts.back)):
            if image is None or loc is None:
                continue
            name = f"{self.game}-{cut.deck}-{n:03d}-{side}.png"
            if band and _short_of_bleed(image, band):
                self.findings.error(loc, f"deck {cut.deck}, {side}: the card is coloured but its art stops short of "
                                         f"the bleed, so a cut a little off shows white; let its colour run to the "
                                         f"card's edges (the layout's background does)",
                                    card=cut.card.label or str(cut.card.index))
            own.append((name, png(image, self.dpi)))
            product = () if self.products is None else (self.products.get(cut.deck, ""),)
            self.rows.append((name, cut.card.label, str(cut.card.copies), cut.deck, *product))

    def files(self) -> list[tuple[str, bytes, str]]:
        """Every PNG, a zip a deck, each of its deck's audience; then cards.csv, of the most secret deck it lists
        (a label may say what a private card holds)."""
        files = [(name, data, self.audiences[deck]) for deck, own in self.decks.items() for name, data in own]
        zips = [(f"{self.game}-{deck}.zip", zipped(own), self.audiences[deck]) for deck, own in self.decks.items()]
        listed = max([PUBLIC, *self.audiences.values()], key=AUDIENCES.index)
        columns = CSV_COLUMNS if self.products is None else (*CSV_COLUMNS, PRODUCT)
        return [*files, *zips, (f"{self.game}-cards.csv", csv_bytes(columns, self.rows), listed)]


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
