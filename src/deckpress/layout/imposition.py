"""Imposition: where each card's front and back go on the sheet, for every way of printing.

Single-sided (the default), duplex (backs on the next page, mirrored for the flip the
printer makes), fold-and-glue (backs on the lower half, mirrored across the fold) and
bleed (cards spaced apart so art can run past the trim). Pure geometry in millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PrintSetup:
    """How the sheets will be printed: the backs duplexed or folded, the offset of the back pages, the bleed."""

    duplex: str | None = None  # long-edge | short-edge: backs on the following page
    offset: tuple[float, float] = (0.0, 0.0)  # mm: shifts back pages, from the calibration page
    fold: bool = False  # backs below a fold line on the same sheet
    bleed: float = 0.0  # mm of art past the trim on every side

    @property
    def backs(self) -> bool:
        return self.duplex is not None or self.fold

    def suffix(self) -> str:
        """A file-name suffix naming the options, empty for the default."""
        parts = [f"duplex-{self.duplex}"] if self.duplex else []
        parts += ["fold"] if self.fold else []
        parts += [f"bleed{self.bleed:g}mm"] if self.bleed else []
        return "".join(f"-{p}" for p in parts)

    def manifest(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.duplex:
            out.update(duplex=self.duplex, offset_x_mm=self.offset[0], offset_y_mm=self.offset[1])
        if self.fold:
            out["fold"] = True
        if self.bleed:
            out["bleed_mm"] = self.bleed
        return out


@dataclass(frozen=True)
class Imposition:
    """Where a layout's cards sit on a sheet: each front's and back's trim corner, and the room kept for the slug."""

    cell: tuple[float, float]  # trim size
    fronts: tuple[tuple[float, float], ...]  # top-left of each card's trim, in the order cards fill a sheet
    backs: tuple[tuple[float, float], ...]  # the same cards' backs: on the next page (duplex) or this one (fold)
    fold_y: float | None = None  # the fold line, for fold-and-glue
    paper: tuple[float, float] = (0.0, 0.0)  # the sheet as printed: portrait, or turned landscape if that holds more
    foot: float = 0.0  # mm kept free above the foot's edge margin, for the slug line
    head: float = 0.0  # and below the head's (a fold's fronts keep it there)
    side: float = 0.0  # and inside the right-hand margin, for the slug set upright where the foot has no room

    @property
    def per_sheet(self) -> int:
        return len(self.fronts)


Room = tuple[float, float, float]  # mm kept free at the foot, at the head and at the right, for the slug line


def impose(paper: tuple[float, float], cell: tuple[float, float], grid: tuple[int, int], setup: PrintSetup,
           edge: float, feet: tuple[Room, ...] = ((0.0, 0.0, 0.0),)) -> Imposition | None:
    """The most cards a sheet holds, portrait or landscape, keeping one of `feet` (the slug's room at the foot
    and the head, the likeliest first) free; on a tie portrait and the earlier room win. `grid` caps the
    number of cards a sheet holds: its columns times its rows, laid out either way."""
    return next(iter(impositions(paper, cell, grid, setup, edge, feet)), None)


def impositions(paper: tuple[float, float], cell: tuple[float, float], grid: tuple[int, int], setup: PrintSetup,
                edge: float, feet: tuple[Room, ...] = ((0.0, 0.0, 0.0),)) -> list[Imposition]:
    """Every way `impose` weighs, the best first."""
    pw, ph = paper
    tries = [(size, grid, foot) for size in ((pw, ph), (ph, pw)) for foot in feet]
    plans = [p for size, cap, foot in tries if (p := _imposed(size, cell, cap, setup, edge, foot))]
    return sorted(plans, key=lambda p: -p.per_sheet)  # a stable sort keeps the order of equals


def _imposed(paper: tuple[float, float], cell: tuple[float, float], grid: tuple[int, int], setup: PrintSetup,
             edge: float, room: Room) -> Imposition | None:
    """Centred cells, as many of `grid` as fit inside `edge` mm of the paper's sides and `room` more at the foot
    and the head (moved from the centre where they must); None if none fits."""
    (pw, ph), (cw, ch), b = paper, cell, setup.bleed
    step_x, step_y = cw + 2 * b, ch + 2 * b
    area_h = ph / 2 if setup.fold else ph
    foot, head, side = room
    fit_cols = int((pw - 2 * edge - side) // step_x)
    # fold: the backs are the fronts mirrored, so the fronts keep the slug's room at the head, and may meet the fold
    sides = edge + max(foot, head) if setup.fold else 2 * edge + foot + head
    cols, rows = _most(grid, fit_cols, int((area_h - sides) // step_y))
    if cols < 1 or rows < 1:
        return None
    x0 = min((pw - cols * step_x) / 2, pw - edge - side - cols * step_x) + b  # moved left for the side's room
    y0 = (area_h - rows * step_y) / 2 + b
    y0 = max(y0, edge + max(foot, head) + b) if setup.fold else max(min(y0, ph - edge - foot - rows * step_y + b),
                                                                   edge + head + b)
    fronts = tuple((x0 + c * step_x, y0 + r * step_y) for r in range(rows) for c in range(cols))
    return Imposition(cell, fronts, _backs(fronts, (pw, ph), cell, setup), ph / 2 if setup.fold else None,
                      (pw, ph), foot, head, side)


def _most(grid: tuple[int, int], fit_cols: int, fit_rows: int) -> tuple[int, int]:
    """The columns and rows holding the most cards, at most the grid's columns x rows; of equals, the grid's own
    shape, else the nearest to it."""
    most = grid[0] * grid[1]
    shapes = [(c, min(fit_rows, most // c)) for c in range(1, fit_cols + 1)]
    return max(shapes, key=lambda s: (s[0] * s[1], s == grid, -abs(s[0] - grid[0])), default=(0, 0))


def _backs(fronts: tuple[tuple[float, float], ...], paper: tuple[float, float], cell: tuple[float, float],
           setup: PrintSetup) -> tuple[tuple[float, float], ...]:
    """Where each back falls behind its front once the sheet is turned over: across the fold at half height, or
    as the printer flips it. A long-edge flip turns a portrait sheet about its upright axis (left and right
    swap) but a landscape sheet about its level one (head and foot swap); a short-edge flip the other way."""
    (pw, ph), (cw, ch), (ox, oy) = paper, cell, setup.offset
    if setup.fold:
        return tuple((x, ph - y - ch) for x, y in fronts)
    sideways = (setup.duplex == "short-edge") == (pw > ph)  # long-edge (and the unused default) on portrait
    if sideways:
        return tuple((pw - x - cw + ox, y + oy) for x, y in fronts)
    return tuple((x + ox, ph - y - ch + oy) for x, y in fronts)


def trim_box(cells: list[tuple[float, float]], cell: tuple[float, float]) -> tuple[float, float, float, float]:
    """The box (x, y, w, h in mm) round the trims of these cells."""
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    return min(xs), min(ys), max(xs) + cell[0] - min(xs), max(ys) + cell[1] - min(ys)


SINGLE_SIDED = PrintSetup()  # the default: what the seeds ask for
