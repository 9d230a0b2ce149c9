"""A PO file's lines checked before polib reads them: an entry too long to read in time, a text not between two
quotes. polib takes a text's quotes as given: it reads `msgstr "Korallengarten` as `Korallengarte` and
`msgstr Korallengarten"` as `orallengarten`, so a quote left out would print a word cut short, with nothing said."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice

MOST_LINES = 10_000  # lines of one entry's text and comments: a PO editor wraps a rule of 700,000 characters so
MOST_CHARACTERS = 1_000_000  # characters of them: ten times the longest text a template may make
KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)(?=\s|\"|$)\s*")
QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')  # a whole text: a quote in it is written \"
STRUCTURED = re.compile(r"#(?:~\|?|\|)\s*")  # an obsolete entry's lines (`#~ msgid`) and a previous source's (`#|`)
MOST_SAID = 20  # lines said one by one: a file of two million such lines is one mistake repeated, not news


def unquoted_said(lines: list[str]) -> list[tuple[int, str]]:
    """`unquoted`'s first MOST_SAID lines, then (at the next) one line counting the rest: time as one reading of
    the file and memory as MOST_SAID findings, however many lines are wrong."""
    wrong = unquoted(lines)
    said = list(islice(wrong, MOST_SAID))
    if (next_one := next(wrong, None)) is not None:
        rest = 1 + sum(1 for _ in wrong)
        said.append((next_one[0], f"... and {rest:,} more line{'s' if rest > 1 else ''} whose text is not between "
                                  "two quotes; open the file in a PO editor"))
    return said


def unquoted(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(line from 1, what is wrong) for each line whose text is not between two quotes; a line polib refuses
    anyway (no keyword, no quote) is left to it."""
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if (structured := STRUCTURED.match(line)) is not None:
            line = line[structured.end():]
        elif line.startswith("#"):
            continue  # a comment: free text
        keyword = KEYWORD.match(line)
        if keyword is None and not line.startswith('"'):
            continue
        if (problem := _quoted(line[keyword.end():] if keyword else line, keyword[1] if keyword else None)):
            yield number, problem


def _quoted(rest: str, keyword: str | None) -> str | None:
    """What is wrong with `rest`, the part of a line after its keyword (if it has one) that should be one text in
    quotes; None when it is one."""
    what = f"the text of {keyword}" if keyword else "this continued line's text"
    if not rest.startswith('"'):  # only after a keyword: a line of neither is left to polib
        return f'{what} lacks its opening quote: write it between two quotes ({keyword} "...")'
    whole = QUOTED.match(rest)
    if whole is None:
        return f'{what} lacks its closing quote: end the line with "'
    if rest[whole.end():].strip():
        return f'{what} goes on after its closing quote: write a quote inside a text as \\" and nothing after the ' \
               f"closing one"
    return None


def long_run(lines: list[str]) -> int | None:
    """The line (from 1) where an entry's run of continued text or comment lines passes MOST_LINES lines or
    MOST_CHARACTERS characters: polib adds each such line to what it holds so far, so a long run costs as its
    lines times its length (3.9 million lines took minutes; 10,000 lines of 1,000 characters, seconds)."""
    run = characters = 0
    for number, line in enumerate(lines, 1):
        continued = line.lstrip().startswith(('"', "#"))
        run, characters = (run + 1, characters + len(line)) if continued else (0, 0)
        if run > MOST_LINES or characters > MOST_CHARACTERS:
            return number
    return None
