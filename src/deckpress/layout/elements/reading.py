"""An element read from its YAML node by the schemas: the shared keys, then its kind's own."""

from __future__ import annotations

from collections.abc import Callable

from deckpress.draw.fonts import cap_height
from deckpress.findings import Findings, echoed
from deckpress.layout.elements.kind import KINDS, SHARED, Kind
from deckpress.layout.keys import read_keys
from deckpress.load.schema import Fields, describe
from deckpress.load.sources import Node
from deckpress.model import Element, Style, Theme

StyleReader = Callable[[str, Node], Style | None]


def read_element(node: Node, theme: Theme, findings: Findings, read_style: StyleReader) -> Element | None:
    """The element, with the theme's minimums held (line length, card index height); None if in error."""
    kind = _kind(node, findings)
    if kind is None:
        return None
    f, before = Fields(node, "element", findings), len(findings)
    shared, own = read_keys(f, SHARED), read_keys(f, kind.keys)
    name, box, style_node = shared["name"], shared["box_mm"], shared["style"]
    style = read_style(name or "element", style_node) if style_node else None
    f.done()
    for key in (k for k in kind.keys if k.type == "element" and own[k.name] is not None):
        own[key.name] = _child(own[key.name], name, key.name, theme, findings, read_style)
    if len(findings) == before:
        kind.review(node, {**shared, **own}, findings)
    if len(findings) > before:  # a key was wrong, and said so: the element is not drawn, so nothing follows from it
        return None
    if kind.styled and style_node is None:
        findings.error(node.loc, f"element {name} needs a 'style'")
        return None
    if None in (name, box, shared["valign"], shared["rotate"]) or (kind.styled and style is None) or \
            any(own[k.name] is None for k in kind.keys if k.required):
        return None
    if kind.styled and box[2] > theme.max_line_mm + 1e-6:
        findings.error(node.value["box_mm"].loc, f"element {name} is {box[2]:g} mm wide, but lines of text in the "
                                                 f"{theme.edition} edition are at most {theme.max_line_mm:g} mm long")
        return None
    if shared["index"] and style is not None and _cap_mm(theme, style.min_size) < theme.index_min_mm - 1e-6:
        findings.error(style_node.loc if style_node else node.loc,
                       f"element {name} is a card index: its letters must be at least {theme.index_min_mm:g} mm "
                       f"tall in the {theme.edition} edition, so min_size must be at least "
                       f"{_size_for_cap(theme, theme.index_min_mm):g} pt")
        return None
    return Element(name, node.loc, box, style or Style("regular", 1, 1), kind.name, own, shared["index"],
                   shared["valign"], shared["colour"], shared["rotate"], shared["when"],
                   {key: value.loc for key, value in node.value.items()})  # once a layout, not once a card


def _kind(node: Node, findings: Findings) -> Kind | None:
    """The kind whose lead key the element names; exactly one may be named."""
    if not node.is_map:
        Fields(node, "element", findings)  # reports what it is instead
        return None
    named = [kind for kind in KINDS.values() for lead in kind.leads if lead in node.value]
    if not named and len(hinted := _hinted(node)) == 1:
        kind, keys = hinted[0]
        name = node.value.get("name")
        lead = next(k for k in kind.keys if k.name == kind.leads[0])
        named_keys = f"{', '.join(keys[:-1])} and {keys[-1]}" if len(keys) > 1 else keys[0]
        findings.error(node.loc, f"element {name.value if name else ''} has {named_keys}, keys of a {kind.name} "
                                 f"element, but no '{lead.name}': {lead.doc}")
        return None
    if len(named) != 1:
        leads = sorted(f"'{lead}'" for kind in KINDS.values() for lead in kind.leads)
        findings.error(node.loc, f"an element needs exactly one of {', '.join(leads[:-1])} or {leads[-1]}")
        return None
    return named[0]


def _hinted(node: Node) -> list[tuple[Kind, list[str]]]:
    """The kinds whose own keys (and no other kind's) the element names: what it was meant to be."""
    found = []
    for kind in KINDS.values():
        others = {k.name for other in KINDS.values() if other is not kind for k in other.keys}
        keys = [f"'{k.name}'" for k in kind.keys if k.name in node.value and k.name not in others]
        if keys:
            found.append((kind, keys))
    return found


def _child(node: Node, name: str | None, key: str, theme: Theme, findings: Findings,
           read_style: StyleReader) -> Element | None:
    """The element another holds (the one a repeat repeats), read as any element is."""
    if not node.is_map:
        findings.error(node.loc, f"element {name}: '{echoed(key)}' holds an element (a mapping with its name, its "
                                 f"box_mm and the keys of its kind), got {describe(node.value)}")
        return None
    return read_element(node, theme, findings, read_style)


def _cap_mm(theme: Theme, size: float) -> float:
    """Height in mm of a capital letter of the bold font at `size` pt."""
    return cap_height(theme.fonts["bold"]) * size * 25.4 / 72


def _size_for_cap(theme: Theme, cap_mm: float) -> float:
    return round(cap_mm / (cap_height(theme.fonts["bold"]) * 25.4 / 72) + 0.05, 1)
