"""A card's reading as XHTML: paragraphs (line breaks kept), lists and tables, made here rather than in the page's
template, where every attribute a sandboxed template reads is checked: a deck of thousands of cards is read fast."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from markupsafe import Markup

from deckpress.layout.readings import Part, Said

TITLE_MAX = 80  # characters: a longer line before a table is its introduction, not its title


def said_html(said: Said, label: Callable[[int], str]) -> Markup:
    """The parts in order; `label(n)` names the nth table's scrolling region (a name of its own on the page).
    Every text is escaped here: the result is markup the page takes as it is."""
    out, tables, before = [], 0, Part()
    for part in said:
        if part.rows:
            tables += 1
            out.append(_table(part, _title(before) or label(tables)))
        elif len(part.lines) == 1:
            out.append(f"<p>{'<br />'.join(escape(line) for line in part.lines[0].split(chr(10)))}"
                       f"{_control(part, 0)}</p>\n")
        else:
            items = "".join(f"<li>{escape(line)}{_control(part, n)}</li>\n" for n, line in enumerate(part.lines))
            out.append(f"<ul>\n{items}</ul>\n")
        before = part
    return Markup("".join(out))  # every text escaped above


def _control(part: Part, n: int) -> str:
    """The line's form control, named as the PDF's field is, where the line is one to write on (the text edition
    keeps what is written in it as in a sheet's)."""
    name = part.fields[n] if n < len(part.fields) else ""
    return f' <input type="text" aria-label="{escape(name)}" data-keep="{escape(name)}" />' if name else ""


def _title(part: Part) -> str | None:
    """A table's title: the line set just before it, when it reads as one (`Points by stones left over`: short,
    one line, not a sentence)."""
    line = part.lines[0].strip() if len(part.lines) == 1 and not part.rows else ""
    return line if line and "\n" not in line and len(line) <= TITLE_MAX and line[-1] not in ".:!?;" else None


def _table(part: Part, label: str) -> str:
    """The first row is the header; each row's first cell heads it."""
    head = "".join(f'<th scope="col">{escape(cell)}</th>' for cell in part.rows[0])
    rows = "".join(f'<tr><th scope="row">{escape(row[0])}</th>{"".join(f"<td>{escape(c)}</td>" for c in row[1:])}'
                   f"</tr>\n" for row in part.rows[1:])
    return (f'<div class="table" role="region" aria-label="{escape(label)}" tabindex="0"><table>\n'
            f"<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}</tbody>\n</table></div>\n")
