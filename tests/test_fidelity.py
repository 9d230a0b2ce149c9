"""The Pocket Bazaar reproduces the publisher's text word for word (tests/fixtures/seeds)."""

from __future__ import annotations

from conftest import CONTENT, FIXTURES
from deckpress.findings import Findings
from deckpress.loader import Loader

SEED = FIXTURES / "seeds" / "pocket-bazaar.txt"


def load():
    findings = Findings()
    game = Loader(findings).game(CONTENT / "pocket-bazaar", "content/pocket-bazaar")
    assert list(findings) == []
    return game


def rendered_lines(game) -> list[str]:
    """The rule text and the cards, in the order the publisher's document gives them."""
    rules = game.rules
    lines = [rules.kicker, game.title, rules.tagline, *rules.notes]
    for section in rules.sections:
        lines.append(section.heading)
        if section.items:
            lines.append("; ".join(section.items))
        lines += section.paragraphs
    for card in game.decks["lots"].cards:
        values = card.values
        lines += [f"COLLECTION: {values['collection']}", f"POINTS: {values['points']}", values["flavour"], values["reminder"]]
    return lines + [rules.colophon]


def test_rules_and_cards_match_the_publishers_text_line_for_line():
    expected = SEED.read_text(encoding="utf-8").splitlines()
    assert rendered_lines(load()) == expected


def test_the_numbers_in_the_rules_follow_the_parameters():
    game = load()
    assert game.params["budget"] == 12
    finder = Findings()
    loader = Loader(finder)
    text = (CONTENT / "pocket-bazaar" / "rules.yaml").read_text(encoding="utf-8")
    assert "{{ budget }}" in text and " 12 " not in text.replace("12, 12, 12", "")
    assert loader.templates.render("{{ budget | words | capitalize }}", {"budget": 10}, game.loc, finder) == "Ten"
