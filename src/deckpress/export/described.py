"""A card's full text for the table (a Tabletop Simulator card's `Description`): what the layout stage reads on
it (deckpress.layout.readings, as the text edition and the tagged PDFs say it), as plain lines, never the glyphs
printed nor the text edition's markup. Its front and, where its deck's backs differ, its back."""

from __future__ import annotations

from collections.abc import Callable

from deckpress.layout.elements.kind import Reading
from deckpress.layout.readings import Said, read_face
from deckpress.model import Card, CardLayout, Edition, Game
from deckpress.publish import phrases
from deckpress.templating import Templates


def describer(game: Game, edition: Edition, templates: Templates, layout: CardLayout) -> Callable[[str, Card], str]:
    """deck id, card -> the card's text, read through `layout` (its component's) and its deck's back layout."""
    say = phrases(game.language)

    def described(deck: str, card: Card) -> str:
        reading = Reading(card, templates.card(game.params, card.values, card.index), game.params, say)
        lines = said_lines(read_face(reading, layout))
        back = game.decks[deck].back
        back_layout = edition.layouts.get(back.layout) if back is not None and game.decks[deck].backs_differ else None
        if isinstance(back_layout, CardLayout) and (behind := said_lines(read_face(reading, back_layout))):
            lines += [say("export_tts_back"), *behind]
        return "\n".join(lines)

    return described


def said_lines(said: Said) -> list[str]:
    """A line for each line read: a paragraph's breaks are lines too; a table a line a column, its head first
    (`Left: 0, 1, 2, 3, 4+`), as its columns are printed side by side."""
    lines: list[str] = []
    for part in said:
        if part.rows:
            columns = zip(*part.rows, strict=False)
            lines += [f"{column[0]}: {', '.join(c for c in column[1:] if c)}" for column in columns]
        else:
            lines += [line.strip() for text in part.lines for line in text.split("\n")]
    return [line for line in lines if line]
