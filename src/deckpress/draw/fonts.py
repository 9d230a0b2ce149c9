"""Fonts from PyPI font packages, registered with ReportLab once per process."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import fontpkg_atkinson_hyperlegible as atkinson
import fontpkg_fira_sans as fira

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

FONT_FILES: dict[str, Path] = {  # the faces a layout's theme may name
    path.stem: path for path in sorted((atkinson.ROOT / "files").glob("*.ttf"))
}
# the faces the press sets a script Atkinson Hyperlegible lacks in, in the styles it has (deckpress.draw.scripts)
SCRIPT_FILES: dict[str, Path] = {
    f"FiraSans-{style}": fira.ROOT / "files" / f"FiraSans-{style}.ttf" for style in ("Regular", "Bold", "Italic",
                                                                                    "BoldItalic")
}


def font_file(name: str) -> Path:
    """The file of the face `name`, a layout's or a script's."""
    path = FONT_FILES.get(name) or SCRIPT_FILES.get(name)
    if path is None:
        raise UnknownFont(name)
    return path


class UnknownFont(KeyError):
    pass


@cache
def font(name: str) -> TTFont:
    """The registered font `name` (e.g. AtkinsonHyperlegible-Bold); embedded as a subset when drawn."""
    from reportlab.pdfbase import pdfmetrics  # imported when first needed: a no-change rebuild never draws
    from reportlab.pdfbase.ttfonts import TTFont

    face = TTFont(name, str(font_file(name)))
    # a method swapped on this one font object, so every document drawn with it shares the subsets made
    face.face.makeSubset = _remembered(face.face.makeSubset)  # type: ignore[method-assign, assignment]
    face.addObjects = _tagged(face)  # type: ignore[method-assign, assignment]
    pdfmetrics.registerFont(face)
    return face


def _remembered(make_subset: Callable[[list[int]], bytes]) -> Callable[[list[int]], bytes]:
    """A font's subset files, made once per set of characters: ReportLab gives every document the same first
    subset (the ASCII characters), and making it took a tenth of writing a PDF."""
    made = lru_cache(maxsize=64)(lambda characters: make_subset(list(characters)))
    return lambda subset: made(tuple(subset))


def subset_tag(name: str, characters: Sequence[int]) -> str:
    """A subset's six-letter tag (the PDF standard's `ABCDEF+Face`), from a hash of its font and its characters
    in order: a different subset has a different name across every kit its files are joined into (a printer
    driver that caches fonts by name would otherwise print one subset's glyphs for another's), and the same
    sources give the same bytes."""
    return _tag(name, tuple(characters))


@lru_cache(maxsize=256)  # every document of a build embeds the same few subsets
def _tag(name: str, characters: tuple[int, ...]) -> str:
    digest = hashlib.sha256(name.encode() + b"\0" + b",".join(b"%d" % c for c in characters)).digest()
    number = int.from_bytes(digest[:8], "big")
    return "".join(chr(ord("A") + number // 26 ** i % 26) for i in range(6))


def _tagged(face: TTFont) -> Callable[[object], None]:
    """The font's `addObjects` with each subset named by `subset_tag`: ReportLab names a document's subsets
    AAAAAA, AAAAAB... in the order made, so every file's first subset of a face was AAAAAA, whatever it held."""
    from reportlab.pdfbase import ttfonts

    if not _REPORTLABS and ttfonts.makeToUnicodeCMap is not _character_map:
        _REPORTLABS.append(ttfonts.makeToUnicodeCMap)
    add_objects = face.addObjects

    def add(doc: object) -> None:
        state = face.state.get(doc)
        tags = [subset_tag(face.fontName, s).encode() for s in (state.subsets if state else [])]
        numbered, mapped = ttfonts.SUBSETN, ttfonts.makeToUnicodeCMap
        def tag(n: int, table: object = None) -> bytes:
            return tags[n]

        # the one place ReportLab makes the tag, and the one it writes a subset's character map: put back straight
        # after
        ttfonts.SUBSETN, ttfonts.makeToUnicodeCMap = tag, _character_map  # type: ignore[assignment]
        try:
            add_objects(doc)
        finally:
            ttfonts.SUBSETN, ttfonts.makeToUnicodeCMap = numbered, mapped
    return add


def _character_map(name: str, subset: Sequence[int]) -> str:
    """ReportLab's character map of a subset (`makeToUnicodeCMap`), made once a process: every document of a
    build embeds the same few subsets, under the same names (`subset_tag`)."""
    return _made_character_map(name, tuple(subset))


@lru_cache(maxsize=256)
def _made_character_map(name: str, subset: tuple[int, ...]) -> str:
    return _REPORTLABS[0](name, list(subset))


_REPORTLABS: list[Callable[[str, list[int]], str]] = []  # ReportLab's own makeToUnicodeCMap, as a font is first made


@lru_cache(maxsize=4096)  # the same texts recur on card after card
def missing_glyphs(name: str, text: str) -> list[str]:
    """Characters of `text` that the font cannot draw (ReportLab would print an empty box)."""
    cmap = font(name).face.charToGlyph
    return sorted({ch for ch in text if ord(ch) not in cmap and ch not in "\n"})


_UNIT_WIDTHS: dict[str, dict[str, float]] = {}  # font -> text -> width at 1 pt


def width(name: str, text: str, size: float) -> float:
    """Width in points; a text's width is measured once per font (shrink-to-fit asks again at every size)."""
    widths = _UNIT_WIDTHS.setdefault(name, {})
    unit = widths.get(text)
    if unit is None:
        if len(widths) > 100_000:  # a huge deck's one-off texts: start afresh rather than grow without end
            widths.clear()
        unit = widths[text] = font(name).stringWidth(text, 1)
    return unit * size


def ascent(name: str) -> float:
    """Ascent as a fraction of the font size."""
    return float(font(name).face.ascent) / 1000


def descent(name: str) -> float:
    """Depth below the baseline as a fraction of the font size (positive)."""
    return -float(font(name).face.descent) / 1000


def cap_height(name: str) -> float:
    return float(font(name).face.capHeight) / 1000
