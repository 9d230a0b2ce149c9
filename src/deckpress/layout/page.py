"""Pages of drawing operations, and the one place where millimetres become points."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, overload

from deckpress.colour import Colour
from deckpress.layout.ops import (
    Circle,
    Clip,
    Dots,
    Icon,
    Line,
    Mirror,
    Op,
    Path,
    Picture,
    Polygon,
    Rect,
    Steps,
    Tag,
    Text,
    Tiles,
    Turn,
    WriteIn,
)

if TYPE_CHECKING:
    from deckpress.findings import Loc
    from deckpress.layout.imposition import PrintSetup
    from deckpress.layout.shapes.cuts import Cutting
    from deckpress.load.icons import IconFile
    from deckpress.model import Card

# the ops are made here, so their importers find them here too
__all__ = [
    "INCH", "MM", "PAPERS", "Document", "Drawing", "Page", "Sheets", "pt", "Circle", "Clip", "Icon", "Line", "Op",
    "Path", "Picture", "Polygon", "Rect", "Steps", "Text", "Tiles", "Dots", "Turn",
    "WriteIn",
]

MM = 72 / 25.4  # points per millimetre
INCH = 25.4  # millimetres per inch
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (8.5 * INCH, 11 * INCH)}


def pt(mm: float) -> float:
    return mm * MM




@dataclass
class Page:
    """One page: its size in points, what to draw, and where its cards are (mm, top-left origin)."""

    width: float
    height: float
    ops: list[Op] = field(default_factory=list)
    cells: list[tuple[float, float, float, float]] = field(default_factory=list)
    backs: list[tuple[float, float, float, float]] = field(default_factory=list)  # a page of backs: each card's, mm
    trim_box: tuple[float, float, float, float] | None = None  # pt, PDF coordinates: x1, y1, x2, y2
    bleed_box: tuple[float, float, float, float] | None = None
    # what drew the ops from each index on (a layout's element, a rules section, a sheet's block), for findings:
    # where it was written, what it is, and the card it is on (said with it: put together only for a finding)
    sources: list[tuple[int, Loc | None, str, Card | None]] = field(default_factory=list)
    # the structure round the ops (deckpress.layout.structure): each tag takes effect before the op at its index
    tags: list[tuple[int, Tag]] = field(default_factory=list)
    # the ops (from, to index) drawn where a finding already says they cannot fit (a table wider than its line):
    # the printer margin's check does not say it again
    found: list[tuple[int, int]] = field(default_factory=list)
    moved: tuple[float, float] = (0.0, 0.0)  # mm: a page of backs, moved by the duplex offset to meet its fronts

    def source(self, at: int) -> tuple[Loc | None, str] | None:
        """Where the op at index `at` was written and what it is, in the designer's terms (`card 3 (Lantern),
        title`); None: not known."""
        made = self.made(at)
        if made is None:
            return None
        loc, what, card = made
        return loc, what if card is None else f"card {card.index} ({card.label}), {what}"

    def made(self, at: int) -> tuple[Loc | None, str, Card | None] | None:
        """Where the op at index `at` was written, what it is and the card it is on; None: not known."""
        n = bisect_right(self.sources, at, key=lambda s: s[0]) - 1
        return None if n < 0 or not self.sources[n][2] else self.sources[n][1:]


class Drawing:
    """Takes millimetres from the page's top-left corner; stores points from its bottom-left."""

    def __init__(self, paper: tuple[float, float]) -> None:
        self.paper = paper
        self.page = Page(pt(paper[0]), pt(paper[1]))
        self.ink: Colour | None = None  # the colour texts are set in (an element's `colour`); None: black

    def made_by(self, loc: Loc | None, what: str) -> AbstractContextManager[None]:
        """What is drawn inside was written at `loc` and is `what` (e.g. "card 3 (Lantern), title")."""
        return _MadeBy(self.page, loc, what)

    @contextmanager
    def found(self, too_large: bool) -> Iterator[None]:
        """What is drawn inside is `too_large` for its room, and a finding says so (see `Page.found`)."""
        start = len(self.page.ops)
        try:
            yield
        finally:
            if too_large:
                self.page.found.append((start, len(self.page.ops)))

    def mark(self, loc: Loc | None, what: str, card: Card | None = None) -> None:
        """What is drawn from here on was written at `loc` and is `what`, on `card` (`made_by` without the
        nesting)."""
        self.page.sources.append((len(self.page.ops), loc, what, card))

    def _xy(self, x: float, y: float) -> tuple[float, float]:
        return x * MM, (self.paper[1] - y) * MM  # pt(), inline: a big deck makes a million of these

    def text(self, x: float, baseline: float, text: str, font: str, size: float, angle: float = 0) -> None:
        # `_xy`, inline: every line of every card and cell is one
        self.page.ops.append(Text(x * MM, (self.paper[1] - baseline) * MM, text, font, size, angle, self.ink))

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float, dash: tuple[float, ...] = (),
             stroke: Colour | None = None, field: WriteIn | None = None) -> None:
        self.page.ops.append(Line(*self._xy(x1, y1), *self._xy(x2, y2), width, dash, stroke, field))

    def rect(self, x: float, y: float, w: float, h: float, width: float, fill: float | Colour | None = None,
             stroke: Colour | None = None, radius: float = 0, field: WriteIn | None = None) -> None:
        px, py = self._xy(x, y + h)
        self.page.ops.append(Rect(px, py, pt(w), pt(h), width, fill, stroke, pt(radius), field))

    def circle(self, x: float, y: float, r: float, width: float, fill: float | Colour | None = None,
               stroke: Colour | None = None) -> None:
        self.page.ops.append(Circle(*self._xy(x, y), pt(r), width, fill, stroke))

    def ellipse(self, x: float, y: float, w: float, h: float, width: float, fill: float | Colour | None = None,
                stroke: Colour | None = None) -> None:
        """The ellipse inscribed in the box (x, y, w, h in mm)."""
        self.page.ops.append(Circle(*self._xy(x + w / 2, y + h / 2), pt(w / 2), width, fill, stroke, pt(h / 2)))

    def polygon(self, points: list[tuple[float, float]], width: float, fill: float | Colour | None = None,
                closed: bool = True, stroke: Colour | None = None) -> None:
        height = self.paper[1]
        self.page.ops.append(Polygon(tuple([(x * MM, (height - y) * MM) for x, y in points]), width, fill, closed,
                                     stroke))

    def path(self, steps: list[tuple[object, ...]], width: float, fill: float | Colour | None = None,
             stroke: Colour | None = None, dash: tuple[float, ...] = (), die_cut: bool = False) -> None:
        """A path whose steps are in mm from the top-left: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y),
        ("Z",). `die_cut`: the contour a print shop's cutter follows (see Path)."""
        self.page.ops.append(Path(self._steps(steps), width, fill, stroke, dash, die_cut))

    @contextmanager
    def clipped(self, steps: list[tuple[object, ...]]) -> Iterator[None]:
        """What is drawn inside shows only within the closed path `steps` (mm, as `path` takes them)."""
        with self._spanning(Clip(self._steps(steps))):
            yield

    def _steps(self, steps: list[tuple[object, ...]]) -> Steps:
        height = self.paper[1]
        out: list[tuple[object, ...]] = []
        for step in steps:
            verb, numbers = step[0], [float(n) for n in step[1:]]  # type: ignore[arg-type]
            points = [(numbers[i] * MM, (height - numbers[i + 1]) * MM) for i in range(0, len(numbers), 2)]
            out.append((verb, *[v for point in points for v in point]))
        return tuple(out)

    @contextmanager
    def turned(self, degrees: float, x: float, y: float, mirror: bool = False) -> Iterator[None]:
        """What is drawn inside, turned `degrees` clockwise (as the card lies in front of you) about (x, y) mm;
        `mirror`: then mirrored head to foot across the level line through (x, y), as a fold over shows it."""
        if not degrees and not mirror:
            yield
            return
        with self._spanning((Mirror if mirror else Turn)(-float(degrees), *self._xy(x, y))):
            yield

    @contextmanager
    def _spanning(self, op: Turn | Clip) -> Iterator[None]:
        """`op`, holding the ops drawn inside: it learns how many once they are drawn."""
        ops = self.page.ops
        at = len(ops)
        ops.append(op)
        try:
            yield
        finally:
            ops[at] = replace(op, ops=len(ops) - at - 1)

    def icon(self, icon: IconFile, x: float, y: float, size: float, colour: Colour | None = None,
             stroke: float | None = None, alt: str = "", font: str = "", height: float | None = None) -> None:
        """Icon `icon` in the square at (x, y) with side `size`, mm; or in the box `size` wide and `height` high
        (its own frame drawn onto the box: the layout keeps its shape, see deckpress.layout.art.fit)."""
        tall = size if height is None else height
        px, py = self._xy(x, y + tall)
        self.page.ops.append(Icon(icon, px, py, pt(size), colour, stroke, alt, font,
                                  None if tall == size else pt(tall)))

    def tiles(self, icon: IconFile, grid: tuple[list[float], list[float]], size: tuple[float, float],
              clip: tuple[float, float, float, float] | None, stroke: float) -> None:
        """Tile `icon` (`size` wide and high) with its top-left corners at each of the grid's places (its columns'
        x, then its rows' y: row by row, left to right), cut at `clip` (x, y, w, h), mm."""
        height, tall = self.paper[1], size[1]  # _xy inline, once a column and a row: a pattern tiles thousands
        across = [x * MM for x in grid[0]]
        down = [(height - (y + tall)) * MM for y in grid[1]]
        corners = tuple([(x, y) for y in down for x in across])
        cut = None if clip is None else (*self._xy(clip[0], clip[1] + clip[3]), pt(clip[2]), pt(clip[3]))
        self.page.ops.append(Tiles(icon, corners, pt(size[0]), pt(size[1]), cut, stroke))

    def picture(self, x: float, y: float, w: float, h: float, path: str) -> None:
        px, py = self._xy(x, y + h)
        self.page.ops.append(Picture(px, py, pt(w), pt(h), path))

    def cell(self, x: float, y: float, w: float, h: float) -> None:
        self.page.cells.append((x, y, w, h))

    def boxes(self, trim: tuple[float, float, float, float], bleed: float) -> None:
        """TrimBox and BleedBox of the page, for print shops: the trim of the cards, and that plus the bleed."""
        x, y, w, h = trim
        self.page.trim_box = (*self._xy(x, y + h), *self._xy(x + w, y))
        self.page.bleed_box = (*self._xy(x - bleed, y + h + bleed), *self._xy(x + w + bleed, y - bleed))


class Sheets(Sequence[Page]):
    """A deck's pages, laid out as they are drawn: 24,000 cards are never all in memory at once. The number of
    pages is known from the imposition; each pass lays the pages out afresh (and reports the same findings)."""

    def __init__(self, count: int, lay_out: Callable[[], Iterator[Page]]) -> None:
        self.pages, self.lay_out = count, lay_out  # `count` would hide Sequence.count

    def __len__(self) -> int:
        return self.pages

    def __iter__(self) -> Iterator[Page]:
        return self.lay_out()

    @overload
    def __getitem__(self, index: int) -> Page: ...
    @overload
    def __getitem__(self, index: slice) -> list[Page]: ...
    def __getitem__(self, index: int | slice) -> Page | list[Page]:
        return list(self)[index]


@dataclass
class Document:
    """One laid-out component of one game, edition and paper."""

    game: str
    component: str
    title: str
    edition: str
    paper: str
    pages: Sequence[Page]
    cards: int | None = None  # card components only
    audience: str = "public"  # who may see it: public | private (a player's own) | host (the host's answers)
    options: bool = False  # its pages follow the print options, as a deck's do (a board's): its file names them
    cutting: Cutting | None = None  # card components: pieces a sheet, sheets and length of cut
    setup: PrintSetup | None = None  # how it is printed, where its component asks otherwise than the game
    in_kit: bool = True  # an optional component has files of its own only
    apart: bool = False  # its pages are cut apart or handed out one by one: in a duplex kit each has a blank back
    copies: int | None = None  # sheet components: the copies its pages hold (one a page, or `per_page` a page)


class _MadeBy(AbstractContextManager[None]):
    """`Drawing.made_by`'s context: a class, not a generator, as every element of every card opens one."""

    __slots__ = ("page", "source", "outer")

    def __init__(self, page: Page, loc: Loc | None, what: str) -> None:
        self.page, self.source = page, (loc, what, None)
        self.outer: tuple[Loc | None, str, Card | None] = (None, "", None)

    def __enter__(self) -> None:
        sources = self.page.sources
        if sources:
            self.outer = sources[-1][1:]
        sources.append((len(self.page.ops), *self.source))

    def __exit__(self, *exc: object) -> None:
        self.page.sources.append((len(self.page.ops), *self.outer))

