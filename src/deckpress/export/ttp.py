"""Tabletop Playground (`--to ttp`): a package, the folder Tabletop Playground loads a game's objects from.

`<game>/Manifest.json` names the package; `<game>/Templates/` holds an object template a deck (a `Card` template:
every card of the deck a stack), and `<game>/Textures/` the images the templates name. The fields are those of
Plasticity Studios' own schema of the template files (github.com/plasticity-studios/tabletop-playground-schemas,
src/templates.ts and schema.json), written as the editor writes them in real packages (visnup/ahoy-ttpg's
Templates/market.json, a deck on a 6 x 5 sheet with a back file; gold.json, 20 tokens cut from a see-through
image). ttp.schema.json is the subset written here, with the schema's own constraints.

A deck's faces are a sheet of the cards in a grid (`FrontTexture`, `NumHorizontal` x `NumVertical`), each card
its place on it (`Indices`: the places in deck order, a copy each; `CardNames` its label, `CardMetadata` its full
text), its back one image (`BackIndex` -2) or, where backs differ, a sheet in the same grid (`BackIndex` -3); a
hidden card shows its back (`HiddenIndex` -3). Sizes are centimetres, each card its own width and height, so a
landscape card lies landscape. A shaped piece (`shape:`) is a stack of tokens a kind, cut out along its outline:
the template's `Model` is its see-through image, whose shape Tabletop Playground makes the piece's.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from PIL import Image

from deckpress.export import tokens
from deckpress.export.cutting import Cut
from deckpress.export.sprites import png, sheet
from deckpress.export.tts import PER_SHEET, Deck, File, backs_sheet, one_back
from deckpress.layout.shapes.outline import Outline
from deckpress.model import AUDIENCES, PUBLIC

CM = 10.0  # mm: Tabletop Playground measures in centimetres (its Cards article: "standard 6 cm by 9 cm playing
# cards"; the schema's default card is 6 x 9, ahoy-ttpg's poker-sized market cards 6.3 x 8.8)
CARD_THICKNESS = 0.05  # cm: the schema's default
BACK_FILE, BACK_SAME_PLACE, BACK_AS_FRONT = -2, -3, -1  # BackIndex: a file of its own, its place on a sheet of
# backs, the front's own image
HIDDEN_AS_BACK = -3  # HiddenIndex: a hidden card shows its back
SHAPE_ACCURACY = 8  # of the outline Tabletop Playground traces from a see-through image (1 to 10; gold.json's)


class Package:
    """One game's package: its templates and the images they name, made in order."""

    def __init__(self, game: str, title: str) -> None:
        self.game, self.title = game, title
        self.templates: list[tuple[str, dict[str, Any]]] = []
        self.textures: list[File] = []
        self.parts: list[str] = []  # each template's name, in order
        self.audiences = [PUBLIC]

    def deck(self, deck: Deck) -> None:
        """The deck's stack: a template a sheet of at most PER_SHEET cards (a larger deck is several stacks), its
        cards read a sheet at a time."""
        stacks = math.ceil(deck.entries / PER_SHEET)
        for k, chunk, single in deck.sheets(
                lambda first: self._texture(f"{self.game}-{deck.name}-back.png", one_back(first), deck.audience)):
            name = deck.title if stacks == 1 else f"{deck.title} {k}/{stacks}"
            self._stack(deck, k, chunk, name, single)

    def _stack(self, deck: Deck, k: int, chunk: list[Cut], name: str, single: str | None) -> None:
        """Stack `k`: its sheet of faces, and of backs unless they are the `single` back (None: they differ)."""
        cell = chunk[0].front.size
        faces, (across, down) = sheet([c.front for c in chunk], cell, deck.size)
        front = self._texture(f"{self.game}-{deck.name}-faces-{k}.png", faces, deck.audience)
        back = single
        if back is None:
            back = self._texture(f"{self.game}-{deck.name}-backs-{k}.png", backs_sheet(chunk, deck.size), deck.audience)
        self._add(f"{self.game}-{deck.name}" + (f"-{k}" if name != deck.title else ""), deck.audience, {
            **_common(self._guid(f"{deck.name}/{k}"), name, self.game),
            "FrontTexture": front, "BackTexture": back, "HiddenTexture": "",
            "BackIndex": BACK_FILE if single else BACK_SAME_PLACE, "HiddenIndex": HIDDEN_AS_BACK,
            "NumHorizontal": across, "NumVertical": down,
            "Width": _cm(deck.size[0]), "Height": _cm(deck.size[1]), "Thickness": CARD_THICKNESS,
            "HiddenInHand": True, "UsedWithCardHolders": True, "CanStack": True, "Model": "Rounded",
            "Indices": [n for n, c in enumerate(chunk) for _ in range(c.card.copies)],
            "CardNames": {str(n): c.card.label for n, c in enumerate(chunk)},
            "CardMetadata": {str(n): c.text for n, c in enumerate(chunk)}, "CardTags": {}})

    def tokens(self, deck: Deck, outline: Outline) -> None:
        """A shaped deck's pieces: a stack a kind of piece, as many as are printed, each cut out along its outline
        (the same piece both sides, as printed once)."""
        for n, kind in enumerate(tokens.kinds(deck.cuts, outline), 1):
            image = self._texture(f"{self.game}-{deck.name}-token-{n}.png", kind.image, deck.audience)
            w, h = deck.size
            self._add(f"{self.game}-{deck.name}-token-{n}", deck.audience, {
                **_common(self._guid(f"{deck.name}/token/{n}"), f"{deck.title}: {kind.name}", self.game),
                "FrontTexture": image, "BackTexture": "", "HiddenTexture": "",
                "BackIndex": BACK_AS_FRONT, "HiddenIndex": -1, "NumHorizontal": 1, "NumVertical": 1,
                # the image has a see-through border: the piece is the outline, the border round it
                "Width": _cm(w * kind.image.width / (kind.image.width - 2 * tokens.BORDER_PX)),
                "Height": _cm(h * kind.image.height / (kind.image.height - 2 * tokens.BORDER_PX)),
                "Thickness": _cm(tokens.THICKNESS_MM), "HiddenInHand": False, "UsedWithCardHolders": False,
                "CanStack": True, "Model": image, "ShapeAccuracy": SHAPE_ACCURACY, "ConvexCollision": True,
                "Indices": [0] * kind.count, "CardNames": {"0": kind.name}, "CardMetadata": {"0": kind.text},
                "CardTags": {}})

    def _texture(self, name: str, image: Image.Image, audience: str) -> str:
        self.textures.append((f"{self.game}/Textures/{name}", png(image), audience))
        return name

    def _add(self, name: str, audience: str, template: dict[str, Any]) -> None:
        self.templates.append((f"{self.game}/Templates/{name}.json", template))
        self.parts.append(template["Name"])
        self.audiences.append(audience)

    def _guid(self, what: str) -> str:
        """32 hex digits, as the editor writes a GUID; from the game and the object: the same package every export."""
        return hashlib.sha256(f"{self.game}/{what}".encode()).hexdigest()[:32].upper()

    @property
    def audience(self) -> str:
        return max(self.audiences, key=AUDIENCES.index)

    def files(self) -> list[File]:
        """Manifest.json, the templates and the textures, each under the package's folder."""
        manifest = {"Name": self.title, "Version": "1", "GUID": self._guid("package"), "CopyProtection": False}
        return [(f"{self.game}/Manifest.json", _json(manifest), self.audience),
                *((path, _json(t), self.audience) for path, t in self.templates), *self.textures]


def _common(guid: str, name: str, tag: str) -> dict[str, Any]:
    """What every template of the package says alike: a cardboard object that flips and snaps."""
    return {"Type": "Card", "GUID": guid, "Name": name, "Metadata": "", "CollisionType": "Regular",
            "Friction": 0.7, "Restitution": 0, "Density": 0.5, "SurfaceType": "Cardboard", "Roughness": 1,
            "Metallic": 0, "Flippable": True, "AutoStraighten": False, "ShouldSnap": True, "ScriptName": "",
            "Blueprint": "", "Models": [], "Collision": [], "Lights": [], "SnapPointsGlobal": False,
            "SnapPoints": [], "ZoomViewDirection": {"X": 0, "Y": 0, "Z": 0}, "GroundAccessibility": "Nothing",
            "Tags": [tag], "UsePrimaryColorForSide": False, "FrontTextureOverrideExposed": False,
            "AllowFlippedInStack": False, "MirrorBack": True, "EmissiveFront": False}


def _cm(mm: float) -> float:
    return round(mm / CM, 4)


def _json(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
