"""The patterns of card backs and bands: SVG tiles (`icons/<name>.svg` of the shared layout folders, or a game's
own), repeated over a box so that sets of cards are told apart without colour.

A tile is drawn 3 mm wide for every 30 units of its `width` (or viewBox), its strokes the theme's `line_pt` for
every unit of their `stroke-width`. Tiles are laid over the whole 3 mm cells that fit the box, centred in it, each
stepping by its own size, cut at the edge of those cells (dots; checks, a tile of two cells by two). A tile whose
`<svg>` says `data-repeat="across"` is a column instead: one at every cell edge from the first to the last,
stretched down the box's full height (stripes).
"""

from __future__ import annotations

import math
from pathlib import Path

from deckpress.findings import Findings, Loc
from deckpress.layout.page import Drawing
from deckpress.load.icons import IconFile, Icons

PATTERNS = ("stripes", "dots", "checks")  # the shared tiles in layouts/icons/
PATTERN_STEP_MM = 3.0
TILE_UNITS = 30.0  # a tile's viewBox units per step
# for a caller that has no game's icons at hand (a deck's back): the default layout folder's, then the project's
DEFAULT_TILES = Icons([(Path("layouts") / "icons", "layouts/icons"),
                       (Path(__file__).resolve().parents[3] / "layouts" / "icons", "layouts/icons")], Findings())


def draw_pattern(d: Drawing, name: str, x: float, y: float, w: float, h: float, line_pt: float,
                 icons: Icons | None = None, tile: IconFile | None = None) -> None:
    """Fill the box (mm) with the pattern `name` (a tile of `icons`, else of the default shared folder), framed."""
    d.rect(x, y, w, h, line_pt)
    tile = tile or (icons or DEFAULT_TILES).get(name, Loc("layouts/icons"), "pattern")
    if tile is None:
        return
    step = PATTERN_STEP_MM
    columns, rows = int(w // step), int(h // step)
    left, top = x + (w - columns * step) / 2, y + (h - rows * step) / 2
    size = tile.width / TILE_UNITS * step
    if tile.repeat == "across":  # a column at every cell edge, stretched down the box: nothing to cut
        d.tiles(tile, [(left + c * step, y) for c in range(columns + 1)], (size, h), None, line_pt)
        return
    height = tile.height / tile.width * size
    across, down = math.ceil(columns * step / size - 1e-9), math.ceil(rows * step / height - 1e-9)
    places = [(left + c * size, top + r * height) for r in range(down) for c in range(across)]
    whole = across * size <= columns * step + 1e-9 and down * height <= rows * step + 1e-9
    d.tiles(tile, places, (size, height), None if whole else (left, top, columns * step, rows * step), line_pt)
