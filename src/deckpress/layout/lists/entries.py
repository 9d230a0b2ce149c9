"""A rules list flattened into entries, one a paragraph of the booklet: each with its label (a bullet, or its
number: 1. 2. 3., then a. b. c. and i. ii. iii. in a numbered list inside another), where the label and the text
start, and its structure (L > LI > Lbl + LBody, a list inside an item's body) with what it shares with the entry
before it, so that one list is one element however many paragraphs and pages it runs over."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from deckpress.model import Item

INDENT_MM = 5.0  # a bulleted list's text from its bullets' margin
BULLET_AT_MM = 1.0  # a bullet from the margin of its list
LABEL_GAP_MM = 1.5  # the least space between a number and its item's text
BULLETS = ("•", "–")  # by how deep the bulleted list is, the last for all deeper
ROLES = ("L", "LI", "LBody")


@dataclass(frozen=True)
class Entry:
    text: str
    label: str
    path: tuple[int, ...]  # its place: the item's index in each list down to it
    label_at: float  # mm from the list's outermost margin
    indent: float  # mm from that margin to the text

    @property
    def roles(self) -> tuple[str, ...]:
        return ROLES * len(self.path)

    def joins(self, before: Entry | None) -> int:
        """How many of its outer elements it shares with the entry before it: the lists and items both stand in."""
        shared = 0
        for level in range(len(self.path)):
            if before is None or len(before.path) <= level or before.path[:level] != self.path[:level]:
                return shared
            shared += 1  # the list
            if before.path[:level + 1] != self.path[:level + 1]:
                return shared
            shared += 2  # the item and its body
        return shared


def entries(items: list[Item], numbered: bool, width: Callable[[str], float]) -> list[Entry]:
    """Every item of the list and of the lists in it, in reading order; `width` measures a label, mm."""
    return _entries(items, numbered, width, (), 0.0, 0, 0)


def _entries(items: list[Item], numbered: bool, width: Callable[[str], float], path: tuple[int, ...],
             margin: float, numbers: int, bullets: int) -> list[Entry]:
    labels = [label(n, numbers if numbered else bullets, numbered) for n in range(1, len(items) + 1)]
    indent = margin + (max(INDENT_MM, max(map(width, labels), default=0) + LABEL_GAP_MM) if numbered else INDENT_MM)
    out = []
    for n, (item, text) in enumerate(zip(items, labels, strict=True)):
        at = indent - LABEL_GAP_MM - width(text) if numbered else margin + BULLET_AT_MM  # numbers end in line
        out.append(Entry(item.text, text, (*path, n), at, indent))
        out += _entries(item.items, item.numbered, width, (*path, n), indent, numbers + numbered,
                        bullets + (not numbered))
    return out


def label(n: int, depth: int, numbered: bool) -> str:
    """Item `n`'s label in a list `depth` numbered (or bulleted) lists deep inside others of its kind."""
    if not numbered:
        return BULLETS[min(depth, len(BULLETS) - 1)]
    return f"{(str(n), _letters(n), _roman(n))[min(depth, 2)]}."


def _letters(n: int) -> str:
    """a ... z, aa, ab ...: as a list's letters run on."""
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(ord("a") + r) + out
    return out


def _roman(n: int) -> str:
    out = ""
    for value, numeral in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                           (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        count, n = divmod(n, value)
        out += numeral * count
    return out


def html_list(items: list[Item], numbered: bool, numbers: int = 0) -> dict[str, object]:
    """The same list for the text edition: `ol` (with the type its labels have) or `ul`, its items' own lists in
    them."""
    kind = ("1", "a", "i")[min(numbers, 2)] if numbered else None
    return {"tag": "ol" if numbered else "ul", "type": kind if kind != "1" else None,
            "items": [{"text": i.text, "list": html_list(i.items, i.numbered, numbers + numbered) if i.items else None}
                      for i in items]}
