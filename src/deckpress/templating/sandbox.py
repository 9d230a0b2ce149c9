"""The environment content text renders in: Jinja's sandbox, strict about undefined names, reading no files,
and refusing what would build huge values."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

from jinja2 import BaseLoader, Environment, StrictUndefined, TemplateError, TemplateNotFound
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

from deckpress.templating.filters import FILTERS

MAX_RESULT = 100_000  # items in a string or list a template builds: more is a mistake, not rule text
RUNTIME_ERRORS = (TemplateError, SecurityError, TypeError, ValueError, ArithmeticError, LookupError, RecursionError)
WIDE_FORMAT = re.compile(r"%[-+ #0]*\d{6,}|\{[^{}]*?\d{6,}")  # '%0500000000d', '{:>500000000}'
TOO_WIDE = "a width or count that large is not text"


class NoFiles(BaseLoader):
    """Content text lives in the game's YAML: templates may not include, import or extend files."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        raise TemplateNotFound(template, f"text cannot include '{template}': templates may not read files")


def _too_large(*args: Any) -> bool:
    """A number no text needs as a width or a count: far more characters than any card holds."""
    return any(isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_RESULT for a in args)


class Sandbox(SandboxedEnvironment):
    """The sandbox, also refusing what would build huge values: `'x' * 10**9`, `9 ** 9 ** 9`,
    `'x'.ljust(10**9)`, `'x' | center(10**9)`, `'%0500000000d' % 1`, `'{:>500000000}'.format(1)`."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("center", "indent", "format"):  # the filters that can make text longer
            self.filters[name] = self._guarded(self.filters[name])

    @staticmethod
    def _guarded(function: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            wide = bool(args) and isinstance(args[0], str) and WIDE_FORMAT.search(args[0]) is not None
            if wide or _too_large(*args, *kwargs.values()):
                raise SecurityError(TOO_WIDE)
            return function(*args, **kwargs)
        return guarded

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's names)
        if isinstance(getattr(__obj, "__self__", None), str) and _too_large(*args, *kwargs.values()):
            raise SecurityError(TOO_WIDE)  # 'x'.ljust(10**9), .zfill, .center
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """`'{:>500000000}'.format`: refused as it is looked up (Jinja wraps str.format there too)."""
        formats = getattr(value, "__name__", "") in ("format", "format_map")
        if formats and isinstance(getattr(value, "__self__", None), str) and WIDE_FORMAT.search(value.__self__):
            def refused(*args: Any, **kwargs: Any) -> str:
                raise SecurityError("a width that large is not text")
            return refused
        return super().wrap_str_format(value)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "%" and isinstance(left, str) and WIDE_FORMAT.search(left):
            raise SecurityError("a width that large is not text")
        if operator == "**" and isinstance(right, int) and abs(right) > 64 and left not in (0, 1, -1):
            raise SecurityError(f"{left} ** {right} is too large")
        if operator == "*":
            sizes = [len(v) * n for v, n in ((left, right), (right, left))
                     if isinstance(v, (str, list, tuple)) and isinstance(n, int)]
            if sizes and max(sizes) > MAX_RESULT:
                raise SecurityError(f"repeating a value {max(sizes)} long is too large")
        return super().call_binop(context, operator, left, right)


def environment() -> Sandbox:
    """A fresh environment for content text, with the press's filters and globals."""
    # optimized=False: constant folding at compile time buys nothing for text rendered a few times, and
    # compiling is the larger cost (a third less without it)
    env = Sandbox(undefined=StrictUndefined, autoescape=False, loader=NoFiles(), optimized=False)
    env.filters.update(FILTERS)
    env.globals["product"] = lambda *lists: list(itertools.product(*lists))
    return env
