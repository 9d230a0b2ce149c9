"""Cost per card: deckpress against a plain ReportLab script drawing the same cards, in the same process.

A generated lot deck of N cards (63 x 88 mm, nine a page, Atkinson Hyperlegible, the
same texts and pictograms) is built by deckpress (load, validate, lay out, render,
finish, kit, text edition, catalogue) and then drawn by a bare ReportLab loop in the same
process, so the ratio of the two times holds on a noisy machine. Each size runs in a
fresh process, whose peak resident memory is reported.
"""

from __future__ import annotations

import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from deckpress.build import build
from deckpress.draw.fonts import font
from deckpress.options import Options

ROOT = Path(__file__).resolve().parent.parent
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


def deck(n: int, folder: Path) -> Path:
    """A copy of The Pocket Bazaar with n lots (its deck checks loosened to match)."""
    game = folder / "pocket-bazaar"
    shutil.copytree(ROOT / "content" / "pocket-bazaar", game)
    lines = ["cards:"]
    for i in range(n):
        lines += [f"  - collection: {COLLECTIONS[i % 4]}", f"    points: {i % 6 + 1}",
                  f"    flavour: Lot number {i + 1}, a curiosity of the bench.",
                  "    reminder: No special effect. A set of all four collections earns 6 bonus points once per game."]
    (game / "lots.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("    grid: [collection, points]", "").replace("    unique: [flavour]", "")
    text = text.replace("count: deck_size", f"count: {n}")
    components = text.index("components:")
    lots = "  - {id: lot-cards, title: Lot cards, kind: cards, deck: lots, layout: lot-card}\n"
    text = text[:components] + "components:\n" + lots
    text = text.replace("editions: [standard, large-print]", "editions: [standard]")
    (game / "game.yaml").write_text(text, encoding="utf-8")
    return game


PICTOGRAM_OF = {"Lanterns": "lantern", "Teacups": "teacup", "Keys": "key", "Maps": "map"}


def plain_reportlab(n: int, out: Path) -> None:
    """The baseline: the same cards drawn directly, as a hand-written script would: same size, font, texts,
    pictograms and lines; text broken into lines greedily, without shrink-to-fit or checks."""
    regular, bold = font("AtkinsonHyperlegible-Regular").fontName, font("AtkinsonHyperlegible-Bold").fontName
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


def measure(n: int) -> dict[str, float]:
    """One deck size, each run in a fresh process (its peak memory is then this build's alone); decks up to 2,400
    cards run three times and the run with the median ratio is shown, as the machine is shared and noisy."""
    runs = [json.loads(subprocess.run([sys.executable, __file__, "--one", str(n)], capture_output=True, text=True,
                                      check=True).stdout) for _ in range(3 if n <= 2400 else 1)]
    return sorted(runs, key=lambda r: r["ratio"])[len(runs) // 2]


def one(n: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        deck(n, root / "content")
        opts = Options(content=root / "content", layouts=[ROOT / "layouts"], out=root / "build", papers=("a4",))
        start = time.perf_counter()
        press = build(opts, [root / "content" / "pocket-bazaar"])
        ours = time.perf_counter() - start
        peak = _peak_bytes()
        assert not press.findings.errors, press.findings[:3]
        start = time.perf_counter()
        plain_reportlab(n, root / "plain.pdf")
        plain = time.perf_counter() - start
    return {"cards": n, "ours_ms_per_card": ours / n * 1000, "plain_ms_per_card": plain / n * 1000,
            "ratio": ours / plain, "peak_mb": peak / 1e6}


def _peak_bytes() -> int:
    """This process's resident high-water mark. Linux's VmHWM starts afresh with the program; ru_maxrss would
    carry over the parent's (the benchmark runner's) across fork and exec."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def report(rows: list[dict[str, float]]) -> str:
    lines = ["cards: deckpress (lot cards, standard A4, kit and catalogue included) against plain ReportLab",
             "  cards   deckpress ms/card   plain ms/card   ratio   peak RSS MB"]
    lines += [f"  {r['cards']:>6.0f}   {r['ours_ms_per_card']:>17.2f}   {r['plain_ms_per_card']:>13.2f}   "
              f"{r['ratio']:>5.1f}   {r['peak_mb']:>11.0f}" for r in rows]
    return "\n".join(lines)


def run(sizes: tuple[int, ...] = (24, 240, 2400, 24000)) -> list[dict[str, float]]:
    return [measure(n) for n in sizes]


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        print(json.dumps(one(int(sys.argv[2]))))
    else:
        print(report(run(tuple(int(a) for a in sys.argv[1:]) or (24, 240, 2400, 24000))))
