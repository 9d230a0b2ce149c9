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
