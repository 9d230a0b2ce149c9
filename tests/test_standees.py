"""Standees: a figure a card, its back mirrored across the fold at its head, a base tab below each half (or a foot
for a plastic stand)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from blanks import FIXTURE, cut_line, folds, near, paths
from conftest import LAYOUTS, edit
from PIL import Image, ImageChops, ImageOps

from deckpress.cli import main

GAME, FIGURE = "every-shape", (40.0, 60.0)  # the fixture's traders: three, each 40 x 60 mm
DPI = 200
PX = DPI / 25.4


def build(content: Path, out: Path, *args: str) -> int:
    return main(["build", "--content", str(content), "--layouts", str(LAYOUTS), "--out", str(out), "--paper", "a4",
                 *args])


@pytest.fixture(scope="module")
def traders(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("standees")
    assert build(FIXTURE, out) == 0
    return out / GAME / "standard" / f"{GAME}-traders-a4.pdf"


@pytest.fixture
def crates(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "content")
    return tmp_path / "content"


def _ink(image: Image.Image, box: tuple[float, float, float, float]) -> Image.Image:
    """The dark pixels of a box (mm) of the page, as a black-and-white picture (its edges left out: cut lines)."""
    x, y, w, h = box
    crop = image.crop((round((x + 1) * PX), round((y + 1) * PX), round((x + w - 1) * PX), round((y + h - 1) * PX)))
    return crop.point(lambda v: 255 if v < 128 else 0)


def test_one_standee_a_card_each_folded_at_the_head_with_a_tab_below_each_half(traders):
    drawn = paths(traders)
    cuts = cut_line(drawn)
    assert len(cuts) == 3
    for cut in cuts:
        x1, y1, x2, y2 = cut.bounds
        assert near(x2 - x1, FIGURE[0])
        level = sorted(f[1] for f in folds(drawn) if x1 <= f[0] <= x2 and near(f[1], f[3]))
        assert len(level) == 3  # the back's tab, the head, the figure's tab
        tab, head, foot = level
        assert near(head - tab, FIGURE[1]) and near(foot - head, FIGURE[1])
        assert near(tab - y1, y2 - foot) and tab - y1 >= 12  # the two tabs alike, deep enough to stand on


def test_the_back_lies_mirrored_across_the_fold(traders):
    """Each back, turned over its fold line, falls on its figure: the same ink, head to head."""
    page = pdfium.PdfDocument(traders)[0]
    image = page.render(scale=DPI / 72).to_pil().convert("L")
    drawn = paths(traders)
    for cut in cut_line(drawn):
        x1, _, _, _ = cut.bounds
        head = sorted(f[1] for f in folds(drawn) if x1 <= f[0] <= cut.bounds[2] and near(f[1], f[3]))[1]
        figure = _ink(image, (x1, head, FIGURE[0], FIGURE[1]))
        back = ImageOps.flip(_ink(image, (x1, head - FIGURE[1], FIGURE[0], FIGURE[1])))
        assert figure.getbbox() is not None  # the figure's name is printed
        both = ImageChops.logical_and(figure.convert("1"), back.convert("1"))
        either = ImageChops.logical_or(figure.convert("1"), back.convert("1"))
        assert both.histogram()[-1] / either.histogram()[-1] > 0.8  # inked pixels in both, of those in either


def test_a_plastic_stand_takes_a_plain_foot_and_no_tab(crates, tmp_path):
    edit(crates / GAME / "game.yaml", "layout: trader, optional: true}", "layout: trader, optional: true, base: stand}")
    assert build(crates, tmp_path / "out") == 0
    drawn = paths(tmp_path / "out" / GAME / "standard" / f"{GAME}-traders-a4.pdf")
    for cut in cut_line(drawn):
        x1, y1, x2, y2 = cut.bounds
        level = [f[1] for f in folds(drawn) if x1 <= f[0] <= x2 and near(f[1], f[3])]
        assert len(level) == 1 and near(y2 - y1, 2 * (FIGURE[1] + 8))  # the head's fold; an 8 mm foot each


def test_a_back_from_a_deck_without_one_is_a_finding(crates, tmp_path, capsys):
    edit(crates / GAME / "game.yaml", "layout: trader, optional: true}", "layout: trader, optional: true, back: deck}")
    capsys.readouterr()
    assert build(crates, tmp_path / "out") == 1
    assert "error: standee traders takes its back from deck traders (back: deck), which has none" in \
           capsys.readouterr().err
