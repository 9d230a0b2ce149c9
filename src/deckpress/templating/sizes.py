"""How long a value would be as text, and how long a string method or a format would make a text, known before
either is made. One allocation of gigabytes cannot be stopped once it has started (the timer of
`deckpress.templating.budget` waits for it), so the sandbox refuses it beforehand: a list of a hundred thousand
references to a text of as many characters is small in memory and ten gigabytes written out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MAX_RESULT = 100_000  # items in a string or list a template builds: more is a mistake, not rule text
_CONTAINERS = (list, tuple, set, frozenset, dict)


def text_size(value: Any, most: int = MAX_RESULT) -> int:
    """How long `str(value)` is at least, counted until it passes `most`: a string's length, a container's items'
    (nested ones too; a container holding itself counts until it passes); 0 for anything else (a number's
    digits are bounded by the sandbox, any other object's text is its type's)."""
    if isinstance(value, str):
        return len(value)
    if not isinstance(value, _CONTAINERS):
        return 0
    total, todo = 2, [value]
    while todo and total <= most:
        item = todo.pop()
        for part in item.items() if isinstance(item, dict) else item:
            if isinstance(part, str):
                total += len(part) + 4  # its quotes and the comma after it
            elif isinstance(part, _CONTAINERS):
                total += 2
                todo.append(part)
            else:
                total += 1
            if total > most:
                break
    return total


def _sizes(values: Any) -> int:
    """The text sizes of the values a format fills its fields from, added (a mapping's values for named fields)."""
    if isinstance(values, Mapping):
        values = list(values.values())
    if not isinstance(values, (list, tuple)):
        values = [values]
    return sum(min(text_size(v), MAX_RESULT + 1) + 20 for v in values)  # a number's field: a few digits


def formatted(text: str, field: str, values: Any) -> int:
    """At most how long `text` is with each of its fields (`{}` or `%s`: each a `field`) filled from `values`."""
    return len(text) + text.count(field) * _sizes(values)


def grown(text: str, method: str, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> int:
    """At most how long a str method makes `text` where it multiplies it (a tab widened, each match replaced, a
    list joined by it, each character translated); 0 for the methods whose result's size the sandbox bounds by
    their numbers alone (`ljust`, `center`, `zfill`) or that do not grow it."""
    given = [*args, *kwargs.values()]
    if method == "expandtabs":
        tab = given[0] if given else 8
        return len(text) + text.count("\t") * tab if isinstance(tab, int) else 0
    if method == "replace" and len(given) >= 2 and isinstance(given[0], str) and isinstance(given[1], str):
        return len(text) + (text.count(given[0]) if given[0] else len(text) + 1) * len(given[1])
    if method == "join" and given and isinstance(given[0], (list, tuple)):
        return len(text) * len(given[0]) + sum(len(p) for p in given[0] if isinstance(p, str))
    if method == "translate" and given and isinstance(given[0], Mapping):
        return len(text) * max([1, *(len(v) for v in given[0].values() if isinstance(v, str))])
    if method in ("format", "format_map"):
        return formatted(text, "{", given)
    return 0
