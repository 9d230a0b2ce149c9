"""A template's problem as a finding: what went wrong, in words, at the offending name where it can be found."""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import TemplateNotFound, TemplateSyntaxError, UndefinedError
from jinja2.exceptions import SecurityError

from deckpress.findings import Loc

UNDEFINED_NAME = re.compile(r"'(\w+)' is undefined")


def where(loc: Loc, exc: Exception) -> Loc:
    """Point at the offending name in the source file where it can be found, else at the text's start."""
    name = UNDEFINED_NAME.match(getattr(exc, "message", None) or "")
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


def explain(exc: Exception) -> str:
    if isinstance(exc, UndefinedError):
        return f"text uses an undefined parameter: {exc.message}"
    if isinstance(exc, TemplateSyntaxError):
        return f"template syntax: {exc.message}"
    if isinstance(exc, SecurityError):
        return f"template does something unsafe: {exc}"
    if isinstance(exc, TemplateNotFound):
        return exc.message or f"template not found: {exc}"
    return f"template error: {exc}"
