"""How long a value would be as text, and how long a string method or a format would make a text, known before
either is made. One allocation of gigabytes cannot be stopped once it has started (the timer of
`deckpress.templating.budget` waits for it), so the sandbox refuses it beforehand: a list of a hundred thousand
references to a text of as many characters is small in memory and ten gigabytes written out."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from string import Formatter
from typing import Any

from deckpress.numerals import whole

MAX_RESULT = 100_000  # items in a string or list a template builds: more is a mistake, not rule text
_CONTAINERS = (list, tuple, set, frozenset, dict)
_SPEC = re.compile(r"[-+ #0]*(?P<width>\*|\d+)?(?:\.(?P<precision>\*|\d*))?[hlL]?(?P<kind>[diouxXeEfFgGcrsa%])")
_FIELD = re.compile(r"[.\[]")  # where a field's name ends and its attribute or item begins
_ITEM = re.compile(r"\[([^\]]*)\]")  # a field's item: `{card[points]}`


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


def _one(value: Any) -> int:
    """At most how long a value is in a format's field: a text's or a container's written length, a whole
    number's digits (the sandbox bounds its bits), a few dozen characters for anything else."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value.bit_length() // 3 + 2
    return text_size(value) if isinstance(value, (str, *_CONTAINERS)) else 32


def braced(text: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> int:
    """At most how long `text.format(*args, **kwargs)` is: its own text and each field's value with its width and
    precision (a field's items read where the value holds them, `{card[points]}`; an attribute counted as the whole
    value); 0 where `format` itself would refuse it."""
    total, auto = 0, 0
    try:
        fields = list(Formatter().parse(text))
    except ValueError:
        return 0
    for literal, name, spec, _ in fields:
        total += len(literal)
        if name is None:
            continue
        head = _FIELD.split(name, maxsplit=1)[0]
        rest = name[len(head):]
        if not head:
            head, auto = str(auto), auto + 1
        index = whole(head)  # `{0}`; `{²}` is a name, as `format` reads it
        value = (args[index] if index < len(args) else None) if index is not None else kwargs.get(head)
        total += _one(_item(value, rest)) + _width(spec or "")
    return total


def _item(value: Any, rest: str) -> Any:
    """The item a field reads (`[points]` of a card's fields, `[0]` of a list or of a mapping's key 0: digits are
    a number to `format`), as far as items lead; where they lead nowhere, the whole value."""
    while (found := _ITEM.match(rest)) is not None:
        text, rest = found[1], rest[found.end():]
        number = whole(text) if text == text.strip() else None  # `[ 1]` is the text ' 1' to `format`
        key: str | int = text if number is None else number
        if isinstance(value, Mapping) and key in value:
            value = value[key]
        elif isinstance(value, (list, tuple)) and isinstance(key, int) and key < len(value):
            value = value[key]
        else:
            break
    return value


def percent(text: str, values: Any) -> int:
    """At most how long `text % values` is: its own text and each conversion's value with its width and precision
    (`%(name)s` from a mapping, its name in brackets as deep as Python reads them: `%((a))s`); 0 where `%` itself
    would refuse it."""
    given = values if isinstance(values, tuple) else (values,)
    total, at, last = 0, 0, 0
    while (start := text.find("%", last)) != -1:
        key, i = None, start + 1
        if text.startswith("(", i):  # a mapping key: balanced brackets
            depth, j = 0, i
            for j in range(i, len(text)):
                depth += {"(": 1, ")": -1}.get(text[j], 0)
                if depth == 0:
                    break
            key, i = text[i + 1:j], j + 1
        spec = _SPEC.match(text, i)
        if spec is None:  # no conversion Python reads either (`%` raises): the sign counted as text, and on
            total, last = total + start + 1 - last, start + 1
            continue
        total, last = total + start - last, spec.end()
        if spec["kind"] == "%":
            total += 1
            continue
        at += (spec["width"] == "*") + (spec["precision"] == "*")  # taken from the values: the sandbox bounds them
        if key is not None and isinstance(values, Mapping):
            value = values.get(key)
        else:
            value, at = (given[at] if at < len(given) else None), at + 1
        total += _one(value) + _width(spec["width"] or "") + _width(spec["precision"] or "")
    return total + len(text) - last


def _width(spec: str) -> int:
    """The characters a format's numbers may add: its width and its precision (one of seven digits or more is
    counted as past the bound, not read)."""
    return sum(int(n) if len(n) < 7 else MAX_RESULT + 1 for n in re.findall(r"\d+", spec))


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
    return 0
