"""Names of files that content gives (card files, art) and that a build writes: they stay inside their folder. And
the files of a folder a build may read, hashed for the change detection and the version every page prints."""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath
from typing import Any

UNREADABLE = (OSError, ValueError, RuntimeError)  # a NUL in a name, a name too long, a symlink loop
NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # a game, component or layout: it names files and URLs


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


def hash_tree(digest: Any, root: Path) -> None:
    """Feed every file below `root` into `digest`, by relative path and bytes, in order."""
    for path in _files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())


def _files(root: Path) -> list[Path]:
    """The files below `root` that a build may read: a symbolic link leading out of it is not followed (nothing
    outside the named folders is read; the loader refuses such a file too)."""
    inner = root.resolve()
    found = []
    for folder, names, files in os.walk(root):
        names[:] = sorted(n for n in names if n != "__pycache__" and _within(Path(folder) / n, inner))
        found += [Path(folder) / f for f in files if _within(Path(folder) / f, inner)]
    return sorted(p for p in found if p.is_file())


def _within(path: Path, inner: Path) -> bool:
    try:
        return not path.is_symlink() or path.resolve().is_relative_to(inner)
    except (OSError, RuntimeError):  # a loop of links
        return False
