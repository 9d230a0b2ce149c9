"""A proof of a spreadsheet's cells before `new` makes a game of them: each cell its first check or build would
refuse, said at the cell as they say it (the loader's own reading of a cell, `cell_node`, and of a list's or map's
entries and of cells), so nothing is written for a sheet the new game could not print."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jinja2 import nodes

from deckpress.draw.fonts import missing_glyphs
from deckpress.findings import CellLoc, Findings, control_character
from deckpress.load.decks import COPIES
from deckpress.load.fields import read_cells, read_collection
from deckpress.load.icons import INLINE
from deckpress.load.spreadsheets.cards import UNCACHED_WORDS, header_names
from deckpress.load.spreadsheets.cells import FLOW, cell_node
from deckpress.load.spreadsheets.table import UNCACHED, Table
from deckpress.model import Card, FieldSpec
from deckpress.templating import ORIGINS
from deckpress.templating.errors import unknown
from deckpress.templating.templates import Templates

SHOWN_CHARACTERS = 5  # of a cell's characters the font lacks
# The faces a new game's cards (its title bold, the rest regular) and its text edition set the cells in
FACES = ("AtkinsonHyperlegible-Regular", "AtkinsonHyperlegible-Bold")
TEXT = "text"  # the one kind of field whose cells are rendered as templates (a choice is a parameter's value)
ICON = "icon"  # the templates' function printing an icon inline, `{{ icon('sun') }}`, as `:sun:` does


def proofread(table: Table, kinds: dict[str, str], icons: frozenset[str], params: Mapping[str, Any],
              findings: Findings) -> None:
    """Each cell the loader would refuse as a value of its field (`kinds`: each field's type, by name), a text
    cell's template reading what the game (its parameters `params`) does not define, or a cell holding a control
    character, a character the game's font lacks, or (a card's field, which a layout prints) an icon the game has
    not: each finding the check would say, else one a cell."""
    names = header_names(table) if table.rows else []
    context = {**params, ORIGINS: {}}  # what the loader renders a card's text over: no card, nor its fields
    for r, row in enumerate(table.rows):
        for c, cell in enumerate(row):
            printed = r > 0 and names[c] not in ("", COPIES)
            if cell is UNCACHED:  # the game's loader says it of every card: said now, and nothing written
                findings.error(table.loc(r, c), UNCACHED_WORDS)
            elif r > 0 and names[c] in kinds and _refused(names[c], kinds[names[c]], cell, table.loc(r, c), findings):
                continue
            elif r > 0 and kinds.get(names[c]) == TEXT and _undefined(cell, context, table.loc(r, c), findings):
                continue
            elif isinstance(cell, str) and (problem := _unprintable_text(cell) or (
                    _lacking_icons(cell, icons) if printed else None)) is not None:
                findings.error(table.loc(r, c), problem)


def _refused(name: str, kind: str, cell: Any, loc: CellLoc, findings: Findings) -> bool:
    """Whether the game's loader refuses the cell as field `name`'s value (said, in its words)."""
    said = len(findings)
    node = cell_node(kind, cell, loc, findings)
    if node is not None and node.value is not None and (kind in FLOW or kind == "cells"):
        if kind == "cells":
            read_cells(name, node, findings)
        else:
            read_collection(FieldSpec(name, kind, loc), node, Card(0, {}, {}, loc), findings)
    return len(findings) > said


def _undefined(cell: Any, context: Mapping[str, Any], loc: CellLoc, findings: Findings) -> bool:
    """Whether a text cell's template reads a name, a filter or a test the game does not define (said, each in
    the words its first check would say it), found without rendering it: the check renders it over `context`."""
    if not isinstance(cell, str) or "{" not in cell:
        return False
    templates = Templates()
    parsed = templates.of(cell).parsed
    if parsed is None:  # no template (`{% for x in y %}` left open): said as the check says it, by the rendering
        before = len(findings)  # that stops where it does, at the syntax
        templates.render_now(cell, context, loc, findings)
        return len(findings) > before
    lacking = unknown(parsed, context, templates.env)
    for said in lacking:
        findings.error(loc, said.message)
    return bool(lacking)


def _unprintable_text(text: str) -> str | None:
    if (control := control_character(text)) is not None:
        return (f"text holds a control character ({control}), which would print as nothing or change what a reader "
                "shows; remove it")
    lacking = {ch for face in FACES for ch in missing_glyphs(face, text)}
    missing = list(dict.fromkeys(ch for ch in text if ch in lacking))  # as the cell has them
    if not missing:
        return None
    shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing[:SHOWN_CHARACTERS])
    more = f" and {len(missing) - SHOWN_CHARACTERS} more" if len(missing) > SHOWN_CHARACTERS else ""
    return (f"text holds {shown}{more}, not in the game's font, Atkinson Hyperlegible: it would print as an empty "
            "box; write it another way")


def _lacking_icons(text: str, icons: frozenset[str]) -> str | None:
    """What a cell's icons the game has not, each once, as the cell writes them (`:sun:`, `icon('sun')`); None
    when it has all."""
    written = {f"':{name}:'": name for name in INLINE.findall(text)} | _template_icons(text)
    lacking = [shown for shown, name in written.items() if name not in icons]
    if not lacking:
        return None
    one = len(lacking) == 1
    return (f"text writes {', '.join(lacking)}, {'an icon' if one else 'icons'} the new game does not have (it has "
            f"{', '.join(sorted(icons)) or 'none'}): its first build would refuse the card; write "
            f"{'it' if one else 'them'} another way, and draw the {'icon' if one else 'icons'} once the game is made")


def _template_icons(text: str) -> dict[str, str]:
    """The icons a template names as written, `{{ icon('sun') }}`, by how it writes them. An icon named by a value,
    `icon(card.suit)`, is known only once rendered with the game's parameters: its build says it."""
    parsed = Templates().of(text).parsed if "{" in text else None
    return {f"{ICON}('{name}')": name for call in (parsed.find_all(nodes.Call) if parsed else ())
            if isinstance(call.node, nodes.Name) and call.node.name == ICON and len(call.args) == 1
            and isinstance(call.args[0], nodes.Const) and isinstance(name := call.args[0].value, str)}
