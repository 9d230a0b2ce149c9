"""Each game's export for its target: the components rendered and cut, then the target's files, listed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import PurePosixPath
from typing import TYPE_CHECKING
from urllib.parse import quote

from deckpress.export import POD_DPI, TTS_DPI_CAP, Request, dice, folder, named, playground, pressed, shop, tts
from deckpress.export import png as pod
from deckpress.export.cutting import cut_cards, padding, rendered
from deckpress.export.sprites import largest_dpi
from deckpress.export.vendors import VENDOR_DPI, VENDORS
from deckpress.findings import Finding, Findings
from deckpress.layout.boxes.schema import KINDS as BOX_KINDS
from deckpress.layout.page import Document
from deckpress.layout.slug import stamp
from deckpress.model import HOST, PRIVATE, PUBLIC, BoardLayout, CardLayout, Component, Edition, Game
from deckpress.publish import phrases
from deckpress.publish.manifest import Entry
from deckpress.publish.published import HOST_FOLDER
from deckpress.publish.write import Output
from deckpress.translation.echoes import Voices

if TYPE_CHECKING:
    from deckpress.build import Prepared


def exported(prepared: Prepared, request: Request, bleed: float) -> tuple[list[Output], set[str]]:
    """Every exported file of every game, each listed in the manifest under the target's name, and the games left
    out: a shop's order with nothing to order, whose earlier export stays. PNGs are cut by one cutter for every
    game, its workers started before the first PDF is drawn: started later, a worker would hold the PNGs made so
    far as its own (deckpress.export.png.Cutter)."""
    voices = Voices(prepared.findings)  # a translation's cards are its source's: their findings said once
    made: list[tuple[Game, Findings, list[Output] | None]] = []
    with pod.Cutter() if request.target == "png" else nullcontext(None) as cutter:
        for game in prepared.games:
            said = voices.of(game)
            made.append((game, said, _game_exported(game, prepared, request, bleed, cutter, said)))
    files = [o for _, _, outputs in made for o in outputs or []]
    for game, said, _ in (m for m in made if m[2] is None):
        _nothing_to_order(game, request, said, named=not files or (game.source_game or game.id) in request.named)
    return files, {game.id for game, _, outputs in made if outputs is None}


def _nothing_to_order(game: Game, request: Request, findings: Findings, named: bool) -> None:
    """A game no deck of which fits the shop: an error where the host named it (or no game has anything to
    order), so nothing is written; where the host named no game, a warning, and the other games are exported
    (the README: a deck no product fits is left out with a warning; so is a game of such decks alone)."""
    what = (f"{game.id}: no deck of the {request.edition or game.editions[0]} edition fits a product of "
            f"{VENDORS[request.vendor].name if request.vendor else 'the pixels given'}, so there is nothing to order")
    if named:
        findings.error(game.loc, f"{what}; the export already in the out folder is left as it was")
    else:
        findings.add(Finding(game.loc, f"{what}: it is left out, its export already in the out folder left as it "
                                       f"was, and the other games are exported", severity="warning"))


def _game_exported(game: Game, prepared: Prepared, request: Request, bleed: float, cutter: pod.Cutter | None,
                   said: Findings) -> list[Output] | None:
    """The game's files; None for a shop's order in which no deck fits a product (each deck said already)."""
    edition_id = request.edition or game.editions[0]
    edition = prepared.editions[game.id].get(edition_id)
    if edition is None or edition_id not in game.editions:
        return []  # a game without the edition asked for (another game named defines it)
    components = {c.id: c for c in game.components}
    docs = [d for d in prepared.documents
            if (d.game, d.edition) == (game.id, edition_id) and d.component in components]
    made = (_tts(game, edition, docs, request, prepared) if request.target == "tts"
            else playground.table(game, edition, docs, request, prepared) if request.target == "ttp"
            else _png(game, edition, docs, request, bleed, said, cutter) if request.target == "png"
            else _print_shop(game, edition, docs, request, bleed, said))
    if made is None:
        return None
    title = phrases(game.language)(f"export_{request.target}_title")
    source = stamp(game, prepared.editions[game.id]).version  # a build of other sources takes it away
    products = _products(request, game, edition, docs)  # a shop's order: deck -> the product it is made at
    return [Output(path := f"{folder(game.id, request.target)}/{name}", data,
                   Entry(path, game.id, game.title, request.target, title, edition_id, None, None,
                         audience=audience, source=source, vendor=request.vendor if products else None,
                         product=shop.filed(named(game, edition), products, name)))
            for name, data, audience in made]


def _tts(game: Game, edition: Edition, docs: list[Document], request: Request,
         prepared: Prepared) -> list[tts.File]:
    """Two saved objects and their files: the players' (`<game>.json`), holding only what every player may see,
    and the host's (`<game>-host.json`), holding the private and the host's cards, whose files go only to the
    host's bundle and which loads them from there; and how to load each."""
    here = (request.out / folder(game.id, "tts")).absolute()
    base = request.base_url.rstrip("/") if request.base_url else None
    table = tts.Save(named(game, edition), lambda name: f"{base}/{quote(name)}" if base else (here / name).as_uri())
    # the host's images never go to an upload address: they stay in the host's bundle on the host's computer
    kept = (request.out / HOST_FOLDER / folder(game.id, "tts")).absolute()
    host = tts.Save(named(game, edition), lambda name: (kept / name).as_uri(), tts.HOST_ROW)
    files: list[tts.File] = []
    left: list[Component] = []  # secret parts neither object holds: the host hands them out from the host's kit
    for doc in docs:
        component = next(c for c in game.components if c.id == doc.component)
        layout = edition.layouts.get(component.layout)
        if component.kind in BOX_KINDS:
            continue  # a box is no table's
        cards = isinstance(layout, CardLayout) and not isinstance(layout, BoardLayout)
        if component.audience != PUBLIC and (not cards or component.die):
            left.append(component)  # a secret sheet or die lies open on the table: every player could open it
        elif not isinstance(layout, CardLayout) or isinstance(layout, BoardLayout):  # a board goes as its PDF
            doc, pdf = rendered(game, doc)
            files.append((name := f"{table.game}-{doc.component}.pdf", pdf, component.audience))
            table.pdf(name, doc.title, component.audience)
        else:
            _cards(game, edition, component, layout, doc, request, prepared,
                   table if component.audience == PUBLIC else host)
    made = _saved(game, table, [*table.files, *files], request.base_url, left, host)
    if host.objects:
        made += _saved_for_host(game, host, left)
    return made


def _cards(game: Game, edition: Edition, component: Component, layout: CardLayout, doc: Document,
           request: Request, prepared: Prepared, save: tts.Save) -> None:
    """A component's cards into the save: a deck a deck of it, or a die."""
    if component.die and not dice.fits(game, component, layout, prepared.findings):
        return
    entries = [len(game.decks[d].cards) for d in component.decks]
    dpi = min(largest_dpi(layout.size, n, request.dpi or TTS_DPI_CAP) for n in entries)
    doc, pdf = rendered(game, doc)
    if component.die:
        faces = list(cut_cards(game, component.decks, doc, pdf, dpi, 0.0))
        if die := dice.made(game, component, layout, faces, dpi, edition.theme.line_pt, prepared.findings):
            save.die(f"{save.game}-{component.id}.png", die)
        return
    for deck in tts.read_decks(game, edition, component, layout, doc, pdf, dpi, prepared.templates):
        save.tokens(deck, layout.shape) if layout.shape is not None else save.deck(deck)


def _png(game: Game, edition: Edition, docs: list[Document], request: Request, bleed: float,
         findings: Findings, cutter: pod.Cutter | None) -> list[tts.File] | None:
    """Every card's face and back, a zip a deck, and cards.csv; a die's net is no card and stays out. Each file
    is of its component's audience (a host's cards too: the host orders the whole game printed). For a shop
    (`--for`, `--px`), each card at the shop's pixels and every deck with a back (deckpress.export.shop); None
    where no deck fits (exported: an order of nothing)."""
    assert cutter is not None, "a PNG export cuts with the cutter `exported` makes for it"
    to = shop.order(request.vendor, request.px)
    made = pod.Pod(named(game, edition), VENDOR_DPI if to else request.dpi or POD_DPI, bleed, findings,
                   plain_backs=to is not None)
    made.products = {} if to else None
    cut = []
    for component, layout, doc in _card_docs(game, edition, docs):
        size = shop.upload(to, layout, component.decks, bleed, findings) if to else None
        if to and size is None:
            continue
        if to and made.products is not None:
            made.products.update(dict.fromkeys(component.decks, shop.made_for(to, layout) or ""))
        band = min(padding(layout.size, made.dpi, size)) if size else made.band
        backs = {d: _back_layout(game, edition, d) for d in component.decks}
        if to:
            _shop_findings(to, game, layout, backs, findings)
        doc, pdf = rendered(game, doc)
        cut.append((component, layout, backs, cutter.sides(game, component.decks, doc, pdf, made.dpi, bleed,
                                                           size, band)))
    for component, layout, backs, sides in cut:
        for side in sides:
            back = backs[side[0]]
            made.add(side, pod.Layouts(layout.loc, back.loc if back is not None else None), component.audience)
    if to and not made.decks:  # an order of nothing: not written, the export before it stays
        return None
    return made.files()


def _print_shop(game: Game, edition: Edition, docs: list[Document], request: Request, bleed: float,
                findings: Findings) -> list[tts.File] | None:
    """A PDF a deck, a card a page, each copy's front then its back (deckpress.export.pressed); for a shop
    (`--for`), each page at the product's trim and bleed, and what the shop would cut or refuse said; None where
    no deck fits (exported: an order of nothing)."""
    to = shop.order(request.vendor, None)
    made: list[tts.File] = []
    for component, layout, doc in _card_docs(game, edition, docs):
        fit = shop.frame(to, layout, component.decks, bleed, findings) if to else None
        if to and fit is None:
            continue
        doc, pdf = rendered(game, doc)
        decks = {d: pressed.Pressed(game, pdf, bleed, findings, fit) for d in component.decks}
        for deck, _, front, back in pressed.places(game, component.decks, doc):
            decks[deck].card(front, doc.pages[front[0]].height)
            if back is not None:
                decks[deck].card(back, doc.pages[back[0]].height)
            else:  # a shop prints both sides
                decks[deck].plain(front)
        _shop_findings(to or shop.Order(None, None), game, layout,
                       {d: _back_layout(game, edition, d) for d in component.decks}, findings, safe=to is not None)
        made += [(f"{named(game, edition)}-{d}-print-shop.pdf", p.pdf(f"{game.title}: {d}"), component.audience)
                 for d, p in decks.items()]
    return None if to and not made else made


def _products(request: Request, game: Game, edition: Edition, docs: list[Document]) -> dict[str, str]:
    """For a shop's order (`--for`, `--px`), each deck's product, as the manifest records it; else none."""
    to = shop.order(request.vendor, request.px) if request.target in ("png", "print-shop") else None
    made = {d: shop.made_for(to, layout) for component, layout, _ in _card_docs(game, edition, docs)
            for d in component.decks} if to else {}
    return {d: p for d, p in made.items() if p is not None}


def _card_docs(game: Game, edition: Edition, docs: list[Document]) -> Iterator[tuple[Component, CardLayout, Document]]:
    """The components printed as cards, each with its layout: a die's net, a board and a box are no cards."""
    for doc in docs:
        component = next(c for c in game.components if c.id == doc.component)
        layout = edition.layouts.get(component.layout)
        if isinstance(layout, CardLayout) and not isinstance(layout, BoardLayout) and not layout.positions and (
                component.kind not in BOX_KINDS):
            yield component, layout, doc


def _back_layout(game: Game, edition: Edition, deck: str) -> CardLayout | None:
    back = game.decks[deck].back
    layout = edition.layouts.get(back.layout) if back is not None else None
    return layout if isinstance(layout, CardLayout) else None


def _shop_findings(to: shop.Order, game: Game, layout: CardLayout, backs: dict[str, CardLayout | None],
                   findings: Findings, safe: bool = True) -> None:
    """What the shop would cut or refuse: text in its safe zone on either side (where `safe`: a shop's order), a
    deck it would print backless."""
    for deck_id, back in backs.items():
        deck = game.decks[deck_id]
        if safe:
            shop.safe_zone(to, layout, deck, "front", findings)
        if back is not None and safe:
            shop.safe_zone(to, back, deck, "back", findings)
        elif deck.back is None:
            shop.plain_back(to, deck, layout, findings)


def _saved(game: Game, save: tts.Save, files: list[tts.File], base_url: str | None, left: list[Component],
           host: tts.Save) -> list[tts.File]:
    """The players' object, its files and its README: how to load it, where its files are (on this computer, or
    the upload address and the files to upload there), and which parts the host keeps out of it."""
    say = phrases(game.language)
    file = f"{save.game}.json"
    said = [say("export_tts_readme", game=game.title, file=file)]
    if base_url:
        names = sorted(PurePosixPath(n).name for n, _, _ in files)
        base = f"{base_url.rstrip('/')}/"  # as the object's addresses start: one slash before each file's name
        said.append(say("export_tts_upload", base=base, file=file) + "".join(f"\n  {n}" for n in names))
    else:
        said.append(say("export_tts_local", file=file))
    secret = [*_titles(host), *(c.title for c in left)]
    if secret:
        said.append(say("export_tts_kept_out", parts=", ".join(secret), file=file, count=len(secret)))
    saved = [(file, save.json(game.title), save.audience)] if save.objects else []  # all of it the host's
    return [*files, *saved, (f"{save.game}-README.txt", _text(said), PUBLIC)]


def _saved_for_host(game: Game, host: tts.Save, left: list[Component]) -> list[tts.File]:
    """The host's object, its images and its README: never uploaded, and how the host deals its cards."""
    say = phrases(game.language)
    file = f"{host.game}-host.json"
    said = [say("export_tts_host_readme", game=game.title, file=file, parts=", ".join(_titles(host)))]
    if private := _titles(host, PRIVATE):
        said.append(say("export_tts_deal", parts=", ".join(private), count=len(private)))
    if kept := _titles(host, HOST):
        said.append(say("export_tts_keep", parts=", ".join(kept), count=len(kept)))
    said.append(say("export_tts_host_local", file=file))
    if left:
        said.append(say("export_tts_outside", parts=", ".join(c.title for c in left), count=len(left)))
    return [*host.files, (file, host.json(game.title), host.audience),
            (f"{host.game}-host-README.txt", _text(said), host.audience)]


def _titles(save: tts.Save, audience: str | None = None) -> list[str]:
    """The titles of the parts the save holds (of one audience), in order, each once."""
    return list(dict.fromkeys(t for t, a in save.parts if audience in (None, a)))


def _text(paragraphs: list[str]) -> bytes:
    return ("\n\n".join(paragraphs) + "\n").encode("utf-8")
