"""Sheet expansion, the load stage's last step: run after the checks, when plugins have published their data.

Every sheet's blocks are rendered once per copy (`copies: 4`, or `each: <list>`) with the parameters, the
decks' card values and the plugins' data. A block's problem is reported once, by its first copy.
"""

from __future__ import annotations

from typing import Any

from deckpress.findings import Findings
from deckpress.hints.spelling import did_you_mean
from deckpress.load.reading import Texts
from deckpress.load.schema import Fields, as_list, as_text, describe
from deckpress.load.sources import Node
from deckpress.model import Block, Game, Row, Rules, Sheet

BLOCKS = "heading, text, write-in, table, rules, page-break"
MAX_COPIES = 100
MAX_ROWS = 500  # rows of one table: ten pages of large print and more


def expand_game_sheets(game: Game, texts: Texts) -> None:
    """Render every sheet's blocks, once per copy, with the parameters, decks and plugin data."""
    ctx = {**game.params, **game.derived, "decks": {d.id: [c.values for c in d.cards] for d in game.decks.values()}}
    for sheet in game.sheets.values():
        sheet.copies = _copies(sheet, ctx, game.rules, texts, game.rules_unread)


def _copies(sheet: Sheet, ctx: dict[str, Any], rules: Rules | None, texts: Texts,
            rules_unread: bool = False) -> list[list[Block]]:
    f = Fields(sheet.source, f"sheet {sheet.id}", texts.findings)
    copies_node, each_node = f.get("copies", required=False), f.get("each", required=False)
    name = f.text("as", "item")
    blocks = f.list("blocks")
    f.done()
    items = _items(sheet, copies_node, each_node, ctx, texts)
    rendered = []
    for copy, item in enumerate(items, 1):
        copy_ctx = {**ctx, "copy": copy, "copies": len(items), name or "item": item}
        reporting = texts if copy == 1 else texts.reporting(Findings())  # a block's problem once, not per copy
        rendered.append([b for b in (_block(n, copy_ctx, rules, reporting, rules_unread) for n in blocks) if b])
    return rendered


def _items(sheet: Sheet, copies_node: Node | None, each_node: Node | None, ctx: dict[str, Any],
           texts: Texts) -> list[Any]:
    """What each copy stands for: its number (`copies`), an item of a list (`each`), or one plain copy."""
    if copies_node is not None and each_node is not None:
        texts.findings.error(sheet.loc, f"sheet {sheet.id} takes 'copies' or 'each', not both")
    elif copies_node is not None:
        value = texts.evaluate(str(copies_node.value), ctx, copies_node.loc)
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_COPIES:
            return list(range(1, value + 1))
        if value is not None:
            texts.findings.error(copies_node.loc,
                                 f"copies must be a whole number 1-{MAX_COPIES}, got {describe(value)}")
    elif each_node is not None:
        value = texts.evaluate(str(each_node.value), ctx, each_node.loc)
        if isinstance(value, (list, tuple, range)) and 1 <= len(value) <= MAX_COPIES:
            return list(value)
        if value is not None:
            texts.findings.error(each_node.loc, f"each must give a list of 1-{MAX_COPIES} items, one a copy, got "
                                                f"{_counted(value)}")
    return [None]


def _counted(value: Any) -> str:
    return f"{len(value):,} items" if isinstance(value, (list, tuple, range)) else describe(value)


def _block(node: Node, ctx: dict[str, Any], rules: Rules | None, texts: Texts,
           rules_unread: bool = False) -> Block | None:
    findings = texts.findings
    if not node.is_map or len(node.value) != 1:
        findings.error(node.loc, "a block must be a mapping with one key: heading, text, write-in, table, rules or "
                                 "page-break")
        return None
    ((kind, body),) = node.value.items()
    block = Block(kind, body.loc)
    if kind in ("heading", "text"):
        block.text = texts.text(body, ctx) or ""
    elif kind == "write-in":
        block.labels = texts.texts(as_list(body, "write-in", findings) or [], ctx)
    elif kind == "rules":
        block.section = body.value
        if rules is None and rules_unread:  # the rules file could not be read: said there
            return None
        if rules is None or rules.section(str(body.value)) is None:
            findings.error(body.loc, f"no rules section with id {describe(body.value)}")
            return None
    elif kind == "table":
        _table(block, body, ctx, texts)
    elif kind != "page-break":
        findings.error(node.key_locs[kind], f"unknown block '{kind}' (expected: {BLOCKS})"
                                            f"{did_you_mean(kind, BLOCKS.split(', '))}")
        return None
    return block


def _table(block: Block, body: Node, ctx: dict[str, Any], texts: Texts) -> None:
    f = Fields(body, "table", texts.findings)
    block.corner = texts.text(f.get("corner", required=False), ctx) or ""
    block.columns = [r.label for n in f.list("columns") for r in _rows(n, ctx, texts)]
    block.rows = [r for n in f.list("rows") for r in _rows(n, ctx, texts)]
    f.done()


def _rows(node: Node, ctx: dict[str, Any], texts: Texts) -> list[Row]:
    """A row or column entry: plain text, or `{text, each, cell}` repeated over a list."""
    if isinstance(node.value, str):
        return [Row(texts.text(node, ctx) or "")]
    findings = texts.findings
    f = Fields(node, "row", findings)
    text = f.text("text")
    each_node = f.get("each", required=False)
    cell = f.choice("cell", ("write", "check"), default="write")
    cells = [n for n in f.list("cells", required=False) if as_text(n, "cell", findings)]
    f.done()
    if text is None:
        return []
    items: Any = [None]
    if each_node is not None:
        items = texts.evaluate(str(each_node.value), ctx, each_node.loc)
        if items is None:
            return []
        if not isinstance(items, (list, tuple, range)) or len(items) > MAX_ROWS:
            findings.error(each_node.loc, f"each must give a list of at most {MAX_ROWS} rows, got {_counted(items)}")
            return []
    rows = []
    for index, item in enumerate(items, 1):
        row_ctx = {**ctx, "item": item, "index": index}
        labels = [texts.render(c.value, row_ctx, c.loc) or "" for c in cells]
        rows.append(Row(texts.render(text, row_ctx, node.loc) or "", cell, labels))
    return rows
