"""A proof for `deckpress watch`: the component a save changed, laid out and drawn on its own in the game's first
edition and on the first paper, its PDF put in place before the whole game is built again.

A proof is the same document the build draws (the game loaded and checked whole, the slug stamped over every
edition), so its bytes are the build's, which follows at once and commits everything with the manifest. Which
component reads a saved file is found from where its parts are written (its layouts, its decks' cards, its rules
or sheet); a file none of them reads alone (game.yaml, an icon) proofs every component of that edition and paper.
Any error, and there is no proof: the build that follows says what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from deckpress.findings import Findings
from deckpress.layout.boxes import panel_layouts
from deckpress.model import Component, Edition, Game
from deckpress.options import Options
from deckpress.paths import real, write_whole
from deckpress.publish.journal import link_on_the_way
from deckpress.publish.write import Output
from deckpress.templating import Templates
from deckpress.translation import catalogues as translations


def proofs(opts: Options, game_dir: Path, saved: set[Path] | None) -> Iterator[Output]:
    """The PDF of each component of the game that reads the saved files (None: every component), in its first
    edition on the first paper, each as soon as it is drawn; none once a finding is an error; a save of the game's
    translations (the proof is in its source language) none."""
    from deckpress.build import editions_of, load_editions
    from deckpress.check.validate import validate_game
    from deckpress.load import expand_sheets, load_game

    folder = real(game_dir / translations.FOLDER)  # a translation changes no PDF of the source language
    source = {p for p in saved or () if not real(p).is_relative_to(folder)}
    if saved and not source:
        return
    findings, templates = Findings(), Templates()
    game = load_game(game_dir, f"{opts.content.as_posix()}/{game_dir.name}", findings, templates)
    if game is None or findings.errors or not (built := editions_of(game, opts)):
        return
    editions = load_editions([game], opts, findings)[game.id]
    if built[0] not in editions or not validate_game(game, editions, templates, findings, built):
        return
    expand_sheets(game, findings, templates)
    first = editions[built[0]]
    chosen = reading(game, first, source) or [c for c in game.components if c.built_in(first.theme.edition)]
    for output in _drawn(game, editions, first, chosen, opts, templates, findings):
        if findings.errors:
            return
        yield output


def _drawn(game: Game, editions: dict[str, Edition], edition: Edition, chosen: list[Component], opts: Options,
           templates: Templates, findings: Findings) -> Iterator[Output]:
    """Each chosen component laid out, slugged and drawn as the build does, named as the build names it."""
    from deckpress.build import setup_for, setups_for
    from deckpress.draw.render import render
    from deckpress.layout.plan import lay_out_component
    from deckpress.layout.slug import slugged, stamp
    from deckpress.load.art import Artwork
    from deckpress.publish import outputs

    setup, setups, art, mark = setup_for(game, opts), setups_for(game, opts), Artwork.of(game, findings), \
        stamp(game, editions)
    paper = opts.papers[0]
    for component in chosen:
        own = setups.get(component.id, setup)
        doc = lay_out_component(game, component, edition, paper, templates, findings, own, art, True, mark)
        if doc is not None:
            doc = slugged(doc, mark, findings)
            yield outputs.pdf_output(game, doc, doc.setup or setup, render(doc, outputs.doc_info(game, doc.title,
                                                                                                 paper)))


def place(out: Path, output: Output) -> tuple[str, bytes | None] | None:
    """Put a proof in place, the earlier file replaced whole (never half written); its path and the earlier
    file's bytes (None: there was none), or None where a symbolic link lies on the way (the build says so)."""
    if link_on_the_way(out, output.path) is not None:
        return None
    target = out / output.path
    earlier = target.read_bytes() if target.is_file() else None
    _replace(target, output.data)
    return output.path, earlier


def put_back(out: Path, placed: list[tuple[str, bytes | None]]) -> None:
    """The files as they were before the proofs: the build that followed them did not commit."""
    for path, earlier in reversed(placed):
        if earlier is None:
            (out / path).unlink(missing_ok=True)
        else:
            _replace(out / path, earlier)


def _replace(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    write_whole(target, data)


def reading(game: Game, edition: Edition, saved: set[Path]) -> list[Component]:
    """The components of the edition that read the saved files; none where a file is the game's game.yaml, which
    every component reads, or a file no component reads on its own (an icon, a translation)."""
    files = {real(p) for p in saved}
    read = {c.id: {real(Path(f)) for f in _sources(game, edition, c)} for c in game.components
            if c.built_in(edition.theme.edition)}
    if not files or real(Path(game.loc.file)) in files or any(
            not any(f in own for own in read.values()) for f in files):
        return []
    return [c for c in game.components if c.id in read and read[c.id] & files]


def _sources(game: Game, edition: Edition, component: Component) -> set[str]:
    """The files a component's pages are made from, beside game.yaml: its layouts, its decks' cards, its rules or
    its sheet."""
    decks = [game.decks[d] for d in component.decks if d in game.decks]
    names = {component.layout, *panel_layouts(component), *(d.back.layout for d in decks if d.back is not None)}
    files = {layout.loc.file for n in names if (layout := edition.layouts.get(n)) is not None}
    files |= {card.loc.file for d in decks for card in d.cards}
    if component.kind == "rules" and game.rules is not None:
        files |= {game.rules.loc.file, *(s.loc.file for s in game.rules.sections)}
    if component.kind == "sheet" and (sheet := game.sheets.get(component.source or "")) is not None:
        files.add(sheet.loc.file)
    return files


