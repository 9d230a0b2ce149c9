"""The drawing operations a page holds, in points from the page's bottom-left: what the render stage draws and
the checks measure. `deckpress.layout.page` makes them from millimetres."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckpress.colour import Colour

if TYPE_CHECKING:
    from deckpress.load.icons import IconFile


@dataclass(frozen=True, slots=True)
class Text:
    x: float  # left end of the baseline, pt
    y: float
    text: str
    font: str
    size: float
    angle: float = 0
    ink: Colour | None = None  # None: black


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float
    dash: tuple[float, ...] = ()
    stroke: Colour | None = None  # None: black
    field: WriteIn | None = None  # a line to write on, a form field over it


@dataclass(frozen=True, slots=True)
class WriteIn:
    """A place a player writes in or ticks, which the PDF also offers as a form field over the op that draws it
    (deckpress.draw.forms): a cell or a box to write in, a tick box."""

    name: str  # what it is, as a reader says it: `Round 2, Lot A`
    tick: bool = False  # a tick box; else room to write in
    height: float = 0  # on a line to write on: the room above it, pt (a rectangle's field is the rectangle)
    size: float = 0  # what is typed in it is set at, pt: the size the layout prints there (0: the viewer's choice)
    min_size: float = 0  # the edition's smallest text, pt: typed text never smaller, however low the field


@dataclass(frozen=True, slots=True)
class Rect:
    x: float  # lower-left corner, pt
    y: float
    w: float
    h: float
    width: float  # stroke width; 0 for none
    fill: float | Colour | None = None  # a grey level (0 is black) or a colour
    stroke: Colour | None = None  # None: black
    radius: float = 0  # rounded corners, pt
    field: WriteIn | None = None  # the rectangle is a place to write or tick, a form field over it


@dataclass(frozen=True, slots=True)
class Circle:
    x: float
    y: float
    r: float
    width: float
    fill: float | Colour | None = None
    stroke: Colour | None = None
    ry: float | None = None  # an ellipse's vertical radius; None: a circle


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    width: float
    fill: float | Colour | None = None
    closed: bool = True
    stroke: Colour | None = None


Steps = tuple[tuple[object, ...], ...]


@dataclass(frozen=True, slots=True)
class Path:
    """Any outline: a shape's cut line, a hexagon, an SVG path's straight and curved steps, pt."""

    steps: Steps  # ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
    width: float  # stroke width; 0 for none
    fill: float | Colour | None = None
    stroke: Colour | None = None
    dash: tuple[float, ...] = ()
    die_cut: bool = False  # a print shop's die-cut contour: stroked in its spot colour, overprinting, as an artifact


@dataclass(frozen=True, slots=True)
class Clip:
    """The `ops` ops after this one are drawn only inside `steps` (a closed path, pt): art is cut at its box, a
    board at its piece."""

    steps: Steps
    ops: int = 0


@dataclass(frozen=True, slots=True)
class Picture:
    x: float  # lower-left corner, pt
    y: float
    w: float
    h: float
    path: str  # a checked art file (see deckpress.load.art)


@dataclass(frozen=True, slots=True)
class Icon:
    icon: IconFile  # a checked icon file: drawn once a document (per size, colour and stroke), placed where used
    x: float  # lower-left corner of the box its own frame (an SVG's viewBox, a PNG's pixels) is drawn onto, pt
    y: float
    size: float  # the box's width, and its height unless `height` says otherwise (a square)
    colour: Colour | None = None  # the SVG's currentColor; None: black
    stroke: float | None = None  # every stroke this wide, pt, whatever the size; None: as the SVG draws them
    alt: str = ""  # its name as invisible text over it, for extraction (an icon inline in text)
    font: str = ""  # the font of that text
    height: float | None = None  # the box's height, pt, where it is not a square: the icon fills it (stretched
    # where the box's shape is not the icon's own)


@dataclass(frozen=True, slots=True)
class Turn:
    """The `ops` ops after this one are turned by `angle` degrees (anticlockwise, as PDF turns) about (x, y)."""

    angle: float
    x: float
    y: float
    ops: int = 0


@dataclass(frozen=True, slots=True)
class Mirror(Turn):
    """A turn, then mirrored head to foot across the level line through (x, y): a standee's back, seen through
    its fold. Every pass that knows a turn knows its ops; only the matrix differs (deckpress.draw.paths)."""


@dataclass(frozen=True, slots=True)
class Tiles:
    """A pattern: one icon (its tile, drawn once a document) placed at every corner in `places`."""

    icon: IconFile
    places: tuple[tuple[float, float], ...]  # lower-left corners of the tiles, pt
    size: float  # a tile's width, pt
    height: float  # and height: a column tile is stretched down its box
    clip: tuple[float, float, float, float] | None  # x, y, w, h, pt: where tiles larger than a cell are cut
    stroke: float  # points per unit of the SVG's own stroke-width (the theme's line_pt)


@dataclass(frozen=True, slots=True)
class Dots:
    """Filled discs of one size, drawn once a document (a form) and placed wherever the same dots recur: a
    braille label's code, on label after label."""

    dots: tuple[tuple[float, float], ...]  # each disc's centre, pt from (x, y)
    r: float
    x: float
    y: float
    ink: Colour | None = None  # None: black


Op = Text | Line | Rect | Circle | Polygon | Path | Picture | Icon | Tiles | Dots | Turn | Clip


# --- the structure beside the ops (deckpress.layout.structure): tags by op index, never among the ops ---


@dataclass(frozen=True, slots=True)
class Begin:
    role: str  # one of deckpress.layout.structure.ROLES
    alt: str = ""  # a figure's words (an icon's name)
    cont: bool = False  # the element of this role opened last under the same parent, run on (onto a new page)
    scope: str = ""  # a header cell's: Row or Column
    actual: str = ""  # what the element says, where its drawing does not (a card's symbols, its words' breaks)
    title: str = ""  # its title, as a reader lists the document's parts (a card's label)


@dataclass(frozen=True, slots=True)
class End:
    pass


Tag = Begin | End
END = End()
