"""`deckpress new GAME`: a small working game to start from, written from the template in `scaffold/game/`.

Every file of the template is copied into `content/GAME/`, text files (YAML, SVG, Markdown) with `${game}` (the id)
and `${title}` (a title made from it) filled in, so the starting game changes by adding or editing those files (an
icon, a back layout): no code names them.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template

from deckpress.paths import NAME

TEXT = (".yaml", ".svg", ".md")  # filled in; anything else (a PNG) is copied as it is


class Refused(ValueError):
    """Why no game was written, in one line."""


def new_game(content: Path, game: str) -> list[Path]:
    """Write the template game as `content/game`; the files written, in order. Nothing is written if refused."""
    if not NAME.fullmatch(game):
        raise Refused(f"a game's name is lowercase letters, digits and hyphens, got {game!r}")
    folder = content / game
    if folder.exists():
        raise Refused(f"{folder} already exists: choose another name or remove it")
    values = {"game": game, "title": title_of(game)}
    written = []
    for relative, template in _template_files(files(__package__) / "game"):
        target = folder.joinpath(*relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        if template.name.endswith(TEXT):
            target.write_text(Template(template.read_text(encoding="utf-8")).substitute(values), encoding="utf-8")
        else:
            target.write_bytes(template.read_bytes())
        written.append(target)
    return written


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
