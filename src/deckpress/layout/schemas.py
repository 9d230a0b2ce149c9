"""The keys of a theme, a style, each kind of layout, and a deck's card back: read by these, documented from them.

Element keys are declared by the element kinds (`deckpress.layout.elements`).
"""

from __future__ import annotations

from deckpress.layout.keys import REQUIRED, Key

ALIGNS = ("left", "centre", "right")
LAYOUT_KINDS = ("card", "sheet", "booklet", "board")

THEME = (
    Key("label", "text", REQUIRED, "the edition's name as readers see it"),
    Key("about", "text", "", "what the edition is for, in a line: the catalogue says it under the edition's name"),
    Key("fonts", "map", REQUIRED, "font roles to installed fonts: `regular` and `bold` at least"),
    Key("min_size_pt", "number", REQUIRED, "the edition's smallest text, pt: no style may go below it", 4, 72),
    Key("line_spacing", "number", REQUIRED, "baseline to baseline, as a multiple of the type size", 1, 3),
    Key("line_pt", "number", REQUIRED, "width of cut lines and printed rules, pt", 0.1, 3),
    Key("crop_length_mm", "number", REQUIRED, "length of a crop mark", 1, 20),
    Key("crop_offset_mm", "number", REQUIRED, "gap between the cards and their crop marks", 0, 10),
    Key("printer_margin_mm", "number", REQUIRED, "how near the paper's edge a printer prints: nothing goes nearer", 0,
        20),
    Key("heading_min_pt", "number", 0.0, "the smallest heading, title and part style of sheets and booklets, pt", 4,
        72),
    Key("index_min_mm", "number", 0.0, "the least cap height of a card index (an element with `index: true`)", 0, 50),
    Key("max_line_mm", "number", 1000.0, "the longest line of running text", 50, 1000),
    Key("write_in_min_mm", "number", 0.0, "the least height of a box or row to write in", 0, 50),
    Key("min_contrast", "number", 4.5, "the least WCAG 2 contrast of every text against what is drawn behind it "
                                       "(4.5 for AA, 7 for AAA)", 1, 21),
    Key("colours", "palette", None, "the edition's palette: names (lowercase letters, digits, hyphens) to "
                                 "`\"#rrggbb\"` or `{rgb: \"#rrggbb\", cmyk: [c, m, y, k]}` (percentages, used in "
                                 "files printed with bleed); a game's `colours` win; `black` and `white` are always "
                                 "known"),
)

STYLE = (
    Key("font", "role", REQUIRED, "a font role of the theme: `regular` or `bold`"),
    Key("size", "number", REQUIRED, "type size, pt", 1, 400),
    Key("min_size", "number", "the size", "text shrinks to fit its box down to this size and no further, pt; at least "
                                      "the theme's `min_size_pt`"),
    Key("align", "choice", "left", "alignment of each line in its box", choices=ALIGNS),
)

KIND = Key("kind", "choice", REQUIRED, "what the layout lays out", choices=LAYOUT_KINDS)
EXTENDS = Key("extends", "text", None, "another layout of the same edition this one starts from: its keys are "
                                       "merged under this one's (lists replaced whole)")

CARD = (
    Key("size_mm", "numbers", None, "trim size: width, height; required, unless `shape` is a hexagon sized "
        "`across_corners_mm` or `across_flats_mm`; at least 3 mm, for a box's thin spine, and at most 10 m (a board "
        "of 20 x 20 pieces)", lo=3, hi=10_000, count=2),
    Key("grid", "numbers", REQUIRED, "columns, rows of cards a page: a sheet holds up to columns x rows cards, "
        "portrait or landscape, whichever holds more (fewer where fewer fit)", lo=1, count=2),
    Key("elements", "list", REQUIRED, "what is printed on the face: see the element kinds below"),
    Key("rules_mm", "list", [], "printed lines on the face, each [x1, y1, x2, y2]"),
    Key("folds_mm", "list", [], "dashed lines to fold along, each [x1, y1, x2, y2]"),
    Key("positions", "list", [], "a net (a die to fold): [column, row] of each card, instead of a grid"),
    Key("tabs", "list", [], "glue tabs of a net, each [column, row, side]; side top, bottom, left or right"),
    Key("heading", "text", None, "a text element, by name, that heads the card: read first, as the heading of the "
                                 "card's section (its label is the section's title)"),
    Key("table", "list", [], "text elements, by name, that are one table's columns (a scoring table): each one's "
                             "first line its column's head, the lines below it its cells; drawn as they are, read as "
                             "a table, row by row"),
    Key("background", "colour", None, "a colour over the whole face, and its bleed when printed with bleed"),
    Key("corner_radius_mm", "number", 0.0, "rounds the corners of the cut line on the card borders (crop marks stay "
                                           "straight; at most half the shorter side); with bleed there is no cut "
                                           "line: tell the print shop the radius, they cut the corners", 0, 50),
    Key("shape", "shape", "rectangle", "the piece's outline, which its cut line, bleed, back and safe area follow: "
        "`rectangle`, `circle` or `ellipse` (inscribed in `size_mm`), `hexagon` (flat-top, fitted to `size_mm`), "
        "`{hexagon: flat | pointy, across_corners_mm: N}` (or `across_flats_mm`; gives `size_mm`), `{polygon: [[x, "
        "y], ...]}` or `{path: \"M 0 0 L ... Z\"}` (an SVG path's M, L, H, V, C, Z; mm from the card's top-left "
        "corner). Hexagons tessellate on the sheet, sharing their cut edges; rounds pack in offset rows where that "
        "fits more"),
    Key("safe_mm", "number", None, "how far inside the outline every element's box stays (patterns and boxes, cut "
        "at the outline, excepted); 1 mm for a shaped card, unchecked on a rectangle unless given", 0, 20),
)

SHEET = (
    Key("margin_mm", "number", REQUIRED, "page margin on every side", 0, 60),
    Key("per_page", "int", 1, "copies a page: more than one splits the page by dashed cut lines", 1, 4),
    Key("gap_mm", "number", REQUIRED, "space between blocks", 0, 60),
    Key("row_height_mm", "number", REQUIRED, "height of write-in and table rows; at least the theme's "
                                             "`write_in_min_mm`", 4, 60),
    Key("label_width_mm", "number", REQUIRED, "width of a table's first column and of write-in labels", 10, 150),
    Key("styles", "styles", REQUIRED, "heading, text, label, header, cell, reminder"),
)
SHEET_STYLES = ("heading", "text", "label", "header", "cell", "reminder")

BOOKLET = (
    Key("margin_mm", "number", REQUIRED, "page margin on every side; the slug line sits in the bottom one", 0, 60),
    Key("max_line_mm", "number", REQUIRED, "the longest line of body text", 40, 300),
    Key("paragraph_gap_mm", "number", REQUIRED, "space between paragraphs", 0, 30),
    Key("styles", "styles", REQUIRED, "kicker, title, tagline, note, part, heading, body, label"),
)
BOOKLET_STYLES = ("kicker", "title", "tagline", "note", "part", "heading", "body", "label")

# Read by the deck reader (a deck's `back:`, or the game's, in game.yaml); drawn as a face (`deckpress.layout.cards`).
BACK = (
    Key("layout", "text", REQUIRED, "the card layout drawn as the back, like a face and with the card's values (so a "
                                    "back may differ by card: double-faced cards); found as a component's layout is, "
                                    "the game's own `layouts/` first; its `size_mm` must be the face's, and `extends: "
                                    "<the face's layout>` keeps them equal"),
)
