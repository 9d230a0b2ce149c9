"""An SVG path's `d` as path steps: M, L, H, V, C and Z, absolute (capitals) and relative, numbers in mm.

Enough for a designer's outline drawn in any vector editor and saved with straight lines and cubic curves.
"""

from __future__ import annotations

import re

from deckpress.layout.shapes.outline import Step

TOKEN = re.compile(r"\s*,?\s*(?:([MmLlHhVvCcZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?))")
TAKES = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Z": 0}
MAX_TOKENS = 100_000  # commands and numbers: a card's outline has dozens, a traced picture thousands
BLANK = re.compile(r"[ \t\r\n,]*")  # between tokens (matched where it starts: no copy of the rest of the path)


class PathError(ValueError):
    """What is wrong with the path, and at which character (from 1)."""

    def __init__(self, message: str, at: int) -> None:
        super().__init__(message)
        self.at = at


def parse(d: str) -> list[Step]:
    """The steps of `d`, absolute; a PathError where it is not a path of these commands."""
    tokens = _tokens(d)
    steps: list[Step] = []
    x = y = start_x = start_y = 0.0
    verb, i = "", 0
    while i < len(tokens):
        token, at = tokens[i]
        if isinstance(token, str):
            verb, i = token, i + 1
            if verb in "Zz":
                if not steps:
                    raise PathError("a path starts with M (move to)", at)
                steps.append(("Z",))
                x, y = start_x, start_y
                continue
        elif not verb or verb in "Zz":
            raise PathError(f"a number {token:g} without a command before it", at)
        if not steps and verb not in "Mm":
            raise PathError(f"a path starts with M (move to), got {verb}", at)
        count = TAKES[verb.upper()]
        numbers = [t for t, _ in tokens[i:i + count]]
        if len(numbers) < count or not all(isinstance(n, float) for n in numbers):
            raise PathError(f"{verb} takes {count} numbers", at)
        i += count
        n = [float(v) for v in numbers]
        rel = verb.islower()
        step, x, y = _step(verb.upper(), n, (x, y) if rel else (0.0, 0.0), (x, y))
        if step[0] == "M":
            start_x, start_y = x, y
            verb = "l" if rel else "L"  # numbers after a move are lines
        steps.append(step)
    if not steps:
        raise PathError("the path is empty", 1)
    return steps


def _step(verb: str, n: list[float], base: tuple[float, float], at: tuple[float, float]) -> tuple[Step, float, float]:
    """The absolute step and the point it ends at; `base` is what relative numbers are added to."""
    bx, by = base
    if verb == "H":
        x = n[0] + bx
        return ("L", x, at[1]), x, at[1]
    if verb == "V":
        y = n[0] + by
        return ("L", at[0], y), at[0], y
    if verb == "C":
        points = [n[k] + (bx if k % 2 == 0 else by) for k in range(6)]
        return ("C", *points), points[4], points[5]
    return (verb, n[0] + bx, n[1] + by), n[0] + bx, n[1] + by


def _tokens(d: str) -> list[tuple[str | float, int]]:
    """Commands and numbers with where each begins (from 1)."""
    out: list[tuple[str | float, int]] = []
    pos = 0
    while pos < len(d):
        blank = BLANK.match(d, pos)
        skip = pos if blank is None else blank.end()
        if skip == len(d):
            break
        match = TOKEN.match(d, pos)
        if match is None or match.end() == pos:
            raise PathError(f"'{d[skip]}' is not a path command (M, L, H, V, C, Z) or a number", skip + 1)
        start = match.start(1) if match.group(1) else match.start(2)
        if len(out) == MAX_TOKENS:
            raise PathError(f"the path has more than {MAX_TOKENS:,} commands and numbers: more than any outline "
                            f"needs", start + 1)
        out.append((match.group(1) or float(match.group(2)), start + 1))
        pos = match.end()
    return out
