"""The press in one screen: load -> check -> lay out -> draw -> finish -> publish.

Each stage is a package (deckpress.load, .check, .layout, .draw, .publish); this module calls them in order. A
build draws the games whose inputs changed (and each in every language), in this process or an edition of a game
a process (deckpress.pool), with the same bytes either way, then publishes everything in one commit.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckpress import interrupts, pool
from deckpress.check.validate import validate_game
from deckpress.findings import Findings
from deckpress.layout.held import Held
from deckpress.layout.imposition import PrintSetup
from deckpress.layout.page import Document
from deckpress.layout.plan import lay_out_game, lay_out_kit_pages
from deckpress.layout.slug import Stamp, stamped
from deckpress.layout.slug import stamp as game_stamp
from deckpress.load import expand_sheets, load_edition
from deckpress.load.art import Artwork
from deckpress.model import Edition, Game
from deckpress.options import Options
from deckpress.publish import kits, outputs
from deckpress.publish.incremental import Freshness, catalogue_listings, freshness, state_output
from deckpress.publish.listing import Listing
from deckpress.publish.page_templates import compile_pages
from deckpress.publish.publications import publications
from deckpress.publish.repeated import Repeated
from deckpress.publish.staging import Staging, refused
from deckpress.publish.stale import taken_away
from deckpress.publish.sums import sums_output
from deckpress.publish.thumbnails import missing_thumbnails
from deckpress.publish.write import Output, manifest_output, merged_manifest, stale_exports
from deckpress.templating import Templates
from deckpress.translation.echoes import Voices
from deckpress.translation.games import every_language, labelled, relabelled
from deckpress.translation.layout_texts import check_layout_texts, layout_names

if TYPE_CHECKING:
    from deckpress.publish.catalogue import Thumbnail


@dataclass
class Press:
    """What a build made, in this process or gathered from its workers: every finding, the games built (ids, in
    order) and their files, not yet written."""

    findings: Findings = field(default_factory=Findings)
    ids: list[str] = field(default_factory=list)
    outputs: list[Output] = field(default_factory=list)
    listings: dict[str, Listing] = field(default_factory=dict)  # game -> language and editions, for the catalogue
    parts: dict[str, set[str]] = field(default_factory=dict)  # game -> the components it has, and the press's own
    thumbnails: dict[str, Thumbnail] = field(default_factory=dict)  # drawn by the workers, by checksum
    up_to_date: list[str] = field(default_factory=list)  # games not built again: nothing of theirs changed
    versions: dict[str, str] = field(default_factory=dict)  # game -> its sources' version (the slug's), for exports
    stale: list[str] = field(default_factory=list)  # games whose exports, cut from older sources, this build removed
    gone: list[str] = field(default_factory=list)  # games no longer in the sources, whose files this build removed

    @classmethod
    def joined(cls, parts: list[Press]) -> Press:
        """The parts' findings and files in the order a serial build has them (a file made twice counts once)."""
        press, files = cls(), dict[str, Output]()
        for part in parts:
            press.findings.extend(part.findings)
            press.ids += [g for g in part.ids if g not in press.ids]
            files.update({o.path: o for o in part.outputs})
            for game, listing in part.listings.items():
                known = press.listings.get(game)
                press.listings[game] = listing if known is None else known.merged(listing)
            press.thumbnails.update(part.thumbnails)
            press.versions.update(part.versions)
            for game, ids in part.parts.items():
                press.parts.setdefault(game, set()).update(ids)
        press.outputs = [] if press.findings.errors else list(files.values())
        return press


@dataclass
class Prepared:
    """What loading, checking and laying out gave in this process: the games, their editions, the documents."""

    games: list[Game]
    editions: dict[str, dict[str, Edition]]  # game id -> its editions (shared by the games without own layouts)
    findings: Findings
    templates: Templates
    documents: list[Document] = field(default_factory=list)
    marks: dict[str, Stamp] = field(default_factory=dict)  # each checked game's stamp: its sources hashed once


def build(opts: Options, game_dirs: list[Path], jobs: int = 1, fresh: Freshness | None = None,
          gone: set[str] | None = None) -> Press:
    """Build the games whose inputs changed since their last build (`fresh`, if the caller has looked already);
    the others are up to date. With `jobs` > 1 each edition of a game is made in a process of its own. The files
    of the games `gone` (no longer in the sources) are taken away in the same commit."""
    with _seldom_collected(), Staging(opts.out) as staging:
        fresh = fresh or freshness(game_dirs, opts.layouts, opts.key(), opts.out)
        interrupts.check()  # a Ctrl-C while the command started
        todo = [d for d in game_dirs if d.name not in fresh.current]
        opts = replace(opts, repeated=Repeated.of(opts))  # as asked: a parallel build gives each task an edition
        tasks = pool.tasks(opts, todo, jobs) if jobs > 1 else []
        press = Press.joined(_in_parallel(tasks, jobs, staging)) if len(tasks) > 1 else make(opts, todo)
        press.up_to_date, press.gone = sorted(fresh.current), sorted(gone or ())
        if not press.findings.errors and (press.ids or press.gone or fresh.unpublished):
            publish(opts, press, fresh, staging)
        return press


def _in_parallel(tasks: list[pool.Task], jobs: int, staging: Staging) -> list[Press]:
    """Each task in a process of its own, its files staged as its result comes, while the later tasks work."""
    try:
        return pool.run(_task, tasks, jobs, compile_pages,
                        lambda part: staging.add_part(part.outputs, bool(part.findings.errors)), staging.scratch())
    except pool.Unfiled as exc:  # as the commit says a full disk: nothing has moved
        raise refused(staging.out_dir, exc) from None


def make(opts: Options, game_dirs: list[Path], parts: tuple[str, ...] = (pool.TEXT, pool.PDFS)) -> Press:
    """Load, check, lay out, draw and finish these games (text editions, PDFs or both): their files, unwritten,
    and the thumbnails of their PDFs, drawn from the bytes and checksums at hand."""
    prepared = prepare(opts, game_dirs, every_page=False)
    press = Press(prepared.findings, [g.id for g in prepared.games if not g.source_game],
                  listings={g.id: Listing.of(g, prepared.editions[g.id], Repeated.of(opts)) for g in prepared.games},
                  parts={g.id: {c.id for c in g.components} | outputs.OWN_PARTS for g in prepared.games},
                  versions={g.id: (prepared.marks.get(g.id) or game_stamp(g, prepared.editions[g.id])).version
                            for g in prepared.games})
    if prepared.findings.errors:
        _lay_out_every_page(prepared)  # every finding in one run, as `deckpress check` gives them
        return press
    built = draw(prepared, opts, parts)  # the decks' pages are laid out here, as they are drawn
    press.outputs = [] if press.findings.errors else labelled(built, prepared.games)  # each its language
    press.thumbnails = missing_thumbnails(opts.out, press.outputs)
    return press


def _task(opts: Options, game_dir: Path, parts: tuple[str, ...]) -> Press:
    """A worker's task: a game's text edition, or one edition's PDFs, with the thumbnails of its PDFs."""
    return pool.handed_back(make(opts, [game_dir], parts))


def prepare(opts: Options, game_dirs: list[Path], every_page: bool = True) -> Prepared:
    """Load, check and lay out; nothing is drawn or written. A deck's pages are laid out as they are drawn;
    `every_page` lays them out here too, for their findings (text that does not fit, a missing glyph)."""
    findings, templates = Findings(), Templates()
    games = every_language(game_dirs, opts.content, findings, templates, opts.fallback, not opts.source_only)
    prepared = Prepared(games, load_editions(games, opts, findings), findings, templates)
    marks, voices = prepared.marks, Voices(findings)
    for game in games:
        editions, said = prepared.editions[game.id], voices.of(game)
        if not validate_game(game, editions, templates, said, editions_of(game, opts)):
            continue  # too many cards to lay out
        expand_sheets(game, said, templates)
        setup, art = setup_for(game, opts), Artwork.of(game, said)
        mark = marks[game.id] = game_stamp(game, editions)
        for edition in [editions[e] for e in editions_of(game, opts, laid_out=True) if e in editions]:
            held = Held(len(opts.papers))  # a card face is the same on every paper: its laying out is shared
            for paper in opts.papers:
                prepared.documents += lay_out_kit_pages(game, edition, paper, setup, said)
                prepared.documents += lay_out_game(game, edition, paper, templates, said, setup, art,
                                                   proof_backs=paper == opts.papers[0], mark=mark,
                                                   setups=setups_for(game, opts), held=held)
    prepared.documents = stamped(prepared.documents, marks, findings)  # every page names itself: one pass, kept lazy
    if every_page:
        _lay_out_every_page(prepared)
    return prepared


def load_editions(games: list[Game], opts: Options, findings: Findings) -> dict[str, dict[str, Edition]]:
    """Each game's editions. The games that share the layout folders share one load of each edition; a game with
    layouts of its own (`content/<game>/layouts/<edition>/`) has its own, searched there first."""
    groups: dict[tuple[Path, ...], list[Game]] = {}
    for game in games:
        groups.setdefault(layout_dirs(game, opts), []).append(game)
    out: dict[str, dict[str, Edition]] = {}
    for dirs, members in groups.items():
        wanted = sorted({e for g in members for e in editions_of(g, opts)})
        names = {e: {n for g in members for n in layout_names(g, e)} | {kits.PRINT_CHECK} for e in wanted}
        loaded = {e: ed for e in wanted if (ed := load_edition(list(dirs), e, names[e], findings, opts))}
        for game in members:
            check_layout_texts(game, {e: loaded[e] for e in editions_of(game, opts) if e in loaded},
                               layout_names(game), findings, opts.fallback)
        out.update({g.id: relabelled(g, loaded) for g in members})  # a translation names its editions its way
    return out


def layout_dirs(game: Game, opts: Options) -> tuple[Path, ...]:
    """Where a game's layouts are searched, first found wins: its own folder (inside the game's), then the
    command line's, then `layouts/`."""
    own = game.dir / "layouts"
    mine = [own] if own.is_dir() and own.resolve().is_relative_to(game.dir.resolve()) else []
    return tuple(dict.fromkeys([*mine, *opts.layouts]))


def _lay_out_every_page(prepared: Prepared) -> None:
    for doc in prepared.documents:
        for _ in doc.pages:
            interrupts.check()


def draw(prepared: Prepared, opts: Options, parts: tuple[str, ...] = (pool.TEXT, pool.PDFS)) -> list[Output]:
    """Each game's text edition; every component's PDF; and the kits of each edition and paper, opening with the
    print check (and, for duplex printing, the calibration pages): the players' and, with secret material, the
    host's."""
    from deckpress.publish.kit_plan import drawn_files
    from deckpress.publish.text_edition import font_files, html_pages

    out = []
    for game in prepared.games:
        if pool.TEXT in parts:
            read_by = _read_by(game, prepared, opts)  # the game's first edition among them, whatever is built
            mark = (read_by is prepared.editions[game.id] and prepared.marks.get(game.id)) or game_stamp(game, read_by)
            pages = html_pages(game, read_by, prepared.templates, mark)
            out += outputs.text_edition_outputs(game, pages) + outputs.font_outputs(game, font_files(game))
            out += outputs.braille_and_labels(game, pages, prepared.findings, opts.papers, mark)
        setup, again = setup_for(game, opts), Repeated.of(opts).words(opts.out, public=False)  # the host's kit's
        for edition in editions_of(game, opts) if pool.PDFS in parts else []:
            for paper in opts.papers:
                docs = [d for d in prepared.documents if (d.game, d.edition, d.paper) == (game.id, edition, paper)]
                out += drawn_files(game, docs, (prepared.editions[game.id], edition), paper, setup,
                                   prepared.marks[game.id], prepared.findings, again)  # drawn: checked, stamped
    return out


def _read_by(game: Game, prepared: Prepared, opts: Options) -> dict[str, Edition]:
    """The editions loaded, and the game's first, whose layouts the text edition reads the cards by, whichever
    editions this build draws: the text edition is the same either way."""
    editions = prepared.editions[game.id]
    first = game.editions[0] if game.editions else None
    if first is None or first in editions:
        return editions
    return {**editions, **load_editions([game], replace(opts, edition=first), Findings())[game.id]}


def publish(opts: Options, press: Press, fresh: Freshness, staging: Staging) -> None:
    """The manifest, the catalogue and the build state over this build's files; then all move into place at once,
    staged with those `staging` holds already."""
    from deckpress.publish.catalogue import catalogue  # PDFium loads only to publish

    stale = stale_exports(opts.out, press.versions)  # cut from older sources: taken away in the same commit
    entries = [e for e in merged_manifest(opts.out, press.outputs, press.parts, press.versions)
               if e.game not in press.gone]
    every = catalogue_listings(opts.out, press.listings)  # an edition not built this time keeps its recorded name
    known = {g: every[g] for g in press.listings}  # this build's games': their state records them
    listings = {g: v for g, v in every.items() if g not in press.gone}
    site = catalogue(opts.out, entries, {o.path: o.data for o in press.outputs}, press.thumbnails, listings,
                     {o.path: o.shown for o in press.outputs if o.shown is not None})
    state = state_output(opts.out, {g: fresh.prints[g] for g in press.ids}, press.outputs, known,
                         set(press.gone))
    manifest = manifest_output(entries)
    shared = publications(opts.out, entries, site, listings, {o.path: o.data for o in press.outputs},
                          [o for o in press.outputs if o.entry is not None])  # hashed for the manifest
    interrupts.check()
    sums = sums_output(opts.out, entries, [*site, manifest])
    # manifest last; what it no longer lists goes in the same commit (exports of older sources among them), and
    # what the public catalogue and the host's bundles no longer hold
    staging.commit([*press.outputs, *site, *shared.outputs, state, sums, manifest],
                   taken_away(opts.out, entries, site, shared.removed))
    press.stale = sorted({e.game for e in stale})


def editions_of(game: Game, opts: Options, laid_out: bool = False) -> list[str]:  # laid_out: an export's only
    return [e for e in game.editions if opts.edition in (None, e)][:1 if laid_out and opts.first_edition else None]


def setups_for(game: Game, opts: Options) -> dict[str, PrintSetup]:
    """The print options of each component that has its own (`print:` on the component)."""
    return {c.id: setup_for(game, opts, c.printing) for c in game.components if c.printing}


def setup_for(game: Game, opts: Options, own: dict[str, Any] | None = None) -> PrintSetup:
    """The game's print options in content (a component's `own` over them), overridden by the command line's."""
    game_options = dict(game.printing)
    if own and own.get("fold") and "duplex" not in own:
        game_options.pop("duplex", None)  # a component folded over needs no page of backs as well
    o = {**game_options, **(own or {}), **opts.printing}
    return PrintSetup(o.get("duplex"), (o.get("offset_x", 0.0), o.get("offset_y", 0.0)), o.get("fold", False),
                      o.get("bleed_mm", 0.0))


@contextmanager
def _seldom_collected() -> Iterator[None]:
    """A build makes millions of small objects and hardly a cycle: Python's cycle collector at its usual pace
    scans the growing heap again and again (a quarter of a 24,000-card build). Run it seldom meanwhile."""
    before = gc.get_threshold()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)
