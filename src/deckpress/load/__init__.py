"""Load stage: game folders and layout files, YAML to the typed model, every value with its file:line:col.

The stage's entry points, which the pipeline (`deckpress.build`) calls: `load_game`, `load_edition`, and
`expand_sheets` (run after the checks, when plugins have published their data); and `listed_editions`, a quick
look that plans a build before anything is loaded. The readers: `game` (game.yaml),
`decks`, `rules`, `sheets`, then `expand`; `layouts` for layout files, `art` for images,
`icons` for icons.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from deckpress.colour import Colour, contrast, ratio
from deckpress.findings import Findings
from deckpress.model import Edition, Game
from deckpress.templating import ENTRIES, TEXTS, Templates

if TYPE_CHECKING:
    from deckpress.options import Options


def load_game(folder: Path, shown: str, findings: Findings, templates: Templates, language: str | None = None,
              fallback: bool = False) -> Game | None:
    """The game in `folder` (shown in findings as `shown`, e.g. content/pocket-bazaar), or None if unusable; in
    `language`, one it is translated into, if given (its PO file's translations in place of the source texts;
    with `fallback`, a text not translated is the source's, with a warning)."""
    from deckpress.load.counted import put
    from deckpress.load.game import read_game
    from deckpress.load.icon_words import ICON_WORDS
    from deckpress.load.reading import Reading
    from deckpress.translation.apply import Translation

    translation = Translation.read(folder, shown, language, findings, fallback) if language else None
    game = read_game(Reading(findings, templates, folder=folder, shown=shown, translation=translation))
    if game is not None and translation is not None:
        game.edition_labels = translation.edition_labels(game.editions)
        game.layout_texts, game.untranslated, game.layout_entries = translation.by_source()
        game.po_missing = translation.absent
        game.text_entries = translation.placed  # a template printing one of them answers for it there
        game.params[TEXTS] = game.layout_texts  # its card templates render through them (CardText)
        game.params[ENTRIES] = game.layout_entries
        game.params[ICON_WORDS] = translation.icon_words(folder)  # its icons read aloud in its language
        put(game.params, translation.plurals, {})  # its counted words' forms, for the readings' counts
    return game


def load_edition(dirs: list[Path], edition: str, names: set[str], findings: Findings,
                 options: Options | None = None) -> Edition | None:
    """An edition's theme and the layouts named `names`, from the layout folders `dirs` (first found wins); the
    build's `--bold` sets its body in its bold font (ACB prefers bold for large print), `--high-contrast` reverses
    its pages out (deckpress.layout.reverse)."""
    from deckpress.layout.reverse import pair
    from deckpress.load.kept_editions import kept_edition

    found = kept_edition(dirs, edition, names, findings)
    if found is not None:  # kept editions are shared: this build's options go on a copy of it and of its theme
        found = replace(found, theme=replace(found.theme), folders=tuple(dirs))  # folders: their icons/, in order
        if options is not None and options.bold:
            found.theme.fonts = {**found.theme.fonts, "regular": found.theme.fonts["bold"]}
        if options is not None and options.high_contrast and (chosen := pair(options.high_contrast)):
            _reverse(found, chosen, findings)
    return found


def _reverse(edition: Edition, chosen: tuple[Colour, Colour], findings: Findings) -> None:
    """Every page reversed out in the chosen ink and paper, which must hold the edition's least contrast."""
    found, least = contrast(*chosen), edition.theme.min_contrast
    if found < least:
        findings.error(edition.theme.loc, f"--high-contrast: {chosen[0].name} on {chosen[1].name} is "
                                          f"{ratio(found, least)}:1, below the {edition.theme.edition} edition's "
                                          f"{least:g}:1")
    edition.theme.reverse = chosen


def expand_sheets(game: Game, findings: Findings, templates: Templates) -> None:
    """Render every sheet's blocks, once per copy, with the parameters, decks and plugin data."""
    from deckpress.load.expand import expand_game_sheets
    from deckpress.load.reading import Texts

    expand_game_sheets(game, Texts(findings, templates))


def listed_editions(folder: Path) -> list[str] | None:
    """The editions the game in `folder` lists, from a quick look at its game.yaml; None if it cannot tell (the
    full load reports why)."""
    from deckpress.load.sources import read_yaml

    path = folder / "game.yaml"
    node = read_yaml(path, str(path), Findings())
    if node is None or not node.is_map or "editions" not in node.value:
        return None
    editions = node.value["editions"].plain()
    return [e for e in editions if isinstance(e, str)] if isinstance(editions, list) else None
