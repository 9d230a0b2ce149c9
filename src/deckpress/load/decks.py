"""A deck of game.yaml: its fields, its back, and its cards from a card file or a `from` expression."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from typing import Any

from deckpress.findings import Findings, Loc, echoed
from deckpress.hints.spelling import did_you_mean
from deckpress.layout.schemas import BACK
from deckpress.load.choices import Choices, plain_choice
from deckpress.load.counted import nouns
from deckpress.load.fields import EMPTY, UNREAD, beside_fields, read_cells, read_collection, read_field
from deckpress.load.reading import FAILED, Reading
from deckpress.load.schema import Fields, as_int, as_list, as_text, describe
from deckpress.load.sources import Node
from deckpress.load.spreadsheets import WORKBOOKS, is_spreadsheet, read_table
from deckpress.load.spreadsheets.cards import sheet_cards
from deckpress.model import Back, Card, Deck, FieldSpec, Where
from deckpress.paths import NAME

COPIES = "copies"  # a card's quantity: read beside its fields
MAX_COPIES = 1000
MAX_TACTILE = 6  # letters or digits: with braille's capital and number signs, a label a card wide
TACTILE = re.compile(rf"[A-Za-z0-9]{{1,{MAX_TACTILE}}}")
MAX_FROM = 10_000  # cards one `from` expression makes: far more than any game, far fewer than a hang
AT_LEAST_ONE = "a deck needs at least one"  # why a deck of no cards is refused, as the loader and `new` say it


def read_deck(reading: Reading, deck_id: str, node: Node, at: Loc, ctx: dict[str, Any]) -> Deck:
    """The deck `deck_id` (found at `at`), its cards read and labelled; problems are findings."""
    findings = reading.findings
    f = Fields(node, f"deck {deck_id}", findings)
    noun, plural = nouns(f.what, f.get("card", required=False), f.get("cards", required=False), findings,
                         reading.translation.plurals if reading.translation is not None else {})
    card_name = noun or "card"
    file_name, from_expression, sheet = f.text("file", None), f.text("from", None), f.text("sheet", None)
    field_nodes = f.map("fields")
    fields = {k: read_field(k, n, findings) for k, n in field_nodes.items()}
    count_node = f.get("count", required=False)
    grid, grid_where, whole_grid = _selection(f.get("grid", required=False), "grid", findings)
    unique, unique_where, whole_unique = _selection(f.get("unique", required=False), "unique", findings)
    label, tactile = f.text("label", None), f.get("tactile", required=False)
    back_node = f.get("back", required=False)
    specs = {**fields, **beside_fields(f, findings)}
    f.done()
    _fallbacks(_Values(reading, ctx), specs, field_nodes)
    deck = Deck(deck_id, at, specs, [], grid=[n.value for n in grid if whole_grid],
                unique=[n.value for n in unique if whole_unique],
                grid_where=grid_where, unique_where=unique_where, noun=noun, nouns=plural)
    if back_node is not None:
        deck.back = read_back(back_node, f"back of deck {deck_id}", findings)
    if count_node is not None:
        deck.count, deck.count_loc = str(count_node.value), count_node.loc
    for named in grid + unique:  # said at the name written, in its list
        if named.value not in specs:
            findings.error(named.loc, f"deck {deck_id} names field '{echoed(named.value)}' that it does not define"
                                      f"{did_you_mean(named.value, specs)}")
    if COPIES in specs:
        findings.error(specs[COPIES].loc, f"deck {deck_id}: '{COPIES}' is a card's quantity, not a field: name the "
                                          f"field otherwise")
    _read_cards(reading, deck, node, (file_name, from_expression, sheet), card_name, ctx)
    _label(reading, deck, label, node.value["label"].loc if label else node.loc, card_name)
    if tactile is not None and (code := as_text(tactile, "tactile", findings)):
        _tactile(reading, deck, code, tactile.loc)
    return deck


def _read_cards(reading: Reading, deck: Deck, node: Node, source: tuple[str | None, str | None, str | None],
                card_name: str, ctx: dict[str, Any]) -> None:
    """The deck's cards from its source: (`file`, `from`, `sheet`), exactly one of the first two given."""
    file_name, from_expression, sheet = source
    findings = reading.findings
    if sheet is not None and not (file_name or "").lower().endswith(WORKBOOKS):
        findings.error(node.value["sheet"].loc, f"deck {deck.id}: 'sheet' names a sheet of a workbook file (.xlsx, "
                                                f".ods), and the deck has none")
        sheet = None
    if (file_name is None) == (from_expression is None):
        if not node.is_map or ("file" in node.value) == ("from" in node.value):  # else one given, not text: said
            findings.error(node.loc, f"deck {deck.id} needs exactly one of 'file' or 'from'")
        deck.read = False
    elif from_expression is not None or file_name is None:
        cards = _cards_from_expression(reading, deck, from_expression or "", node, ctx)
        deck.cards, deck.read = cards or [], cards is not None
    elif is_spreadsheet(file_name):
        cards = _sheet_cards(reading, deck, file_name, sheet, node, ctx)
        deck.cards, deck.read = cards or [], cards is not None
    else:
        cards_node = reading.read(file_name, node.value["file"].loc)
        deck.read = cards_node is not None
        if cards_node is not None:
            deck.cards, deck.generated, deck.read = _card_file(reading, deck, cards_node, card_name, ctx)
    if deck.read and not deck.cards:  # nothing to print: the kit would hold an empty part
        findings.error(node.value["file" if file_name is not None else "from"].loc, f"deck {deck.id} holds no "
                       f"{deck.nouns or 'cards'}: {file_name or 'from'} gives none; {AT_LEAST_ONE}")


def read_back(node: Node, what: str, findings: Findings) -> Back | None:
    """A back (keys: `deckpress.layout.schemas.BACK`): the name of a card layout."""
    f = Fields(node, what, findings)
    (layout,) = (f.text(key.name) for key in BACK)
    f.done()
    if layout is None:
        return None
    if not NAME.fullmatch(layout):
        findings.error(node.value["layout"].loc, f"a back layout names a layout file, so it is lowercase letters, "
                                                 f"digits and hyphens, got {describe(layout)}")
        return None
    return Back(node.value["layout"].loc, layout)


def _selection(node: Node | None, key: str, findings: Findings) -> tuple[list[Node], Where | None, bool]:
    """The names' nodes of a grid or unique check: a list, or `{fields: [...], where: <condition over card>}`; and
    whether it is checked."""
    if node is None:
        return [], None, True
    where = None
    if node.is_map:
        f = Fields(node, key, findings)
        items, where_node = f.list("fields"), f.get("where", required=False)
        f.done()
        if where_node is not None and as_text(where_node, "where", findings) is not None:
            where = Where(where_node.value, where_node.loc)
    else:
        items = as_list(node, key, findings) or []
    written = node.value.get("fields") if node.is_map else node
    if not items and written is not None and isinstance(written.value, list):  # else not a list: said
        findings.error(written.loc, f"{key} names no field: name the fields it checks, or leave '{key}' out")
    names: dict[str, Node] = {}
    for n in items:
        if as_text(n, f"{key} field", findings) and names.setdefault(n.value, n) is not n:
            findings.error(n.loc, f"{key} names field '{echoed(n.value)}' twice: name it once")
    # a name not text, or twice: what it checks is unclear, so not checked (rather than a finding for each card
    # over the fields left), each name still looked for among the deck's fields
    return list(names.values()), where, len(names) == len(items)


def _label(reading: Reading, deck: Deck, label: str | None, loc: Loc, card_name: str) -> None:
    """Every card's label (`label` rendered over its values, else `lot 3`); only complete cards are valid. A
    problem in the label is said where it is written, once, naming the cards (by number: they have no label)."""
    for card in deck.cards:
        card.valid = len(card.values) == len(deck.fields) and None not in card.values.values()
        if label and card.valid:
            texts = reading.templates
            card.label = texts.render(label, card.values, loc, reading.findings, "label", str(card.index)) or ""
        card.label = card.label or f"{card_name} {card.index}"


def _tactile(reading: Reading, deck: Deck, code: str, loc: Loc) -> None:
    """Every card's short code for its braille label (`tactile` rendered over its values): letters and digits, a
    few, so that it fits a label a card wide in braille; no two cards of different labels sharing one."""
    held: dict[str, str] = {}  # by the code in small letters: braille spells codes so, and a reader reads them so
    deck.tactile_loc = loc
    for card in deck.cards:
        if not card.valid:
            continue
        said = reading.templates.render(code, card.values, loc, reading.findings, "tactile", str(card.index))
        if said is not None and not TACTILE.fullmatch(said):
            reading.findings.error(loc, f"deck {deck.id}: a tactile code is 1 to {MAX_TACTILE} letters or digits",
                                   card=f"{card.label} ({describe(said)})")
            said = None
        elif said and (first := held.setdefault(said.lower(), card.label)) != card.label:
            reading.findings.error(loc, f"deck {deck.id}: cards {first} and {card.label} share the tactile "
                                        f"code {said}: a player could not tell them apart by touch")
        card.tactile = said or ""


def _fallbacks(values: _Values, specs: dict[str, FieldSpec], nodes: dict[str, Node]) -> None:
    """Each optional field's value for a card that leaves it out: its `default`, checked once as any card's value
    is, where it is written; else its type's empty value."""
    for name, spec in specs.items():
        default = nodes[name].value.get("default") if spec.optional and spec.type != UNREAD else None
        if default is not None:
            spec.fallback = values.value(spec, default, Card(0, {}, {}, default.loc))
        elif spec.optional:
            spec.fallback = EMPTY.get(spec.type)
    values.choices.report()


def _cards_from_expression(reading: Reading, deck: Deck, expression: str, node: Node,
                           ctx: dict[str, Any]) -> list[Card] | None:
    """One card per item of a list expression (`lot_labels`, `range(1, slips + 1)`), in a deck of one field; None
    when the expression gives none (reported)."""
    loc = node.value["from"].loc
    values = reading.evaluate(expression, ctx, loc, FAILED)
    if values is FAILED:
        return None
    if isinstance(values, range):
        values = list(values)
    if not isinstance(values, list):
        listed = isinstance(values, Iterable) and not isinstance(values, (str, Mapping))  # `| list` makes it one
        gave = f"a {type(values).__name__}: add '| list'" if listed else describe(values)
        reading.findings.error(loc, f"deck {deck.id}: 'from' must give a list, one card an item; it gave {gave}")
    written = [name for name, spec in deck.fields.items() if spec.type != UNREAD]  # one beside fields: said there
    if len(written) != 1 and "fields" in node.value and node.value["fields"].is_map:  # else said as not a map
        named = f" ({', '.join(written)})" if written else ""
        reading.findings.error(node.key_locs["fields"], f"deck {deck.id}: 'from' makes cards of one field, and the "
                                                        f"deck defines {len(written)}{named}: keep one, or give the "
                                                        f"cards in a 'file'")
    if not isinstance(values, list) or len(written) != 1:
        return None
    if len(values) > MAX_FROM:
        reading.findings.error(loc, f"deck {deck.id}: 'from' gives {len(values):,} cards, more than the "
                                    f"{MAX_FROM:,} a deck made this way may have")
        return None
    (field_name,) = written
    return [Card(i, {field_name: v}, {field_name: loc}, loc) for i, v in enumerate(values, 1)]


def _sheet_cards(reading: Reading, deck: Deck, file_name: str, sheet: str | None, node: Node,
                 ctx: dict[str, Any]) -> list[Card] | None:
    """The cards of a spreadsheet (CSV, or a workbook's sheet), or None when it cannot be read (reported)."""
    path = reading.path(file_name, node.value["file"].loc)
    if path is None:
        return None
    at = node.value["sheet"].loc if sheet is not None else node.value["file"].loc
    table = read_table(path, f"{reading.shown}/{file_name}", sheet, at, reading.findings)
    if table is None:
        return None
    if reading.translation is not None:
        from deckpress.translation.apply import translate_table  # as load_game: only for a translation

        translate_table(reading.translation, file_name, sheet, table)
    values = _Values(reading, ctx)
    cards = sheet_cards(table, deck, COPIES, MAX_COPIES, values.value, reading.findings)
    values.choices.report()  # a wrong choice is one finding, however many rows give it
    return cards


def _card_file(reading: Reading, deck: Deck, root: Node, card_name: str,
               ctx: dict[str, Any]) -> tuple[list[Card], dict[str, Any], bool]:
    """A card file: a list of cards, or a mapping of `cards`, shared `defaults` and `generated` provenance; and
    whether its list of cards could be read."""
    findings = reading.findings
    defaults: dict[str, Node] = {}
    generated: dict[str, Any] = {}
    if root.is_map:
        f = Fields(root, "card file", findings)
        defaults = f.map("defaults", required=False)
        cards_node = f.get("cards")
        items = as_list(cards_node, "cards", findings) if cards_node is not None else None
        generated_node = f.get("generated", required=False)  # provenance written by `deckpress generate`
        generated = generated_node.plain() if generated_node is not None and generated_node.is_map else {}
        f.done()
        for key in defaults:
            if key not in deck.fields:
                findings.error(root.value["defaults"].key_locs[key], f"unknown key '{echoed(key)}' in defaults"
                                                                     f"{did_you_mean(key, deck.fields)}")
    else:
        items = as_list(root, "card file", findings)
    values = _Values(reading, ctx)
    cards = [values.card(deck, i, n, card_name, defaults) for i, n in enumerate(items or [], 1)]
    values.choices.report()
    return cards, generated, items is not None


class _Values:
    """Reads the field values of cards: checked by type, text rendered over the parameters."""

    def __init__(self, reading: Reading, ctx: dict[str, Any]) -> None:
        self.reading, self.findings, self.ctx = reading, reading.findings, ctx
        self.choices = Choices(self.findings)

    def card(self, deck: Deck, index: int, node: Node, card_name: str, defaults: dict[str, Node]) -> Card:
        card = Card(index, {}, {}, node.loc)
        f = Fields(node, card_name, self.findings)
        for name, spec in deck.fields.items():
            value_node = f.get(name, required=name not in defaults and not spec.optional) or defaults.get(name)
            if value_node is None and spec.optional:
                value_node = Node(None, node.loc)  # left out: the field's fallback
            if value_node is not None:
                card.values[name] = self.value(spec, value_node, card)
                card.locs[name] = value_node.loc
        if COPIES not in deck.fields:
            card.copies = f.int(COPIES, 1, MAX_COPIES, default=1) or 1  # past the cap: a finding
        f.done()
        return card

    def value(self, spec: FieldSpec, node: Node, card: Card) -> Any:
        if spec.type == UNREAD:
            return None  # no type to read it by: the card waits for its field, said where it is declared
        if node.value is None and spec.optional:
            return copy.deepcopy(spec.fallback)  # a list a card is given is its own
        if spec.type in ("list", "map"):
            return read_collection(spec, node, card, self.findings)
        if spec.type == "cells":
            return read_cells(spec.name, node, self.findings)
        if spec.type == "int":
            return as_int(node, spec.name, self.findings, spec.lo, spec.hi)
        if spec.type == "choice" and plain_choice(node.value):
            named = self.reading.translation.values if self.reading.translation is not None else {}
            if isinstance(node.value, str) and node.value in named:  # a parameter's text, in the language read
                node = Node(named[node.value], node.loc)
            return self.choices.value(spec, node, card, self.ctx.get(spec.choices_from or ""))
        text = as_text(node, spec.name, self.findings)
        if text is None:
            return None
        return self.reading.render(text, self.ctx, node.loc)
