"""The texts a game's layouts print (a card back's `text: "The Pocket Bazaar"`, a box's `{{ card.cards }} cards`)
and its editions' `about` lines, translated like its own texts.

A layout is shared by every game and language laid out with it, so its texts are not put in place as the layout
is read: a translated game carries its translations by source text (`Game.layout_texts`), and its card templates
are rendered through them (deckpress.templating.CardText). Their PO entries are named by layout and element
(`layouts:lot-back.title`; by edition too, `layouts:large-print/lot-back.title`, where an edition's text differs),
their reference the layout file's line. Once a translated game's editions are loaded, a text of a layout it uses
with no translation is a finding, as any other text's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from deckpress.findings import Finding, Findings, Loc
from deckpress.layout.boxes import panel_layouts
from deckpress.model import CardLayout, Edition, Element, Game
from deckpress.translation.texts import RUN, worded


@dataclass(frozen=True)
class Placed:
    """One layout text: its context, its source and where it is written."""

    context: str
    source: str
    loc: Loc


def layout_names(game: Game, edition: str | None = None) -> set[str]:
    """The layouts a game names: its components' and its decks' back layouts; those `edition` prints, if given
    (a deck's back where a component built there prints the deck)."""
    built = [c for c in game.components if edition is None or c.built_in(edition)]
    backs = {d.back.layout for d in game.decks.values() if d.back is not None and d.back.layout
             and (edition is None or game.prints(d.id, edition))}
    return {c.layout for c in built if c.layout} | backs | {n for c in built for n in panel_layouts(c)}


def extracted(folder: Path, shown: str, dirs: list[Path]) -> list[Placed]:
    """The texts of the layouts the game in `folder` uses, found in `dirs`, for its POT (their problems are the
    build's to say)."""
    from deckpress.load import load_edition, load_game
    from deckpress.templating import Templates

    game = load_game(folder, shown, Findings(), Templates())
    if game is None:
        return []
    names = layout_names(game)
    editions = {e: ed for e in game.editions if (ed := load_edition(dirs, e, layout_names(game, e), Findings()))}
    return layout_texts(editions, names)


def about_context(edition: str) -> str:
    """The context of an edition's `about` line (the catalogue's, under the edition's name)."""
    return f"editions:{edition}.about"


def layout_texts(editions: dict[str, Edition], names: set[str]) -> list[Placed]:
    """The worded texts of the layouts `names` in each edition, each once: named by layout and element, by
    edition too where an edition's differs from the first's."""
    out: dict[str, Placed] = {}
    for edition, loaded in editions.items():
        for name in sorted(names):
            layout = loaded.layouts.get(name)
            for path, element in _elements(layout.elements if isinstance(layout, CardLayout) else [], ""):
                text = element.keys.get("text")
                if not isinstance(text, str) or not worded(text):
                    continue
                context = f"layouts:{name}.{path}"
                if context in out and out[context].source != text:
                    context = f"layouts:{edition}/{name}.{path}"
                out.setdefault(context, Placed(context, text, element.loc))
    return list(out.values())


def _elements(elements: list[Element], prefix: str) -> Iterator[tuple[str, Element]]:
    for element in elements:
        yield f"{prefix}{element.name}", element
        repeated = element.keys.get("repeat")
        if isinstance(repeated, Element):
            yield from _elements([repeated], f"{prefix}{element.name}.")


def check_layout_texts(game: Game, editions: dict[str, Edition], names: set[str], findings: Findings,
                       fallback: bool) -> None:
    """A translated game's layout texts and `about` lines with no translation: a finding each (with `fallback`,
    a warning, and the source is printed), at its PO entry when it has one."""
    if not game.source_game or game.po_missing:  # no PO file: said where the game is, once (Translation.read)
        return
    wanted = [Placed(about_context(e), ed.theme.about, ed.theme.loc) for e, ed in editions.items() if ed.theme.about]
    texts = [t for t in [*wanted, *layout_texts(editions, names)] if t.source not in game.layout_texts]
    if not game.layout_texts and not game.untranslated:  # a PO file missing, refused or older than these: said once
        texts = texts[:1]
    for text in texts:
        at = game.untranslated.get(text.context)
        message = (f"{game.language}: not translated yet ({text.context})" if at is not None else
                   f"{game.language}: this layout text has no translation in {game.id}'s PO file ('{text.source}'): "
                   f"{RUN.format(game=game.source_game)}, then translate it")
        if fallback:
            findings.add(Finding(at or text.loc, f"{message} (printed in the source language meanwhile)",
                                 severity="warning"))
        else:
            findings.error(at or text.loc, message)
