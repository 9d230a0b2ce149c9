"""Names of files that content gives (card files, art) and that a build writes: they stay inside their folder. And
the files of a folder a build may read, hashed for the change detection and the version every page prints."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import io
import os
import re
import secrets
import shutil
import stat
from pathlib import Path, PurePosixPath
from typing import Any

from deckpress.hints.spelling import closest, suggested

UNREADABLE = (OSError, ValueError, RuntimeError)  # a NUL in a name, a name too long, a symlink loop
NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # a game, component or layout: it names files and URLs
RESERVED = {"thumbnails", "public", "host"}  # the out folder's own folders (deckpress.publish): no game is named so
# the press's own parts of a game, which name files beside the components' (deckpress.publish.outputs.OWN_PARTS,
# the kits' own pages): no component is named so
OWN_PART_NAMES = frozenset({"kit", "host-kit", "calibration", "print-check", "accessible-html",
                            "accessible-font", "epub", "braille", "tactile-labels"})
NAME_MAX, PATH_MAX = 255, 4095  # bytes of a name, and of a whole path, that Linux and macOS take
MAX_ID = 64  # characters of such a name: with an edition, a paper and a page number it stays a file name


def real(path: Path) -> Path:
    """Where `path` leads, absolute, its links followed: as `Path.resolve`, but a loop of links is left where it
    loops rather than raised (Python 3.11 raises RuntimeError): a path named is anyone's to name."""
    return Path(os.path.realpath(path))


def relative(name: str) -> bool:
    """A name below its folder: not empty, not absolute, no `..` and no backslash (a Windows separator)."""
    path = PurePosixPath(name)
    return bool(path.parts) and not path.is_absolute() and ".." not in path.parts and "\\" not in name


def inside(folder: Path, name: str) -> Path | None:
    """`folder / name` if it stays inside `folder`: a relative name, and no symlink leading out.
    Raises one of UNREADABLE when the file system cannot take the name."""
    if not relative(name):
        return None
    target = folder / name
    return target if target.resolve().is_relative_to(folder.resolve()) else None


def within(folder: Path, name: str) -> bool:
    """Whether `folder / name` stays inside `folder` (`inside`); a name the file system cannot take does not."""
    try:
        return inside(folder, name) is not None
    except UNREADABLE:
        return False


# A game or layout folder is read whole for its fingerprint: past these it is not a folder of game sources (a
# layout folder of `/`, a video left beside the cards), and saying so beats reading it for minutes
MAX_TREE_FILES = 10_000
MAX_TREE_BYTES = 512 * 2**20
CHUNK = 2**20  # files are hashed a chunk at a time: memory stays flat whatever their size


class TreeTooLarge(Exception):
    """A folder a build reads holds more than a game's sources could."""

    def __init__(self, root: Path, what: str) -> None:
        super().__init__(f"{root.as_posix()}: error: the folder holds more than {what}, more than any game's sources "
                         "need; move what no game uses out of it, or name a smaller folder")


def hash_tree(digest: Any, root: Path, skip: str | None = None, heading: bytes = b"") -> None:
    """Feed every regular file below `root` into `digest`, by relative path and bytes, in order (but those in its
    folder `skip`), after `heading` where there is one: a folder without a file, or not there, feeds nothing.
    Raises TreeTooLarge past MAX_TREE_FILES files or MAX_TREE_BYTES bytes."""
    total = 0
    files = [p for p in _files(root) if skip is None or p.relative_to(root).parts[0] != skip]
    if files:
        digest.update(heading)
    for path in files:
        digest.update(os.fsencode(path.relative_to(root).as_posix()) + b"\0")  # as the disk names it
        total += _hash_file(digest, path, MAX_TREE_BYTES - total)
        if total > MAX_TREE_BYTES:
            raise TreeTooLarge(root, f"{MAX_TREE_BYTES // 2**20} MiB")


def copy_tree(root: Path, into: Path) -> None:
    """The regular files below `root` (as `hash_tree` reads them: no link leading out of it, no FIFO) copied into
    `into` as files of their own, so that nothing written into the copy reaches outside it. Raises TreeTooLarge, as
    `hash_tree` does, before copying a byte more than it allows."""
    files = _files(root)
    if sum(_size(path) for path in files) > MAX_TREE_BYTES:
        raise TreeTooLarge(root, f"{MAX_TREE_BYTES // 2**20} MiB")
    for path in files:
        target = into / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):  # gone since the listing: not copied, as a read would not find it
            shutil.copyfile(path, target)
    _inner_links(root, into)


def _inner_links(root: Path, into: Path) -> None:
    """Each link below `root` to a folder inside it (icons/ -> icons-real/), made again in the copy `into` to the
    copy's own folder: read through as the loader reads it, and leading nowhere outside the copy."""
    inner = real(root)
    for folder, names, _ in os.walk(root):
        for name in names:
            link = Path(folder, name)
            if link.is_symlink() and (leads := real(link)).is_relative_to(inner) and leads != inner:
                made = into / link.relative_to(root)
                made.parent.mkdir(parents=True, exist_ok=True)
                made.symlink_to(os.path.relpath(into / leads.relative_to(inner), made.parent), target_is_directory=True)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _hash_file(digest: Any, path: Path, room: int) -> int:
    """Hash one file's bytes (at most `room` + 1 of them) and say how many; one that cannot be read (gone since
    the walk, a FIFO, no permission) is hashed as its error, so that it changes the fingerprint and blocks nothing."""
    try:
        with open_regular(path) as file:
            read = 0
            while read <= room and (chunk := file.read(CHUNK)):
                digest.update(chunk)
                read += len(chunk)
            return read
    except OSError as exc:
        digest.update(f"\0unreadable {exc.errno}\0".encode())
        return 0


def open_regular(path: Path) -> io.BufferedReader:
    """`path` opened for reading if it is a regular file. A FIFO or a device would block a read forever or never
    end: it raises OSError ("not a regular file") without waiting for a writer."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bounded(path: Path, most: int) -> bytes | None:
    """A regular file's bytes (`open_regular`), or None if it holds more than `most`. Read as far as its size
    says (a read of `most` bytes would take that much memory at once, whatever the file holds), then on, up to
    `most`, should it have grown since."""
    with open_regular(path) as file:
        size = os.fstat(file.fileno()).st_size
        if size > most:
            return None
        data = file.read(size + 1)
        if len(data) > size:
            data += file.read(most + 1 - len(data))
    return None if len(data) > most else data


Digests = dict[tuple[int, int, int, int], str]  # a file as it stands (device, inode, size, change) -> its SHA-256


def sha256_bounded(path: Path, most: int, seen: Digests | None = None) -> str | None:
    """A regular file's SHA-256, read a piece at a time; None if it is no regular file, holds more than `most`
    (by its size when opened), or cannot be read. With `seen`, a file read already in it (another name of the same
    file: public/'s are hard links to the build's) is not read again."""
    try:
        with open_regular(path) as file:
            status = os.fstat(file.fileno())
            if status.st_size > most:
                return None
            key = (status.st_dev, status.st_ino, status.st_size, status.st_ctime_ns)  # no one sets a change back
            known = None if seen is None else seen.get(key)  # one look: a server's other thread may clear it
            if known is not None:
                return known
            digest = hashlib.file_digest(file, "sha256").hexdigest()
    except UNREADABLE:  # a NUL in the name too: whoever named it, it is no file
        return None
    if seen is not None:
        seen[key] = digest
    return digest


def write_whole(target: Path, data: bytes) -> None:
    """`data` written under a name of its own beside `target`, then moved into its place: a reader sees the earlier
    file or the new one, never part of either, and a killed run leaves at most a stray `.tmp` (never in the way of
    the next run's). Made anew (never written through a link) in the mode any new file gets, or the earlier file's:
    a file replaced keeps who may read it."""
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with contextlib.suppress(OSError):
            earlier = os.stat(target, follow_symlinks=False)
            if stat.S_ISREG(earlier.st_mode):  # a link's, a folder's or a FIFO's mode is not a file's to keep
                os.fchmod(handle, stat.S_IMODE(earlier.st_mode))
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _files(root: Path) -> list[Path]:
    """The regular files below `root` that a build may read, in order: a symbolic link leading out of it is not
    followed (nothing outside the named folders is read; the loader refuses such a file too), nor one to a folder.
    Raises TreeTooLarge once the walk passes MAX_TREE_FILES entries, without walking on. Each folder is listed once
    (os.scandir: an entry's kind comes with the listing, not from a call to the system for each file)."""
    inner = real(root)
    found: list[Path] = []
    seen, folders = 0, [os.fspath(root)]
    while folders:
        try:
            with os.scandir(folders.pop()) as listing:
                entries = list(listing)
        except OSError:  # gone, or not to be read: nothing of it is read
            continue
        seen += len(entries)
        if seen > MAX_TREE_FILES:
            raise TreeTooLarge(root, f"{MAX_TREE_FILES:,} files")
        for entry in entries:
            if _is_folder(entry):
                if not entry.is_symlink() and entry.name != "__pycache__":
                    folders.append(entry.path)
            elif _regular(entry) and (not entry.is_symlink() or _within(Path(entry.path), inner)):
                found.append(Path(entry.path))
    return sorted(found)


def listing(folder: Path) -> list[PurePosixPath]:
    """The files below `folder` by their names in it, for `files_like`: [] when it is too large to look through."""
    try:
        return [PurePosixPath(path.relative_to(folder).as_posix()) for path in _files(folder)]
    except TreeTooLarge:
        return []


def files_like(held: list[PurePosixPath], name: str) -> str:
    """`; did you mean 'pools.csv'?`: the files `held` (a folder's `listing`) closest to `name`, a file it does not
    hold, as a misspelt name of any other kind is answered; '' when none is close."""
    wanted = PurePosixPath(name)
    # first by name alone among the files of its kind beside it: every .yaml file would be as close to `card.yaml`
    # as `cards.yaml` is, and every icon to `icons/son.svg`
    kind = (wanted.parent, wanted.suffix.lower())
    alike = {p.stem: p.as_posix() for p in held if (p.parent, p.suffix.lower()) == kind}
    found = [alike[stem] for stem in closest(wanted.stem, alike)]
    return suggested(found or closest(wanted.as_posix(), [p.as_posix() for p in held]))


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _regular(entry: os.DirEntry[str]) -> bool:
    """A regular file, or a link to one."""
    try:
        return entry.is_file()
    except OSError:
        return False


def _within(path: Path, inner: Path) -> bool:
    try:
        return path.resolve().is_relative_to(inner)
    except (OSError, RuntimeError):  # a loop of links
        return False


def source_holding(out: Path, content: Path | None, layouts: list[Path]) -> str | None:
    """Why the out folder cannot be where it is, or None: inside a game's or a layout folder, every build would
    read (and fingerprint) the last build's files as sources; as the content folder, it would write into the games'
    own folders."""
    if content is None:
        return None
    there = real(out)
    if there == real(content):
        return f"{out} is the content folder: a build would write into the games' folders; choose another out folder"
    for source in [*(p.parent for p in sorted(content.glob("*/game.yaml"))), *layouts, Path("layouts")]:
        if there.is_relative_to(real(source)):
            return (f"{out} is inside the source folder {source}: every build would read the last one's files as "
                    "sources; choose an out folder outside every game and layout folder")
    return None
