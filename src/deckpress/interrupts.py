"""Ctrl-C, taken at safe points: a build stops between pages, never inside a finalizer or a half-written file.

While a build runs, Ctrl-C and SIGTERM only note the request; `check()`, called between
pages, documents and files, turns it into KeyboardInterrupt. Worker processes forked
for a parallel build inherit the same handling.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_requested = False


def _note(number: int, frame: FrameType | None) -> None:
    global _requested
    _requested = True


@contextmanager
def deferred() -> Iterator[None]:
    global _requested
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _requested = False
    previous = {s: signal.signal(s, _note) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def take_in_worker() -> None:
    """A worker process's start: note Ctrl-C as the build's own process does (forked workers inherit this already;
    spawned ones, the default on macOS and Windows, need it)."""
    signal.signal(signal.SIGINT, _note)
    signal.signal(signal.SIGTERM, _note)


def check() -> None:
    """Stop here if Ctrl-C (or SIGTERM) came since the build began."""
    if _requested:
        raise KeyboardInterrupt
