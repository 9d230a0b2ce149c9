"""Lay out every component of a game for one edition and paper."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from deckpress.findings import Findings
from deckpress.layout.boards.pieces import Report, board_pages, boarded
from deckpress.layout.booklet import rules_pages
from deckpress.layout.boxes import lay_out_box
from deckpress.layout.boxes.schema import BOX, STANDEE, TUCK_BOX
from deckpress.layout.cards import Printed, card_pages
from deckpress.layout.context import Job
from deckpress.layout.cover import lay_out_blank, lay_out_cover
from deckpress.layout.held import Held
from deckpress.layout.imposition import SINGLE_SIDED, PrintSetup
from deckpress.layout.marks import calibration, print_check
from deckpress.layout.overlap import checked, reporter
from deckpress.layout.page import Document, Drawing, Page
from deckpress.layout.sheets import sheet_pages
from deckpress.layout.slug import SAMPLE_PAGES, Stamp, parts_of
from deckpress.layout.text import Typesetter
from deckpress.load.art import Artwork
from deckpress.load.icon_words import ICON_WORDS
from deckpress.model import (
    HOST,
    BoardLayout,
    BookletLayout,
    CardLayout,
    Component,
    Deck,
    Edition,
    Game,
    Layout,
    SheetLayout,
)
from deckpress.templating import Templates

LAYOUT_KINDS = {"cards": CardLayout, "sheet": SheetLayout, "rules": BookletLayout, "board": BoardLayout,
                STANDEE: CardLayout}
PRINT_CHECK_LAYOUT = "print-check"


def lay_out_game(game: Game, edition: Edition, paper: str, templates: Templates, findings: Findings,
                 setup: PrintSetup = SINGLE_SIDED, art: Artwork | None = None,
                 proof_backs: bool = True, mark: Stamp | None = None,
                 setups: dict[str, PrintSetup] | None = None, held: Held | None = None) -> list[Document]:
    """Every component of the game. `proof_backs`: lay out the backs a single-sided print leaves out, for their
    findings (one paper of an edition finds them all). `mark`: the slug the pages will carry, for its room.
    `setups`: a component's own print options, where it has any (by id; else `setup`, the game's). `held`: what
    its faces share with the edition's other papers in this build (each paper of the edition is given the same)."""
    held = held or Held()
    docs = []
    for component in game.components:
        if not component.built_in(edition.theme.edition):
            continue  # built in other editions only
        own = (setups or {}).get(component.id, setup)
        doc = lay_out_component(game, component, edition, paper, templates, findings, own, art, proof_backs,
                                mark, held)
        if doc is not None:
            docs.append(doc)
    return docs


def lay_out_component(game: Game, component: Component, edition: Edition, paper: str, templates: Templates,
                      findings: Findings, setup: PrintSetup = SINGLE_SIDED,
                      art: Artwork | None = None, proof_backs: bool = True,
                      mark: Stamp | None = None, held: Held | None = None) -> Document | None:
    """One component's pages. `art` is the game's, shared by its components, editions and papers: each file is
    checked (and decoded) once; `held` is the edition's, shared by its papers (`deckpress.layout.held`)."""
    layout = edition.layouts.get(component.layout)
    boxed = component.kind in (BOX, TUCK_BOX)
    if not (boxed or of_kind(layout, component.kind)) or _source_missing(game, component):
        return None  # reported by the validator
    art, held = art or Artwork.of(game, findings), held or Held()
    ts = _typesetter(game, component, edition, findings, art, held)
    decks = [game.decks[d] for d in component.decks] if component.kind == "cards" else []
    printed = _printed(decks, edition)
    setup, laid_out = _as_printed(layout, setup, printed)
    job = Job(ts, paper, game.language, templates, game.params, laid_out, art, game.colours, proof_backs=proof_backs,
              held=held)
    parts = _slug_parts(mark, component, edition.theme.edition, paper)
    job.slug = parts(SAMPLE_PAGES) if parts else []
    cards: int | None = None
    pages: Sequence[Page]
    where = _where(game.named, component.id, edition, paper)
    if isinstance(layout, BoardLayout) and component.board is not None:
        return _board(game, component, layout, job, where, setup)
    if boxed or component.kind == STANDEE:
        pages = lay_out_box(game, component, edition, job)
    elif isinstance(layout, CardLayout):
        pages = card_pages(printed, layout, job, _proofs(decks, printed))
        cards = len(printed)
    elif isinstance(layout, SheetLayout):
        pages = _flowed(partial(sheet_pages, game.sheets[component.source or ""], layout, job, game.rules), job, parts)
    elif isinstance(layout, BookletLayout) and game.rules is not None:
        pages = _flowed(partial(rules_pages, game.title, game.rules, layout, job), job, parts)
    else:
        return None
    pages = checked(pages, reporter(findings, component.loc if layout is None else layout.loc, where,
                                    f"{game.named} {component.id} ({edition.theme.edition} edition)"))
    return Document(game.id, component.id, component.title, edition.theme.edition, paper, pages, cards,
                    component.audience, cutting=job.cutting, setup=setup, in_kit=not component.optional,
                    apart=_apart(component, printed), copies=_copies(game, component))


def _as_printed(layout: Layout | None, setup: PrintSetup, printed: list[Printed]) -> tuple[PrintSetup, PrintSetup]:
    """How a component's file is printed, and how its pages are laid out. A die net is never bled: its faces meet
    at its folds, so its art cannot run past them, and it is cut along its printed outline. A deck without backs
    is printed as it is, single-sided, folded build or not."""
    if isinstance(layout, CardLayout) and layout.positions:
        setup = replace(setup, bleed=0.0)
    unbacked = setup.fold and not any(back is not None for _, back in printed)
    return setup, replace(setup, fold=False) if unbacked else setup


def _typesetter(game: Game, component: Component, edition: Edition, findings: Findings, art: Artwork,
                held: Held) -> Typesetter:
    """The component's typesetter: the game's icons and their words at hand, its type kept standing in the rack
    the edition's components share on every paper (a forme set on one paper stands for the next)."""
    ts = Typesetter(edition.theme, findings, game.named, component.id, game.layout_entries, game.text_entries,
                    held.rack)
    ts.icons, ts.words = art.icons(edition.folders), dict(game.params.get(ICON_WORDS) or {})
    return ts


def _apart(component: Component, printed: list[Printed]) -> bool:
    """Whether its pages part company once printed: cards without a back are cut apart; a sheet one for each
    player, or handed out as its `handling` says (the host's own stays with the host), goes to its own desk or
    player. Duplex, no page of it may back onto another."""
    if component.kind == "cards":
        return all(back is None for _, back in printed)
    handed = component.handling is not None and component.audience != HOST
    return component.kind == "sheet" and (handed or component.per_player)


def _copies(game: Game, component: Component) -> int | None:
    """A sheet component's copies, as its pages print them (one a player's, or a team's); None for any other."""
    sheet = game.sheets.get(component.source or "") if component.kind == "sheet" else None
    return None if sheet is None else len(sheet.copies)


def _slug_parts(mark: Stamp | None, component: Component, edition: str, paper: str
                ) -> Callable[[int], list[str]] | None:
    """The component's slug parts for pages numbered up to n; None where its pages carry no slug."""
    if mark is None or edition not in mark.themes:
        return None
    stamp = mark
    return lambda pages: parts_of(stamp, (component.title, edition, paper), component.audience, pages, pages)


def _flowed(lay_out: Callable[[], list[Page]], job: Job, parts: Callable[[int], list[str]] | None) -> list[Page]:
    """A booklet's or a sheet's pages, each page's foot kept for the whole slug as its page numbers will read
    (`parts`: the slug's parts for pages numbered up to n): laid out once unseen to count its pages, then for
    good if they are ten or more (a page number of one digit was the first run's: it stands, with its findings)."""
    if parts is None:
        return lay_out()
    job.slug = parts(9)
    with job.ts.rehearsing() as found:
        pages = lay_out()
    if len(pages) < 10:
        job.findings.extend(found)
        return pages
    job.slug = parts(10 ** len(str(len(pages))) - 1)  # as wide as its widest page number
    return lay_out()


def _board(game: Game, component: Component, layout: BoardLayout, job: Job, where: str,
           setup: PrintSetup) -> Document:
    assert component.board is not None

    def of(said: str) -> Report:
        return lambda loc, message: job.findings.error(loc or component.loc, f"{said}: {message}")

    edition = f"{game.named} {component.id} ({job.theme.edition} edition)"  # the board whole: any paper's
    pages = board_pages(boarded(game, component), layout, component.board, job, of(where), of(edition))
    return Document(game.id, component.id, component.title, job.theme.edition, job.paper, pages, None,
                    component.audience, options=True, setup=setup, in_kit=not component.optional)


def of_kind(layout: object, kind: str) -> bool:
    """Whether `layout` lays out a component of `kind`: a board's layout is a card's, but not the other way."""
    return isinstance(layout, LAYOUT_KINDS[kind]) and (kind == "board" or not isinstance(layout, BoardLayout))


def _source_missing(game: Game, component: Component) -> bool:
    """A deck or sheet it names is not the game's (reported by the validator)."""
    if component.kind == "sheet":
        return component.source not in game.sheets
    return not all(d in game.decks for d in component.decks)


def _printed(decks: list[Deck], edition: Edition) -> list[Printed]:
    """The decks' cards as printed (each entry `copies` times), one deck after another, each with its back."""
    printed: list[Printed] = []
    for deck in decks:
        layout = edition.layouts.get(deck.back.layout) if deck.back is not None else None
        back = layout if isinstance(layout, CardLayout) else None  # else none, or reported
        printed += [(card, back) for card in deck.printed]
    return printed


def _proofs(decks: list[Deck], printed: list[Printed]) -> set[int]:
    """The places in `printed` whose backs a single-sided print lays out for their findings: every card's where
    the back reads its card (`Deck.backs_differ`), else the deck's first card drawn, whose back is every card's."""
    proofs, start = set(), 0
    for deck in decks:
        places = range(start, start + deck.size)
        start += deck.size
        drawn = [i for i in places if printed[i][1] is not None and printed[i][0].valid]
        proofs.update(drawn if deck.backs_differ else drawn[:1])
    return proofs


def lay_out_calibration(game: Game, edition: Edition, paper: str, setup: PrintSetup, findings: Findings) -> Document:
    """A front and a back page: print both sides, hold against the light, read the back's offset."""
    job = Job(Typesetter(edition.theme, findings, game.named, "calibration"), paper, game.language, setup=setup)
    front, back = Drawing(job.size), Drawing(job.size)
    calibration(front, back, job)
    pages = checked([front.page, back.page], reporter(findings, edition.theme.loc, _where(game.named, "calibration",
                                                                                          edition, paper)))
    return Document(game.id, "calibration", job.say("calibration"), edition.theme.edition, paper, pages)


def lay_out_print_check(game: Game, edition: Edition, paper: str, findings: Findings,
                        setup: PrintSetup = SINGLE_SIDED) -> Document | None:
    """The kit's first page, its instructions for the options the kit is printed with."""
    layout = edition.layouts.get(PRINT_CHECK_LAYOUT)
    if not isinstance(layout, SheetLayout):
        return None
    job = Job(Typesetter(edition.theme, findings, game.named, "kit"), paper, game.language, setup=setup)
    d = Drawing(job.size)
    print_check(d, layout, job)
    pages = checked([d.page], reporter(findings, layout.loc, _where(game.named, "print-check", edition, paper)))
    return Document(game.id, "print-check", job.say("print_check"), edition.theme.edition, paper, pages)


def _where(game: str, component: str, edition: Edition, paper: str) -> str:
    return f"{game} {component} ({edition.theme.edition} edition, {paper})"


def lay_out_kit_pages(game: Game, edition: Edition, paper: str, setup: PrintSetup,
                      findings: Findings) -> list[Document]:
    """The kits' own pages: the print check they open with (its instructions for these options), the calibration
    pages when printing duplex, a cover for each private or host component (the host's kit) and, duplex, the blank
    back that starts each part on a front side."""
    check = lay_out_print_check(game, edition, paper, findings, setup)
    calibration = lay_out_calibration(game, edition, paper, setup, findings) if setup.duplex else None
    covers = [lay_out_cover(game, c, edition, paper, findings) for c in game.components if c.secret]
    blank = lay_out_blank(game, edition, paper) if setup.duplex else None
    return [d for d in (check, calibration, *covers, blank) if d is not None]
