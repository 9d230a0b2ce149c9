"""A translated game's id, its language tagged on (`pocket-bazaar-de-de`), and a quick look at which games in a
content folder are translated: for the stages that tell a game's files apart without loading it."""

from __future__ import annotations

from pathlib import Path

from deckpress.findings import Findings
from deckpress.load.languages import read_languages
from deckpress.load.schema import Fields
from deckpress.load.sources import read_yaml


def tagged(game: str, language: str) -> str:
    """The id of `game` in `language`: its files' and folder's name (`pocket-bazaar-de-de`)."""
    return f"{game}-{language.lower()}"


def translations_in(content: Path) -> dict[str, str]:
    """Every translated game's id in `content`, and the id of the game it translates (a quick look at each
    game.yaml: a game that cannot be read has none)."""
    out: dict[str, str] = {}
    for path in sorted(content.glob("*/game.yaml")):
        root = read_yaml(path, path.as_posix(), findings := Findings())
        if root is None or not root.is_map or "languages" not in root.value:
            continue
        for language in read_languages(Fields(root, "game", findings), findings)[1:]:
            out[tagged(path.parent.name, language)] = path.parent.name
    return out
