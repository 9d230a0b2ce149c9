"""How the `deckpress` command's process ends: its exit handlers run and its output flushed, then `os._exit`,
without Python taking every module and object apart (0.1 s of a build, more than the rest of an up-to-date one;
mypy leaves the same way)."""

from __future__ import annotations

import atexit
import errno
import os
import signal
import sys
import threading
from typing import NoReturn, TextIO

CANNOT_WRITE = 1  # as a finding: what the command said is lost
UNWRITABLE = {errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG}  # a disk full or failing under the output


def leave(status: int) -> NoReturn:
    """End the process with `status`: a late Ctrl-C cannot turn the exit into a traceback now; output that cannot
    be written (a full disk) is said and fails the command; a reader gone (`| head`) is not a failure. A thread
    still running (none does) is waited for, as Python would."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if threading.active_count() > 1:
        sys.exit(status)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        status = _flushed(stream, status)
    os._exit(status)


def unwritten(exc: OSError) -> int:
    """A disk that failed under the command, said (straight to the descriptor: stderr's own buffer may be what
    failed): a file it names, or else the output, whose rest then goes nowhere, so that the last flush does not
    fail again. The command's status."""
    try:
        what = exc.filename if exc.filename is not None else "cannot write the output"
        os.write(2, f"deckpress: error: {what}: {exc.strerror or exc}\n".encode())
        if exc.filename is None:
            silenced()
    except (OSError, ValueError):
        pass
    return CANNOT_WRITE


def silenced() -> None:
    """The command's output from here on goes nowhere (its reader is gone, or its disk full)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)


def _flushed(stream: TextIO, status: int) -> int:
    try:
        stream.flush()
    except (BrokenPipeError, ValueError):  # the reader has what it wanted, or the stream was closed
        return status
    except OSError as exc:
        said = unwritten(exc)
        return status or said
    return status
