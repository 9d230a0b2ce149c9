"""A template's problem as a finding: what went wrong in the designer's words (a field, a parameter, a filter), at
the offending name where it can be found, rather than Jinja's (`'dict object' has no attribute 'rnak'`)."""

from __future__ import annotations

import builtins
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, TemplateNotFound, TemplateSyntaxError, UndefinedError, meta, nodes
from jinja2.defaults import DEFAULT_NAMESPACE
from jinja2.exceptions import SecurityError, TemplateAssertionError

from deckpress.findings import Loc, echoed, echoed_value, source_lines
from deckpress.hints.spelling import did_you_mean
from deckpress.templating.filters import FILTERS

UNDEFINED_NAME = re.compile(r"'(\w+)' is undefined")
NO_KEY = re.compile(r"'?\w+ object'? has no (?:attribute|element) '?([^']*)'?$")
NO_FILTER = re.compile(r"No (filter|test) named '([^']+)'")
NOT_CALLABLE = re.compile(r"'\w+' object is not callable")
MIXED = re.compile(r"unsupported operand type\(s\) for (\S+): '(\w+)' and '(\w+)'|can only concatenate (\w+)")
COMPARED = re.compile(r"'(\S+)' not supported between instances of '(\w+)' and '(\w+)'")
KINDS_OF_VALUE = {"int": "a number", "float": "a number", "str": "text", "list": "a list", "dict": "a mapping",
                  "NoneType": "nothing"}
SHOWN_KEYS = 10  # a map's keys listed in a finding: enough to see the one meant
# a test or filter only asking after a name, `x is defined`, `x | default(0)`: rendering it refuses nothing
ASKING = frozenset({"defined", "undefined", "default", "d"})


@dataclass(frozen=True)
class Said:
    """A problem in words, and the pattern that finds where it was written (None: at the text's start)."""

    message: str
    mark: re.Pattern[str] | None = None
    owner: str | None = None  # the parameter lacking what was looked up: the cause, where the game sets it


def said(exc: Exception, parsed: nodes.Template | None, context: Mapping[str, Any], env: Environment) -> Said:
    """What went wrong, given the template's syntax tree, the values it was rendered with and the environment
    (its globals, filters and tests: what else the text could have meant)."""
    message = getattr(exc, "message", None) or ""
    if isinstance(exc, UndefinedError) and (undefined := _undefined(message, parsed, context, env)):
        return undefined
    if isinstance(exc, TemplateAssertionError) and (unknown := NO_FILTER.match(message)):
        kind = unknown.group(1)
        return _no_filter(kind, unknown.group(2), env.filters if kind == "filter" else env.tests)
    if isinstance(exc, TypeError) and NOT_CALLABLE.match(str(exc)):
        found = _not_callable(parsed, context, env.globals)
        if found:
            return found
    if isinstance(exc, TypeError) and (mixed := MIXED.match(str(exc))):
        return Said(_mixed(mixed))
    if isinstance(exc, TypeError) and (compared := COMPARED.match(str(exc))):
        left, right = (KINDS_OF_VALUE.get(compared.group(n), compared.group(n)) for n in (2, 3))
        return Said(f"'{compared.group(1)}' cannot compare {left} with {right}")
    return Said(explain(exc))


def unknown(parsed: nodes.Template, context: Mapping[str, Any], env: Environment) -> list[Said]:
    """What rendering `parsed` over `context` would refuse as never defined, found without rendering it, in the
    words rendering says it: a filter or a test the environment lacks (compiling stops at it), else each name read
    that neither `context` nor the environment's globals hold, once, in the order written (not one only asked
    after)."""
    try:
        free = meta.find_undeclared_variables(parsed)  # what the template reads and does not set itself
    except TemplateAssertionError as exc:
        return [said(exc, parsed, context, env)]
    asked = {id(n.node) for n in parsed.find_all((nodes.Test, nodes.Filter)) if n.name in ASKING}
    lacking = [n.name for n in parsed.find_all(nodes.Name) if n.name in free and id(n) not in asked
               and n.name not in context and n.name not in env.globals]
    return [_no_name(name, context, env.globals) for name in dict.fromkeys(lacking)]


def _undefined(message: str, parsed: nodes.Template | None, context: Mapping[str, Any],
               env: Environment) -> Said | None:
    """A name not defined, or a key a value does not have: read from a name (`card.rnak`, `prices['tee']`), looked
    up with a card's value (`suit_colours[card.suit]`), or read from a value without a name of its own."""
    name = UNDEFINED_NAME.match(message)
    if name:
        return _no_name(name.group(1), context, env.globals)
    key = NO_KEY.match(message)
    if key is None:
        return None
    missing = key.group(1)
    return (_no_key(missing, parsed, context) or _looked_up(missing, parsed, context)
            or _nested(missing, parsed, context)
            or Said(f"{_kind_in(message)} the text reads has no '{echoed(missing)}'"))


def _mixed(found: re.Match[str]) -> str:
    """A sum of a number and a text: most often a filter, which binds before `+ - * /`, turned a number into words
    before the arithmetic (`{{ teams | length - 1 | words }}` takes `1 | words`)."""
    if found.group(1) is None:
        return (f"a calculation joins {KINDS_OF_VALUE.get(found.group(4), found.group(4))} to something else; "
                f"convert one side first (`~` joins texts)")
    left, right = (KINDS_OF_VALUE.get(found.group(n), found.group(n)) for n in (2, 3))
    if "str" not in (found.group(2), found.group(3)):  # no text: no filter made one, the order is not the cause
        return f"'{found.group(1)}' cannot take {left} and {right}"
    return (f"'{found.group(1)}' cannot take {left} and {right}: a filter applies before + - * /, so "
            f"`x | length - 1 | words` reads as `x | length - (1 | words)`; write `(x | length - 1) | words`")


WRITTEN = ("range",)  # Jinja's globals a designer writes, as docs/designing.md does


def _no_name(name: str, context: Mapping[str, Any], names: Iterable[str]) -> Said:
    mark = re.compile(rf"\b{name}\b")
    card = context.get("card")
    if isinstance(card, Mapping) and name in card:
        return Said(f"no parameter '{echoed(name)}'; the card's field is card.{name}", mark)
    # of Jinja's own globals, the one the designer's guide writes (range): not its cycler, joiner, lipsum or
    # namespace, which a misspelt parameter's name (`cycles`, `name`) was taken for
    known = [k for k in [*context, *names] if not k.startswith("_") and (k not in DEFAULT_NAMESPACE or k in WRITTEN)]
    return Said(f"no parameter '{echoed(name)}'{did_you_mean(name, known)}", mark)


def _no_key(key: str, parsed: nodes.Template | None, context: Mapping[str, Any]) -> Said | None:
    """`card.rnak`, `prices['tea']`, `rounds[9]`: the value read from, named as the designer wrote it."""
    owner = _owner_of(key, parsed)
    if owner is None or owner not in context:
        return None
    value, mark = context[owner], re.compile(rf"\b{re.escape(key)}\b")
    if owner == "card" and isinstance(value, Mapping):
        fields = [str(k) for k in value]
        listed = f"; fields are {', '.join(fields)}" if fields else "; the card has no fields"
        return Said(f"no field '{echoed(key)}'{did_you_mean(key, fields) or listed}", mark)
    if isinstance(value, Mapping):
        keys = [str(k) for k in value]
        return Said(f"'{echoed(owner)}' has no key '{echoed(key)}'"
                    f"{did_you_mean(key, keys) or f'; its keys are {_some(keys)}'}", mark)
    if isinstance(value, (list, tuple)):
        return Said(f"'{owner}' has no item {key}: it has {len(value)}", re.compile(rf"\[\s*{re.escape(key)}\s*\]"))
    return Said(f"'{echoed(owner)}' is {echoed_value(value)}, which has no '{echoed(key)}'", mark)


def _looked_up(key: str, parsed: nodes.Template | None, context: Mapping[str, Any]) -> Said | None:
    """`suit_colours[card.suit]` where the card's suit is not in the mapping: the mapping, what it was looked up
    with (a card's field, as written) and what it has. The parameter is the likely cause, not the text."""
    for node in parsed.find_all(nodes.Getitem) if parsed else ():
        owner, arg = node.node, node.arg
        if not isinstance(owner, nodes.Name) or not isinstance(context.get(owner.name), Mapping):
            continue
        keys = [str(k) for k in context[owner.name]]
        if key in keys:
            continue
        return Said(f"{owner.name} has no '{echoed(key)}' (looked up for {_written(arg)}); it has "
                    f"{_some(keys) or 'nothing'}{did_you_mean(key, keys)}",
                    re.compile(rf"\b{re.escape(owner.name)}\s*\["), owner.name)
    return None


def _nested(key: str, parsed: nodes.Template | None, context: Mapping[str, Any]) -> Said | None:
    """`card.prices.tea`: a mapping read from a name (a card's map field), lacking the key."""
    for read, owner in _reads(parsed):
        if read != key or not isinstance(owner, nodes.Getattr) or not isinstance(owner.node, nodes.Name) or \
                not isinstance(context.get(owner.node.name), Mapping):
            continue
        value = context[owner.node.name].get(owner.attr)
        if isinstance(value, Mapping):
            keys = [str(k) for k in value]
            return Said(f"{_written(owner)} has no '{echoed(key)}'; it has {_some(keys) or 'nothing'}"
                        f"{did_you_mean(key, keys)}", re.compile(rf"\b{re.escape(key)}\b"))
    return None


def _kind_in(message: str) -> str:
    """'a mapping' for Jinja's `'dict object' has no attribute ...`, 'a list' for a list's, else 'a value'."""
    kind = message.split(" object", 1)[0].strip("'")
    return KINDS_OF_VALUE.get(kind, "a value")


def _written(node: nodes.Node) -> str:
    """A lookup's key as the designer wrote it: `card.suit`, `card['suit']`, `suit`, else 'a calculation'."""
    if isinstance(node, nodes.Name):
        return str(node.name)
    if isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Name):
        return f"{node.node.name}.{node.attr}"
    if isinstance(node, nodes.Getitem) and isinstance(node.node, nodes.Name) and isinstance(node.arg, nodes.Const):
        return f"{node.node.name}[{node.arg.value!r}]"
    return "a calculation"


def _some(keys: list[str]) -> str:
    """A mapping's keys, the first few: `tea, coffee` or `a, b, ... and 12 more`."""
    more = len(keys) - SHOWN_KEYS
    return ", ".join(map(echoed, keys[:SHOWN_KEYS])) + (f" and {more} more" if more > 0 else "")


def _owner_of(key: str, parsed: nodes.Template | None) -> str | None:
    """The name `key` is read from (`card` in `card.rnak` or `card['rnak']`), if it is read from a name."""
    for read, owner in _reads(parsed):
        if read == key and isinstance(owner, nodes.Name):
            return str(owner.name)
    return None


def _reads(parsed: nodes.Template | None) -> Iterator[tuple[str, Any]]:
    """Every `x.key` and `x['key']` of the template: the key as text, and the node it is read from."""
    for node in parsed.find_all((nodes.Getattr, nodes.Getitem)) if parsed else ():
        read = getattr(node, "attr", None) if isinstance(node, nodes.Getattr) else getattr(node, "arg", None)
        yield str(getattr(read, "value", read)), getattr(node, "node", None)


def _no_filter(kind: str, name: str, names: Iterable[str]) -> Said:
    own = ", ".join(FILTERS)
    hint = did_you_mean(name, names) or (f"; the press's own are {own}" if kind == "filter" else "")
    return Said(f"no {kind} '{echoed(name)}'{hint}", re.compile(rf"\b{re.escape(name)}\b"))


def _not_callable(parsed: nodes.Template | None, context: Mapping[str, Any], names: Iterable[str]) -> Said | None:
    """`range(rounds)` when a parameter is called `range`: the parameter hides the function."""
    for call in parsed.find_all(nodes.Call) if parsed else ():
        callee = getattr(call, "node", None)
        if not isinstance(callee, nodes.Name) or callee.name not in context or callable(context[callee.name]):
            continue
        name, value = callee.name, context[callee.name]
        mark = re.compile(rf"\b{name}\s*\(")
        if name in names or hasattr(builtins, name):
            return Said(f"the parameter '{name}' ({echoed_value(value)}) hides the function {name}(): rename the "
                        f"parameter", mark)
        return Said(f"'{name}' is {echoed_value(value)}, not a function: it cannot be called", mark)
    return None


def where(loc: Loc, exc: Exception) -> Loc:
    """Point at the offending name in the source file where it can be found, else at the text's start."""
    name = UNDEFINED_NAME.match(getattr(exc, "message", None) or "")
    if name:
        return find_in_file(loc, re.compile(rf"\b{name.group(1)}\b"))
    if isinstance(exc, TemplateSyntaxError) and exc.lineno and exc.lineno > 1:
        return Loc(loc.file, loc.line + exc.lineno - 1 + _block_scalar(loc), 1)
    return loc


def _block_scalar(loc: Loc) -> int:
    """1 where the text at `loc` is a block scalar (`text: |-`): its first line is the one after the indicator."""
    lines = source_lines(loc)
    line = lines[loc.line - 1] if lines is not None and 0 < loc.line <= len(lines) else ""
    return int(line[loc.col - 1:loc.col] in ("|", ">"))


def find_in_file(loc: Loc, pattern: re.Pattern[str]) -> Loc:
    """The first match of `pattern` at or after `loc` in its file (a value folded over several lines)."""
    lines = source_lines(loc)  # none for a spreadsheet's cell: the cell is the place
    if lines is None:
        return loc
    for number in range(loc.line, min(len(lines), loc.line + 200) + 1):
        start = loc.col - 1 if number == loc.line else 0
        match = pattern.search(lines[number - 1], start)
        if match:
            return Loc(loc.file, number, match.start() + 1)
    return loc


def explain(exc: Exception) -> str:
    if isinstance(exc, UndefinedError):
        return f"text uses an undefined parameter: {exc.message}"
    if isinstance(exc, TemplateSyntaxError):
        return f"template syntax: {exc.message}"
    if isinstance(exc, SecurityError):
        return f"template does something unsafe: {exc}"
    if isinstance(exc, TemplateNotFound):
        return exc.message or f"template not found: {exc}"
    if isinstance(exc, ValueError) and str(exc).startswith("Exceeds the limit"):  # Python's own cap on digits
        return "a number of thousands of digits: no count or score is near it"
    if isinstance(exc, MemoryError):  # what the sandbox's bounds did not foresee, stopped by the machine
        return "working this out takes more memory than any card or rule needs"
    if isinstance(exc, NameError) and exc.name in ("inf", "nan"):  # a constant Jinja folded (1e309) it cannot write
        return "a number too large to be a number (infinite): no count or score is near it"
    return f"template error: {exc}"
