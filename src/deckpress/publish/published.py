"""Whether the out folder's publications still hold what their last commit wrote: the tree's catalogue, public/
and each host's bundle, as their own SHA256SUMS say.

A build whose games are all current renders nothing, but a host may have taken a file out of public/, opened and
saved a page, or dropped a file in: each is made again from the manifest then (`deckpress site` does the same), so
an up-to-date build never leaves a folder to upload that its checksums contradict. Read as untrusted, like every
earlier output (`deckpress.publish.earlier`); kept light, since an up-to-date build loads nothing else."""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Iterator
from pathlib import Path

from deckpress.model import PUBLIC
from deckpress.paths import Digests, read_bounded, relative
from deckpress.publish.earlier import sha256_of
from deckpress.publish.manifest import MANIFEST, Entry
from deckpress.publish.sums import CATALOGUE, SUMS

PUBLIC_FOLDER = "public"  # the public catalogue: the folder to upload
HOST_FOLDER = "host"  # the host's bundles, one folder a game: never uploaded whole
FLAT = ".sha256"  # beside each file of public/ and host/: its checksum, naming it without its folder
MOST_SUMS_BYTES = 16 << 20  # a SHA256SUMS of 100,000 files
_LINE = re.compile(r"([0-9a-f]{64})  ([^\n]+)")


def unpublished(out: Path, entries: list[Entry], seen: Digests | None = None) -> list[str]:
    """The publications (their folders, from `out`; '.' the tree's catalogue) that differ from their SHA256SUMS:
    a file missing, changed or added, or the sums themselves gone. `entries`: the manifest's (their files checked
    already, by `up_to_date`); `seen`: the files read already in this look (public/'s are hard links to them)."""
    if not entries:
        return []  # nothing built yet: nothing published
    known = {e.path: e.sha256 for e in entries}
    found = [] if _tree_kept(out, known, seen) else ["."]
    held = set(files_under(out, PUBLIC_FOLDER)) | set(files_under(out, HOST_FOLDER))
    hosts = sorted({e.game for e in entries if e.audience != PUBLIC})  # a game with secrets has a bundle
    folders = [PUBLIC_FOLDER, *(f"{HOST_FOLDER}/{g}" for g in hosts)]
    for folder in folders:
        mine = {p for p in held if p.startswith(f"{folder}/")}
        held -= mine
        if not _bundle_kept(out, folder, mine, seen):
            found.append(folder)
    return [*found, *sorted({p.rsplit("/", 1)[0] for p in held})]  # a file where no publication is: its folder


def files_under(out: Path, folder: str) -> list[str]:
    """Every regular file under out/folder, by its path from `out`; none if it is missing or a link."""
    top = out / folder
    if top.is_symlink() or not top.is_dir():
        return []
    return sorted(Path(os.path.relpath(path, out)).as_posix() for path in _regular_files(str(top)))


def _regular_files(folder: str) -> Iterator[str]:
    """The regular files under `folder`, links not followed (a file's type as its folder gives it: no stat)."""
    try:
        with os.scandir(folder) as entries:
            listed = list(entries)
    except OSError:
        return  # as os.walk: a folder that cannot be read holds nothing to check
    for entry in listed:
        if entry.is_dir(follow_symlinks=False):
            yield from _regular_files(entry.path)
        elif entry.is_file(follow_symlinks=False):
            yield entry.path


def _tree_kept(out: Path, known: dict[str, str], seen: Digests | None) -> bool:
    """The tree's SHA256SUMS names every entry with the manifest's sum, and the catalogue, the manifest and the
    thumbnails it names are as it says."""
    sums = sums_in(out)
    if sums is None or any(sums.get(path) != sha for path, sha in known.items()):
        return False
    return all(path in sums for path in (CATALOGUE, MANIFEST)) and all(
        sha256_of(out, path, seen) == sha for path, sha in sums.items() if path not in known)


def _bundle_kept(out: Path, folder: str, held: set[str], seen: Digests | None) -> bool:
    """public/ or a host's bundle holds just the files its SHA256SUMS names, as it says, each with its `.sha256`."""
    sums = sums_in(out / folder)
    if sums is None or held != {f"{folder}/{p}" for path in sums for p in (path, f"{path}{FLAT}")} | {
            f"{folder}/{SUMS}"}:
        return False
    return all(sha256_of(out / folder, path, seen) == sha and _flat_kept(out / folder, path, sha)
               for path, sha in sums.items())


def flat_line(path: str, sha: str) -> bytes:
    """A file's `.sha256`: its checksum, naming it bare (for a browser's flat download folder)."""
    return f"{sha}  {path.rsplit('/', 1)[-1]}\n".encode()


def _flat_kept(folder: Path, path: str, sha: str) -> bool:
    try:
        return read_bounded(folder / f"{path}{FLAT}", 4096) == flat_line(path, sha)
    except OSError:
        return False


def sums_in(folder: Path) -> dict[str, str] | None:
    """The folder's SHA256SUMS as path -> sum; None if it is missing, unreadable or not one the press writes."""
    try:
        data = read_bounded(folder / SUMS, MOST_SUMS_BYTES)
        lines = [] if data is None else data.decode("utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    found = [_LINE.fullmatch(line) for line in lines]
    if data is None or not all(found):
        return None
    sums = {m[2]: m[1] for m in found if m}
    # what it names is read: never outside, and each file by one name (`./index.html` is a second, a NUL none)
    return sums if all(relative(p) and "\0" not in p and posixpath.normpath(p) == p for p in sums) else None
