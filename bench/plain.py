"""The baseline of the benchmarks: a plain ReportLab script drawing the lot cards of `bench/cards.py` as a
hand-written script would (63 x 88 mm, nine a page, cut lines, Atkinson Hyperlegible, the pictograms' shapes drawn
on every card, text wrapped greedily). It imports nothing of deckpress, so it also runs as a whole process of its
own: `python bench/plain.py N OUT.pdf`.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import Any

import fontpkg_atkinson_hyperlegible as atkinson
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

COLLECTIONS = ["Lanterns", "Teacups", "Keys", "Maps"]
# The lots' pictograms as a hand-written script keeps them (deckpress draws the same from its SVG files,
# content/pocket-bazaar/icons/): x right, y down in a unit square; fill None = outline only, 0 = black.
PICTOGRAMS: dict[str, tuple[tuple[Any, ...], ...]] = {
    "lantern": (
        ("circle", 0.5, 0.08, 0.06, None),
        ("poly", ((0.30, 0.26), (0.70, 0.26), (0.60, 0.14), (0.40, 0.14)), 0, True),
        ("rect", 0.28, 0.26, 0.44, 0.52, None),
        ("line", 0.43, 0.26, 0.43, 0.78),
        ("line", 0.57, 0.26, 0.57, 0.78),
        ("poly", ((0.5, 0.38), (0.56, 0.52), (0.5, 0.64), (0.44, 0.52)), 0, True),
        ("rect", 0.24, 0.78, 0.52, 0.10, 0),
    ),
    "teacup": (
        ("poly", ((0.16, 0.34), (0.72, 0.34), (0.64, 0.72), (0.24, 0.72)), None, True),
        ("circle", 0.78, 0.47, 0.09, None),
        ("line", 0.08, 0.80, 0.92, 0.80),
        ("poly", ((0.14, 0.80), (0.86, 0.80), (0.78, 0.86), (0.22, 0.86)), 0, True),
        ("poly", ((0.36, 0.26), (0.40, 0.16), (0.36, 0.06)), None, False),
        ("poly", ((0.52, 0.26), (0.56, 0.16), (0.52, 0.06)), None, False),
    ),
    "key": (
        ("circle", 0.24, 0.5, 0.16, None),
        ("circle", 0.24, 0.5, 0.06, 0),
        ("line", 0.40, 0.5, 0.92, 0.5),
        ("rect", 0.70, 0.5, 0.06, 0.16, 0),
        ("rect", 0.84, 0.5, 0.06, 0.22, 0),
    ),
    "map": (
        ("poly", ((0.06, 0.20), (0.36, 0.12), (0.64, 0.20), (0.94, 0.12), (0.94, 0.80), (0.64, 0.88),
                  (0.36, 0.80), (0.06, 0.88)), None, True),
        ("line", 0.36, 0.12, 0.36, 0.80),
        ("line", 0.64, 0.20, 0.64, 0.88),
        ("poly", ((0.16, 0.70), (0.28, 0.52), (0.46, 0.60), (0.56, 0.40), (0.76, 0.46)), None, False),
        ("circle", 0.82, 0.36, 0.05, 0),
    ),
}


PICTOGRAM_OF = {"Lanterns": "lantern", "Teacups": "teacup", "Keys": "key", "Maps": "map"}


def plain_reportlab(n: int, out: Path) -> None:
    """The baseline: the same cards drawn directly, as a hand-written script would: same size, font, texts,
    pictograms and lines; text broken into lines greedily, without shrink-to-fit or checks."""
    regular, bold = _fonts()
    canvas = Canvas(str(out), pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1)
    left, top = 10.5 * mm, (297 - 16.5) * mm
    for i in range(n):
        slot = i % 9
        if slot == 0:
            if i:
                canvas.showPage()
            for k in range(4):  # cut lines along the grid
                canvas.line(left + 63 * mm * k, top, left + 63 * mm * k, top - 264 * mm)
                canvas.line(left, top - 88 * mm * k, left + 189 * mm, top - 88 * mm * k)
        x, y = left + 63 * mm * (slot % 3), top - 88 * mm * (slot // 3)  # the card's top-left
        collection, points = COLLECTIONS[i % 4], i % 6 + 1
        canvas.line(x + 10 * mm, y - 76 * mm, x + 53 * mm, y - 76 * mm)
        canvas.setFont(bold, 34)
        canvas.drawString(x + 4 * mm, y - 14 * mm, str(points))
        canvas.setFont(bold, 16)
        canvas.drawString(x + 4 * mm, y - 24 * mm, collection)
        canvas.setFont(regular, 10)
        canvas.drawString(x + 4 * mm, y - 30 * mm, f"{points} point{'' if points == 1 else 's'}")
        _pictogram(canvas, PICTOGRAM_OF[collection], x + 45 * mm, y - 4 * mm, 14 * mm)
        _pictogram(canvas, PICTOGRAM_OF[collection], x + 18.5 * mm, y - 34 * mm, 26 * mm)
        _centred(canvas, f"Lot number {i + 1}, a curiosity of the bench.", regular, 10, x + 31.5 * mm, y - 68 * mm)
        _centred(canvas, "No special effect. A set of all four collections earns 6 bonus points once per game.",
                 regular, 7, x + 31.5 * mm, y - 80 * mm)
    canvas.save()


def _centred(canvas: Canvas, text: str, name: str, size: float, centre: float, baseline: float) -> None:
    canvas.setFont(name, size)
    line: list[str] = []
    for word in text.split():
        if line and canvas.stringWidth(" ".join([*line, word]), name, size) > 55 * mm:
            canvas.drawCentredString(centre, baseline, " ".join(line))
            baseline -= size * 1.2
            line = []
        line.append(word)
    canvas.drawCentredString(centre, baseline, " ".join(line))


def _pictogram(canvas: Canvas, name: str, x: float, y: float, size: float) -> None:
    """The same shapes deckpress draws (from its SVG icons)."""
    canvas.setLineWidth(0.75)
    for shape in PICTOGRAMS[name]:
        kind, fill = shape[0], None
        if kind == "line":
            canvas.line(x + shape[1] * size, y - shape[2] * size, x + shape[3] * size, y - shape[4] * size)
            continue
        if kind == "rect":
            fill = shape[5]
            canvas.rect(x + shape[1] * size, y - (shape[2] + shape[4]) * size, shape[3] * size, shape[4] * size,
                        fill=int(fill is not None))
        elif kind == "circle":
            fill = shape[4]
            canvas.circle(x + shape[1] * size, y - shape[2] * size, shape[3] * size, fill=int(fill is not None))
        else:
            fill = shape[2]
            path = canvas.beginPath()
            (px, py), *rest = shape[1]
            path.moveTo(x + px * size, y - py * size)
            for px, py in rest:
                path.lineTo(x + px * size, y - py * size)
            if shape[3]:
                path.close()
            canvas.drawPath(path, fill=int(fill is not None))


@cache
def _fonts() -> tuple[str, str]:
    """The regular and bold faces, registered under names of their own (a build in the same process keeps its own
    registration of the same files)."""
    names = []
    for face in ("Regular", "Bold"):
        name = f"Plain-{face}"
        pdfmetrics.registerFont(TTFont(name, str(atkinson.ROOT / "files" / f"AtkinsonHyperlegible-{face}.ttf")))
        names.append(name)
    return names[0], names[1]


if __name__ == "__main__":
    plain_reportlab(int(sys.argv[1]), Path(sys.argv[2]))
