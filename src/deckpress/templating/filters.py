"""The filters content text may use to follow its parameters in words: `words`, `ordinal`, `series`, `times`."""

from __future__ import annotations

_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty"
).split()

_ORDINALS = (
    "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"
).split()


def words(number: int) -> str:
    """4 -> 'four', so rule text can say 'four teams' and still follow the parameters."""
    return _WORDS[number] if isinstance(number, int) and 0 <= number < len(_WORDS) else str(number)


def ordinal(number: int) -> str:
    """4 -> 'fourth'."""
    return _ORDINALS[number] if isinstance(number, int) and 0 <= number < len(_ORDINALS) else f"{number}th"


def series(items: list[object], oxford: bool = True) -> str:
    """['A', 'B', 'C'] -> 'A, B, and C' (or 'A, B and C' without the serial comma)."""
    names = [str(i) for i in items]
    if len(names) < 2:
        return "".join(names)
    last = ", and " if oxford and len(names) > 2 else " and "
    return ", ".join(names[:-1]) + last + names[-1]


def times(number: int) -> str:
    """1 -> 'once', 2 -> 'twice', 3 -> 'three times'."""
    return {1: "once", 2: "twice"}.get(number) or f"{words(number)} times"


FILTERS = {"words": words, "ordinal": ordinal, "series": series, "times": times}
