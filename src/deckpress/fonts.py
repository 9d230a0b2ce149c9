"""Fonts from PyPI font packages, registered with ReportLab once per process."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from typing import TYPE_CHECKING

import fontpkg_atkinson_hyperlegible as atkinson

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

FONT_FILES: dict[str, Path] = {
    path.stem: path for path in sorted((atkinson.ROOT / "files").glob("*.ttf"))
}


class UnknownFont(KeyError):
    pass


@cache
def font(name: str) -> TTFont:
    """The registered font `name` (e.g. AtkinsonHyperlegible-Bold); embedded as a subset when drawn."""
    from reportlab.pdfbase import pdfmetrics  # imported when first needed: a no-change rebuild never draws
    from reportlab.pdfbase.ttfonts import TTFont

    if name not in FONT_FILES:
        raise UnknownFont(name)
    face = TTFont(name, str(FONT_FILES[name]))
    pdfmetrics.registerFont(face)
    return face


def missing_glyphs(name: str, text: str) -> list[str]:
    """Characters of `text` that the font cannot draw (ReportLab would print an empty box)."""
    cmap = font(name).face.charToGlyph
    return sorted({ch for ch in text if ord(ch) not in cmap and ch not in "\n"})


def width(name: str, text: str, size: float) -> float:
    return font(name).stringWidth(text, size)


def ascent(name: str) -> float:
    """Ascent as a fraction of the font size."""
    return font(name).face.ascent / 1000


def cap_height(name: str) -> float:
    return font(name).face.capHeight / 1000
