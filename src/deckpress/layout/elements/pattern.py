"""A band of a pattern (stripes, dots, checks): tells sets of cards apart without colour; over a whole card, a back.

A pattern is an SVG tile, found as icons are, only among the game's icons (`job.icons`: its own folder's, then the
shared `icons/` of the layout folders). A tile is drawn 3 mm wide for every 30 units of its `width` (or viewBox),
its strokes the theme's `line_pt` for every unit of their `stroke-width`. Tiles are laid over the whole 3 mm cells
that fit the box, centred in it, each stepping by its own size, cut at the edge of those cells (dots; checks, a
tile of two cells by two). A tile whose `<svg>` says `data-repeat="across"` is a column instead: one at every cell
edge from the first to the last, stretched down the box's full height (stripes).
"""

from __future__ import annotations

import math

from deckpress.layout.elements.kind import Box, Face, Kind, register
from deckpress.layout.keys import Key
from deckpress.layout.page import Drawing
from deckpress.load.icons import IconFile
from deckpress.model import Element

PATTERNS = ("stripes", "dots", "checks")  # the shared tiles in layouts/icons/
PATTERN_STEP_MM = 3.0
TILE_UNITS = 30.0  # a tile's viewBox units per step
MAX_TILES = 20_000  # tiles a box: a whole A3 board of 3 mm dots is 14,000; a tile of near-zero size asks for billions


@register
class Pattern(Kind):
    name = "pattern"
    doc = ("the box filled with a pattern and framed; where it touches the trim it runs on into the bleed. A pattern "
           "is an SVG tile, found as icons are: " + ", ".join(f"`{p}`" for p in PATTERNS) + " are shared")
    keys = (Key("pattern", "template", None, "the pattern's name, e.g. `{{ market_patterns[card.market - 1] }}`: "
                                             "its tile, 30 units to 3 mm, repeats over the box"),)
    leads = ("pattern",)
    styled = False
    bleeds = True

    def draw(self, face: Face, element: Element, box: Box) -> None:
        name = face.render(element, "pattern")
        icons = face.job.icons
        if name is None or icons is None:
            return
        tile = icons.get(name, element.at("pattern"), f"{face.job.where}, {face.what(element)}")
        if tile is None:
            return
        tiles = tiles_in(tile, box[2], box[3])
        if tiles > MAX_TILES:
            face.job.tally.report(face.job.findings, element.loc, face.job.where, face.card, (
                f"{element.name}: pattern {tile.shown} is refused: its tile ({tile.width:g} units wide) would be laid "
                f"{tiles:,} times over this {box[2]:g} x {box[3]:g} mm box, more than the {MAX_TILES:,} a pattern may "
                f"have (a tile is drawn 3 mm wide for every 30 units of its width)"))
            return
        draw_pattern(face.d, tile, *box, face.job.theme.line_pt)


def tiles_in(tile: IconFile, w: float, h: float) -> int:
    """How many tiles fill a box w x h mm, counted before any is placed (a tile's size is the designer's)."""
    columns, rows = int(w // PATTERN_STEP_MM), int(h // PATTERN_STEP_MM)
    if tile.repeat == "across":
        return columns + 1
    size = tile.width / TILE_UNITS * PATTERN_STEP_MM
    height = tile.height / tile.width * size
    return math.ceil(columns * PATTERN_STEP_MM / size - 1e-9) * math.ceil(rows * PATTERN_STEP_MM / height - 1e-9)


def draw_pattern(d: Drawing, tile: IconFile, x: float, y: float, w: float, h: float, line_pt: float) -> None:
    """Fill the box (mm) with the pattern's tile, framed."""
    d.rect(x, y, w, h, line_pt)
    step = PATTERN_STEP_MM
    columns, rows = int(w // step), int(h // step)
    left, top = x + (w - columns * step) / 2, y + (h - rows * step) / 2
    size = tile.width / TILE_UNITS * step
    if tile.repeat == "across":  # a column at every cell edge, stretched down the box: nothing to cut
        d.tiles(tile, ([left + c * step for c in range(columns + 1)], [y]), (size, h), None, line_pt)
        return
    height = tile.height / tile.width * size
    across, down = math.ceil(columns * step / size - 1e-9), math.ceil(rows * step / height - 1e-9)
    places = [left + c * size for c in range(across)], [top + r * height for r in range(down)]
    whole = across * size <= columns * step + 1e-9 and down * height <= rows * step + 1e-9
    d.tiles(tile, places, (size, height), None if whole else (left, top, columns * step, rows * step), line_pt)
