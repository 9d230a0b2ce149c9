"""The time one template may take, besides the sandbox's bounds on what it builds.

A loop in a template runs as Python, so a timer can stop it where it is: while a render runs, a timer of the
process's CPU time is armed, and when it expires the render ends with `TooLong`, reported as a finding like any
other. Only the main thread can take signals; elsewhere (a server thread) the sandbox's size bounds stand alone.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from jinja2.exceptions import SecurityError

SECONDS = 2.0  # CPU seconds for one text: a card's or a rule's text takes a few milliseconds
_active = False  # a render is under way (a render inside it is timed with it)
_handled_in = 0  # the process whose handler is set (a forked worker sets its own)


class TooLong(SecurityError):
    """A text that took more than its time to work out."""


def _expired(number: int, frame: FrameType | None) -> None:
    if _active:
        raise TooLong(f"working this out takes more than {SECONDS:g} seconds: a loop or a list far larger than "
                      f"any card or rule needs")


@contextmanager
def timed() -> Iterator[None]:
    """Stop the work inside the block with TooLong once it has taken SECONDS of CPU time."""
    global _active, _handled_in
    if _active or threading.current_thread() is not threading.main_thread():
        yield
        return
    if _handled_in != os.getpid():
        signal.signal(signal.SIGVTALRM, _expired)
        _handled_in = os.getpid()
    _active = True
    signal.setitimer(signal.ITIMER_VIRTUAL, SECONDS)
    try:
        yield
    finally:
        _active = False
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
