"""deckpress: print-and-play games from YAML sources to cut-ready PDFs."""

from typing import NoReturn

__version__ = "0.1.0"


def entry() -> NoReturn:
    """The `deckpress` command. A Ctrl-C while the press's modules load, its first few tenths of a second, ends it
    as one at any other moment does, in one line with status 130, not in a traceback of the import."""
    try:
        from deckpress.cli import entry as command
    except KeyboardInterrupt:
        import sys

        print("deckpress: interrupted; nothing was written", file=sys.stderr)
        raise SystemExit(130) from None
    command()
