"""`deckpress generate GAME --seed S`: original card decks made by a deterministic generator.

A game names its generator in the parameter `generator`; game plugin packages register theirs with
`@generator(name)`. A generator owns its random numbers (a `Stream`: SHA-256 in counter mode), so the same seed
and generator version give the same bytes on every machine and Python version. The engine keeps drawing until a
deck passes every check of the game, then writes the card files.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from deckpress.check.parameters import Kind, typed_parameters
from deckpress.findings import Findings, Loc
from deckpress.paths import copy_tree, write_whole
from deckpress.translation.texts import GENERATOR

T = TypeVar("T")
MAX_ATTEMPTS = 50


class Stream:
    """Deterministic random numbers: SHA-256 of (label, counter), read 4 bytes at a time."""

    def __init__(self, label: str) -> None:
        self.label, self.counter, self.buffer = label, 0, b""

    def u32(self) -> int:
        if len(self.buffer) < 4:
            self.buffer += hashlib.sha256(f"{self.label}:{self.counter}".encode()).digest()
            self.counter += 1
        value, self.buffer = int.from_bytes(self.buffer[:4], "big"), self.buffer[4:]
        return value

    def below(self, n: int) -> int:
        """Uniform in 0..n-1 (rejection sampling, no modulo bias)."""
        limit = (1 << 32) - (1 << 32) % n
        while (value := self.u32()) >= limit:
            pass
        return value % n

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):  # Fisher-Yates
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


# (the game's parameters, seed, attempt) -> the card files to write, by name
Generator = Callable[[dict[str, Any], int, int], dict[str, str]]
GENERATORS: dict[str, tuple[Generator, dict[str, Kind]]] = {}  # each with the parameters it reads


def generator(name: str, needs: dict[str, Kind]) -> Callable[[Generator], Generator]:
    """Register a deck generator under `name` (the value of a game's parameter `generator`), reading the
    parameters `needs` names (checked before it runs)."""
    def register(make: Generator) -> Generator:
        GENERATORS[name] = (make, needs)
        return make
    return register


def generate(game_dir: Path, shown: str, seed: int, findings: Findings, layouts: list[Path]) -> list[Path]:
    """Write a generated deck into the game folder, or report why none could be made. A deck is written only
    when it passes what `deckpress check` asks, its layouts (`layouts`: searched after the game's own) included."""
    import deckpress.check.plugins  # noqa: F401  (imports the game plugin packages, which register generators)
    from deckpress.load.game import read_game_parameters
    from deckpress.load.reading import Reading
    from deckpress.templating import Templates

    read = read_game_parameters(Reading(findings, Templates(), folder=game_dir, shown=shown))
    if read is None or findings.errors:
        return []
    (params, locs), where = read, Loc(f"{shown}/game.yaml")
    name = params.get(GENERATOR)
    if name not in GENERATORS:
        findings.error(where, f"game {game_dir.name} has no generator (set parameter 'generator' to one of "
                              f"{', '.join(GENERATORS)})")
        return []
    make, needs = GENERATORS[name]
    if typed_parameters(params, locs, where, needs, f"the generator {name}", findings) is None:
        return []
    first = make(params, seed, 0)  # the first candidate: what it writes is known before anything is checked
    read_by_decks = _deck_files(game_dir, shown, findings)  # game.yaml's decks' files, read once
    unread = sorted(n for n in first if posixpath.normpath(n) not in read_by_decks)
    if unread:  # a deck kept in a spreadsheet, say: the generated file would lie beside it, read by nothing
        findings.error(locs.get(GENERATOR, where), f"the generator {name} writes {', '.join(unread)}, which no deck "
                                                   "of the game reads: name it as the deck's file: in game.yaml, or "
                                                   "keep that deck by hand")
        return []
    with tempfile.TemporaryDirectory() as scratch:  # the game's files copied once: each candidate written there
        copy = Path(scratch) / game_dir.name
        copy_tree(game_dir, copy)
        files = _first_passing((game_dir, copy, shown), lambda n: first if n == 0 else make(params, seed, n),
                               layouts, findings, (where, locs.get(GENERATOR, where), seed))
    return _write(game_dir, files) if files is not None else []


def _deck_files(game_dir: Path, shown: str, findings: Findings) -> set[str]:
    """The card files the game's decks read, each by one name (`./wares.yaml` is `wares.yaml`)."""
    from deckpress.load.sources import read_yaml

    root = read_yaml(game_dir / "game.yaml", f"{shown}/game.yaml", findings)
    decks = root.value.get("decks") if root is not None and root.is_map else None
    if decks is None or not decks.is_map:
        return set()
    named = (d.value.get("file") for d in decks.value.values() if d.is_map)
    return {posixpath.normpath(f.value) for f in named if f is not None and isinstance(f.value, str)}


def _first_passing(places: tuple[Path, Path, str], make: Callable[[int], dict[str, str]], layouts: list[Path],
                   findings: Findings, said: tuple[Loc, Loc, int]) -> dict[str, str] | None:
    """The first candidate deck that passes every check, checked in the game's scratch copy; None (reported) if
    none. `places`: the game's folder, its copy and how it is shown; `said`: where to say what, and the seed."""
    (game_dir, copy, shown), (where, at, seed) = places, said
    for attempt in range(MAX_ATTEMPTS):
        files = make(attempt)
        if (held := next((n for n in files if _held(game_dir / n)), None)) is not None:
            findings.error(Loc(f"{shown}/{held}"), f"{held} is where the generated deck goes, but it is a folder or a "
                                                   "FIFO, which the press does not replace; remove it")
            return None
        if not _checked(copy, shown, files, layouts=None):  # its own checks first: quick, and seed by seed
            continue
        laid_out = _checked(copy, shown, files, layouts)
        if laid_out:
            return files
        first = laid_out.findings[0]
        more = f" (and {len(laid_out.findings) - 1} more)" if len(laid_out.findings) > 1 else ""
        findings.error(at, f"the deck generated with seed {seed} passes the game's checks but not its layouts, so "
                           f"nothing was written: {first.loc.file}:{first.loc.line}: {first.message}{more}")
        return None
    findings.error(where, f"no deck passed every check in {MAX_ATTEMPTS} attempts with seed {seed}")
    return None


class _Verdict:
    """What a check of a candidate deck found: true when nothing is wrong."""

    def __init__(self, findings: Findings, scratch: str = "", shown: str = "") -> None:
        self.findings = [replace(f, loc=f.loc._replace(file=f.loc.file.replace(scratch, shown, 1)),
                                 message=f.message.replace(scratch, shown)) if scratch else f for f in findings.errors]

    def __bool__(self) -> bool:
        return not self.findings


def _held(path: Path) -> bool:
    """Whether something other than a file (or a link, which the deck replaces) holds the deck file's place."""
    return os.path.lexists(path) and not path.is_symlink() and not path.is_file()


def _checked(copy: Path, shown: str, files: dict[str, str], layouts: list[Path] | None) -> _Verdict:
    """Check a candidate deck written into `copy`, the game's scratch copy (`paths.copy_tree`: nothing written
    there reaches outside it): the game's own checks, or (`layouts` given) everything `deckpress check` does."""
    from deckpress.build import prepare
    from deckpress.check.validate import validate_game
    from deckpress.load import load_game
    from deckpress.options import Options
    from deckpress.templating import Templates

    for name, text in files.items():
        if (copy / name).is_symlink():  # a link to a folder of the game in the deck's place: replaced, as it will be
            (copy / name).unlink()
        (copy / name).write_text(text, encoding="utf-8")
    if layouts is not None:
        found = prepare(Options(content=copy.parent, layouts=layouts), [copy]).findings
        return _Verdict(found, str(copy), shown)  # said of the game's own files, not the copy's
    findings, templates = Findings(), Templates()
    game = load_game(copy, shown, findings, templates)
    if game is not None:
        validate_game(game, {}, templates, findings, building=[])
    return _Verdict(findings)


def _write(game_dir: Path, files: dict[str, str]) -> list[Path]:
    written = []
    for name, text in files.items():
        target = game_dir / name
        write_whole(target, text.encode("utf-8"))
        written.append(target)
    return written
