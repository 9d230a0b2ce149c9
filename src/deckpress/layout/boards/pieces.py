"""A board's pages: the assembly map, its pieces (the board drawn once a piece, at the piece's offset and cut to
it), blank backs where the kit prints both sides, and, with bleed, the whole board on one page for print shops."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from deckpress.draw import fonts
from deckpress.findings import Loc
from deckpress.layout.boards.assembly import assembly_map
from deckpress.layout.boards.schema import Board
from deckpress.layout.boards.tiling import FOLD, GLUE, MOST, Clear, Piece, Sheet, Tiling, crosses, label, tile
from deckpress.layout.context import Job
from deckpress.layout.face import draw_face
from deckpress.layout.marks import crop_mark_segments
from deckpress.layout.overlap import alike, overlaps
from deckpress.layout.page import MM, Drawing, Page, Text
from deckpress.layout.slug import band_mm
from deckpress.layout.slug_space import obstacles
from deckpress.layout.structure import artifact
from deckpress.model import BoardLayout, Card, Component, Game

GUTTER_MM = 1.5  # round each piece: its trim line, and clear of the next piece and the margin
CROSS_MM = 3.0  # a registration cross's arm, at most (less in a narrow strip)
FOLD_DASH = (6.0, 3.0)  # pt, as the press's other fold lines
GLUE_DASH = (1.0, 2.0)  # pt: the dotted edge of a glue strip
Report = Callable[[Loc | None, str], None]  # says a problem of the board where it was written (None: its component)


@dataclass(frozen=True)
class Printed:
    """One board as printed: the card whose values it reads (the parameters' own, without a deck), its title."""

    card: Card
    title: str


def board_pages(boards: list[Printed], layout: BoardLayout, board: Board, job: Job, report: Report, own: Report
                ) -> list[Page]:
    """Every board's map (where it is in more than one piece) and pieces; with bleed, its full-size page too.
    `report` says what this paper's pieces and map meet; `own` what the board meets drawn whole, the same on every
    paper (said of its edition)."""
    tiling = tile(layout.size, board.overlap, board.fold, sheet_room(job))
    if tiling is None:
        w, h = layout.size
        report(None, f"a board of {w:g} x {h:g} mm does not fit on the paper in {MOST} x {MOST} pieces at most with "
               f"{board.overlap:g} mm overlap")
        return []
    pages: list[Page] = []
    for printed in boards:
        clear = _proof(printed, layout, job, own)
        if len(tiling.pieces) > 1 or board.fold:  # one sheet of card stock to fold needs its steps too
            plan = assembly_map(printed.title, tiling, layout, job, board.loc)
            for overlap in overlaps(plan):
                report(None, f"the assembly map: {overlap.describe(plan)}")
            pages += _backed(plan, job)
        for sheet in range(tiling.sheets):
            pages += _backed(_sheet(printed, tiling, sheet, layout, job, clear), job)
        if job.setup.bleed:
            pages.append(full_size(printed, layout, job))
    return pages


def boarded(game: Game, component: Component) -> list[Printed]:
    """The boards a component prints: one a card of its deck (named by the card where there are several), else one
    drawn with the game's parameters."""
    cards = [card for d in component.decks if d in game.decks for card in game.decks[d].printed if card.valid]
    if not component.decks:
        return [Printed(Card(1, {}, {}, component.loc, component.title), component.title)]
    return [Printed(card, f"{component.title}: {card.label}" if len(cards) > 1 else component.title)
            for card in cards]


def sheet_room(job: Job) -> Sheet:
    """What a sheet of pieces keeps free, for this paper, theme and slug."""
    theme = job.theme
    band = band_mm(job.slug, theme, job.size[0]) if job.slug else 0.0
    return Sheet(job.size, theme.printer_margin_mm, _label_mm(job), band, GUTTER_MM)


def _label_size(job: Job) -> float:
    """A piece's label, pt: the edition's smallest text, in bold (the map names the pieces large), so a panel of
    a folding board keeps the most of the sheet."""
    return job.theme.min_size


def _label_mm(job: Job) -> float:
    """The room a piece's label takes above it: a line of its text, and a gap."""
    font, size = job.theme.fonts["bold"], _label_size(job)
    return (fonts.ascent(font) + fonts.descent(font)) * size / MM + 1.0


def _backed(page: Page, job: Job) -> list[Page]:
    """A page, and a blank back where the kit is printed on both sides: no piece is printed behind another."""
    return [page, Drawing((page.width / MM, page.height / MM)).page] if job.setup.duplex else [page]


def _proof(printed: Printed, layout: BoardLayout, job: Job, report: Report) -> Clear:
    """The board laid out once, whole, on a page thrown away: its texts are checked as a card's are (a text a
    line runs through), not against the trim lines that cut them into pieces; an element crossed many times alike
    (a track's numbers crossing one another) is said once, with a count. Says where a registration cross keeps
    clear of its texts."""
    d = Drawing(layout.size)
    draw_face(d, printed.card, layout, (0.0, 0.0), job)
    for overlap, times in alike(d.page, overlaps(d.page)):
        source = d.page.source(overlap.at)
        more = f", and {times - 1} more times like it" if times > 1 else ""
        report(source[0] if source else None, f"{overlap.describe(d.page)}{more}; move or shorten one of them")
    h, reach = layout.size[1], CROSS_MM + 1.0
    texts = [(x1 / MM, h - y2 / MM, x2 / MM, h - y1 / MM) for op in d.page.ops if isinstance(op, Text)
             for x1, y1, x2, y2 in obstacles(Page(d.page.width, d.page.height, [op]), 0)]
    return lambda x, y: not any(x1 < x + reach and x - reach < x2 and y1 < y + reach and y - reach < y2
                                for x1, y1, x2, y2 in texts)


def _sheet(printed: Printed, tiling: Tiling, sheet: int, layout: BoardLayout, job: Job, clear: Clear) -> Page:
    """One sheet of pieces. The board's structure is read from its first piece; the others repeat it as
    furniture, so a screen reader reads the board once."""
    d = Drawing(tiling.paper)
    for piece in (p for p in tiling.pieces if p.sheet == sheet):
        x, y = piece.at
        _, _, w, h = piece.box
        with d.clipped([("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]):
            if piece is tiling.pieces[0]:
                draw_face(d, printed.card, layout, piece.origin, job)
            else:
                with artifact(d):
                    draw_face(d, printed.card, layout, piece.origin, job)
        _marks(d, piece, tiling, job, clear)
        _label(d, piece, tiling, printed.title, job)
    return d.page


def _marks(d: Drawing, piece: Piece, tiling: Tiling, job: Job, clear: Clear) -> None:
    """Its trim line (dashed along a fold: cut there too, then hinge), its fold lines across it, the dotted inner
    edges of its glue strips, and its registration crosses."""
    line = job.theme.line_pt
    cols, rows = tiling.columns, tiling.rows
    r, c = piece.row, piece.column
    x, y = piece.at
    bx, by, w, h = piece.box

    def seam(seams: tuple[str, ...], n: int) -> str:
        return seams[n] if 0 <= n < len(seams) else ""

    edges = ((x, y, x + w, y, seam(rows.seams, r - 1)), (x + w, y, x + w, y + h, seam(cols.seams, c)),
             (x, y + h, x + w, y + h, seam(rows.seams, r)), (x, y, x, y + h, seam(cols.seams, c - 1)))
    for x1, y1, x2, y2, kind in edges:
        d.line(x1, y1, x2, y2, line, dash=FOLD_DASH if kind == FOLD else ())
    for fold in cols.spans[c].folds:
        d.line(x + fold - bx, y, x + fold - bx, y + h, line, dash=FOLD_DASH)
    for fold in rows.spans[r].folds:
        d.line(x, y + fold - by, x + w, y + fold - by, line, dash=FOLD_DASH)
    if seam(cols.seams, c) == GLUE:  # its right strip goes under the next piece
        gx = x + cols.spans[c + 1].start - bx
        d.line(gx, y, gx, y + h, line, dash=GLUE_DASH)
    if seam(rows.seams, r) == GLUE:
        gy = y + rows.spans[r + 1].start - by
        d.line(x, gy, x + w, gy, line, dash=GLUE_DASH)
    arm = min(CROSS_MM, tiling.overlap * 0.3)
    ox, oy = piece.origin
    for cx, cy in crosses(tiling, piece, clear):
        cross(d, ox + cx, oy + cy, arm, line)


def cross(d: Drawing, x: float, y: float, arm: float, line: float) -> None:
    """A registration mark: a cross in a circle, centred on (x, y) mm."""
    d.line(x - arm, y, x + arm, y, line)
    d.line(x, y - arm, x, y + arm, line)
    d.circle(x, y, arm * 0.6, line)


def _label(d: Drawing, piece: Piece, tiling: Tiling, title: str, job: Job) -> None:
    """Above the piece's top-left corner: its name (`B2`), and what it is where the line has room."""
    theme = job.theme
    name = label(piece.row, piece.column)
    strips = _strips(tiling.columns.seams, piece.column) + _strips(tiling.rows.seams, piece.row)
    text = job.say(("board_piece", "board_piece_glue", "board_piece_glues")[strips], label=name, board=title,
                   pieces=len(tiling.rows.spans) * len(tiling.columns.spans))
    font, size = theme.fonts["bold"], _label_size(job)
    if fonts.width(font, text, size) / MM > piece.box[2]:
        text = name
    baseline = piece.at[1] - 0.8 - fonts.descent(font) * size / MM  # clear of the trim line
    d.text(piece.at[0], baseline, text, font, size)


def _strips(seams: tuple[str, ...], n: int) -> int:
    """1 where the seam after the nth column (or row) is glued: the piece's strip there goes under the next."""
    return int(n < len(seams) and seams[n] == GLUE)


def full_size(printed: Printed, layout: BoardLayout, job: Job) -> Page:
    """The whole board on one page for a print shop: its art runs on by the bleed, TrimBox and BleedBox say where
    it is cut, crop marks outside the bleed, room for the slug at the foot."""
    theme, bleed = job.theme, job.setup.bleed
    w, h = layout.size
    edge = theme.printer_margin_mm + theme.crop_length_mm + theme.crop_offset_mm + bleed
    foot = band_mm(job.slug, theme, w + 2 * edge) if job.slug else 0.0
    d = Drawing((w + 2 * edge, h + 2 * edge + foot))
    draw_face(d, printed.card, layout, (edge, edge), job, bleed)
    d.boxes((edge, edge, w, h), bleed)
    frame = (edge - bleed, edge - bleed, w + 2 * bleed, h + 2 * bleed)
    for segment in crop_mark_segments(frame, [edge, edge + w], [edge, edge + h], theme):
        d.line(*segment, theme.line_pt)
    return d.page
