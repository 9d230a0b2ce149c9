"""game.yaml's keys for the table: how many play, for how long, and what they bring besides the printed parts.

Declared as data (name, type, default, one line of documentation) like the layouts' keys; the print plan opens
with them (deckpress.publish.print_plan).
"""

from __future__ import annotations

from typing import Any

from deckpress.findings import Findings
from deckpress.layout.keys import Key
from deckpress.load.schema import Fields, as_list, as_text, describe
from deckpress.load.sources import Node
from deckpress.model import Table

TABLE = PLAYERS, PLAYING_TIME, SUPPLIES = (
    Key("players", "span", None, "how many play: `4`, or the fewest and the most, `[2, 6]`", 1, 99),
    Key("playing_time", "span", None, "minutes a game takes: `30`, or the shortest and the longest, `[30, 45]`",
        1, 600),
    Key("supplies", "list", [], "what the table brings besides the printed parts, one item each: "
                                "`[pens, scissors, a glue stick]`"),
)


def read_table(f: Fields, findings: Findings) -> Table:
    """The table's keys of game.yaml; a bad value is a finding at it, and the plan leaves that line out."""
    players, minutes = (_span(f.get(k.name, required=False), k, findings) for k in TABLE[:2])
    supplies = [n.value.strip() for n in f.list(TABLE[2].name, required=False)
                if as_text(n, "a supply", findings)]
    return Table(players, minutes, tuple(supplies))


def _span(node: Node | None, key: Key, findings: Findings) -> tuple[int, int] | None:
    """`4` or `[2, 6]`: a whole number, or the fewest and the most, each within the key's bounds."""
    if node is None:
        return None
    items = [node] if not node.is_list else as_list(node, key.name, findings) or []
    values = [n.value for n in items]
    lo, hi = int(key.lo or 1), int(key.hi or 1)
    if allowed(values, key):
        return values[0], values[-1]
    findings.error(node.loc, f"{key.name} must be a whole number {lo}-{hi}, or the fewest and the most as a "
                             f"list of two such numbers such as [2, 6], got {_shown(node)}")
    return None


def allowed(values: list[Any], key: Key) -> bool:
    """Whether `values` are a span game.yaml takes for `key`: one or two whole numbers within its bounds, the fewest
    first. The build state's recorded spans are held to it too (deckpress.publish.print_plan)."""
    lo, hi = int(key.lo or 1), int(key.hi or 1)
    whole = all(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in values)
    return whole and len(values) in (1, 2) and values == sorted(values)


def _shown(node: Node) -> str:
    if node.is_list:
        return "[" + ", ".join(describe(n.value) for n in node.value) + "]"
    return describe(node.value)
