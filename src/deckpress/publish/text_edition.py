"""The accessible text edition: one HTML page per game, from the same model as the PDFs.

Rules with their headings in order, every card read through its layout (`layout.readings`), and every sheet's
structure as real lists and tables, for screen readers and text-to-speech. The pages are polyglot XHTML5 (an EPUB
packs them as they are), set in the face the PDFs use (Atkinson Hyperlegible; Fira Sans for a game in Greek),
shipped beside them in `fonts/`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from jinja2 import Template
from markupsafe import Markup

from deckpress.draw import scripts
from deckpress.draw.fonts import font_file
from deckpress.layout.boards.reading import read_board
from deckpress.layout.lists.entries import html_list
from deckpress.layout.readings import ReadDeck, read_deck
from deckpress.layout.slug import Stamp, stamp
from deckpress.load.icon_words import read_inline
from deckpress.model import HOST, PRIVATE, PUBLIC, Component, Edition, Game, Rules
from deckpress.numerals import counted
from deckpress.publish import phrases
from deckpress.publish.fragments import said_html
from deckpress.publish.page_list import first_lines, numbered, print_source
from deckpress.publish.page_templates import page_template
from deckpress.publish.sheets_read import read_sheets
from deckpress.templating import Templates
from deckpress.words import in_sentence

FONTS = ("AtkinsonHyperlegible-Regular", "AtkinsonHyperlegible-Bold")  # the faces the pages use
FONT_FOLDER = "fonts"  # beside the pages
_PARAMS: ContextVar[dict[str, Any] | None] = ContextVar("params", default=None)  # the game's, as its page is set


def html_pages(game: Game, editions: Mapping[str, Edition] | None = None, templates: Templates | None = None,
               mark: Stamp | None = None) -> dict[str, tuple[str, str]]:
    """The game's pages (`_pages`), its icons inline in text read in its language; `mark`: the game's stamp by
    `editions`, where the caller has it already."""
    with _reading(game):
        return _pages(game, editions, templates, mark)


@contextmanager
def _reading(game: Game) -> Iterator[None]:
    token = _PARAMS.set(game.params)
    try:
        yield
    finally:
        _PARAMS.reset(token)


def _pages(game: Game, editions: Mapping[str, Edition] | None, templates: Templates | None,
           mark: Stamp | None = None) -> dict[str, tuple[str, str]]:
    """File name -> audience and page: the game's page (public, linking no secret); where the game has secret
    material, the host's page (the same, linking every secret page) and one page for each piece of it, so that a
    screen-reader player is handed their own desk card and nobody else's, and the host the answers. Cards are read
    through the layouts of the game's first edition in `editions` (without any: their fields)."""
    template, say = edition_template(), phrases(game.language)
    edition = next((editions[e] for e in game.editions if editions and e in editions), None)
    public = [c for c in game.components if not c.secret]
    secret = _private_pages(game, edition, templates)  # by title, numbers counted: the host page's, the book's order
    shared = dict(game=game, say=say, rules=game.rules, sections=_sections(game.rules),
                  decks=[_shown(read_deck(game, c, edition, templates, say), say) for c in public if _dealt(game, c)],
                  sheets=read_sheets(game, public, say), fonts=FONT_FOLDER, face=typeface(game),
                  boards=[_board(read_board(game, c, edition, templates, say), say) for c in public
                          if c.kind == "board"])
    lines = first_lines(game, edition, templates or Templates(), mark or stamp(game, dict(editions or {})))
    source = print_source(game)
    pages = {f"{game.id}.html": (PUBLIC, numbered(template.render(
        **shared, heading=game.title, warning=None, private=[],
        private_note=say("html_private_elsewhere") if secret else None), lines, source))}
    if secret:
        pages[f"{game.id}-host.html"] = (HOST, numbered(template.render(
            **shared, heading=say("html_host_page", game=game.title), warning=say("html_host_warning"),
            private=[(name, page[:2]) for name, (_, *page) in secret.items()],
            private_note=say("html_private_note")), lines, source))
    for name, (audience, title, warning, decks, sheets) in secret.items():
        pages[name] = (audience, template.render(game=game, say=say, heading=title, warning=warning, rules=None,
                                                 sections=[], decks=decks, sheets=sheets, private=[],
                                                 private_note=None, fonts=FONT_FOLDER, face=typeface(game),
                                                 boards=[]))
    return pages


def typeface(game: Game) -> dict[str, str]:
    """The faces the pages use, in the family the game's language is set in (deckpress.draw.scripts), and the
    family's name: Atkinson Hyperlegible, or Fira Sans for a game in Greek."""
    regular, bold = (scripts.face(game.language, name) for name in FONTS)
    return {"family": scripts.family_name(regular), "regular": regular, "bold": bold}


def font_files(game: Game) -> dict[str, bytes]:
    """The fonts the pages name, and their licence, by path beside the pages (`fonts/...`)."""
    face = typeface(game)
    files = {f"{FONT_FOLDER}/{face[style]}.ttf": font_file(face[style]).read_bytes() for style in ("regular", "bold")}
    licence = font_file(face["regular"]).parent.parent / "LICENSE"
    if licence.is_file():  # the SIL Open Font License travels with the font
        files[f"{FONT_FOLDER}/LICENSE.txt"] = licence.read_bytes()
    return files


@cache
def edition_template() -> Template:
    """Compiled once a process (compiling costs more than rendering a game's page)."""
    return page_template("edition.html.j2", _icon_names)


def _icon_names(value: Any) -> Any:
    """An icon inline in text (`:lantern:`) reads as its name, or a translated game's word for it (markup made
    here, a macro's, is left alone)."""
    plain = isinstance(value, str) and not isinstance(value, Markup)
    return read_inline(value, _PARAMS.get() or {}) if plain else value


def _dealt(game: Game, component: Component) -> bool:
    return component.kind == "cards" and any(d in game.decks for d in component.decks)


def _shown(deck: ReadDeck, say: Callable[..., str]) -> dict[str, Any]:
    """A deck as the page shows it, its cards' readings made XHTML once for every page that shows them."""
    def label(card: int) -> Callable[[int], str]:
        return lambda table: say("html_card_table", deck=deck.title, card=card, table=table)

    alike = len(deck.cards) == 1 and deck.printed > 1  # shown as one card, unlabelled: the whole front
    cards = [{"label": c.label, "front": said_html(c.front if alike else c.body, label(n)),
              "back": said_html(c.back, label(n)), "copies": c.copies} for n, c in enumerate(deck.cards, 1)]
    fields = any(any(p.fields) for c in deck.cards for p in (*c.front, *c.back))  # lines to write on: kept
    return {"title": deck.title, "printed": deck.printed, "each": deck.each(say), "cards": cards,
            "back": said_html(deck.back, label(0)), "noun": deck.noun, "fields": fields}


def _board(board: ReadDeck, say: Callable[..., str]) -> dict[str, Any]:
    """A board as the page shows it: read once, whole (a board of each card of its deck, by its label)."""
    def label(card: int) -> Callable[[int], str]:
        return lambda table: say("html_card_table", deck=board.title, card=card, table=table)

    cards = [{"label": c.label, "front": said_html(c.front, label(n))} for n, c in enumerate(board.cards, 1)]
    return {"title": board.title, "cards": cards}


# audience, title, warning, decks, sheets
PrivatePage = tuple[str, str, str, list[dict[str, Any]], list[dict[str, Any]]]


def _private_pages(game: Game, edition: Edition | None, templates: Templates | None) -> dict[str, PrivatePage]:
    """A page per private card (one desk's card) and per secret sheet (the host's answers)."""
    out: dict[str, PrivatePage] = {}
    say = phrases(game.language)
    for c in (c for c in game.components if c.secret):
        if _dealt(game, c):
            read = read_deck(game, c, edition, templates, say, alone=True)
            cards = [card for d in c.decks if d in game.decks for card in game.decks[d].cards if card.valid]
            for number, (card, shown) in enumerate(zip(cards, read.cards, strict=True), 1):
                what = in_sentence(game.language, c.title).rstrip("s")  # "Desk cards" -> one "desk card"
                title = say("html_card_page", game=game.title, what=what, index=number, label=card.label)
                warning = say("html_private_card" if c.audience == PRIVATE else "html_host_card", label=card.label)
                out[f"{game.id}-{c.id}-{number}.html"] = (
                    c.audience, title, warning, [_shown(ReadDeck(c.title, [shown], read.back, read.noun), say)], [])
        elif c.kind == "sheet":
            warning = say("html_private_sheet" if c.audience == HOST else "html_private_own")
            title = say("html_sheet_page", game=game.title, what=in_sentence(game.language, c.title))
            out[f"{game.id}-{c.id}.html"] = (c.audience, title, warning, [], read_sheets(game, [c], say))
    return dict(sorted(out.items(), key=lambda page: counted(page[1][1])))


def _sections(rules: Rules | None) -> list[dict[str, Any]]:
    """Parts are h3 and their sections h4; sections before the first part are h3: no level is skipped."""
    out, in_part = [], False
    for section in rules.sections if rules else []:
        in_part = in_part or section.level == 1
        depth = 3 if section.level == 1 or not in_part else 4
        out.append({"heading": section.heading, "depth": depth, "kind": section.kind,
                    "paragraphs": section.paragraphs,
                    "entries": html_list(section.items, section.numbered) if section.items else None})
    return out
