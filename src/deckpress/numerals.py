"""Whole numbers as a designer, a template or a file writes them: ASCII digits only. `str.isdigit` takes `²` and
`①`, which `int` refuses, and `int` refuses more than 4,300 digits: either ended a command in a traceback."""

from __future__ import annotations

import re

MAX_COUNT = 10_000  # how many of a thing one element draws on a card: a count this large is a mistake, not a track
_WHOLE = re.compile(r"-?[0-9]{1,18}")


def whole(text: str, most: int | None = None, signed: bool = False) -> int | None:
    """`text` (spaces around it allowed) as a whole number, 0 or more unless `signed`, at most `most` if given;
    None if it is not one."""
    found = _WHOLE.fullmatch(text.strip())
    if found is None or (found[0].startswith("-") and not signed):
        return None
    number = int(found[0])
    return number if most is None or number <= most else None
