"""The print plan's pages, which open the host's kit: a heading, then the plan's paragraphs, page after page.

The words are given (deckpress.publish.plan_words makes them from the built files); this lays them out with the
print check's styles, tagged as headings and paragraphs like every page of a kit. Its component id holds a colon,
as the covers' do: a page of the kit alone, never a file of its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from deckpress.findings import Findings
from deckpress.layout.context import Job
from deckpress.layout.cover import COVER_LAYOUT
from deckpress.layout.page import MM, Document, Drawing, Page
from deckpress.layout.structure import tagged
from deckpress.layout.text import Typesetter, draw, measure
from deckpress.model import HOST, Edition, Game, SheetLayout, Style

PLAN = "plan:print"  # the plan's component id: a colon, so never a game's own
HEADING, SUBHEADING, PARAGRAPH = "H1", "H2", "P"

Block = tuple[str, str]  # (role: H1 | H2 | P, its words)


def lay_out_plan(game: Game, edition: Edition, paper: str, blocks: Sequence[Block], findings: Findings) -> Document:
    """The plan's pages: each block below the last, a new page where the next does not fit above the foot (the
    slug line's room)."""
    job = Job(Typesetter(edition.theme, findings, game.named, PLAN), paper, game.language)
    layout = edition.layouts.get(COVER_LAYOUT)
    if not isinstance(layout, SheetLayout):
        return Document(game.id, PLAN, job.say("plan_title"), edition.theme.edition, paper, [], audience=HOST)
    styles = {HEADING: layout.styles["heading"], SUBHEADING: _sub(layout), PARAGRAPH: layout.styles["text"]}
    theme, margin = edition.theme, layout.margin
    foot = theme.printer_margin_mm + 3 * theme.min_size / MM * max(theme.line_spacing, 1.2) + 2
    pages: list[Page] = []
    d, y = Drawing(job.size), margin
    width = min(d.paper[0] - 2 * margin, theme.max_line_mm)
    for n, (role, words) in enumerate(blocks):
        broken = _hyphens(words, job.ts.font(styles[role]), styles[role].size, width * MM)
        fitted = job.ts.lines(broken, styles[role], width, layout.loc, f"print plan line {n + 1}")
        if fitted is None:
            continue
        if y + fitted.height > d.paper[1] - foot and y > margin:
            pages.append(d.page)
            d, y = Drawing(job.size), margin
        with tagged(d, role):
            draw(d, fitted, margin, y, width, styles[role].align)
        y += fitted.height + layout.gap * (1.5 if role != PARAGRAPH else 0.5)
    pages.append(d.page)
    return Document(game.id, PLAN, job.say("plan_title"), edition.theme.edition, paper, pages, audience=HOST)


def _hyphens(words: str, font: str, size: float, width_pt: float) -> str:
    """A file name wider than the line broken after its hyphens, as long names are (`...-large-print-` then
    `desk-cards-letter.pdf`), and a folder a command names (`--out /srv/prints/...`) after its slashes: a line
    holds as much of it as fits. A piece still wider (a folder's name of its own) is broken where the line ends:
    a host's folder, whatever its name, is no finding of the plan's."""
    out = []
    for word in words.split(" "):
        if measure(font, word, size) <= width_pt:
            out.append(word)
            continue
        lines, line = [], ""
        for piece in _pieces(word, font, size, width_pt):
            # each piece measured with a hyphen after it, the last too, as the lines of a file name always were
            if line and measure(font, line + piece.rstrip("-") + "-", size) > width_pt:
                lines.append(line)
                line = ""
            line += piece
        out.append("\n".join([*lines, line]))
    return " ".join(out)


def _pieces(word: str, font: str, size: float, width_pt: float) -> list[str]:
    """The word's pieces, each ending at a hyphen or a slash, and a piece wider than the line in letters."""
    pieces = re.findall(r"[^-/]*[-/]|[^-/]+", word)
    return [p for piece in pieces for p in ([piece] if measure(font, piece, size) <= width_pt else list(piece))]


def _sub(layout: SheetLayout) -> Style:
    """A subheading: the text's size, in the heading's font."""
    text, heading = layout.styles["text"], layout.styles["heading"]
    return Style(heading.font, text.size * 1.2, text.min_size, text.align)
