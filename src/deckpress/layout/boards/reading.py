"""A board as the text edition reads it: once, through its layout, as a card is read (however many pieces it is
printed in)."""

from __future__ import annotations

from collections.abc import Callable

from deckpress.layout.elements.kind import Reading
from deckpress.layout.readings import ReadCard, ReadDeck, read_deck, read_face
from deckpress.model import Card, CardLayout, Component, Edition, Game
from deckpress.templating import Templates


def read_board(game: Game, component: Component, edition: Edition | None, templates: Templates | None,
               say: Callable[..., str]) -> ReadDeck:
    """The board's reading: its deck's cards (a board each) or, without a deck, the board drawn with the game's
    parameters."""
    if component.decks:
        return read_deck(game, component, edition, templates, say)
    layout = edition.layouts.get(component.layout) if edition else None
    if templates is None or not isinstance(layout, CardLayout):
        return ReadDeck(component.title)
    card = Card(1, {}, {}, component.loc, component.title)
    reading = Reading(card, templates.card(game.params, card.values, card.index), game.params, say)
    return ReadDeck(component.title, [ReadCard(read_face(reading, layout), ())])
