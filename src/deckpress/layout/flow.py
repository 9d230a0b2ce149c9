"""One copy of a sheet flowed down as many pages as it needs, reading on from page to page: a heading is never a
page's last line, a table runs on row by row repeating its header row, and every later page opens with the copy's
running head (the headings the copy opens with: a ledger's desk and market, the answer guide's warning and market),
its last one marked continued."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from deckpress.findings import echoed
from deckpress.layout.page import Drawing, Page
from deckpress.layout.structure import artifact
from deckpress.model import Block, SheetLayout

if TYPE_CHECKING:
    from deckpress.layout.context import Job

Box = tuple[float, float, float, float]


class Setter(Protocol):
    """What sets a sheet's blocks (deckpress.layout.sheets.SheetSetter): the flow decides where, the setter how."""

    job: Job
    layout: SheetLayout

    def measure(self, block: Block, box: Box) -> float:
        """Where `block` set in `box` ends, drawn nowhere and reporting nothing: where setting it there ends it."""

    def block(self, d: Drawing, block: Block, box: Box) -> float: ...

    def table_sizes(self, block: Block, w: float) -> tuple[float, list[float]]: ...

    def table(self, d: Drawing, block: Block, at: tuple[float, float, float], rows: range | None = None,
              cont: bool = False) -> float: ...

EPS = 1e-6
KEEP_ROWS = 2  # rows a table keeps with its header (and a heading with the table after it)


class Flow:
    def __init__(self, setter: Setter, blocks: list[Block], ends: tuple[float, float], dry: bool = False) -> None:
        """`ends`: how far from the paper's right edge and its foot the matter ends, mm (the slug's room). `dry`:
        only the pages counted, a table's rows not drawn but stepped down by their heights, as setting them does
        (`TableSetter.table`): the same pages, the same breaks."""
        self.setter, self.blocks, self.dry = setter, blocks, dry
        (pw, ph), m = setter.job.size, setter.layout.margin
        self.x, self.w, self.top, self.bottom = m, pw - m - ends[0], m, ph - ends[1]
        self.head = _running_head(blocks)
        self.drawings: list[Drawing] = []
        self.y = self.bottom  # no page yet
        self.fresh = self.y  # where the current page's own matter starts (below its running head)

    def run(self) -> list[Page]:
        for i, block in enumerate(self.blocks):
            if i < len(self.head) and not self.drawings[1:]:
                self.place(block, self.room(block))  # the running head, set once on the first page
            elif block.kind == "table":
                self.table(block)
            else:
                self.place(block, self.needed(i))
        return [d.page for d in self.drawings]

    def place(self, block: Block, need: float) -> None:
        """A block on this page if `need` fits what is left of it, else on a new one."""
        if not self.drawings or (self.y > self.fresh + EPS and self.y + need > self.bottom + EPS):
            self.new_page()
        end = self.setter.measure(block, self.box())
        if end > self.bottom + EPS:
            job = self.setter.job
            job.findings.error(block.loc, f"{job.where}: a {block.kind} block is {end - self.y:.0f} mm tall, "
                                          f"more than a page holds ({job.theme.edition} edition)")
        # dry, where the block was just measured to end: setting it there ends it there (see `Setter.measure`)
        self.y = (end if self.dry else self.setter.block(self.drawings[-1], block, self.box())) + \
            self.setter.layout.gap

    def table(self, block: Block) -> None:
        """As many rows as fit on each page, the header row repeated above each part."""
        header_h, heights = self.setter.table_sizes(block, self.w)
        start = 0
        while True:  # one table over its pages

            fits = self._rows_fitting(header_h, heights, start)
            keep = min(KEEP_ROWS, len(heights) - start)
            if not self.drawings or (fits < keep and self.y > self.fresh + EPS):
                self.new_page()
                fits = self._rows_fitting(header_h, heights, start)
            fits = max(fits, min(1, len(heights) - start))  # a row taller than a page: set, and run over
            d = self.drawings[-1]
            if self.dry:
                self.y = _below(self.y, header_h, heights, range(start, start + fits))
            else:
                with d.made_by(block.loc, f"table '{echoed(block.corner)}'"):
                    self.y = self.setter.table(d, block, (self.x, self.y, self.w), range(start, start + fits),
                                               start > 0)
            self.y += self.setter.layout.gap
            start += fits
            if start >= len(heights):
                return
            self.new_page()

    def _rows_fitting(self, header_h: float, heights: list[float], start: int) -> int:
        y, n = self.y + header_h, 0
        for h in heights[start:]:
            if y + h > self.bottom + EPS:
                break
            y, n = y + h, n + 1
        return n

    def needed(self, i: int) -> float:
        """Room block `i` needs where it starts: a heading, its own and the start of what follows it."""
        block = self.blocks[i]
        need = self.room(block)
        if block.kind == "heading" and i + 1 < len(self.blocks):
            following = self.blocks[i + 1]
            if following.kind == "table":
                header_h, heights = self.setter.table_sizes(following, self.w)
                more = header_h + sum(heights[:KEEP_ROWS])
            else:
                more = self.needed(i + 1)
            need += self.setter.layout.gap + more
        return min(need, self.bottom - self.fresh)  # more than a page: start it where it is

    def room(self, block: Block) -> float:
        return self.setter.measure(block, (self.x, 0.0, self.w, self.bottom - self.top))

    def new_page(self) -> None:
        """A new page; after the first, it opens with the running head, continued."""
        self.drawings.append(Drawing(self.setter.job.size))
        self.y = self.top
        if len(self.drawings) > 1:
            for n, block in enumerate(self.head):
                last = n == len(self.head) - 1
                shown = replace(block, text=self.setter.job.say("continued", label=block.text)) if last else block
                with artifact(self.drawings[-1]):  # a repeat: read once, where the copy opens
                    self.y = self.setter.block(self.drawings[-1], shown, self.box()) + self.setter.layout.gap
        self.fresh = self.y

    def box(self) -> tuple[float, float, float, float]:
        return self.x, self.y, self.w, self.bottom - self.y


def _below(y: float, header_h: float, heights: list[float], rows: range) -> float:
    """Where a table's header row and rows `rows` set from `y` end, summed in the order setting them sums."""
    y += header_h
    for r in rows:
        y += heights[r]
    return y


def _running_head(blocks: list[Block]) -> list[Block]:
    """The headings a copy opens with, repeated on each of its later pages."""
    head: list[Block] = []
    for block in blocks:
        if block.kind != "heading":
            break
        head.append(block)
    return head
