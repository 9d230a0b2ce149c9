"""Where a CSV file's quote marks go wrong, found by reading the text as the csv module reads it (strict): the
module says only "unexpected end of data" or "',' expected after '\"'", and at no cell."""

from __future__ import annotations

from typing import NamedTuple

QUOTE = '"'
NEWLINES = "\r\n"
NEVER_CLOSED = "a quote opens this cell and is never closed: close it, or write the cell's quote marks doubled (\"\")"
TEXT_AFTER = "text follows the closing quote: put the whole cell in quotes, its own quote marks doubled (\"\")"


class Misquote(NamedTuple):
    """The first quoting mistake: its 1-based row (a record, as the reader counts them) and column, and why."""

    row: int
    col: int
    message: str


def misquote(text: str, delimiter: str) -> Misquote | None:
    """The first cell whose quote marks the csv module's strict reader refuses, or None if there is none."""
    row, col, opened = 1, 1, 0  # opened: the column whose quote is open (0 when none is)
    start, closed = True, False  # at a cell's first character; just past a closing quote
    previous = ""
    for char in text:
        if opened and not closed:
            if char == QUOTE:
                closed = True
        elif closed and char == QUOTE:  # a doubled quote mark, inside the quotes still
            closed = False
        elif char == delimiter:
            col, opened, start, closed = col + 1, 0, True, False
        elif char in NEWLINES:
            if not (previous == "\r" and char == "\n"):  # \r\n ends one record, as a lone \r or \n does
                row, col = row + 1, 1
            opened, start, closed = 0, True, False
        elif closed:
            return Misquote(row, col, TEXT_AFTER)
        elif start and char == QUOTE:
            opened, start = col, False
        else:
            start = False
        previous = char
    return Misquote(row, opened, NEVER_CLOSED) if opened and not closed else None
