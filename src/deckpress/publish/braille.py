"""Braille-ready files (BRF): each page of the text edition, as an embosser or a braille display reads it.

The words are the text edition's own (its XHTML pages, read in order: headings, paragraphs, list items, table
rows), translated by liblouis's `lou_translate`, the translator NVDA and BrailleBlaster use, into the braille each
language's readers mostly read (deckpress.publish.braille_grades: Unified English Braille grade 2 for English,
uncontracted braille integral for Spanish) in North American braille ASCII. Pages are 40 cells by 25
lines, ended by a form feed, the braille page number at the foot's right: the format embossers and braille
notetakers take. A page of secret material becomes a file of its own, as its HTML page is.

liblouis is not on PyPI: Debian's `liblouis-bin` (`apt install liblouis-bin`), Homebrew's `liblouis`, or the
Windows build from liblouis.io. Without it a build writes no BRF and says so.
"""

from __future__ import annotations

import shutil
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from deckpress.publish import phrases
from deckpress.publish.braille_grades import grade_of
from deckpress.publish.braille_signs import escaped, six_dot, transcribed, unknown_signs
from deckpress.publish.louis import BrailleUnavailable, run_translator

CELLS, LINES = 40, 25  # a braille page: cells a line, lines a page (the last holds the page number)
TRANSLATOR = "lou_translate"
DISPLAY = "en-us-brf.dis"  # dots to North American braille ASCII: the characters of a BRF
NEWLINE, FORM_FEED = "\r\n", "\f"

_XHTML = "{http://www.w3.org/1999/xhtml}"
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_SKIPPED = {"head", "nav", "script", "style", "template"}
_LISTS = {"ul", "ol"}
_PARAGRAPHS = {"p", "dt", "dd", "caption", "figcaption", "summary", "legend"}
_BLOCKS = _LISTS | _PARAGRAPHS | set(_HEADINGS) | {"li", "table", "tr", "div", "section", "dl", "figure",
                                                     "details", "header", "footer", "main", "fieldset"}
_MARKS = {"br", "img", "input"}  # inline elements read as something of their own
TICK_BOX = "\u2610"  # a tick box as read, said in words when translated
BLANK = "____"  # an empty cell: the printed sheet's place to write
_DIGITS = "JABCDEFGHI"  # braille ASCII's digits: a-j after the number sign


@dataclass(frozen=True)
class Block:
    """One thing read: a heading (its level), a paragraph (level 0), or a list item or table row (its depth)."""

    kind: str  # "heading", "para" or "item"
    text: str
    level: int = 0


def translator() -> str | None:
    """The translator's path, if installed."""
    return shutil.which(TRANSLATOR)


def brf_files(pages: dict[str, str], language: str, warn: Callable[[str], None],
              also: Sequence[str] = ()) -> tuple[dict[str, bytes], dict[str, str]]:
    """HTML page name -> its BRF's bytes, every page translated in one run of the translator; `warn` is told of
    signs its table has no braille for. And `also`, more texts translated in the same run (the tactile labels'
    card names): each text -> its braille."""
    program, grade = translator(), grade_of(language)
    table = grade.text if grade else None
    if program is None:
        raise BrailleUnavailable(f"liblouis's {TRANSLATOR} is not installed (Debian: apt install liblouis-bin)")
    if table is None:
        raise BrailleUnavailable(f"liblouis has no braille table here for the language {language}")
    say = phrases(language)
    read = {name: blocks(page, say("list_separator")) for name, page in sorted(pages.items())}
    tick = say("braille_tick_box")  # a tick box in words: braille has no cell for the print sign
    texts = [b.text.replace(TICK_BOX, tick) for found in read.values() for b in found]
    said = translated(program, table, texts + list(also), language)  # a line is translated on its own
    said, braille_more = said[:len(texts)], said[len(texts):]
    unknown = unknown_signs(escaped(texts, said), table, language)
    if unknown is not None:
        warn(unknown)
    braille = iter(said)
    files = {name: brf([(b, next(braille)) for b in found]) for name, found in read.items()}
    return files, dict(zip(also, braille_more, strict=True))


def translated(program: str, table: str, texts: list[str], language: str) -> list[str]:
    """Each text in braille ASCII: the translator reads a line and writes its line (a run that does not give one
    line a text, as when it cannot find its table, is a failure), the signs the language's table lacks written
    first as its transcribers write them (deckpress.publish.braille_signs)."""
    if not texts:
        return []
    distinct = list(dict.fromkeys(texts))  # a line is translated on its own: each text alike once (a deck's rule)
    given = "".join(f"{_escaped(transcribed(text, language))}\n" for text in distinct)
    lines = run_translator([program, "--forward", f"{DISPLAY},{table}"], given).split("\n")
    if len(lines) != len(distinct) + 1 or lines[-1]:
        raise BrailleUnavailable(f"{TRANSLATOR} failed: it gave {len(lines) - 1} lines for {len(distinct)}")
    said = dict(zip(distinct, map(six_dot, lines[:-1]), strict=True))
    return [said[text] for text in texts]


def _escaped(text: str) -> str:
    """The translator reads `\\x0041`-style escapes in its input: a backslash of the text is given as two."""
    return text.replace("\\", "\\\\")


def blocks(page: str, separator: str = "; ") -> list[Block]:
    """What a page says, in reading order: the XHTML the text edition writes, read without its navigation (a
    table row's cells between the language's list `separator`)."""
    root = ET.fromstring(page.encode("utf-8"))
    body = root.find(f"{_XHTML}body")
    out: list[Block] = []  # appended to, not yielded: a deck's page has tens of thousands of elements
    _walk(body if body is not None else root, 0, separator, out)
    return out


def _walk(element: ET.Element, depth: int, separator: str, out: list[Block]) -> None:
    tag = element.tag.removeprefix(_XHTML)
    if tag in _SKIPPED or element.get("hidden") is not None or element.get("aria-hidden") == "true":
        return
    if tag in _HEADINGS:
        _said(out, "heading", _inline(element), _HEADINGS[tag])
    elif tag in _PARAGRAPHS:
        _said(out, "para", _inline(element))
    elif tag == "table":
        for block in _table(element, max(depth, 1), separator):
            _said(out, block.kind, block.text, block.level)
    elif tag == "li":
        own = _inline(element)
        _said(out, "item", own, depth)
        _inner(element, depth if own else depth - 1, separator, out)
    else:
        _said(out, "para", _clean(element.text))
        _inner(element, depth + (tag in _LISTS), separator, out)


def _said(out: list[Block], kind: str, text: str, level: int = 0) -> None:
    """A block that says something, kept; an empty one is not read."""
    if text:
        out.append(Block(kind, text, level))


def _table(table: ET.Element, depth: int, separator: str) -> Iterator[Block]:
    """A table read linearly, as BANA's guidelines read one: its caption, then each row an item, its row heading
    first and each cell after its column's heading (`Round 1. A: ____; B: ____`); a cell to write in is a blank line
    to write on, as printed."""
    for caption in table.iter(f"{_XHTML}caption"):
        yield Block("para", _inline(caption))
    rows = list(table.iter(f"{_XHTML}tr"))
    head = rows[0] if rows and any(c.tag == f"{_XHTML}th" and c.get("scope") == "col" for c in rows[0]) else None
    names = [_inline(c) for c in head] if head is not None else []
    for row in rows[1 if head is not None else 0:]:
        cells = [(names[n] if n < len(names) else "", _inline(c) or BLANK, c.tag == f"{_XHTML}th")
                 for n, c in enumerate(row)]
        corner = names[0] if names else ""  # the row headings' own heading (`Fact`): said with a bare one
        heading = [value if not corner or value.startswith(corner) else f"{corner} {value}"
                   for _, value, th in cells[:1] if th]
        said = [f"{name}: {value}" if name else value for name, value, _ in cells[len(heading):]]
        yield Block("item", ". ".join([*heading, separator.join(said)]) if heading else separator.join(said), depth)


def _inner(element: ET.Element, depth: int, separator: str, out: list[Block]) -> None:
    """The blocks inside, and the loose text between them."""
    for child in element:
        if child.tag.removeprefix(_XHTML) in _BLOCKS:
            _walk(child, depth, separator, out)
            _said(out, "para", _clean(child.tail))


def _inline(element: ET.Element) -> str:
    """An element's own words: its text and its inline children's, not those of the blocks inside it."""
    if not len(element) and element.tag.removeprefix(_XHTML) not in _MARKS:  # most hold their words alone
        return _clean(element.text)
    words: list[str] = []
    _words(element, words, top=True)
    return _clean("".join(words))


def _words(element: ET.Element, out: list[str], top: bool = False) -> None:
    tag = element.tag.removeprefix(_XHTML)
    if not top and tag in _BLOCKS:
        out.append(" ")
        return
    if tag == "br":
        out.append(" ")
    elif tag == "img":
        out.append(element.get("alt", ""))
    elif tag == "input" and element.get("type") == "checkbox":
        out.append(TICK_BOX)  # a tick box, read as the printed sheet's box (a cell to write in is read empty)
    out.append(element.text or "")
    for child in element:
        _words(child, out)
        out.append(child.tail or "")


def _clean(text: str | None) -> str:
    return " ".join(text.split()) if text else ""  # runs of white space one space, none at the ends


def brf(read: list[tuple[Block, str]]) -> bytes:
    """The blocks, set in braille as BANA's formats ask (a main heading centred, a lesser one from cell 5 and one
    under that from cell 7, a paragraph from cell 3, a list item from cell 1 and its runovers two cells in, deeper
    items deeper), on pages."""
    lines: list[str] = []
    kept: set[int] = set()  # lines kept with the next: a heading and the blank line after it
    set_once: dict[tuple[str, int, str], list[str]] = {}  # a block set once, however often a deck repeats it
    for block, braille in read:
        heading = block.kind == "heading"
        if heading and lines and lines[-1]:
            if len(lines) - 1 in kept:
                kept.add(len(lines))  # a blank line between headings: kept, as the headings are
            lines.append("")
        key = (block.kind, block.level, braille)
        done = set_once.get(key)
        start = len(lines)
        lines += done if done is not None else set_once.setdefault(key, _set(block, braille))
        if heading and block.level <= 2:
            lines.append("")
        if heading:
            kept.update(range(start, len(lines)))
    return paged(lines, kept).encode("ascii", "replace")


def _set(block: Block, braille: str) -> list[str]:
    if block.kind == "heading":
        if block.level <= 2:
            return [line.center(CELLS - 1).rstrip() for line in block_lines(braille, 0, 0, CELLS - 2)]
        return block_lines(braille, 4, 4) if block.level == 3 else block_lines(braille, 6, 6)  # BANA's cell 5, cell 7
    if block.kind == "para":
        return block_lines(braille, 2, 0)
    first = 2 * max(block.level - 1, 0)
    return block_lines(braille, first, first + 2)


def block_lines(braille: str, first: int, runover: int, width: int = CELLS) -> list[str]:
    """Lines of at most `width` cells, broken between words (a word longer than a line is cut)."""
    if braille and len(braille) + first <= width and braille.isprintable() and braille[0] != " " != braille[-1]:
        return [" " * first + braille]  # one line, as textwrap sets it (no tab, break or space to drop)
    return textwrap.wrap(braille, width, initial_indent=" " * first, subsequent_indent=" " * runover,
                         break_long_words=True, break_on_hyphens=False) or [""]


def paged(lines: list[str], kept: set[int] | frozenset[int] = frozenset()) -> str:
    """Pages of LINES - 1 lines of text and a foot with the braille page number at the right, each ended by a
    form feed. A page never ends on a line `kept` with the next (a heading, or the blank line after it): those
    lines, and the blank line before them, start the next page instead, as they would had the page ended before."""
    body = LINES - 1
    pages: list[list[str]] = []
    at = 0
    while at < len(lines) or not pages:
        end = cut = min(at + body, len(lines))
        while cut < len(lines) and cut > at and cut - 1 in kept:
            cut -= 1
        if cut < end and cut - 1 > at and not lines[cut - 1]:
            cut -= 1  # the blank line before the heading goes with it
        moved = at < cut < end  # a run of kept lines longer than a page is cut where the page ends
        pages.append(lines[at:cut if moved else end])
        at = cut if moved else end
    out = []
    for n, page in enumerate(pages, 1):
        number = "#" + "".join(_DIGITS[int(d)] for d in str(n))
        page = page + [""] * (body - len(page))
        out.append(NEWLINE.join([*page, number.rjust(CELLS)]) + NEWLINE + FORM_FEED)
    return "".join(out)
