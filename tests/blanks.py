"""Reading a blank back from its PDF: every path drawn outside a turn, in mm from the page's top-left, with its
dash, whether it was stroked and the grey it was filled with; and the fold lines' positions."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "every-shape" / "content"
PAINT = {b"S": (True, None), b"s": (True, None), b"f": (False, "fill"), b"f*": (False, "fill"),
         b"B": (True, "fill"), b"b": (True, "fill")}


@dataclass
class Drawn:
    subpaths: list[list[tuple[float, float]]]  # each subpath's points (a curve's end point only), mm
    dash: tuple[float, ...]
    stroked: bool
    fill: float | None  # the grey it was filled with; None: not filled
    curves: int = 0
    closed: bool = False

    @property
    def points(self) -> list[tuple[float, float]]:
        return [p for sub in self.subpaths for p in sub]

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        xs, ys = [x for x, _ in self.points], [y for _, y in self.points]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass
class _State:
    height: float
    grey: float = 0.0
    dash: tuple[float, ...] = ()
    turns: int = 0  # q ... cm ... Q nesting: art turned onto a panel
    stack: list[tuple[float, tuple[float, ...], int]] = field(default_factory=list)
    path: list[list[tuple[float, float]]] = field(default_factory=list)
    curves: int = 0
    closed: bool = False

    def at(self, x: float, y: float) -> tuple[float, float]:
        return float(x) / MM, (self.height - float(y)) / MM


def paths(pdf: Path, page: int = 0) -> list[Drawn]:
    """The paths of one page drawn at the page's own scale (outside any turn), in order."""
    reader = PdfReader(pdf)
    p = reader.pages[page]
    s = _State(float(p.mediabox.height))
    out: list[Drawn] = []
    for operands, op in ContentStream(p.get_contents(), reader).operations:
        _step(s, operands, op, out)
    return out


def _step(s: _State, operands: list, op: bytes, out: list[Drawn]) -> None:  # noqa: C901 - one branch an operator
    if op == b"q":
        s.stack.append((s.grey, s.dash, s.turns))
    elif op == b"Q":
        s.grey, s.dash, s.turns = s.stack.pop()
    elif op == b"cm" and [float(v) for v in operands] != [1, 0, 0, 1, 0, 0]:
        s.turns += 1
    elif op == b"g":
        s.grey = float(operands[0])
    elif op == b"d":
        s.dash = tuple(float(v) for v in operands[0])
    elif op == b"m":
        s.path.append([s.at(*operands)])
    elif op == b"l":
        s.path[-1].append(s.at(*operands))
    elif op == b"c":
        s.path[-1].append(s.at(*operands[4:6]))
        s.curves += 1
    elif op == b"re":
        x, y, w, h = (float(v) for v in operands)
        s.path.append([s.at(x, y), s.at(x + w, y), s.at(x + w, y + h), s.at(x, y + h)])
        s.closed = True
    elif op == b"h":
        s.closed = True
    elif op in PAINT or op == b"n":
        if op in PAINT and s.path and not s.turns:
            stroked, fill = PAINT[op]
            out.append(Drawn(s.path, s.dash, stroked, s.grey if fill else None, s.curves, s.closed))
        s.path, s.curves, s.closed = [], 0, False


def cut_line(drawn: list[Drawn]) -> list[Drawn]:
    """The blanks' cut lines: solid, stroked, closed outlines (the legend's line is open), the largest first."""
    cuts = [d for d in drawn if d.stroked and not d.dash and d.closed]
    return sorted(cuts, key=lambda d: -(d.bounds[2] - d.bounds[0]) * (d.bounds[3] - d.bounds[1]))


def folds(drawn: list[Drawn]) -> list[tuple[float, float, float, float]]:
    """Every dashed segment but the legend's (its one path of one segment, at the printer margin): x1, y1, x2, y2
    in mm."""
    return [(*sub[0], *sub[1]) for d in drawn if d.dash and d.stroked and not _legend(d) for sub in d.subpaths]


def _legend(d: Drawn) -> bool:
    return len(d.subpaths) == 1 and near(d.subpaths[0][0][0], 3.5) and near(d.bounds[2] - d.bounds[0], 8)


def near(a: float, b: float) -> bool:
    return abs(a - b) <= 0.01
