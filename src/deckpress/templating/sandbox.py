"""The environment content text renders in: Jinja's sandbox, strict about undefined names, reading no files,
and refusing what would build huge values."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping
from typing import Any

from jinja2 import BaseLoader, Environment, StrictUndefined, Template, TemplateError, TemplateNotFound
from jinja2.exceptions import SecurityError
from jinja2.filters import FILTERS as JINJA_FILTERS
from jinja2.nodes import EvalContext
from jinja2.sandbox import SandboxedEnvironment
from jinja2.utils import Namespace, pass_eval_context

from deckpress.templating.filters import FILTERS

MAX_RESULT = 100_000  # items in a string or list a template builds: more is a mistake, not rule text
MAX_BITS = 10_000  # a whole number's size in bits (3,000 digits): no count or score is near it
# NameError: Jinja folds a constant it cannot write back as Python (`1e309`, infinite) into its code as `inf`
RUNTIME_ERRORS = (TemplateError, SecurityError, TypeError, ValueError, ArithmeticError, LookupError, RecursionError,
                  MemoryError, NameError)
WIDE_FORMAT = re.compile(r"%[-+ #0]*\d{6,}|\{[^{}]*?\d{6,}")  # '%0500000000d', '{:>500000000}'
ARGUED_WIDTH = re.compile(r"%[-+ #0]*\*|\{[^{}]*\{")  # a width taken from the arguments: '%*d', '{:>{}}'
TOO_WIDE = "a width or count that large is not text"


class NoFiles(BaseLoader):
    """Content text lives in the game's YAML: templates may not include, import or extend files."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        raise TemplateNotFound(template, f"text cannot include '{template}': templates may not read files")


def _too_large(*args: Any) -> bool:
    """A number no text needs as a width or a count: far more characters than any card holds."""
    return any(isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_RESULT for a in args)


def _size(value: Any) -> int:
    """The length of a string, list or tuple (what repeating or joining it multiplies); 0 for anything else."""
    return len(value) if isinstance(value, (str, list, tuple)) else 0


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _refuse_arguments(text: Any, args: tuple[Any, ...]) -> None:
    """`'%*d' % (10**9, 1)`, `'{:>{}}'.format('x', 10**9)`: a width taken from a huge argument."""
    if isinstance(text, str) and (WIDE_FORMAT.search(text) or (ARGUED_WIDTH.search(text) and _too_large(*args))):
        raise SecurityError(TOO_WIDE)


class BoundedNamespace(Namespace):
    """`namespace()`, holding no value larger than a template may build: a value doubled in a loop stops."""

    def __setitem__(self, name: str, value: Any) -> None:
        if _size(value) > MAX_RESULT:
            raise SecurityError(f"a value {_size(value):,} long is too large")
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
    items = list(value)
    if sum(len(v if isinstance(v, str) else str(v)) for v in items) + _size(d) * len(items) > MAX_RESULT:
        raise SecurityError(f"joining these would give more than {MAX_RESULT:,} characters")
    return JINJA_FILTERS["join"](eval_ctx, items, d, attribute)  # type: ignore[no-any-return]


def _replace(value: Any, old: str, new: str, count: int | None = None) -> str:
    """Jinja's `replace`, refusing a result longer than a template may build."""
    text = str(value)
    grows = text.count(str(old)) * max(0, len(str(new)) - len(str(old))) if old else len(text) * len(str(new))
    if len(text) + grows > MAX_RESULT:
        raise SecurityError(f"replacing would give more than {MAX_RESULT:,} characters")
    return text.replace(str(old), str(new), -1 if count is None else count)


class Sandbox(SandboxedEnvironment):
    """The sandbox, also refusing what would build huge values: `'x' * 10**9`, `9 ** 9 ** 9`,
    `'x'.ljust(10**9)`, `'x' | center(10**9)`, `'%0500000000d' % 1`, `'{:>500000000}'.format(1)`, a list
    doubled by `+` or `extend`, a product or a join of millions."""

    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("center", "indent", "format"):  # the filters that can make text longer
            self.filters[name] = self._guarded(self.filters[name])
        self.filters["replace"], self.filters["join"] = _replace, _join
        self.globals["namespace"], self.globals["product"] = BoundedNamespace, product
        del self.globals["lipsum"]  # placeholder text has no place in a game, and it can be made huge

    @staticmethod
    def _guarded(function: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            if args:
                _refuse_arguments(args[0], args[1:])
            if _too_large(*args, *kwargs.values()):
                raise SecurityError(TOO_WIDE)
            return function(*args, **kwargs)
        return guarded

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's names)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str) and _too_large(*args, *kwargs.values()):
            raise SecurityError(TOO_WIDE)  # 'x'.ljust(10**9), .zfill, .center
        if isinstance(owner, list) and len(owner) + sum(_size(a) or 1 for a in args) > MAX_RESULT:
            raise SecurityError(f"a list longer than {MAX_RESULT:,} items is too large")  # l.extend(l), again
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """`'{:>500000000}'.format`, `'{:>{}}'.format(1, 10**9)`: refused (Jinja wraps str.format here too)."""
        formats = getattr(value, "__name__", "") in ("format", "format_map")
        wrapped = super().wrap_str_format(value)
        if not formats or not isinstance(getattr(value, "__self__", None), str) or wrapped is None:
            return wrapped
        text, inner = value.__self__, wrapped

        def checked(*args: Any, **kwargs: Any) -> str:
            _refuse_arguments(text, (*args, *kwargs.values()))
            return inner(*args, **kwargs)
        return checked

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "%":
            _refuse_arguments(left, right if isinstance(right, tuple) else (right,))
        elif operator == "**" and _whole(left) and _whole(right) and left not in (0, 1, -1) and (
                right > 64 or left.bit_length() * right > MAX_BITS):
            raise SecurityError("a number that large is not a count or a score")
        elif operator == "*" and _whole(left) and _whole(right) and left.bit_length() + right.bit_length() > MAX_BITS:
            raise SecurityError("a number that large is not a count or a score")
        elif operator == "*":
            sizes = [_size(v) * n for v, n in ((left, right), (right, left)) if _size(v) and _whole(n)]
            if sizes and max(sizes) > MAX_RESULT:
                raise SecurityError(f"repeating a value {max(sizes)} long is too large")
        elif operator == "+" and _size(left) + _size(right) > MAX_RESULT:
            raise SecurityError(f"a value {_size(left) + _size(right):,} long is too large")
        return super().call_binop(context, operator, left, right)


def bounded_render(template: Template, context: Mapping[str, Any]) -> str:
    """`template.render(context)`, stopped once the text is longer than a template may build (a loop printing
    a long value again and again)."""
    parts, size = [], 0
    try:
        for part in template.root_render_func(template.new_context(dict(context))):
            size += len(part)
            if size > MAX_RESULT:
                raise SecurityError(f"the text would be longer than {MAX_RESULT:,} characters")
            parts.append(part)
    except Exception:
        template.environment.handle_exception()
    return "".join(parts)


def environment() -> Sandbox:
    """A fresh environment for content text, with the press's filters and globals."""
    # optimized=False: constant folding at compile time buys nothing for text rendered a few times, and
    # compiling is the larger cost (a third less without it)
    env = Sandbox(undefined=StrictUndefined, autoescape=False, loader=NoFiles(), optimized=False)
    env.filters.update(FILTERS)
    return env
