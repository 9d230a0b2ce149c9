"""The typed model of a game's sources: its decks and cards, components, rules and sheets.

Every value that a finding may point at keeps its `Loc`.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckpress.colour import Colour
from deckpress.findings import Loc
from deckpress.model.written import Item, TableSizes  # a rules list's items, and a table's own sizes

if TYPE_CHECKING:
    from deckpress.layout.boards.schema import Board

# --- content -----------------------------------------------------------------

PUBLIC, PRIVATE, HOST = "public", "private", "host"
AUDIENCES = (PUBLIC, PRIVATE, HOST)  # who may see a component, from the whole table to the host alone


@dataclass
class FieldSpec:
    """A field a deck declares: its name and type, and the values a card may give it."""

    name: str
    type: str  # text | int | choice | list | map | cells
    loc: Loc
    lo: int | None = None
    hi: int | None = None
    choices_from: str | None = None  # a list parameter naming the allowed values
    length: int | None = None  # list and map fields: the exact number of entries
    optional: bool = False  # a card may leave it out (an empty cell): it then has `fallback`
    fallback: Any = None  # its `default`, checked as any value, or the type's empty value


@dataclass
class Card:
    """One entry of a deck, as its file gives it: its values, and where each was written."""

    index: int  # 1-based position in its deck's file (or `from` list): findings name it
    values: dict[str, Any]
    locs: dict[str, Loc]
    loc: Loc
    label: str = ""
    tactile: str = ""  # its short code for a braille label (the deck's `tactile`), if the deck gives one
    valid: bool = True  # every field read without error; invalid cards are reported, never drawn
    copies: int = 1  # how many are printed (`copies: 2`: two identical Jokers are one entry)


@dataclass
class Back:
    """The back of a deck's cards: a card layout of each edition, drawn like a face with each card's values (the
    same on every card unless it reads them: a face-down card betrays nothing it need not)."""

    loc: Loc
    layout: str  # a card layout's name


@dataclass
class Where:
    """A condition over `card` (and the parameters) that limits a grid or unique check to the cards it selects."""

    expression: str
    loc: Loc


@dataclass
class Deck:
    """A deck of cards as game.yaml declares it and its card file fills it, with the checks it asks for."""

    id: str
    loc: Loc
    fields: dict[str, FieldSpec]
    cards: list[Card]
    count: str | None = None  # an expression over the parameters
    count_loc: Loc | None = None
    grid: list[str] = field(default_factory=list)  # fields whose allowed values combine exactly once
    unique: list[str] = field(default_factory=list)
    generated: dict[str, Any] = field(default_factory=dict)  # provenance of a generated card file
    back: Back | None = None
    grid_where: Where | None = None  # the cards the grid holds (None: all)
    unique_where: Where | None = None
    read: bool = True  # its card file (or `from` list) could be read: else its count, grid and unique are not checked
    backs_differ: bool = False  # some card's back differs from another's (set by the checks, per the back's layout)
    noun: str = ""  # what one of its pieces is called (`card: stone`), as the game gives it; "" where not given
    nouns: str = ""  # and more than one (`cards: stones`); "" where not given
    tactile_loc: Loc | None = None  # its `tactile:` template, where a code too long for a label is said

    @property
    def printed(self) -> list[Card]:
        """The cards as printed: each entry `copies` times."""
        return [card for card in self.cards for _ in range(card.copies)]

    @property
    def size(self) -> int:
        """How many cards are printed."""
        return sum(card.copies for card in self.cards)


@dataclass
class Check:
    """A rule game.yaml states over its parameters (`checks:`), said as `message` where it fails."""

    that: str  # an expression over the parameters that must be true
    message: str
    loc: Loc


@dataclass
class Component:
    """A printed part of the game (cards, a sheet, the rules, a board, a box, a standee): what is drawn, how and for
    whom."""

    id: str
    title: str
    kind: str  # cards | sheet | rules | board | tuck-box | box | standee
    loc: Loc
    source: str | None = None  # deck or sheet id (a cards component: its first deck)
    layout: str = ""
    audience: str = "public"  # who may see it: public (the table), private (one player's own), host (the host alone)
    decks: list[str] = field(default_factory=list)  # a cards component: its decks, imposed one after another
    handling: str | None = None  # how to hand it out, on its cover in the host's kit (None: the press's words)
    die: str | None = None  # a die whose faces are its cards, in order (`die: d6`), for exports; None: not a die
    die_loc: Loc | None = None
    board: Board | None = None  # a board component: how it is cut or folded (its deck, if any, in `decks`)
    keys: dict[str, Any] = field(default_factory=dict)  # a box's or standee's own keys, as its schema read them
    printing: dict[str, Any] = field(default_factory=dict)  # its own print options, over the game's (`print:`)
    optional: bool = False  # built as its own files, left out of the kits (`optional: true`)
    editions: list[str] = field(default_factory=list)  # the editions it is built in (`editions:`); empty: every one
    audience_loc: Loc | None = None  # where `audience` is written; None: not written (it follows its decks')
    public_because: str = ""  # why a component printing a secret deck is public (`public_because:`)
    per_player: bool = False  # one piece for each player (`per_player: true`): the print plan scales it

    @property
    def secret(self) -> bool:
        """Kept from the table: behind a cover in the host's kit, never in the players' kit or the catalogue."""
        return self.audience != PUBLIC

    def built_in(self, edition: str) -> bool:
        """Whether it is built in this edition (no `editions:`: in every one)."""
        return not self.editions or edition in self.editions


@dataclass
class Section:
    """A section of the rules: its heading and its paragraphs or items."""

    heading: str
    loc: Loc
    id: str | None = None
    level: int = 2
    kind: str = "text"  # text | example | reminder | list
    paragraphs: list[str] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    numbered: bool = False  # its items are numbered steps, not bullets


@dataclass
class Rules:
    """The rules as rules.yaml writes them: the booklet's head and its sections, in order."""

    loc: Loc
    kicker: str | None
    tagline: str | None
    notes: list[str]
    sections: list[Section]
    colophon: str | None
    placed: dict[str, Loc] = field(default_factory=dict)  # each text, as read, where it is written: said there

    def section(self, section_id: str) -> Section | None:
        return next((s for s in self.sections if s.id == section_id), None)


@dataclass
class Row:
    """A row of a sheet's table: its label and the cells printed after it."""

    label: str
    cell: str = "write"  # write | check: the cells after `cells`
    cells: list[str] = field(default_factory=list)  # printed cells, left to right after the label


@dataclass
class Block:
    """A piece of a sheet, laid out in order: a heading, text, boxes to write in, a table or a reminder of the
    rules."""

    kind: str  # heading | text | write-in | table | rules
    loc: Loc
    text: str = ""
    labels: list[str] = field(default_factory=list)
    corner: str = ""
    columns: list[str] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    section: str | None = None
    sizes: TableSizes = field(default_factory=TableSizes)  # a table's


@dataclass
class Sheet:
    """A sheet as sheets.yaml writes it, and its blocks as rendered for each printed copy."""

    id: str
    loc: Loc
    source: Any  # the sheet's YAML node, expanded after validation
    copies: list[list[Block]] = field(default_factory=list)  # rendered blocks, one list per printed copy


@dataclass(frozen=True)
class Table:
    """Who plays and with what, as game.yaml says: the head of the game's print plan."""

    players: tuple[int, int] | None = None  # the fewest and the most players (`players: 4` is (4, 4))
    minutes: tuple[int, int] | None = None  # the playing time, shortest and longest (`playing_time:`)
    supplies: tuple[str, ...] = ()  # what the table brings besides the printed parts (`supplies:`)


@dataclass
class Game:
    """A game as its folder gives it (game.yaml, its decks, rules and sheets), in one language: what every stage
    after loading reads."""

    id: str
    dir: Path
    loc: Loc
    title: str
    publisher: str
    subject: str
    language: str  # the source language, a BCP 47 tag: the one the game is written in
    editions: list[str]
    params: dict[str, Any]
    param_locs: dict[str, Loc]
    decks: dict[str, Deck]
    checks: list[Check]
    components: list[Component]
    rules: Rules | None
    sheets: dict[str, Sheet]
    plugins: list[tuple[str, Loc]]
    derived: dict[str, Any] = field(default_factory=dict)  # data that check plugins publish (a route, a proof)
    printing: dict[str, Any] = field(default_factory=dict)  # the game's print options (duplex, fold, bleed_mm, ...)
    colours: dict[str, Colour] = field(default_factory=dict)  # the game's palette, over its editions' themes'
    back: Back | None = None  # the game's back: every deck without its own has it
    version: str = ""  # the game's edition as it declares it ("First edition, 2026"), for the slug line
    date: datetime.date | None = None  # the edition's date: its PDFs' creation date
    rules_unread: bool = False  # it names a rules file that could not be read (said there): no rules to check
    param_entries: dict[str, dict[str, Loc]] = field(default_factory=dict)  # a mapping parameter's values, by key
    sheets_unread: bool = False  # its sheets file could not be read (said there): no sheets to say missing
    table: Table = field(default_factory=Table)  # players, playing time and supplies (the print plan's head)
    languages: tuple[str, ...] = ()  # every language it is built in, the source first (() : the source alone)
    source_game: str = ""  # a translation's: the id of the game it translates (deckpress.translation.games)
    edition_labels: dict[str, str] = field(default_factory=dict)  # a translation's names of its editions, by id
    layout_texts: dict[str, str] = field(default_factory=dict)  # a translation's of its layouts' texts, by source
    untranslated: dict[str, Loc] = field(default_factory=dict)  # its layout texts not translated yet: their entries,
    # by context
    layout_entries: dict[str, Loc] = field(default_factory=dict)  # its layout texts translated: their entries
    po_missing: bool = False  # a translation with no PO file yet: said once, where the game is, not for each text
    text_entries: dict[str, Loc] = field(default_factory=dict)  # its own texts' entries, by their translation

    @property
    def named(self) -> str:
        """The game as a finding names it: its id, and a translation's language too (`stone-market-es-es (es-ES)`),
        so a problem in a layout every language shares says which language's text met it."""
        return f"{self.id} ({self.language})" if self.source_game else self.id

    @property
    def translations(self) -> tuple[str, ...]:
        """The languages it is translated into: all but the source."""
        return tuple(language for language in self.languages if language != self.language)

    def prints(self, deck_id: str, edition: str) -> bool:
        """Whether a component built in this edition prints the deck: else the edition needs none of its layouts."""
        return any(deck_id in c.decks and c.built_in(edition) for c in self.components)

    def kept_decks(self) -> set[str]:
        return kept_decks(self.components)

    def nouns(self, component: Component) -> tuple[str, str]:
        """What a component's pieces are called, singular and plural, where its decks name them alike; else ("", "")."""
        named = {(self.decks[d].noun, self.decks[d].nouns) for d in component.decks if d in self.decks}
        return named.pop() if len(named) == 1 else ("", "")

    def deck_values(self) -> dict[str, dict[str, list[dict[str, Any]]]]:
        """What checks and sheets see as `decks`: `decks.harbour.cards`, each card's values as often as printed."""
        return {d.id: {"cards": [card.values for card in d.printed]} for d in self.decks.values()}


def kept_decks(components: list[Component]) -> set[str]:
    """The decks a private or host component prints: public text (rules, a public sheet) never sees them."""
    return {d for c in components if c.secret for d in c.decks}
