"""Crop marks read back from a built sheet: every cut keeps its marks at both ends, none under the scale bar."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
from conftest import CONTENT, LAYOUTS, MM

from deckpress.cli import main

NEAR = 0.2  # pt: where a mark is read back in line with a cut


def _bar(page: pdfplumber.page.Page) -> tuple[float, float, float, float]:
    """The scale bar's box (x0, top, x1, bottom, pt): its 50 mm bar, ticks and label."""
    bar = next(r for r in page.rects if r["fill"] and abs(r["width"] / MM - 50) < 0.05)
    label = [w for w in page.extract_words() if w["text"] == "mm" and abs(w["bottom"] - bar["bottom"]) < 3 * MM]
    return bar["x0"], bar["top"] - 5 * MM, max([bar["x1"], *(w["x1"] for w in label)]), bar["bottom"] + 2 * MM


def _faults(page: pdfplumber.page.Page) -> list[str]:
    """A cut without its mark above, below, left or right of the grid; a mark the scale bar stands over."""
    cells = [r for r in page.rects if not r["fill"] and r["width"] > 20 * MM and r["height"] > 20 * MM]
    xs = {round(c[k], 1) for c in cells for k in ("x0", "x1")}
    ys = {round(c[k], 1) for c in cells for k in ("top", "bottom")}
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    x0, y0, x1, y1 = _bar(page)
    ticks = [ln for ln in page.lines if x0 <= ln["x0"] <= x1 and abs(ln["bottom"] - y1 + 2 * MM) < 0.01]
    marks = [ln for ln in page.lines if ln not in ticks and (
             ln["x0"] == ln["x1"] and (ln["bottom"] <= top or ln["top"] >= bottom))
             or (ln["top"] == ln["bottom"] and (ln["x1"] <= left or ln["x0"] >= right))]
    up, level = [m for m in marks if m["x0"] == m["x1"]], [m for m in marks if m["top"] == m["bottom"]]
    faults = [f"no mark {end} the cut at {x / MM:.1f} mm" for x in sorted(xs)
              for end, beyond in (("above", lambda m: m["bottom"] <= top), ("below", lambda m: m["top"] >= bottom))
              if not any(abs(m["x0"] - x) < NEAR and beyond(m) for m in up)]
    faults += [f"no mark {end} the cut at {y / MM:.1f} mm" for y in sorted(ys)
               for end, beyond in (("left of", lambda m: m["x1"] <= left), ("right of", lambda m: m["x0"] >= right))
               if not any(abs(m["top"] - y) < NEAR and beyond(m) for m in level)]
    return faults + [f"the scale bar over the mark at {m['x0'] / MM:.1f}, {m['top'] / MM:.1f} mm" for m in marks
                     if m["x0"] <= x1 and m["x1"] >= x0 and m["top"] <= y1 and m["bottom"] >= y0]


def test_the_scale_bar_keeps_clear_of_every_crop_mark_of_the_desk_cards_on_a4(tmp_path: Path) -> None:
    """On A4 the bar stood centred below the grid and the bottom centre crop mark made way for it: a cut with
    nothing to line it up at one end. The bar moves under a column; every mark stays."""
    assert main(["build", "open-secret-exchange", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--paper",
                 "a4", "--edition", "standard", "--out", str(tmp_path), "--jobs", "1"]) == 0
    path = tmp_path / "open-secret-exchange/standard/open-secret-exchange-desk-cards-a4.pdf"
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 2
        assert [_faults(page) for page in pdf.pages] == [[], []]
