"""The slug line: every printed page names its game, component, edition, paper, page and version in its margin.

It is set in the edition's smallest text, inside the printer margin and clear of everything else on the page
(cards, crop marks, cut lines, the scale bar), and always whole: its lines stacked at the foot, else at the head,
else upright in a side margin; each line within the edition's measure for running text (large print: 6 in) where
the page holds that, else across it. Card sheets keep its room free (`band_mm`, at the foot or at the right),
booklets and sheets their foot (`foot_mm`), unless that costs a page and their matter leaves it room without
(`holds`) or beside a narrower matter (`side_mm`); every page is stamped as it is laid out, so a deck's sheets
stay lazy, and checked: nothing on an A4 or Letter page may lie inside the printer margin.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from deckpress.draw import fonts, scripts
from deckpress.findings import Findings, Loc
from deckpress.layout.page import MM, PAPERS, Document, Page, Sheets, Text, pt
from deckpress.layout.reverse import reversed_out
from deckpress.layout.slug_space import Box, beyond, box_of, describe, obstacles, widest_gap
from deckpress.model import Edition, Game, Theme
from deckpress.paths import hash_tree, real
from deckpress.words import words

SEPARATOR = " · "
CLEARANCE_MM = 1.0  # between the slug and anything else
SAMPLE_PAGES = 999  # the widest page numbers, for the room a sheet keeps free
Piece = tuple[str, str]  # the separator before it, and its words


@dataclass(frozen=True)
class Stamp:
    """What every page of one game says of itself, whatever its component."""

    game: str  # its title
    version: str  # as declared, and the short hash of its sources
    language: str
    themes: dict[str, Theme]  # edition id -> its theme: the label, the smallest text, the printer margin
    loc: Loc  # the game's game.yaml: where a slug that cannot fit is said
    titles: dict[str, Loc] = field(default_factory=dict)  # component id -> where its title is written (its PO entry)


def stamp(game: Game, editions: dict[str, Edition]) -> Stamp:
    """The game's stamp: its version hashes its folder and every layout folder its editions are looked for in."""
    # each folder once, however it is named (a game's own layouts/ named again by --layouts, another way)
    folders = list({real(f): f for e in game.editions if e in editions for f in editions[e].folders}.values())
    version = SEPARATOR.join(p for p in (game.version, source_hash(game, folders)) if p)
    titles = {c.id: game.text_entries.get(c.title, c.loc) for c in game.components}
    return Stamp(game.title, version, game.language, {e.theme.edition: e.theme for e in editions.values()}, game.loc,
                 titles)


def source_hash(game: Game, folders: Sequence[Path]) -> str:
    """7 hex digits over the game's folder and the layout folders it is laid out with that hold files (each once:
    the paths inside them and their bytes): two prints of different sources are told apart, the same sources
    always give the same, however their folders are named. The game's translations are left out but for a
    translation's own PO file: a language's print changes with its sources alone."""
    digest = hashlib.sha256()
    for root in [game.dir, *folders]:  # a folder searched that is empty or not there holds no source
        hash_tree(digest, root, skip="translations" if root == game.dir else None, heading=b"\0root\0")
    if game.source_game and (po := game.dir / "translations" / f"{game.language}.po").is_file():
        digest.update(b"\0translation\0" + po.read_bytes())
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


def band_mm(parts: list[str], theme: Theme, paper_w: float, wide: bool = False) -> float:
    """The room the whole slug takes beside the printer margin, mm: its lines stacked, in the edition's measure
    (`wide`: across the printable width), and its clearance; 0 for none."""
    face = _Face(theme)
    lines = _broken(_pieces(parts), _measures(theme, pt(paper_w))[-1 if wide else 0], face)
    return _depth(len(lines), face) / MM + CLEARANCE_MM + 0.2 if lines else 0.0  # and a cut line's half width


def foot_mm(parts: list[str], theme: Theme, paper: tuple[float, float], margin: float) -> float:
    """How far above the paper's foot a page's matter ends, mm: its layout's margin, or more where the whole
    slug needs more room below it."""
    return max(margin, theme.printer_margin_mm + band_mm(parts, theme, paper[0])) if parts else margin


def side_mm(parts: list[str], theme: Theme, paper: tuple[float, float], margin: float) -> float:
    """How far from the paper's right edge a page's matter ends, mm, for the whole slug to stand upright in the
    right-hand margin, as a card sheet's does where its foot would cost cards: its layout's margin, or more."""
    return max(margin, theme.printer_margin_mm + band_mm(parts, theme, paper[1])) if parts else margin


def slugged(doc: Document, mark: Stamp | None, findings: Findings) -> Document:
    """The document with its slug on every page; a lazy deck stays lazy, with its page count. A page with no room
    for the whole slug inside the printer margin is a finding, and so is anything the page holds nearer the
    paper's edge than the printer margin."""
    if mark is None or doc.edition not in mark.themes:
        return doc
    theme = mark.themes[doc.edition]
    where = f"{doc.game} {doc.component} ({theme.edition} edition, {doc.paper})"
    _glyphs(" ".join(slug_text(doc, mark, 1, len(doc.pages))), theme.fonts["regular"], doc.component,
            f"{doc.game} {doc.component}", mark, findings)

    def lay_out() -> Iterator[Page]:
        count = len(doc.pages)
        for number, page in enumerate(doc.pages, 1):
            done = with_slug(page, slug_text(doc, mark, number, count), theme)
            if not _clear(done.ops[len(page.ops):], page, pt(theme.printer_margin_mm)):
                findings.error(mark.loc, f"{where}, page {number}: the slug line does not fit whole inside the "
                                         f"printer margin clear of what the page holds; leave room at its foot")
            if doc.paper in PAPERS:  # office papers: a full-size board page goes to a print shop
                margin_findings(page, theme, f"{where}, page {number}", mark.loc, findings)
            yield reversed_out(done, theme.reverse) if theme.reverse else done
    return replace(doc, pages=Sheets(len(doc.pages), lay_out))  # lazy, as a deck's sheets are


def _glyphs(text: str, font: str, component: str, where: str, mark: Stamp, findings: Findings) -> None:
    """A character of the slug's words (a component's title, the game's) that its face cannot draw: a finding, as
    one in a card's text is (an empty box in every page's slug otherwise)."""
    missing = fonts.missing_glyphs(font, text)
    if missing:
        findings.error(mark.titles.get(component, mark.loc),
                       f"{where}, slug line: {mark.language}: {scripts.no_glyph(font, missing)}")


def margin_findings(page: Page, theme: Theme, where: str, loc: Loc, findings: Findings) -> None:
    """Everything drawn nearer the paper's edge than the theme's printer margin, each where it was written; on a
    page of backs the duplex offset moved, said with the offset where it may have brought it there (the host's
    doing, or the game's `printing`, not the layout's)."""
    margin, (dx, dy) = theme.printer_margin_mm, page.moved
    for at, gap in beyond(page, pt(margin)):
        source = page.source(at) if at >= 0 else None
        what = f"{source[1]}: " if source is not None and source[1] else ""
        moved = gap / MM + max(abs(dx), abs(dy)) >= margin  # unmoved, it might have stood clear
        fix = (f"; the duplex offset ({dx:g}, {dy:g} mm) moved this page of backs: print with a smaller offset, or "
               "move it in") if moved else "; move it in"
        findings.error(source[0] if source is not None and source[0] is not None else loc,
                       f"{where}: {what}{describe(page.ops[at] if at >= 0 else None)} lies {gap / MM:.1f} mm from "
                       f"the paper's edge, inside the printer margin of {margin:g} mm (printers cannot print there)"
                       f"{fix}")


def with_slug(page: Page, parts: list[str], theme: Theme) -> Page:
    """The page with the slug's lines added, whole: stacked at the foot, else at the head, else upright in a side
    margin; in the edition's measure where one of those holds it, else across the printable width (as text ops,
    so every later check sees them)."""
    face = _Face(theme)
    blocked = obstacles(page, pt(CLEARANCE_MM))
    margin = pt(theme.printer_margin_mm)
    pieces = _pieces(parts)
    for at in (0, -1):  # the edition's measure, else as long as the page is wide (or, upright, tall)
        if placed := _placed(page, blocked, pieces, theme, at):
            return replace(page, ops=[*page.ops, *placed])  # a page laid out once is drawn more than once
    lines = _broken(pieces, _measures(theme, page.width)[-1], face)
    room = (margin, page.width - margin)  # nowhere free: at the foot all the same (a finding)
    return replace(page, ops=[*page.ops, *_stacked(lines, face, margin + face.descent, room, up=True)])


def holds(page: Page, parts: list[str], theme: Theme) -> bool:
    """The page has room for the whole slug in the edition's measure, clear of what it holds: a sheet that needs
    no room kept at its foot (its matter leaves the slug room there, at the head or beside it)."""
    return bool(_placed(page, obstacles(page, pt(CLEARANCE_MM)), _pieces(parts), theme, 0))


def _placed(page: Page, blocked: list[Box], pieces: list[Piece], theme: Theme, at: int) -> list[Text]:
    """The lines at the foot, else at the head, else upright in a side margin, in the measure `at` (0: the
    edition's, -1: the page's); none if nowhere holds them."""
    face, margin = _Face(theme), pt(theme.printer_margin_mm)
    level = _broken(pieces, _measures(theme, page.width)[at], face)
    return (_level(page, blocked, level, face, margin, up=True) or _level(page, blocked, level, face, margin, up=False)
            or _upright(page, blocked, _broken(pieces, _measures(theme, page.height)[at], face), face, margin))


class _Face:
    def __init__(self, theme: Theme) -> None:
        self.font, self.size = theme.fonts["regular"], theme.min_size
        self.ascent = fonts.ascent(self.font) * self.size
        self.descent = -fonts.font(self.font).face.descent / 1000 * self.size
        self.leading = self.size * max(theme.line_spacing, 1.2)


def _depth(lines: int, face: _Face) -> float:
    """How deep `lines` stacked lines are, from the first's ascent to the last's descent, pt."""
    return float(face.ascent + face.descent + (lines - 1) * face.leading)


def _measures(theme: Theme, across: float) -> list[float]:
    """The longest a line of it may be, pt: the edition's measure for running text (large print: 6 in) where the
    page has room for that, else all the page holds `across` (its width, or its height for upright lines)."""
    printable = across - 2 * pt(theme.printer_margin_mm)
    return [m for m in (pt(theme.max_line_mm),) if m < printable] + [printable]


def _level(page: Page, blocked: list[Box], lines: list[str], face: _Face, margin: float, up: bool) -> list[Text]:
    """The lines stacked level at the foot (`up`) or the head, centred in the widest room they all have; none
    if it is too narrow for the longest."""
    depth = _depth(len(lines), face)
    low = margin if up else page.height - margin - depth
    room = widest_gap(blocked, (low, low + depth), (margin, page.width - margin))
    if room is None or room[1] - room[0] < _longest(lines, face):
        return []
    return _stacked(lines, face, low + depth - face.ascent, room, up=False)


def _stacked(lines: list[str], face: _Face, first: float, room: tuple[float, float], up: bool) -> list[Text]:
    """Level lines, each centred in `room`, the first's baseline at `first` and the rest below it (or, `up`,
    the last's at `first` and the rest above it)."""
    step = face.leading
    start = first + (len(lines) - 1) * step if up else first
    return [Text((room[0] + room[1] - _width(line, face)) / 2, start - i * step, line, face.font, face.size)
            for i, line in enumerate(lines)]


def _upright(page: Page, blocked: list[Box], lines: list[str], face: _Face, margin: float) -> list[Text]:
    """The lines turned to read upwards in the right margin, else the left, centred in the longest room there;
    none if neither holds them."""
    depth, longest = _depth(len(lines), face), _longest(lines, face)
    for left in (page.width - margin - depth, margin):
        across = [(y1, x1, y2, x2) for x1, y1, x2, y2 in blocked]  # the column seen sideways
        room = widest_gap(across, (left, left + depth), (margin, page.height - margin))
        if room is not None and room[1] - room[0] >= longest:
            middle = (room[0] + room[1]) / 2
            return [Text(left + face.ascent + i * face.leading, middle - _width(line, face) / 2, line, face.font,
                         face.size, angle=90) for i, line in enumerate(lines)]
    return []


def _width(line: str, face: _Face) -> float:
    return float(fonts.width(face.font, line, face.size))


def _longest(lines: list[str], face: _Face) -> float:
    return max(_width(line, face) for line in lines)


def _pieces(parts: list[str]) -> list[Piece]:
    return [(SEPARATOR if i else "", part) for i, part in enumerate(parts)]


def _broken(pieces: list[Piece], measure: float, face: _Face) -> list[str]:
    """The pieces broken into the fewest lines of at most `measure` pt, between parts where it can, else between
    words (a word longer than the measure has a line of its own)."""
    todo, lines, line = list(pieces), [], ""
    while todo:
        sep, text = todo[0]
        candidate = line + (sep if line else "") + text
        if not line or _width(candidate, face) <= measure:
            if not line and _width(candidate, face) > measure and " " in text:  # wider than a line: by words
                words_ = text.split(" ")
                todo[0:1] = [(sep, words_[0]), *((" ", w) for w in words_[1:])]
                continue
            line = candidate
            todo.pop(0)
        else:
            lines.append(line)
            line = ""
    return [*lines, line] if line else lines


def stamped(docs: Sequence[Document], marks: dict[str, Stamp], findings: Findings) -> list[Document]:
    """Every document with its slug: one pass over all of a build's documents."""
    return [slugged(d, marks.get(d.game), findings) for d in docs]


def _clear(lines: Sequence[object], page: Page, margin: float) -> bool:
    """The slug's lines lie inside the printer margin and clear of everything already on the page."""
    drawn = obstacles(page, 0)
    for t in lines:
        if not isinstance(t, Text):
            return False
        for x1, y1, x2, y2 in box_of(t):
            if x1 < margin - 0.01 or x2 > page.width - margin + 0.01 or y1 < margin - 0.01 or \
                    y2 > page.height - margin + 0.01:
                return False
            low = y1 if t.angle else t.y  # a level line from its baseline up: a descender may meet a cut line
            if any(a < x2 and x1 < c and b < y2 and low < d for a, b, c, d in drawn):
                return False
    return True
