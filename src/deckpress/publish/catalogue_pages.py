"""The catalogue's pages, one a language: `index.html` with its frame (title, how to print, checking downloads) in
English, the press's source table, and `index.<language>.html` beside it for every other language a game is
published in, its frame wholly in that language's words.

English stays at `index.html` so that every link to the catalogue keeps working and a catalogue of English games
is the one page it always was. The other pages sit in the same folder (not in `es/index.html`), so every relative
link (files, thumbnails, manifest, checksums) is the same on every page and any static host serves them as they
are. Each page lists every game; a game with a version in the page's language leads with it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from deckpress.words import LANGUAGES, known, language_name

FRAME_LANGUAGE = "en"  # index.html's frame: the press's source table
INDEX = "index.html"


def page_path(language: str) -> str:
    """The page whose frame is in `language` (a table's key): `index.html` for English, else `index.es.html`."""
    return INDEX if language == FRAME_LANGUAGE else f"index.{language}.html"


def table_of(tag: str) -> str:
    """The press's table a game's language (`es-ES`) picks for its words: `es`."""
    return known(tag) or FRAME_LANGUAGE


def page_languages(games: list[dict[str, Any]]) -> list[str]:
    """English, then every other table a listed game is in, in the press's order of its tables."""
    tables = {g["table"] for g in games}
    return [FRAME_LANGUAGE, *(t for t in LANGUAGES if t in tables and t != FRAME_LANGUAGE)]


def pages_of(languages: list[str], current: str) -> list[dict[str, Any]]:
    """Each page as another links it: its language, its path, its language's own name, and whether it is this."""
    return [{"language": t, "path": page_path(t), "name": language_name(t), "current": t == current}
            for t in languages]


def for_page(games: list[dict[str, Any]], language: str) -> list[dict[str, Any]]:
    """The games in the page's order: each game with its translations after it, the one in the page's language
    leading its group where it has one (its files first), the others under it (`others`). Every game is listed."""
    ordered = sorted(games, key=lambda g: (g["source"], g["table"] != language, g["id"] != g["source"], g["id"]))
    shown: list[dict[str, Any]] = []
    leads: dict[str, dict[str, Any]] = {}  # each source's leading game, as its group is met
    for game in ordered:
        lead = leads.get(game["source"])
        shown.append({**game, "lead": lead is None, "others": []})
        if lead is None:
            leads[game["source"]] = shown[-1]
        else:
            lead["others"].append(shown[-1])
    return shown


def stale_pages(out_dir: Path, made: set[str]) -> list[str]:
    """The language pages in `out_dir` that this catalogue no longer makes: their language's games are gone."""
    if not out_dir.is_dir():
        return []
    with os.scandir(out_dir) as found:
        names = {f.name for f in found if f.is_file(follow_symlinks=False)}
    return sorted(n for n in (page_path(t) for t in LANGUAGES) if n in names and n not in made)
