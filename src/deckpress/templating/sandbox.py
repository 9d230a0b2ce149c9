"""The environment content text renders in: Jinja's sandbox, strict about undefined names, reading no files,
and refusing what would build huge values."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from jinja2 import BaseLoader, Environment, StrictUndefined, Template, TemplateError, TemplateNotFound
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError
from jinja2.filters import FILTERS as JINJA_FILTERS
from jinja2.nodes import Concat, EvalContext
from jinja2.sandbox import SandboxedEnvironment
from jinja2.utils import Namespace, pass_eval_context

from deckpress.templating.filters import FILTERS
from deckpress.templating.sizes import MAX_RESULT, formatted, grown, text_size

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


def _written(function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that writes its value out as text (`string`, `tojson`, `pprint`...), refusing a value whose text
    is longer than a template may build."""
    at = 1 if hasattr(function, "jinja_pass_arg") else 0  # after the context or environment Jinja passes first

    @functools.wraps(function)  # keeps `jinja_pass_arg`
    def written(*args: Any, **kwargs: Any) -> Any:
        printable(args[at] if len(args) > at else None)
        return function(*args, **kwargs)
    return written


def printable(value: Any) -> Any:
    """`value`, to be written out as text; refused where that text would be longer than a template may build."""
    if not isinstance(value, str) and text_size(value) > MAX_RESULT:
        raise SecurityError(f"writing this out would give more than {MAX_RESULT:,} characters")
    return value


def _joined(values: Iterable[Any]) -> str:
    """`a ~ b`: the values as text, joined, refused where that would be longer than a template may build."""
    return _concat([v if isinstance(v, str) else str(printable(v)) for v in values])


def _concat(parts: Iterable[str]) -> str:
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
        if _too_large(*args, *kwargs.values()):
            raise SecurityError(TOO_WIDE)
        return function(value, *args, **kwargs)
    return counted


@pass_eval_context
def _sum(eval_ctx: EvalContext, values: Any, attribute: Any = None, start: Any = 0) -> Any:
    """Jinja's `sum`; lists or texts added up (`sum(start=[])`) refused past what a template may build."""
    items = list(values)
    if _size(start) or not isinstance(start, (int, float)):
        picked = [eval_ctx.environment.getattr(i, attribute) for i in items] if attribute is not None else items
        if _size(start) + sum(_size(i) for i in picked) > MAX_RESULT:
            raise SecurityError(f"adding these up would give more than {MAX_RESULT:,} items")
    return JINJA_FILTERS["sum"](eval_ctx.environment, items, attribute, start)


def _replace(value: Any, old: str, new: str, count: int | None = None) -> str:
    """Jinja's `replace`, refusing a result longer than a template may build."""
    text = str(value)
    grows = text.count(str(old)) * max(0, len(str(new)) - len(str(old))) if old else len(text) * len(str(new))
    if len(text) + grows > MAX_RESULT:
        raise SecurityError(f"replacing would give more than {MAX_RESULT:,} characters")
    return text.replace(str(old), str(new), -1 if count is None else count)


class _Buffer(list[str]):
    """A block's or a macro's text as Jinja gathers it, refused once it is longer than a template may build."""

    size = 0

    def append(self, part: str) -> None:
        self._grow(len(part))
        super().append(part)

    def extend(self, parts: Iterable[str]) -> None:
        parts = list(parts)
        self._grow(sum(map(len, parts)))
        super().extend(parts)

    def _grow(self, by: int) -> None:
        self.size += by
        if self.size > MAX_RESULT:
            raise SecurityError(f"the text would be longer than {MAX_RESULT:,} characters")


class _BoundedCode(CodeGenerator):
    """Jinja's code, `a ~ b` joined and a block's text gathered through the sandbox (Jinja does both directly,
    past `call_binop`)."""

    def buffer(self, frame: Frame) -> None:
        frame.buffer = self.temporary_identifier()
        self.writeline(f"{frame.buffer} = environment.gathered()")

    def visit_Concat(self, node: Concat, frame: Frame) -> None:
        self.write("environment.joined((")
        for value in node.nodes:
            self.visit(value, frame)
            self.write(", ")
        self.write("))")


class Sandbox(SandboxedEnvironment):
    """The sandbox, also refusing what would build huge values: `'x' * 10**9`, `9 ** 9 ** 9`,
    `'x'.ljust(10**9)`, `'x' | center(10**9)`, `'%0500000000d' % 1`, `'{:>500000000}'.format(1)`, a list
    doubled by `+` or `extend`, a product or a join of millions."""

    intercepted_binops = frozenset({"*", "**", "%", "+"})
    code_generator_class = _BoundedCode
    concat = staticmethod(_concat)  # a block's, a macro's text: joined in Jinja's code as `environment.concat`
    joined = staticmethod(_joined)
    gathered = _Buffer

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("center", "format"):  # the filters that can make text longer
            self.filters[name] = self._guarded(self.filters[name])
        for name in ("string", "pprint", "tojson", "e", "escape", "forceescape", "safe", "urlize", "wordcount"):
            self.filters[name] = _written(self.filters[name])  # a value written out as text
        for name in ("batch", "slice"):
            self.filters[name] = _counted(self.filters[name])
        self.filters["replace"], self.filters["join"], self.filters["indent"] = _replace, _join, _indent
        self.filters["sum"] = _sum
        self.globals["namespace"], self.globals["product"] = BoundedNamespace, product
        del self.globals["lipsum"]  # placeholder text has no place in a game, and it can be made huge

    @staticmethod
    def _guarded(function: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            if args:
                _refuse_arguments(args[0], args[1:])
            if _too_large(*args, *kwargs.values()):
                raise SecurityError(TOO_WIDE)
            if args and isinstance(args[0], str) and formatted(args[0], "%", (*args[1:], *kwargs.values())
                                                               ) > MAX_RESULT:  # '%s%s%s' | format(long, ...)
                raise SecurityError(f"the text would be longer than {MAX_RESULT:,} characters")
            return function(*args, **kwargs)
        return guarded

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's names)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str) and _too_large(*args, *kwargs.values()):
            raise SecurityError(TOO_WIDE)  # 'x'.ljust(10**9), .zfill, .center
        if isinstance(owner, str) and getattr(__obj, "__name__", "") == "join" and args:
            args = (list(args[0]), *args[1:])  # measured before it is joined (`map` gives an iterator)
        if isinstance(owner, str) and (size := grown(owner, getattr(__obj, "__name__", ""), args, kwargs)
                                       ) > MAX_RESULT:  # .expandtabs, .replace, .join, .translate
            raise SecurityError(f"the text would be {size:,} characters long, more than {MAX_RESULT:,}")
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
            if formatted(text, "{", [*args, *kwargs.values()]) > MAX_RESULT:  # '{0}{0}{0}'.format(long)
                raise SecurityError(f"the text would be longer than {MAX_RESULT:,} characters")
            return inner(*args, **kwargs)
        return checked

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "%":
            _refuse_arguments(left, right if isinstance(right, tuple) else (right,))
            if isinstance(left, str) and formatted(left, "%", right) > MAX_RESULT:
                raise SecurityError(f"the text would be longer than {MAX_RESULT:,} characters")
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
    env = Sandbox(undefined=StrictUndefined, autoescape=False, loader=NoFiles(), optimized=False, finalize=printable)
    env.filters.update(FILTERS)
    return env
