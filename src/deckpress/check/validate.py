"""Validate stage: every rule a game must meet before anything is drawn.

Generic checks need no Python per game: card counts, allowed values, unique and complete combinations
(`check.decks`), parameter checks written as expressions, components that name what exists. Game-specific
checks plug in by name (`plugins:` in game.yaml) from the registry in `deckpress.check.plugins`.
"""

from __future__ import annotations

import re

from deckpress.check import plugins
from deckpress.check.backs import check_backs, layout_files
from deckpress.check.colours import check_colour_mappings
from deckpress.check.decks import check_deck
from deckpress.check.plugins import PLUGINS
from deckpress.findings import Findings, Loc
from deckpress.hints.spelling import did_you_mean
from deckpress.layout.boxes.schema import STANDEE
from deckpress.layout.plan import PRINT_CHECK_LAYOUT, of_kind
from deckpress.model import CardLayout, Component, Edition, Game
from deckpress.templating import Templates

DECKS = re.compile(r"\bdecks\b")
# Cards a deck and a game may print, copies counted: past these a deck is not a game's (24,000 cards of one deck
# build within memory; checking more would take minutes)
MAX_DECK_PRINTED = 30_000
MAX_GAME_PRINTED = 60_000


def validate_game(game: Game, editions: dict[str, Edition], templates: Templates, findings: Findings,
                  building: list[str] | None = None) -> bool:
    """Check `game`; layouts are checked for the editions being built (`building`, default all it defines). False
    when it prints more cards than the press takes: said, and nothing more is checked or laid out."""
    if not _printable(game, findings):
        return False
    for deck in game.decks.values():
        check_deck(game, deck, templates, findings)
    _checks(game, templates, findings)
    building = game.editions if building is None else building
    check_colour_mappings(game, editions, building, findings)
    check_backs(game, editions, building, templates, findings)
    ids = set()
    for c in game.components:
        if c.id in ids:
            findings.error(c.loc, f"component id '{c.id}' is used twice")
        ids.add(c.id)
        _component(game, c, findings)
        _component_layouts(c, editions, building, findings)
    _editions(game, editions, building, findings)
    _plugins(game, findings)
    return True


def _printable(game: Game, findings: Findings) -> bool:
    """Whether the game's decks print no more cards than the press takes; else said, and nothing else is checked."""
    totals = {deck.id: sum(card.copies for card in deck.cards) for deck in game.decks.values()}
    over = [d for d in game.decks.values() if totals[d.id] > MAX_DECK_PRINTED]
    for deck in over:
        findings.error(deck.loc, f"deck {deck.id} prints {totals[deck.id]:,} cards, copies counted; a deck may print "
                                 f"at most {MAX_DECK_PRINTED:,}")
    if not over and sum(totals.values()) > MAX_GAME_PRINTED:
        findings.error(game.loc, f"the game prints {sum(totals.values()):,} cards, copies counted; a game may print "
                                 f"at most {MAX_GAME_PRINTED:,}")
        return False
    return not over


def _checks(game: Game, templates: Templates, findings: Findings) -> None:
    """The game's `checks`, over its parameters and its decks' cards (`decks.harbour.cards`, copies counted). A
    check that reads the decks waits while a deck's card file cannot be read (that is reported already)."""
    context = {"decks": game.deck_values(), **game.params}
    unread = any(not deck.read for deck in game.decks.values())
    invalid = _invalid_fields(game)
    for check in game.checks:
        if DECKS.search(check.that) and (unread or invalid.search(check.that)):
            continue
        if templates.evaluate(check.that, context, check.loc, findings) is False:
            message = templates.render(check.message, context, check.loc, findings)
            findings.error(check.loc, message or check.that)


def _invalid_fields(game: Game) -> re.Pattern[str]:
    """The fields some card has in error (out of range, missing), as a pattern finding them in a check: a check
    over them waits, as its sum or comparison would fail on the missing value and only repeat that finding."""
    names = sorted({name for deck in game.decks.values() for card in deck.cards if not card.valid
                    for name in deck.fields if card.values.get(name) is None})
    return re.compile(rf"\b(?:{'|'.join(map(re.escape, names))})\b" if names else r"(?!)")


def _sound_values(game: Game) -> set[Loc]:
    """Where the cards' values that were read without error are written."""
    return {loc for deck in game.decks.values() for card in deck.cards for name, loc in card.locs.items()
            if card.values.get(name.split(".")[0].split("[")[0]) is not None}


def _component(game: Game, c: Component, findings: Findings) -> None:
    """A component names decks or a sheet the game defines, or rule text it has."""
    for deck in c.decks:
        if deck not in game.decks:
            findings.error(c.loc, f"component {c.id} names deck '{deck}', which the game does not define"
                                  f"{did_you_mean(deck, game.decks)}")
        elif c.kind == STANDEE and c.keys.get("back") == "deck" and game.decks[deck].back is None:
            findings.error(c.loc, f"standee {c.id} takes its back from deck {deck} (back: deck), which has none")
    if c.kind == "sheet" and c.source not in game.sheets and not game.sheets_unread:
        findings.error(c.loc, f"component {c.id} names sheet '{c.source}', which the game does not define"
                              f"{did_you_mean(str(c.source), game.sheets)}")
    for edition in c.editions:
        if edition not in game.editions:
            findings.error(c.loc, f"component {c.id} is built in edition '{edition}', which the game does not have "
                                  f"(editions: {', '.join(game.editions)})")
    if c.kind == "rules" and game.rules is None and not game.rules_unread:
        findings.error(c.loc, f"component {c.id} needs rule text: set 'rules' in game.yaml")


def _component_layouts(c: Component, editions: dict[str, Edition], building: list[str], findings: Findings) -> None:
    """Each edition being built has the component's layout, of its kind (a broken one is already reported)."""
    for name in building:
        edition = editions.get(name)
        if edition is None or not c.built_in(name):
            continue
        _panels(c, edition, name, findings)
        if not c.layout or c.layout in edition.broken:
            continue
        layout = edition.layouts.get(c.layout)
        if layout is None:
            findings.error(c.loc, f"layout '{c.layout}' not found for the {name} edition"
                                  f"{did_you_mean(c.layout, layout_files(edition))}")
        elif not of_kind(layout, c.kind):
            findings.error(c.loc, f"layout '{c.layout}' is not a {c.kind} layout")
        elif isinstance(layout, CardLayout) and layout.corner_radius > min(layout.size) / 2:
            findings.error(layout.loc, f"layout '{c.layout}': corner_radius_mm must be at most half the card's "
                                       f"shorter side ({min(layout.size) / 2:g} mm), got {layout.corner_radius:g}")


def _panels(c: Component, edition: Edition, name: str, findings: Findings) -> None:
    """A box's panels name card layouts of each edition being built."""
    for panel, (layout, loc) in c.keys.get("panels", {}).items():
        if layout in edition.broken:
            continue
        if layout not in edition.layouts:
            findings.error(loc, f"panel {panel}: layout '{layout}' not found for the {name} edition")
        elif not isinstance(edition.layouts[layout], CardLayout):
            findings.error(loc, f"panel {panel}: layout '{layout}' is not a card layout")


def _editions(game: Game, editions: dict[str, Edition], building: list[str], findings: Findings) -> None:
    """Each edition being built has layouts, and a print-check page for its kits."""
    for name in building:
        edition = editions.get(name)
        if edition is None:
            findings.error(game.loc, f"no layouts for the {name} edition (a folder {name}/ with theme.yaml)")
        elif PRINT_CHECK_LAYOUT not in edition.layouts:
            findings.error(edition.theme.loc,
                           f"the {name} edition needs a '{PRINT_CHECK_LAYOUT}' sheet layout for kits")


def _plugins(game: Game, findings: Findings) -> None:
    """The game's own checks, by name; each may publish data for its sheets (`game.derived`). While a card is in
    error (said where it is written), only what they find at a card's sound value is said: a sum over a deck, say,
    would only repeat the card's finding in other words."""
    invalid = any(not card.valid for deck in game.decks.values() for card in deck.cards)
    for name, loc in game.plugins:
        check = plugins.named(name)
        if check is not None:
            found = Findings()
            game.derived.update(check(game, found) or {})
            sound = _sound_values(game) if invalid else set()
            findings.extend(f for f in found if not invalid or f.loc in sound)
        else:
            findings.error(loc, f"unknown check plugin '{name}' (known: {', '.join(sorted(PLUGINS)) or 'none'})")
