"""Art files a game's cards show: inside the game's own folder, PNG or JPEG, size-checked before decoding."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from deckpress.findings import Findings, Loc, echoed
from deckpress.hints.missing_files import MissingFiles
from deckpress.load.icons import Icons
from deckpress.model import Game
from deckpress.paths import UNREADABLE, inside

FORMATS = ("PNG", "JPEG")
MAX_PIXELS = Image.MAX_IMAGE_PIXELS or 89_478_485  # Pillow's decompression-bomb limit
MB = 1 << 20
# bytes an image takes decoded: 64 M pixels of 8-bit RGBA. A 600 x 600 mm board at 300 dpi is 50 M pixels; past
# this a PNG of a few kilobytes costs the build a minute and gigabytes, for no detail a printer can put on paper
MAX_DECODED = 256 * MB
RESAVE = "save it at the size it prints, at 300-600 dpi"


@dataclass(frozen=True)
class Picture:
    path: Path
    width: int  # px
    height: int


class Artwork:
    """The art of one game: each file is checked once; a file that fails is reported where it is named."""

    def __init__(self, folder: Path, shown: str, findings: Findings) -> None:
        self.folder, self.shown, self.findings = folder, shown, findings
        self._checked: dict[str, Picture | str] = {}
        self._icons: dict[tuple[Path, ...], Icons] = {}
        self._missing = MissingFiles()

    @classmethod
    def of(cls, game: Game, findings: Findings) -> Artwork:
        """The art of `game`, shown in findings as its folder (content/<game>)."""
        return cls(game.dir, game.loc.file.rsplit("/", 1)[0], findings)

    def icons(self, layout_folders: tuple[Path, ...]) -> Icons:
        """The game's icons (`deckpress.load.icons`): its own, then the layout folders'; each checked once."""
        if layout_folders not in self._icons:
            self._icons[layout_folders] = Icons.of(self.folder, self.shown, layout_folders, self.findings)
        return self._icons[layout_folders]

    def get(self, name: str, loc: Loc, what: str) -> Picture | None:
        """The checked picture; None, reported where it is first met (not again for every card), if unusable."""
        first = name not in self._checked
        if first:
            self._checked[name] = self._check(name)
        found = self._checked[name]
        if isinstance(found, str):
            if first:
                self.findings.error(loc, f"{what}: {found}")
            return None
        return found

    def _check(self, name: str) -> Picture | str:
        try:
            target = inside(self.folder, name)
            if target is None:
                return f"image '{echoed(name)}' must be a file inside {self.shown}"
            if not target.is_file():
                return f"no image '{echoed(name)}' in {self.shown}{self._missing.like(self.folder, name)}"
        except UNREADABLE:
            return f"image '{echoed(name)}' cannot be read"
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the size is checked just below
                with Image.open(target, formats=FORMATS) as image:  # reads the header only
                    width, height = image.size
                    if width * height > MAX_PIXELS:
                        return (f"image '{echoed(name)}' is {width} x {height} pixels, more than {MAX_PIXELS:,} "
                                f"allowed: {RESAVE}")
                    if too_large := _too_large(image):
                        return f"image '{echoed(name)}' is {too_large}: {RESAVE}"
                    image.load()  # a truncated or corrupt file fails here, not in the printer's PDF
        except UnidentifiedImageError:
            return f"image '{echoed(name)}' is not a {' or '.join(FORMATS)} file"
        except Image.DecompressionBombError:  # Pillow refuses twice its limit while reading the header
            return f"image '{echoed(name)}' has far more than the {MAX_PIXELS:,} pixels allowed"
        except (OSError, SyntaxError, ValueError) as exc:  # Pillow's errors for damaged files
            return f"image '{echoed(name)}' is damaged: {exc}"
        return Picture(target, width, height)


def _too_large(image: Image.Image) -> str | None:
    """What the image would take decoded, from its header, if past MAX_DECODED (None: within it): as it is drawn,
    a grey pixel a byte, any other four (ReportLab makes RGB of a palette or 16-bit image, Pillow holds RGB as
    RGBX), and a byte more where it is transparent (its alpha drawn apart)."""
    alpha = "A" in image.mode or "transparency" in image.info
    depth = (1 if image.mode == "L" else 4) + alpha
    width, height = image.size
    if width * height * depth <= MAX_DECODED:
        return None
    return (f"{width} x {height} pixels of {depth} bytes ({width * height * depth // MB:,} MB decoded), more than the "
            f"{MAX_DECODED // MB} MB allowed ({MAX_DECODED // 4:,} pixels of 4 bytes)")
