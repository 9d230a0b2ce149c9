"""Sheet expansion, the load stage's last step: run after the checks, when plugins have published their data.

Every sheet's blocks are rendered once per copy (`copies: 4`, or `each: <list>`) with the parameters, the
decks' card values and the plugins' data. A block's problem is reported once, by its first copy.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Undefined

from deckpress.findings import Findings, echoed
from deckpress.hints.spelling import did_you_mean
from deckpress.layout.tables.keys import check_columns, read_sizes
from deckpress.load.reading import FAILED, Texts
from deckpress.load.schema import Fields, as_list, as_text, describe
from deckpress.load.sources import Node
from deckpress.model import Block, Game, Row, Sheet
from deckpress.templating.sandbox import Unread

BLOCKS = "heading, text, write-in, table, rules, page-break"
MAX_COPIES = 100
MAX_ROWS = 500  # rows of one table: ten pages of large print and more
MAX_SHEET_ROWS = 5_000  # rows of a sheet's tables in all its copies: a hundred players' sheets of fifty rounds


def expand_game_sheets(game: Game, texts: Texts) -> None:
    """Render every sheet's blocks, once per copy, with the parameters, decks and plugin data."""
    every = {d.id: [c.values for c in d.cards] for d in game.decks.values()}
    shown = {k: v for k, v in every.items() if k not in game.kept_decks()}  # what the table may see
    secret = {c.source for c in game.components if c.kind == "sheet" and c.secret}
    for sheet in game.sheets.values():
        decks = every if sheet.id in secret else shown  # a host's sheet (an answer guide) reads the secret decks
        sheet.copies = _copies(sheet, {**game.params, **game.derived, "decks": decks}, game, texts)


def _copies(sheet: Sheet, ctx: dict[str, Any], game: Game, texts: Texts) -> list[list[Block]]:
    f = Fields(sheet.source, f"sheet {sheet.id}", texts.findings)
    copies_node, each_node = f.get("copies", required=False), f.get("each", required=False)
    name = f.text("as", "item")
    blocks = f.list("blocks")
    f.done()
    items = _items(sheet, copies_node, each_node, ctx, texts)
    rendered, rows = [], 0
    for copy, item in enumerate(items, 1):
        copy_ctx = {**ctx, "copy": copy, "copies": len(items), name or "item": item}
        reporting = texts if copy == 1 else texts.reporting(Findings())  # a block's problem once, not per copy
        rendered.append([b for b in (_block(n, copy_ctx, game, reporting) for n in blocks) if b])
        rows += sum(len(b.rows) for b in rendered[-1])
        if rows > MAX_SHEET_ROWS:  # 100 copies of a table of 500 rows: minutes and gigabytes to lay out
            at = (copies_node or each_node or sheet).loc
            texts.findings.error(at, f"sheet {sheet.id}: its {len(items)} copies' tables would hold more than "
                                     f"{MAX_SHEET_ROWS:,} rows together (copy {copy} passes it): fewer copies or rows")
            return rendered[:1]  # the first copy alone is checked further
    return rendered


def _items(sheet: Sheet, copies_node: Node | None, each_node: Node | None, ctx: dict[str, Any],
           texts: Texts) -> list[Any]:
    """What each copy stands for: its number (`copies`), an item of a list (`each`), or one plain copy."""
    if copies_node is not None and each_node is not None:
        texts.findings.error(sheet.loc, f"sheet {sheet.id} takes 'copies' or 'each', not both")
    elif copies_node is not None:
        value = texts.evaluate(str(copies_node.value), ctx, copies_node.loc, FAILED)
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_COPIES:
            return list(range(1, value + 1))
        if value is not FAILED:
            texts.findings.error(copies_node.loc,
                                 f"copies must be a whole number 1-{MAX_COPIES}, got {describe(value)}")
    elif each_node is not None:
        value = texts.evaluate(str(each_node.value), ctx, each_node.loc, FAILED)
        if isinstance(value, (list, tuple, range)) and 1 <= len(value) <= MAX_COPIES:
            return list(value)
        if value is not FAILED:
            texts.findings.error(each_node.loc, f"each must give a list of 1-{MAX_COPIES} items, one a copy, got "
                                                f"{_counted(value)}")
        return [Unread()]  # one copy, its blocks checked with nothing for the item: no echoes of its problem
    return [None]


def _counted(value: Any) -> str:
    return f"{len(value):,} items" if isinstance(value, (list, tuple, range)) else describe(value)


def _block(node: Node, ctx: dict[str, Any], game: Game, texts: Texts) -> Block | None:
    """One block of a sheet, rendered over `ctx`: the game gives its rules (a reminder's) and its editions (a
    table's sizes in each)."""
    findings, rules = texts.findings, game.rules
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
        if rules is None and game.rules_unread:  # the rules file could not be read: said there
            return None
        if rules is None or rules.section(str(body.value)) is None:
            findings.error(body.loc, f"no rules section with id {describe(body.value)}")
            return None
    elif kind == "table":
        _table(block, body, ctx, texts, game.editions)
    elif kind != "page-break":
        findings.error(node.key_locs[kind], f"unknown block '{echoed(kind)}' (expected: {BLOCKS})"
                                            f"{did_you_mean(kind, BLOCKS.split(', '))}")
        return None
    return block


def _table(block: Block, body: Node, ctx: dict[str, Any], texts: Texts, editions: list[str]) -> None:
    f = Fields(body, "table", texts.findings)
    block.corner = texts.text(f.get("corner", required=False), ctx) or ""
    block.columns = [r.label for n in f.list("columns") for r in _rows(n, ctx, texts)]
    for n in f.list("rows"):
        block.rows += _rows(n, ctx, texts, block.columns, len(block.rows))
    block.sizes = read_sizes(f, editions)
    f.done()
    check_columns(block.sizes, len(block.columns), texts.findings)


def _rows(node: Node, ctx: dict[str, Any], texts: Texts, columns: list[str] | None = None,
          before: int = 0) -> list[Row]:
    """A row or column entry: plain text, or `{text, each, cell, cells, every_cell}` repeated over a list. A row's
    templates see `row` (its number in the table), and its cells' `column` and `column_label` too."""
    if isinstance(node.value, str):
        return [Row(texts.text(node, {**ctx, "row": before + 1} if columns is not None else ctx) or "")]
    findings = texts.findings
    f = Fields(node, "row", findings)
    text = f.text("text")
    each_node = f.get("each", required=False)
    cell = f.choice("cell", ("write", "check"), default="write")
    cells = [n for n in f.list("cells", required=False) if as_text(n, "cell", findings)]
    every = f.get("every_cell", required=False) if columns is not None else None
    f.done()
    if text is None or (every is not None and as_text(every, "every_cell", findings) is None):
        return []
    items = _each(each_node, ctx, texts)
    rows = []
    for index, item in enumerate(items or [], 1):
        row_ctx = {**ctx, "item": item, "index": index, **({"row": before + index} if columns is not None else {})}
        label = texts.render(text, row_ctx, node.loc) or ""
        at = {**row_ctx, "row_label": label}
        printed = [_cell(c, at, columns, n, texts) for n, c in enumerate(cells, 1)]
        if every is not None and columns is not None:
            printed += [_cell(every, at, columns, n, texts)
                        for n in range(len(printed) + 1, len(columns) + 1)]
        rows.append(Row(label, cell, printed))
    return rows


def _each(each_node: Node | None, ctx: dict[str, Any], texts: Texts) -> list[Any] | None:
    """What an entry repeats over: its `each` list, or one plain row."""
    if each_node is None:
        return [None]
    items = texts.evaluate(str(each_node.value), ctx, each_node.loc, FAILED)
    if items is FAILED or isinstance(items, Undefined):  # failed, or read from a copy's item that did (said)
        return None
    if not isinstance(items, (list, tuple, range)) or len(items) > MAX_ROWS:
        texts.findings.error(each_node.loc, f"each must give a list of at most {MAX_ROWS} rows, got {_counted(items)}")
        return None
    return list(items)


def _cell(node: Node, ctx: dict[str, Any], columns: list[str] | None, column: int, texts: Texts) -> str:
    """A printed cell's text, its template seeing which column it is in ('' leaves it to write in or tick)."""
    label = columns[column - 1] if columns and column <= len(columns) else ""
    return texts.render(node.value, {**ctx, "column": column, "column_label": label}, node.loc) or ""
