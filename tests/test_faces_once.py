"""What a card face's laying out works out once, not card by card, gives what working it out on every card gave:
the plainest elements drawn straight by their kind, a kind that reads nothing left unread, a row of symbols read
once for every card that has it and its stones looked up once a job, a line's words found within another's at
once, and a text's width measured once for the overlap check."""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

import pytest
from conftest import CONTENT, LAYOUTS, loaded

import deckpress.layout.face as face
import deckpress.layout.spoken as spoken_module
from deckpress.findings import Findings
from deckpress.layout import outlines
from deckpress.layout.context import Job
from deckpress.layout.elements import KINDS
from deckpress.layout.elements.kind import Face, Reading
from deckpress.layout.imposition import PrintSetup
from deckpress.layout.page import Drawing, Text
from deckpress.layout.plan import lay_out_game
from deckpress.layout.said_once import unrepeated
from deckpress.layout.spoken import Voice
from deckpress.layout.text import Typesetter
from deckpress.load import load_edition, load_game
from deckpress.load.art import Artwork
from deckpress.model import CardLayout
from deckpress.templating import Templates
from deckpress.words import say


def _pages(game_id: str, bleed: float, background: str | None) -> tuple[list[str], list[object]]:
    """Every card page of the game's decks on A4, written out to the last digit, and what was found: bled by
    `bleed` (each face with a band across its head, art that runs on into the bleed), on a `background` if
    given."""
    game, edition, templates = loaded(game_id)
    decks = dataclasses.replace(game, components=[c for c in game.components if c.kind == "cards"])
    layouts = {name: _varied(layout, bleed, background) if isinstance(layout, CardLayout) else layout
               for name, layout in edition.layouts.items()}
    findings = Findings()
    pages = [repr([p.ops, p.tags, p.sources, p.found]) for doc in lay_out_game(
        decks, dataclasses.replace(edition, layouts=layouts), "a4", templates, findings,
        PrintSetup(duplex="long-edge", bleed=bleed)) for p in doc.pages]
    return pages, list(findings)


def _varied(layout: CardLayout, bleed: float, background: str | None) -> CardLayout:
    first = layout.elements[0]
    band = dataclasses.replace(first, name="band", box=(0.0, 0.0, layout.size[0], 2.0), kind="box", keys={
        "shape": "rect", "fill": "#204080", "stroke": None, "stroke_pt": None, "corner_radius_mm": 0.0},
        colour=None, rotate=0, when=None)
    return dataclasses.replace(layout, background=background, elements=[band, *layout.elements] if bleed else
                               layout.elements)


@pytest.mark.parametrize("bleed, background", [(0.0, None), (3.0, None), (0.0, "#202020")])
@pytest.mark.parametrize("game_id", ["pocket-bazaar", "stone-market"])
def test_the_plainest_elements_drawn_straight_are_drawn_as_placing_them_draws_them(game_id, bleed, background,
                                                                                     monkeypatch):
    straight = _pages(game_id, bleed, background)
    assert background is None or straight[1]  # black on a dark ground: held to the contrast minimum, and found
    of = face.Plan.of
    monkeypatch.setattr(face.Plan, "of", classmethod(lambda cls, layout: dataclasses.replace(
        of(layout), plain=(None,) * len(layout.elements))))  # every element placed, as before the plan knew
    assert _pages(game_id, bleed, background) == straight


@pytest.mark.parametrize("game_id", ["open-secret-exchange", "stone-market"])
def test_a_kind_that_reads_nothing_is_left_unread_and_says_what_reading_it_said(game_id, monkeypatch):
    game, edition, templates = _decks(game_id)
    layouts = [edition.layouts[c.layout] for c in game.components if c.kind == "cards"]
    voices = [Voice(layout) for layout in layouts]
    assert game_id != "open-secret-exchange" or any(hook is None for v in voices for _, hook in v.hooks)  # a pattern
    read = []
    for every in (False, True):
        if every:  # every element read, as before: the same words, the same left unread
            monkeypatch.setattr(spoken_module, "Voice", _every_hook(Voice))
        read.append(_spoken(game, edition, templates))
    assert read[0] == read[1] and read[0]


def _decks(game_id: str) -> tuple[Any, Any, Templates]:
    """A shipped game with the layouts of its decks: its sheets left as written (they are no faces)."""
    findings, templates = Findings(), Templates()
    game = load_game(CONTENT / game_id, f"content/{game_id}", findings, templates)
    edition = load_edition([LAYOUTS], "standard", {c.layout for c in game.components if c.kind == "cards"}, findings)
    assert list(findings) == []
    return game, edition, templates


def _every_hook(voice: type[Voice]) -> type[Voice]:
    class Every(voice):  # type: ignore[valid-type, misc]
        def __init__(self, layout):  # type: ignore[no-untyped-def]
            super().__init__(layout)
            self.hooks = [(e, KINDS[e.kind].read) for e in layout.elements]
    return Every


def _spoken(game, edition, templates) -> list[tuple[list[str], frozenset[int]]]:  # type: ignore[no-untyped-def]
    """Every card's words as its face speaks them, deck after deck, through a job of its own."""
    said = []
    for component in (c for c in game.components if c.kind == "cards"):
        job = _job(game, edition, templates)
        layout = edition.layouts[component.layout]
        for deck in (game.decks[d] for d in component.decks):
            said += [spoken_module.spoken(job, card, job.texts(card), layout) for card in deck.cards if card.valid]
    return said


def _job(game, edition, templates) -> Job:  # type: ignore[no-untyped-def]
    return Job(Typesetter(edition.theme, Findings(), game.named, "cards"), "a4", game.language, templates,
               game.params)


def test_a_row_of_symbols_read_once_reads_as_on_every_card_and_afresh_in_other_words():
    game, edition, templates = loaded("stone-market")
    layout = edition.layouts["stone-token"]
    symbol = next(e for e in layout.elements if e.kind == "symbol rows")
    kind, voice = KINDS[symbol.kind], Voice(layout)
    tokens = [c for c in game.decks["tokens"].cards if c.valid]

    def read(card, params, language, alike=True):  # type: ignore[no-untyped-def]
        return kind.read(Reading(card, templates.card(params, card.values, card.index), params,
                                 lambda key, **values: say(language, key, **values),
                                 alike=voice.alike(params, language) if alike else None), symbol)

    alone = [read(c, game.params, game.language, alike=False) for c in tokens]
    assert [read(c, game.params, game.language) for c in tokens] == alone and alone[0]
    assert 0 < len(voice.store[2]) < len(tokens)  # a letter met again was not read again
    renamed = {**game.params, "stone_letters": {f"Stone {v}": v for v in game.params["stone_letters"].values()}}
    said = read(tokens[0], renamed, game.language)  # the same element and row, other parameters: read afresh
    assert said is not None and said[0].startswith("Stone ") and said != alone[0]
    assert voice.alike(renamed, "de") is not voice.alike(renamed, game.language)  # other words: a store apart


def test_a_jobs_stones_are_its_elements_own():
    game, edition, templates = loaded("stone-market")
    first, like = object(), object()
    job = _job(game, edition, templates)
    assert job.of_element(first, lambda: "made") == "made"
    assert job.of_element(first, lambda: "again") == "made"  # made once a job
    assert job.of_element(like, lambda: "its own") == "its own"  # another element, however like the first
    job.kept[id(like)] = (first, "stale")  # held under its id for another element (an id freed and taken again)
    assert job.of_element(like, lambda: "fresh") == "fresh"

    symbol = next(e for e in edition.layouts["stone-token"].elements if e.kind == "symbol rows")
    marked = dataclasses.replace(symbol, keys={**symbol.keys, "marks": "omega"})  # another element, other marks
    job.params = {**game.params, "omega": {letter: "Ω" for letter in game.params["stone_letters"].values()}}
    job.ts.icons = Artwork.of(game, Findings()).icons(edition.folders)
    card = next(c for c in game.decks["tokens"].cards if c.valid)
    printed = []
    for element in (symbol, marked, symbol):
        d = Drawing((210.0, 297.0))
        KINDS[element.kind].draw(Face(d, job, card, job.texts(card)), element, element.box)
        printed.append([op.text for op in d.page.ops if isinstance(op, Text)])
    assert printed[0] == printed[2] == [card.values["letter"]] and printed[1] == ["Ω"]


class _Part(NamedTuple):
    lines: tuple[str, ...]


def test_a_line_whose_words_stand_within_another_is_left_out_and_none_other_is():
    game, edition, templates = loaded("pocket-bazaar")
    layout = edition.layouts["lot-card"]
    points, in_words, flavour, collection, picture = (next(e for e in layout.elements if e.name == n) for n in (
        "points", "points in words", "flavour", "collection", "pictogram"))
    card = next(c for c in game.decks["lots"].cards if c.values["points"] == 3 and
                c.values["collection"] == "Lanterns")
    reading = Reading(card, templates.card(game.params, card.values, card.index), game.params,
                      lambda key, **values: say("en", key, **values))

    def kept(*said: tuple[str, object]) -> list[str]:
        return [p.lines[0] for p, _ in unrepeated([(_Part((line,)), e) for line, e in said], reading)]

    assert kept(("3", points), ("3 points", in_words)) == ["3 points"]  # within a line read from its field
    assert kept(("3", points), ("3", points), ("3 points", in_words)) == ["3 points"]  # said again, and within
    assert kept(("3", points), ("33 points", in_words)) == ["3", "33 points"]  # `3` is not a word of `33`
    assert kept(("3", points), ("Lot 3 points", flavour)) == ["3", "Lot 3 points"]  # another field's words
    assert kept(("3 points", in_words), ("3", points)) == ["3 points"]  # within one before it
    assert kept(("Lanterns", collection), ("Lanterns", flavour)) == ["Lanterns"]  # word for word, after a part kept
    # the lantern named by its collection is left to the eye: its words said by no part kept, a text saying them is
    assert kept(("Lanterns", collection), ("lantern", picture), ("Lantern", flavour)) == ["Lanterns", "Lantern"]


def test_a_texts_width_is_measured_by_its_own_font_and_words(monkeypatch):
    monkeypatch.setattr(outlines, "_MEASURED", {})
    monkeypatch.setattr(outlines, "MEASURED_LIMIT", 2)  # emptied when full: measured again, never mistaken
    fonts = [Drawing((210.0, 297.0)) for _ in range(2)]
    theme = loaded("pocket-bazaar")[1].theme
    regular, bold = theme.fonts["regular"], theme.fonts["bold"]
    texts = [("Lot", regular), ("Lot", bold), ("Lots", regular), ("Lot", regular), ("gap", regular),
             ("Lot", bold)]
    for d in fonts:
        for text, font in texts:
            d.text(10, 20, text, font, 10)
    areas = [outlines.shapes(d.page.ops)[0] for d in fonts]
    assert areas[0] == areas[1]
    boxes = [box for box, _, _ in areas[0]]
    assert boxes[0] == boxes[3] and boxes[1] == boxes[5] and boxes[0] != boxes[1]  # the same text, another font
    assert boxes[0][2] < boxes[2][2] and boxes[4][1] < boxes[0][1]  # `Lots` is longer; `gap` hangs below
    assert len(outlines._MEASURED[regular]) <= 2
