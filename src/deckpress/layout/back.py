"""A card's back: a card layout drawn like a face with the card's values (so a back may differ by card), or the
older form, a pattern and a title the same on every card of a deck (a face-down card betrays nothing) but for an
optional word.

Its keys (a deck's or the game's `back:` in game.yaml) are declared in `deckpress.layout.schemas.BACK`.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckpress.layout.context import Job
from deckpress.layout.elements import KINDS
from deckpress.layout.elements.kind import Box
from deckpress.layout.face import draw_face
from deckpress.layout.page import Drawing
from deckpress.layout.pictograms import PATTERNS, draw_pattern
from deckpress.model import Back, Card, CardLayout, Deck, Style
from deckpress.templating import Templates


@dataclass(frozen=True)
class Reverse:
    """What is printed behind a deck's cards in one edition: its back, and the back's card layout if it has one."""

    back: Back
    layout: CardLayout | None = None

    def draw(self, d: Drawing, card: Card, cell: Box, job: Job, bleed: float) -> None:
        if self.layout is not None:
            draw_face(d, card, self.layout, cell[:2], job, bleed)
        else:
            draw_back(d, card, self.back, cell, job, bleed)


def draw_back(d: Drawing, card: Card, back: Back, cell: Box, job: Job, bleed: float) -> None:
    """The pattern over the whole card (and its bleed), a white panel, the title and the deck's word."""
    x, y, w, h = cell
    texts, theme, findings = job.texts(card), job.theme, job.findings
    pattern = texts.render(back.pattern, back.loc, findings)
    if pattern not in PATTERNS:
        findings.error(back.loc, f"card back: no pattern {pattern!r} (known: {', '.join(PATTERNS)})")
        return
    draw_pattern(d, pattern, x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, theme.line_pt)
    panel = (x + w * 0.12, y + h * 0.3, w * 0.76, h * 0.4)
    d.rect(*panel, theme.line_pt * 2, fill=1.0)
    style = Style("bold", max(16.0, theme.min_size + 4), theme.min_size, "centre")
    words = [texts.render(back.title, back.loc, findings) or ""]
    if back.word:
        words.append(texts.render(back.word, back.loc, findings) or "")
    job.ts.box(d, "\n".join(w for w in words if w), style, (panel[0] + 2, panel[1] + 2, panel[2] - 4, panel[3] - 4),
               back.loc, "card back", valign="middle")


def backs_differ(deck: Deck, layout: CardLayout | None, templates: Templates) -> bool:
    """Whether the back may differ from card to card: a template of it reads the card (or its index), or one of
    its elements prints a field of the deck (double-faced cards). A later export needs to know."""
    back = deck.back
    if back is None:
        return False
    if layout is None:
        sources = [back.pattern, back.title, back.word or ""]
    else:
        sources, fields = [], set(deck.fields)
        for element in layout.elements:
            for key in KINDS[element.kind].keys:
                value = element.keys.get(key.name)
                if not isinstance(value, str):
                    continue
                if key.type == "template":
                    sources.append(value)
                elif value in fields:  # a key naming the card's field (`field: suit`)
                    return True
    return any(_reads_card(templates, source) for source in sources)


def _reads_card(templates: Templates, source: str) -> bool:
    inputs = templates.inputs(source)
    return inputs is None or bool(inputs[0]) or inputs[1]
