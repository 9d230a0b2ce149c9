"""What content text may call, each refusing a result longer than a template may build: the filters (Jinja's
and the press's), `namespace()` and `product()`, and the joining of a text's parts (`~`, a block, a macro)."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterable
from typing import Any

from jinja2.exceptions import SecurityError
from jinja2.filters import FILTERS as JINJA_FILTERS
from jinja2.nodes import EvalContext
from jinja2.utils import Namespace, pass_eval_context

from deckpress.templating.sizes import MAX_RESULT, grown, percent, text_size

WIDE_FORMAT = re.compile(r"%[-+ #0]*\d*\.?\d{6,}|\{[^{}]*?\d{6,}")  # '%0500000000d', '%.1000000000f', '{:>500000000}'
ARGUED_WIDTH = re.compile(r"%[-+ #0]*\*|\{[^{}]*\{")  # a width taken from the arguments: '%*d', '{:>{}}'
TOO_WIDE = "a width or count that large is not text"


def filters(jinja: dict[str, Callable[..., Any]]) -> dict[str, Callable[..., Any]]:
    """Jinja's filters (and the press's), each bounded: those that make text longer by their numbers or fields
    measured first, those that write a value out measured first, and no filter's text past MAX_RESULT."""
    found = dict(jinja)
    found["center"], found["format"] = _guarded(found["center"]), _guarded(found["format"], fields=True)
    for name in ("string", "pprint", "tojson", "e", "escape", "forceescape", "safe", "urlize", "wordcount"):
        found[name] = _written(found[name])  # a value written out as text
    for name in ("batch", "slice"):
        found[name] = _counted(found[name])
    found["replace"], found["join"], found["indent"], found["sum"] = _replace, _join, _indent, _sum
    return {name: _bounded(f) for name, f in found.items()}  # so no chain of them grows a text


def _guarded(function: Callable[..., Any], fields: bool = False) -> Callable[..., Any]:
    """A filter that makes text longer by its numbers (`center`) or its `fields` filled as `%` fills them
    (`format`), refusing huge ones."""
    def checked(*args: Any, **kwargs: Any) -> Any:
        if args:
            refuse_arguments(args[0], args[1:])
        if too_large(*args, *kwargs.values()):
            raise SecurityError(TOO_WIDE)
        if fields and args and isinstance(args[0], str) and percent(args[0], kwargs or args[1:]) > MAX_RESULT:
            raise SecurityError(f"the text would be longer than {MAX_RESULT:,} characters")  # as `%` does
        return function(*args, **kwargs)
    return checked


def too_large(*args: Any) -> bool:
    """A number no text needs as a width or a count: far more characters than any card holds."""
    return any(isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_RESULT for a in args)


def length(value: Any) -> int:
    """The length of a string, list or tuple (what repeating or joining it multiplies); 0 for anything else."""
    return len(value) if isinstance(value, (str, list, tuple)) else 0


def refuse_arguments(text: Any, args: tuple[Any, ...]) -> None:
    """`'%*d' % (10**9, 1)`, `'{:>{}}'.format('x', 10**9)`: a width taken from a huge argument."""
    if isinstance(text, str) and (WIDE_FORMAT.search(text) or (ARGUED_WIDTH.search(text) and too_large(*args))):
        raise SecurityError(TOO_WIDE)


class BoundedNamespace(Namespace):
    """`namespace()`, holding no value larger than a template may build: a value doubled in a loop stops."""

    def __setitem__(self, name: str, value: Any) -> None:
        if length(value) > MAX_RESULT:
            raise SecurityError(f"a value {length(value):,} long is too large")
        super().__setitem__(name, value)


def product(*lists: Any) -> list[tuple[Any, ...]]:
    """Every combination of the lists, as long as there are not more of them than a template may build."""
    count = 1
    for items in lists:
        count *= len(items) if hasattr(items, "__len__") else MAX_RESULT + 1
        if count > MAX_RESULT:
            raise SecurityError(f"product() would give more than {MAX_RESULT:,} combinations")
    return list(itertools.product(*lists))


@pass_eval_context
def _join(eval_ctx: EvalContext, value: Any, d: str = "", attribute: Any = None) -> str:
    """Jinja's `join`, refusing a result longer than a template may build."""
    items = list(value)  # each measured, not written out: a list of a list of long texts is gigabytes as text
    if sum(text_size(v) for v in items) + length(d) * len(items) > MAX_RESULT:
        raise SecurityError(f"joining these would give more than {MAX_RESULT:,} characters")
    return JINJA_FILTERS["join"](eval_ctx, items, d, attribute)  # type: ignore[no-any-return]


def _written(function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that writes its value out as text (`string`, `tojson`, `pprint`...), refusing a value whose text
    is longer than a template may build."""
    at = 1 if hasattr(function, "jinja_pass_arg") else 0  # after the context or environment Jinja passes first

    @functools.wraps(function)  # keeps `jinja_pass_arg`
    def written(*args: Any, **kwargs: Any) -> Any:
        printable(args[at] if len(args) > at else None)
        return function(*args, **kwargs)
    return written


def _bounded(function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter whose text, if it gives one, is refused past what a template may build: `e`, `tojson`, `pprint`,
    `wordwrap`, `urlencode` each make a text a few times longer, and a chain of them makes it longer still."""
    @functools.wraps(function)  # keeps `jinja_pass_arg`
    def bounded(*args: Any, **kwargs: Any) -> Any:
        return short(function(*args, **kwargs))
    return bounded


def short(value: Any) -> Any:
    if isinstance(value, str) and len(value) > MAX_RESULT:
        raise SecurityError(f"the text would be {len(value):,} characters long, more than {MAX_RESULT:,}")
    return value


def printable(value: Any) -> Any:
    """`value`, to be written out as text; refused where that text would be longer than a template may build."""
    if not isinstance(value, str) and text_size(value) > MAX_RESULT:
        raise SecurityError(f"writing this out would give more than {MAX_RESULT:,} characters")
    return value


def joined(values: Iterable[Any]) -> str:
    """`a ~ b`: the values as text, joined, refused where that would be longer than a template may build."""
    return concat([v if isinstance(v, str) else str(printable(v)) for v in values])


def concat(parts: Iterable[str]) -> str:
    """A text from its parts (a block's, a macro's, `~`'s), refused where it would be longer than a template may
    build: a hundred thousand writings of one long text are cheap to gather and ten gigabytes joined."""
    parts = list(parts)
    if sum(map(len, parts)) > MAX_RESULT:
        raise SecurityError(f"the text would be longer than {MAX_RESULT:,} characters")
    return "".join(parts)


def _indent(text: Any, width: int | str = 4, first: bool = False, blank: bool = False) -> str:
    """Jinja's `indent`, refusing a result longer than a template may build (each line indented `width`)."""
    text, step = str(printable(text)), width if isinstance(width, int) else len(str(width))
    if len(text) + (text.count("\n") + 1) * step > MAX_RESULT:
        raise SecurityError(f"indenting would give more than {MAX_RESULT:,} characters")
    return JINJA_FILTERS["indent"](text, width, first, blank)  # type: ignore[no-any-return]


def _counted(function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter taking a count after its value (`batch`, `slice`): a count past what a template may build is
    refused (`batch(10**9)` makes a list that long)."""
    def counted(value: Any, *args: Any, **kwargs: Any) -> Any:
        if too_large(*args, *kwargs.values()):
            raise SecurityError(TOO_WIDE)
        return function(value, *args, **kwargs)
    return counted


@pass_eval_context
def _sum(eval_ctx: EvalContext, values: Any, attribute: Any = None, start: Any = 0) -> Any:
    """Jinja's `sum`; lists or texts added up (`sum(start=[])`) refused past what a template may build."""
    items = list(values)
    if length(start) or not isinstance(start, (int, float)):
        picked = [eval_ctx.environment.getattr(i, attribute) for i in items] if attribute is not None else items
        if length(start) + sum(length(i) for i in picked) > MAX_RESULT:
            raise SecurityError(f"adding these up would give more than {MAX_RESULT:,} items")
    return JINJA_FILTERS["sum"](eval_ctx.environment, items, attribute, start)


def _replace(value: Any, old: str, new: str, count: int | None = None) -> str:
    """Jinja's `replace`, refusing a result longer than a template may build."""
    text = str(value)
    if grown(text, "replace", (str(old), str(new)), {}) > MAX_RESULT:  # as str.replace is measured
        raise SecurityError(f"replacing would give more than {MAX_RESULT:,} characters")
    return text.replace(str(old), str(new), -1 if count is None else count)
