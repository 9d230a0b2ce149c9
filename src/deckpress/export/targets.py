"""Each game's export for its target: the components rendered and cut, then the target's files, listed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import PurePosixPath
from typing import TYPE_CHECKING
from urllib.parse import quote

from deckpress.export import POD_DPI, TTS_DPI_CAP, Request, folder, tts
from deckpress.export import png as pod
from deckpress.export.cutting import Cut, cut_cards, rendered
from deckpress.export.described import describer
from deckpress.export.sprites import largest_dpi
from deckpress.findings import Findings
from deckpress.layout.boxes.schema import KINDS as BOX_KINDS
from deckpress.layout.page import Document
from deckpress.layout.slug import stamp
from deckpress.model import HOST, PRIVATE, PUBLIC, BoardLayout, CardLayout, Component, Edition, Game
from deckpress.publish import phrases
from deckpress.publish.manifest import Entry
from deckpress.publish.write import Output

if TYPE_CHECKING:
    from deckpress.build import Prepared


def exported(prepared: Prepared, request: Request, bleed: float) -> list[Output]:
    """Every exported file of every game, each listed in the manifest under the target's name."""
    out: list[Output] = []
    for game in prepared.games:
        edition_id = request.edition or game.editions[0]
        edition = prepared.editions[game.id].get(edition_id)
        if edition is None or edition_id not in game.editions:
            continue  # a game without the edition asked for (another game named defines it)
        components = {c.id: c for c in game.components}
        docs = [d for d in prepared.documents
                if (d.game, d.edition) == (game.id, edition_id) and d.component in components]
        made = (_tts(game, edition, docs, request, prepared) if request.target == "tts"
                else _png(game, edition, docs, request, bleed, prepared.findings))
        title = phrases(game.language)(f"export_{request.target}_title")
        source = stamp(game, prepared.editions[game.id]).version  # a build of other sources takes it away
        out += [Output(path := f"{folder(game.id, request.target)}/{name}", data,
                       Entry(path, game.id, game.title, request.target, title, edition_id, None, None,
                             audience=audience, source=source))
                for name, data, audience in made]
    return out


def _tts(game: Game, edition: Edition, docs: list[Document], request: Request,
         prepared: Prepared) -> list[tts.File]:
    """The saved object, the images and PDFs it loads, and how to load it."""
    findings = prepared.findings
    here = (request.out / folder(game.id, "tts")).absolute()
    base = request.base_url.rstrip("/") if request.base_url else None
    save = tts.Save(game.id, lambda name: f"{base}/{quote(name)}" if base else (here / name).as_uri())
    files: list[tts.File] = []
    for doc in docs:
        component = next(c for c in game.components if c.id == doc.component)
        layout = edition.layouts.get(component.layout)
        if component.audience == HOST or component.kind in BOX_KINDS:
            continue  # the host's alone: on a shared table every player could open it; a box is no table's
        if not isinstance(layout, CardLayout) or isinstance(layout, BoardLayout):  # a board goes as its PDF
            doc, pdf = rendered(game, doc)
            files.append((name := f"{doc.component}.pdf", pdf, component.audience))
            save.pdf(name, doc.title, component.audience)
            continue
        if component.die and not _die_fits(game, component, layout, findings):
            continue
        entries = [len(game.decks[d].cards) for d in component.decks]
        dpi = min(largest_dpi(layout.size, n, request.dpi or TTS_DPI_CAP) for n in entries)
        doc, pdf = rendered(game, doc)
        cuts = list(cut_cards(game, component.decks, doc, pdf, dpi, 0.0))
        if component.die:
            image = tts.die_image([c.front for c in cuts], layout.positions)
            save.die(f"{component.id}.png", tts.Die(component.title, image, component.audience))
            continue
        described = describer(game, edition, prepared.templates, layout)
        cuts = [replace(c, text=described(c.deck, c.card)) for c in cuts]
        for deck_id, own in _by_deck(component, cuts):
            title = component.title if len(component.decks) == 1 else f"{component.title}: {deck_id}"
            backs_differ = game.decks[deck_id].backs_differ
            save.deck(tts.Deck(deck_id, title, own, layout.size, backs_differ, component.audience))
    readme = _readme(game, save.files + files, request.base_url, {d.component for d in docs})
    saved = (f"{game.id}.json", save.json(game.title), save.audience)
    return [*save.files, *files, saved, ("README.txt", readme, PUBLIC)]


def _png(game: Game, edition: Edition, docs: list[Document], request: Request, bleed: float,
         findings: Findings) -> list[tts.File]:
    """Every card's face and back, a zip a deck, and cards.csv; a die's net is no card and stays out. Each file
    is of its component's audience (a host's cards too: the host orders the whole game printed)."""
    made = pod.Pod(request.dpi or POD_DPI, bleed, findings)
    for doc in docs:
        component = next(c for c in game.components if c.id == doc.component)
        layout = edition.layouts.get(component.layout)
        if not isinstance(layout, CardLayout) or isinstance(layout, BoardLayout) or layout.positions or (
                component.kind in BOX_KINDS):
            continue
        doc, pdf = rendered(game, doc)
        for cut in cut_cards(game, component.decks, doc, pdf, made.dpi, bleed):
            back = game.decks[cut.deck].back
            back_layout = edition.layouts.get(back.layout) if back is not None else None
            made.add(cut, pod.Layouts(layout.loc, back_layout.loc if back_layout is not None else None),
                     component.audience)
    return made.files()


def _by_deck(component: Component, cuts: list[Cut]) -> list[tuple[str, list[Cut]]]:
    return [(d, [c for c in cuts if c.deck == d]) for d in component.decks]


def _die_fits(game: Game, component: Component, layout: CardLayout, findings: Findings) -> bool:
    """A d6 is six faces on a net: its deck prints six cards, its layout places six."""
    faces = sum(game.decks[d].size for d in component.decks)
    if faces == 6 and len(layout.positions) == 6:
        return True
    loc = component.die_loc or component.loc
    findings.error(loc, f"component {component.id} is a die of 6 faces (die: d6), but its deck prints {faces} cards "
                        f"and its layout places {len(layout.positions)}: a die's faces are its cards, one a place "
                        f"on the net")
    return False


def _readme(game: Game, files: list[tts.File], base_url: str | None, exported: set[str]) -> bytes:
    """How to load the saved object; which of its parts are private, and so the saved object too; what the host
    keeps out of it; with a base URL, what to upload there."""
    say = phrases(game.language)
    text = say("export_tts_readme", game=game.title, file=f"{game.id}.json")
    private = [c.title for c in game.components if c.audience == PRIVATE and c.id in exported]
    if private:
        text += "\n\n" + say("export_tts_private", parts=", ".join(private), file=f"{game.id}.json")
    kept = [c.title for c in game.components if c.audience == HOST and c.id in exported]
    if kept:
        text += "\n\n" + say("export_tts_host", parts=", ".join(kept))
    if base_url:
        names = sorted(PurePosixPath(n).name for n, _, _ in files)
        text += "\n\n" + say("export_tts_upload", base=base_url) + "\n" + "".join(f"  {n}\n" for n in names)
    return (text.rstrip("\n") + "\n").encode("utf-8")
