"""Write stage: every finished file is staged beside the out folder, then all move into place at once.

A build commits once: its PDFs, the catalogue, the build state and, last, the manifest.
Until then nothing in the out folder changes, so a failed or interrupted build leaves it
exactly as it was. Ctrl-C (or SIGTERM) during the moves themselves waits until they are
done, so the folder is always one build or the next, never a mix.
"""

from __future__ import annotations

import glob
import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from deckpress import interrupts
from deckpress.paths import relative
from deckpress.publish.journal import link_on_the_way, prune, record
from deckpress.publish.manifest import MANIFEST, TEXT_EDITION, Entry, manifest_json, read_manifest


@dataclass
class Output:
    path: str  # relative to the out folder, with forward slashes
    data: bytes
    entry: Entry | None = None  # what the manifest says of it (its path the same); None: a file it does not list
    shown: tuple[bytes, int] | None = None  # a PDF and page its thumbnail shows, if not its own first (a cover)

    @cached_property
    def sha256(self) -> str:
        """Hashed once, where the file is made: a parallel build's worker hashes it and the checksum travels along."""
        return hashlib.sha256(self.data).hexdigest()

    @property
    def listed(self) -> Entry | None:
        """The manifest's entry, with the checksum."""
        return None if self.entry is None else replace(self.entry, sha256=self.sha256)


def merged_manifest(out_dir: Path, outputs: list[Output], parts: dict[str, set[str]] | None = None,
                    versions: dict[str, str] | None = None) -> list[Entry]:
    """This build's entries plus earlier ones for other outputs that are still on disk, by path; but not those of a
    game built now (`parts`: game -> the components it has now) for a component it no longer has, nor its exports
    cut from other sources than it has now (`versions`: game -> its sources' version; see `stale_exports`), nor its
    text edition's files (pages, books, braille, labels), which every build of a game makes whole."""
    parts = parts or {}
    stale = {e.path for e in stale_exports(out_dir, versions or {})}
    entries = {e.path: e for e in read_manifest(out_dir) if (out_dir / e.path).is_file() and e.path not in stale
               and (e.game not in parts or e.is_export  # exports stay listed
                    or (e.component in parts[e.game] and e.edition != TEXT_EDITION))}  # made whole every build
    entries.update({e.path: e for o in outputs if (e := o.listed) is not None})
    return [entries[p] for p in sorted(entries)]


def stale_exports(out_dir: Path, versions: dict[str, str]) -> list[Entry]:
    """The export files in the manifest of the games in `versions` (game -> its sources' version now) that were cut
    from other sources (or say not which): decided by what the manifest records, not by the files' times."""
    return [e for e in read_manifest(out_dir) if e.is_export and e.game in versions
            and e.source != versions[e.game] and (out_dir / e.path).is_file()]


def manifest_output(entries: list[Entry]) -> Output:
    return Output(MANIFEST, manifest_json(entries))


class CommitError(Exception):
    """The out folder could not take this build; it is as the earlier build left it (the message says why)."""


def check_out(out_dir: Path) -> str | None:
    """Why the out folder cannot take a build, or None: asked before any work, so a build is not drawn in vain."""
    if out_dir.exists() and not out_dir.is_dir():
        return f"{out_dir} is not a folder"
    if out_dir.is_dir() and (link := _linked(out_dir)) is not None:
        return f"{link} is a symbolic link: the press writes only inside the out folder; remove the link"
    there = next(p for p in (out_dir.absolute(), *out_dir.absolute().parents) if p.exists())  # nothing is made yet
    if not there.is_dir():
        return f"cannot write to {out_dir}: {there} is not a folder"
    try:  # the staging folder goes beside the out folder: a trial one, removed at once
        Path(tempfile.mkdtemp(prefix=".deckpress-", dir=there if there != out_dir.absolute() else there.parent)).rmdir()
    except OSError as exc:
        return f"cannot write to {out_dir}: {exc.strerror or exc}"
    return None


def _linked(out_dir: Path) -> Path | None:
    """A symbolic link inside the out folder (not followed), if there is one: a write through it would land
    outside."""
    for folder, names, files in os.walk(out_dir):
        for name in [*names, *files]:
            if (Path(folder) / name).is_symlink():
                return Path(folder) / name
    return None


def staging_prefix(out_dir: Path) -> str:
    """The name a build's staging folder starts with: the out folder's, so that a build holding the out folder's
    lock knows which leftovers (of a build killed mid-commit) are its folder's."""
    return f".deckpress-{out_dir.resolve().name}-"


def leftovers(out_dir: Path) -> list[Path]:
    """Staging folders of earlier builds into `out_dir` that never finished (killed with SIGKILL: nothing could
    clean up). Only a build holding the out folder's lock may take them away."""
    prefix = staging_prefix(out_dir)
    name = re.compile(re.escape(prefix) + r"[a-z0-9_]{8}")  # what mkdtemp adds to the prefix
    parent = out_dir.resolve().parent
    return sorted(p for p in parent.glob(glob.escape(prefix) + "*") if name.fullmatch(p.name) and p.is_dir()
                  and not p.is_symlink())


def write_outputs(out_dir: Path, outputs: list[Output], removed: Sequence[str] = ()) -> None:
    """Stage every file beside `out_dir`, then move them all into place, in the order given, after taking away the
    files `removed` names (and the folders that leaves empty). If a move fails (a locked file, a vanished folder),
    the moves already made are undone: CommitError, the folder as it was."""
    with Staging(out_dir) as staging:
        staging.commit(outputs, removed)


class Staging:
    """A commit's staging folder beside the out folder, filled as its files are ready (a parallel build's as each
    task's arrive, while the others are still drawn), then moved into place at once (`commit`). A context: the
    folder, made at the first file, goes as it ends, whatever happened."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        self.folder: Path | None = None
        self.staged: dict[str, tuple[Path, Path]] = {}  # each file's path -> (staged, target), as first staged
        self._ways: dict[str, Path | None] = {}  # a folder's way, looked at once a commit (`_link_on_the_way`)
        self._made: set[Path] = set()  # the staging folder's folders made
        # each bytes object's staged file, by identity; the bytes held, so that no other object takes their id
        self._first: dict[int, tuple[bytes, Path]] = {}

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *_: object) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)

    def add(self, outputs: Sequence[Output]) -> None:
        """Each file written into the staging folder (a path staged before: written anew, as the later task's).
        Every check comes first: a commit must not stop half-way for a reason it could have seen."""
        paths = [o.path for o in outputs]
        if len(set(paths)) != len(paths):
            raise ValueError(f"two outputs for {sorted(p for p in set(paths) if paths.count(p) > 1)}")
        for output in outputs:
            if not relative(output.path):
                raise ValueError(f"refusing to write {output.path!r}: outputs stay inside the out folder")
            if (link := _link_on_the_way(self.out_dir, output.path, self._ways)) is not None:
                raise CommitError(f"{link} is a symbolic link: the press writes only inside the out folder; remove it")
            self._write(output)

    def _write(self, output: Output) -> None:
        target = self._root() / "new" / output.path
        if output.path in self.staged:  # staged already: its file (perhaps a second name of another) is replaced
            target.unlink()
            self._first = {k: held for k, held in self._first.items() if held[1] != target}
        elif target.parent not in self._made:
            target.parent.mkdir(parents=True, exist_ok=True)
            self._made.add(target.parent)
        held = self._first.get(id(output.data))
        try:
            if held is None or not _named_again(held[1], target):
                target.write_bytes(output.data)
                self._first[id(output.data)] = (output.data, target)
        except OSError as exc:  # a full disk: nothing has moved yet
            raise CommitError(f"cannot write {output.path}: {exc.strerror or exc}") from exc
        self.staged.setdefault(output.path, (target, self.out_dir / output.path))

    def _root(self) -> Path:
        """The staging folder, beside the out folder (made only at the commit: a build that fails makes none)."""
        if self.folder is None:
            beside = self.out_dir.resolve().parent
            beside.mkdir(parents=True, exist_ok=True)
            self.folder = Path(tempfile.mkdtemp(prefix=staging_prefix(self.out_dir), dir=beside))
        return self.folder

    def commit(self, files: Sequence[Output], removed: Sequence[str] = ()) -> None:
        """The files move into place in the order given (those not staged yet staged first; every file staged is
        among them), after taking away the files `removed` names; if a move fails, those made are undone:
        CommitError, the folder as it was."""
        self.add([o for o in files if o.path not in self.staged])
        order = [o.path for o in files]
        if sorted(order) != sorted(self.staged):
            raise ValueError(f"the commit's files are not those staged: {sorted(set(order) ^ set(self.staged))}")
        staging, out_dir = self._root(), self.out_dir
        out_dir.mkdir(parents=True, exist_ok=True)
        moves = [*_removed(out_dir, removed, set(order)), *(self.staged[path] for path in order)]
        _recorded(staging, out_dir, moves)
        with interrupts.held():
            _commit(moves, staging / ".earlier")
            prune(out_dir, [target for source, target in moves if source is None])


def _recorded(staging: Path, out_dir: Path, moves: list[tuple[Path | None, Path]]) -> None:
    """The journal of the moves, written before the first: a build killed mid-commit is finished by the next."""
    try:
        record(staging, out_dir, moves)
    except OSError as exc:  # a full disk: nothing has moved yet
        raise CommitError(f"cannot write {out_dir}: {exc.strerror or exc}") from exc


def _removed(out_dir: Path, paths: Sequence[str], written: set[str]) -> list[tuple[Path | None, Path]]:
    """The files to take away, as moves with no new file: (None, target); checked as the files written are."""
    gone: list[tuple[Path | None, Path]] = []
    for path in dict.fromkeys(p for p in paths if p not in written):
        if not relative(path):
            raise ValueError(f"refusing to remove {path!r}: the press removes only inside the out folder")
        if (link := link_on_the_way(out_dir, path)) is not None:
            raise CommitError(f"{link} is a symbolic link: the press writes only inside the out folder; remove it")
        if (out_dir / path).is_file():
            gone.append((None, out_dir / path))
    return gone


def _named_again(staged: Path, target: Path) -> bool:
    """Whether `target` could be made a second name of the staged file holding the same bytes: a PDF's copy in
    public/ or a host's bundle is the tree's file, written once (half a catalogue's bytes). Each moves into place
    on its own and a later build replaces each by a new file, so neither ever changes under the other's name;
    where the file system has no hard links (FAT), the copy is written."""
    try:
        os.link(staged, target)
    except OSError:
        return False
    return True


def _link_on_the_way(out_dir: Path, path: str, ways: dict[str, Path | None]) -> Path | None:
    """`link_on_the_way`, each folder's way looked at once a commit (`ways`), the file itself every time."""
    folder = path.rpartition("/")[0]
    if folder not in ways:
        ways[folder] = link_on_the_way(out_dir, folder) if folder else None
    found = ways[folder]
    return found if found is not None or not (out_dir / path).is_symlink() else out_dir / path


@dataclass
class _Move:
    """One file of the commit, as far as it got: the folders made for it, its earlier file kept aside, whether
    the new file is in place."""

    source: Path | None
    target: Path
    made: list[Path]
    kept: Path | None = None
    placed: bool = False


def _commit(staged: Sequence[tuple[Path | None, Path]], earlier: Path) -> None:
    """Move every file into place (a file with no source: taken away), keeping each file it replaces until all are
    in; on a failure put everything back as it was, in reverse (a journal of the moves made)."""
    journal: list[_Move] = []
    there: set[Path] = set()  # folders seen or made by this commit: each looked for once
    try:
        for n, (source, target) in enumerate(staged):
            journal.append(move := _Move(source, target, _folders_for(target, there)))
            if os.path.lexists(target):  # a file, or a link in its place (moved aside, never followed)
                (earlier / str(n)).parent.mkdir(parents=True, exist_ok=True)
                os.replace(target, earlier / str(n))
                move.kept = earlier / str(n)
            if source is not None:
                os.replace(source, target)  # atomic per file: never a partial PDF
                move.placed = True
    except OSError as exc:
        _undo(journal)
        raise CommitError(f"cannot write {journal[-1].target}: {exc.strerror or exc}; the earlier build is as it "
                          f"was") from exc


def _folders_for(target: Path, there: set[Path]) -> list[Path]:
    """Make the target's missing folders; the ones made, outermost first. `there`: the folders known to be there
    (added to), whose own parents are too."""
    if target.parent in there:
        return []
    missing = [p for p in reversed(target.parents) if p not in there and not p.exists()]
    for folder in missing:
        folder.mkdir()
    there.update(target.parents)
    return missing


def _undo(journal: list[_Move]) -> None:
    """Each new file back where it was staged (so the commit's journal still holds, were this killed), each earlier
    one back in place."""
    for move in reversed(journal):
        if move.placed and move.source is not None:
            os.replace(move.target, move.source)
        if move.kept is not None:
            os.replace(move.kept, move.target)
        for folder in reversed(move.made):
            folder.rmdir()
