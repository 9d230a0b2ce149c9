"""Each language a dimension of the build: a game translated into other languages is loaded once more for each,
as a game of its own whose id carries the language (`pocket-bazaar-de-de`), so its files are named apart
(`pocket-bazaar-de-de/standard/pocket-bazaar-de-de-lot-cards-a4.pdf`) and every later stage, unchanged, sets it in
that language: its slug lines, covers and print check (deckpress.words), its PDFs' /Lang and XMP, its text
edition's and EPUB's lang. The source language's files keep their names, so a game in one language builds as
it always did, and costs nothing more.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from deckpress.draw.scripts import faces
from deckpress.findings import Findings
from deckpress.load import load_game
from deckpress.model import Edition, Game
from deckpress.publish.write import Output
from deckpress.templating import Templates
from deckpress.translation.echoes import Echoes, Heard
from deckpress.translation.tags import tagged


def every_language(dirs: list[Path], content: Path, findings: Findings, templates: Templates,
                   fallback: bool = False, translations: bool = True) -> list[Game]:
    """The games in `dirs`, each followed by its translations (unless `translations` is False: the sources alone)."""
    every = []
    for folder in dirs:
        heard = Heard(findings)  # what the source says, which its translations need not say again
        if (game := load_game(folder, f"{content.as_posix()}/{folder.name}", heard, templates)) is not None:
            every += [game, *(translated(game, Echoes(findings, heard.said), templates, fallback)
                              if translations else [])]
    for clash in (t for t in every if t.source_game and (content / t.id / "game.yaml").is_file()):
        findings.error(clash.loc, f"{clash.source_game}: its {clash.language} translation is built as {clash.id}, "
                                  f"the name of the game in {content.as_posix()}/{clash.id}: their files would "
                                  f"overwrite each other; rename that game's folder")
    return every


def relabelled(game: Game, editions: dict[str, Edition]) -> dict[str, Edition]:
    """The editions as `game` names them: set for its language (each face in its script's family, deckpress.draw.
    scripts), and a translation's in its words (its theme's label and about line translated)."""
    out = {}
    for e, ed in editions.items():
        theme = replace(ed.theme, language=game.language, fonts=faces(game.language, ed.theme.fonts))
        if game.source_game:
            theme = replace(theme, label=game.edition_labels.get(e, theme.label),
                            about=game.layout_texts.get(theme.about, theme.about))
        out[e] = replace(ed, theme=theme)
    return out


def translated(game: Game, findings: Findings, templates: Templates, fallback: bool) -> list[Game]:
    """The game in each language it is translated into, each a game of its own (its id tagged)."""
    out, shown = [], game.loc.file.removesuffix("/game.yaml")
    for language in game.translations:
        found = load_game(game.dir, shown, findings, templates, language, fallback)
        if found is not None:
            found.id, found.language, found.languages = tagged(game.id, language), language, game.languages
            found.source_game = game.id
            out.append(found)
    return out


def labelled(outputs: list[Output], games: list[Game]) -> list[Output]:
    """The outputs, each listed with its language where its game is in several (the manifest's `language`)."""
    languages = {g.id: g.language for g in games if g.source_game or len(g.languages) > 1}
    if not languages:
        return outputs
    return [replace(o, entry=replace(o.entry, language=languages[o.entry.game]))
            if o.entry is not None and o.entry.game in languages else o for o in outputs]
