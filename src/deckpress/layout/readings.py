"""What a card says, read through its layout, for the text edition, the tagged PDFs and the exports: every
element in the order it is drawn, through its kind's reading hook (`Kind.read`) and the same rendered templates
the drawing uses, so what is read is what the card says.

Identical cards are read once, with their number, and each by a label of its own; what a card says once is not
said again there (a text within another, a row of names already counted, a pictogram its words name), and a face's
marks (a letter, a lone shape) follow its name: `Amber (A, triangle)`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from deckpress.layout.elements import KINDS
from deckpress.layout.elements.kind import Reading, read_shown
from deckpress.layout.said_once import Known, spoken, unrepeated
from deckpress.load.icon_words import read_inline
from deckpress.model import Card, CardLayout, Component, Edition, Element, Game
from deckpress.templating import Templates

Said = tuple["Part", ...]  # a face's readings, in layout order
BESIDE_MM = 1.0  # a printed line this close to a text's right edge, within its height, is a line to write on


@dataclass(frozen=True)
class Part:
    """One element's reading: a paragraph (one line, maybe with breaks) or a list (several lines); or the
    columns of text set side by side, read as a table (`rows`, the first its header)."""

    lines: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    fields: tuple[str, ...] = ()  # by line: the name of the form field it is, where the card has one to write in


@dataclass(frozen=True)
class ReadCard:
    """A card as read: its front and, where backs differ card to card, its back; and how many are printed."""

    front: Said
    back: Said
    copies: int = 1
    label: str = ""  # what tells it from the deck's other cards: its own first line, else its label (`Ware 7`)

    @property
    def body(self) -> Said:
        """The front without a line its label says (`Exchange 1`; the `Ware` of `Ware 7`), but a word the label
        merely holds is the card's own (the terrain `Marsh` of `Salt Marsh`)."""
        return tuple(p for p in self.front if not (len(p.lines) == 1 and _labels(p.lines[0], self.label)))


@dataclass
class ReadDeck:
    """A cards component as read: its distinct cards (identical cards once, counted), the back they share."""

    title: str
    cards: list[ReadCard] = field(default_factory=list)
    back: Said = ()
    noun: str = ""  # what its decks call one of their pieces, where they name it alike (`token`); "" for cards
    seen: dict[tuple[Said, Said], int] = field(default_factory=dict, repr=False)  # a reading -> its card's place

    @property
    def printed(self) -> int:
        return sum(c.copies for c in self.cards)

    def each(self, say: Callable[..., str]) -> str | None:
        """One sentence for a deck of a few kinds of one-line card, as many of each (`100 stone tokens: 20 each
        of Amber (A, triangle), ...`); None when the cards are better listed."""
        counts = {c.copies for c in self.cards}
        if len(self.cards) < 2 or len(counts) != 1 or 1 in counts or any(
                c.back or len(c.front) != 1 or len(c.front[0].lines) != 1 for c in self.cards):
            return None
        items = [c.front[0].lines[0] for c in self.cards]
        return say("html_each", total=self.printed, what=self.title.lower(), each=counts.pop(),
                   items=say("html_and", first=", ".join(items[:-1]), last=items[-1]))


def read_deck(game: Game, component: Component, edition: Edition | None, templates: Templates | None,
              say: Callable[..., str], alone: bool = False) -> ReadDeck:
    """The component's cards, deck after deck; `alone`: each entry by itself (a page per private card)."""
    layout = edition.layouts.get(component.layout) if edition else None
    faces = FaceReader(layout) if isinstance(layout, CardLayout) else None
    read = ReadDeck(component.title, noun=game.nouns(component)[0])
    for deck in (game.decks[d] for d in component.decks if d in game.decks):
        back_layout = edition.layouts.get(deck.back.layout) if edition and deck.back else None
        back = FaceReader(back_layout) if isinstance(back_layout, CardLayout) else None
        shared = not deck.backs_differ and not alone  # one back behind every card: read once, with the first
        for card in (c for c in deck.cards if c.valid):
            reading = Reading(card, templates.card(game.params, card.values, card.index), game.params,
                              say) if templates else None
            front = faces.read(reading) if reading and faces else _values(card)
            behind = back.read(reading) if reading and back else ()
            if shared:
                read.back = read.back or behind
                back, behind = None, ()
            _add(read, ReadCard(front, behind, card.copies, card.label[:1].upper() + card.label[1:]), alone)
    return _labelled(read)


def _labelled(read: ReadDeck) -> ReadDeck:
    """A card whose first line is one no other card of the deck opens with is labelled by it (`Exchange 1`)."""
    firsts = Counter(_first(c) for c in read.cards)
    read.cards = [ReadCard(c.front, c.back, c.copies, first) if (first := _first(c)) and firsts[first] == 1 else c
                  for c in read.cards]
    return read


def _first(card: ReadCard) -> str:
    part = card.front[0] if card.front else Part()
    return part.lines[0] if len(part.lines) == 1 and "\n" not in part.lines[0] else ""


def _add(read: ReadDeck, card: ReadCard, alone: bool) -> None:
    """Counted with the identical card read before it, if there is one (found by its reading: a deck of
    thousands of different cards is read in one pass)."""
    at = None if alone else read.seen.get((card.front, card.back))
    if at is None:
        read.seen[(card.front, card.back)] = len(read.cards)
        read.cards.append(card)
    else:
        known = read.cards[at]
        read.cards[at] = ReadCard(known.front, known.back, known.copies + card.copies)


def read_face(reading: Reading, layout: CardLayout) -> Said:
    """Every element's reading in layout order: a text with a printed line beside it is a line to write on; an icon
    inline in text reads as its name; a paragraph already said on the card, word for word, is not said again;
    columns of text side by side, as many lines each, are a table."""
    return FaceReader(layout).read(reading)


class FaceReader:
    """Reads cards through one layout (`read_face`), what is the same on every card worked out once: each element's
    kind, and whether a line is printed beside it to write on."""

    def __init__(self, layout: CardLayout) -> None:
        self.elements = [(e, KINDS[e.kind], bool(lines_beside(e.box, layout))) for e in layout.elements]
        self.known = Known()  # what stays the same from card to card

    def read(self, reading: Reading) -> Said:
        said: list[tuple[Part, Element]] = []
        params = reading.params
        for element, kind, beside in self.elements:
            lines = kind.read(reading, element) if element.when is None else read_shown(reading, element)
            if not lines:
                continue
            part = Part(tuple([read_inline(line, params) for line in lines]), fields=kind.fields(reading, element))
            if beside and len(part.lines) == 1:  # with a control named by its label: the PDF's field also names
                # its card (`Slip 3, Code`), but here alike cards are read once, and their one control names none
                part = Part((reading.say("html_write_in", label=part.lines[0]),), fields=(part.lines[0],))
            said.append((part, element))
        return _tables(_marked(unrepeated(said, reading, self.known), reading))


def _marked(said: list[tuple[Part, Element]], reading: Reading) -> list[tuple[Part, Element]]:
    """A face's marks (a text of a letter or two, a lone pictogram) said after its first other paragraph, its
    name: `Amber (A, triangle)` for a die face drawn as a triangle, an A and `Amber`."""
    def mark(part: Part, element: Element) -> bool:
        kind = KINDS[element.kind]
        lone = kind.pictogram and element.keys.get("count") is None
        return len(part.lines) == 1 and (lone or not kind.pictogram and len(part.lines[0].strip()) <= 2)

    marks = sorted((p for p in said if mark(*p)), key=lambda p: KINDS[p[1].kind].pictogram)  # letters first
    name = next((p for p in said if not mark(*p) and len(p[0].lines) == 1 and "\n" not in p[0].lines[0]), None)
    if not marks or name is None:
        return said
    named = Part((reading.say("html_marks", name=name[0].lines[0], marks=", ".join(p.lines[0] for p, _ in marks)),))
    return [(named, name[1]) if p is name else p for p in said if p not in marks]


def _tables(said: list[tuple[Part, Element]]) -> Said:
    """Runs of two or more paragraphs set in boxes side by side (the same top and height), each of as many lines
    (two or more), read across as a table rather than column after column."""
    out: list[Part] = []
    i = 0
    while i < len(said):
        j = i + 1
        while j < len(said) and _column_beside(said[j - 1], said[j]) and _column_beside(said[i], said[j]):
            j += 1
        if j - i >= 2:
            columns = [said[k][0].lines[0].split("\n") for k in range(i, j)]
            out.append(Part(rows=tuple(zip(*columns, strict=True))))
        else:
            out.append(said[i][0])
        i = j if j - i >= 2 else i + 1
    return tuple(out)


def _column_beside(a: tuple[Part, Element], b: tuple[Part, Element]) -> bool:
    (pa, ea), (pb, eb) = a, b
    if len(pa.lines) != 1 or len(pb.lines) != 1 or ea.box[1::2] != eb.box[1::2] or eb.box[0] < ea.box[0]:
        return False
    return 0 < pa.lines[0].count("\n") == pb.lines[0].count("\n")


def lines_beside(box: tuple[float, float, float, float], layout: CardLayout) -> tuple[int, ...]:
    """The printed lines (by their place in `rules`) starting at the text's right edge, level with it: lines to
    write on (a slip's `Code ____`), read as such and drawn as form fields (deckpress.layout.face)."""
    x, y, w, h = box
    return tuple(n for n, (x1, y1, x2, y2) in enumerate(layout.rules)
                 if abs(min(x1, x2) - (x + w)) <= BESIDE_MM and abs(y1 - y2) < 1e-6 and y <= y1 <= y + h)


def _labels(line: str, label: str) -> bool:
    """Whether `line` says what `label` does: the same words, or the label's words less a closing number."""
    words, named = spoken(line), spoken(label)
    return words != " " and (words == named or (named.startswith(words) and named[len(words):].strip().isdigit()))


def _values(card: Card) -> Said:
    """A card without a layout to read it by (none in the edition read): its fields."""
    return tuple(Part((f"{name.replace('_', ' ').capitalize()}: {_value(v)}",)) for name, v in card.values.items())


def _value(value: object) -> str:
    if isinstance(value, dict):
        return "; ".join(f"{k} = {v}" for k, v in value.items())
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)
