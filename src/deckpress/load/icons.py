"""Icons that cards and texts show: `icons/<name>.svg` (drawn as vectors) or `.png`, from the game's own folder,
else from the shared `icons/` folder of each layout folder, in that order. Every file is untrusted: checked and
parsed once a game, refused with a finding naming the file (never a traceback).
"""

from __future__ import annotations

import hashlib
import io
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from lxml import etree
from PIL import Image, UnidentifiedImageError

from deckpress.findings import Findings, Loc, echoed
from deckpress.hints.spelling import did_you_mean
from deckpress.load.svg_reader import svg_reader
from deckpress.load.svgwork import declared, drawn_refusal, work_refusal
from deckpress.paths import UNREADABLE, inside, open_regular

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

NAME = re.compile(r"[a-z][a-z0-9-]*")  # an icon's name
INLINE = re.compile(r":([a-z][a-z0-9-]*):")  # `:lantern:`, an icon inline in text; `10:30` stays text
MAX_BYTES = 1_000_000  # an icon is a small drawing; more is a mistake or an attack
MAX_ELEMENTS = 10_000
MAX_PIXELS = 4_000_000  # a PNG icon is set at text or element size: 2000 x 2000 is already plenty
SUFFIXES = (".svg", ".png")
SVG = "{http://www.w3.org/2000/svg}svg"
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
_EXTERNAL = re.compile(r"url\(\s*['\"]?(?!#)", re.IGNORECASE)  # url(...) that is not url(#fragment)


@dataclass(frozen=True, eq=False)
class IconFile:
    name: str
    path: Path
    shown: str  # the file as findings name it, e.g. content/pocket-bazaar/icons/lantern.svg
    svg: bytes | None  # the checked SVG text; None for a PNG
    digest: str  # the content's: names its form (a form per file, size, colour and stroke)
    width: float  # its own size (CSS pixels of the SVG, pixels of the PNG): icons keep their aspect
    height: float
    repeat: str = ""  # a pattern tile's `data-repeat` (`across`: a column down the whole box)
    # where its drawing lies, as fractions of its own frame from the top-left (x0, y0, x1, y1): its outlines'
    # (and control points') bounds, strokes not counted; past 0 or 1 where it reaches out of its viewBox
    art: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)


class _Unnamed(str):
    """What is wrong with an icon's name itself (no file has it): said where the name was written."""


class Icons:
    """The icons of one game: each name is looked up, checked and parsed once; a file that fails is reported
    where it is first named, not again for every card."""

    def __init__(self, folders: list[tuple[Path, str]], findings: Findings) -> None:
        self.folders, self.findings = folders, findings  # (folder, as findings show it), searched in order
        self._found: dict[str, IconFile | str] = {}

    @classmethod
    def of(cls, game_dir: Path, shown: str, layout_folders: tuple[Path, ...], findings: Findings) -> Icons:
        """The icons of the game in `game_dir` (shown as `shown`, e.g. content/pocket-bazaar)."""
        folders = [(game_dir / "icons", f"{shown}/icons")]
        folders += [(folder / "icons", f"{folder.as_posix()}/icons") for folder in layout_folders]
        return cls(folders, findings)

    def known(self, name: str) -> IconFile | None:
        """The icon `name` if it was found before (nothing to report again)."""
        found = self._found.get(name)
        return None if found is None or isinstance(found, str) else found

    def get(self, name: str, loc: Loc, what: str, named: Callable[[], tuple[Loc, str] | None] | None = None
            ) -> IconFile | None:
        """The icon `name`, else None with a finding at `loc`, said of `what`; a name no file has (or no icon may
        have) said where the name was written, what `named` gives when given (a parameter): asked only then, not
        on every card that names it again."""
        first = name not in self._found
        if first:
            self._found[name] = self._find(name)
        found = self._found[name]
        if isinstance(found, str):
            if first:
                written = named() if isinstance(found, _Unnamed) and named is not None else None
                loc, what = written or (loc, what)
                self.findings.error(loc, f"{what}: {found}")
            return None
        return found

    def _find(self, name: str) -> IconFile | str:
        if not NAME.fullmatch(name):
            return _Unnamed(f"'{echoed(name)}' is not an icon name (lowercase letters, digits and hyphens, a letter "
                            "first)")
        for folder, shown in self.folders:
            for suffix in SUFFIXES:
                try:
                    path = inside(folder, name + suffix)
                    if path is not None and path.exists():  # a FIFO or a folder too: refused by `checked`
                        return checked(name, path, f"{shown}/{name}{suffix}")
                except UNREADABLE:
                    return f"icon '{echoed(name)}' cannot be read in {shown}"
        places = ", ".join(s for _, s in self.folders)
        return _Unnamed(f"no icon '{echoed(name)}' (looked for {echoed(name)}.svg and {echoed(name)}.png in "
                        f"{places}){did_you_mean(name, self._names())}")

    def _names(self) -> list[str]:
        """The icons the folders hold, by name: what a name not found may have meant."""
        try:
            return [p.stem for folder, _ in self.folders if folder.is_dir() for p in folder.iterdir()
                    if p.suffix in SUFFIXES]
        except OSError:
            return []


def checked(name: str, path: Path, shown: str) -> IconFile | str:
    """The icon file, read and checked; a string saying why it is refused."""
    try:
        with open_regular(path) as source:  # a FIFO named like an icon would block the read
            data = source.read(MAX_BYTES + 1)
    except UNREADABLE as exc:
        return f"icon {shown} cannot be read: {getattr(exc, 'strerror', None) or exc}"
    if len(data) > MAX_BYTES:
        return f"icon {shown} is larger than the {MAX_BYTES:,} bytes an icon may have"
    digest = hashlib.sha256(data).hexdigest()[:16]
    if path.suffix == ".png":
        return _png(name, path, shown, data, digest)
    refused = svg_refusal(data)
    if refused is not None:
        return f"icon {shown} is refused: {refused}"
    drawing = vectors(data, "#000000")
    if drawing is None:
        return f"icon {shown} is refused: svglib cannot draw it"
    px = 4 / 3  # svglib gives points; the SVG's own px are what a designer wrote
    width, height, bounds = float(drawing.width) * px, float(drawing.height) * px, _bounds(drawing)
    refused = drawn_refusal(width, height, bounds)
    if refused is not None:
        return f"icon {shown} is refused: {refused}"
    root = etree.fromstring(data, _PARSER)
    return IconFile(name, path, shown, data, digest, width, height, str(root.get("data-repeat", "")),
                    _art(drawing, bounds))


def _bounds(drawing: Drawing) -> tuple[float, float, float, float] | None:
    """Its outlines' bounds (points), None when nothing is drawn."""
    try:
        x0, y0, x1, y1 = drawing.getBounds()
    except (TypeError, ValueError):  # nothing drawn: no bounds
        return None
    return float(x0), float(y0), float(x1), float(y1)


def _art(drawing: Drawing, bounds: tuple[float, float, float, float] | None) -> tuple[float, float, float, float]:
    """Where the drawing lies in its frame (fractions, from the top-left); the whole frame if it cannot say."""
    width, height = float(drawing.width), float(drawing.height)
    if bounds is None:
        return 0.0, 0.0, 1.0, 1.0
    x0, y0, x1, y1 = bounds
    return x0 / width, 1 - y1 / height, x1 / width, 1 - y0 / height


def _png(name: str, path: Path, shown: str, data: bytes, digest: str) -> IconFile | str:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the size is checked just below
            with Image.open(io.BytesIO(data), formats=("PNG",)) as image:
                width, height = image.size
                if width * height > MAX_PIXELS:
                    return f"icon {shown} is {width} x {height} pixels, more than the {MAX_PIXELS:,} an icon may have"
                image.load()
    except UnidentifiedImageError:
        return f"icon {shown} is not a PNG file"
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        return f"icon {shown} is damaged: {exc}"
    return IconFile(name, path, shown, None, digest, float(width), float(height))


def svg_refusal(data: bytes) -> str | None:
    """Why an SVG text is not drawn (None: it may be). No DTD or entities (entity bombs), nothing outside the file
    (an href or url() that is not `#fragment`: other files, the network, data: images), a bounded element count,
    and bounded work to draw it (`deckpress.load.svgwork`)."""
    try:
        root = etree.fromstring(data, _PARSER)
    except etree.XMLSyntaxError as exc:
        return f"it is not well-formed XML: {exc}"
    prologue = declared(root)  # parsed, not searched for: a UTF-16 file declares one as well
    if prologue is not None:
        return prologue
    if root.tag != SVG:
        return "its root is not an <svg> element in the SVG namespace"
    if any(isinstance(node, etree._ProcessingInstruction) for node in root.itersiblings(preceding=True)):
        return "it holds a processing instruction"  # an xml-stylesheet before the root
    count = 0
    for node in root.iter():
        count += 1
        if count > MAX_ELEMENTS:
            return f"it has more than {MAX_ELEMENTS:,} elements"
        if not isinstance(node.tag, str):  # a comment or a processing instruction (an xml-stylesheet)
            if isinstance(node, etree._ProcessingInstruction):
                return "it holds a processing instruction"
            continue
        for key, value in node.attrib.items():
            if key.rsplit("}", 1)[-1] == "href" and not value.strip().startswith("#"):
                return f"it refers to '{value[:60]}', outside the file (only #fragment references)"
            if _EXTERNAL.search(value):
                return f"its {key.rsplit('}', 1)[-1]} refers to a url() outside the file"
        if node.tag.rsplit("}", 1)[-1] in ("text", "textPath", "foreignObject", "script"):
            return f"it holds a <{node.tag.rsplit('}', 1)[-1]}> element (text in an icon must be paths)"
        if node.text and node.tag.endswith("}style") and (_EXTERNAL.search(node.text) or "@import" in node.text):
            return "its style sheet refers to something outside the file"
    return work_refusal(root)


@lru_cache(maxsize=256)
def vectors(data: bytes, colour: str) -> Drawing | None:
    """The checked SVG as a ReportLab drawing, `currentColor` taken as `colour` (#rrggbb). svglib is given the
    text, never a path: it resolves nothing beside the file. Shared: callers copy it before changing it."""
    root = etree.fromstring(data, _PARSER)
    root.set("color", colour)
    try:
        return svg_reader()(io.BytesIO(etree.tostring(root)))
    except Exception:  # noqa: BLE001  (a library's failure on a hostile file is a finding, not a traceback)
        return None

