"""The words a reader hears for an icon: a figure's alt text in the tagged PDFs, an icon inline in text in the
text edition, the EPUB and the BRF. In the source language an icon reads as its name (`star`, `tea-cup` as `tea
cup`); a translated game reads it as its PO entry `icons:<name>` says, one entry for each icon of the game's own
`icons/` folder. The icon's file is still looked up by its name.
"""

from __future__ import annotations

from importlib.resources.abc import Traversable
from typing import Any

from deckpress.load.icons import INLINE, NAME, SUFFIXES

ICONS = "icons"  # a game's own icons, in its folder
ICON_WORDS = "_icon_words"  # among a translated game's parameters: the words each icon is read as, by name


def icon_context(name: str) -> str:
    """The context of an icon's PO entry."""
    return f"{ICONS}:{name}"


def icon_files(folder: Traversable) -> list[tuple[str, str]]:
    """The icons the game in `folder` holds in its own `icons/`, sorted: each name and the file it is drawn from
    (an SVG before a PNG of the same name, as they are looked up)."""
    found = folder / ICONS
    files = {f.name for f in found.iterdir() if f.is_file()} if found.is_dir() else set()
    out = {}
    for file in sorted(files):
        stem, suffix = file.rsplit(".", 1) if "." in file else (file, "")
        if f".{suffix}" in SUFFIXES and NAME.fullmatch(stem) and (stem not in out or suffix == "svg"):
            out[stem] = f"{ICONS}/{file}"
    return sorted(out.items())


def said(name: str) -> str:
    """An icon's name as read: `tea-cup` as `tea cup`."""
    return name.replace("-", " ").replace("_", " ")


def heard(name: str, params: dict[str, Any]) -> str:
    """The word a reader hears for icon `name`: a translated game's (its PO entry `icons:<name>`) or game.yaml's,
    else the name as read (`tea-cup` as `tea cup`), inline in text as in a figure's alt text."""
    words = params.get(ICON_WORDS)
    return str(words.get(name, said(name))) if isinstance(words, dict) else said(name)


def read_inline(text: str, params: dict[str, Any]) -> str:
    """`text` with each icon inline in it (`:lantern:`) read as its word."""
    if ":" not in text:  # most text holds none
        return text
    return INLINE.sub(lambda m: heard(m[1], params), text)
