"""The keys of a box's or a standee's component in game.yaml, besides every component's: read by these (through
`deckpress.load.game`), documented from them (`deckpress.layout.reference`)."""

from __future__ import annotations

from typing import Any

from deckpress.findings import Findings, echoed
from deckpress.layout.keys import Key, read_keys
from deckpress.load.schema import Fields, describe
from deckpress.paths import NAME

TUCK_BOX, BOX, STANDEE = "tuck-box", "box", "standee"
KINDS = (TUCK_BOX, BOX, STANDEE)
# a typical caliper of 300 gsm card stock (coated stock of that weight runs thinner, uncoated thicker): the figure
# a deck's depth is reckoned by unless the designer gives their own stock's
CARD_THICKNESS_MM = 0.32
TUCK_PANELS = ("front", "back", "spine", "top", "bottom")
BOX_PANELS = ("top", "front", "back", "left", "right")

_THICKNESS = Key("card_thickness_mm", "number", CARD_THICKNESS_MM, "one card's thickness, for the depth of the "
                 "deck: the default is a typical caliper of 300 gsm card stock (coated stock of that weight runs "
                 "thinner, uncoated thicker); for your own stock, or sleeved cards, measure ten and divide by ten",
                 0.05, 3)
_CLEARANCE = Key("clearance_mm", "number", 1.0, "room the cards have inside, added to their width, height and "
                 "stacked depth", 0, 10)

TUCK_BOX_KEYS = (
    Key("panels", "map", None, "card layouts for its faces: `front`, `back`, `spine` (both spines), `top` (the lid) "
        "and `bottom`; each is drawn like a card face (its templates read `card.title`, the component's title, "
        "`card.game`, the game's, and `card.cards`, how many cards it holds), centred on its panel, turned to stand "
        "upright on the closed box and a quarter turn more where its layout lies the other way round (a landscape "
        "spine on an upright panel); a layout larger than its panel is a finding"),
    _THICKNESS,
    _CLEARANCE,
)

BOX_KEYS = (
    Key("inner_mm", "numbers", None, "inside width, length and height of the base; default: its deck's cards "
        "plus the clearance, as high as the deck stacked", lo=5, count=3),
    Key("panels", "map", None, "card layouts for the lid's faces: `top`, and the walls `front`, `back`, `left`, "
        "`right`; drawn as a tuck box's panels are"),
    Key("lid_ease_mm", "number", 1.0, "how much wider and longer the lid is inside than the base, so it slides "
        "over the base's walls", 0, 10),
    Key("lid_height_mm", "number", None, "the lid's walls: default as high as the base's (a full-depth lid)", 5,
        500),
    _THICKNESS,
    _CLEARANCE,
)

STANDEE_KEYS = (
    Key("back", "choice", "mirror", "`mirror`: the back is the figure seen from behind, mirrored across the fold; "
        "`deck`: the deck's back layout, turned to stand upright behind the figure", choices=("mirror", "deck")),
    Key("base", "choice", "tabs", "`tabs`: a tab below each half, folded out to opposite sides so it stands; "
        "`stand`: a plain foot below each half, to push into a plastic stand", choices=("tabs", "stand")),
    Key("stand_mm", "number", 8.0, "how deep the foot a plastic stand grips is (`base: stand`)", 3, 30),
)

KEYS = {TUCK_BOX: TUCK_BOX_KEYS, BOX: BOX_KEYS, STANDEE: STANDEE_KEYS}
PANELS = {TUCK_BOX: TUCK_PANELS, BOX: BOX_PANELS}


def read_box_keys(f: Fields, kind: str, findings: Findings) -> dict[str, Any]:
    """A box's or standee's own keys; `panels` as panel -> (layout name, where it was written)."""
    keys = read_keys(f, KEYS[kind])
    if "panels" in keys:
        node = f.node.value.get("panels") if f.ok else None
        keys["panels"] = _panels(keys["panels"], PANELS[kind], node.key_locs if node is not None else {}, findings)
    return keys


def _panels(nodes: dict[str, Any], names: tuple[str, ...], key_locs: dict[str, Any],
            findings: Findings) -> dict[str, tuple[str, Any]]:
    panels = {}
    for name, node in nodes.items():
        if name not in names:
            findings.error(key_locs.get(name, node.loc), f"unknown panel '{echoed(name)}' (panels: {', '.join(names)})")
        elif not isinstance(node.value, str) or not NAME.fullmatch(node.value):
            findings.error(node.loc, f"panel {name} names a card layout (lowercase letters, digits and hyphens), "
                                     f"got {describe(node.value)}")
        else:
            panels[name] = (node.value, node.loc)
    return panels
