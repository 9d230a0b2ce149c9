"""One build at a time per out folder: a second build into the same folder waits for the first to finish.

The lock is the kernel's (`flock`) on the out folder itself, so no lock file is left among the outputs, and it
is released however the holder ends: its exit, a signal, even SIGKILL close the descriptor.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from deckpress import interrupts
from deckpress.publish.journal import Unfinished, finish
from deckpress.publish.write import CommitError, leftovers

WAITING = "deckpress: another build is writing into {out}; waiting for it to finish (Ctrl-C gives up)"


@contextmanager
def out_lock(out: Path) -> Iterator[None]:
    """Hold the out folder (made if missing) for the length of the block. While another process holds it, say so
    once and wait; Ctrl-C while waiting raises KeyboardInterrupt with nothing written. The folders this call made
    (the out folder and its missing parents) that the block left empty (a build that failed) are removed again."""
    made = _missing(out)
    out.mkdir(parents=True, exist_ok=True)
    fd = _taken(out)
    try:
        _finished(out)
        yield
    finally:
        os.close(fd)
        for folder in made:  # innermost first: one left holding something keeps those round it
            _remove_if_empty(folder)


def _missing(out: Path) -> list[Path]:
    """The out folder and each of its parents not there yet, innermost first."""
    missing = []
    for folder in (out, *out.parents):
        if folder.exists():
            break
        missing.append(folder)
    return missing


def _finished(out: Path) -> None:
    """The commit of a build killed mid-way (its staging folder left beside the out folder), finished: the folder
    whole again before anything reads it. A build killed before its first move left the folder as it was."""
    for folder in leftovers(out):
        try:
            finish(folder, out)
        except Unfinished as exc:
            raise CommitError(f"{out} holds a build stopped mid-commit, and its last files cannot be put in "
                              f"place: {exc}") from exc
        shutil.rmtree(folder, ignore_errors=True)


def _taken(out: Path) -> int:
    """A descriptor of the out folder, locked. If the folder was replaced while this waited (the holder removed
    it), the lock is taken again on the folder now there."""
    said = False
    while True:
        fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
        try:
            if not _try(fd):
                if not said:
                    print(WAITING.format(out=out), file=sys.stderr, flush=True)
                    said = True
                with interrupts.stoppable():  # Ctrl-C or SIGTERM here: KeyboardInterrupt, the descriptor closed
                    fcntl.flock(fd, fcntl.LOCK_EX)
            if _same(fd, out):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
        out.mkdir(parents=True, exist_ok=True)


def _try(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _same(fd: int, out: Path) -> bool:
    try:
        now = os.stat(out)
    except OSError:
        return False
    held = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)


def _remove_if_empty(out: Path) -> None:
    try:
        out.rmdir()
    except OSError:  # it holds files: a build landed there
        pass
