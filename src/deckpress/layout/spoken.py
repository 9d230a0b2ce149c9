"""What each element of a card says, for its structure element in the tagged PDF: the kind's reading (the text
edition's, `Kind.read`) made one line, so a screen reader says "3 Pearl = 1 Jade and 2 Ruby, both ways" where the
card draws six stones. A column of a table set side by side reads as its head and its cells ("Left: 0, 1, 2").
What the card's other words say already is left unread, as the text edition leaves it out (`unread`).
"""

from __future__ import annotations

from typing import Any

from deckpress.layout.context import Job
from deckpress.layout.elements.kind import KINDS, Kind, Reading, read_shown
from deckpress.layout.said_once import Known, left_out
from deckpress.load.icon_words import read_inline
from deckpress.model import Card, CardLayout, Element
from deckpress.templating import CardText


def spoken(job: Job, card: Card, texts: CardText, layout: CardLayout) -> tuple[list[str], frozenset[int]]:
    """Each element's words in layout order ("" where it says nothing: a panel, a row of no icons), and the places
    of those the card's other words say already (`unread`)."""
    voice = job.held.of_layout(layout, Voice)
    params = job.params
    reading = Reading(card, texts, params, job.say, alike=voice.alike(params, job.language))
    read: list[list[str]] = []
    for element, hook in voice.hooks:  # most elements are on every card: their reading as it is
        if hook is None:
            read.append([])
        else:
            read.append((hook(reading, element) if element.when is None else read_shown(reading, element)) or [])
    said, apart = [], job.say("list_separator")  # a list's lines parted as the language parts a list's items
    inlined = [tuple([read_inline(line, params) if ":" in line else line for line in lines])
               for lines in read]  # icons by their words
    for n, lines in enumerate(inlined):
        if len(lines) == 1 and "\n" not in lines[0]:  # most say one line: the row it is, run on as it stands
            said.append(lines[0].strip())
            continue
        rows = [[r.strip() for r in line.split("\n") if r.strip()] for line in lines]
        if len(rows) == 1 and len(rows[0]) > 1 and _in_columns(layout.elements, read, n):
            said.append(f"{rows[0][0]}: {', '.join(rows[0][1:])}")
        else:  # a list's lines apart, a paragraph's breaks run on
            said.append(apart.join(" ".join(row) for row in rows))
    return said, unread(reading, layout, inlined, voice.known)


class Voice:
    """What reading a card layout's faces aloud needs of the layout alone, worked out once for the edition's papers
    (`Held.of_layout`): each element's reading hook (None for a kind that reads nothing: a panel, a pattern), what
    stays the same from card to card read through it (`Known`: its elements' fields, filled as its cards are read),
    and what reads alike on every card (`alike`)."""

    def __init__(self, layout: CardLayout) -> None:
        self.hooks = [(e, None if type(KINDS[e.kind]).read is Kind.read else KINDS[e.kind].read)
                      for e in layout.elements]
        self.known = Known()
        # the parameters and language the store of what reads alike was filled with, and the store
        self.store: tuple[dict[str, Any] | None, str, dict[tuple[int, str], Any]] = (None, "", {})

    def alike(self, params: dict[str, Any], language: str) -> dict[tuple[int, str], Any]:
        """What reads alike on every card read with these parameters in this language (`Reading.alike`): a new
        store where either differs from the last card's."""
        held, said, alike = self.store
        if held is not params or said != language:
            self.store = params, language, (alike := {})
        return alike


def unread(reading: Reading, layout: CardLayout, read: list[tuple[str, ...]], known: Known) -> frozenset[int]:
    """The elements (by place) the card's other words say already, left out as the text edition leaves them out
    (said_once.unrepeated), so both read a card alike in every language and say each thing once: a pictogram its
    texts name ("Laternen" beside a lantern read as "Laterne") is left to the eye; a paragraph a figure says
    already (a ware's stones named after the figure counting them, a token's name after `Amber (A, triangle)`,
    `both ways` beside equations that each end so) is the card's furniture. The heading stays: it is read first."""
    elements = layout.elements  # `read`: icons inline read; an element that says nothing is none of them
    return frozenset(n for n in left_out(read, elements, reading, known)
                     if read[n] and elements[n].name != layout.heading)


def _in_columns(elements: list[Element], read: list[list[str]], n: int) -> bool:
    """Whether element `n` is a column of a table: a text of as many lines as a neighbour's set in a box beside
    it, at the same top and height."""
    def beside(a: int, b: int) -> bool:
        if not 0 <= a < len(elements) or not 0 <= b < len(elements) or len(read[a]) != 1 or len(read[b]) != 1:
            return False
        ea, eb = elements[a], elements[b]
        return ea.box[1::2] == eb.box[1::2] and read[a][0].count("\n") == read[b][0].count("\n") > 0
    return beside(n - 1, n) or beside(n, n + 1)
