"""Names of files that content gives (card files, art) and that a build writes: they stay inside their folder."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

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
