"""Cost per card: deckpress against a plain ReportLab script drawing the same cards, in the same process.

A generated lot deck of N cards (63 x 88 mm, nine a page, Atkinson Hyperlegible, the
same texts) is built by deckpress (load, validate, lay out, render, finish) and drawn by
a bare ReportLab loop; the ratio of the two times holds on a noisy machine.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from deckpress.build import build
from deckpress.options import Options
from deckpress.fonts import font

ROOT = Path(__file__).resolve().parent.parent
COLLECTIONS = ["Lanterns", "Teacups", "Keys", "Maps"]


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
    text = text[:components] + "components:\n  - {id: lot-cards, title: Lot cards, kind: cards, deck: lots, layout: lot-card}\n"
    (game / "game.yaml").write_text(text.replace("editions: [standard, large-print]", "editions: [standard]"), encoding="utf-8")
    return game


def plain_reportlab(n: int, out: Path) -> None:
    """The baseline: the same cards, texts and font, drawn directly."""
    regular, bold = font("AtkinsonHyperlegible-Regular").fontName, font("AtkinsonHyperlegible-Bold").fontName
    canvas = Canvas(str(out), pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1)
    for i in range(n):
        slot = i % 9
        if i and slot == 0:
            canvas.showPage()
        x, y = (10.5 + 63 * (slot % 3)) * mm, (297 - 16.5 - 88 * (slot // 3 + 1)) * mm
        canvas.rect(x, y, 63 * mm, 88 * mm)
        canvas.setFont(bold, 34)
        canvas.drawString(x + 4 * mm, y + 75 * mm, str(i % 6 + 1))
        canvas.setFont(bold, 16)
        canvas.drawString(x + 4 * mm, y + 64 * mm, COLLECTIONS[i % 4])
        canvas.setFont(regular, 10)
        canvas.drawCentredString(x + 31.5 * mm, y + 20 * mm, f"Lot number {i + 1}, a curiosity of the bench.")
        canvas.setFont(regular, 7)
        canvas.drawCentredString(x + 31.5 * mm, y + 8 * mm, "No special effect. A set of all four collections")
        canvas.drawCentredString(x + 31.5 * mm, y + 5 * mm, "earns 6 bonus points once per game.")
    canvas.save()


def measure(n: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        deck(n, root / "content")
        opts = Options(content=root / "content", layouts=[ROOT / "layouts"], out=root / "build", papers=("a4",))
        tracemalloc.start()
        start = time.perf_counter()
        press = build(opts, [root / "content" / "pocket-bazaar"])
        ours = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert not press.findings.errors, press.findings[:3]
        start = time.perf_counter()
        plain_reportlab(n, root / "plain.pdf")
        plain = time.perf_counter() - start
    return {"cards": n, "ours_ms_per_card": ours / n * 1000, "plain_ms_per_card": plain / n * 1000,
            "ratio": ours / plain, "peak_mb": peak / 1e6}


def report(rows: list[dict[str, float]]) -> str:
    lines = ["cards: deckpress (lot cards, standard A4, kit and catalogue included) against plain ReportLab",
             "  cards   deckpress ms/card   plain ms/card   ratio   peak MB (traced)"]
    lines += [f"  {r['cards']:>6.0f}   {r['ours_ms_per_card']:>17.2f}   {r['plain_ms_per_card']:>13.2f}   "
              f"{r['ratio']:>5.1f}   {r['peak_mb']:>8.0f}" for r in rows]
    return "\n".join(lines)


def run(sizes: tuple[int, ...] = (24, 240, 2400)) -> list[dict[str, float]]:
    return [measure(n) for n in sizes]


if __name__ == "__main__":
    sizes = tuple(int(a) for a in sys.argv[1:]) or (24, 240, 2400)
    print(report(run(sizes)))
