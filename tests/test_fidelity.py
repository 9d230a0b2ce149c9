"""The Pocket Bazaar reproduces the publisher's text word for word (tests/fixtures/seeds)."""

from __future__ import annotations

from conftest import CONTENT, FIXTURES

from deckpress.findings import Findings
from deckpress.load import load_game
from deckpress.templating import Templates

SEEDS = FIXTURES / "seeds"


def load(game_id: str):
    findings = Findings()
    game = load_game(CONTENT / game_id, f"content/{game_id}", findings, Templates())
    assert list(findings) == []
    return game


def rendered_lines(game, card_lines, list_style) -> list[str]:
    """The rule text with the cards after the printable section, in the order of the publisher's document."""
    rules = game.rules
    lines = [rules.kicker, game.title, rules.tagline, *rules.notes]
    for section in rules.sections:
        if section.heading:
            lines.append(section.heading)
        lines += list_style([item.text for item in section.items])
        lines += section.paragraphs
        if section.id == "printable":
            lines += card_lines(game)
    return lines + [rules.colophon]


def lot_lines(game) -> list[str]:
    lines = []
    for card in game.decks["lots"].cards:
        v = card.values
        lines += [f"COLLECTION: {v['collection']}", f"POINTS: {v['points']}", v["flavour"], v["reminder"]]
    return lines


def desk_lines(game) -> list[str]:
    lines = []
    for card in game.decks["desk-cards"].cards:
        v = card.values
        records = "; ".join(f"{code} = {value}" for code, value in v["records"].items())
        lines += [f"Market {v['market']} / private desk {v['desk']}",
                  f"YOUR ORIGINAL RECORDS: {records}. YOUR THREE REQUESTS: {', '.join(v['requests'])}. {v['reminder']}"]
    return lines


def test_pocket_bazaar_matches_the_publishers_text_line_for_line():
    expected = (SEEDS / "pocket-bazaar.txt").read_text(encoding="utf-8").splitlines()
    joined = lambda items: ["; ".join(items)] if items else []  # noqa: E731
    assert rendered_lines(load("pocket-bazaar"), lot_lines, joined) == expected


def test_open_secret_exchange_matches_the_publishers_text_line_for_line():
    expected = (SEEDS / "open-secret-exchange.txt").read_text(encoding="utf-8").splitlines()
    dashed = lambda items: [f"- {item}" for item in items]  # noqa: E731
    assert rendered_lines(load("open-secret-exchange"), desk_lines, dashed) == expected


def test_the_numbers_in_the_rules_follow_the_parameters():
    game = load("pocket-bazaar")
    assert game.params["budget"] == 12
    finder = Findings()
    text = (CONTENT / "pocket-bazaar" / "rules.yaml").read_text(encoding="utf-8")
    assert "{{ budget }}" in text and " 12 " not in text.replace("12, 12, 12", "")
    assert Templates().render("{{ budget | words | capitalize }}", {"budget": 10}, game.loc, finder) == "Ten"
