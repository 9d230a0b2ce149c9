"""The kit's own pages between its parts: a cover before each private or host component in the host's kit, saying
what it is, who may see it and how to hand it out; and the intentionally blank back that starts a duplex kit's next
part on a front side.

Both are Documents like any component's, made where the others are laid out (build.prepare), so every pass over
the documents (the slug line, the checks) meets them too. Their component ids hold a colon, which no component's
id may (ids name files: lowercase letters, digits and hyphens), so they never collide with a game's own.
"""

from __future__ import annotations

from deckpress.findings import Findings
from deckpress.layout.context import Job
from deckpress.layout.page import MM, Document, Drawing
from deckpress.layout.structure import tagged
from deckpress.layout.text import Typesetter
from deckpress.model import Component, Edition, Game, SheetLayout, Style

COVER, BLANK = "cover:", "blank:"  # the kit's own documents: a component's cover, a blank back
COVER_TEXT_PT = 14.0
COVER_LAYOUT = "print-check"  # its styles (heading, text) set the covers; the theme's sizes where an edition has none


def kit_only(doc: Document) -> bool:
    """A page of the kit alone (a cover, a blank back): never a file of its own."""
    return doc.component.startswith((COVER, BLANK))


def cover_of(component: str) -> str:
    return f"{COVER}{component}"


def lay_out_cover(game: Game, component: Component, edition: Edition, paper: str, findings: Findings) -> Document:
    """One page: whose the component is, in the heading; who may see it; how to hand it out (the component's
    `handling`, or the press's words for its audience)."""
    job = Job(Typesetter(edition.theme, findings, game.named, cover_of(component.id)), paper, game.language)
    heading, text = _styles(edition)
    who = Style("bold", text.size, text.min_size)
    layout = edition.layouts.get(COVER_LAYOUT)
    margin, gap = (layout.margin, layout.gap) if isinstance(layout, SheetLayout) else (15.0, 6.0)
    loc = component.loc
    d = Drawing(job.size)
    width = min(d.paper[0] - 2 * margin, edition.theme.max_line_mm)
    y = d.paper[1] * 0.25  # well clear of the top: a cover is read across a table
    say = job.say
    audience = component.audience
    for i, (words, style) in enumerate(((say(f"cover_{audience}", title=component.title), heading),
                                         (say("cover_game", game=game.title, edition=edition.theme.label), text),
                                         (say(f"cover_who_{audience}"), who),
                                         (component.handling or say(f"cover_handling_{audience}"), text))):
        with tagged(d, "P" if i else "H1"):  # the warning is the cover's heading
            fitted = job.ts.box(d, words, style, (margin, y, width, d.paper[1] - margin - y), loc,
                                f"cover line {i + 1}")
        y += (fitted.height if fitted else style.size / MM) + gap
    theme = edition.theme  # the frame leaves the foot free for the slug line: three lines of the edition's smallest
    foot = max(margin / 2, theme.printer_margin_mm + 3 * theme.min_size / MM * max(theme.line_spacing, 1.2) + 2)
    d.rect(margin / 2, margin / 2, d.paper[0] - margin, d.paper[1] - margin / 2 - foot, theme.line_pt * 4)
    title = say("cover_title", title=component.title, audience=say(f"audience_{audience}"))
    return Document(game.id, cover_of(component.id), title, edition.theme.edition, paper, [d.page],
                    audience=audience)


def lay_out_blank(game: Game, edition: Edition, paper: str) -> Document:
    """The back left blank so that the next part of a duplex kit starts on a front side."""
    job = Job(Typesetter(edition.theme, Findings(), game.named, BLANK), paper, game.language)
    return Document(game.id, BLANK, job.say("blank_page"), edition.theme.edition, paper, [Drawing(job.size).page])


def _styles(edition: Edition) -> tuple[Style, Style]:
    """The cover's heading and text: the print check's, its text at least 14 pt (a cover is read across a table);
    else the theme's smallest heading and text, enlarged."""
    layout = edition.layouts.get(COVER_LAYOUT)
    theme = edition.theme
    size = max(theme.min_size, COVER_TEXT_PT)
    if isinstance(layout, SheetLayout) and {"heading", "text"} <= layout.styles.keys():
        text = layout.styles["text"]
        return layout.styles["heading"], Style(text.font, max(text.size, size), text.min_size, text.align)
    return (Style("bold", max(theme.heading_min_size, size * 1.6), max(theme.heading_min_size, size)),
            Style("regular", size, theme.min_size))
