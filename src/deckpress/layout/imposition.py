"""Imposition: where each card's front and back go on the sheet, for every way of printing.

Single-sided (the default), duplex (backs on the next page, mirrored for the flip the
printer makes), fold-and-glue (backs on the lower half, mirrored across the fold) and
bleed (cards spaced apart so art can run past the trim). Pure geometry in millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PrintSetup:
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
    cell: tuple[float, float]  # trim size
    fronts: tuple[tuple[float, float], ...]  # top-left of each card's trim, in the order cards fill a sheet
    backs: tuple[tuple[float, float], ...]  # the same cards' backs: on the next page (duplex) or this one (fold)
    fold_y: float | None = None  # the fold line, for fold-and-glue

    @property
    def per_sheet(self) -> int:
        return len(self.fronts)


def impose(paper: tuple[float, float], cell: tuple[float, float], grid: tuple[int, int], setup: PrintSetup,
           edge: float) -> Imposition | None:
    """Centred cells, as many of `grid` as fit inside `edge` mm of the paper's sides; None if none fits."""
    (pw, ph), (cw, ch), b = paper, cell, setup.bleed
    step_x, step_y = cw + 2 * b, ch + 2 * b
    area_h = ph / 2 if setup.fold else ph
    cols = min(grid[0], int((pw - 2 * edge) // step_x))
    rows = min(grid[1], int((area_h - 2 * edge) // step_y))
    if cols < 1 or rows < 1:
        return None
    x0 = (pw - cols * step_x) / 2 + b
    y0 = (area_h - rows * step_y) / 2 + b
    fronts = tuple((x0 + c * step_x, y0 + r * step_y) for r in range(rows) for c in range(cols))
    ox, oy = setup.offset
    if setup.fold:
        backs = tuple((x, ph - y - ch) for x, y in fronts)  # mirrored across the fold at half height
    elif setup.duplex == "short-edge":
        backs = tuple((x + ox, ph - y - ch + oy) for x, y in fronts)
    else:  # long-edge, and the default (unused)
        backs = tuple((pw - x - cw + ox, y + oy) for x, y in fronts)
    return Imposition(cell, fronts, backs, ph / 2 if setup.fold else None)


def trim_box(cells: list[tuple[float, float]], cell: tuple[float, float]) -> tuple[float, float, float, float]:
    """The box (x, y, w, h in mm) round the trims of these cells."""
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    return min(xs), min(ys), max(xs) + cell[0] - min(xs), max(ys) + cell[1] - min(ys)


SINGLE_SIDED = PrintSetup()  # the default: what the seeds ask for
