"""Ctrl-C, taken at safe points: a build stops between pages, never inside a finalizer or a half-written file.

While a build runs (`deferred`), Ctrl-C and SIGTERM only note the request; `check()`,
called between pages, documents and files, turns it into KeyboardInterrupt. Worker
processes take the same handling (`take_in_worker`). `held` covers the few milliseconds
of moving finished files into place: a signal then waits until the moves are done.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

SIGNALS = (signal.SIGINT, signal.SIGTERM)
_requested = False


def _note(number: int, frame: FrameType | None) -> None:
    global _requested
    _requested = True


@contextmanager
def _handled_by(handler: Callable[[int, FrameType | None], Any]) -> Iterator[None]:
    """SIGNALS go to `handler` inside the block, then to what had them before. Only the main thread can set
    handlers: elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.signal(s, handler) for s in SIGNALS}
    try:
        yield
    finally:
        for number, before in previous.items():
            signal.signal(number, before)


@contextmanager
def deferred() -> Iterator[None]:
    global _requested
    _requested = False  # a request before the build began is not this build's
    with _handled_by(_note):
        yield


def take_in_worker() -> None:
    """A worker process's start: note Ctrl-C as the build's own process does (forked workers inherit this already;
    spawned ones, the default on macOS and Windows, need it)."""
    for number in SIGNALS:
        signal.signal(number, _note)


def check() -> None:
    """Stop here if Ctrl-C (or SIGTERM) came since the build began."""
    if _requested:
        raise KeyboardInterrupt


@contextmanager
def held() -> Iterator[None]:
    """Work that must not stop half-way: a signal meanwhile is delivered once it is done (to `_note` during a
    build; elsewhere to Python's own handler, as KeyboardInterrupt)."""
    caught: list[int] = []
    try:
        with _handled_by(lambda number, frame: caught.append(number)):
            yield
    finally:
        if caught:
            signal.raise_signal(caught[0])
