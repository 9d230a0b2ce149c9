"""Colours given through a parameter mapping named for them (`terrain_colours: {Forest: forest-green, ...}`): a
name the palette lacks is said once, where the mapping writes it, naming the cards that use it. Every layout element
that looks the name up would otherwise say it again, at the layout, for each edition."""

from __future__ import annotations

from deckpress.colour import BUILT_IN, UNREADABLE, Colour, known
from deckpress.findings import Findings
from deckpress.hints.spelling import british, did_you_mean
from deckpress.model import Edition, Game

HEX = "#"


def check_colour_mappings(game: Game, editions: dict[str, Edition], building: list[str], findings: Findings) -> None:
    """Each mapping parameter that gives colours (its name says so: `_gives_colours`) names only
    colours the game's palette or a built edition's theme has; a name it lacks stands for `UNREADABLE` after."""
    themes = [editions[name].theme.colours for name in building if name in editions]
    palettes = [game.colours, *themes]
    names = known(*palettes)
    for param, entries in game.param_entries.items():
        values = game.params.get(param)
        if not isinstance(values, dict) or not _gives_colours(param):
            continue
        for key, value in values.items():
            if _unknown(value, palettes):
                findings.error(entries.get(str(key), game.loc), _missing(game, param, key, str(value), names))
                game.colours[str(value)] = UNREADABLE  # said here: not again at every element that looks it up


def _gives_colours(param: str) -> bool:
    """Its name says colour (`terrain_colours`, `suit_color`): a mapping's values alone do not tell, as an icon
    may share a colour's name (`suit_icons: {Flowers: poppy}` beside a palette's `poppy`)."""
    return "colour" in british(param)


def _unknown(value: object, palettes: list[dict[str, Colour]]) -> bool:
    if not isinstance(value, str) or value.strip().startswith(HEX):
        return False  # a number is no colour name to look up; #rrggbb is checked where it is drawn
    return not any(value.strip() in palette for palette in (*palettes, BUILT_IN))


def _missing(game: Game, param: str, key: str, value: str, names: list[str]) -> str:
    cards = [card.label for deck in game.decks.values() for card in deck.cards
             if any(str(v) == key for v in card.values.values() if isinstance(v, (str, int)))]
    used = f" (used by {_cards(cards)})" if cards else ""
    return (f"{param} gives {key} the colour '{value}', which the palette does not have (known: {', '.join(names)}, "
            f"or #rrggbb){did_you_mean(value, names)}{used}")


def _cards(labels: list[str]) -> str:
    shown = 3
    if len(labels) == 1:
        return f"card {labels[0]}"
    if len(labels) > shown + 1:
        return f"cards {', '.join(labels[:shown])} and {len(labels) - shown} more"
    return f"cards {', '.join(labels[:-1])} and {labels[-1]}"
