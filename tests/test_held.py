"""An edition's papers share what a card face's laying out works out from the card alone (deckpress.layout.held):
each face's words are read once for A4 and Letter, and the type set on one stands for the other; the pages and
the findings are those of papers laid out apart."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import loaded

import deckpress.layout.face as face
from deckpress.findings import Findings
from deckpress.layout import held as held_module
from deckpress.layout.held import HELD_LIMIT, Held, Said
from deckpress.layout.plan import lay_out_game
from deckpress.model import Style

PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def press():
    game, edition, templates = loaded("stone-market")
    decks = [c for c in game.components if c.kind == "cards"]  # the faces: the rules and sheets are not theirs
    return dataclasses.replace(game, components=decks), edition, templates


def _laid_out(press, held_for_both: bool) -> tuple[list[str], Findings]:
    """Every page's ops and structure, A4's then Letter's, written out to the last digit, and what was found: the
    papers sharing one store, or each its own (as they were laid out before)."""
    game, edition, templates = press
    findings, shared = Findings(), Held(len(PAPERS))
    pages = []
    for paper in PAPERS:
        for doc in lay_out_game(game, edition, paper, templates, findings, proof_backs=paper == PAPERS[0],
                                held=shared if held_for_both else Held()):
            pages += [repr([p.ops, p.tags, p.sources, p.found, p.cells, p.backs]) for p in doc.pages]
    return pages, findings


def test_both_papers_read_each_face_once_and_lay_out_what_papers_apart_do(press, monkeypatch):
    apart, found_apart = _laid_out(press, held_for_both=False)
    read = []
    spoken = face.spoken
    monkeypatch.setattr(face, "spoken", lambda job, card, texts, layout: read.append((card, layout)) or
                        spoken(job, card, texts, layout))
    shared, found_shared = _laid_out(press, held_for_both=True)
    assert shared == apart  # the same ops at the same places, the same structure, on every page of both papers
    assert list(found_shared) == list(found_apart)
    faces = {(id(card), id(layout)) for card, layout in read}
    assert read and len(read) == len(faces)  # no face read twice: not for the other paper, nor a card's copy


def test_a_text_too_long_is_said_on_every_paper_in_its_place(press):
    game, edition, templates = press
    layout = edition.layouts["ware-card"]
    reminder = next(e for e in layout.elements if e.name == "reminder")
    long = dataclasses.replace(reminder, keys={**reminder.keys, "text": "Pay exactly these stones. " * 30})
    changed = dataclasses.replace(layout, elements=[long if e is reminder else e for e in layout.elements])
    edition = dataclasses.replace(edition, layouts={**edition.layouts, "ware-card": changed})
    plain, findings = _laid_out((game, edition, templates), held_for_both=False)
    shared, found = _laid_out((game, edition, templates), held_for_both=True)
    assert shared == plain
    assert list(found) == list(findings)
    assert any("text does not fit" in f.message for f in found)


def test_only_the_last_face_is_held_on_one_paper_and_a_bounded_number_on_two(monkeypatch):
    layout = object()
    cards = [object() for _ in range(5)]
    one, two = Held(1), Held(2)
    for card in cards:
        for held in (one, two):
            held.hold(Said(card, layout, ("a",), frozenset()))  # type: ignore[arg-type]
    assert len(one.said) == 1 and one.words(cards[-1], layout) is not None  # type: ignore[arg-type]
    assert one.words(cards[0], layout) is None  # type: ignore[arg-type]
    assert all(two.words(card, layout) is not None for card in cards)  # type: ignore[arg-type]
    monkeypatch.setattr(held_module, "HELD_LIMIT", 3)
    small = Held(2)
    for card in cards:
        small.hold(Said(card, layout, ("a",), frozenset()))  # type: ignore[arg-type]
    assert len(small.said) <= 3
    assert all(small.words(c, layout) is not None for c in cards[:3])  # type: ignore[arg-type]  # the first: met again
    assert HELD_LIMIT >= 1_000  # a catalogue deck's faces, not a 24,000-card deck's


def test_words_are_held_with_their_card_not_one_like_it():
    layout, card = object(), object()
    held = Held(2)
    held.hold(Said(card, layout, ("a",), frozenset()))  # type: ignore[arg-type]
    assert held.words(object(), layout) is None  # type: ignore[arg-type]
    assert held.words(card, object()) is None  # type: ignore[arg-type]


def test_a_forme_set_on_one_paper_stands_for_the_other(press):
    game, edition, templates = press
    shared = Held(2)
    for paper in PAPERS:
        for doc in lay_out_game(game, edition, paper, templates, Findings(), held=shared):
            list(doc.pages)
        if paper == PAPERS[0]:
            kept = dict(shared.rack.kept)
    assert kept and all(shared.rack.kept.get(key) is value for key, value in kept.items())
    assert len(shared.rack.kept) == len(kept)  # the second paper set no forme of its own: it took the first's
    assert all(isinstance(key[2], Style) for key in kept)
