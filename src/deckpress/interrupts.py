"""Ctrl-C, taken at safe points: a build stops between pages, never inside a finalizer or a half-written file.

While a build runs (`deferred`), Ctrl-C and SIGTERM note the request; `check()`, called
between pages, documents and files, turns it into KeyboardInterrupt. Work that reaches no
such point for GRACE seconds (a long template, a large check) is stopped where it is: nothing
is written before the commit, so the earlier build stands either way. A build's worker processes
take the same handling (`take_in_worker`); the PNG export's cutting workers leave Ctrl-C to their
parent (`left_to_parent`). `held` covers the few milliseconds of moving finished
files into place: a signal then waits until the moves are done.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

SIGNALS = (signal.SIGINT, signal.SIGTERM)
GRACE = 1.0  # seconds from a request to a stop wherever the work is
_requested = False
_committed = False  # the build's files are in place: a stop now changes nothing, so none is forced


def _note(number: int, frame: FrameType | None) -> None:
    global _requested
    _requested = True
    if not _committed:
        signal.setitimer(signal.ITIMER_REAL, GRACE)


def _overdue(number: int, frame: FrameType | None) -> None:
    if not _committed:
        raise KeyboardInterrupt


@contextmanager
def _handled_by(handler: Callable[[int, FrameType | None], Any],
                alarm: Callable[[int, FrameType | None], Any] = _overdue) -> Iterator[None]:
    """SIGNALS go to `handler` inside the block (and the overdue timer to `alarm`), then to what had them before.
    Only the main thread can set handlers: elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.signal(s, handler) for s in SIGNALS} | {signal.SIGALRM: signal.signal(signal.SIGALRM, alarm)}
    try:
        yield
    finally:
        for number, before in previous.items():
            signal.signal(number, before)


@contextmanager
def deferred() -> Iterator[None]:
    global _requested, _committed
    _requested = _committed = False  # a request before the build began is not this build's
    try:
        with _handled_by(_note):
            yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)  # the build is over: no stop is overdue


@contextmanager
def stoppable() -> Iterator[None]:
    """A wait that holds nothing to undo (for the out folder's lock): Ctrl-C and SIGTERM alike stop it at once, as
    KeyboardInterrupt (SIGTERM would otherwise end the process with no word and no 130)."""
    def stop(number: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    with _handled_by(stop, lambda number, frame: None):
        yield


def take_in_worker() -> None:
    """A worker process's start: note Ctrl-C as the build's own process does (forked workers inherit this already;
    spawned ones, the default on macOS and Windows, need it)."""
    for number in SIGNALS:
        signal.signal(number, _note)
    signal.signal(signal.SIGALRM, _overdue)


def left_to_parent() -> None:
    """A worker process the parent ends itself on Ctrl-C (`pool.stop`): it ignores the terminal's Ctrl-C, so that
    one waiting for its next task never stops there with a traceback of its own; SIGTERM ends it at once, without
    a word (its default): a worker left behind by a parent killed outright can still be ended."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def check() -> None:
    """Stop here if Ctrl-C (or SIGTERM) came since the build began."""
    if _requested:
        raise KeyboardInterrupt


@contextmanager
def held() -> Iterator[None]:
    """Work that must not stop half-way: a signal meanwhile is delivered once it is done (to `_note` during a
    build; elsewhere to Python's own handler, as KeyboardInterrupt). A stop overdue waits too; once the work is
    done nothing is forced."""
    global _committed
    caught: list[int] = []
    try:
        with _handled_by(lambda number, frame: caught.append(number), lambda number, frame: None):
            yield
        _committed = True
    finally:
        if caught and caught[0] in SIGNALS:
            signal.raise_signal(caught[0])
