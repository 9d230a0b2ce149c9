"""The layout reference in `layouts/README.md` and `docs/designing.md`, written from the schemas: `make layout-docs`.

Everything between the two markers is generated; a test fails when it differs from what the code declares.
"""

from __future__ import annotations

import sys
from pathlib import Path

from deckpress.layout import schemas
from deckpress.layout.boards import schema as boards
from deckpress.layout.boxes import schema as box_schema
from deckpress.layout.elements import KINDS, SHARED
from deckpress.layout.elements.pattern import MAX_TILES, PATTERNS
from deckpress.layout.keys import Key
from deckpress.layout.tables.keys import TABLE
from deckpress.load.icons import MAX_BYTES, MAX_ELEMENTS, SUFFIXES
from deckpress.load.svgwork import MAX_COPIES, MAX_DEPTH, MAX_DRAWN, MAX_STYLE_WORK, MAX_UNITS, MIN_SIZE
from deckpress.load.table import TABLE as GAME_TABLE

BEGIN = "<!-- reference: written by `make layout-docs` from the keys the code declares; edit those, not this -->"
END = "<!-- end of reference -->"
SHARED_ICONS = Path("layouts/icons")  # the default layout folder's, as the press is run from the project


def _keys(keys: tuple[Key, ...], leads: tuple[str, ...] = ()) -> list[str]:
    """One line a key; a key that picks an element's kind says so instead of its default."""
    return [f"- `{k.name}` ({k.shown_type()}; {'picks the kind' if k.name in leads else k.shown_default()}): {k.doc}"
            for k in keys]


def _section(title: str, intro: str, keys: tuple[Key, ...]) -> list[str]:
    return [f"### {title}", "", intro, "", *_keys(keys), ""]


def _elements() -> list[str]:
    lines = ["### Elements", "", "Every element of a card layout's `elements` has these keys, and names exactly one "
             "key that picks its kind:", "", *_keys(SHARED), ""]
    for kind in sorted(KINDS.values(), key=lambda k: k.name):
        module = type(kind).__module__
        where = "" if module.startswith("deckpress.layout.") else f" (from `{module.rsplit('.', 1)[0]}`)"
        picked = " or ".join(f"`{lead}`" for lead in kind.leads)
        text = "; needs a `style`" if kind.styled else ""
        lines += [f"#### {kind.name}{where}", "", f"{kind.doc[0].upper()}{kind.doc[1:]}. Picked by {picked}{text}.",
                  "", *_keys(kind.keys, kind.leads), ""]
    return lines


def reference() -> str:
    """The generated part of the README, markers included."""
    lines = [BEGIN, "", "## Reference", "", "Each key: (type; default, or required): what it does.", ""]
    lines += _section("Theme", "`theme.yaml` of each edition folder.", schemas.THEME)
    lines += _section("Every layout", "The first keys of every layout file.", (schemas.KIND, schemas.EXTENDS))
    lines += _section("Card layouts", "`kind: card`.", schemas.CARD)
    lines += _section("Sheet layouts", "`kind: sheet`.", schemas.SHEET)
    lines += _section("Sheet tables", "A `table:` block of a game's sheets file, beside its `corner`, `columns` and "
                                      "`rows`: the table's own sizes, mm; what it does not give is its sheet "
                                      "layout's.", TABLE)
    lines += _section("Booklet layouts", "`kind: booklet`.", schemas.BOOKLET)
    lines += _section("Board layouts", "`kind: board`: a board larger than the paper (or not), laid out as one card "
                                       "of its size, its elements as a card's.", boards.LAYOUT)
    lines += _section("Styles", "A style of an element, or of a sheet's or booklet's `styles`.", schemas.STYLE)
    lines += _elements()
    lines += _section("Card backs", "A deck's `back:` in its game's `game.yaml`, or the game's own `back:` for "
                                    "every deck without one: drawn where a build prints backs (duplex or "
                                    "fold-and-glue).", schemas.BACK)
    lines += _section("Boards", "A `kind: board` component's own keys in its game's `game.yaml`, besides `id`, "
                                "`title`, `layout` (a board layout) and `audience`.", boards.COMPONENT)
    lines += _boxes()
    lines += _section("The table", "`game.yaml`'s keys for the print plan's first lines "
                                   "(`deckpress.load.table`).", GAME_TABLE)
    lines += _icons()
    return "\n".join(lines) + "\n"


def _boxes() -> list[str]:
    """A box's or standee's own keys, in game.yaml beside every component's (`deckpress.layout.boxes.schema`)."""
    lines = _section("Tuck boxes", "A component of `kind: tuck-box` in `game.yaml`, with a `deck` (or `decks`) "
                     "it holds: sized from the cards' layout (`size_mm`) and how many cards are printed.",
                     box_schema.TUCK_BOX_KEYS)
    lines += _section("Two-piece boxes", "A component of `kind: box`: a base and a lid, sized from its `deck` or "
                      "by `inner_mm`.", box_schema.BOX_KEYS)
    lines += _section("Standees", "A component of `kind: standee`: one for each card of its `deck`, its `layout` "
                      "the figure's card layout.", box_schema.STANDEE_KEYS)
    return lines


def _icons() -> list[str]:
    shared = ", ".join(f"`{p.stem}`" for p in sorted(SHARED_ICONS.glob("*.*")) if p.suffix in SUFFIXES)
    return ["### Icons and patterns", "",
            "An icon named `lantern` is the file `icons/lantern.svg` (or `.png`) in the game's own folder "
            "(`content/<game>/icons/`), else in the shared `icons/` folder of each layout folder (`layouts/icons/`, "
            "and likewise in every `--layouts` folder), searched in that order. An SVG is drawn as vectors and takes "
            "the element's colour where it asks for `currentColor`; a PNG is drawn as an image. Icon files are "
            f"untrusted: at most {MAX_BYTES:,} bytes and {MAX_ELEMENTS:,} elements, no DOCTYPE or ENTITY, no "
            "reference outside the file (an `href` or `url()` other than `#fragment`). Their work is bounded before "
            f"they are drawn: at most {MAX_DRAWN:,} elements once every `<use>` is expanded and {MAX_COPIES:,} "
            f"`<use>` copies, elements nested at most {MAX_DEPTH} deep, a style sheet's selectors times the "
            f"elements at most {MAX_STYLE_WORK:,}, every number finite and within ±{MAX_UNITS:,.0f}, and width, "
            f"height and viewBox sizes at least {MIN_SIZE}.", "",
            "`:lantern:` in any text (card fields, layout text, rules, sheets) is that icon inline, as tall as the "
            "text, on its baseline, measured as a word; `{{ icon('lantern') }}` in a template gives the same. Only "
            "a name that starts with a letter is an icon (`10:30` stays text).", "",
            f"Shared icons (`layouts/icons/`): {shared}. Patterns are icons too: a tile repeated over the box "
            f"(30 units of its `width` or viewBox to 3 mm; strokes the theme's `line_pt` for every unit of "
            f"`stroke-width`; "
            f"`data-repeat=\"across\"` on its `<svg>` makes it a column at every cell edge, down the whole box); "
            f"the shared ones are {', '.join(f'`{p}`' for p in PATTERNS)}. A pattern lays at most {MAX_TILES:,} "
            "tiles over its box: a tile of near-zero size is a finding.", "", END]


def updated(readme: str) -> str:
    """The README with its reference written afresh (appended, the first time)."""
    if BEGIN in readme and END in readme:
        head, rest = readme.split(BEGIN, 1)
        return head + reference().rstrip("\n") + rest.split(END, 1)[1]
    return readme.rstrip("\n") + "\n\n" + reference()


def stale(readme: str) -> bool:
    return updated(readme) != readme


def main(argv: list[str]) -> int:
    """Write the reference into each file named (default: layouts/README.md)."""
    for path in map(Path, argv or ["layouts/README.md"]):
        text = path.read_text(encoding="utf-8")
        if stale(text):
            path.write_text(updated(text), encoding="utf-8")
            print(f"layout-docs: {path} written")
        else:
            print(f"layout-docs: {path} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
