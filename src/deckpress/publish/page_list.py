"""Print page numbers in the text edition: where each page of the printed rules begins, marked in the rules'
text, so a reader in a class or at a table with a printed booklet can go to "page 3" (the EPUB's page list).

The pages are those of the rules booklet in the game's first edition on A4, whatever a build prints, so the text
edition is the same from every build. Each page's first line of text is found in the page's words and a page
break (`role="doc-pagebreak"`, DPUB-ARIA's) is set just before it, inside its paragraph where the page begins in
one.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from deckpress.findings import Findings
from deckpress.layout.page import Text
from deckpress.layout.plan import lay_out_component
from deckpress.layout.slug import Stamp
from deckpress.model import Edition, Game
from deckpress.templating import Templates

PAPER = "a4"
BREAK = '<span id="page-{n}" role="doc-pagebreak" title="{n}" data-source="{source}"></span>'
WORDS = 4  # a line is found by its first words: enough to be unique in the rules, few enough to fit one line
_START = re.compile(r"<body\b[^>]*>")
# start tags just before a line, of elements it begins (a landmark, such as <header>, keeps the break inside it)
_OPENED = re.compile(r"(?:<(?:p|h[1-6]|li|ul|ol|div|dl|dt|dd|strong|em|span)\b[^<>]*>\s*)+$")
_RULES = 'id="rules"'
# how the page's markup writes each character that HTML escapes (Jinja writes ' as &#39;)
_ESCAPED = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': '(?:"|&#34;|&quot;)', "'": "(?:'|&#39;|&#x27;)"}


def print_source(game: Game) -> str:
    """The printed rules the numbers are those of: their file's name as a build writes it."""
    first = game.editions[0] if game.editions else "standard"
    rules = next((c for c in game.components if c.kind == "rules"), None)
    return f"{game.id}-{rules.id if rules else 'rules'}-{PAPER}.pdf ({first})"


def first_lines(game: Game, edition: Edition | None, templates: Templates, mark: Stamp | None) -> list[str]:
    """Each printed page's first line of text (a list label, a bullet or a number, passed over)."""
    rules = next((c for c in game.components if c.kind == "rules"), None)
    if rules is None or edition is None:
        return []
    doc = lay_out_component(game, rules, edition, PAPER, templates, Findings(), mark=mark)
    return [] if doc is None else [_first(page.ops) for page in doc.pages]


def _first(ops: Iterable[object]) -> str:
    for op in ops:
        if isinstance(op, Text) and len(op.text.strip()) > 3:
            return op.text
    return ""


def numbered(page: str, lines: list[str], source: str) -> str:
    """The page with a page break before each printed page's first line, in order, from the page's body on (the
    kicker and title the booklet opens with come before the rules' own section); before the element the line
    begins, if it begins one. A line not found leaves its page unmarked, never a break out of order."""
    if _RULES not in page or not lines:
        return page
    start = _START.search(page)
    at = start.end() if start else 0
    out = [page[:at]]
    for n, line in enumerate(lines, 1):
        found = _pattern(line).search(page, at) if line.strip() else None
        if found is None:
            continue
        begins = _OPENED.search(page, at, found.start())  # a heading or paragraph beginning the page: before it
        where = begins.start() if begins else found.start()
        out += [page[at:where], BREAK.format(n=n, source=html.escape(source, quote=True))]
        at = where
    return "".join([*out, page[at:]])


def _pattern(line: str) -> re.Pattern[str]:
    """A line's first words as the page's markup writes them, spaces as any run of white space."""
    words = line.split()[:WORDS]
    return re.compile(r"\s+".join("".join(_ESCAPED.get(c, re.escape(c)) for c in w) for w in words))
