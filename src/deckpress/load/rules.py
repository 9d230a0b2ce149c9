"""The rules file: kicker, tagline, notes, sections and colophon, every text rendered over the parameters."""

from __future__ import annotations

from typing import Any

from deckpress.findings import Loc
from deckpress.load.reading import Reading
from deckpress.load.schema import Fields
from deckpress.load.sources import Node
from deckpress.model import Rules, Section

SECTION_KINDS = ("text", "example", "reminder")


def read_rules(reading: Reading, name: str, ctx: dict[str, Any], at: Loc) -> Rules | None:
    """The rules in the file `name` (named at `at` in game.yaml), or None when it cannot be read."""
    root = reading.read(name, at)
    if root is None:
        return None
    f = Fields(root, "rules", reading.findings)
    kicker = reading.text(f.get("kicker", required=False), ctx)
    tagline = reading.text(f.get("tagline", required=False), ctx)
    note = f.get("note", required=False)
    notes = reading.texts(note.value if note.is_list else [note], ctx) if note else []
    sections = [_section(reading, n, ctx) for n in f.list("sections")]
    rules = Rules(root.loc, kicker, tagline, notes, sections, reading.text(f.get("colophon", required=False), ctx))
    f.done()
    return rules


def _section(reading: Reading, node: Node, ctx: dict[str, Any]) -> Section:
    f = Fields(node, "section", reading.findings)
    section = Section(
        heading=reading.text(f.get("heading", required=False), ctx) or "", loc=node.loc,
        id=f.text("id", None), level=f.int("level", 1, 2, default=2) or 2,
        kind=f.choice("kind", SECTION_KINDS, default="text") or "text",
    )
    body = f.get("text", required=False)
    if body is not None:
        section.paragraphs = reading.texts(body.value if body.is_list else [body], ctx)
    section.items = reading.texts(f.list("items", required=False), ctx)
    f.done()
    return section
