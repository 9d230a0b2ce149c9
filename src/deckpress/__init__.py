"""deckpress: print-and-play games from YAML sources to cut-ready PDFs."""

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

from deckpress.dataclass_code import install

__version__ = "0.1.0"
install()  # before any of the press's dataclasses is made: their methods' code compiled once, not in every process


def entry() -> NoReturn:
    """The `deckpress` command. A Ctrl-C while the press's modules load, its first few tenths of a second, ends it
    as one at any other moment does, in one line with status 130, not in a traceback of the import."""
    try:
        with loading("deckpress.cli"):
            from deckpress.cli import entry as command
    except KeyboardInterrupt:
        print("deckpress: interrupted; nothing was written", file=sys.stderr)
        raise SystemExit(130) from None
    command()


@contextmanager
def loading(module: str) -> Iterator[None]:
    """`module` imported meanwhile, the first time, with the cycle collector waiting; then what the process holds
    is set aside from the collector (`gc.freeze`). A module's classes, functions and tables last as long as the
    process: tracing them again and again as they pile up was 0.015 s of a build before its workers started.
    Once a process for each module: again, it would set aside for good whatever a long process (a test run) had
    made meanwhile, its garbage too."""
    if module in sys.modules or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()
