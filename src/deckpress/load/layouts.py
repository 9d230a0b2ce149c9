"""Load stage, layouts: an edition's theme and the layouts components name, YAML to the typed model.

One folder per edition under each layout folder; `extends: other` starts a layout from
another of the same edition. The theme's minimums (smallest text, headings, card index
height, line length, write-in height) are enforced here, where the layouts are read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deckpress.findings import Findings
from deckpress.draw.fonts import FONT_FILES, cap_height
from deckpress.model import (
    BookletLayout,
    CardLayout,
    Edition,
    Element,
    Layout,
    SheetLayout,
    Style,
    Theme,
)
from deckpress.load.schema import Fields, as_int, as_list, as_text
from deckpress.load.sources import Node, read_yaml

ALIGNS = ("left", "centre", "right")


class LayoutReader:
    def __init__(self, findings: Findings) -> None:
        self.findings = findings

    def edition(self, dirs: list[Path], edition: str, names: set[str]) -> Edition | None:
        theme_node = self._layout_node(dirs, edition, "theme", set())
        if theme_node is None:
            return None
        theme = self._theme(edition, theme_node)
        if theme is None:
            return None
        found = {name: node for name in sorted(names) if (node := self._layout_node(dirs, edition, name, set()))}
        layouts = {name: self._layout(name, node, theme) for name, node in found.items()}
        return Edition(theme, {k: v for k, v in layouts.items() if v}, broken={k for k, v in layouts.items() if not v})

    def _layout_node(self, dirs: list[Path], edition: str, name: str, seen: set[str]) -> Node | None:
        """The layout file, with `extends: other` merged underneath it."""
        for folder in dirs:
            path = folder / edition / f"{name}.yaml"
            if path.is_file():
                node = read_yaml(path, str(path), self.findings)
                break
        else:
            return None
        if node is None or not node.is_map or "extends" not in node.value:
            return node
        parent_name = node.value.pop("extends")
        loc = node.key_locs.pop("extends")
        if parent_name.value in seen | {name}:
            self.findings.error(loc, f"layout '{name}' extends itself through '{parent_name.value}'")
            return node
        parent = self._layout_node(dirs, edition, str(parent_name.value), seen | {name})
        if parent is None:
            self.findings.error(parent_name.loc, f"layout '{parent_name.value}' not found for edition {edition}")
            return node
        return _merge(parent, node)

    def _theme(self, edition: str, node: Node) -> Theme | None:
        f = Fields(node, "theme", self.findings)
        label = f.text("label")
        fonts = {k: v.value for k, v in f.map("fonts").items() if as_text(v, f"font {k}", self.findings)}
        theme = Theme(
            edition=edition, loc=node.loc, label=label or edition, fonts=fonts,
            min_size=f.number("min_size_pt", 4, 72), line_spacing=f.number("line_spacing", 1, 3),
            line_pt=f.number("line_pt", 0.1, 3), crop_length_mm=f.number("crop_length_mm", 1, 20),
            crop_offset_mm=f.number("crop_offset_mm", 0, 10), printer_margin_mm=f.number("printer_margin_mm", 0, 20),
            heading_min_size=f.number("heading_min_pt", 4, 72, default=0.0),
            index_min_mm=f.number("index_min_mm", 0, 50, default=0.0),
            max_line_mm=f.number("max_line_mm", 50, 1000, default=1000.0),
            write_in_min_mm=f.number("write_in_min_mm", 0, 50, default=0.0),
        )
        f.done()
        for role, name in fonts.items():
            if name not in FONT_FILES:
                self.findings.error(node.value["fonts"].key_locs[role], f"font {name!r} is not installed (installed: {', '.join(FONT_FILES)})")
                return None
        missing = [k for k in ("regular", "bold") if k not in fonts]
        for role in missing:
            self.findings.error(node.loc, f"theme needs a '{role}' font")
        values = vars(theme).values()
        return theme if None not in values and not missing else None

    def _layout(self, name: str, node: Node, theme: Theme) -> Layout | None:
        f = Fields(node, f"layout {name}", self.findings)
        kind = f.choice("kind", ("card", "sheet", "booklet"))
        if kind == "card":
            return self._card_layout(name, node, f, theme)
        if kind == "sheet":
            return self._sheet_layout(name, node, f, theme)
        if kind == "booklet":
            return self._booklet_layout(name, node, f, theme)
        return None

    def _styles(self, nodes: dict[str, Node], theme: Theme) -> dict[str, Style]:
        return {k: s for k, n in nodes.items() if (s := self._style(k, n, theme))}

    def _style(self, name: str, node: Node, theme: Theme) -> Style | None:
        f = Fields(node, f"style {name}", self.findings)
        font = f.choice("font", tuple(theme.fonts))
        size = f.number("size", 1, 400)
        min_node = f.get("min_size", required=False)
        align = f.choice("align", ALIGNS, default="left")
        f.done()
        min_size = size if min_node is None else min_node.value
        if min_node is not None and isinstance(min_size, (int, float)) and size and min_size > size:
            self.findings.error(min_node.loc, f"min_size must not exceed size ({size:g}), got {min_size}")
        if isinstance(min_size, (int, float)) and min_size < theme.min_size:
            where = min_node.loc if min_node else node.loc
            self.findings.error(where, f"min_size must be at least the {theme.edition} edition's {theme.min_size:g} pt, got {min_size:g}")
            return None
        if None in (font, size, align) or not isinstance(min_size, (int, float)):
            return None
        return Style(font, size, float(min_size), align)

    def _card_layout(self, name: str, node: Node, f: Fields, theme: Theme) -> CardLayout | None:
        size = f.numbers("size_mm", 2, lo=10)
        grid = f.numbers("grid", 2, lo=1)
        elements = [self._element(n, theme) for n in f.list("elements")]
        rules = [r for n in f.list("rules_mm", required=False) if (r := self._numbers(n, 4))]
        folds = [r for n in f.list("folds_mm", required=False) if (r := self._numbers(n, 4))]
        positions = [(int(r[0]), int(r[1])) for n in f.list("positions", required=False) if (r := self._numbers(n, 2))]
        tabs = [self._tab(n) for n in f.list("tabs", required=False)]
        f.done()
        if size is None or grid is None or None in elements or None in tabs:
            return None
        return CardLayout(name, node.loc, size, (int(grid[0]), int(grid[1])), elements, rules, folds,  # type: ignore[arg-type]
                          positions, tabs)  # type: ignore[arg-type]

    def _tab(self, node: Node) -> tuple[int, int, str] | None:
        """A glue tab of a net: [column, row, side] with side top, bottom, left or right."""
        items = as_list(node, "tab", self.findings)
        if items is None or len(items) != 3 or items[2].value not in ("top", "bottom", "left", "right"):
            self.findings.error(node.loc, "a tab is [column, row, side] with side top, bottom, left or right")
            return None
        column, row = as_int(items[0], "column", self.findings, 0), as_int(items[1], "row", self.findings, 0)
        return None if column is None or row is None else (column, row, items[2].value)

    def _numbers(self, node: Node, count: int) -> tuple[float, ...] | None:
        wrapper = Node({"v": node}, node.loc, {"v": node.loc})
        return Fields(wrapper, "line", self.findings).numbers("v", count)

    def _element(self, node: Node, theme: Theme) -> Element | None:
        f = Fields(node, "element", self.findings)
        name = f.text("name")
        box = f.numbers("box_mm", 4)
        field_name, text, pictogram = f.text("field", None), f.text("text", None), f.text("pictogram", None)
        pattern, image = f.text("pattern", None), f.text("image", None)
        symbols, count = f.text("symbols", None), f.text("count", None)
        index = f.get("index", required=False)
        style_node = f.get("style", required=False)
        style = self._style(name or "element", style_node, theme) if style_node else None
        valign = f.choice("valign", ("top", "middle", "bottom"), default="top")
        f.done()
        if sum(x is not None for x in (field_name, text, pictogram, pattern, image)) != 1:
            self.findings.error(node.loc, "an element needs exactly one of 'field', 'text', 'pictogram', 'pattern' "
                                          "or 'image'")
            return None
        drawn = pictogram is not None or pattern is not None or image is not None
        if not drawn and style_node is None:
            self.findings.error(node.loc, f"element {name} needs a 'style'")
            return None
        if name is None or box is None or valign is None or (not drawn and style is None):
            return None
        if symbols is not None and field_name is None:
            self.findings.error(node.loc, f"element {name}: 'symbols' draws a field, so it needs 'field'")
            return None
        is_index = bool(index is not None and index.value is True)
        if box is not None and style is not None and not drawn and box[2] > theme.max_line_mm + 1e-6:
            self.findings.error(node.value["box_mm"].loc, f"element {name} is {box[2]:g} mm wide, but lines of text in the "
                                                          f"{theme.edition} edition are at most {theme.max_line_mm:g} mm long")
            return None
        if is_index and style is not None and _cap_mm(theme, style.min_size) < theme.index_min_mm - 1e-6:
            self.findings.error(style_node.loc if style_node else node.loc,
                                f"element {name} is a card index: its letters must be at least {theme.index_min_mm:g} mm "
                                f"tall in the {theme.edition} edition, so min_size must be at least "
                                f"{_size_for_cap(theme, theme.index_min_mm):g} pt")
            return None
        return Element(name, node.loc, box, style or Style("regular", 1, 1), field=field_name, text=text,
                       pictogram=pictogram, pattern=pattern, symbols=symbols, index=is_index, count=count, valign=valign,
                       image=image)

    def _sheet_layout(self, name: str, node: Node, f: Fields, theme: Theme) -> SheetLayout | None:
        row = node.value.get("row_height_mm")
        if row is not None and isinstance(row.value, (int, float)) and row.value < theme.write_in_min_mm:
            self.findings.error(row.loc, f"row_height_mm must be at least the {theme.edition} edition's "
                                         f"{theme.write_in_min_mm:g} mm for writing in, got {row.value:g}")
        layout = SheetLayout(
            name, node.loc, margin=f.number("margin_mm", 0, 60), per_page=f.int("per_page", 1, 4, default=1),
            gap=f.number("gap_mm", 0, 60), row_height=f.number("row_height_mm", 4, 60),
            label_width=f.number("label_width_mm", 10, 150), styles=self._styles(f.map("styles"), theme),
        )
        f.done()
        return self._complete(layout, node, theme, ("heading", "text", "label", "header", "cell", "reminder"))

    def _booklet_layout(self, name: str, node: Node, f: Fields, theme: Theme) -> BookletLayout | None:
        layout = BookletLayout(
            name, node.loc, margin=f.number("margin_mm", 0, 60), max_line=f.number("max_line_mm", 40, 300),
            paragraph_gap=f.number("paragraph_gap_mm", 0, 30), styles=self._styles(f.map("styles"), theme),
        )
        f.done()
        return self._complete(layout, node, theme,
                              ("kicker", "title", "tagline", "note", "part", "heading", "body", "label", "footer"))

    def _complete(self, layout: Any, node: Node, theme: Theme, styles: tuple[str, ...]) -> Any:
        theme_min = theme.heading_min_size
        for style in ("heading", "title", "part"):
            found = layout.styles.get(style) if layout.styles else None
            if found is not None and found.min_size < theme_min:
                self.findings.error(node.loc, f"layout {layout.name}: the {style} style must be at least "
                                              f"{theme_min:g} pt in this edition, got {found.min_size:g}")
        for style in styles:
            if style not in layout.styles:
                self.findings.error(node.loc, f"layout {layout.name} needs a style '{style}'")
        ok = None not in vars(layout).values() and all(s in (layout.styles or {}) for s in styles)
        return layout if ok else None


def _cap_mm(theme: Theme, size: float) -> float:
    """Height in mm of a capital letter of the bold font at `size` pt."""
    return cap_height(theme.fonts["bold"]) * size * 25.4 / 72


def _size_for_cap(theme: Theme, cap_mm: float) -> float:
    return round(cap_mm / (cap_height(theme.fonts["bold"]) * 25.4 / 72) + 0.05, 1)


def _merge(base: Node, over: Node) -> Node:
    """Deep-merge two located mappings; `over` wins, lists are replaced whole."""
    if not (base.is_map and over.is_map):
        return over
    merged = Node(dict(base.value), over.loc, dict(base.key_locs))
    for key, value in over.value.items():
        merged.value[key] = _merge(base.value[key], value) if key in base.value else value
        merged.key_locs[key] = over.key_locs[key]
    return merged
