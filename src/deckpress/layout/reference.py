"""The layout reference in `layouts/README.md`, written from the schemas: `make layout-docs`.

Everything between the two markers is generated; a test fails when it differs from what the code declares.
"""

from __future__ import annotations

import sys
from pathlib import Path

from deckpress.layout import schemas
from deckpress.layout.elements import KINDS, SHARED
from deckpress.layout.keys import Key
from deckpress.layout.pictograms import PATTERNS, PICTOGRAMS

BEGIN = "<!-- reference: written by `make layout-docs` from the keys the code declares; edit those, not this -->"
END = "<!-- end of reference -->"


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
    lines += _section("Booklet layouts", "`kind: booklet`.", schemas.BOOKLET)
    lines += _section("Styles", "A style of an element, or of a sheet's or booklet's `styles`.", schemas.STYLE)
    lines += _elements()
    lines += _section("Card backs", "A deck's `back:` in its game's `game.yaml`: drawn where a build prints backs "
                                    "(duplex or fold-and-glue).", schemas.BACK)
    pictograms, patterns = (", ".join(f"`{n}`" for n in names) for names in (sorted(PICTOGRAMS), PATTERNS))
    lines += ["### Pictograms and patterns", "", f"Pictograms (registered by the game plugin packages): {pictograms}.",
              "", f"Patterns: {patterns}.", "", END]
    return "\n".join(lines) + "\n"


def updated(readme: str) -> str:
    """The README with its reference written afresh (appended, the first time)."""
    if BEGIN in readme and END in readme:
        head, rest = readme.split(BEGIN, 1)
        return head + reference().rstrip("\n") + rest.split(END, 1)[1]
    return readme.rstrip("\n") + "\n\n" + reference()


def stale(readme: str) -> bool:
    return updated(readme) != readme


def main(argv: list[str]) -> int:
    path = Path(argv[0] if argv else "layouts/README.md")
    text = path.read_text(encoding="utf-8")
    if stale(text):
        path.write_text(updated(text), encoding="utf-8")
        print(f"layout-docs: {path} written")
    else:
        print(f"layout-docs: {path} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
