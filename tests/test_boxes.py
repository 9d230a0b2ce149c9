"""Boxes: a tuck box sized to hold its deck, a two-piece box, cut lines solid, folds dashed, glue tinted and a
legend that says so; a blank too big for the paper names the paper it needs; print options per component and
optional components out of the kits."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from blanks import FIXTURE, cut_line, folds, near, paths
from conftest import LAYOUTS, edit, line_of
from pypdf import PdfReader

from deckpress.cli import main
from deckpress.layout.boxes.schema import CARD_THICKNESS_MM

CARDS, CARD = 30, (63.0, 88.0)  # the fixture's goods deck and its card size
GAME = "every-shape"


@pytest.fixture
def crates(tmp_path: Path) -> Path:
    """A copy of the fixture's content, to edit."""
    shutil.copytree(FIXTURE, tmp_path / "content")
    return tmp_path / "content"


def build(content: Path, out: Path, *args: str) -> int:
    return main(["build", "--content", str(content), "--layouts", str(LAYOUTS), "--out", str(out), *args])


@pytest.fixture(scope="module")
def boxes(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("boxes")
    assert build(FIXTURE, out) == 0
    return out / GAME / "standard"


def _levels(values: list[float]) -> list[float]:
    """The distinct values, in order (within 0.01 mm)."""
    out: list[float] = []
    for v in sorted(values):
        if not out or not near(out[-1], v):
            out.append(v)
    return out


def test_a_tuck_box_holds_its_deck_with_clearance(boxes):
    """Measured between its folds: the cards' width and height plus 1 mm, the deck's depth plus 1 mm."""
    drawn = paths(boxes / f"{GAME}-goods-box-a4.pdf")
    upright = [f for f in folds(drawn) if near(f[0], f[2])]
    xs = _levels([f[0] for f in upright])
    assert len(xs) == 4  # the side seam, and back | spine | front | spine
    back, spine, front = xs[1] - xs[0], xs[2] - xs[1], xs[3] - xs[2]
    height = _levels([abs(f[3] - f[1]) for f in upright])
    assert near(back, CARD[0] + 1) and near(front, CARD[0] + 1)
    assert height == [pytest.approx(CARD[1] + 1, abs=0.01)]
    assert spine >= CARDS * CARD_THICKNESS_MM and near(spine, CARDS * CARD_THICKNESS_MM + 1)
    cut = cut_line(drawn)[0]
    assert near(cut.bounds[2] - xs[3], spine)  # the last spine runs to the cut line at the edge


def test_a_thicker_stock_makes_a_deeper_box(crates, tmp_path):
    edit(crates / GAME / "game.yaml", "    kind: tuck-box\n", "    kind: tuck-box\n    card_thickness_mm: 0.5\n")
    assert build(crates, tmp_path / "out", "--paper", "a4") == 0
    upright = [f for f in folds(paths(tmp_path / "out" / GAME / "standard" / f"{GAME}-goods-box-a4.pdf"))
               if near(f[0], f[2])]
    xs = _levels([f[0] for f in upright])
    assert near(xs[2] - xs[1], CARDS * 0.5 + 1)


def test_cut_lines_are_solid_folds_dashed_and_glue_tinted_under_a_legend(boxes):
    pdf = boxes / f"{GAME}-goods-box-a4.pdf"
    drawn = paths(pdf)
    cuts = cut_line(drawn)
    assert len(cuts) == 1 and cuts[0].curves == 4  # one outline: the thumb notch's two curves, the flap's two
    x1, y1, x2, y2 = cuts[0].bounds
    inside = [f for f in folds(drawn) if x1 <= min(f[0], f[2]) and max(f[0], f[2]) <= x2
              and y1 <= min(f[1], f[3]) and max(f[1], f[3]) <= y2]
    assert len(inside) == 12 and all(d.dash == (3.0, 2.0) for d in drawn if d.dash)
    glue = [d for d in drawn if d.fill is not None and 0 < d.fill < 1 and d.bounds[1] > 20]  # not the legend's
    assert len(glue) == 2 and all(d.fill == pytest.approx(0.85) and not d.stroked for d in glue)
    legend = PdfReader(pdf).pages[0].extract_text()
    assert all(word in legend.split() for word in ("cut", "fold", "glue"))


def test_the_lid_is_printed_upside_down_and_the_spines_turned(boxes):
    stream = PdfReader(boxes / f"{GAME}-goods-box-a4.pdf").pages[0].get_contents().get_data().decode()
    assert stream.count("-1 0 0 -1 ") == 1  # the lid, a half turn
    assert stream.count("0 -1 1 0 ") == 2  # both spines, a quarter turn clockwise


def test_a_two_piece_box_has_a_lid_a_little_larger_than_its_base(boxes):
    drawn = paths(boxes / f"{GAME}-crate-box-a4.pdf")
    cuts = cut_line(drawn)
    assert len(cuts) == 2
    floors = []
    for cut in cuts:
        x1, y1, x2, y2 = cut.bounds
        level = [f for f in folds(drawn) if y1 <= f[1] <= y2 and near(f[1], f[3]) and x1 <= f[0] <= x2]
        upright = [f for f in folds(drawn) if y1 <= f[1] <= y2 and near(f[0], f[2]) and x1 <= f[0] <= x2]
        ys, xs = _levels([f[1] for f in level]), _levels([f[0] for f in upright])
        floors.append((round(xs[-1] - xs[0], 2), round(ys[-1] - ys[0], 2), round(x2 - x1 - (xs[-1] - xs[0]), 2)))
    assert sorted(floors) == [(90.0, 60.0, 50.0), (91.0, 61.0, 50.0)]  # walls 25 mm, lid 1 mm larger


def test_a_box_too_big_for_the_paper_names_the_paper_it_needs(crates, tmp_path, capsys):
    game = crates / GAME / "game.yaml"
    edit(game, "    kind: tuck-box\n", "    kind: tuck-box\n    card_thickness_mm: 1.5\n")
    capsys.readouterr()
    assert build(crates, tmp_path / "out") == 1
    err = capsys.readouterr().err
    line = line_of(game, "id: goods-box")
    where = f"{crates.as_posix()}/{GAME}/game.yaml:{line}:5: error: {GAME} goods-box: the tuck box is 230.0 x 206.0 mm"
    assert f"{where} flat, more than A4 holds inside its margins; it needs A3 or larger (standard edition)" in err
    # US Letter turned holds it, its legend down the side and the slug upright at the right (nothing at the foot)
    assert "more than Letter holds" not in err
    assert not (tmp_path / "out" / GAME).exists()


def test_a_panel_larger_than_its_panel_is_a_finding(crates, tmp_path, capsys):
    layouts = crates / GAME / "layouts" / "standard"
    edit(layouts / "box-spine.yaml", "size_mm: [80, 10]", "size_mm: [80, 20]")
    capsys.readouterr()
    assert build(crates, tmp_path / "out", "--paper", "a4") == 1
    game = crates / GAME / "game.yaml"
    line = line_of(game, "panels: {front: box-front")
    col = game.read_text(encoding="utf-8").splitlines()[line - 1].index("box-spine") + 1
    assert (f"{crates.as_posix()}/{GAME}/game.yaml:{line}:{col}: error: {GAME} goods-box: panel spine: layout "
            f"box-spine (80 x 20 mm, turned a quarter onto the panel) is larger than the panel, 10.6 x 89.0 mm "
            f"(standard edition)" in capsys.readouterr().err)


@pytest.mark.parametrize("kind", ["box", "tuck-box"])
def test_a_box_sized_by_nothing_is_one_finding_not_a_traceback(crates, capsys, kind):
    """A box with neither a deck nor `inner_mm` (a tuck box with no deck): said, then the check ended in a
    traceback where the box was sized."""
    game = crates / GAME / "game.yaml"
    edit(game, "    kind: box\n    inner_mm: [90, 60, 25]\n", f"    kind: {kind}\n")
    capsys.readouterr()
    assert main(["check", "--content", str(crates), "--layouts", str(LAYOUTS)]) == 1
    err = capsys.readouterr().err
    line = line_of(game, "- id: crate-box")
    assert err.splitlines()[0] == (f"{crates.as_posix()}/{GAME}/game.yaml:{line}:5: error: component crate-box of "
                                   f"kind {kind} needs a 'deck' (or 'decks', a list)"
                                   + (" or 'inner_mm'" if kind == "box" else ""))
    assert "Traceback" not in err and "1 error" in err


def test_optional_components_have_files_but_stay_out_of_the_kits(boxes):
    manifest = json.loads((boxes.parent.parent / "manifest.json").read_text(encoding="utf-8"))
    listed = {e["component"] for e in manifest["outputs"] if e["game"] == GAME and e["paper"] == "a4"}
    optional = {"goods-box", "crate-box", "traders"}  # the fixture's optional components
    assert optional <= listed
    kit = PdfReader(boxes / f"{GAME}-kit-a4.pdf")
    pages = sum(PdfReader(boxes / f"{GAME}-{c}-a4.pdf").get_num_pages() for c in listed - optional - {"kit"})
    assert len(kit.pages) == 1 + pages  # the print check, then the components that are not optional
    titles = [o.title for o in kit.outline]
    assert "Goods box" not in titles and "Traders" not in titles and {"Goods cards", "Hex tiles"} <= set(titles)


def test_print_fold_on_one_component_only(crates, tmp_path):
    edit(crates / GAME / "game.yaml", "layout: goods-card}", "layout: goods-card, print: {fold: true}}")
    assert build(crates, tmp_path / "out", "--paper", "a4") == 0
    folder = tmp_path / "out" / GAME / "standard"
    assert (folder / f"{GAME}-goods-a4-fold.pdf").exists() and not (folder / f"{GAME}-goods-a4.pdf").exists()
    assert (folder / f"{GAME}-crates-a4.pdf").exists() and (folder / f"{GAME}-kit-a4.pdf").exists()
    text = PdfReader(folder / f"{GAME}-goods-a4-fold.pdf").pages[0].extract_text()
    assert "fold" in text.split() and text.count("Crates") >= 4  # the backs below the fold line


def test_fold_builds_a_game_whose_components_have_no_backs(crates, tmp_path):
    """The map card is larger than half a sheet and has no back: printed as it is, single-sided."""
    assert build(crates, tmp_path / "out", "--paper", "a4", "--fold") == 0
    folder = tmp_path / "out" / GAME / "standard"
    drawn = paths(folder / f"{GAME}-map-a4-fold.pdf")
    cards = [d for d in drawn if d.stroked and d.closed and not d.dash]
    assert any(near(d.bounds[2] - d.bounds[0], 120) and near(d.bounds[3] - d.bounds[1], 160) for d in cards)


def test_every_pdf_passes_qpdf(boxes):
    qpdf = shutil.which("qpdf")
    if qpdf is None:
        pytest.skip("qpdf is not installed (apt-get install -y qpdf)")
    for pdf in sorted(boxes.glob("*.pdf")):
        result = subprocess.run([qpdf, "--check", str(pdf)], capture_output=True, text=True, check=False)
        assert result.returncode == 0, (pdf.name, result.stdout, result.stderr)


def test_a_component_is_built_in_the_editions_it_names_only(crates, tmp_path, capsys):
    game = crates / GAME / "game.yaml"
    edit(game, "    kind: tuck-box\n", "    kind: tuck-box\n    editions: [large-print]\n")
    capsys.readouterr()
    assert build(crates, tmp_path / "out", "--paper", "a4") == 1
    line = line_of(game, "id: goods-box")
    assert (f"{crates.as_posix()}/{GAME}/game.yaml:{line}:5: error: component goods-box is built in edition "
            f"'large-print', which the game does not have (editions: standard)" in capsys.readouterr().err)


# the shipped games' tuck boxes: (game, component, the editions it is built in)
SHIPPED_BOXES = [("pocket-bazaar", "lot-box", {"standard", "large-print"}),
                 ("open-secret-exchange", "desk-box", {"standard"}),
                 ("stone-market", "exchange-box", {"standard"}),
                 ("stone-market", "ware-box", {"standard", "large-print"})]


def test_every_shipped_game_has_an_optional_tuck_box_for_its_main_cards(built):
    """Built as their own files, on both papers, and in no kit."""
    entries = json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    for game, box, editions in SHIPPED_BOXES:
        files = [e for e in entries if e["game"] == game and e["component"] == box]
        assert {(e["edition"], e["paper"]) for e in files} == {(ed, p) for ed in editions for p in ("a4", "letter")}
        for entry in files:
            assert cut_line(paths(built / entry["path"]))  # a blank, cut out
            kit = PdfReader(built / entry["path"].replace(f"-{box}-", "-kit-"))
            assert entry["title"] not in [o.title for o in kit.outline]


def test_a_component_folded_over_in_a_duplex_game_gets_no_page_of_backs(crates, tmp_path):
    game = crates / GAME / "game.yaml"
    edit(game, "rules: rules.yaml\n", "rules: rules.yaml\nprint: {duplex: long-edge}\n")
    edit(game, "layout: goods-card}", "layout: goods-card, print: {fold: true}}")
    assert build(crates, tmp_path / "out", "--paper", "a4") == 0
    folder = tmp_path / "out" / GAME / "standard"
    assert sorted(p.name for p in folder.glob(f"{GAME}-goods-a4*.pdf")) == [f"{GAME}-goods-a4-fold.pdf"]
    assert len(PdfReader(folder / f"{GAME}-goods-a4-fold.pdf").pages) == 8  # 30 cards, 4 a folded sheet
    assert (folder / f"{GAME}-kit-a4-duplex-long-edge.pdf").exists()


def test_a_thin_deck_takes_a_spine_as_thin_as_its_box(crates, tmp_path, capsys):
    """20 cards make a box 20 x 0.32 + 1 = 7.4 mm deep: its spine's layout is a strip thinner than any card."""
    edit(crates / GAME / "game.yaml", "from: (goods * 5) | sort", "from: (goods * 5)[:20] | sort")
    layouts = crates / GAME / "layouts" / "standard"
    for panel, width in (("box-spine", 80), ("box-top", 50)):  # the spines and the lid
        edit(layouts / f"{panel}.yaml", f"size_mm: [{width}, 10]", f"size_mm: [{width}, 6]")
        edit(layouts / f"{panel}.yaml", f"box_mm: [2, 1, {width - 4}, 8]", f"box_mm: [2, 0.5, {width - 4}, 5]")
        edit(layouts / f"{panel}.yaml", "size: 9, min_size: 8", "size: 8, min_size: 6")
    capsys.readouterr()
    assert build(crates, tmp_path / "out", "--paper", "a4") == 0, capsys.readouterr().err
    text = PdfReader(tmp_path / "out" / GAME / "standard" / f"{GAME}-goods-box-a4.pdf").pages[0].extract_text()
    assert text.count("Crates") >= 3  # on both spines and the lid
