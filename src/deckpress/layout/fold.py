"""The fold line of a fold-and-glue sheet, and its word: at the line's right-hand end, clear of the cards (their
bleed) and of the crop marks, which are the press's own and so never a finding against a designer's layout."""

from __future__ import annotations

from dataclasses import replace

from deckpress.draw import fonts
from deckpress.layout.context import Job
from deckpress.layout.imposition import Imposition, trim_box
from deckpress.layout.marks import CLEARANCE_MM
from deckpress.layout.page import MM, Drawing

Segment = tuple[float, float, float, float]


def fold_line(d: Drawing, plan: Imposition, job: Job) -> None:
    """A dashed line to fold along, named at its end so it is not taken for a cut line, short of the room an
    upright slug keeps at the right; unnamed where bled cards meet at the fold and leave its word no room (a bled
    sheet has no cut lines to take it for; its word over the bleed would be cut away, half of it)."""
    theme, y = job.theme, plan.fold_y
    if y is None:
        return
    named = _named(plan, job)
    end = _label_start(d.paper[0], job, plan.side) - 1 if named else d.paper[0] - theme.printer_margin_mm - plan.side
    d.line(theme.printer_margin_mm, y, end, y, theme.line_pt, dash=(6, 3))
    if named:
        d.text(end + 1, y + fold_label_mm(job)[1] / 2, job.say("fold"), theme.fonts["regular"], theme.min_size)


def fold_label_mm(job: Job) -> tuple[float, float]:
    """The fold line's word: its width and cap height, mm."""
    font, size = job.theme.fonts["regular"], job.theme.min_size
    return fonts.width(font, job.say("fold"), size) / MM, fonts.cap_height(font) * size / MM


def _label_start(paper_width: float, job: Job, side: float) -> float:
    return paper_width - job.theme.printer_margin_mm - side - fold_label_mm(job)[0] - 1


def by_fold_label(mark: Segment, plan: Imposition, job: Job) -> bool:
    """A crop mark where the fold line's word stands (its cut is marked on the other side all the same): one
    whose middle is within a clearance of it, or any part of which crosses it (a mark below the fronts may reach
    across the fold)."""
    if plan.fold_y is None or not _named(plan, job):
        return False
    (width, cap), start, y = fold_label_mm(job), _label_start(plan.paper[0], job, plan.side), plan.fold_y
    reach, xs, ys = cap / 2 + CLEARANCE_MM, (mark[0], mark[2]), (mark[1], mark[3])
    near = max(xs) > start - CLEARANCE_MM and abs(sum(ys) / 2 - y) < reach
    crosses = max(xs) >= start and min(xs) <= start + width and min(ys) < y + reach and max(ys) > y - reach
    return near or crosses


def clear_of_label(plan: Imposition, job: Job, least_left: float) -> Imposition:
    """The sheet with its cards moved left as far as the fold line's word needs to stand clear of them, where the
    fronts and backs meet at the fold with no room for it between (jumbo cards bled on Letter); as it was where
    the word has room, or the cards cannot move far enough (`least_left`: how near the paper's left edge their
    bleed may come)."""
    move = _crossing(plan, job)
    if move <= CLEARANCE_MM or min(x for x, _ in plan.fronts) - job.setup.bleed - move < least_left:
        return plan
    return replace(plan, fronts=tuple((fx - move, fy) for fx, fy in plan.fronts),
                   backs=tuple((bx - move, by) for bx, by in plan.backs))


def _crossing(plan: Imposition, job: Job) -> float:
    """How far (mm) the cards' bleed reaches into the fold line's word, and a clearance, if they meet at the fold;
    up to the clearance, they do not cross it."""
    if plan.fold_y is None or not plan.backs:
        return 0.0
    b, (_, cap) = job.setup.bleed, fold_label_mm(job)
    x, _, w, _ = trim_box([*plan.fronts, *plan.backs], plan.cell)
    fronts_end = max(y for _, y in plan.fronts) + plan.cell[1] + b
    if plan.fold_y - fronts_end >= cap / 2 + CLEARANCE_MM:
        return 0.0  # the word stands between the fronts and the backs
    return x + w + b + CLEARANCE_MM - _label_start(plan.paper[0], job, plan.side)


def _named(plan: Imposition, job: Job) -> bool:
    """Whether the fold line carries its word: always without bleed, as ever (cut lines are solid, the fold
    dashed, but the word says so); with bleed where it stands clear of the cards."""
    return not job.setup.bleed or _crossing(plan, job) <= CLEARANCE_MM
