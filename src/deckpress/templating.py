"""Jinja for content text: sandboxed, strict about undefined names, errors as findings."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from jinja2 import (
    BaseLoader,
    Environment,
    StrictUndefined,
    TemplateError,
    TemplateNotFound,
    TemplateSyntaxError,
    UndefinedError,
    nodes,
)
from jinja2.sandbox import SandboxedEnvironment, SecurityError

from deckpress.findings import Findings, Loc

_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty"
).split()


def words(number: int) -> str:
    """4 -> 'four', so rule text can say 'four teams' and still follow the parameters."""
    return _WORDS[number] if isinstance(number, int) and 0 <= number < len(_WORDS) else str(number)


_ORDINALS = (
    "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"
).split()


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


MAX_RESULT = 100_000  # items in a string or list a template builds: more is a mistake, not rule text
RUNTIME_ERRORS = (TemplateError, SecurityError, TypeError, ValueError, ArithmeticError, LookupError, RecursionError)


class NoFiles(BaseLoader):
    """Content text lives in the game's YAML: templates may not include, import or extend files."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        raise TemplateNotFound(template, f"text cannot include '{template}': templates may not read files")


WIDE_FORMAT = re.compile(r"%[-+ #0]*\d{6,}|\{[^{}]*?\d{6,}")  # '%0500000000d', '{:>500000000}'


def _too_large(*args: Any) -> bool:
    """A number no text needs as a width or a count: far more characters than any card holds."""
    return any(isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_RESULT for a in args)


class _Sandbox(SandboxedEnvironment):
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
            if _too_large(*args, *kwargs.values()) or (args and isinstance(args[0], str) and WIDE_FORMAT.search(args[0])):
                raise SecurityError("a width or count that large is not text")
            return function(*args, **kwargs)
        return guarded

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's names)
        if isinstance(getattr(__obj, "__self__", None), str) and _too_large(*args, *kwargs.values()):
            raise SecurityError("a width or count that large is not text")  # 'x'.ljust(10**9), .zfill, .center
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """`'{:>500000000}'.format`: refused as it is looked up (Jinja wraps str.format there too)."""
        if getattr(value, "__name__", "") in ("format", "format_map") and isinstance(getattr(value, "__self__", None), str) \
                and WIDE_FORMAT.search(value.__self__):
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


class Templates:
    def __init__(self) -> None:
        # optimized=False: constant folding at compile time buys nothing for text rendered a few times, and
        # compiling is the larger cost (a third less without it)
        self.env = _Sandbox(undefined=StrictUndefined, autoescape=False, loader=NoFiles(), optimized=False)
        self.env.filters.update(words=words, ordinal=ordinal, series=series, times=times)
        self.env.globals["product"] = lambda *lists: list(itertools.product(*lists))
        self._cache: dict[str, Any] = {}
        self._expr_cache: dict[str, Any] = {}
        self._inputs: dict[str, tuple[tuple[str, ...], bool] | None] = {}
        self._pinned: dict[int, dict[str, Any]] = {}
        self._free: dict[str, tuple[str, ...] | None] = {}
        self._parsed: dict[str, nodes.Template | None] = {}
        self.memo: dict[tuple[Any, ...], str] = {}  # text already rendered, by what decided it

    def render(self, source: str, context: Mapping[str, Any], loc: Loc, findings: Findings) -> str | None:
        """Render `source`; `None` (with a finding at `loc`) if it cannot be. When every name it reads holds a
        plain value (a card's label: `{{ collection }} {{ points }}`), the text is remembered by those values."""
        if "{" not in source:  # most text is plain: skip Jinja entirely
            return source
        names = self._names(source)
        found, key = self.recall(None if names is None else (source, _typed(context.get(n, _ABSENT) for n in names)))
        if found is not None:
            return found
        text = self.render_now(source, context, loc, findings)
        self.remember(key, text)
        return text

    def recall(self, key: tuple[Any, ...] | None) -> tuple[str | None, tuple[Any, ...] | None]:
        """The text remembered under `key`, and the key to remember it by (None if a value is a list or a map)."""
        if key is None:
            return None, None
        try:
            return self.memo.get(key), key
        except TypeError:
            return None, None

    def remember(self, key: tuple[Any, ...] | None, text: str | None) -> None:
        if key is None or text is None:
            return
        if len(self.memo) > 50_000:  # a huge deck of one-off texts: start afresh rather than grow without end
            self.memo.clear()
        self.memo[key] = text

    def _names(self, source: str) -> tuple[str, ...] | None:
        """The names `source` reads (some may be its own variables: asking for more is safe); None if it does not
        parse (rendering reports why)."""
        if source not in self._free:
            ast = self._ast(source)
            self._free[source] = None if ast is None else tuple(sorted(
                {n.name for n in ast.find_all(nodes.Name) if n.ctx == "load"}))
        return self._free[source]

    def _ast(self, source: str) -> nodes.Template | None:
        """The parsed template, once: for finding what it reads and for compiling it."""
        if source not in self._parsed:
            try:
                self._parsed[source] = self.env.parse(source)
            except TemplateSyntaxError:
                self._parsed[source] = None
        return self._parsed[source]

    def render_now(self, source: str, context: Mapping[str, Any], loc: Loc, findings: Findings) -> str | None:
        """Render without the memo."""
        if "{" not in source:
            return source
        try:
            template = self._cache.get(source)
            if template is None:
                template = self._cache[source] = self.env.from_string(self._ast(source) or source)
            return template.render(context)
        except RUNTIME_ERRORS as exc:
            findings.error(_where(loc, exc, source), _explain(exc))
            return None

    def card(self, params: dict[str, Any], values: Mapping[str, Any], index: int) -> CardText:
        """The templates of a card layout, rendered for one card."""
        self._pinned.setdefault(id(params), params)  # kept alive, so its id names it while the memo lives
        return CardText(self, params, values, index)

    def inputs(self, source: str) -> tuple[tuple[str, ...], bool] | None:
        """The card fields and whether the card's index decide `source` (given the game's parameters);
        None when the template uses the card as a whole, so nothing short of the card itself decides it."""
        if source not in self._inputs:
            ast = self._ast(source) if "{" in source else None
            self._inputs[source] = ((), False) if "{" not in source else None if ast is None else _card_inputs(ast)
        return self._inputs[source]

    def evaluate(self, expression: str, context: dict[str, Any], loc: Loc, findings: Findings) -> Any:
        """Evaluate a Jinja expression such as `dealt + reserve == deck_size`."""
        try:
            compiled = self._expr_cache.get(expression) or self._expr_cache.setdefault(
                expression, self.env.compile_expression(expression, undefined_to_none=False)
            )
            value = compiled(**context)
            if isinstance(value, StrictUndefined):
                str(value)  # raises the UndefinedError that names the missing parameter
            return value
        except RUNTIME_ERRORS as exc:
            findings.error(_where(loc, exc, expression), _explain(exc))
            return None


class CardText:
    """Renders a layout's templates for one card. Most depend on a field or two (`{{ card.points }}`), so a text
    rendered for one card is reused for every card with the same values of those fields."""

    def __init__(self, templates: Templates, params: dict[str, Any], values: Mapping[str, Any], index: int) -> None:
        self.templates, self.params, self.values, self.index = templates, params, values, index

    def render(self, source: str, loc: Loc, findings: Findings) -> str | None:
        inputs = self.templates.inputs(source)
        key = None
        if inputs is not None:
            fields, by_index = inputs
            key = (source, id(self.params), _typed(self.values.get(f, _ABSENT) for f in fields),
                   self.index if by_index else None)
        found, key = self.templates.recall(key)
        if found is not None:
            return found
        context = {**self.params, "card": self.values, "index": self.index}
        text = self.templates.render_now(source, context, loc, findings)
        self.templates.remember(key, text)
        return text


_ABSENT = object()
DICT_METHODS = frozenset(dir(dict))


def _typed(values: Any) -> tuple[Any, ...]:
    """Values with their types: 1, True and 1.0 are equal in Python but render as '1', 'True' and '1.0'."""
    return tuple((type(v), v) for v in values)


def _card_inputs(ast: nodes.Template) -> tuple[tuple[str, ...], bool] | None:
    """The fields read as `card.name` or `card['name']`, and whether `index` is read; None if `card` is used
    any other way (passed whole to a filter, indexed by a variable)."""
    fields, reads = set(), 0
    for node in ast.find_all((nodes.Getattr, nodes.Getitem)):
        if isinstance(node.node, nodes.Name) and node.node.name == "card":
            if isinstance(node, nodes.Getattr):
                if node.attr in DICT_METHODS:  # card.get('x'), card.items(): the card as a whole
                    return None
                fields.add(node.attr)
            elif isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
                fields.add(node.arg.value)
            else:
                return None
            reads += 1
    names = [n.name for n in ast.find_all(nodes.Name)]
    if names.count("card") != reads:
        return None
    return tuple(sorted(fields)), "index" in names


def _where(loc: Loc, exc: Exception, source: str) -> Loc:
    """Point at the offending name in the source file where it can be found, else at the text's start."""
    name = re.match(r"'(\w+)' is undefined", getattr(exc, "message", None) or "")
    if name:
        return find_in_file(loc, re.compile(rf"\b{name.group(1)}\b"))
    if isinstance(exc, TemplateSyntaxError) and exc.lineno and exc.lineno > 1:
        return Loc(loc.file, loc.line + exc.lineno - 1, 1)
    return loc


def find_in_file(loc: Loc, pattern: re.Pattern[str]) -> Loc:
    """The first match of `pattern` at or after `loc` in its file (a value folded over several lines)."""
    try:
        lines = Path(loc.file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return loc
    for number in range(loc.line, min(len(lines), loc.line + 200) + 1):
        start = loc.col - 1 if number == loc.line else 0
        match = pattern.search(lines[number - 1], start)
        if match:
            return Loc(loc.file, number, match.start() + 1)
    return loc


def _explain(exc: Exception) -> str:
    if isinstance(exc, UndefinedError):
        return f"text uses an undefined parameter: {exc.message}"
    if isinstance(exc, TemplateSyntaxError):
        return f"template syntax: {exc.message}"
    if isinstance(exc, SecurityError):
        return f"template does something unsafe: {exc}"
    if isinstance(exc, TemplateNotFound):
        return exc.message or f"template not found: {exc}"
    return f"template error: {exc}"
