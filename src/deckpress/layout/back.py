"""A card's back: the same on every card of a deck (a face-down card betrays nothing) but for an optional word.

Its keys (a deck's `back:` in game.yaml) are declared in `deckpress.layout.schemas.BACK`.
"""

from __future__ import annotations

from deckpress.layout.context import Job
from deckpress.layout.elements.kind import Box
from deckpress.layout.page import Drawing
from deckpress.layout.pictograms import PATTERNS, draw_pattern
from deckpress.model import Back, Card, Style


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
