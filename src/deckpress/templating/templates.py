"""Rendering content text: one compiled object per template source, and a memo of the text already rendered,
keyed by what decided it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from jinja2 import StrictUndefined, TemplateSyntaxError

from deckpress.findings import Findings, Loc, echoed
from deckpress.templating import budget
from deckpress.templating.compiled import CardInputs, Compiled
from deckpress.templating.errors import find_in_file, said, where
from deckpress.templating.filters import ENTRIES, LANGUAGE, ORIGINS, TEXTS
from deckpress.templating.sandbox import RUNTIME_ERRORS, SaidAlready, Sandbox, bounded_render, environment

MEMO_LIMIT = 50_000  # a huge deck of one-off texts: start afresh rather than grow without end
COMPILED_LIMIT = 8192  # sources kept compiled between builds: past that, start afresh
MemoKey = tuple[Any, ...]


@cache
def _environment() -> Sandbox:
    """The one environment every `Templates` renders in: made alike each time, and never changed once made."""
    env = environment()
    env.globals["icon"] = lambda name: f":{name}:"  # an icon inline in text, as `:name:` writes it
    return env


_COMPILED: dict[str, Compiled] = {}  # by source, in that environment: what a source compiles to is the source's


def _compiled(source: str) -> Compiled:
    """The compiled object of `source`, made once a process: build after build, test after test, sets most of
    the same texts (a part that cannot be made is not kept: asking again raises again, reported at every use)."""
    compiled = _COMPILED.get(source)
    if compiled is None:
        if len(_COMPILED) > COMPILED_LIMIT:
            _COMPILED.clear()
        compiled = _COMPILED[source] = Compiled(_environment(), source)
    return compiled


def _text_parameter(compiled: Compiled, context: Mapping[str, Any]) -> tuple[str, Loc] | None:
    """The one parameter of the game that `compiled` reads and that holds a text (`teams: four`), if there is
    exactly one: the likely cause of a calculation that failed on a text."""
    names, origins = compiled.names or (), context.get(ORIGINS, {})
    texts = [n for n in names if n in origins and isinstance(context.get(n), str)]
    return (texts[0], origins[texts[0]]) if len(texts) == 1 else None


class Templates:
    """Renders text and evaluates expressions; a problem is a finding at the text's location and gives None."""

    def __init__(self) -> None:
        self.env = _environment()
        self.compiled: dict[str, Compiled] = {}  # by source
        self.memo: dict[MemoKey, str] = {}  # text already rendered, by what decided it
        self._same: _Same | None = None  # the parameters last drawn with, as memo keys name them
        self.places: dict[tuple[Loc, str], Loc] = {}  # where a problem was written, found in its file once
        self.spent = budget.Spent()  # the CPU time its texts have taken: bounded in all (budget.IN_ALL)
        self.stopped: dict[str, Exception] = {}  # texts stopped by their time or memory, and why: on the next
        # card the same text would take its seconds again, a thousand cards over. And texts that do not compile:
        # the same error on every card, said once (of no card) and not compiled again card after card
        self.over: Findings | None = None  # said where the texts' time in all ran out: said of no later text

    def of(self, source: str) -> Compiled:
        """The compiled object of `source`, made once."""
        compiled = self.compiled.get(source)
        if compiled is None:
            compiled = self.compiled[source] = _compiled(source)
        return compiled

    def render(self, source: str, context: Mapping[str, Any], loc: Loc, findings: Findings, what: str | None = None,
               card: str | None = None) -> str | None:
        """Render `source`; `None` (with a finding at `loc`, said of `what` on `card` when given) if it cannot be.
        When every name it reads holds a plain value (a card's label: `{{ collection }} {{ points }}`), the text is
        remembered by those values."""
        if "{" not in source:  # most text is plain: skip Jinja entirely
            return source
        names = (self.compiled.get(source) or self.of(source)).names
        found, key = self.recall(None if names is None else (source, context.get(LANGUAGE),  # the filters' words
                                                             _typed(context, names)))
        if found is not None:
            return found
        text = self.render_now(source, context, loc, findings, what, card)
        self.remember(key, text)
        return text

    def recall(self, key: MemoKey | None) -> tuple[str | None, MemoKey | None]:
        """The text remembered under `key`, and the key to remember it by (None if a value is a list or a map)."""
        if key is None:
            return None, None
        try:
            return self.memo.get(key), key
        except TypeError:
            return None, None

    def remember(self, key: MemoKey | None, text: str | None) -> None:
        if key is None or text is None:
            return
        if len(self.memo) > MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = text

    def render_now(self, source: str, context: Mapping[str, Any], loc: Loc, findings: Findings,
                   what: str | None = None, card: str | None = None) -> str | None:
        """Render without the memo. A problem is said of `what` (an element) on `card`, when they are given."""
        if "{" not in source:
            return source
        if self._refused(source, context, loc, findings, what):
            return None
        try:
            with budget.timed(self.spent):
                return bounded_render(self.of(source).template, context)
        except RUNTIME_ERRORS as exc:
            self._failed(exc, source, context, loc, findings, what, card)
            return None

    def _refused(self, source: str, context: Mapping[str, Any], loc: Loc, findings: Findings,
                 what: str | None = None) -> bool:
        """Whether `source` is refused without being worked out again: a text stopped by its time or memory (said
        again, of no card: the findings that heard it first may have been a trial's, and a card it is refused on
        might have been quick), or any text once the texts' time in all has run out (said where it ran out)."""
        if self.over is not None:
            findings.extend(self.over)
            return True
        if (exc := self.stopped.get(source)) is not None:
            self.report(exc, source, context, loc, findings, what)
            return True
        return False

    def _failed(self, exc: Exception, source: str, context: Mapping[str, Any], loc: Loc, findings: Findings,
                what: str | None = None, card: str | None = None) -> None:
        if isinstance(exc, SaidAlready):  # worked out of a value whose own problem is said (sandbox.Unread)
            return
        timed = isinstance(exc, (budget.TooLong, budget.TooLarge))
        if isinstance(exc, TemplateSyntaxError) or (timed and not self.spent.over):  # an unknown filter is one too
            self.stopped[source] = exc
            self.report(exc, source, context, loc, findings, what)  # of no card: see `_refused`
            return
        if not timed:
            self.report(exc, source, context, loc, findings, what, card)
            return
        self.over = Findings()  # the texts' time in all ran out here
        self.report(exc, source, context, loc, self.over, what, card)
        findings.extend(self.over)

    def report(self, exc: Exception, source: str, context: Mapping[str, Any], loc: Loc, findings: Findings,
               what: str | None = None, card: str | None = None) -> None:
        """The finding for `exc`, in the designer's words, where it was written."""
        problem = said(exc, self.of(source).parsed, context, self.env)
        origins = context.get(ORIGINS, {})  # the game's own (its parameters'), whenever its pages are laid out
        if problem.owner in origins:  # a parameter lacks a card's value: one finding, where it is set
            findings.error(origins[problem.owner], problem.message, card)
            return
        place = where(loc, exc)
        if problem.mark is not None:  # found in its file once, not again for every card it is met on
            key = (loc, problem.mark.pattern)
            place = self.places.get(key) or self.places.setdefault(key, find_in_file(loc, problem.mark))
        message = f"{what}: {problem.message}" if what else problem.message
        if isinstance(exc, TypeError) and (origin := _text_parameter(self.of(source), context)) is not None:
            name, set_at = origin  # a parameter written as text where a number was meant: said where it was set
            findings.error(set_at, f"parameter {name} is the text '{echoed(context[name])}', but {place.file}:"
                                   f"{place.line}:{place.col} calculates with it: {message}", card)
            return
        findings.error(place, message, card)

    def evaluate(self, expression: str, context: dict[str, Any], loc: Loc, findings: Findings,
                 failed: Any = None, what: str | None = None, card: str | None = None) -> Any:
        """A Jinja expression's value (`dealt + reserve == deck_size`); `failed` where it has none (said, of `what`
        on `card` where given)."""
        shown = f"{{{{ {expression} }}}}"  # its syntax tree, as a text's
        if self._refused(shown, context, loc, findings, what):
            return failed
        try:
            with budget.timed(self.spent):
                value = self.of(expression).expression(**context)
            if isinstance(value, StrictUndefined):
                str(value)  # raises the UndefinedError that names the missing parameter
            return value
        except RUNTIME_ERRORS as exc:
            self._failed(exc, shown, context, loc, findings, what, card)
            return failed

    def inputs(self, source: str) -> CardInputs | None:
        """The card fields and whether the card's index decide `source` (see `Compiled.card_inputs`)."""
        return self.of(source).card_inputs

    def card(self, params: dict[str, Any], values: Mapping[str, Any], index: int) -> CardText:
        """The templates of a card layout, rendered for one card."""
        return CardText(self, params, values, index)

    def same(self, params: dict[str, Any]) -> _Same:
        """`params` as memo keys name them (made once for a run of cards drawn with the same parameters)."""
        same = self._same
        if same is None or same.params is not params:
            same = self._same = _Same(params)
        return same


class CardText:
    """Renders a layout's templates for one card. Most depend on a field or two (`{{ card.points }}`), so a text
    rendered for one card is reused for every card with the same values of those fields."""

    def __init__(self, templates: Templates, params: dict[str, Any], values: Mapping[str, Any], index: int,
                 names: Mapping[str, Any] | None = None, repetitions: int = 1) -> None:
        self.templates, self.params, self.values, self.index = templates, params, values, index
        self.same_params = templates.same(params)
        self.names = names or {}  # more names the templates read (a repetition's row, column, index and item)
        self.repetitions = repetitions  # how many times the repeats these texts lie in draw them, multiplied

    def repeated(self, names: Mapping[str, Any], among: int) -> CardText:
        """The card's templates with more names to read, over its own (a repetition's `row`, `index`...), for one
        of `among` repetitions."""
        return CardText(self.templates, self.params, self.values, self.index, {**self.names, **names},
                        self.repetitions * among)

    def value(self, expression: str, loc: Loc, findings: Findings, what: str | None = None,
              card: str | None = None) -> Any:
        """A Jinja expression's value for this card (a list, a number), not its text; None with a finding (said of
        `what`, on `card`)."""
        return self.templates.evaluate(expression, self._context(), loc, findings, None, what, card)

    def _context(self) -> dict[str, Any]:
        return {**self.params, "card": self.values, "index": self.index, **self.names}

    def render(self, source: str, loc: Loc, findings: Findings, what: str | None = None,
               card: str | None = None) -> str | None:
        """The text of `source` for this card; a problem is said of `what` (e.g. `element corner rank`) and
        names the `card` (its label), so that the same problem on many cards is printed once."""
        templates = self.templates
        if TEXTS in self.params and (translated := self.params[TEXTS].get(source)) is not None:
            # a translated game's layout text, in its language: a problem is said where the translation is written
            source, loc = translated, self.params[ENTRIES].get(source, loc)
        compiled = templates.compiled.get(source) or templates.of(source)
        inputs = compiled.card_inputs
        key = None
        if inputs is not None:
            fields, by_index = inputs
            key = (source, self.same_params, _typed(self.values, fields), self.index if by_index else None)
            if self.names:  # a repetition's: the names it reads decide it too
                key += _typed(self.names, compiled.names or ())
        found, key = templates.recall(key)
        if found is not None:
            return found
        text = templates.render_now(source, self._context(), loc, findings, what, card)
        templates.remember(key, text)
        return text


class _Same(int):
    """Parameters in a memo key, by identity: their id, holding them so that the id cannot name other
    parameters while the entry lives. An int, so a key hashes and compares at C speed; comparing the values
    themselves would cost more than rendering."""

    params: dict[str, Any]

    def __new__(cls, params: dict[str, Any]) -> _Same:
        same = super().__new__(cls, id(params))
        same.params = params
        return same


_ABSENT = object()


def _typed(values: Mapping[str, Any], names: Iterable[str]) -> tuple[Any, ...]:
    """The values of `names` (absent: `_ABSENT`) with their types: 1, True and 1.0 are equal in Python but render
    as '1', 'True' and '1.0'. Made by lists, not a generator: a big deck asks for tens of thousands."""
    get = values.get
    return tuple([(type(v), v) for v in [get(n, _ABSENT) for n in names]])
