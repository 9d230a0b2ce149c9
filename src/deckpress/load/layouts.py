"""Load stage, layouts: an edition's theme and the layouts components name, YAML to the typed model.

One folder per edition under each layout folder; `extends: other` starts a layout from
another of the same edition. The theme's minimums (smallest text, headings, card index
height, line length, write-in height) are enforced here, where the layouts are read.
Every key is read by its declaration (`deckpress.layout.schemas`, the element kinds), which
also writes the layout reference.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from deckpress.draw.fonts import FONT_FILES
from deckpress.findings import Findings, echoed
from deckpress.layout import schemas
from deckpress.layout.boards import schema as board_schema
from deckpress.layout.elements import read_element
from deckpress.layout.keys import read_key, read_keys
from deckpress.layout.shapes.reading import lone_shape, read_shape
from deckpress.layout.shapes.safe import SAFE_MM, outside_safe
from deckpress.load.extends import Sought, extended
from deckpress.load.palette import read_palette
from deckpress.load.schema import Fields, as_int, as_list, as_number, as_text, describe
from deckpress.load.sources import Node
from deckpress.model import BoardLayout, BookletLayout, CardLayout, Edition, Element, Layout, SheetLayout, Style, Theme

_Pages = TypeVar("_Pages", SheetLayout, BookletLayout)


class LayoutReader:
    def __init__(self, findings: Findings) -> None:
        self.findings = findings
        self.unreadable: set[str] = set()  # layouts whose file, or `extends` chain, is in error: said there
        self.sought: Sought = []  # every file the edition's reading looked for, and what it found

    def edition(self, dirs: list[Path], edition: str, names: set[str]) -> Edition | None:
        self.unreadable, self.sought = set(), []
        theme_node = extended(dirs, edition, "theme", self.findings, self.unreadable, self.sought)
        if theme_node is None:
            return None
        theme = self._theme(edition, theme_node)
        if theme is None:
            return None
        found = {name: node for name in sorted(names)
                 if (node := extended(dirs, edition, name, self.findings, self.unreadable, self.sought))}
        layouts = {name: self._read_layout(name, node, theme) for name, node in found.items()}
        broken = {k for k, v in layouts.items() if not v} | (self.unreadable & names)
        return Edition(theme, {k: v for k, v in layouts.items() if v}, broken=broken)

    def _theme(self, edition: str, node: Node) -> Theme | None:
        f = Fields(node, "theme", self.findings)
        keys = read_keys(f, schemas.THEME)
        fonts = {k: v.value for k, v in keys.pop("fonts").items() if as_text(v, f"font {k}", self.findings)}
        label = keys.pop("label")
        theme = Theme(
            edition=edition, loc=node.loc, label=label or edition, fonts=fonts,
            min_size=keys["min_size_pt"], line_spacing=keys["line_spacing"], line_pt=keys["line_pt"],
            crop_length_mm=keys["crop_length_mm"], crop_offset_mm=keys["crop_offset_mm"],
            printer_margin_mm=keys["printer_margin_mm"], heading_min_size=keys["heading_min_pt"],
            index_min_mm=keys["index_min_mm"], max_line_mm=keys["max_line_mm"],
            write_in_min_mm=keys["write_in_min_mm"], min_contrast=keys["min_contrast"],
            colours=read_palette(keys["colours"], self.findings), about=keys["about"] or "",
        )
        f.done()
        for role, name in fonts.items():
            if name not in FONT_FILES:
                self.findings.error(node.value["fonts"].key_locs[role],
                                    f"font '{echoed(name)}' is not installed (installed: {', '.join(FONT_FILES)})")
                return None
        missing = [k for k in ("regular", "bold") if k not in fonts]
        for role in missing:
            self.findings.error(node.loc, f"theme needs a '{role}' font")
        values = vars(theme).values()
        return theme if None not in values and not missing else None

    def _read_layout(self, name: str, node: Node, theme: Theme) -> Layout | None:
        """The layout, or None with a finding: a layout in error never drops its components unsaid. What its
        reading finds is counted in a list of its own: a finding said already (by an earlier reading of the same
        file) is no new one to the build's, but it is this layout's reason all the same."""
        parent, self.findings = self.findings, Findings()
        try:
            layout = self._layout(name, node, theme)
        finally:
            parent.extend(self.findings)
            said, self.findings = bool(self.findings.errors), parent
        if layout is None and not said:
            parent.error(node.loc, f"layout {name} cannot be used (edition {theme.edition})")
        return layout

    def _layout(self, name: str, node: Node, theme: Theme) -> Layout | None:
        f = Fields(node, f"layout {name}", self.findings)
        kind = read_key(f, schemas.KIND)
        if kind == "card":
            return self._card_layout(name, node, f, theme)
        if kind == "sheet":
            return self._sheet_layout(name, node, f, theme)
        if kind == "booklet":
            return self._booklet_layout(name, node, f, theme)
        if kind == "board":
            return _board_layout(name, node, f, theme, self.findings)
        return None

    def _styles(self, nodes: dict[str, Node], theme: Theme) -> dict[str, Style]:
        return {k: s for k, n in nodes.items() if (s := read_style(k, n, theme, self.findings))}

    def _card_layout(self, name: str, node: Node, f: Fields, theme: Theme) -> CardLayout | None:
        keys = read_keys(f, schemas.CARD)
        size, grid = keys["size_mm"], keys["grid"]
        elements = [read_element(n, theme, self.findings, lambda k, n: read_style(k, n, theme, self.findings))
                    for n in keys["elements"]]
        rules = [r for n in keys["rules_mm"] if (r := _numbers(n, 4, self.findings))]
        folds = [r for n in keys["folds_mm"] if (r := _numbers(n, 4, self.findings))]
        positions = [(int(r[0]), int(r[1])) for n in keys["positions"] if (r := _numbers(n, 2, self.findings))]
        tabs = [_tab(n, self.findings) for n in keys["tabs"]]
        f.done()
        errors = len(self.findings.errors)
        shape, size = read_shape(keys["shape"], size, node.loc, self.findings)
        if shape is not None:
            lone_shape(node, {k: bool(keys[k]) for k in ("corner_radius_mm", "positions")}, self.findings)
        if size is None or grid is None or None in elements or None in tabs or len(self.findings.errors) > errors:
            return None
        safe = keys["safe_mm"] if keys["safe_mm"] is not None else SAFE_MM if shape is not None else None
        for element, element_node in zip(elements, keys["elements"], strict=True):
            if element is not None:
                _inside(element, element_node, size, name, self.findings)
                outside_safe(element, element_node, shape, size, safe, name, self.findings)
        return CardLayout(name, node.loc, size, (int(grid[0]), int(grid[1])), elements,  # type: ignore[arg-type]
                          rules, folds, positions, tabs, keys["background"],  # type: ignore[arg-type]
                          keys["corner_radius_mm"] or 0.0, shape, safe or 0.0, node.value["grid"].loc,
                          _table(node, keys["table"], elements, self.findings),  # type: ignore[arg-type]
                          _heading(node, keys["heading"], elements, self.findings))  # type: ignore[arg-type]

    def _sheet_layout(self, name: str, node: Node, f: Fields, theme: Theme) -> SheetLayout | None:
        row = node.value.get("row_height_mm")
        if row is not None and isinstance(row.value, (int, float)) and row.value < theme.write_in_min_mm:
            self.findings.error(row.loc, f"row_height_mm must be at least the {theme.edition} edition's "
                                         f"{theme.write_in_min_mm:g} mm for writing in, got {row.value:g}")
        keys = read_keys(f, schemas.SHEET)
        layout = SheetLayout(name, node.loc, margin=keys["margin_mm"], per_page=keys["per_page"], gap=keys["gap_mm"],
                             row_height=keys["row_height_mm"], label_width=keys["label_width_mm"],
                             styles=self._styles(keys["styles"], theme))
        f.done()
        return _complete(layout, node, theme, schemas.SHEET_STYLES, self.findings)

    def _booklet_layout(self, name: str, node: Node, f: Fields, theme: Theme) -> BookletLayout | None:
        keys = read_keys(f, schemas.BOOKLET)
        layout = BookletLayout(name, node.loc, margin=keys["margin_mm"], max_line=keys["max_line_mm"],
                               paragraph_gap=keys["paragraph_gap_mm"], styles=self._styles(keys["styles"], theme))
        f.done()
        return _complete(layout, node, theme, schemas.BOOKLET_STYLES, self.findings)


def _complete(layout: _Pages, node: Node, theme: Theme, styles: tuple[str, ...],
              findings: Findings) -> _Pages | None:
    """The sheet or booklet layout, if its styles are all there and no smaller than the edition allows."""
    theme_min = theme.heading_min_size
    for style in ("heading", "title", "part"):
        found = layout.styles.get(style) if layout.styles else None
        if found is not None and found.min_size < theme_min:
            findings.error(node.loc, f"layout {layout.name}: the {style} style must be at least "
                                     f"{theme_min:g} pt in this edition, got {found.min_size:g}")
    for style in styles:
        if style not in layout.styles:
            findings.error(node.loc, f"layout {layout.name} needs a style '{style}'")
    ok = None not in vars(layout).values() and all(s in (layout.styles or {}) for s in styles)
    return layout if ok else None


def read_style(name: str, node: Node, theme: Theme, findings: Findings) -> Style | None:
    """A style (keys: `schemas.STYLE`): the font is one of the theme's roles, min_size defaults to size."""
    f = Fields(node, f"style {name}", findings)
    font_key, size_key, min_key, align_key = schemas.STYLE
    font = f.choice(font_key.name, tuple(theme.fonts))
    size = read_key(f, size_key)
    min_node = f.get(min_key.name, required=False)
    align = read_key(f, align_key)
    f.done()
    min_size = size if min_node is None else as_number(min_node, "min_size", findings, 1, 500)
    if min_node is not None and isinstance(min_size, (int, float)) and size and min_size > size:
        findings.error(min_node.loc, f"min_size must not exceed size ({size:g}), got {echoed(min_size)}")
    if isinstance(min_size, (int, float)) and min_size < theme.min_size:
        where = min_node.loc if min_node else node.loc
        findings.error(where, f"min_size must be at least the {theme.edition} edition's {theme.min_size:g} "
                                   f"pt, got {min_size:g}")
        return None
    if None in (font, size, align) or not isinstance(min_size, (int, float)):
        return None
    return Style(font, size, float(min_size), align)


def _board_layout(name: str, node: Node, f: Fields, theme: Theme, findings: Findings) -> BoardLayout | None:
    """A board: one card of its size, its elements in board coordinates (deckpress.layout.boards)."""
    keys = read_keys(f, board_schema.LAYOUT)
    elements = [read_element(n, theme, findings, lambda k, n: read_style(k, n, theme, findings))
                for n in keys["elements"]]
    rules = [r for n in keys["rules_mm"] if (r := _numbers(n, 4, findings))]
    f.done()
    size = keys["size_mm"]
    if size is None or None in elements:
        return None
    for element, element_node in zip(elements, keys["elements"], strict=True):
        if element is not None:
            _inside(element, element_node, size, name, findings)
    return BoardLayout(name, node.loc, size, (1, 1), elements, rules,  # type: ignore[arg-type]
                       background=keys["background"])


def _inside(element: Element, node: Node, size: tuple[float, float], layout: str, findings: Findings) -> None:
    """An element's box lies on its card: what reaches past the trim would be cut off, or print on the next card."""
    x, y, w, h = element.box
    if x + w > size[0] + 1e-6 or y + h > size[1] + 1e-6:
        findings.error(node.value["box_mm"].loc, f"layout {layout}, element {element.name}: its box reaches "
                                                 f"{x + w:g} mm across and {y + h:g} mm down, past the "
                                                 f"{size[0]:g} x {size[1]:g} mm card")


def _tab(node: Node, findings: Findings) -> tuple[int, int, str] | None:
    """A glue tab of a net: [column, row, side] with side top, bottom, left or right."""
    items = as_list(node, "tab", findings)
    if items is None or len(items) != 3 or items[2].value not in ("top", "bottom", "left", "right"):
        findings.error(node.loc, "a tab is [column, row, side] with side top, bottom, left or right")
        return None
    column, row = as_int(items[0], "column", findings, 0), as_int(items[1], "row", findings, 0)
    return None if column is None or row is None else (column, row, items[2].value)


def _left_behind(node: Node, key: str, names: list[str], elements: list[Element]) -> bool:
    """Whether `key` (a heading, a table) names elements of a layout this one extends, whose `elements` a layout
    nearer this one replaced without them (a back's own over its face's, or a middle layout's): it went with the
    list it named, not a finding. One this layout writes itself is always checked."""
    locs, own, texts = node.key_locs, node.loc.file, {e.name for e in elements if e.kind == "text"}
    return key in locs and "elements" in locs and locs[key].file not in (own, locs["elements"].file) and \
        not texts.issuperset(names)


def _table(node: Node, names: list[Node], elements: list[Element], findings: Findings) -> list[str]:
    """A card layout's `table`: the names of its text elements, each once, that are the table's columns."""
    texts = {e.name for e in elements if e.kind == "text"}
    if _left_behind(node, "table", [n.value if isinstance(n.value, str) else "" for n in names], elements):
        return []
    out: list[str] = []
    for node in names:
        if not isinstance(node.value, str) or node.value not in texts or node.value in out:
            findings.error(node.loc, f"table names the layout's text elements, each once, got "
                                     f"{describe(node.value)} (text elements: {', '.join(sorted(texts))})")
        else:
            out.append(node.value)
    return out


def _heading(node: Node, name: str | None, elements: list[Element], findings: Findings) -> str | None:
    """A card layout's `heading`: one of its text elements, by name."""
    texts = {e.name for e in elements if e.kind == "text"}
    if name is None or name in texts or _left_behind(node, "heading", [name], elements):
        return name if name in texts else None
    findings.error(node.value["heading"].loc, f"heading names one of the layout's text elements, got "
                                              f"{describe(name)} (text elements: {', '.join(sorted(texts))})")
    return None


def _numbers(node: Node, count: int, findings: Findings) -> tuple[float, ...] | None:
    wrapper = Node({"v": node}, node.loc, {"v": node.loc})
    return Fields(wrapper, "line", findings).numbers("v", count)  # type: ignore[no-any-return]

