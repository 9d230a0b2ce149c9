"""Plates: what one block of a sheet drew, cast once and printed again wherever the same block is set in the same
box of the same page, as a printer casts a plate from a forme to print it again.

Every copy of a sheet sets the same tables and write-ins at the same places (Stone Market's six score sheets differ
only in their heading), and a copy's trials set them again: each is drawn once a sheet, its ops, their structure,
their sources and spans said too large taken as they were. Only what was drawn without a word to say is cast (as
`deckpress.layout.standing` keeps only texts set without one): what met a finding is drawn afresh each time, so the
finding is said wherever it is met. A plate is printed only where all that decided the drawing is the same: the
block (its whole content), its box, the page's paper (ops are stored from its foot), the drawing's ink and what
the page says drew what came before (`made_by` restores it after)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckpress.findings import Loc
    from deckpress.layout.ops import Op, Tag
    from deckpress.layout.page import Drawing
    from deckpress.layout.text import Typesetter
    from deckpress.model import Block, Card

Source = tuple[int, "Loc | None", str, "Card | None"]
OUTSIDE = (None, "", None)  # what a page says drew what is drawn outside every `made_by` (as `_MadeBy` restores)


@dataclass(frozen=True, slots=True)
class Plate:
    """Ops drawn from one point of a page on, with the tags, sources and found spans beside them (their indexes
    from that point), and the y (mm) the drawing returned: where what follows it starts."""

    ops: tuple[Op, ...]
    tags: tuple[tuple[int, Tag], ...]
    sources: tuple[Source, ...]
    found: tuple[tuple[int, int], ...]
    end: float

    def print(self, d: Drawing) -> float:
        """The plate drawn on `d` after what it holds already; the y below it."""
        page = d.page
        at = len(page.ops)
        page.ops += self.ops
        if self.tags:
            page.tags += [(i + at, tag) for i, tag in self.tags]
        if self.sources:
            page.sources += [(i + at, loc, what, card) for i, loc, what, card in self.sources]
        if self.found:
            page.found += [(a + at, b + at) for a, b in self.found]
        return self.end


class Plates:
    """The plates of one sheet layout for one job, by what decided each (see the module's words)."""

    def __init__(self, ts: Typesetter) -> None:
        self.ts = ts
        self.cast: dict[Hashable, Plate] = {}
        self._contents: dict[int, tuple[Block, str]] = {}

    def content(self, block: Block) -> str:
        """The block's whole content, as its plates, measures and sizes are keyed: its `repr`, made once a block
        while a sheet is laid out (the block held, so its id names no other till `read_anew`)."""
        kept = self._contents.get(id(block))
        if kept is None:
            kept = self._contents[id(block)] = block, repr(block)
        return kept[1]

    def read_anew(self) -> None:
        """Every block's content read again when next asked: another sheet, or this one changed, is laid out."""
        self._contents.clear()

    def set(self, d: Drawing, key: Hashable, draw: Callable[[], float]) -> float:
        """`draw()` on `d`, or the plate it cast before under `key` in a drawing like `d` printed in its place."""
        page = d.page
        whole = (key, d.paper, d.ink, page.sources[-1][1:] if page.sources else OUTSIDE)
        plate = self.cast.get(whole)
        if plate is not None:
            return plate.print(d)
        ops, tags, sources, found, cells = (len(page.ops), len(page.tags), len(page.sources), len(page.found),
                                            len(page.cells))
        with self.ts.heeding() as heeded:
            end = draw()
        if not heeded.met and len(page.cells) == cells and len(page.tags) >= tags:  # nothing said, nothing undone
            self.cast[whole] = Plate(tuple(page.ops[ops:]), tuple((i - ops, tag) for i, tag in page.tags[tags:]),
                                     tuple((i - ops, loc, what, card) for i, loc, what, card in page.sources[sources:]),
                                     tuple((a - ops, b - ops) for a, b in page.found[found:]), end)
        return end
