"""game.yaml: title, languages, editions, parameters, checks, components, plugins and print options.

The decks, rules and sheets it names are read by their own modules; every problem becomes a finding and
reading carries on to the end, so that one run reports everything.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from deckpress.findings import Findings, Loc, echoed
from deckpress.hints.spelling import closest
from deckpress.layout.boards import schema as board_schema
from deckpress.layout.boards.schema import Board
from deckpress.layout.boxes.schema import BOX, TUCK_BOX, read_box_keys
from deckpress.layout.boxes.schema import KINDS as BOX_KINDS
from deckpress.layout.keys import read_keys
from deckpress.load.audiences import settled
from deckpress.load.counted import read_counted, unplural
from deckpress.load.decks import read_back, read_deck
from deckpress.load.languages import read_languages
from deckpress.load.palette import read_palette
from deckpress.load.reading import Reading
from deckpress.load.rules import read_rules
from deckpress.load.schema import Fields, as_list, as_map, as_text, describe
from deckpress.load.sheets import read_sheets
from deckpress.load.sources import Node
from deckpress.load.table import read_table
from deckpress.model import AUDIENCES, HOST, PUBLIC, Check, Component, Deck, Game
from deckpress.model.content import kept_decks
from deckpress.options import DUPLEX
from deckpress.paths import MAX_ID, NAME, OWN_PART_NAMES
from deckpress.templating import LANGUAGE, ORIGINS
from deckpress.words import known

COMPONENT_KINDS = ("cards", "sheet", "rules", "board", *BOX_KINDS)
DECKED = ("cards", *BOX_KINDS)  # the kinds that name decks: cards to print, or to box, or to stand up
DICE = ("d6",)  # a component's `die`: the dice exports can roll (Tabletop Simulator's six-sided custom die)


def read_game(reading: Reading) -> Game | None:
    """The game in `reading.folder`, or None when its game.yaml is unusable."""
    root = reading.read("game.yaml")
    if root is None:
        return None
    findings = reading.findings
    f = Fields(root, "game", findings)
    title, publisher = f.words("title"), f.words("publisher")
    subject, languages = f.words("subject"), read_languages(f, findings)
    editions = [_edition_name(n, findings) for n in f.list("editions")]
    param_nodes, icons = f.map("parameters"), f.map("icons", required=False)  # icons: the words they are read as
    params, param_locs = _written_in(reading, languages, read_counted(param_nodes, icons, findings, read_parameters))
    _translated(f.list("translated", required=False), param_nodes, findings)  # the PO's (deckpress.translation)
    params[ORIGINS], ctx = param_locs, {**params, ORIGINS: param_locs}  # a failing calculation: said where set
    decks = {k: read_deck(reading, k, n, key.loc, ctx) for k, key, n in f.entries("decks")
             if _deck_id(k, key, findings)}
    checks = [_check(n, findings) for n in f.list("checks", required=False)]
    components = settled([c for n in f.list("components") if (c := _component(n, findings))], findings)
    plugins = [(n.value, n.loc) for n in f.list("plugins", required=False) if as_text(n, "plugin", findings)]
    rules_node, sheets_node = f.get("rules", required=False), f.get("sheets", required=False)
    printing = _printing(f.get("print", required=False), findings)
    colours = read_palette(f.get("colours", required=False) or _misspelt(root, "colours"), findings)
    version, date = f.words("version", None), _date(f.get("date", required=False), findings)
    back_node, table = f.get("back", required=False), read_table(f, findings)
    f.done()
    back = read_back(back_node, "back of the game", findings) if back_node is not None else None
    for deck in decks.values():
        deck.back = deck.back or back  # the game's back, for every deck without its own
    rules = read_rules(reading, rules_node, _with_cards(ctx, decks, components)) if rules_node is not None else None
    sheets = read_sheets(reading, sheets_node) if sheets_node is not None else {}
    return Game(
        id=reading.folder.name, dir=reading.folder, loc=root.loc, title=title or "", publisher=publisher or "",
        subject=subject or "", language=languages[0], languages=languages, editions=[e for e in editions if e],
        params=params, param_locs=param_locs, decks={k: d for k, d in decks.items() if d},
        checks=[c for c in checks if c], components=components, rules=rules,
        sheets=sheets or {}, plugins=plugins, derived={}, printing=printing, colours=colours, back=back,
        version=version or "", date=date, rules_unread=rules_node is not None and rules is None,
        sheets_unread=sheets is None, table=table, param_entries={name: {str(k): v.loc for k, v in node.value.items()}
                                                     for name, node in param_nodes.items() if node.is_map},
    )


def _translated(names: list[Node], params: dict[str, Node], findings: Findings) -> None:
    """`translated:` names mapping parameters whose values players read (`stone_marks`): each value a PO entry."""
    for node in names:
        param = params.get(node.value) if isinstance(node.value, str) else None
        if param is None or not param.is_map or not all(isinstance(v.value, str) for v in param.value.values()):
            findings.error(node.loc, f"translated: {describe(node.value)} is not a parameter mapping each key to a "
                                     "text (`stone_marks: {A: A, J: J}`)")


def _misspelt(root: Node, key: str) -> Node | None:
    """The value of a key misspelt for `key` (`colors:`), read as `key`'s: the misspelling is one finding (an
    unknown key, with its did-you-mean), not also every use of what the key would have given."""
    if not root.is_map:
        return None
    return next((node for name, node in root.value.items() if closest(str(name), [key])), None)


def _written_in(reading: Reading, languages: tuple[str, ...], read: tuple[dict[str, Any], dict[str, Loc]]
                ) -> tuple[dict[str, Any], dict[str, Loc]]:
    """The parameters, and the language the game is read in among them where not English (`| words` reads it)."""
    language = reading.translation.language if reading.translation is not None else languages[0]
    if known(language) not in (None, "en"):
        read[0][LANGUAGE] = language
    return read


def read_game_parameters(reading: Reading) -> tuple[dict[str, Any], dict[str, Loc]] | None:
    """Only the parameters of a game, and where each was written: enough for a generator before its cards exist."""
    root = reading.read("game.yaml")
    if root is None or not root.is_map or "parameters" not in root.value:
        reading.findings.error(Loc(f"{reading.shown}/game.yaml"), "game.yaml needs 'parameters'")
        return None
    nodes = as_map(root.value["parameters"], "parameters", reading.findings) or {}
    unplural(nodes, {}, reading.findings)
    return read_parameters(nodes, reading.findings)


def read_parameters(nodes: dict[str, Node], findings: Findings) -> tuple[dict[str, Any], dict[str, Loc]]:
    """Parameters are plain values: numbers, texts, flat lists or mappings of them."""
    params: dict[str, Any] = {}
    for name, node in nodes.items():
        if not name.isidentifier():
            findings.error(node.loc, f"parameter name '{echoed(name)}' must be a plain identifier")
        elif _is_scalar(node) or (node.is_list and all(map(_is_scalar_or_row, node.value))) or (
            node.is_map and all(map(_is_scalar, node.value.values()))
        ):
            params[name] = node.plain()
        else:
            findings.error(node.loc, f"parameter {name} must be a number, text, or a flat list or mapping of them "
                                     "(a list's items may be flat lists: rows such as [row, column, icon])")
    return params, {name: node.loc for name, node in nodes.items()}


def _is_scalar_or_row(node: Node) -> bool:
    """An item of a list parameter: a value, or a row of values (a map's pre-printed squares, [row, column, icon])."""
    return _is_scalar(node) or (node.is_list and all(map(_is_scalar, node.value)))


def _date(node: Node | None, findings: Findings) -> datetime.date | None:
    """The game's edition date, `date: 2026-03-01`: its PDFs are dated so (SOURCE_DATE_EPOCH overrides)."""
    if node is None:
        return None
    if isinstance(node.value, datetime.date) and not isinstance(node.value, datetime.datetime):
        return node.value  # written `!!timestamp 2026-03-01` (a plain one is read as its text)
    try:
        if isinstance(node.value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", node.value):
            return datetime.date.fromisoformat(node.value)
    except ValueError:
        pass
    findings.error(node.loc, f"date must be a real day written YYYY-MM-DD, got {describe(node.value)}")
    return None


def _edition_name(node: Node, findings: Findings) -> str | None:
    """An edition's id: the name of a layout folder with a theme.yaml (the check stage looks for it)."""
    if isinstance(node.value, str) and NAME.fullmatch(node.value):
        return node.value
    findings.error(node.loc, f"an edition names a layout folder, so it is lowercase letters, digits and hyphens, "
                             f"got {describe(node.value)}")
    return None


def _printing(node: Node | None, findings: Findings) -> dict[str, Any]:
    """A game's own print options, with the command line's names: duplex, offset_x, offset_y, fold, bleed_mm."""
    if node is None:
        return {}
    f = Fields(node, "print", findings)
    options = {
        "duplex": f.choice("duplex", DUPLEX, default=None), "offset_x": f.number("offset_x", -20, 20, default=None),
        "offset_y": f.number("offset_y", -20, 20, default=None), "bleed_mm": f.number("bleed_mm", 0, 10, default=None),
    }
    fold = f.get("fold", required=False)
    if fold is not None:
        if isinstance(fold.value, bool):
            options["fold"] = fold.value
        else:
            findings.error(fold.loc, f"fold must be true or false, got {describe(fold.value)}")
    f.done()
    return {k: v for k, v in options.items() if v is not None}


def _with_cards(ctx: dict[str, Any], decks: dict[str, Deck], components: list[Component]) -> dict[str, Any]:
    """The parameters and the cards as checks see them ("{{ decks.explore.cards | length }} cards"), for the rules,
    which are the table's: never a deck a private or host component prints."""
    kept = kept_decks(components)
    return {"decks": {k: {"cards": [c.values for c in d.printed]} for k, d in decks.items() if d and k not in kept},
            **ctx}


def _deck_id(deck_id: str, key: Node, findings: Findings) -> bool:
    """A deck id names its export files (`<deck>-001-front.png`) and is checked where it is written."""
    if NAME.fullmatch(deck_id) and len(deck_id) <= MAX_ID:
        return True
    findings.error(key.loc, f"a deck id names its files, so it is lowercase letters, digits and hyphens, at most "
                            f"{MAX_ID} characters, got {describe(deck_id)}")
    return False


def _check(node: Node, findings: Findings) -> Check | None:
    f = Fields(node, "check", findings)
    that, message = f.text("that"), f.text("message")
    f.done()
    return Check(that, message, node.loc) if that and message else None


def _component(node: Node, findings: Findings) -> Component | None:
    f = Fields(node, "component", findings)
    cid, title, kind = f.text("id"), f.words("title"), f.choice("kind", COMPONENT_KINDS)
    decks = _component_decks(f, findings) if kind in DECKED else []
    board = _board(f, node, findings) if kind == "board" else None
    decks = [board[1]] if board is not None and board[1] else decks
    source = decks[0] if decks else f.text("sheet", None) if kind == "sheet" else None
    layout = f.text("layout", "") if kind in (BOX, TUCK_BOX) else f.text("layout")
    audience, handling = _audience(f, findings), f.text("handling", None)
    because = f.text("public_because", None)
    die, die_node = f.choice("die", DICE, default=None) if kind == "cards" else None, f.get("die", required=False)
    keys = read_box_keys(f, kind, findings) if kind in BOX_KINDS else {}
    printing = _printing(f.get("print", required=False), findings)
    optional = _flag(f.get("optional", required=False), "optional", findings)
    editions = [n.value for n in f.list("editions", required=False) if _edition_name(n, findings)]
    per_player = _flag(f.get("per_player", required=False), "per_player", findings)
    f.done()
    if cid and (not NAME.fullmatch(cid) or len(cid) > MAX_ID or cid in OWN_PART_NAMES):
        findings.error(node.value["id"].loc, f"a component id names its files, so it is lowercase letters, "
                                             f"digits and hyphens, at most {MAX_ID} characters, and not a part the "
                                             f"press makes itself ({', '.join(sorted(OWN_PART_NAMES))}); got "
                                             f"'{echoed(cid)}'")
        return None
    if layout and not NAME.fullmatch(layout):
        findings.error(node.value["layout"].loc, f"a layout names a layout file, so it is lowercase letters, digits "
                                                 f"and hyphens, got {describe(layout)}")
        return None
    if kind in DECKED and not source and not (kind == BOX and keys.get("inner_mm")):
        findings.error(node.loc, f"component {cid} of kind {kind} needs a 'deck' (or 'decks', a list)"
                                 + (" or 'inner_mm'" if kind == BOX else ""))
        return None  # nothing to size or print it by
    if kind == "sheet" and not source:
        findings.error(node.loc, f"component {cid} of kind sheet needs a 'sheet'")
    if not (cid and title and kind and (layout or kind in (BOX, TUCK_BOX))) or (kind == "board" and board is None):
        return None
    return Component(cid, title, kind, node.loc, source, layout, audience or PUBLIC, decks, handling, die,
                     die_node.loc if die_node is not None else None, board[0] if board is not None else None,
                     keys, printing, optional, editions,
                     node.value["audience"].loc if "audience" in node.value else None, because or "", per_player)


def _flag(node: Node | None, name: str, findings: Findings) -> bool:
    """A component's true-or-false key (`per_player: true`); false when not given or not true or false (said)."""
    if node is not None and not isinstance(node.value, bool):
        findings.error(node.loc, f"{name} must be true or false, got {describe(node.value)}")
    return node is not None and node.value is True


def _board(f: Fields, node: Node, findings: Findings) -> tuple[Board, str | None] | None:
    """A board's own keys (deckpress.layout.boards.schema): how it is cut or folded, and its deck if it reads one."""
    keys = read_keys(f, tuple(k for k in board_schema.COMPONENT if k.name != "fold"))
    fold = f.get("fold", required=False)  # a number in YAML, shown as a choice
    if fold is not None and (isinstance(fold.value, bool) or str(fold.value) not in ("2", "4")):
        findings.error(fold.loc, f"fold must be 2 or 4 (panels), got {describe(fold.value)}")
        fold = None
    overlap = keys["overlap_mm"]
    if overlap is None:
        return None
    return Board(float(overlap), int(fold.value) if fold is not None else 0, node.loc), keys["deck"]


def _audience(f: Fields, findings: Findings) -> str | None:
    """Who may see the component: `audience: public | private | host`. The `private: true` of earlier games is
    refused with the key to write instead, so secret material is never printed for the table by mistake."""
    audience: str | None = f.choice("audience", AUDIENCES, default=PUBLIC)
    old = f.get("private", required=False)
    if old is not None:
        findings.error(old.loc, "'private' is now 'audience': write 'audience: private' for a player's own material "
                                "(dealt face down), 'audience: host' for the host's alone, or 'audience: public'")
    return audience if old is None else HOST  # kept from the table until the designer says otherwise


def _component_decks(f: Fields, findings: Findings) -> list[str]:
    """A cards component's decks: `deck: harbour`, or `decks: [harbour, jokers]` imposed one after another."""
    one, many = f.get("deck", required=False), f.get("decks", required=False)
    if one is not None and many is not None:
        findings.error(many.loc, "a component takes 'deck' or 'decks', not both")
    if many is not None:
        items = as_list(many, "decks", findings) or []
        if many.is_list and not items:
            findings.error(many.loc, "decks must list at least one deck")
        named = [n for n in items if as_text(n, "deck", findings)]
        first = {n.value: n for n in reversed(named)}  # each deck's first naming: a later one's files would clash
        for node in (n for n in named if first[n.value] is not n):
            findings.error(node.loc, f"decks lists '{echoed(node.value)}' twice: a deck is printed once a component")
        return [n.value for n in named if first[n.value] is n]
    return [one.value] if one is not None and as_text(one, "deck", findings) else []


def _is_scalar(node: Node) -> bool:
    return isinstance(node.value, (str, int, float, bool))
