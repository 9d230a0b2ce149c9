"""Shaped pieces (a card layout with a `shape`: round stones, hex tiles) for Tabletop Simulator: `Custom_Token`s,
each face cut out along its outline (see-through outside it: TTS cuts a token's shape from its image's
transparency), and the pieces that look alike gathered in a bag of their own, as many as are printed. A player
draws 20 Amber stones from a pouch instead of dealing from a deck of 100 tiny cards.

TokenData, BagData as typed-tabletop-simulator declares them (objectData.d.ts): `CustomImage.CustomToken` with
Thickness, MergeDistancePixels, StandUp and Stackable; a bag's `Bag.Order` and `ContainedObjects`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from deckpress.export.cutting import Cut
from deckpress.layout.shapes.outline import Outline

TABLE_UNIT_MM = 25.4  # a table unit is about an inch (TTS Knowledge Base, Custom Token: "Thickness ... in-game units")
THICKNESS_MM = 2.0  # a card-stock token's thickness as TTS draws it: thin enough to stack
MERGE_PX = 15.0  # TTS's default accuracy of the cut-out
BORDER_PX = 2  # a see-through margin round the image: TTS cuts the shape out more cleanly with one
CUT_LINE_MM = 0.3  # the printed cut line, left off the cut-out: a token's edge is the piece's, not the line's
BAG_ORDER_RANDOM = 2  # BagOrder.Random: a piece drawn from the bag is any of them


@dataclass(frozen=True)
class Kind:
    """Pieces that look alike: one image, how many are printed, and what the first of them says."""

    image: Image.Image  # RGBA, cut out along the outline
    count: int
    text: str  # what each says, as read (its first line names it)

    @property
    def name(self) -> str:
        return self.text.split("\n", 1)[0]


def kinds(cuts: Iterable[Cut], outline: Outline) -> list[Kind]:
    """The deck's pieces grouped by what their faces say (the same layout read alike: the same piece; their pixels
    differ by a shade where the sheet placed them), in order of first appearance."""
    found: dict[str, tuple[Cut, int]] = {}
    for cut in cuts:
        first, count = found.get(cut.text, (cut, 0))
        found[cut.text] = (first, count + cut.card.copies)
    return [Kind(cut_out(first.front, outline), count, first.text)
            for first, count in found.values()]


def cut_out(face: Image.Image, outline: Outline) -> Image.Image:
    """The face, see-through outside the outline (its corners and curves by chords) and on its printed cut line,
    with a see-through border."""
    w, h = face.size
    sx, sy = w / outline.size[0], h / outline.size[1]
    mask = Image.new("L", face.size, 0)
    ImageDraw.Draw(mask).polygon([(x * sx, y * sy) for x, y in outline.grown(-CUT_LINE_MM).polyline()], fill=255)
    image = Image.new("RGBA", (w + 2 * BORDER_PX, h + 2 * BORDER_PX), (255, 255, 255, 0))
    image.paste(face.convert("RGB"), (BORDER_PX, BORDER_PX), mask)
    return image


def token(guid: str, transform: dict[str, float], kind: Kind, url: str) -> dict[str, Any]:
    return {"GUID": guid, "Name": "Custom_Token", "Transform": transform, "Nickname": kind.name,
            "Description": kind.text,
            "CustomImage": {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                            "CustomToken": {"Thickness": round(THICKNESS_MM / TABLE_UNIT_MM, 4),
                                            "MergeDistancePixels": MERGE_PX, "StandUp": False, "Stackable": True}}}


def bag(guid: str, transform: dict[str, float], title: str, pieces: list[dict[str, Any]]) -> dict[str, Any]:
    return {"GUID": guid, "Name": "Bag", "Transform": transform, "Nickname": title, "Description": "",
            "Bag": {"Order": BAG_ORDER_RANDOM}, "ContainedObjects": pieces}


def token_scale(size: tuple[float, float]) -> tuple[float, float]:
    """A token's scale across and down the table: its size in table units."""
    return size[0] / TABLE_UNIT_MM, size[1] / TABLE_UNIT_MM
