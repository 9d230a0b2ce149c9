"""The checks of card backs: the layout exists in every edition built, is a card layout, and is the size of the
faces it is printed behind. Records on each deck whether its backs differ from card to card."""

from __future__ import annotations

from collections.abc import Iterator

from deckpress.findings import Findings, Loc
from deckpress.hints.spelling import did_you_mean
from deckpress.layout.shapes.safe import behind_outline
from deckpress.load import extends
from deckpress.model import CardLayout, Deck, Edition, Element, Game
from deckpress.templating import Templates


def check_backs(game: Game, editions: dict[str, Edition], building: list[str], templates: Templates,
                findings: Findings) -> None:
    for deck in game.decks.values():
        back = deck.back
        if back is None:
            continue
        for name in building:
            edition = editions.get(name)
            if edition is None or back.layout in edition.broken or not game.prints(deck.id, name):
                continue  # reported already, or not printed there
            layout = edition.layouts.get(back.layout)
            if not isinstance(layout, CardLayout):
                what = "not found" if layout is None else "not a card layout"
                hint = did_you_mean(back.layout, layout_files(edition)) if layout is None else ""
                findings.error(back.loc, f"back layout '{back.layout}' is {what} for the {name} edition{hint}")
                continue
            deck.backs_differ = deck.backs_differ or backs_differ(deck, layout, templates)
            _same_size(game, deck.id, back.loc, layout, edition, findings)


def backs_differ(deck: Deck, layout: CardLayout, templates: Templates) -> bool:
    """Whether the back may differ from card to card: a template of it (any key of an element, its `when` and
    `colour`, the layout's background) reads the card (or its index), or one of its elements prints a field of the
    deck (double-faced cards). The exports, the text edition and the proof of backs not printed need to know."""
    sources, fields = [layout.background or ""], set(deck.fields)
    for element in _every(layout.elements):
        for value in (element.when, element.colour, *element.keys.values()):
            if not isinstance(value, str):
                continue
            if "{" in value:
                sources.append(value)
            elif value in fields:  # a key naming the card's field (`field: suit`)
                return True
    return any(_reads_card(templates, source) for source in sources)


def _every(elements: list[Element]) -> Iterator[Element]:
    """The elements and those they hold (what a repeat repeats)."""
    for element in elements:
        yield element
        yield from _every([v for v in element.keys.values() if isinstance(v, Element)])


def _reads_card(templates: Templates, source: str) -> bool:
    inputs = templates.inputs(source)
    return inputs is None or bool(inputs[0]) or inputs[1]


def _same_size(game: Game, deck_id: str, at: Loc, back: CardLayout, edition: Edition, findings: Findings) -> None:
    """A back is printed behind a face: the two must be cut along the same lines."""
    for component in game.components:
        face = edition.layouts.get(component.layout)
        if (component.kind != "cards" or deck_id not in component.decks or not isinstance(face, CardLayout)
                or not component.built_in(edition.theme.edition)):
            continue
        if face.size != back.size:
            findings.error(at, f"back layout '{back.name}' is {_size(back)} mm, but the cards of component "
                               f"{component.id} ({face.name}) are {_size(face)} mm in the {edition.theme.edition} "
                               f"edition: a back must be the size of its face")
        elif face.shape != back.shape:
            findings.error(at, f"back layout '{back.name}' is {_shape(back)}, but the cards of component "
                               f"{component.id} ({face.name}) are {_shape(face)} in the "
                               f"{edition.theme.edition} edition: a back must have its face's shape (`extends: "
                               f"{face.name}` keeps them equal)")
        else:
            for element in behind_outline(face, back):
                findings.error(element.loc, f"layout {back.name}, element {element.name}: on the back of "
                                            f"{face.name} it reaches outside the {_shape(face)[2:]} turned over "
                                            f"(left to right, or head to foot, as the sheet flips), inset by "
                                            f"its {back.safe:g} mm safe margin: keep it clear of both")


def _size(layout: CardLayout) -> str:
    return f"{layout.size[0]:g} x {layout.size[1]:g}"


def _shape(layout: CardLayout) -> str:
    """A layout's shape as a designer names it: `a rectangle`, `a circle`, `a pointy-top hexagon`."""
    shape = layout.shape
    if shape is None:
        return "a rectangle"
    if shape.kind == "hexagon":
        return f"a {shape.orientation}-top hexagon"
    return f"an {shape.kind}" if shape.kind == "ellipse" else f"a {shape.kind}"
def layout_files(edition: Edition) -> list[str]:
    """The layouts an edition's folders hold, by name: what a layout not found may have meant."""
    return extends.layout_files(list(edition.folders), edition.theme.edition)
