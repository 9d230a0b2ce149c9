"""A game's Tabletop Playground table (`export --to ttp`): its package (deckpress.export.ttp) and its README.

Every player who joins a Tabletop Playground game needs its package installed, every file of it on their own
computer (the Packages article: "all players wanting to join your game need to have the package installed as
well"), so the package holds only what every player may see (issue 22): a private or a host's component stays
out of it, and the host gives it out from the host's print-and-play kit. Tabletop Playground's templates have no
PDF object: the rules and the sheets go beside the package as the press's PDFs. A die is a 3D model there, which
the press does not make: the README names its faces, for a die of Tabletop Playground's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckpress.export import TTS_DPI_CAP, Request, dice, named, ttp
from deckpress.export.cutting import rendered
from deckpress.export.described import describer
from deckpress.export.sprites import largest_dpi, zipped
from deckpress.export.tts import File, read_decks
from deckpress.layout.boxes.schema import KINDS as BOX_KINDS
from deckpress.layout.page import Document
from deckpress.model import PUBLIC, BoardLayout, CardLayout, Component, Edition, Game
from deckpress.publish import phrases

if TYPE_CHECKING:
    from deckpress.build import Prepared


def table(game: Game, edition: Edition, docs: list[Document], request: Request, prepared: Prepared) -> list[File]:
    """The package's files, the PDFs beside it and the README: what a host installs and hands round."""
    package = ttp.Package(named(game, edition), game.title)
    beside: list[File] = []
    kept: list[str] = []  # not every player's: out of the package
    rolls: list[tuple[str, list[str]]] = []  # each die's title and the names of its faces, in order
    for doc in docs:
        component = next(c for c in game.components if c.id == doc.component)
        layout = edition.layouts.get(component.layout)
        if component.kind in BOX_KINDS:
            continue  # a box is no table's
        if component.audience != PUBLIC:
            kept.append(component.title)
        elif component.die and isinstance(layout, CardLayout):
            if dice.fits(game, component, layout, prepared.findings):
                rolls.append((component.title, _faces(game, edition, component, layout, prepared)))
        elif not isinstance(layout, CardLayout) or isinstance(layout, BoardLayout):
            doc, pdf = rendered(game, doc)
            beside.append((f"{package.game}-{component.id}.pdf", pdf, PUBLIC))
        else:
            _decks(game, edition, component, layout, doc, request.dpi or TTS_DPI_CAP, prepared, package)
    files = package.files()
    # one file to share
    whole = (f"{package.game}-package.zip", zipped([(n, d) for n, d, _ in files]), package.audience)
    readme = _readme(game, package.game, [n for n, _, _ in files], whole[0], beside, kept, rolls)
    return [*files, whole, *beside, (f"{package.game}-README.txt", readme, PUBLIC)]


def _decks(game: Game, edition: Edition, component: Component, layout: CardLayout, doc: Document, cap: int,
           prepared: Prepared, package: ttp.Package) -> None:
    """A component's decks into the package, each a stack (or a stack a kind of piece, for a shaped deck)."""
    dpi = min(largest_dpi(layout.size, len(game.decks[d].cards), cap) for d in component.decks)
    doc, pdf = rendered(game, doc)
    for deck in read_decks(game, edition, component, layout, doc, pdf, dpi, prepared.templates):
        package.tokens(deck, layout.shape) if layout.shape is not None else package.deck(deck)


def _faces(game: Game, edition: Edition, component: Component, layout: CardLayout, prepared: Prepared) -> list[str]:
    """What each face of a die says, as read (its first line), in order: the faces are its deck's cards."""
    described = describer(game, edition, prepared.templates, layout)
    return [described(d, card).split("\n", 1)[0] for d in component.decks for card in game.decks[d].printed]


def _readme(game: Game, package: str, files: list[str], whole: str, beside: list[File], kept: list[str],
            dice: list[tuple[str, list[str]]]) -> bytes:
    """How to install the package and what players see; its files; what lies beside it, and what stays out."""
    say = phrases(game.language)
    said = [say("export_ttp_readme", game=game.title, package=package),
            say("export_ttp_files", package=package, zip=whole) + "".join(f"\n  {n}" for n in files)]
    if beside:
        said.append(say("export_ttp_beside", files=", ".join(n for n, _, _ in beside)))
    for title, faces in dice:
        said.append(say("export_ttp_die", part=title, faces=", ".join(faces)))
    if kept:
        said.append(say("export_ttp_kept_out", parts=", ".join(kept), count=len(kept)))  # one part: it
    return ("\n\n".join(said) + "\n").encode("utf-8")
