"""`deckpress new GAME [--cards FILE]`: a small working game to start from, written from the template in
`scaffold/game/`.

Every file of the template is copied into `content/GAME/`, text files (YAML, SVG, Markdown) with `${game}` (the id)
and `${title}` (a title made from it) filled in, so the starting game changes by adding or editing those files (an
icon, a back layout): no code names them.
"""

from __future__ import annotations

import os
import shutil
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template

from deckpress.findings import escaped
from deckpress.load.icon_words import icon_files
from deckpress.load.sources import MAX_SOURCE_BYTES
from deckpress.options import layout_folders
from deckpress.paths import MAX_ID, NAME, RESERVED, read_bounded
from deckpress.scaffold.from_sheet import SheetDeck, SheetFindings, SheetRefused, card_layout, read_sheet_deck
from deckpress.scaffold.sheet_game import game_yaml, rules_yaml

__all__ = ["Refused", "SheetFindings", "new_game"]

TEXT = (".yaml", ".svg", ".md")  # filled in; anything else (a PNG) is copied as it is
GAME_FILE, CARD_FILE, CARD_LAYOUT = "game.yaml", "cards.yaml", "card.yaml"  # what a spreadsheet's deck replaces
RULES_FILE, SHEETS_FILE = "rules.yaml", "sheets.yaml"
SUIT_ICONS = {("icons", "sun.svg"), ("icons", "moon.svg")}  # the starter's suits: not a spreadsheet's game


class Refused(ValueError):
    """Why no game was written, in one line."""


def new_game(content: Path, game: str, cards: Path | None = None, sheet: str | None = None) -> list[Path]:
    """Write the template game as `content/game`; the files written, in order. Nothing is written if refused.
    With `cards` (a spreadsheet, its sheet `sheet`), its deck is that spreadsheet's (see `from_sheet`)."""
    if not NAME.fullmatch(game) or len(game) > MAX_ID or game in RESERVED:
        shown = escaped(repr(game[:80])) + ("..." if len(game) > 80 else "")
        raise Refused(f"a game's name is lowercase letters, digits and hyphens, at most {MAX_ID} characters, and not "
                      f"{', '.join(sorted(RESERVED))}, got {shown}")
    there = next(p for p in (content, *content.parents) if os.path.lexists(p))  # what the game's folder goes in
    if not there.is_dir():  # a file, a FIFO, or a link leading nowhere or to itself
        raise Refused(f"cannot make a game in {content}: {there} is not a folder")
    folder = content / game
    try:
        if folder.exists() or folder.is_symlink():  # a link leading nowhere is there too
            raise Refused(f"{folder} already exists: choose another name or remove it")
    except OSError as exc:  # a name too long for the file system, a folder not to be looked into
        raise Refused(f"cannot make a game in {content}: {exc.strerror or exc}") from None
    deck = _sheet_deck(cards, sheet)
    copied = b"" if deck is None else _copied(deck.source)  # before anything is written: refused, nothing is
    try:
        return _written(folder, {"game": game, "title": title_of(game)}, deck, copied)
    except OSError as exc:  # what it made goes again: the folder as it was
        shutil.rmtree(folder, ignore_errors=True)
        for made in folder.parents:  # the content folder's own, made for it
            if made == there or not _emptied(made):
                break
        raise Refused(f"cannot write {folder}: {exc.strerror or exc}") from None


def _written(folder: Path, values: dict[str, str], deck: SheetDeck | None, copied: bytes) -> list[Path]:
    written = []
    for relative, template in _template_files(files(__package__) / "game"):
        if deck is not None and relative in SUIT_ICONS:
            continue
        target = folder.joinpath(*relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        if deck is not None and relative == (CARD_FILE,):
            target = folder / deck.file
            target.write_bytes(copied)
        elif template.name.endswith(TEXT):
            text = Template(template.read_text(encoding="utf-8")).substitute(values)
            target.write_text(text if deck is None else _from_sheet(deck, relative, text), encoding="utf-8")
        else:
            target.write_bytes(template.read_bytes())
        written.append(target)
    return written


def _emptied(folder: Path) -> bool:
    try:
        folder.rmdir()
    except OSError:  # not empty, or not there
        return False
    return True


def _copied(source: Path) -> bytes:
    """The spreadsheet's bytes, to copy into the game, read as its reading was: bounded, a regular file."""
    try:
        copied = read_bounded(source, MAX_SOURCE_BYTES)
    except OSError as exc:
        raise Refused(f"--cards: {source} cannot be read: {exc.strerror or exc}") from None
    if copied is None:
        raise Refused(f"--cards: {source} grew past {MAX_SOURCE_BYTES:,} bytes while it was read")
    return copied


def _sheet_deck(cards: Path | None, sheet: str | None) -> SheetDeck | None:
    if cards is None:
        if sheet is not None:
            raise Refused("--sheet names a sheet of the --cards workbook: give --cards too")
        return None
    try:
        return read_sheet_deck(cards, sheet, _icons())
    except SheetRefused as refused:
        raise Refused(str(refused)) from None


def _icons() -> frozenset[str]:
    """The icons a spreadsheet's game has at its first build (`build` with no --layouts): the template's, but for
    the starter's suits, then each layout folder's `icons/`, each as the build finds them."""
    suits = {"/".join(relative) for relative in SUIT_ICONS}
    own = [name for name, file in icon_files(files(__package__) / "game") if file not in suits]
    return frozenset([*own, *(name for folder in layout_folders(None) for name, _ in icon_files(folder))])


def _from_sheet(deck: SheetDeck, relative: tuple[str, ...], text: str) -> str:
    """A template file as the spreadsheet's deck has it: game.yaml's deck and palette, the card layouts, rules and
    a score sheet with nothing of the starter's suits; others as they are."""
    if relative == (GAME_FILE,):
        return game_yaml(deck, text)
    if relative == (RULES_FILE,):
        return rules_yaml(deck, text)
    if relative == (SHEETS_FILE,):
        return text.replace("Game {{ item }} tricks", "Round {{ item }}")
    if len(relative) == 3 and relative[0] == "layouts" and relative[2] == CARD_LAYOUT:
        return card_layout(deck, relative[1])
    return text


def title_of(game: str) -> str:
    """'harbour-lights' -> 'Harbour Lights'."""
    return " ".join(word.capitalize() for word in game.split("-"))


def _template_files(root: Traversable, parts: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Traversable]]:
    """Every file under `root` with its path below it, folders in name order."""
    found = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.is_dir() and entry.name != "__pycache__":
            found += _template_files(entry, (*parts, entry.name))
        elif entry.is_file():
            found.append(((*parts, entry.name), entry))
    return found
