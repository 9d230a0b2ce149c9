"""The starting game's own files when its deck comes from a spreadsheet: the template's game.yaml and rules with
the starter's suits, ranks and suit icons taken out, so the new game holds only what the spreadsheet gives."""

from __future__ import annotations

from deckpress.scaffold.from_sheet import PLAYERS, SheetDeck

PALETTE = 'colours:\n  night: "#1f2a44"   # the card backs (layouts/<edition>/card-back.yaml)\n'
SUIT_CHECK = "  - that: suit_colours"  # the starter's check of its suits, and the message line after it


def game_yaml(deck: SheetDeck, text: str) -> str:
    """game.yaml: the title and editions as the template has them, then the spreadsheet's deck and parameters."""
    head, rest = text.split("\ncolours:\n", 1)
    checks = rest[rest.index("\nchecks:\n"):].splitlines()
    at = next(i for i, line in enumerate(checks) if line.startswith(SUIT_CHECK))
    del checks[at:at + 2]
    head = head.replace("A small card game of suits and ranks.",
                        f"A card game, its cards in {deck.file} (from {deck.source.name}).")
    return (f"{head}\n{PALETTE}\nparameters:\n  players: {PLAYERS}\n{deck.parameters_yaml()}\n{deck.deck_yaml()}"
            + "\n".join(checks) + "\n")


def rules_yaml(deck: SheetDeck, text: str) -> str:
    """rules.yaml: what to write, where the template tells of its suits and ranks."""
    head = text.split("\ntagline:", 1)[0]
    return (f"{head}\ntagline: \"For {{{{ players | words }}}} players or more.\"\n\n"
            "sections:\n"
            "  - heading: What you need\n"
            "    items:\n"
            "      - The cards, cut apart\n"
            "      - A score sheet and a pen\n\n"
            "  - heading: Play\n"
            f"    text: How the game is played, in a few paragraphs. The cards come from {deck.file}.\n\n"
            "  - id: reminder\n"
            "    heading: Reminder\n"
            "    kind: reminder\n"
            "    text: A reminder of the rules, printed on the score sheet.\n")
