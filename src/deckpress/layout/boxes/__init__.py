"""Boxes and standees: components cut from one blank and folded, sized from the decks they hold or stand up.

A tuck box (`kind: tuck-box`) holds a deck; a two-piece box (`kind: box`) is a base and a lid for tiles and
tokens; a standee (`kind: standee`) stands each card of a deck up. Each is laid out as blanks on sheets
(`deckpress.layout.boxes.sheet`); one larger than the paper is a finding naming the paper it needs.
"""

from __future__ import annotations

from deckpress.findings import Loc
from deckpress.layout.boxes.blank import PANEL, Blank, Piece
from deckpress.layout.boxes.schema import BOX, STANDEE, TUCK_BOX
from deckpress.layout.boxes.sheet import Dressed, Sheet, art_turn, blank_pages, fits
from deckpress.layout.boxes.standee import STAND, standee
from deckpress.layout.boxes.tray import tray
from deckpress.layout.boxes.tuck import tuck_box
from deckpress.layout.context import Job
from deckpress.layout.page import INCH, Page
from deckpress.model import Card, CardLayout, Component, Edition, Game

# the larger papers a blank may need, by the family of the paper built on
LARGER = {"a4": [("A3", (297.0, 420.0)), ("A2", (420.0, 594.0)), ("A1", (594.0, 841.0)), ("A0", (841.0, 1189.0))],
          "letter": [("Legal", (8.5 * INCH, 14 * INCH)), ("Tabloid", (11 * INCH, 17 * INCH)),
                     ("ARCH C", (18 * INCH, 24 * INCH)), ("ARCH D", (24 * INCH, 36 * INCH))]}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}
WHAT = {TUCK_BOX: "tuck box", BOX: "box", STANDEE: "standee"}


def lay_out_box(game: Game, component: Component, edition: Edition, job: Job) -> list[Page]:
    """The component's sheets; none where it cannot be made (each reason a finding)."""
    blanks = _dressed(game, component, edition, job)
    if not blanks:
        return []
    largest = max(blanks, key=lambda b: b.blank.size[0] * b.blank.size[1]).blank.size
    for sheet in _sheets(job.size):
        if all(fits(b.blank.size, sheet, job) for b in blanks):
            return blank_pages(blanks, sheet, job)
    _too_big(component, largest, job)
    return []


def _sheets(paper: tuple[float, float]) -> list[Sheet]:
    """The ways a sheet is tried, the likeliest first: upright, turned, then each with the legend at the side;
    then each of those with the slug upright in the right-hand margin rather than at the foot."""
    turned = (paper[1], paper[0])
    return [Sheet(size, side, upright) for upright in (False, True) for side in (False, True)
            for size in (paper, turned)]


def panel_layouts(component: Component) -> set[str]:
    """The card layouts a box's panels name, to be loaded with the component's own."""
    return {name for name, _ in component.keys.get("panels", {}).values()}


def card_size(game: Game, deck: str, edition: Edition) -> tuple[float, float] | None:
    """A deck's card size: its cards component's layout's, in this edition (None: no such component)."""
    for c in game.components:
        layout = edition.layouts.get(c.layout)
        if c.kind == "cards" and deck in c.decks and isinstance(layout, CardLayout) and not layout.positions:
            return layout.size
    return None


def _broken(game: Game, deck: str, edition: Edition) -> bool:
    """A cards component prints the deck, but its layout is in error in this edition (already reported)."""
    return any(c.kind == "cards" and deck in c.decks and c.layout in edition.broken for c in game.components)


def _dressed(game: Game, component: Component, edition: Edition, job: Job) -> list[Dressed]:
    if component.kind == STANDEE:
        return _standees(game, component, edition)
    inner = _inner(game, component, edition, job)
    if inner is None:
        return []
    if component.kind == TUCK_BOX:
        return [_with_panels(tuck_box(inner), game, component, edition, job)]
    keys = component.keys
    ease, lid_h = keys["lid_ease_mm"], keys["lid_height_mm"]
    lid = tray((inner[0] + ease, inner[1] + ease, lid_h or inner[2]), "top")
    return [Dressed(tray(inner, "floor")), _with_panels(lid, game, component, edition, job)]


def _inner(game: Game, component: Component, edition: Edition, job: Job) -> tuple[float, float, float] | None:
    """Inside width, height (a box's length) and depth: the cards' size and the deck's stack, with clearance."""
    keys = component.keys
    if keys.get("inner_mm"):
        inner: tuple[float, float, float] = keys["inner_mm"]
        return inner
    sizes = [card_size(game, d, edition) for d in component.decks]
    missing = [d for d, s in zip(component.decks, sizes, strict=True) if s is None]
    if missing and not all(_broken(game, d, edition) for d in missing):
        job.findings.error(component.loc, f"{job.where}: deck {missing[0]} is printed by no cards component, so "
                                          f"the {WHAT[component.kind]}'s size is not known ({edition.theme.edition} "
                                          f"edition)")
    if missing:  # or its layout is in error, which was said where it is written
        return None
    cards = sum(game.decks[d].size for d in component.decks)
    clearance, thickness = keys["clearance_mm"], keys["card_thickness_mm"]
    width, height = max(s[0] for s in sizes if s), max(s[1] for s in sizes if s)
    return width + clearance, height + clearance, cards * thickness + clearance


def _with_panels(blank: Blank, game: Game, component: Component, edition: Edition, job: Job) -> Dressed:
    """The blank with each panel's layout, where it fits the panel (else a finding at the panel's name)."""
    dressed = Dressed(blank)
    card = _box_card(game, component)
    for name, (layout_name, loc) in component.keys.get("panels", {}).items():
        layout = edition.layouts.get(layout_name)
        if not isinstance(layout, CardLayout):
            continue  # reported by the validator
        for index, piece in enumerate(blank.pieces):
            if piece.name == name and piece.kind == PANEL and _fits_panel(piece, layout, loc, job):
                dressed.art[index] = (layout, card)
    return dressed


def _box_card(game: Game, component: Component) -> Card:
    """What a panel's templates read: `card.title` (the component's), `card.game` (the game's title) and
    `card.cards` (how many cards it holds)."""
    held = sum(game.decks[d].size for d in component.decks if d in game.decks)
    return Card(1, {"title": component.title, "game": game.title, "cards": held}, {}, component.loc,
                label=component.title)


def _fits_panel(piece: Piece, layout: CardLayout, loc: Loc, job: Job) -> bool:
    box = piece.box
    turned = art_turn(piece, layout) in (90, 270)
    lw, lh = layout.size[::-1] if turned else layout.size
    if lw <= box[2] + 1e-6 and lh <= box[3] + 1e-6:
        return True
    job.findings.error(loc, f"{job.where}: panel {piece.name}: layout {layout.name} ({layout.size[0]:g} x "
                            f"{layout.size[1]:g} mm{', turned a quarter onto the panel' if turned else ''}) is larger "
                            f"than the panel, {box[2]:.1f} x {box[3]:.1f} mm ({job.theme.edition} edition)")
    return False


def _standees(game: Game, component: Component, edition: Edition) -> list[Dressed]:
    """One standee a card of its decks: the figure's layout, and its back mirrored or the deck's own."""
    figure = edition.layouts.get(component.layout)
    if not isinstance(figure, CardLayout):
        return []  # reported by the validator
    keys, out = component.keys, []
    mirror = keys["back"] == "mirror"
    for deck in (game.decks[d] for d in component.decks if d in game.decks):
        own = edition.layouts.get(deck.back.layout) if deck.back is not None else None
        back = figure if mirror else own
        for card in (c for c in deck.printed if c.valid):
            blank = standee(figure.size, keys["base"], keys["stand_mm"] if keys["base"] == STAND else 0.0, mirror)
            dressed = Dressed(blank, {blank.named("figure"): (figure, card)})
            if isinstance(back, CardLayout):
                dressed.art[blank.named("back")] = (back, card)
            out.append(dressed)
    return out


def _too_big(component: Component, size: tuple[float, float], job: Job) -> None:
    """The finding: how large the blank is flat, and the smallest paper of the family that holds it."""
    w, h = size
    needed = next((name for name, paper in LARGER[job.paper] if any(fits(size, s, job) for s in _sheets(paper))),
                  None)
    need = f"it needs {needed} or larger" if needed else "it needs a larger sheet than the press knows"
    job.findings.error(component.loc, f"{job.where}: the {WHAT[component.kind]} is {w:.1f} x {h:.1f} mm flat, "
                                      f"more than {PAPER_NAMES[job.paper]} holds inside its margins; {need} "
                                      f"({job.theme.edition} edition)")
