"""The whole press in one screen: load, validate, lay out; then render, finish, write."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from deckpress.findings import Findings
from deckpress.finish import DocInfo, finish, kit
from deckpress.html import html_pages
from deckpress.layout.page import PAPER_NAMES, Document
from deckpress.layout.plan import PRINT_CHECK_LAYOUT, lay_out_game, lay_out_print_check
from deckpress.loader import Loader
from deckpress.model import PAPERS, Edition, Game
from deckpress.render import render
from deckpress.templating import Templates
from deckpress.validate import validate_game
from deckpress.write import Output, write_outputs


@dataclass
class Options:
    content: Path = Path("content")
    layouts: list[Path] = field(default_factory=lambda: [Path("layouts")])
    out: Path = Path("build")
    games: list[str] = field(default_factory=list)  # empty: every game
    edition: str | None = None  # None: every edition a game defines
    papers: tuple[str, ...] = PAPERS


@dataclass
class Press:
    """What loading and validating produced: the games, their editions' layouts, and every finding."""

    games: list[Game]
    editions: dict[str, Edition]
    findings: Findings
    templates: Templates
    documents: list[Document] = field(default_factory=list)


def prepare(opts: Options, game_dirs: list[Path]) -> Press:
    """Load, validate and lay out everything; nothing is drawn or written."""
    findings, templates = Findings(), Templates()
    loader = Loader(findings, templates)
    games = [g for d in game_dirs if (g := loader.game(d, f"{opts.content.as_posix()}/{d.name}"))]
    wanted = {e for g in games for e in editions_of(g, opts)}
    names = {c.layout for g in games for c in g.components} | {PRINT_CHECK_LAYOUT}
    editions = {e: ed for e in sorted(wanted) if (ed := loader.edition(opts.layouts, e, names))}
    press = Press(games, editions, findings, templates)
    for game in games:
        validate_game(game, editions, templates, findings, editions_of(game, opts))
        loader.expand_sheets(game)
        for edition in editions_of(game, opts):
            for paper in opts.papers:
                if edition in editions:
                    press.documents += lay_out_game(game, editions[edition], paper, templates, findings)
    return press


def build(opts: Options, game_dirs: list[Path]) -> Press:
    press = prepare(opts, game_dirs)
    if not press.findings.errors:
        write_outputs(opts.out, list(outputs(press, opts)))
    return press


def editions_of(game: Game, opts: Options) -> list[str]:
    return [e for e in game.editions if opts.edition in (None, e)]


def outputs(press: Press, opts: Options):  # type: ignore[no-untyped-def]
    """Every component PDF, then a kit per game, edition and paper that opens with the print check;
    and each game's accessible text edition."""
    for game in press.games:
        for name, page in html_pages(game).items():
            yield Output(f"{game.id}/{name}", page.encode("utf-8"), {
                "game": game.id, "component": "accessible-html", "title": "Accessible text edition",
                "edition": "accessible", "paper": None, "pages": None, "private": name != f"{game.id}.html"})
        for edition in editions_of(game, opts):
            for paper in opts.papers:
                docs = [d for d in press.documents if (d.game, d.edition, d.paper) == (game.id, edition, paper)]
                parts = []
                check = lay_out_print_check(game, press.editions[edition], paper, press.findings)
                for doc in ([check] if check else []) + docs:
                    pdf = render(doc)
                    parts.append((doc.title, pdf))
                    if doc.component != "print-check":
                        yield _output(game, doc.component, doc.title, edition, paper, finish(pdf, _info(game, doc.title, paper)), len(doc.pages), doc.cards)
                title = "Print-and-play kit"
                pages = sum(len(d.pages) for d in docs) + 1
                yield _output(game, "kit", title, edition, paper, kit(parts, _info(game, title, paper)), pages, None)


def _info(game: Game, what: str, paper: str) -> DocInfo:
    return DocInfo(f"{game.title}: {what} ({PAPER_NAMES[paper]})", game.publisher, game.subject, game.language)


def _output(game: Game, component: str, title: str, edition: str, paper: str, pdf: bytes, pages: int,
            cards: int | None) -> Output:
    path = f"{game.id}/{edition}/{game.id}-{component}-{paper}.pdf"
    entry = {"game": game.id, "component": component, "title": title, "edition": edition, "paper": paper, "pages": pages}
    if cards is not None:
        entry["cards"] = cards
    return Output(path, pdf, entry)
