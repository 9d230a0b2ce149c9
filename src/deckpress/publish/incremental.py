"""Incremental builds: a game whose inputs have not changed since its last build is not built again.

A game's fingerprint covers everything its PDFs come from: the game's folder, the
layouts, the fonts, deckpress's own code and the build options. The last fingerprints
live beside the manifest; a game is up to date when its fingerprint matches and each of
its outputs is still on disk with the checksum the manifest gives.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckpress import __version__
from deckpress.draw.fonts import FONT_FILES
from deckpress.paths import Digests, hash_tree
from deckpress.publish.earlier import sha256_of
from deckpress.publish.listing import Listing
from deckpress.publish.manifest import MANIFEST, Entry, listed_outputs, read_json, read_manifest
from deckpress.publish.published import unpublished
from deckpress.publish.write import Output

STATE = ".deckpress-inputs.json"
CODE = Path(__file__).parent.parent  # all of deckpress: any change to the press may change its outputs


@dataclass(frozen=True)
class Freshness:
    """Where a build starts: each game's fingerprint, and the games whose outputs in the out folder are current."""

    prints: dict[str, str]
    current: set[str]
    unpublished: list[str]  # every game current, yet these publications differ from what was committed


def freshness(game_dirs: list[Path], layout_dirs: list[Path], options: dict[str, Any], out: Path) -> Freshness:
    """Hashes every input and checks every earlier output: done once a build (the command line asks first)."""
    prints, entries = fingerprints(game_dirs, layout_dirs, options), read_manifest(out)  # the manifest read once
    seen: Digests = {}  # public/'s and the hosts' files are hard links to the build's: each read once
    current = up_to_date(out, prints, entries, seen)
    return Freshness(prints, current, unpublished(out, entries, seen) if current == set(prints) else [])


def fingerprints(game_dirs: list[Path], layout_dirs: list[Path], options: dict[str, Any]) -> dict[str, str]:
    """game -> fingerprint. What all games share (layouts, code, fonts, options) is read and hashed once."""
    shared = hashlib.sha256(json.dumps({"version": __version__, "options": options}, sort_keys=True).encode())
    for root in [*layout_dirs, CODE]:
        hash_tree(shared, root)
    for name, path in sorted(FONT_FILES.items()):
        shared.update(name.encode() + path.read_bytes())
    prints = {}
    for game_dir in game_dirs:
        digest = shared.copy()
        hash_tree(digest, game_dir)
        prints[game_dir.name] = digest.hexdigest()
    return prints


def up_to_date(out: Path, prints: dict[str, str], listed: list[Entry] | None = None,
               seen: Digests | None = None) -> set[str]:
    """The games (of `prints`: game -> fingerprint) whose outputs are current in `out` (`listed`: its manifest's
    entries, where read already; `seen`: the files read already in this look)."""
    state = _read(out / STATE)
    entries = {e.path: e for e in (read_manifest(out) if listed is None else listed)}
    current = set()
    for game, print_ in prints.items():
        recorded = state.get(game)
        if not isinstance(recorded, dict):
            continue  # never built
        paths = recorded.get("outputs")
        if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
            continue  # a state this press did not write
        if recorded.get("fingerprint") == print_ and paths and all(_intact(out, entries.get(p), seen) for p in paths):
            current.add(game)
    return current


def state_output(out: Path, prints: dict[str, str], outputs: list[Output], listings: dict[str, Listing],
                 gone: set[str] | None = None) -> Output:
    """The new state: fingerprints (and listings) of the games just built, over the earlier state of the others
    but those `gone` (no longer in the sources)."""
    state = {game: recorded for game, recorded in _read(out / STATE).items() if game not in (gone or set())}
    for game, print_ in prints.items():
        translations = {t: listing.as_json() for t, listing in sorted(listings.items())  # built with it: theirs too
                        if t != game and listing.languages and listing.languages[0][0] == game}
        made = {game, *translations}  # its translations' files are its build's too: one gone builds it again
        state[game] = {"fingerprint": print_, "listing": listings.get(game, Listing()).as_json(),
                       "outputs": sorted(o.path for o in outputs if o.entry is not None and o.entry.game in made),
                       **({"translations": translations} if translations else {})}
    return Output(STATE, (json.dumps(state, indent=1, sort_keys=True) + "\n").encode())


def recorded_games(out: Path) -> set[str]:
    """The games the state records a build of."""
    return set(_read(out / STATE))


def recorded_listings(out: Path) -> dict[str, Listing]:
    """Each game's listing as its last build recorded it: the catalogue lists games it does not load."""
    state = _read(out / STATE)
    records = [(game, recorded.get("listing")) for game, recorded in state.items() if isinstance(recorded, dict)]
    records += [(t, listing) for recorded in state.values() if isinstance(recorded, dict)  # a translation's
                and isinstance(translated := recorded.get("translations"), dict) for t, listing in translated.items()]
    found = {game: Listing.from_json(listing) for game, listing in records}
    return {game: listing for game, listing in found.items() if listing is not None}


def catalogue_listings(out: Path, listings: dict[str, Listing]) -> dict[str, Listing]:
    """Every game's listing the catalogue shows: as its last build recorded it, these games' (built or exported
    now) each over its recorded one: an edition not loaded this time (`--edition`) keeps the name and line its
    last build recorded."""
    recorded = recorded_listings(out)
    return {**recorded, **{game: listing.merged(recorded[game]) if game in recorded else listing
                           for game, listing in listings.items()}}


def _intact(out: Path, entry: Entry | None, seen: Digests | None) -> bool:
    return entry is not None and sha256_of(out, entry.path, seen) == entry.sha256


def _read(path: Path) -> dict[str, Any]:
    data = read_json(path)
    return data if isinstance(data, dict) else {}


def damage(out: Path) -> list[str]:
    """What is wrong with the out folder's state files, each then taken as absent: its games are built again."""
    said = []
    state, listed = out / STATE, listed_outputs(out)
    if state.exists() and not isinstance(read_json(state), dict):
        said.append(f"{state} is damaged: every game is built again")
    if (out / MANIFEST).exists():
        unfit = len(listed) - len(read_manifest(out)) if isinstance(listed, list) else None
        if unfit != 0:
            what = "is damaged" if unfit is None else f"has {unfit} entries that do not fit"
            said.append(f"{out / MANIFEST} {what}: what it lists is built again")
    return said
