"""The places YAML reads text as something else, explained where they happen, with the exact fix: a value
starting with an inline icon (`:mountain: earns` is a key and its value to YAML) or holding one followed by a space
(`Play the :mountain: first`: a key where a text was), or starting with `{` or `[` (a mapping or a list:
`{{ card.points }} more`). Quoting the whole text is the fix in every case."""

from __future__ import annotations

import re

import yaml.reader

from deckpress.findings import Loc, source_lines

ICON = re.compile(r":[a-z0-9][\w-]*:")  # an inline icon, as `:name:` writes it
KEYED = re.compile(ICON.pattern + r"(?=[ \t])")  # one followed by a space, which ends a key to YAML
KEYED_VALUE = re.compile(r"[ \t]*(?:-[ \t]+)?(?P<lead>[\w-]+:)[ \t]+(?P<value>[^\s:{\[\"'].*)")  # `key: plain text`
# a value's start on a line: after `key:` or a list's `-`, a value YAML does not read as plain text
VALUE = re.compile(r"(?P<lead>[\w-]+:|(?<![\w-])-)[ \t]+(?=(?P<value>[:{\[].*))")
CLOSING = {"{": "}", "[": "]"}


def quoted(text: str) -> str:
    """`text` in double quotes, as YAML reads it back."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def line_at(loc: Loc) -> str | None:
    """The source line `loc` is on (None if the file cannot be read)."""
    lines = source_lines(loc)
    return lines[loc.line - 1] if lines is not None and 0 < loc.line <= len(lines) else None


def _value(text: str, flow: bool) -> str:
    """The value written at the start of `text`: to the end of the line (a comment left off), or in a flow
    mapping or list, to the `,` or closing bracket that ends it."""
    depth = 0
    for n, char in enumerate(text):
        if char in CLOSING:
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth < 0:
                return text[:n].rstrip()
        elif char == "," and flow and depth == 0:
            return text[:n].rstrip()
        elif char == "#" and n and text[n - 1] in " \t":
            return text[:n].rstrip()
    return text.rstrip()


def _bracketed_then_more(value: str) -> bool:
    """`{mountain} earns`, `{{ card.points }} more`: a bracket YAML closes before the text ends."""
    depth = 0
    for n, char in enumerate(value):
        depth += (char in CLOSING) - (char in "}]")
        if depth == 0:
            return bool(value[n + 1:].strip())
    return False


def trap(lead: str, value: str) -> str | None:
    """What YAML made of `lead value` (`text: :mountain: earns`) and the fix, if the value is a trap."""
    fix = f"put the text in quotes: {lead} {quoted(value)}"
    icon = ICON.match(value)
    if icon:
        return f"YAML reads a value starting with '{icon.group(0)}' as a mapping; {fix}"
    if value[:1] in CLOSING:
        kind = "mapping" if value[0] == "{" else "list"
        return f"YAML reads a value starting with '{value[0]}' as a {kind}; {fix}"
    return None


def parse_hint(line: str, col: int) -> tuple[int, str] | None:
    """For a YAML parse error at `col` of `line`: the column of the value that caused it, and the hint."""
    found = None
    for match in VALUE.finditer(line):
        start, value_text = match.start("value"), match.group("value")
        if start + 1 > col:
            break
        flow = "{" in line[:match.start()] or "[" in line[:match.start()]
        value = _value(value_text, flow)
        if ICON.match(value) or _bracketed_then_more(value):
            hint = trap(match.group("lead"), value)
            found = (start + 1, hint) if hint else found
    keyed = KEYED_VALUE.match(line) if found is None else None
    icon = KEYED.search(keyed.group("value")) if keyed is not None else None
    if keyed is not None and icon is not None and keyed.start("value") + icon.end() <= col:
        value = _value(keyed.group("value"), False)  # `text: Play the :claw: first`: `: ` ends a key, to YAML
        return keyed.start("value") + 1, (f"YAML reads the ': ' that ends '{icon.group(0)}' as a key's end, inside "
                                          f"a text; put the text in quotes: {keyed.group('lead')} {quoted(value)}")
    return found


def read_as_collection(loc: Loc) -> str | None:
    """For text YAML read as a mapping or a list (`- :mountain: earns`, `text: {mountain}`): the hint, from the
    source at `loc` (where the mapping or list starts)."""
    line = line_at(loc)
    if line is None:
        return None
    before, rest = line[:loc.col - 1], line[loc.col - 1:]
    lead = re.search(r"([\w-]+:|-)\s*$", before)
    if lead is None or not (ICON.match(rest) or rest[:1] in CLOSING):
        return None
    flow = bool(re.search(r"[{\[]", before[:lead.start()]))
    return trap(lead.group(1), _value(rest, flow))


def syntax(exc: yaml.MarkedYAMLError | yaml.reader.ReaderError, text: str, shown_as: str) -> tuple[Loc, str]:
    """Where YAML met a parse error in `text`, and what to say of it. Text YAML could not read as text is said
    where the value starts, with the fix (as a value read before the error says it: one finding)."""
    if isinstance(exc, yaml.reader.ReaderError):  # a character YAML does not allow
        return _position(text, exc.position, shown_as), f"YAML syntax: {exc.reason} (U+{exc.character:04X})"
    mark = exc.problem_mark or exc.context_mark
    where = Loc(shown_as, mark.line + 1, mark.column + 1) if mark else Loc(shown_as)
    lines = text.splitlines()
    trap = parse_hint(lines[where.line - 1], where.col) if mark and 0 < where.line <= len(lines) else None
    if trap is not None:
        return Loc(shown_as, where.line, trap[0]), trap[1]
    tab = mark is not None and 0 <= mark.index < len(text) and text[mark.index] == "\t"
    tab_hint = " (a tab: indent with spaces)" if tab else ""
    return where, f"YAML syntax: {exc.problem or exc.context}{tab_hint}"


def _position(text: str, offset: int, shown_as: str) -> Loc:
    line = text.count("\n", 0, offset) + 1
    return Loc(shown_as, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)
