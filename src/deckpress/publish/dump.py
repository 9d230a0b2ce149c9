"""The validated model as plain data, for `deckpress dump` and for other tools."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from deckpress.model import Block, Game


def dump(game: Game) -> dict[str, Any]:
    return {
        "game": game.id,
        "title": game.title,
        "publisher": game.publisher,
        "subject": game.subject,
        "language": game.language,
        "editions": game.editions,
        "parameters": {k: v for k, v in game.params.items() if not k.startswith("_")},  # not the press's own
        "decks": {d.id: [card.values for card in d.cards] for d in game.decks.values()},
        "components": [{"id": c.id, "title": c.title, "kind": c.kind, "layout": c.layout} for c in game.components],
        "sheets": {
            s.id: [[_block(b) for b in blocks] for blocks in s.copies] for s in game.sheets.values()
        },
        **game.derived,  # what check plugins publish: routes, colours, exchange cards, wares
        "rules": None if game.rules is None else {
            "kicker": game.rules.kicker,
            "tagline": game.rules.tagline,
            "notes": game.rules.notes,
            "sections": [
                {k: v for k, v in asdict(s).items() if k != "loc"} for s in game.rules.sections
            ],
            "colophon": game.rules.colophon,
        },
    }


def _block(block: Block) -> dict[str, Any]:
    return {k: v for k, v in asdict(block).items() if k != "loc" and v not in ("", [], None)}
