"""Load stage: a game folder and its layouts, YAML to the typed model.

Every problem becomes a finding; loading always carries on to the end so that
one run reports everything.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any

from deckpress.findings import Findings, Loc
from deckpress.fonts import FONT_FILES, cap_height
from deckpress.model import (
    EDITIONS, Back, Block, BookletLayout, Card, CardLayout, Check, Component, Deck, Edition, Element, FieldSpec,
    Game, Layout, Row, Rules, Section, Sheet, SheetLayout, Style, Theme,
)
from deckpress.schema import Fields, as_int, as_list, as_map, as_text, describe
from deckpress.sources import Node, read_yaml
from deckpress.templating import Templates

COMPONENT_KINDS = ("cards", "sheet", "rules")
DUPLEX = ("long-edge", "short-edge")
FIELD_TYPES = ("text", "int", "choice", "list", "map")
ALIGNS = ("left", "centre", "right")


class Loader:
    def __init__(self, findings: Findings, templates: Templates | None = None) -> None:
        self.findings = findings
        self.templates = templates or Templates()
        self._theme_for_headings = 0.0

    # --- files -------------------------------------------------------------

    def read(self, folder: Path, name: str, shown: str, at: Loc | None = None) -> Node | None:
        """Read `name` inside `folder`; refuse paths that leave it."""
        relative = PurePosixPath(name)
        target = folder / name
        inside = not relative.is_absolute() and ".." not in relative.parts
        if inside and target.resolve().is_relative_to(folder.resolve()):
            return read_yaml(target, f"{shown}/{name}", self.findings)
        self.findings.error(at or Loc(shown), f"'{name}' must be a file inside {shown}")
        return None

    # --- games -------------------------------------------------------------

    def game(self, folder: Path, shown: str) -> Game | None:
        root = self.read(folder, "game.yaml", shown)
        if root is None:
            return None
        f = Fields(root, "game", self.findings)
        title, publisher = f.text("title"), f.text("publisher")
        subject, language = f.text("subject"), f.text("language", "en")
        editions = [self._edition_name(n) for n in f.list("editions")]
        params, param_locs = self._parameters(f.map("parameters"))
        ctx = dict(params)
        decks = {k: self._deck(folder, shown, k, n, key.loc, ctx) for k, key, n in f.entries("decks")}
        checks = [self._check(n) for n in f.list("checks", required=False)]
        components = [self._component(n) for n in f.list("components")]
        plugins = [(n.value, n.loc) for n in f.list("plugins", required=False) if as_text(n, "plugin", self.findings)]
        rules_name, sheets_name = f.text("rules", None), f.text("sheets", None)
        printing = self._printing(f.get("print", required=False))
        f.done()
        rules = self._rules(folder, shown, rules_name, ctx, root.loc) if rules_name else None
        sheets = self._sheets(folder, shown, sheets_name, root.loc) if sheets_name else {}
        return Game(
            id=folder.name, dir=folder, loc=root.loc, title=title or "", publisher=publisher or "",
            subject=subject or "", language=language or "en", editions=[e for e in editions if e],
            params=params, param_locs=param_locs, decks={k: d for k, d in decks.items() if d},
            checks=[c for c in checks if c], components=[c for c in components if c], rules=rules,
            sheets=sheets, plugins=plugins, derived={}, printing=printing,
        )

    def parameters(self, folder: Path, shown: str) -> dict[str, Any] | None:
        """Only the parameters of a game: enough for a generator, before its card files exist."""
        root = self.read(folder, "game.yaml", shown)
        if root is None or not root.is_map or "parameters" not in root.value:
            self.findings.error(Loc(f"{shown}/game.yaml"), "game.yaml needs 'parameters'")
            return None
        params, _ = self._parameters(as_map(root.value["parameters"], "parameters", self.findings) or {})
        return params

    def _printing(self, node: Node | None) -> dict[str, Any]:
        """A game's own print options, with the command line's names: duplex, offset_x, offset_y, fold, bleed_mm."""
        if node is None:
            return {}
        f = Fields(node, "print", self.findings)
        options = {
            "duplex": f.choice("duplex", DUPLEX, default=None), "offset_x": f.number("offset_x", -20, 20, default=None),
            "offset_y": f.number("offset_y", -20, 20, default=None), "bleed_mm": f.number("bleed_mm", 0, 10, default=None),
        }
        fold = f.get("fold", required=False)
        if fold is not None:
            if isinstance(fold.value, bool):
                options["fold"] = fold.value
            else:
                self.findings.error(fold.loc, f"fold must be true or false, got {describe(fold.value)}")
        f.done()
        return {k: v for k, v in options.items() if v is not None}

    def _edition_name(self, node: Node) -> str | None:
        if node.value in EDITIONS:
            return node.value
        self.findings.error(node.loc, f"edition must be one of {', '.join(EDITIONS)}, got {describe(node.value)}")
        return None

    def _parameters(self, nodes: dict[str, Node]) -> tuple[dict[str, Any], dict[str, Loc]]:
        params: dict[str, Any] = {}
        for name, node in nodes.items():
            if not name.isidentifier():
                self.findings.error(node.loc, f"parameter name '{name}' must be a plain identifier")
            elif _is_scalar(node) or (node.is_list and all(map(_is_scalar, node.value))) or (
                node.is_map and all(map(_is_scalar, node.value.values()))
            ):
                params[name] = node.plain()
            else:
                self.findings.error(node.loc, f"parameter {name} must be a number, text, or a flat list or mapping of them")
        return params, {name: node.loc for name, node in nodes.items()}

    def _check(self, node: Node) -> Check | None:
        f = Fields(node, "check", self.findings)
        that, message = f.text("that"), f.text("message")
        f.done()
        return Check(that, message, node.loc) if that and message else None

    def _component(self, node: Node) -> Component | None:
        f = Fields(node, "component", self.findings)
        cid, title, kind = f.text("id"), f.text("title"), f.choice("kind", COMPONENT_KINDS)
        source = f.text("deck", None) if kind == "cards" else f.text("sheet", None) if kind == "sheet" else None
        layout = f.text("layout")
        private = f.get("private", required=False)
        f.done()
        if private is not None and not isinstance(private.value, bool):
            self.findings.error(private.loc, f"private must be true or false, got {describe(private.value)}")
        if kind == "cards" and not source:
            self.findings.error(node.loc, f"component {cid} of kind cards needs a 'deck'")
        if kind == "sheet" and not source:
            self.findings.error(node.loc, f"component {cid} of kind sheet needs a 'sheet'")
        if not (cid and title and kind and layout):
            return None
        return Component(cid, title, kind, node.loc, source, layout, private is not None and private.value is True)

    # --- decks -------------------------------------------------------------

    def _deck(self, folder: Path, shown: str, deck_id: str, node: Node, at: Loc, ctx: dict[str, Any]) -> Deck | None:
        f = Fields(node, f"deck {deck_id}", self.findings)
        card_name = f.text("card", "card")
        file_name = f.text("file", None)
        from_param = f.text("from", None)
        fields = {k: self._field(k, n) for k, n in f.map("fields").items()}
        count_node = f.get("count", required=False)
        grid = [n.value for n in f.list("grid", required=False) if as_text(n, "grid field", self.findings)]
        unique = [n.value for n in f.list("unique", required=False) if as_text(n, "unique field", self.findings)]
        label = f.text("label", None)
        back_node = f.get("back", required=False)
        f.done()
        specs = {k: v for k, v in fields.items() if v}
        deck = Deck(deck_id, at, specs, [], grid=grid, unique=unique)
        if back_node is not None:
            b = Fields(back_node, f"back of deck {deck_id}", self.findings)
            pattern, title, word = b.text("pattern"), b.text("title"), b.text("word", None)
            b.done()
            if pattern and title:
                deck.back = Back(back_node.loc, pattern, title, word)
        if count_node is not None:
            deck.count, deck.count_loc = str(count_node.value), count_node.loc
        for name in grid + unique:
            if name not in specs:
                self.findings.error(node.loc, f"deck {deck_id} names field '{name}' that it does not define")
        if (file_name is None) == (from_param is None):
            self.findings.error(node.loc, f"deck {deck_id} needs exactly one of 'file' or 'from'")
        elif from_param is not None:
            deck.cards = self._cards_from_expression(deck, from_param, node.value["from"].loc, ctx)
        else:
            cards_node = self.read(folder, file_name, shown, node.loc)
            if cards_node is not None:
                deck.cards, deck.generated = self._cards(deck, cards_node, card_name or "card", ctx)
        for card in deck.cards:
            card.valid = len(card.values) == len(specs) and None not in card.values.values()
            if label and card.valid:
                card.label = self.templates.render(label, card.values, card.loc, self.findings) or ""
            card.label = card.label or f"{card_name} {card.index}"
        return deck

    def _field(self, name: str, node: Node) -> FieldSpec | None:
        f = Fields(node, f"field {name}", self.findings)
        kind = f.choice("type", FIELD_TYPES)
        lo, hi = f.int("min", default=None), f.int("max", default=None)
        choices_from = f.text("from", None)
        length = f.int("length", 0, 100, default=None)
        f.done()
        if kind == "choice" and not choices_from:
            self.findings.error(node.loc, f"field {name} of type choice needs 'from' (a list parameter)")
        return FieldSpec(name, kind, node.loc, lo, hi, choices_from, length) if kind else None

    def _cards_from_expression(self, deck: Deck, expression: str, loc: Loc, ctx: dict[str, Any]) -> list[Card]:
        """One card per item of a list expression (`lot_labels`, `range(1, slips + 1)`), in a deck of one field."""
        values = self.templates.evaluate(expression, ctx, loc, self.findings)
        if values is None:
            return []
        if isinstance(values, range):
            values = list(values)
        if not isinstance(values, list) or len(deck.fields) != 1:
            self.findings.error(loc, f"deck {deck.id}: 'from' must give a list and the deck must define one field")
            return []
        (field_name,) = deck.fields
        return [Card(i, {field_name: v}, {field_name: loc}, loc) for i, v in enumerate(values, 1)]

    def _cards(self, deck: Deck, root: Node, card_name: str, ctx: dict[str, Any]) -> tuple[list[Card], dict[str, Any]]:
        defaults: dict[str, Node] = {}
        items: list[Node] = []
        generated: dict[str, Any] = {}
        if root.is_map:
            f = Fields(root, "card file", self.findings)
            defaults = f.map("defaults", required=False)
            items = f.list("cards")
            generated_node = f.get("generated", required=False)  # provenance written by `deckpress generate`
            generated = generated_node.plain() if generated_node is not None and generated_node.is_map else {}
            f.done()
            for key in defaults:
                if key not in deck.fields:
                    self.findings.error(root.value["defaults"].key_locs[key], f"unknown key '{key}' in defaults")
        else:
            items = as_list(root, "card file", self.findings) or []
        return [self._card(deck, i, n, card_name, defaults, ctx) for i, n in enumerate(items, 1)], generated

    def _card(self, deck: Deck, index: int, node: Node, card_name: str, defaults: dict[str, Node], ctx: dict[str, Any]) -> Card:
        card = Card(index, {}, {}, node.loc)
        f = Fields(node, card_name, self.findings)
        for name, spec in deck.fields.items():
            value_node = f.get(name, required=name not in defaults) or defaults.get(name)
            if value_node is not None:
                card.values[name] = self._field_value(spec, value_node, ctx, card)
                card.locs[name] = value_node.loc
        f.done()
        return card

    def _field_value(self, spec: FieldSpec, node: Node, ctx: dict[str, Any], card: Card) -> Any:
        if spec.type in ("list", "map"):
            return self._collection_value(spec, node, card)
        if spec.type == "int":
            return as_int(node, spec.name, self.findings, spec.lo, spec.hi)
        text = as_text(node, spec.name, self.findings)
        if text is None:
            return None
        if spec.type == "choice":
            options = ctx.get(spec.choices_from or "")
            if not isinstance(options, list):
                self.findings.error(spec.loc, f"field {spec.name}: parameter '{spec.choices_from}' must be a list")
            elif text not in options:
                self.findings.error(node.loc, f"{spec.name} must be one of {', '.join(map(str, options))}, got {describe(text)}")
                return None
            return text
        return self.templates.render(text, ctx, node.loc, self.findings)

    def _collection_value(self, spec: FieldSpec, node: Node, card: Card) -> Any:
        """A list of texts, or a mapping of text to text; each entry keeps its own location."""
        if spec.type == "list":
            items = as_list(node, spec.name, self.findings)
            entries = [(f"{spec.name}[{i}]", n, n) for i, n in enumerate(items or [], 1)]
        else:
            mapping = as_map(node, spec.name, self.findings)
            entries = [(f"{spec.name}.{k}", Node(k, node.key_locs[k]), v) for k, v in (mapping or {}).items()]
        if (items if spec.type == "list" else mapping) is None:
            return None
        if spec.length is not None and len(entries) != spec.length:
            self.findings.error(node.loc, f"{spec.name} must have {spec.length} entries, got {len(entries)}")
            return None
        texts = [as_text(value, spec.name, self.findings) for _, _, value in entries]
        if None in texts:
            return None
        for key, at, _ in entries:
            card.locs[key] = at.loc
        if spec.type == "list":
            return texts
        return {k.value: t for (_, k, _), t in zip(entries, texts, strict=True)}

    # --- rules -------------------------------------------------------------

    def _rules(self, folder: Path, shown: str, name: str, ctx: dict[str, Any], at: Loc) -> Rules | None:
        root = self.read(folder, name, shown, at)
        if root is None:
            return None
        f = Fields(root, "rules", self.findings)
        text = lambda key: self._text(f.get(key, required=False), ctx)  # noqa: E731
        kicker, tagline = text("kicker"), text("tagline")
        note = f.get("note", required=False)
        notes = self._texts(note.value if note.is_list else [note], ctx) if note else []
        rules = Rules(root.loc, kicker, tagline, notes, [self._section(n, ctx) for n in f.list("sections")],
                      text("colophon"))
        f.done()
        return rules

    def _text(self, node: Node | None, ctx: dict[str, Any]) -> str | None:
        if node is None or as_text(node, "text", self.findings) is None:
            return None
        return self.templates.render(node.value, ctx, node.loc, self.findings)

    def _texts(self, nodes: list[Node], ctx: dict[str, Any]) -> list[str]:
        return [t for t in (self._text(n, ctx) for n in nodes) if t is not None]

    def _section(self, node: Node, ctx: dict[str, Any]) -> Section:
        f = Fields(node, "section", self.findings)
        section = Section(
            heading=self._text(f.get("heading", required=False), ctx) or "", loc=node.loc,
            id=f.text("id", None), level=f.int("level", 1, 2, default=2) or 2,
            kind=f.choice("kind", ("text", "example", "reminder"), default="text") or "text",
        )
        body = f.get("text", required=False)
        if body is not None:
            section.paragraphs = self._texts(body.value if body.is_list else [body], ctx)
        section.items = self._texts(f.list("items", required=False), ctx)
        f.done()
        return section

    # --- sheets ------------------------------------------------------------

    def _sheets(self, folder: Path, shown: str, name: str, at: Loc) -> dict[str, Sheet]:
        """Sheets are read now and expanded after validation, when plugins may have added data (a route)."""
        root = self.read(folder, name, shown, at)
        if root is None or as_map(root, "sheets", self.findings) is None:
            return {}
        return {sid: Sheet(sid, node.loc, node) for sid, node in root.value.items()}

    def expand_sheets(self, game: Game) -> None:
        """Render every sheet's blocks, once per copy, with the parameters, decks and plugin data."""
        ctx = {**game.params, **game.derived, "decks": {d.id: [c.values for c in d.cards] for d in game.decks.values()}}
        for sheet in game.sheets.values():
            sheet.copies = self._sheet_copies(sheet, ctx, game.rules)

    def _sheet_copies(self, sheet: Sheet, ctx: dict[str, Any], rules: Rules | None) -> list[list[Block]]:
        f = Fields(sheet.source, f"sheet {sheet.id}", self.findings)
        copies_node, each_node = f.get("copies", required=False), f.get("each", required=False)
        name = f.text("as", "item")
        blocks = f.list("blocks")
        f.done()
        items: list[Any] = [None]
        if copies_node is not None and each_node is not None:
            self.findings.error(sheet.loc, f"sheet {sheet.id} takes 'copies' or 'each', not both")
        elif copies_node is not None:
            value = self.templates.evaluate(str(copies_node.value), ctx, copies_node.loc, self.findings)
            if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 100:
                items = list(range(1, value + 1))
            elif value is not None:
                self.findings.error(copies_node.loc, f"copies must be a whole number 1-100, got {describe(value)}")
        elif each_node is not None:
            value = self.templates.evaluate(str(each_node.value), ctx, each_node.loc, self.findings)
            items = list(value) if isinstance(value, (list, tuple, range)) else [None]
        rendered = []
        for copy, item in enumerate(items, 1):
            copy_ctx = {**ctx, "copy": copy, "copies": len(items), name or "item": item}
            quiet = Findings() if copy > 1 else self.findings  # report a block's problem once, not per copy
            rendered.append([b for b in (self._block(n, copy_ctx, rules, quiet) for n in blocks) if b])
        return rendered

    def _block(self, node: Node, ctx: dict[str, Any], rules: Rules | None, findings: Findings) -> Block | None:
        saved, self.findings = self.findings, findings
        try:
            return self._block_inner(node, ctx, rules)
        finally:
            self.findings = saved

    def _block_inner(self, node: Node, ctx: dict[str, Any], rules: Rules | None) -> Block | None:
        if not node.is_map or len(node.value) != 1:
            self.findings.error(node.loc, "a block must be a mapping with one key: heading, text, write-in, table, rules or page-break")
            return None
        ((kind, body),) = node.value.items()
        block = Block(kind, body.loc)
        if kind in ("heading", "text"):
            block.text = self._text(body, ctx) or ""
        elif kind == "page-break":
            pass
        elif kind == "write-in":
            block.labels = self._texts(as_list(body, "write-in", self.findings) or [], ctx)
        elif kind == "rules":
            block.section = body.value
            if rules is None or rules.section(str(body.value)) is None:
                self.findings.error(body.loc, f"no rules section with id {describe(body.value)}")
                return None
        elif kind == "table":
            f = Fields(body, "table", self.findings)
            block.corner = self._text(f.get("corner", required=False), ctx) or ""
            block.columns = [r.label for n in f.list("columns") for r in self._rows(n, ctx)]
            block.rows = [r for n in f.list("rows") for r in self._rows(n, ctx)]
            f.done()
        else:
            self.findings.error(node.key_locs[kind], f"unknown block '{kind}' (expected: heading, text, write-in, table, rules, page-break)")
            return None
        return block

    def _rows(self, node: Node, ctx: dict[str, Any]) -> list[Row]:
        """A row or column entry: plain text, or `{text, each, cell}` repeated over a list."""
        if isinstance(node.value, str):
            return [Row(self._text(node, ctx) or "")]
        f = Fields(node, "row", self.findings)
        text = f.text("text")
        each_node = f.get("each", required=False)
        cell = f.choice("cell", ("write", "check"), default="write")
        cells = [n for n in f.list("cells", required=False) if as_text(n, "cell", self.findings)]
        f.done()
        if text is None:
            return []
        items: Any = [None]
        if each_node is not None:
            items = self.templates.evaluate(str(each_node.value), ctx, each_node.loc, self.findings)
            if items is None:
                return []
        rows = []
        for index, item in enumerate(items, 1):
            row_ctx = {**ctx, "item": item, "index": index}
            texts = [self.templates.render(c.value, row_ctx, c.loc, self.findings) or "" for c in cells]
            rows.append(Row(self.templates.render(text, row_ctx, node.loc, self.findings) or "", cell, texts))
        return rows

    # --- layouts -----------------------------------------------------------

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
        self._theme_for_headings = theme.heading_min_size
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
        pattern = f.text("pattern", None)
        symbols, count = f.text("symbols", None), f.text("count", None)
        index = f.get("index", required=False)
        style_node = f.get("style", required=False)
        style = self._style(name or "element", style_node, theme) if style_node else None
        valign = f.choice("valign", ("top", "middle", "bottom"), default="top")
        f.done()
        if sum(x is not None for x in (field_name, text, pictogram, pattern)) != 1:
            self.findings.error(node.loc, "an element needs exactly one of 'field', 'text', 'pictogram' or 'pattern'")
            return None
        drawn = pictogram is not None or pattern is not None
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
                       pictogram=pictogram, pattern=pattern, symbols=symbols, index=is_index, count=count, valign=valign)

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
        return self._complete(layout, node, ("heading", "text", "label", "header", "cell", "reminder"))

    def _booklet_layout(self, name: str, node: Node, f: Fields, theme: Theme) -> BookletLayout | None:
        layout = BookletLayout(
            name, node.loc, margin=f.number("margin_mm", 0, 60), max_line=f.number("max_line_mm", 40, 300),
            paragraph_gap=f.number("paragraph_gap_mm", 0, 30), styles=self._styles(f.map("styles"), theme),
        )
        f.done()
        return self._complete(layout, node, ("kicker", "title", "tagline", "note", "part", "heading", "body", "label", "footer"))

    def _complete(self, layout: Any, node: Node, styles: tuple[str, ...]) -> Any:
        theme_min = self._theme_for_headings
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


def _is_scalar(node: Node) -> bool:
    return isinstance(node.value, (str, int, float, bool))


def _merge(base: Node, over: Node) -> Node:
    """Deep-merge two located mappings; `over` wins, lists are replaced whole."""
    if not (base.is_map and over.is_map):
        return over
    merged = Node(dict(base.value), over.loc, dict(base.key_locs))
    for key, value in over.value.items():
        merged.value[key] = _merge(base.value[key], value) if key in base.value else value
        merged.key_locs[key] = over.key_locs[key]
    return merged
