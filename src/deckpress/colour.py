"""Colours: named in a palette (the theme's and the game's), given as RGB for screens and home printers and, for
print shops, as CMYK too; and the contrast between two of them, as WCAG 2 measures it.

Colour never carries meaning alone: whatever a colour tells, a word, letter, shape or pattern tells as well.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HEX = re.compile(r"#([0-9a-fA-F]{6})")


@dataclass(frozen=True)
class Colour:
    """A colour as the press draws it: screen RGB, and the print shop's CMYK where the palette gives it."""

    name: str  # as the palette or the layout names it ("harbour-red", "#8b1e1e")
    rgb: tuple[float, float, float]  # each 0-1
    cmyk: tuple[float, float, float, float] | None = None  # each 0-1; the print shop's values where given

    @property
    def hex(self) -> str:
        """#rrggbb, as SVG's currentColor takes it."""
        return "#" + "".join(f"{round(c * 255):02x}" for c in self.rgb)

    @property
    def luminance(self) -> float:
        """WCAG 2 relative luminance: 0 for black, 1 for white."""
        def linear(c: float) -> float:
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = map(linear, self.rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b


def from_hex(name: str, value: str, cmyk: tuple[float, float, float, float] | None = None) -> Colour | None:
    """`#rrggbb` as a colour; None if it is not that form."""
    found = HEX.fullmatch(value.strip())
    if found is None:
        return None
    digits = found[1]
    rgb = (int(digits[0:2], 16) / 255, int(digits[2:4], 16) / 255, int(digits[4:6], 16) / 255)
    return Colour(name, rgb, cmyk)


def contrast(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio, 1 (none) to 21 (black on white)."""
    light, dark = sorted((a.luminance, b.luminance), reverse=True)
    return (light + 0.05) / (dark + 0.05)


BLACK = Colour("black", (0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0))
WHITE = Colour("white", (1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0))

NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # a palette's names: lowercase letters, digits and hyphens
BUILT_IN = {"black": BLACK, "white": WHITE}  # always known, whatever the palettes say
PAPER = Colour("#ffffff", (1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0))  # what is behind a face where nothing is drawn
# A palette's entry whose value was wrong (and reported where it was written): its name is known, so the cards that
# use it get no second finding saying there is no such colour.
UNREADABLE = Colour("unreadable", (0.0, 0.0, 0.0))


def look_up(value: str, *palettes: dict[str, Colour]) -> Colour | None:
    """`#rrggbb`, or a name of the first palette that has it (then black and white); None if neither."""
    value = value.strip()
    if value.startswith("#"):
        return from_hex(value.lower(), value)
    for palette in (*palettes, BUILT_IN):
        if value in palette:
            return palette[value]
    return None


def known(*palettes: dict[str, Colour]) -> list[str]:
    """Every name the palettes give, sorted: for a finding about a name none of them has."""
    return sorted({name for palette in (*palettes, BUILT_IN) for name in palette})


def shown(colour: Colour) -> str:
    """As a finding names it: `#777777`, or `harbour-red (#8b1e1e)`."""
    return colour.name if colour.name == colour.hex else f"{colour.name} ({colour.hex})"


def ratio(value: float, floor: float) -> str:
    """A contrast ratio as a finding gives it, two decimals, never rounded up to the minimum it falls short of."""
    text = f"{value:.2f}"
    return f"{int(value * 100) / 100:.2f}" if float(text) >= floor else text
