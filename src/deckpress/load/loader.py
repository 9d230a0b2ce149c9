"""Load stage: a game folder, YAML to the typed model (layouts: `layouts.py`).

Every problem becomes a finding; loading always carries on to the end so that
one run reports everything.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from deckpress.findings import Findings, Loc
from deckpress.load.layouts import LayoutReader
from deckpress.model import (
    Back,
    Block,
    Card,
    Check,
    Component,
    Deck,
    Edition,
    FieldSpec,
    Game,
    Row,
    Rules,
    Section,
    Sheet,
)
from deckpress.options import DUPLEX, EDITIONS
from deckpress.load.schema import Fields, as_int, as_list, as_map, as_text, describe
from deckpress.paths import UNREADABLE, inside
from deckpress.load.sources import Node, read_yaml
from deckpress.templating import Templates

FILE_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

COMPONENT_KINDS = ("cards", "sheet", "rules")
FIELD_TYPES = ("text", "int", "choice", "list", "map")


class Loader:
    def __init__(self, findings: Findings, templates: Templates | None = None) -> None:
        self.findings = findings
        self.templates = templates or Templates()

    # --- files -------------------------------------------------------------

    def read(self, folder: Path, name: str, shown: str, at: Loc | None = None) -> Node | None:
        """Read `name` inside `folder`; refuse paths that leave it."""
        try:
            target = inside(folder, name)
        except UNREADABLE:
            self.findings.error(at or Loc(shown), f"'{name}' cannot be read")
            return None
        if target is not None:
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
        if cid and not FILE_NAME.fullmatch(cid):
            self.findings.error(node.value["id"].loc, f"a component id names its files, so it is lowercase letters, "
                                                      f"digits and hyphens, got '{cid}'")
            return None
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

    def edition(self, dirs: list[Path], edition: str, names: set[str]) -> Edition | None:
        """An edition's theme and the named layouts, from the layout folders (see `layouts.py`)."""
        return LayoutReader(self.findings).edition(dirs, edition, names)

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
            if not isinstance(items, (list, tuple, range)):
                self.findings.error(each_node.loc, f"each must give a list, got {describe(items)}")
                return []
        rows = []
        for index, item in enumerate(items, 1):
            row_ctx = {**ctx, "item": item, "index": index}
            texts = [self.templates.render(c.value, row_ctx, c.loc, self.findings) or "" for c in cells]
            rows.append(Row(self.templates.render(text, row_ctx, node.loc, self.findings) or "", cell, texts))
        return rows


def _is_scalar(node: Node) -> bool:
    return isinstance(node.value, (str, int, float, bool))
