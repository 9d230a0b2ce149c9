"""A small game of our own for the deck and back tests, written into a tmp folder: two suits of three ranks and
two Jokers (one entry, `copies: 2`), a card layout of its own, and a back layout that prints each card's name."""

from __future__ import annotations

from pathlib import Path

from conftest import LAYOUTS

from deckpress.cli import main

GAME = """\
title: Harbour
publisher: Round & Revel
subject: A test deck of two suits and two Jokers.
language: en
editions: [standard]
parameters:
  suits: [Anchors, Bells, Joker]
decks:
  harbour:
    card: card
    file: harbour.yaml
    count: 8
    label: "{{ suit }} {{ rank }}"
    fields:
      suit: {type: choice, from: suits}
      rank: {type: int, min: 1, max: 3}
      points: {type: int, min: 0, max: 20}
    grid: {fields: [suit, rank], where: "card.suit != 'Joker'"}
checks:
  - that: "decks.harbour.cards | length == 8"
    message: "the harbour deck prints {{ decks.harbour.cards | length }} cards"
  - that: "decks.harbour.cards | sum(attribute='points') == 12"
    message: "the points add up to {{ decks.harbour.cards | sum(attribute='points') }}, not 12"
components:
  - {id: harbour, title: Harbour cards, kind: cards, deck: harbour, layout: harbour-card}
"""

CARDS = """\
cards:
  - {suit: Anchors, rank: 1, points: 1}
  - {suit: Anchors, rank: 2, points: 2}
  - {suit: Anchors, rank: 3, points: 3}
  - {suit: Bells, rank: 1, points: 1}
  - {suit: Bells, rank: 2, points: 2}
  - {suit: Bells, rank: 3, points: 3}
  - {suit: Joker, rank: 1, points: 0, copies: 2}
"""

FACE = """\
kind: card
size_mm: [60, 80]
grid: [3, 3]
elements:
  - name: name
    text: "F{{ card.suit }}{{ card.rank }}"
    box_mm: [5, 5, 50, 10]
    style: {font: bold, size: 12}
"""

BACK = """\
kind: card
extends: harbour-card
elements:
  - name: name
    text: "B{{ card.suit }}{{ card.rank }}"
    box_mm: [5, 5, 50, 10]
    style: {font: bold, size: 12}
"""


def harbour(root: Path, game: str = GAME, cards: str = CARDS, face: str = FACE) -> Path:
    """The game in root/content/harbour, its layouts in its own folder; returns the content folder."""
    folder = root / "content" / "harbour"
    (folder / "layouts" / "standard").mkdir(parents=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "harbour.yaml").write_text(cards, encoding="utf-8")
    (folder / "layouts" / "standard" / "harbour-card.yaml").write_text(face, encoding="utf-8")
    (folder / "layouts" / "standard" / "harbour-back.yaml").write_text(BACK, encoding="utf-8")
    return root / "content"


def run(root: Path, command: str, *args: str) -> int:
    """`deckpress COMMAND` over root/content with the shared layouts; a build goes to root/build, A4 only."""
    where = ["--content", str(root / "content"), "--layouts", str(LAYOUTS)]
    if command == "build":
        where += ["--out", str(root / "build"), "--paper", "a4", "--jobs", "1"]
    return main([command, *where, *args])


def errors(capsys) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]


def line_in(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)
