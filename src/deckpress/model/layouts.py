"""The typed model of the layouts a game is drawn with: themes, styles, elements and each kind of layout.

Every value that a finding may point at keeps its `Loc`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckpress.colour import Colour
from deckpress.findings import Loc

if TYPE_CHECKING:
    from deckpress.layout.shapes import Outline

# --- layouts -----------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """How a text is set: its font's role in the theme, its size and the smallest it may shrink to, its alignment."""

    font: str  # a role in the theme: regular | bold
    size: float  # pt
    min_size: float  # pt; shrink-to-fit never goes below
    align: str = "left"  # left | centre | right


@dataclass
class Theme:
    """What an edition sets every page with: its fonts, its smallest text, its lines and margins, its palette."""

    edition: str
    loc: Loc
    label: str
    fonts: dict[str, str]  # role -> font name
    min_size: float  # the edition's smallest text, pt
    line_spacing: float
    line_pt: float  # cut lines and rules
    crop_length_mm: float
    crop_offset_mm: float
    printer_margin_mm: float
    heading_min_size: float = 0  # pt: headings of sheets and booklets
    index_min_mm: float = 0  # cap height of card indices (points, desk letter, stone letter)
    max_line_mm: float = 1000  # the longest line of running text
    write_in_min_mm: float = 0  # height of boxes to write in
    colours: dict[str, Colour] = field(default_factory=dict)  # the edition's palette, by name
    min_contrast: float = 4.5  # WCAG 2 contrast of every text against what is behind it
    about: str = ""  # what the edition is for, in a line: the catalogue says it under the edition's name
    reverse: tuple[Colour, ...] = ()  # (ink, paper): every page reversed out (`build --high-contrast`); (): as laid out
    language: str = "en"  # the game's it is set for: its fonts are its script's (deckpress.draw.scripts)


@dataclass
class Element:
    """A part of a card layout: a box on the card, and what its kind draws there."""

    name: str
    loc: Loc
    box: tuple[float, float, float, float]  # x, y, w, h in mm from the card's top-left
    style: Style
    kind: str  # the element kind that lays it out and draws it (deckpress.layout.elements)
    keys: dict[str, Any] = field(default_factory=dict)  # the kind's own keys, as its schema read them
    index: bool = False  # a card index: at least the edition's index height
    valign: str = "top"  # top | middle | bottom
    colour: str | None = None  # its ink (text, an icon's currentColor) as written: a name, #rrggbb or a template
    rotate: float = 0  # degrees clockwise, 0 up to 360, about the centre of its box
    when: str | None = None  # drawn on a card only when this gives true: `true`, `false` or a template
    locs: dict[str, Loc] = field(default_factory=dict)  # where each key's value is written, read with the layout

    def at(self, key: str) -> Loc:
        """Where the value of `key` is written: a finding about that key alone (a `when` that gives text, a
        template of `text` in error) is said there, at what to change; the element's first line if not written."""
        return self.locs.get(key, self.loc)


@dataclass
class CardLayout:
    """A card's face or back: its trim size, how many go on a page, its elements and printed lines."""

    name: str
    loc: Loc
    size: tuple[float, float]  # trim size, mm
    grid: tuple[int, int]  # columns, rows a page
    elements: list[Element]
    rules: list[tuple[float, float, float, float]]  # x1, y1, x2, y2 in mm: printed lines on the face
    folds: list[tuple[float, float, float, float]] = field(default_factory=list)  # dashed fold lines
    positions: list[tuple[int, int]] = field(default_factory=list)  # a net: (column, row) of each card, not a grid
    tabs: list[tuple[int, int, str]] = field(default_factory=list)  # glue tabs: (column, row, side) of a net
    background: str | None = None  # a colour over the whole card and its bleed: a name, #rrggbb or a template
    corner_radius: float = 0.0  # mm: the cut line's corners are rounded
    shape: Outline | None = None  # a shaped piece's outline (deckpress.layout.shapes); None: a rectangle
    safe: float = 0.0  # mm every element's box keeps inside the shape's outline
    grid_loc: Loc | None = None  # where `grid` is written: a grid the paper cannot hold is said there
    table: list[str] = field(default_factory=list)  # text elements read as one table's columns, heads first
    heading: str | None = None  # the text element read first, as the card's heading


@dataclass
class SheetLayout:
    """How a sheet's blocks are set on the page."""

    name: str
    loc: Loc
    margin: float  # mm
    per_page: int
    gap: float  # mm between blocks
    row_height: float  # mm, write-in rows and table rows
    label_width: float  # mm, first table column
    styles: dict[str, Style]


@dataclass
class BookletLayout:
    """How the rules are set as a booklet."""

    name: str
    loc: Loc
    margin: float  # mm
    max_line: float  # mm: the longest line of body text
    paragraph_gap: float  # mm
    styles: dict[str, Style]


class BoardLayout(CardLayout):
    """A board: one card of its size (`grid` 1 x 1), printed in pieces or panels (deckpress.layout.boards)."""


Layout = CardLayout | SheetLayout | BookletLayout


@dataclass
class Edition:
    """An edition as loaded from the layout folders: its theme and its layouts, by name."""

    theme: Theme
    layouts: dict[str, Layout]
    broken: set[str] = field(default_factory=set)  # layouts found but in error (already reported)
    folders: tuple[Path, ...] = ()  # the layout folders it was looked for in, in order: their `icons/` too
