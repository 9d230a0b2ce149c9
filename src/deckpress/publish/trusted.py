"""Who may see each file is taken from the games' sources, never from the out folder: `site` compares the
manifest's audiences with the sources' and refuses a manifest that disagrees (an edited one would put a secret
page's picture in the public catalogue)."""

from __future__ import annotations

from pathlib import Path

from deckpress.findings import Findings
from deckpress.load import load_game
from deckpress.model import HOST, PUBLIC
from deckpress.publish.kits import CALIBRATION, PRINT_CHECK
from deckpress.publish.manifest import Entry
from deckpress.publish.outputs import HOST_KIT, KIT
from deckpress.templating import Templates
from deckpress.translation.tags import translations_in

OWN = {KIT: PUBLIC, HOST_KIT: HOST, PRINT_CHECK: PUBLIC, CALIBRATION: PUBLIC}  # the press's own parts


def disagreements(content: Path, entries: list[Entry]) -> list[str]:
    """What the manifest says of a PDF's audience that the sources do not (each a line to print); [] if none."""
    said: list[str] = []
    sources = translations_in(content)  # each game.yaml looked at once, not once a game
    read: dict[str, dict[str, str] | None] = {}  # a game and its translations: its sources read once
    for game in sorted({e.game for e in entries if e.is_pdf}):
        source = sources.get(game, game)
        audiences = read[source] if source in read else read.setdefault(source, _audiences(content, source))
        if audiences is None:
            said.append(f"{content.as_posix()}/{game}: error: the sources of {game} cannot be read, and the catalogue "
                        "takes who may see each file from them; run deckpress site where content/ holds the game")
            continue
        for e in (e for e in entries if e.game == game and e.is_pdf):
            named = _named(e, audiences)
            if named != e.component:  # a secret part's file relabelled as a public component
                said.append(f"{e.path}: error: manifest.json says it is component {e.component}, but its name says "
                            f"{named or 'no component of the sources'}")
            elif audiences[named] != e.audience:
                said.append(f"{e.path}: error: manifest.json says {e.audience}, but the sources say {audiences[named]}")
    return said


def _named(entry: Entry, audiences: dict[str, str]) -> str | None:
    """The component a PDF's file name names (`<game>-<component>-<paper>...pdf`): the longest that fits."""
    name = entry.path.rsplit("/", 1)[-1]
    fits = [c for c in audiences if name.startswith(f"{entry.game}-{c}-")]
    return max(fits, key=len, default=None)


def _audiences(content: Path, game: str) -> dict[str, str] | None:
    """component -> audience, as the game's sources settle them (a translation's are its source's: the same
    components); None if they cannot be read."""
    folder = content / game
    if not (folder / "game.yaml").is_file():
        return None
    findings = Findings()
    loaded = load_game(folder, f"{content.as_posix()}/{game}", findings, Templates())
    if loaded is None or findings.errors:
        return None
    return {**OWN, **{c.id: c.audience for c in loaded.components}}
