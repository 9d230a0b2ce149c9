"""The rules file: kicker, tagline, notes, sections and colophon, every text rendered over the parameters."""

from __future__ import annotations

from typing import Any

from deckpress.findings import Loc
from deckpress.hints.yaml_traps import read_as_collection
from deckpress.load.reading import Reading
from deckpress.load.schema import Fields, describe
from deckpress.load.sources import Node
from deckpress.model import Item, Rules, Section

SECTION_KINDS = ("text", "example", "reminder")
MAX_DEPTH = 3  # a list in a list in a list: deeper steps are better as a section of their own


def read_rules(reading: Reading, named: Node, ctx: dict[str, Any]) -> Rules | None:
    """The rules in the file game.yaml names (`rules: rules.yaml`, at `named`), or None when it cannot be read."""
    root = reading.named(named, "rules")
    if root is None:
        return None
    f = Fields(root, "rules", reading.findings)
    placed: dict[str, Loc] = {}
    kicker = _text(reading, f.get("kicker", required=False), ctx, placed)
    tagline = _text(reading, f.get("tagline", required=False), ctx, placed)
    note = f.get("note", required=False)
    notes = _texts(reading, note.value if note.is_list else [note], ctx, placed) if note else []
    sections = [_section(reading, n, ctx, placed) for n in f.list("sections")]
    colophon = _text(reading, f.get("colophon", required=False), ctx, placed)
    f.done()
    return Rules(root.loc, kicker, tagline, notes, sections, colophon, placed)


def _text(reading: Reading, node: Node | None, ctx: dict[str, Any], placed: dict[str, Loc]) -> str | None:
    """A text of the rules, rendered, kept in `placed` by where it is written: what the booklet finds wrong with
    it as it sets it (an icon no file has, a glyph the font lacks) is said there, not at the top of the file."""
    text = reading.text(node, ctx)
    if text is not None and node is not None:
        placed.setdefault(text, node.loc)
    return text


def _texts(reading: Reading, nodes: list[Node], ctx: dict[str, Any], placed: dict[str, Loc]) -> list[str]:
    return [t for t in (_text(reading, n, ctx, placed) for n in nodes) if t is not None]


def _section(reading: Reading, node: Node, ctx: dict[str, Any], placed: dict[str, Loc]) -> Section:
    f = Fields(node, "section", reading.findings)
    section = Section(
        heading=_text(reading, f.get("heading", required=False), ctx, placed) or "", loc=node.loc,
        id=f.text("id", None), level=f.int("level", 1, 2, default=2) or 2,
        kind=f.choice("kind", SECTION_KINDS, default="text") or "text",
    )
    body = f.get("text", required=False)
    if body is not None:
        section.paragraphs = _texts(reading, body.value if body.is_list else [body], ctx, placed)
    section.numbered = _flag(f, "numbered")
    section.items = _items(reading, f.list("items", required=False), ctx, placed, section.numbered, 1)
    f.done()
    return section


def _items(reading: Reading, nodes: list[Node], ctx: dict[str, Any], placed: dict[str, Loc], numbered: bool,
           depth: int) -> list[Item]:
    """A list's items: each a text, or `{text, items, numbered}`, an item holding a list of its own (numbered as
    the list it stands in unless it says)."""
    out = []
    for node in nodes:
        if not node.is_map:
            out += [Item(text, numbered=numbered) for text in _texts(reading, [node], ctx, placed)]
            continue
        if (trap := read_as_collection(node.loc)) is not None:  # `- :sun: earns a point`: text, not an item's keys
            reading.findings.error(node.loc, trap)
            continue
        f = Fields(node, "list item", reading.findings)
        text = _text(reading, f.get("text"), ctx, placed)
        own = _flag(f, "numbered", numbered)
        inner = f.list("items", required=False)
        f.done()
        if inner and depth >= MAX_DEPTH:
            reading.findings.error(node.key_locs["items"], f"lists go {MAX_DEPTH} deep at most: this item's list "
                                                           f"would be the {depth + 1}th")
            inner = []
        if text is not None:
            out.append(Item(text, _items(reading, inner, ctx, placed, own, depth + 1), own))
    return out


def _flag(f: Fields, key: str, default: bool = False) -> bool:
    node = f.get(key, required=False)
    if node is not None and not isinstance(node.value, bool):
        f.findings.error(node.loc, f"{key} must be true or false, got {describe(node.value)}")
    return default if node is None or not isinstance(node.value, bool) else node.value
