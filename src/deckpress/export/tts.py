"""Tabletop Simulator (`--to tts`): a saved object, `<game>.json` as TTS writes one to its Saved Objects folder.

A `Deck` (a `Card` for a one-card deck) for each deck, its faces on sprite sheets (`CustomDeck`: `FaceURL`,
`BackURL`, `NumWidth` x `NumHeight`; card ids are the sheet's key x 100 + the card's place on it; `DeckIDs` in
deck order, copies repeated); each card named by its label and described by its full text, so a player reads it
by hovering. The other components are `Custom_PDF` objects over their PDFs; a declared die (`die: d6`) is a
`Custom_Dice` on TTS's d6 template whose rotation values name its faces (deckpress.export.dice). tts.schema.json is
the subset written here.

Every file's name starts with the game's (`<game>-<deck>-faces-1.png`; `<game>-<component>--<deck>-...` where two
components print one deck): two games' files share a flat folder or an upload address without clashing. The
players' object and the host's are two Saves (deckpress.export.targets).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import groupby
from typing import Any

from PIL import Image

from deckpress.export import tokens
from deckpress.export.cutting import Cut, cut_cards, first_backs
from deckpress.export.described import describer
from deckpress.export.dice import Die, rotation_values
from deckpress.export.sprites import ACROSS, DOWN, WHITE, chunks, png, sheet
from deckpress.layout.boxes.schema import KINDS as BOX_KINDS
from deckpress.layout.page import Document
from deckpress.layout.shapes.outline import Outline
from deckpress.model import AUDIENCES, PUBLIC, Card, CardLayout, Component, Edition, Game
from deckpress.templating import Templates

PER_SHEET = ACROSS * DOWN
POKER_MM = (63.5, 88.9)  # what TTS draws a card of scale 1 as (2.5 x 3.5 in): other sizes are scaled from it
SPACING = 4.0  # table units between the objects, left to right
D6 = 1  # CustomDice.Type of a six-sided die (DieType.D6 in typed-tabletop-simulator's declarations)
HOST_ROW = -6.0  # table units: the host's object in a row of its own, so it never lands on the players' objects
Scale = tuple[float, float]  # an object's scale across (x) and down (z) the table
Url = Callable[[str], str]  # an exported file's name -> the address TTS loads it from
File = tuple[str, bytes, str]  # an exported file's name, bytes and audience (who may see what it holds)


@dataclass(frozen=True)
class Deck:
    id: str
    title: str
    cuts: Iterator[Cut]  # each entry once, in deck order: read once, a sheet at a time (a big deck's images are
    # never all in memory), each deck's before the next deck is asked for (they share one reading of the PDF)
    size: tuple[float, float]  # the card's trim, mm
    entries: int  # how many entries `cuts` gives (every card: `copies` is at least 1), as the sheets' dpi is
    # chosen from: how many sheets are known before the first is made
    unique_backs: bool = False  # the cards' backs differ (the checks know, from the back's layout): a sheet of them
    audience: str = PUBLIC  # its component's: its sheets show what its faces hold
    shared: str = ""  # its component's id where another component built in the edition prints the deck too

    @property
    def name(self) -> str:
        """What its files and objects are named by: two components' copies of a deck would clash by its id alone
        (`--` joins the two: no id holds it, so no deck's own id can be the same)."""
        return f"{self.shared}--{self.id}" if self.shared else self.id

    def backs_shown(self, first: list[Cut]) -> bool:
        """Whether a sheet of backs goes with each sheet of faces (the backs differ, and are printed), from the
        deck's first sheet's cards (a deck's back is its every card's, or none's); else it shows `one_back`."""
        return self.unique_backs and any(c.back is not None for c in first)

    def sheets(self, one: Callable[[list[Cut]], str]) -> Iterator[tuple[int, list[Cut], str | None]]:
        """Each sheet of the deck's cards (numbered from 1) and its back: the deck's one back image, which `one`
        makes from the first sheet's cards as that sheet is read, or None where each sheet has its backs' own."""
        single: str | None = None
        for k, chunk in enumerate(chunks(self.cuts, PER_SHEET), 1):
            if k == 1 and not self.backs_shown(chunk):
                single = one(chunk)
            yield k, chunk, single


def decks_of(game: Game, component: Component, size: tuple[float, float], cuts: Iterable[Cut],
             shared: Collection[str] = ()) -> Iterator[Deck]:
    """Each of the component's decks over its share of `cuts` (cut in deck order): read as they come, each deck's
    before the next's (those `shared` with another component named by this one's too). The decks share one reading
    of the cuts: a deck left unread when the next is asked for is an error, not a deck found empty later."""
    groups = groupby(cuts, key=lambda c: c.deck)
    deck, own = next(groups, ("", iter(())))
    for deck_id in component.decks:
        title = component.title if len(component.decks) == 1 else f"{component.title}: {deck_id}"
        cards = game.decks[deck_id]
        yield Deck(deck_id, title, own if deck == deck_id else iter(()), size, len(cards.cards), cards.backs_differ,
                   component.audience, component.id if deck_id in shared else "")
        if deck == deck_id:
            if next(own, None) is not None:
                raise RuntimeError(f"deck {deck_id}: its cards were not all read before the next deck was asked for")
            deck, own = next(groups, ("", iter(())))


def read_decks(game: Game, edition: Edition, component: Component, layout: CardLayout, doc: Document, pdf: bytes,
               dpi: float, templates: Templates) -> Iterator[Deck]:
    """The component's decks for a sprite sheet: their cards cut from `pdf` (a deck whose backs are alike shows one
    back: only its first is cut; a shaped deck's pieces are their fronts: no back is), each read as its face says,
    a sheet's cards at a time."""
    described = describer(game, edition, templates, layout)
    wanted = first_backs(game) if layout.shape is None else _no_back
    cuts = cut_cards(game, component.decks, doc, pdf, dpi, 0.0, wanted=wanted)
    printers = [c for c in game.components if c.kind not in BOX_KINDS and c.built_in(edition.theme.edition)]
    shared = [d for d in component.decks if sum(d in c.decks for c in printers) > 1]
    return decks_of(game, component, layout.size, (replace(c, text=described(c.deck, c.card)) for c in cuts), shared)


def _no_back(decks: list[str]) -> bool:
    return False


Read = tuple[str, Card, str]  # an entry as a deck object lists it, its images let go: its deck, card and text


class Save:
    """The objects of one saved object file and the images they load, made in order."""

    def __init__(self, game: str, url: Url, row: float = 0.0) -> None:
        self.game, self.url, self.row = game, url, row
        self.objects: list[dict[str, Any]] = []
        self.files: list[File] = []
        self.key = 0  # the last CustomDeck key given: each sheet has its own across the file
        self.audiences = [PUBLIC]  # of what the objects hold: the saved object holds their texts and addresses
        self.parts: list[tuple[str, str]] = []  # each object's title and audience, in order

    def deck(self, deck: Deck) -> None:
        """The deck's sheets of faces (and of backs, where the backs differ) and the deck object over them."""
        sheets: dict[str, dict[str, Any]] = {}
        read: list[tuple[Read, int]] = []  # each entry and its card id
        self.audiences.append(deck.audience)
        self.parts.append((deck.title, deck.audience))
        for k, chunk, single in deck.sheets(lambda first: self._single_back(deck, first)):
            self.key += 1
            sheets[str(self.key)] = self._sheet(deck, k, chunk, single)
            read += [((c.deck, c.card, c.text), self.key * 100 + n) for n, c in enumerate(chunk)]
        cards = [(entry, card_id) for entry, card_id in read for _ in range(entry[1].copies)]
        scale, sideways = card_scale(deck.size)
        held = {"Hands": True, "SidewaysCard": sideways}  # cards go to a player's hand; a landscape card lies so
        contained = [{**self._card(entry, card_id, sheets, scale), **held} for entry, card_id in cards]
        if len(contained) == 1:
            self.objects.append({**contained[0], "Transform": self._place(scale, face_down=True)})
            return
        self.objects.append({"GUID": self._guid(deck.name), "Name": "Deck", "Transform": self._place(scale, True),
                             "Nickname": deck.title, "Description": "", **held, "DeckIDs": [i for _, i in cards],
                             "CustomDeck": sheets, "ContainedObjects": contained})

    def _sheet(self, deck: Deck, k: int, chunk: list[Cut], single: str | None) -> dict[str, Any]:
        """Sheet `k` of the deck's faces, and of its backs unless they are the `single` back: its CustomDeck."""
        cell = chunk[0].front.size
        faces, (across, down) = sheet([c.front for c in chunk], cell, deck.size)
        self.files.append((face_name := f"{self.game}-{deck.name}-faces-{k}.png", png(faces), deck.audience))
        back_name = single or ""
        if single is None:
            backed = backs_sheet(chunk, deck.size)
            self.files.append((back_name := f"{self.game}-{deck.name}-backs-{k}.png", png(backed), deck.audience))
        return {"FaceURL": self.url(face_name), "BackURL": self.url(back_name), "NumWidth": across,
                "NumHeight": down, "BackIsHidden": True, "UniqueBack": single is None, "Type": 0}

    def tokens(self, deck: Deck, outline: Outline) -> None:
        """A shaped deck's pieces as tokens: a bag a kind of piece holding as many as are printed (a kind printed
        once lies on the table as it is)."""
        self.audiences.append(deck.audience)
        self.parts.append((deck.title, deck.audience))
        scale = tokens.token_scale(deck.size)
        for n, kind in enumerate(tokens.kinds(deck.cuts, outline), 1):
            self.files.append((name := f"{self.game}-{deck.name}-token-{n}.png", png(kind.image), deck.audience))
            pieces = [tokens.token(self._guid(f"{name}/{k}"), _transform(0.0, scale), kind, self.url(name))
                      for k in range(kind.count)]
            if len(pieces) == 1:
                self.objects.append({**pieces[0], "Transform": self._place(scale)})
            else:
                title = f"{deck.title}: {kind.name}, {kind.count}"
                self.objects.append(tokens.bag(self._guid(name), self._place((1.0, 1.0)), title, pieces))

    def _single_back(self, deck: Deck, first: list[Cut]) -> str:
        """The deck's one back image (`one_back`)."""
        self.files.append((name := f"{self.game}-{deck.name}-back.png", png(one_back(first)), deck.audience))
        return name

    def _card(self, entry: Read, card_id: int, sheets: dict[str, dict[str, Any]], scale: Scale) -> dict[str, Any]:
        deck, card, text = entry
        key = str(card_id // 100)
        return {"GUID": self._guid(f"{deck}/{card_id}/{len(self.objects)}"), "Name": "Card",
                "Transform": _transform(0.0, scale), "Nickname": card.label, "Description": text,
                "CardID": card_id, "CustomDeck": {key: sheets[key]},
                "HideWhenFaceDown": True}  # face down, its name and text are hidden too: a private card stays so

    def pdf(self, name: str, title: str, audience: str) -> None:
        self.audiences.append(audience)
        self.parts.append((title, audience))
        self.objects.append({"GUID": self._guid(name), "Name": "Custom_PDF", "Transform": self._place((1.0, 1.0)),
                             "Nickname": title, "Description": "",
                             "CustomPDF": {"PDFUrl": self.url(name), "PDFPassword": "", "PDFPage": 0,
                                           "PDFPageOffset": 0}})

    def die(self, name: str, die: Die) -> None:
        self.audiences.append(die.audience)
        self.parts.append((die.title, die.audience))
        self.files.append((name, png(die.image), die.audience))
        self.objects.append({"GUID": self._guid(name), "Name": "Custom_Dice", "Transform": self._place((1.0, 1.0)),
                             "Nickname": die.title, "Description": ", ".join(die.faces),
                             "CustomImage": {"ImageURL": self.url(name), "ImageSecondaryURL": "",
                                             "ImageScalar": 1.0, "WidthScale": 0.0,
                                             "CustomDice": {"Type": D6}},
                             "RotationValues": rotation_values(die.faces, die.numbers)})

    @property
    def audience(self) -> str:
        """The saved object's: the most secret of what it holds (a private deck's cards' texts are in it)."""
        return max(self.audiences, key=AUDIENCES.index)

    def json(self, title: str) -> bytes:
        save = {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
                "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": self.objects, "TabStates": {}}
        return (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode("utf-8")

    def _place(self, scale: Scale, face_down: bool = False) -> dict[str, float]:
        """The next place along the table, left to right."""
        return _transform(len(self.objects) * SPACING, scale, face_down, self.row)

    def _guid(self, what: str) -> str:
        """Six hex digits, as TTS writes them; from the game and the object: the same file every export."""
        return hashlib.sha256(f"{self.game}/{what}".encode()).hexdigest()[:6]


def card_scale(size: tuple[float, float]) -> tuple[Scale, bool]:
    """A card's scale across and down the table, each side by its own (a card of another shape than poker keeps
    its own), and whether it lies sideways: a landscape card is TTS's poker card turned, its long side across."""
    sideways = size[0] > size[1]
    across, down = (POKER_MM[1], POKER_MM[0]) if sideways else POKER_MM
    return (size[0] / across, size[1] / down), sideways


def _transform(x: float, scale: Scale, face_down: bool = False, z: float = 0.0) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": round(scale[0], 4), "scaleY": 1.0, "scaleZ": round(scale[1], 4)}


def one_back(first: list[Cut]) -> Image.Image:
    """A deck's one back (its every card's), from its first sheet's cards: as printed, or a blank card where it has
    none."""
    back = next((c.back for c in first if c.back is not None), None)
    return back if back is not None else Image.new("RGB", first[0].front.size, WHITE)


def backs_sheet(chunk: list[Cut], size: tuple[float, float]) -> Image.Image:
    """The sheet of a chunk's backs, each where its face is on the sheet of faces (a blank card where it has none)."""
    cell = chunk[0].front.size
    return sheet([c.back or Image.new("RGB", cell, WHITE) for c in chunk], cell, size)[0]
