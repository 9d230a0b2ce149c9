"""The slug line: every printed page names its game, component, edition, paper, page and version in its margin.

It is set in the edition's smallest text, inside the printable area and clear of everything else on the page
(cards, crop marks, cut lines, the scale bar): in the foot margin, on as many lines as it needs; where the foot
has too little room, it starts in the head margin and ends in the foot. Card sheets keep its band free
(`band_mm`); every page is stamped as it is laid out, so a deck's sheets stay lazy.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from deckpress.draw import fonts
from deckpress.findings import Findings, Loc
from deckpress.layout.page import MM, Document, Page, Sheets, Text, pt
from deckpress.layout.slug_space import obstacles, widest_gap
from deckpress.model import Edition, Game, Theme
from deckpress.paths import hash_tree
from deckpress.words import words

SEPARATOR = " · "
CLEARANCE_MM = 1.0  # between the slug and anything else
MAX_ROWS = 3  # a margin holds at most this many lines of it
SAMPLE_PAGES = 999  # the widest page numbers, for the room a sheet keeps free
Piece = tuple[str, str]  # the separator before it, and its words
Row = tuple[float, float, float]  # baseline, left and right end of its room (pt, PDF coordinates)


@dataclass(frozen=True)
class Stamp:
    """What every page of one game says of itself, whatever its component."""

    game: str  # its title
    version: str  # as declared, and the short hash of its sources
    language: str
    themes: dict[str, Theme]  # edition id -> its theme: the label, the smallest text, the printer margin
    loc: Loc  # the game's game.yaml: where a slug that cannot fit is said


def stamp(game: Game, editions: dict[str, Edition]) -> Stamp:
    """The game's stamp: its version hashes its folder and every layout folder its editions are looked for in."""
    folders = list(dict.fromkeys(f for e in game.editions if e in editions for f in editions[e].folders))
    version = SEPARATOR.join(p for p in (game.version, source_hash(game, folders)) if p)
    return Stamp(game.title, version, game.language, {e.theme.edition: e.theme for e in editions.values()}, game.loc)


def source_hash(game: Game, folders: Sequence[Path]) -> str:
    """7 hex digits over the game's folder and the layout folders it is laid out with (paths and bytes): two
    prints of different sources are told apart, the same sources always give the same."""
    digest = hashlib.sha256()
    for root in [game.dir, *folders]:
        digest.update(b"\0root\0")
        if root.is_dir():
            hash_tree(digest, root)
    return digest.hexdigest()[:7]


def slug_text(doc: Document, mark: Stamp, page: int, pages: int) -> list[str]:
    """The slug's parts, a private or host document's warning first."""
    return parts_of(mark, (doc.title, doc.edition, doc.paper), doc.audience, page, pages)


def parts_of(mark: Stamp, what: tuple[str, str, str], audience: str, page: int = SAMPLE_PAGES,
             pages: int = SAMPLE_PAGES) -> list[str]:
    """The parts for a component (its title, edition id and paper); by default at their widest, for the room a
    sheet keeps free before its pages are counted."""
    title, edition, paper = what
    say, theme = words(mark.language), mark.themes[edition]
    warning = [say[f"slug_{audience}"]] if audience in ("private", "host") else []
    parts = [*warning, mark.game, title, theme.label, say[f"paper_{paper}"],
             say["slug_page"].format(page=page, pages=pages), mark.version]
    return [p for p in parts if p]


def band_mm(parts: list[str], theme: Theme, paper_w: float, rows: int = 0) -> float:
    """The room the slug takes beside the printer margin, mm: `rows` lines, or (0) as many as it needs across
    the printable width, or (negative) that many fewer; 0 for none."""
    face = _Face(theme)
    lines = _lines(_pieces(parts), [(0.0, 0.0, pt(paper_w - 2 * theme.printer_margin_mm))] * MAX_ROWS, face)
    need = rows if rows > 0 else len([x for x in lines or [""] * MAX_ROWS if x]) + rows
    if need <= 0:
        return 0.0
    depth = float(face.ascent + face.descent + (need - 1) * face.leading) / MM
    return depth + CLEARANCE_MM + 0.2  # and a cut line's half width past its cell


def slugged(doc: Document, mark: Stamp | None, findings: Findings) -> Document:
    """The document with its slug on every page; a lazy deck stays lazy, with its page count. A page with no room
    for the slug inside the printer margin is a finding."""
    if mark is None or doc.edition not in mark.themes:
        return doc
    theme = mark.themes[doc.edition]

    def lay_out() -> Iterator[Page]:
        count = len(doc.pages)
        for number, page in enumerate(doc.pages, 1):
            done = with_slug(page, slug_text(doc, mark, number, count), theme)
            if not _clear(done.ops[len(page.ops):], page, pt(theme.printer_margin_mm)):
                findings.error(mark.loc, f"{doc.game} {doc.component} ({theme.edition} edition, {doc.paper}), page "
                                         f"{number}: the slug line does not fit inside the printer margin clear of "
                                         f"what the page holds; leave room at its foot")
            yield done
    return replace(doc, pages=Sheets(len(doc.pages), lay_out))  # lazy, as a deck's sheets are


def with_slug(page: Page, parts: list[str], theme: Theme) -> Page:
    """The page with the slug's lines added (as text ops, so every later check sees them)."""
    face = _Face(theme)
    blocked = obstacles(page, pt(CLEARANCE_MM))
    margin = pt(theme.printer_margin_mm)
    foot = _rows(page, blocked, face, margin, up=True)
    head = _rows(page, blocked, face, margin, up=False)
    lines = []
    fallback = (margin + face.descent, margin, page.width - margin)  # nowhere free: the foot all the same
    for (baseline, left, right), line in _placement(_pieces(parts), head, foot, face, fallback):
        if not line:
            continue
        width = fonts.width(face.font, line, face.size)
        lines.append(Text((left + right - width) / 2, baseline, line, face.font, face.size))
    return replace(page, ops=[*page.ops, *lines])  # a page laid out once is drawn more than once


def _placement(pieces: list[Piece], head: list[Row], foot: list[Row], face: _Face,
               fallback: Row) -> list[tuple[Row, str]]:
    """The foot's lowest rows if they hold it, else the head's top rows and then the foot's; else every row."""
    for used in range(1, len(foot) + 1):
        rows = foot[:used][::-1]  # read from the top row down
        if (lines := _lines(pieces, rows, face)) is not None:
            return list(zip(rows, lines, strict=False))
    for used in range(1, len(head) + 1):
        rows = head[:used] + foot[::-1]
        if (lines := _lines(pieces, rows, face)) is not None:
            return list(zip(rows, lines, strict=False))
    rows = head + foot[::-1] or [fallback]
    return list(zip(rows, _lines(pieces, rows, face, force=True) or [], strict=False))


class _Face:
    def __init__(self, theme: Theme) -> None:
        self.font, self.size = theme.fonts["regular"], theme.min_size
        self.ascent = fonts.ascent(self.font) * self.size
        self.descent = -fonts.font(self.font).face.descent / 1000 * self.size
        self.leading = self.size * max(theme.line_spacing, 1.2)


def _rows(page: Page, blocked: list[tuple[float, float, float, float]], face: _Face, margin: float,
          up: bool) -> list[Row]:
    """Free rows from the foot up (or from the head down), each with the widest room between what is there."""
    rows: list[Row] = []
    for k in range(MAX_ROWS):
        base = (margin + face.descent + k * face.leading if up
                else page.height - margin - face.ascent - k * face.leading)
        gap = widest_gap(blocked, (base - face.descent, base + face.ascent), (margin, page.width - margin))
        if gap is None:
            break
        rows.append((base, *gap))
    return rows


def _pieces(parts: list[str]) -> list[Piece]:
    return [(SEPARATOR if i else "", part) for i, part in enumerate(parts)]


def _lines(pieces: list[Piece], rows: list[Row], face: _Face, force: bool = False) -> list[str] | None:
    """The pieces broken into the rows, between parts where it can, else between words; None if they do not
    fit (`force`: the rest on the last row all the same)."""
    todo, lines = list(pieces), []
    for i, (_, left, right) in enumerate(rows):
        room, line = right - left, ""
        while todo:
            sep, text = todo[0]
            candidate = line + (sep if line else "") + text
            if fonts.width(face.font, candidate, face.size) <= room or (force and i == len(rows) - 1):
                line = candidate
                todo.pop(0)
            elif not line and " " in text:  # one part wider than the row: break it between words
                words_ = text.split(" ")
                todo[0:1] = [(sep, words_[0]), *((" ", w) for w in words_[1:])]
            else:
                break
        lines.append(line)  # empty: a row too narrow for the next part, left out
    return None if todo else lines


def stamped(docs: Sequence[Document], marks: dict[str, Stamp], findings: Findings) -> list[Document]:
    """Every document with its slug: one pass over all of a build's documents."""
    return [slugged(d, marks.get(d.game), findings) for d in docs]


def _clear(lines: Sequence[object], page: Page, margin: float) -> bool:
    """The slug's lines lie inside the printer margin and clear of everything already on the page."""
    drawn = obstacles(page, 0)
    for t in lines:
        if not isinstance(t, Text):
            return False
        x2, top = t.x + fonts.width(t.font, t.text, t.size), t.y + fonts.ascent(t.font) * t.size
        if t.x < margin - 0.01 or x2 > page.width - margin + 0.01:
            return False
        if any(a < x2 and t.x < c and b < top and t.y < d for a, b, c, d in drawn):  # from its baseline up
            return False
    return True
