"""A palette: named colours of a theme (`theme.yaml`) or of a game (`game.yaml`), the game's over the theme's.

Each value is `"#rrggbb"`, or `{rgb: "#rrggbb", cmyk: [c, m, y, k]}` with the print shop's percentages 0-100
(used in files printed with bleed). `black` and `white` are always known and cannot be named again.
"""

from __future__ import annotations

from deckpress.colour import BUILT_IN, NAME, UNREADABLE, Colour, from_hex
from deckpress.findings import Findings
from deckpress.load.schema import Fields, as_list, as_map, as_number, describe
from deckpress.load.sources import Node

MAX_COLOURS = 256  # a palette, not a paint catalogue


def read_palette(node: Node | None, findings: Findings) -> dict[str, Colour]:
    """The palette's colours by name; each bad value is a finding where it is written, and its name stands for
    `UNREADABLE`; a bad name is a finding and is left out."""
    if node is None:
        return {}
    entries = as_map(node, "colours", findings) or {}
    if len(entries) > MAX_COLOURS:
        findings.error(node.loc, f"colours names {len(entries)} colours; at most {MAX_COLOURS}")
        return {}
    palette: dict[str, Colour] = {}
    for name, value in entries.items():
        if not isinstance(name, str) or not NAME.fullmatch(name) or name in BUILT_IN:
            findings.error(node.key_locs.get(name, node.loc),
                           f"a colour's name is lowercase letters, digits and hyphens, and not black or white, got "
                           f"{describe(name)}")
            continue
        palette[name] = _colour(name, value, findings) or UNREADABLE  # reported: no follow-on where it is used
    return palette


def _colour(name: str, node: Node, findings: Findings) -> Colour | None:
    if isinstance(node.value, str):
        return _rgb(name, node, None, findings)
    f = Fields(node, f"colour {name}", findings)
    rgb, cmyk_node = f.get("rgb"), f.get("cmyk", required=False)
    f.done()
    if not f.ok or rgb is None:
        return None
    cmyk = _cmyk(cmyk_node, findings) if cmyk_node is not None else None
    if cmyk_node is not None and cmyk is None:
        return None
    return _rgb(name, rgb, cmyk, findings)


def _rgb(name: str, node: Node, cmyk: tuple[float, float, float, float] | None,
         findings: Findings) -> Colour | None:
    colour = from_hex(name, node.value, cmyk) if isinstance(node.value, str) else None
    if colour is None:
        findings.error(node.loc, f"colour {name} must be \"#rrggbb\" (six hex digits), got {describe(node.value)}")
    return colour


def _cmyk(node: Node, findings: Findings) -> tuple[float, float, float, float] | None:
    """[c, m, y, k] in percent, as print shops give them; stored 0-1."""
    items = as_list(node, "cmyk", findings)
    if items is None:
        return None
    if len(items) != 4:
        findings.error(node.loc, f"cmyk must list 4 percentages (cyan, magenta, yellow, black), got {len(items)}")
        return None
    values = [as_number(item, "cmyk", findings, 0, 100) for item in items]
    if None in values:
        return None
    c, m, y, k = (v / 100 for v in values if v is not None)
    return c, m, y, k
