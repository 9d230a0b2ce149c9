"""The whole press in one screen: load, validate, lay out; then render, finish, write."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckpress import interrupts
from deckpress.load.art import Artwork
from deckpress.findings import Finding, Findings
from deckpress.publish.incremental import Freshness, freshness, state_output
from deckpress.layout.imposition import PrintSetup
from deckpress.layout.page import PAPER_NAMES, Document
from deckpress.layout.plan import (
    PRINT_CHECK_LAYOUT,
    lay_out_calibration,
    lay_out_game,
    lay_out_print_check,
)
from deckpress.load import expand_sheets, load_edition, load_game
from deckpress.model import Edition, Game
from deckpress.options import Options
from deckpress.load.sources import yaml_editions
from deckpress.templating import Templates
from deckpress.check.validate import validate_game
from deckpress.publish.write import Output, manifest_output, merged_manifest, write_outputs

if TYPE_CHECKING:
    from deckpress.publish.catalogue import Thumbnail
    from deckpress.draw.finish import DocInfo


@dataclass
class Press:
    """What loading and validating produced: the games, their editions' layouts, and every finding."""

    games: list[Game]  # as loaded in this process (none when parallel workers loaded them)
    editions: dict[str, Edition]
    findings: Findings
    templates: Templates
    ids: list[str] = field(default_factory=list)  # the games loaded, here or by the workers
    documents: list[Document] = field(default_factory=list)
    up_to_date: list[str] = field(default_factory=list)  # games not built again: nothing of theirs changed

    def __post_init__(self) -> None:
        self.ids = self.ids or [g.id for g in self.games]


def prepare(opts: Options, game_dirs: list[Path], every_page: bool = True) -> Press:
    """Load, validate and lay out everything; nothing is drawn or written. A deck's pages are laid out as they are
    drawn; `every_page` lays them out here too, for their findings (text that does not fit, a missing glyph)."""
    findings, templates = Findings(), Templates()
    games = [g for d in game_dirs if (g := load_game(d, f"{opts.content.as_posix()}/{d.name}", findings, templates))]
    wanted = {e for g in games for e in editions_of(g, opts)}
    names = {c.layout for g in games for c in g.components} | {PRINT_CHECK_LAYOUT}
    editions = {e: ed for e in sorted(wanted) if (ed := load_edition(opts.layouts, e, names, findings))}
    press = Press(games, editions, findings, templates)
    for game in games:
        validate_game(game, editions, templates, findings, editions_of(game, opts))
        expand_sheets(game, findings, templates)
        setup, art = setup_for(game, opts), Artwork.of(game, findings)
        for edition in [editions[e] for e in editions_of(game, opts) if e in editions]:
            for paper in opts.papers:
                press.documents += lay_out_kit_pages(game, edition, paper, setup, findings)
                press.documents += lay_out_game(game, edition, paper, templates, findings, setup, art)
    if every_page:
        _lay_out_every_page(press)
    return press


def _lay_out_every_page(press: Press) -> None:
    for doc in press.documents:
        for _ in doc.pages:
            interrupts.check()


def lay_out_kit_pages(game: Game, edition: Edition, paper: str, setup: PrintSetup, findings: Findings) -> list[Document]:
    """The pages a kit opens with: the print check, and the calibration pages when printing duplex."""
    check = lay_out_print_check(game, edition, paper, findings)
    calibration = lay_out_calibration(game, edition, paper, setup, findings) if setup.duplex else None
    return [d for d in (check, calibration) if d is not None]


def build(opts: Options, game_dirs: list[Path], jobs: int = 1, fresh: Freshness | None = None) -> Press:
    """Build the games whose inputs changed since their last build (`fresh`, if the caller has looked already);
    the others are up to date. With `jobs` > 1 each game's editions are prepared and drawn in parallel processes;
    the bytes are the same."""
    with _seldom_collected():
        return _build(opts, game_dirs, jobs, fresh or freshness(game_dirs, opts.layouts, opts.key(), opts.out))


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


def _build(opts: Options, game_dirs: list[Path], jobs: int, fresh: Freshness) -> Press:
    interrupts.check()  # a Ctrl-C while the command started
    todo = [d for d in game_dirs if d.name not in fresh.current]
    parts = _parts(opts, todo) if jobs > 1 else []
    if len(parts) > 1:
        press, built, made = _parallel(parts, jobs)
    else:
        (press, built), made = _serial(opts, todo), {}
    press.up_to_date = sorted(fresh.current)
    if not press.findings.errors and press.ids:
        from deckpress.publish.catalogue import (
            catalogue,  # drawing and finishing load lazily: an up-to-date build needs neither
        )
        entries = merged_manifest(opts.out, built)
        site = catalogue(opts.out, entries, {o.path: o.data for o in built}, made)
        state = state_output(opts.out, {g: fresh.prints[g] for g in press.ids}, built)
        interrupts.check()
        write_outputs(opts.out, [*built, *site, state, manifest_output(entries)])  # one commit, manifest last
    return press


def _serial(opts: Options, game_dirs: list[Path], text_edition: bool = True) -> tuple[Press, list[Output]]:
    press = prepare(opts, game_dirs, every_page=False)
    if press.findings.errors:
        _lay_out_every_page(press)  # every finding in one run, as `deckpress check` gives them
        return press, []
    built = outputs(press, opts, text_edition)  # the decks' pages are laid out here, as they are drawn
    return press, ([] if press.findings.errors else built)


def _parts(opts: Options, game_dirs: list[Path]) -> list[tuple[Options, Path, bool]]:
    """A parallel build's tasks: an edition of a game each, the first of a game's also writing its text edition."""
    return [(replace(opts, edition=e), d, i == 0) for d in game_dirs for i, e in enumerate(_editions_listed(d, opts))]


def _editions_listed(game_dir: Path, opts: Options) -> list[str | None]:
    """The editions to build of a game, from a quick look at its game.yaml; [None] (all) if it cannot tell."""
    listed = [e for e in yaml_editions(game_dir / "game.yaml") if opts.edition in (None, e)]
    return listed or [opts.edition]


Part = tuple[list[Finding], list[str], list[Output], dict[str, "Thumbnail"]]


def _one_part(opts: Options, game_dir: Path, text_edition: bool) -> Part:
    """One edition of one game (and the game's text edition, with its first), with the thumbnails of its PDFs;
    the pages and the game stay here, only results go back (a big deck's model costs seconds to send)."""
    from deckpress.publish.catalogue import missing_thumbnails

    press, built = _serial(opts, [game_dir], text_edition)
    return list(press.findings), press.ids, built, missing_thumbnails(opts.out, built)


def _parallel(parts: list[tuple[Options, Path, bool]], jobs: int) -> tuple[Press, list[Output], dict[str, Thumbnail]]:
    """A task per edition of a game; findings and files come back in the order a serial build has them."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    _load_drawing()
    try:
        with ProcessPoolExecutor(max_workers=jobs, initializer=interrupts.take_in_worker) as pool:
            results = list(pool.map(_one_part, *zip(*parts, strict=True)))
    except BrokenProcessPool:
        interrupts.check()  # a worker stopped by Ctrl-C before it could note it: an interrupt, not a crash
        raise
    findings, ids, built, made = Findings(), {}, {}, {}
    for found, part_ids, part_built, part_made in results:
        findings.extend(found)
        ids.update(dict.fromkeys(part_ids))
        built.update({o.path: o for o in part_built})
        made.update(part_made)
    press = Press([], {}, findings, Templates(), list(ids))
    return press, [] if findings.errors else list(built.values()), made


def _load_drawing() -> None:
    """Import the drawing stages, read the fonts and compile the text edition's template before the workers start:
    where processes are forked (Linux) they inherit all of it rather than each paying for it again."""
    import deckpress.publish.catalogue
    import deckpress.draw.kit
    import deckpress.draw.render  # noqa: F401  (ReportLab's canvas)
    from deckpress.draw import fonts
    from deckpress.publish import text_edition as html

    for name in fonts.FONT_FILES:
        fonts.font(name)
    html.edition_template()


def editions_of(game: Game, opts: Options) -> list[str]:
    return [e for e in game.editions if opts.edition in (None, e)]


def setup_for(game: Game, opts: Options) -> PrintSetup:
    """The game's print options in content, overridden by the command line's."""
    o = {**game.printing, **opts.printing}
    return PrintSetup(o.get("duplex"), (o.get("offset_x", 0.0), o.get("offset_y", 0.0)), o.get("fold", False),
                      o.get("bleed_mm", 0.0))


def outputs(press: Press, opts: Options, text_edition: bool = True) -> list[Output]:
    """Each game's text edition; every component PDF; and a kit per edition and paper that opens with the print
    check (and, for duplex printing, the calibration pages)."""
    out = []
    for game in press.games:
        out += _text_edition(game) if text_edition else []
        setup = setup_for(game, opts)
        for edition in editions_of(game, opts):
            for paper in opts.papers:
                out += _edition_outputs(press, game, press.editions[edition], paper, setup)
    return out


def _text_edition(game: Game) -> list[Output]:
    from deckpress.publish.text_edition import html_pages

    return [Output(f"{game.id}/{name}", page.encode("utf-8"), {
        "game": game.id, "component": "accessible-html", "title": "Accessible text edition", "edition": "accessible",
        "paper": None, "pages": None, "private": name != f"{game.id}.html", "game_title": game.title})
        for name, page in html_pages(game).items()]


def _edition_outputs(press: Press, game: Game, edition: Edition, paper: str, setup: PrintSetup) -> list[Output]:
    from deckpress.draw.kit import kit
    from deckpress.draw.render import render

    docs = [d for d in press.documents if (d.game, d.edition, d.paper) == (game.id, edition.theme.edition, paper)]
    rendered = [(doc, render(doc, _info(game, doc.title, paper))) for doc in docs]
    out = [_output(game, doc, setup, pdf) for doc, pdf in rendered if doc.component != "print-check"]
    kit_doc = Document(game.id, "kit", "Print-and-play kit", edition.theme.edition, paper, [])
    pdf = kit([(doc.title, pdf) for doc, pdf in rendered], _info(game, kit_doc.title, paper))
    return out + [_output(game, kit_doc, setup, pdf, sum(len(doc.pages) for doc in docs))]


def _info(game: Game, what: str, paper: str) -> DocInfo:
    from deckpress.draw.finish import DocInfo

    return DocInfo(f"{game.title}: {what} ({PAPER_NAMES[paper]})", game.publisher, game.subject, game.language)


def _output(game: Game, doc: Document, setup: PrintSetup, pdf: bytes, pages: int | None = None) -> Output:
    """Card components, calibration and kits carry the print options in their names and manifest entries."""
    printed = doc.cards is not None or doc.component in ("kit", "calibration")
    suffix = setup.suffix() if printed else ""
    path = f"{game.id}/{doc.edition}/{game.id}-{doc.component}-{doc.paper}{suffix}.pdf"
    entry: dict[str, Any] = {"game": game.id, "game_title": game.title, "component": doc.component, "title": doc.title,
                             "edition": doc.edition, "paper": doc.paper, "pages": len(doc.pages) if pages is None else pages}
    if doc.cards is not None:
        entry["cards"] = doc.cards
    if doc.private:
        entry["private"] = True
    if printed:
        entry.update(setup.manifest())
    return Output(path, pdf, entry)
