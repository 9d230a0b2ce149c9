"""Write stage, the commit: every finished file is staged beside the out folder, then all move into place at once.

A build commits once: its PDFs, the catalogue, the build state and, last, the manifest. Until then nothing in the
out folder changes, so a failed or interrupted build leaves it exactly as it was. Ctrl-C (or SIGTERM) during the
moves themselves waits until they are done, so the folder is always one build or the next, never a mix. A
parallel build stages each task's files as they come, while the later tasks are still drawn.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from deckpress import interrupts
from deckpress.paths import relative
from deckpress.publish.journal import link_on_the_way, prune, record
from deckpress.publish.write import MAX_OUTPUT_BYTES, CommitError, Output, staging_prefix


def write_outputs(out_dir: Path, outputs: list[Output], removed: Sequence[str] = ()) -> None:
    """Stage every file beside `out_dir`, then move them all into place, in the order given, after taking away the
    files `removed` names (and the folders that leaves empty). If a move fails (a locked file, a vanished folder),
    the moves already made are undone: CommitError, the folder as it was."""
    with Staging(out_dir) as staging:
        staging.commit(outputs, removed)


class Staging:
    """A commit's staging folder beside the out folder, filled as its files are ready, then moved into place at
    once (`commit`). A context: the folder, made at the first file (or as a parallel build starts, `scratch`),
    goes as it ends, whatever happened (a build killed meanwhile leaves it without a journal: the next build into
    the folder takes it away, unread)."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        self.folder: Path | None = None
        self.staged: dict[str, tuple[bytes, Path]] = {}  # each file's path -> its bytes and staged file, in order
        self._ways: dict[str, Path | None] = {}  # a folder's way, looked at once a commit (`_in_the_way`)
        self._made: set[Path] = set()  # the staging folder's folders made
        # the staged files of each bytes object, by its identity: the first written, the rest second names of it
        # (each object is held in `staged` while it has a file, so no other takes its identity meanwhile)
        self._names: dict[int, list[Path]] = {}
        self.failed = False  # a parallel build's task had errors: nothing more is staged
        self.refused: CommitError | None = None  # what the out folder said of a task's file, said at the commit

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *_: object) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)

    def add(self, outputs: Sequence[Output]) -> None:
        """Each file written into the staging folder (a path staged before: written anew, as the later task's).
        Every check comes first: a commit must not stop half-way for a reason it could have seen."""
        _one_each(outputs)
        for output in outputs:
            if not relative(output.path) or PurePosixPath(output.path).as_posix() != output.path:
                raise ValueError(f"refusing to write {output.path!r}: outputs stay inside the out folder, each named"
                                 " one way")
            if len(output.data) > MAX_OUTPUT_BYTES:  # what a later command reads back as an output (earlier.py)
                raise CommitError(f"{output.path} would be {len(output.data) / 2**30:.1f} GiB, more than the press "
                                  "writes in a file (1 GiB): make the component smaller")
        self._nothing_in_the_way([o.path for o in outputs])
        for output in outputs:
            self._write(output)

    def _nothing_in_the_way(self, paths: Sequence[str]) -> None:
        """No link on the way to a file, and no folder where it goes: a commit moves aside what it replaces and
        throws it away once all is in, which for a folder would be whatever someone keeps in it."""
        for path in paths:
            if (why := _in_the_way(self.out_dir, path, self._ways)) is not None:
                raise CommitError(why)

    def add_part(self, outputs: Sequence[Output], failed: bool) -> None:
        """A parallel build's task's files, staged as its result comes, until a task has errors (the build then
        writes nothing) or the out folder refuses a file: what it said is said at the commit, so that every task's
        findings are gathered first, as a serial build gathers them before it writes."""
        self.failed = self.failed or failed
        if self.failed or self.refused is not None:
            return
        try:
            self.add(outputs)
        except CommitError as refused:
            self.refused = refused

    def _write(self, output: Output) -> None:
        target = self._root() / "new" / output.path
        earlier = self.staged.get(output.path)
        if earlier is not None:  # its file goes (never written through: it may be a second name of other files;
            # if the new one cannot be written, the CommitError ends the build and the staging with it)
            target.unlink()
            names = self._names[id(earlier[0])]
            names.remove(target)
            if not names:
                del self._names[id(earlier[0])]
        elif target.parent not in self._made:
            target.parent.mkdir(parents=True, exist_ok=True)
            self._made.add(target.parent)
        names = self._names.setdefault(id(output.data), [])
        try:
            if not (names and _named_again(names[0], target)):
                target.write_bytes(output.data)
        except OSError as exc:  # a full disk: nothing has moved yet
            raise refused(output.path, exc) from exc
        names.append(target)
        self.staged[output.path] = (output.data, target)

    def scratch(self) -> Path:
        """The staging folder, made now, for what a parallel build's workers hand it meanwhile (their results wait
        there as files, then go as they are read; a build killed meanwhile leaves them with the folder)."""
        try:
            return self._root()
        except OSError as exc:  # nothing has moved yet
            raise refused(self.out_dir, exc) from exc

    def _root(self) -> Path:
        """The staging folder, beside the out folder, made at the first file staged (or `scratch`)."""
        if self.folder is None:
            beside = self.out_dir.resolve().parent
            beside.mkdir(parents=True, exist_ok=True)
            self.folder = Path(tempfile.mkdtemp(prefix=staging_prefix(self.out_dir), dir=beside))
        return self.folder

    def commit(self, files: Sequence[Output], removed: Sequence[str] = ()) -> None:
        """The files move into place in the order given (each staged first unless these very bytes are staged at
        its path already; nothing else staged), after taking away the files `removed` names; if a move fails,
        those made are undone: CommitError, the folder as it was."""
        if self.refused is not None:
            raise self.refused
        _one_each(files)
        self._ways.clear()  # the way to each file staged before looked at again: a link made since is refused
        self._nothing_in_the_way(list(self.staged))
        self.add([o for o in files if (staged := self.staged.get(o.path)) is None or staged[0] is not o.data])
        if len(self.staged) != len(files):
            raise ValueError(f"staged but not committed: {sorted(set(self.staged) - {o.path for o in files})}")
        staging, out_dir = self._root(), self.out_dir
        out_dir.mkdir(parents=True, exist_ok=True)
        moves = [*_removed(out_dir, removed, set(self.staged)), *((self.staged[o.path][1], out_dir / o.path)
                                                                  for o in files)]
        _recorded(staging, out_dir, moves)
        with interrupts.held():
            _commit(moves, staging / ".earlier")
            prune(out_dir, [target for source, target in moves if source is None])


def refused(where: Path | str, exc: OSError, after: str = "") -> CommitError:
    """What the build says where the disk refused it (full, read-only, gone): one line, the place and why."""
    return CommitError(f"cannot write {where}: {exc.strerror or exc}{after}")


def _one_each(outputs: Sequence[Output]) -> None:
    paths = [o.path for o in outputs]
    if len(set(paths)) != len(paths):
        raise ValueError(f"two outputs for {sorted(p for p in set(paths) if paths.count(p) > 1)}")


def _recorded(staging: Path, out_dir: Path, moves: list[tuple[Path | None, Path]]) -> None:
    """The journal of the moves, written before the first: a build killed mid-commit is finished by the next."""
    try:
        record(staging, out_dir, moves)
    except OSError as exc:  # a full disk: nothing has moved yet
        raise refused(out_dir, exc) from exc


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


def _in_the_way(out_dir: Path, path: str, ways: dict[str, Path | None]) -> str | None:
    """Why the file cannot go to `path`, or None: a link on the way (`link_on_the_way`, each folder's way looked at
    once a commit, `ways`) or in its place, or a folder in its place; the file itself looked at every time."""
    folder = path.rpartition("/")[0]
    if folder not in ways:
        ways[folder] = link_on_the_way(out_dir, folder) if folder else None
    try:
        mode = os.lstat(out_dir / path).st_mode if ways[folder] is None else stat.S_IFLNK
    except OSError:  # nothing there yet
        return None
    if stat.S_ISLNK(mode):
        link = ways[folder] or out_dir / path
        return f"{link} is a symbolic link: the press writes only inside the out folder; remove it"
    return f"{out_dir / path} is a folder where the press writes a file; move it away" if stat.S_ISDIR(mode) else None


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
            journal.append(move := _Move(source, target, []))  # before its folders: a failure names this file
            _folders_for(target, there, move.made)
            if os.path.lexists(target):  # a file, or a link in its place (moved aside, never followed)
                (earlier / str(n)).parent.mkdir(parents=True, exist_ok=True)
                os.replace(target, earlier / str(n))
                move.kept = earlier / str(n)
            if source is not None:
                os.replace(source, target)  # atomic per file: never a partial PDF
                move.placed = True
    except OSError as exc:
        _undo(journal)
        raise refused(journal[-1].target, exc, "; the earlier build is as it was") from exc


def _folders_for(target: Path, there: set[Path], made: list[Path]) -> None:
    """Make the target's missing folders, each added to `made` as it is made (outermost first: undone in reverse
    if a later one cannot be). `there`: the folders known to be there (added to), whose own parents are too."""
    if target.parent in there:
        return
    for folder in [p for p in reversed(target.parents) if p not in there and not p.exists()]:
        folder.mkdir()
        made.append(folder)
    there.update(target.parents)


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
