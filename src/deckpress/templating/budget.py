"""The time and memory one template may take, besides the sandbox's bounds on what it builds.

A loop in a template runs as Python, so a timer can stop it where it is: while a render runs, a timer of the
process's CPU time ticks (the system's share counted too: handing out memory is most of a memory bomb's time),
and once the ticks add up to SECONDS the render ends with `TooLong`; a tick that finds the process's memory grown
by MOST_MEMORY since the render's first tick ends it with `TooLarge` (a loop keeping a hundred thousand long texts:
each within the sandbox's bounds, gigabytes together; one allocation of gigabytes is the sandbox's to refuse
beforehand, a tick comes after it). Either is reported as a finding like any other. Only the main thread can take
signals; elsewhere (a server thread) the sandbox's size bounds stand alone. The texts one `Templates` renders (a
build's, a check's) may take IN_ALL together (`Spent`): a text just under its time on each of thousands of cards
would otherwise run for hours.
"""

from __future__ import annotations

import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType

from jinja2.exceptions import SecurityError

SECONDS = 2.0  # CPU seconds for one text: a card's or a rule's text takes a few milliseconds
IN_ALL = 60.0  # CPU seconds for a build's texts together: a 24,000-card deck's take a few
MOST_MEMORY = 256 << 20  # bytes one text may add to the process's memory: a card's or a rule's adds kilobytes
TICK = 0.01  # CPU seconds between two looks: a loop adds at most a few hundred megabytes between them
_active = False  # a render is under way (a render inside it is timed with it)
_ticks: int = 0
_resident_before: int | None = None  # the render's: ticks so far, the process's memory at its first tick
_PAGE = resource.getpagesize()
_handled_in = 0  # the process whose handler is set (a forked worker sets its own)


class TooLong(SecurityError):
    """A text that took more than its time to work out."""


class TooLarge(SecurityError):
    """A text that took more than its memory to work out."""


@dataclass
class Spent:
    """The CPU time the texts of a build (or a check) have taken so far."""

    seconds: float = 0.0
    over: bool = False  # past IN_ALL, and said: every later text is refused without a word


def _ticked(number: int, frame: FrameType | None) -> None:
    global _ticks, _active, _resident_before
    if not _active:
        return
    _ticks += 1
    resident = _resident()
    problem: SecurityError | None = None
    if _ticks * TICK >= SECONDS:
        problem = TooLong(f"working this out takes more than {SECONDS:g} seconds: a loop or a list far larger than "
                          f"any card or rule needs")
    elif _resident_before is None:
        _resident_before = resident  # a render shorter than a tick reads nothing: most take a few milliseconds
    elif resident - _resident_before > MOST_MEMORY:
        problem = TooLarge(f"working this out takes more than {MOST_MEMORY >> 20} MB of memory: a loop or a list "
                           f"far larger than any card or rule needs")
    if problem is not None:  # disarmed first: raised inside the render's `finally`, it still leaves no timer set
        _active = False
        signal.setitimer(signal.ITIMER_PROF, 0)
        raise problem


def _resident() -> int:
    """The process's resident memory now, in bytes; where the system does not say (no /proc), its peak so far."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024  # macOS counts bytes, Linux kilobytes


@contextmanager
def timed(spent: Spent) -> Iterator[None]:
    """Stop the work inside the block with TooLong once it has taken SECONDS of CPU time, or TooLarge once it has
    grown the process's memory by MOST_MEMORY; refuse it (TooLong) once `spent` (its build's) is past IN_ALL."""
    if _active:
        yield
        return
    if spent.seconds > IN_ALL:
        spent.over = True
        raise TooLong(f"the texts have taken more than {IN_ALL:g} seconds to work out in all: a text that takes "
                      f"long on every card")
    start = time.process_time()
    try:
        with _stopped():
            yield
    finally:
        spent.seconds += time.process_time() - start


@contextmanager
def _stopped() -> Iterator[None]:
    """The timer armed over the block (in the main thread: only it takes signals)."""
    global _active, _handled_in, _ticks, _resident_before
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if _handled_in != os.getpid():
        signal.signal(signal.SIGPROF, _ticked)
        _handled_in = os.getpid()
    _active, _ticks, _resident_before = True, 0, None
    signal.setitimer(signal.ITIMER_PROF, TICK, TICK)
    try:
        yield
    finally:
        _active = False
        signal.setitimer(signal.ITIMER_PROF, 0)
