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


def counted(title: str) -> list[str | int]:
    """A sort key for titles with their numbers counted, any script's digits (`Desk card 2` before `Desk card 10`),
    letters regardless of case: the order a reader expects a list of numbered pages in."""
    parts = re.split(r"(\d+)", title)  # every second part a run of digits (`int` reads each)
    return [(int(p) if len(p) < 19 else 10**19) if i % 2 else p.lower() for i, p in enumerate(parts)]
