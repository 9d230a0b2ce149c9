"""The accessible text edition: one HTML page per game, from the same model as the PDFs.

Rules with their headings in order, every card's text, and every sheet's structure as
real lists and tables, for screen readers and text-to-speech.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import FileSystemLoader, StrictUndefined, Template
from jinja2.sandbox import SandboxedEnvironment

from deckpress.load.icons import INLINE
from deckpress.model import HOST, PRIVATE, PUBLIC, Block, Card, Component, Game, Rules
from deckpress.publish import phrases

TEMPLATES = Path(__file__).parent / "templates"
CELL_TEXT = {"write": "", "check": "☐"}  # an empty box to write in; a box to tick


def html_pages(game: Game) -> dict[str, tuple[str, str]]:
    """File name -> audience and page: the game's page (public, linking no secret); where the game has secret
    material, the host's page (the same, linking every secret page) and one page for each piece of it, so that a
    screen-reader player is handed their own desk card and nobody else's, and the host the answers."""
    template, say = edition_template(), phrases(game.language)
    public = [c for c in game.components if not c.secret]
    secret = _private_pages(game)
    shared = dict(game=game, say=say, rules=game.rules, sections=_sections(game.rules), decks=_decks(game, public),
                  sheets=_sheets(game, public))
    pages = {f"{game.id}.html": (PUBLIC, template.render(
        **shared, heading=game.title, warning=None, private=[],
        private_note=say("html_private_elsewhere") if secret else None))}
    if secret:
        pages[f"{game.id}-host.html"] = (HOST, template.render(
            **shared, heading=say("html_host_page", game=game.title), warning=say("html_host_warning"),
            private=sorted((name, page[:2]) for name, (_, *page) in secret.items()),
            private_note=say("html_private_note")))
    for name, (audience, title, warning, decks, sheets) in secret.items():
        pages[name] = (audience, template.render(game=game, say=say, heading=title, warning=warning, rules=None,
                                                 sections=[], decks=decks, sheets=sheets, private=[],
                                                 private_note=None))
    return pages


@cache
def edition_template() -> Template:
    """Compiled once a process (compiling costs more than rendering a game's page)."""
    env = SandboxedEnvironment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                               trim_blocks=True, lstrip_blocks=True, finalize=_icon_names)
    return env.get_template("edition.html.j2")


def _icon_names(value: Any) -> Any:
    """An icon inline in text (`:lantern:`) reads as its name."""
    return INLINE.sub(r"\1", value) if isinstance(value, str) else value


# audience, title, warning, decks, sheets
PrivatePage = tuple[str, str, str, list[dict[str, Any]], list[dict[str, Any]]]


def _private_pages(game: Game) -> dict[str, PrivatePage]:
    """A page per private card (one desk's card) and per secret sheet (the host's answers)."""
    out: dict[str, PrivatePage] = {}
    say = phrases(game.language)
    for c in (c for c in game.components if c.secret):
        if c.kind == "cards":
            (deck,) = _decks(game, [c])
            cards = _cards(game, c)
            for number, (card, shown) in enumerate(zip(cards, deck["cards"], strict=True), 1):
                what = c.title.lower().rstrip("s")  # "Desk cards" -> one "desk card"
                title = say("html_card_page", game=game.title, what=what, index=number, label=card.label)
                warning = say("html_private_card" if c.audience == PRIVATE else "html_host_card", label=card.label)
                out[f"{game.id}-{c.id}-{number}.html"] = (
                    c.audience, title, warning, [{"title": c.title, "cards": [shown]}], [])
        elif c.kind == "sheet":
            warning = say("html_private_sheet" if c.audience == HOST else "html_private_own")
            out[f"{game.id}-{c.id}.html"] = (c.audience, say("html_sheet_page", game=game.title, what=c.title.lower()),
                                             warning, [], _sheets(game, [c]))
    return out


def _sections(rules: Rules | None) -> list[dict[str, Any]]:
    """Parts are h3 and their sections h4; sections before the first part are h3: no level is skipped."""
    out, in_part = [], False
    for section in rules.sections if rules else []:
        in_part = in_part or section.level == 1
        depth = 3 if section.level == 1 or not in_part else 4
        out.append({"heading": section.heading, "depth": depth, "kind": section.kind,
                    "paragraphs": section.paragraphs, "entries": section.items})
    return out


def _decks(game: Game, components: list[Component]) -> list[dict[str, Any]]:
    """Each cards component's cards, every deck it prints; a card printed more than once says so once."""
    out = []
    say = phrases(game.language)
    for component in components:
        if component.kind == "cards" and any(d in game.decks for d in component.decks):
            out.append({"title": component.title, "cards": [
                [(_words(k), _text(v)) for k, v in c.values.items()]
                + ([(say("html_quantity"), say("html_copies", copies=c.copies))] if c.copies > 1 else [])
                for c in _cards(game, component)]})
    return out


def _cards(game: Game, component: Component) -> list[Card]:
    """The cards of a component's decks, one deck after another, each entry once."""
    return [card for d in component.decks if d in game.decks for card in game.decks[d].cards]


def _words(name: str) -> str:
    return name.replace("_", " ").replace("-", " ").capitalize()


def _text(value: Any) -> str:
    if isinstance(value, dict):
        return "; ".join(f"{k} = {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def _sheets(game: Game, components: list[Component]) -> list[dict[str, Any]]:
    out = []
    for component in components:
        sheet = game.sheets.get(component.source or "") if component.kind == "sheet" else None
        if sheet is None:
            continue
        copies = [[_block(b, game.rules) for b in blocks] for blocks in sheet.copies]
        # copies that differ only in their headings are shown once
        distinct = [c for i, c in enumerate(copies) if i == 0 or _body(c) != _body(copies[0])]
        out.append({"title": component.title, "printed": len(copies), "shown": len(distinct), "copies": distinct})
    return out


def _body(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [b for b in blocks if b["kind"] != "heading"]


def _block(block: Block, rules: Rules | None) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": block.kind, "text": block.text, "labels": block.labels, "corner": block.corner,
                            "columns": block.columns}
    data["rows"] = [{"label": r.label,
                     "shown": r.cells + [CELL_TEXT[r.cell]] * (len(block.columns) - len(r.cells))} for r in block.rows]
    section = rules.section(block.section) if rules and block.section else None
    if section is not None:
        data.update(heading=section.heading, body=" ".join(section.paragraphs))
    return data
