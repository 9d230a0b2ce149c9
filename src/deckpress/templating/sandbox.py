"""The environment content text renders in: Jinja's sandbox, strict about undefined names, reading no files,
and refusing what would build huge values."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from jinja2 import (
    BaseLoader,
    ChainableUndefined,
    Environment,
    StrictUndefined,
    Template,
    TemplateError,
    TemplateNotFound,
    Undefined,
    UndefinedError,
)
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError
from jinja2.nodes import Concat
from jinja2.sandbox import SandboxedEnvironment

from deckpress.templating import bounded
from deckpress.templating.bounded import TOO_WIDE, length, printable, refuse_arguments, short, too_large
from deckpress.templating.filters import FILTERS
from deckpress.templating.sizes import MAX_RESULT, braced, grown, percent

MAX_BITS = 10_000  # a whole number's size in bits (3,000 digits): no count or score is near it
# NameError: Jinja folds a constant it cannot write back as Python (`1e309`, infinite) into its code as `inf`
RUNTIME_ERRORS = (TemplateError, SecurityError, TypeError, ValueError, ArithmeticError, LookupError, RecursionError,
                  MemoryError, NameError)


class SaidAlready(UndefinedError):
    """What a text worked out of `Unread` raises: the value's own problem is said already, where it was to come
    from, and a text reading it is no second finding (`Templates`)."""


class Unread(ChainableUndefined):
    """What stands for a value that could not be had, said where it is written (a sheet copy's item, when its
    `each` failed): what is read from it is nothing, and a sum, a number or a range made of it fails as
    `SaidAlready`."""

    __slots__ = ()
    __index__ = Undefined._fail_with_undefined_error  # `range(item.count)`: as a sum over it

    def __init__(self) -> None:
        super().__init__(exc=SaidAlready)


class NoFiles(BaseLoader):
    """Content text lives in the game's YAML: templates may not include, import or extend files."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        raise TemplateNotFound(template, f"text cannot include '{template}': templates may not read files")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
    concat = staticmethod(bounded.concat)  # a block's, a macro's text: joined in Jinja's code as `environment.concat`
    joined = staticmethod(bounded.joined)
    gathered = _Buffer

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.filters = bounded.filters({**self.filters, **FILTERS})  # Jinja's and the press's
        self.globals["namespace"], self.globals["product"] = bounded.BoundedNamespace, bounded.product
        del self.globals["lipsum"]  # placeholder text has no place in a game, and it can be made huge

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's names)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):  # a str method: its numbers, then its text's length, measured first
            if too_large(*args, *kwargs.values()):
                raise SecurityError(TOO_WIDE)  # 'x'.ljust(10**9), .zfill, .center
            method = getattr(__obj, "__name__", "")
            if method == "join" and args:
                args = (list(args[0]), *args[1:])  # measured before it is joined (`map` gives an iterator)
            if (size := grown(owner, method, args, kwargs)) > MAX_RESULT:  # .expandtabs, .replace, .join...
                raise SecurityError(f"the text would be {size:,} characters long, more than {MAX_RESULT:,}")
            return short(super().call(__context, __obj, *args, **kwargs))  # .upper() of 'ß' * 99999 and on
        if isinstance(owner, list) and len(owner) + sum(length(a) or 1 for a in args) > MAX_RESULT:
            raise SecurityError(f"a list longer than {MAX_RESULT:,} items is too large")  # l.extend(l), again
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """`'{:>500000000}'.format`, `'{:>{}}'.format(1, 10**9)`: refused (Jinja wraps str.format here too)."""
        formats = getattr(value, "__name__", "") in ("format", "format_map")
        wrapped = super().wrap_str_format(value)
        if not formats or not isinstance(getattr(value, "__self__", None), str) or wrapped is None:
            return wrapped
        text, inner, by_name = value.__self__, wrapped, value.__name__ == "format_map"

        def checked(*args: Any, **kwargs: Any) -> str:
            refuse_arguments(text, (*args, *kwargs.values()))
            fields = args[0] if by_name and args and isinstance(args[0], Mapping) else kwargs
            if braced(text, args, fields) > MAX_RESULT:  # '{0}{0}{0}'.format(long)
                raise SecurityError(f"the text would be longer than {MAX_RESULT:,} characters")
            return inner(*args, **kwargs)
        return checked

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "%":
            refuse_arguments(left, right if isinstance(right, tuple) else (right,))
            if isinstance(left, str) and percent(left, right) > MAX_RESULT:
                raise SecurityError(f"the text would be longer than {MAX_RESULT:,} characters")
        elif operator == "**" and _whole(left) and _whole(right) and left not in (0, 1, -1) and (
                right > 64 or left.bit_length() * right > MAX_BITS):
            raise SecurityError("a number that large is not a count or a score")
        elif operator == "*" and _whole(left) and _whole(right) and left.bit_length() + right.bit_length() > MAX_BITS:
            raise SecurityError("a number that large is not a count or a score")
        elif operator == "*":
            sizes = [length(v) * n for v, n in ((left, right), (right, left)) if length(v) and _whole(n)]
            if sizes and max(sizes) > MAX_RESULT:
                raise SecurityError(f"repeating a value {max(sizes)} long is too large")
        elif operator == "+" and length(left) + length(right) > MAX_RESULT:
            raise SecurityError(f"a value {length(left) + length(right):,} long is too large")
        result = super().call_binop(context, operator, left, right)
        return short(result) if operator == "%" else result  # a conversion the measuring did not read, bounded too


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
    return Sandbox(undefined=StrictUndefined, autoescape=False, loader=NoFiles(), optimized=False, finalize=printable)
