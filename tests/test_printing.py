"""Printing for hosts: duplex backs behind their fronts, fold-and-glue, bleed boxes, calibration."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from conftest import CATALOGUE, CONTENT, LAYOUTS, MM, line_of, shared
from marks import pdfium_rects, rects
from pypdf import PdfReader

from deckpress.cli import main
from deckpress.layout.imposition import PrintSetup, impose


def build(out: Path, *args: str) -> Path:
    assert main(["build", "pocket-bazaar", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--out", str(out),
                 "--edition", "standard", *args]) == 0
    return out / "pocket-bazaar" / "standard"


def printed(factory: pytest.TempPathFactory, *options: str) -> Path:
    """The whole catalogue printed with `options` as test_slug.py prints it (spelled as it spells them: the one
    build, shared), read-only: its folder of The Pocket Bazaar's standard edition, whose PDFs are byte for byte
    those a build of that game and edition alone makes."""
    return shared(factory, (*CATALOGUE, *options)) / "pocket-bazaar" / "standard"


def cells(drawn: list[tuple[float, float, float, float]]) -> list[tuple[float, float]]:
    """Top-left corners (mm) of the 63 x 88 mm card cells among a page's rectangles (`rects`, `pdfium_rects`):
    fronts' cut lines, backs' patterns."""
    found = {(round(x0 / MM, 1), round(top / MM, 1)) for x0, top, width, height in drawn
             if abs(width / MM - 63) < 0.2 and abs(height / MM - 88) < 0.2}
    return sorted(found)


@pytest.mark.slow  # the catalogue printed each way of flipping (test_slug.py and test_host_kit.py read it too)
@pytest.mark.parametrize("flip", ["long-edge", "short-edge"])
def test_every_back_lands_behind_its_front(tmp_path_factory, flip):
    duplex = shared(tmp_path_factory, (*CATALOGUE, "--duplex", flip))
    pdf = duplex / f"pocket-bazaar/standard/pocket-bazaar-lot-cards-a4-duplex-{flip}.pdf"
    doc = pdfium.PdfDocument(pdf)  # read by pdfium: a sheet of backs is thousands of tiles pdfplumber reads slowly
    assert len(doc) == 6  # three sheets, each a front page and a back page
    for number in range(0, len(doc), 2):
        front, back = doc[number], doc[number + 1]
        w, h = front.get_width() / MM, front.get_height() / MM
        fronts, backs = cells(pdfium_rects(front)), cells(pdfium_rects(back))
        assert fronts and len(backs) == len(fronts)
        mirrored = sorted((round(w - x - 63, 1), y) if flip == "long-edge" else (x, round(h - y - 88, 1))
                          for x, y in fronts)
        pairs = zip(mirrored, backs, strict=True)
        assert all(abs(a[0] - b[0]) <= 0.11 and abs(a[1] - b[1]) <= 0.11 for a, b in pairs)
        # the title on every back, and the slug
        assert back.get_textpage().get_text_range().count("Bazaar") == len(backs) + 1


def test_back_pages_move_by_the_calibrated_offset(tmp_path):
    plain = impose((210, 297), (63, 88), (3, 3), PrintSetup(duplex="long-edge"), 3.5)
    moved = impose((210, 297), (63, 88), (3, 3), PrintSetup(duplex="long-edge", offset=(1.5, -0.5)), 3.5)
    assert moved.fronts == plain.fronts
    pairs = zip(moved.backs, plain.backs, strict=True)
    assert all(abs(m[0] - p[0] - 1.5) < 1e-9 and abs(m[1] - p[1] + 0.5) < 1e-9 for m, p in pairs)


def test_duplex_brings_a_calibration_page_and_records_the_options(tmp_path):
    folder = build(tmp_path, "--paper", "letter", "--duplex", "short-edge", "--offset-x", "1", "--offset-y", "-0.5")
    calibration = PdfReader(folder / "pocket-bazaar-calibration-letter-duplex-short-edge.pdf")
    assert len(calibration.pages) == 2
    assert "Printer calibration, front" in calibration.pages[0].extract_text()
    kit = PdfReader(folder / "pocket-bazaar-kit-letter-duplex-short-edge.pdf")
    assert [o.title for o in kit.outline][:2] == ["Print check", "Printer calibration"]
    entries = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    entries = [e for e in entries if e["game"] == "pocket-bazaar"]  # its source language's (not its translations')
    lots = next(e for e in entries if e["component"] == "lot-cards")
    assert (lots["duplex"], lots["offset_x_mm"], lots["offset_y_mm"]) == ("short-edge", 1.0, -0.5)
    rules = next(e for e in entries if e["component"] == "rules")
    assert "duplex" not in rules and rules["path"].endswith("pocket-bazaar-rules-letter.pdf")


@pytest.mark.slow  # the catalogue folded (test_slug.py reads it too)
def test_fold_and_glue_puts_backs_below_the_fold(tmp_path_factory):
    folder = printed(tmp_path_factory, "--fold")
    with pdfplumber.open(folder / "pocket-bazaar-lot-cards-a4-fold.pdf") as doc:
        page = doc.pages[0]
        found = cells(rects(page))
        h = page.height / MM
        fronts = [c for c in found if c[1] < h / 2]
        backs = [c for c in found if c[1] > h / 2]
        assert len(fronts) == len(backs) == 4 and page.width > page.height  # landscape holds 4, portrait 3
        mirrored = sorted((x, h - y - 88) for x, y in fronts)
        pairs = zip(mirrored, sorted(backs), strict=True)
        assert all(abs(a[0] - b[0]) <= 0.11 and abs(a[1] - b[1]) <= 0.11 for a, b in pairs)
        folds = [ln for ln in page.lines if abs(ln["top"] / MM - h / 2) < 0.1 and ln.get("dash")]
        assert folds


@pytest.mark.slow  # the catalogue bled (test_slug.py reads it too)
def test_bleed_sets_trim_and_bleed_boxes(tmp_path_factory):
    folder = printed(tmp_path_factory, "--bleed", "3")
    reader = PdfReader(folder / "pocket-bazaar-lot-cards-a4-bleed3mm.pdf")
    for page in reader.pages:
        trim, bleed = page.trimbox, page.bleedbox
        assert abs(float(trim.left) - float(bleed.left) - 3 * MM) < 0.01
        assert abs(float(bleed.top) - float(trim.top) - 3 * MM) < 0.01
    trim = reader.pages[0].trimbox
    width, height = (float(trim.right) - float(trim.left)) / MM, (float(trim.top) - float(trim.bottom)) / MM
    columns, rows = round((width + 6) / 69), round((height + 6) / 94)  # 63 x 88 mm cards, 6 mm apart
    assert columns >= 2 and rows >= 2
    assert abs(width - (columns * 63 + (columns - 1) * 6)) < 0.1 and abs(height - (rows * 88 + (rows - 1) * 6)) < 0.1
    with pdfplumber.open(folder / "pocket-bazaar-lot-cards-a4-bleed3mm.pdf") as doc:
        assert not cells(rects(doc.pages[0]))  # no cut line at the trim: print shops cut there
    entries = json.loads((folder.parent.parent / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    lots = "pocket-bazaar/standard/pocket-bazaar-lot-cards-a4-bleed3mm.pdf"
    assert next(e for e in entries if e["path"] == lots)["bleed_mm"] == 3


def test_default_outputs_have_no_print_options(built):
    reader = PdfReader(built / "pocket-bazaar/standard/pocket-bazaar-lot-cards-a4.pdf")
    assert "/TrimBox" not in reader.pages[0] and len(reader.pages) == 3


def test_a_game_can_set_its_own_print_options(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    game = content / "pocket-bazaar" / "game.yaml"
    folded = game.read_text(encoding="utf-8").replace("rules: rules.yaml", "print: {fold: true}\nrules: rules.yaml")
    game.write_text(folded, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", "pocket-bazaar", "--content", str(content), "--layouts", str(LAYOUTS), "--out", str(out),
                 "--paper", "a4", "--edition", "standard"]) == 0
    assert (out / "pocket-bazaar/standard/pocket-bazaar-lot-cards-a4-fold.pdf").is_file()


def test_duplex_in_both_editions_reports_before_writing_and_calibrates(tmp_path):
    out = tmp_path / "out"
    assert main(["build", "pocket-bazaar", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--out", str(out),
                 "--paper", "letter", "--duplex", "long-edge"]) == 0
    large = PdfReader(out / "pocket-bazaar/large-print/pocket-bazaar-calibration-letter-duplex-long-edge.pdf")
    assert "Hold the sheet against the light" in " ".join(large.pages[1].extract_text().split())
    calibration = out / "pocket-bazaar/large-print/pocket-bazaar-calibration-letter-duplex-long-edge.pdf"
    with pdfplumber.open(calibration) as doc:
        # set 1.5 apart, the back page's text leaves the slug no room at its foot: it stands upright beside, where
        # pdfplumber gives a letter's size across the line
        assert min(c["size"] if c["upright"] else c["width"] for page in doc.pages for c in page.chars) >= 18 - 1e-3


@pytest.mark.slow  # the catalogue folded (test_slug.py reads it too)
def test_the_fold_line_is_named(tmp_path_factory):
    folder = printed(tmp_path_factory, "--fold")
    text = PdfReader(folder / "pocket-bazaar-lot-cards-letter-fold.pdf").pages[0].extract_text()
    assert "fold" in text.split()


def test_back_pages_printed_with_bleed_carry_the_boxes_too(tmp_path):
    folder = build(tmp_path, "--paper", "a4", "--bleed", "3mm", "--duplex", "long-edge")
    reader = PdfReader(folder / "pocket-bazaar-lot-cards-a4-duplex-long-edge-bleed3mm.pdf")
    assert len(reader.pages) % 2 == 0
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        assert abs(float(page.trimbox.left) - float(page.bleedbox.left) - 3 * MM) < 0.01


def test_a_folded_sheet_with_bleed_has_its_backs_inside_its_boxes(tmp_path):
    """A print shop crops a page to its TrimBox: the backs below the fold are on the sheet it cuts and folds, so the
    boxes run round fronts and backs alike (they held the fronts alone, the backs left outside)."""
    folder = build(tmp_path, "--paper", "a4", "--bleed", "3mm", "--fold")
    with pdfplumber.open(folder / "pocket-bazaar-lot-cards-a4-fold-bleed3mm.pdf") as doc:
        for page in doc.pages:
            trim, bleed = page.page_obj.attrs["TrimBox"], page.page_obj.attrs["BleedBox"]
            top, bottom = (page.height - float(trim[3])) / MM, (page.height - float(trim[1])) / MM
            folds = [ln["top"] / MM for ln in page.lines if ln.get("dash") and ln["width"] / MM > 100]
            assert folds and all(top + 88 <= y <= bottom - 88 for y in folds), (top, bottom, folds)  # a row each side
            assert abs(float(trim[0]) - float(bleed[0]) - 3 * MM) < 0.01


def test_backs_the_offset_moves_into_the_printer_margin_are_said_with_the_offset(tmp_path, capsys):
    """A host's calibrated offset, not the layout, brought the backs too near the edge: the finding says so, and
    what the host can do; the fronts, not moved, are not said to be."""
    assert main(["build", "pocket-bazaar", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--out",
                 str(tmp_path / "out"), "--edition", "standard", "--paper", "a4", "--duplex", "long-edge",
                 "--offset-x", "8"]) == 1
    errors = [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]
    assert errors and all("inside the printer margin" in e for e in errors)
    assert all(e.endswith("the duplex offset (8, 0 mm) moved this page of backs: print with a smaller offset, or move "
                          "it in") for e in errors)
    assert not (tmp_path / "out").exists()


def test_cards_too_large_to_fold_with_bleed_name_the_edition_and_paper_and_what_to_drop(deckpress):
    result = deckpress("build", "pocket-bazaar", "--fold", "--bleed", "3", "--paper", "letter", "--out", "out")
    assert result.status == 1 and not Path("out/pocket-bazaar").exists()  # an error writes nothing
    assert result.errors == [
        f"{LAYOUTS}/large-print/lot-card.yaml:2:1: error: pocket-bazaar lot-cards (large-print edition, letter): cards "
        "of 89 x 127 mm do not fit on the paper folded (fold-and-glue) with 3 mm bleed; they fit without --fold or "
        "without --bleed; or build the other editions alone (--edition)"]
    assert deckpress("build", "pocket-bazaar", "--fold", "--bleed", "3", "--paper", "letter", "--edition", "standard",
                     "--out", "out").status == 0


def test_the_fold_lines_word_and_the_crop_marks_keep_clear_of_each_other_and_of_the_backs(deckpress):
    result = deckpress("build", "stone-market", "--fold", "--bleed", "3", "--edition", "large-print", "--paper",
                       "letter", "--out", "out")
    assert [e for e in result.errors if "'fold'" in e] == []  # the press's own word is no finding of a layout
    assert deckpress("build", "stone-market", "--fold", "--bleed", "3", "--edition", "standard", "--paper", "letter",
                     "--out", "out").status == 0
    pdf = Path("out/stone-market/standard/stone-market-ware-cards-letter-fold-bleed3mm.pdf")
    trim, height = PdfReader(pdf).pages[0].trimbox, float(PdfReader(pdf).pages[0].mediabox.top)
    backs_top = height - float(trim.bottom)  # the fronts' trim mirrored across the fold, read from the top
    with pdfplumber.open(pdf) as doc:
        edges = (float(trim.left), float(trim.right))  # the outer columns' crop marks, above the fronts and below
        marks = [ln for ln in doc.pages[0].lines
                 if ln["x0"] == ln["x1"] and min(abs(ln["x0"] - e) for e in edges) < 0.01]
    assert len(marks) >= 2 and all(ln["bottom"] <= backs_top + 0.01 for ln in marks)  # none runs into a back card


def test_a_die_net_is_not_bled_and_its_file_does_not_say_so(tmp_path):
    out = tmp_path / "out"
    assert main(["build", "stone-market", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--out", str(out),
                 "--edition", "standard", "--paper", "a4", "--duplex", "short-edge", "--bleed", "3"]) == 0
    folder = out / "stone-market" / "standard"
    assert not (folder / "stone-market-die-a4-duplex-short-edge-bleed3mm.pdf").exists()
    die = PdfReader(folder / "stone-market-die-a4-duplex-short-edge.pdf")  # cut along its printed outline
    assert all("/TrimBox" not in page and "/BleedBox" not in page for page in die.pages)
    cards = PdfReader(folder / "stone-market-ware-cards-a4-duplex-short-edge-bleed3mm.pdf")
    assert all("/TrimBox" in page and "/BleedBox" in page for page in cards.pages)
    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    entry = next(e for e in entries if e["component"] == "die" and e["edition"] == "standard")
    assert entry["path"].endswith("-die-a4-duplex-short-edge.pdf") and entry.get("bleed_mm") is None


def test_a_grid_the_paper_cannot_hold_is_said_of_the_grid_with_how_many_fit(deckpress, tmp_path):
    """The cards fit; it is the grid that does not: said so, at the grid, with how many a sheet holds, not that
    the cards do not fit the paper."""
    layouts = tmp_path / "my-layouts"
    shutil.copytree(LAYOUTS, layouts)
    card = layouts / "standard" / "lot-card.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("grid: [3, 3]", "grid: [4, 4]"), encoding="utf-8")
    result = deckpress("check", "pocket-bazaar", layouts=(layouts,))
    assert result.status == 1
    assert result.errors == [
        f"{card}:{line_of(card, 'grid: [4, 4]')}:7: error: pocket-bazaar lot-cards (standard edition, {paper}): its "
        "grid of 4 x 4 cards of 63 x 88 mm does not fit on the paper, 9 do; make the grid smaller"
        for paper in ("a4", "letter")]


def test_a_grid_too_big_in_a_games_own_token_layout_is_said_at_its_grid(deckpress):
    """A copy of the shared stone token in the game's layouts folder, its grid larger than a sheet holds: said in
    that file at its grid, where the fix is written."""
    token = Path("content/stone-market/layouts/standard/stone-token.yaml")
    shared_token = (LAYOUTS / "standard" / "stone-token.yaml").read_text(encoding="utf-8")
    token.write_text(shared_token.replace("grid: [10, 14]", "grid: [12, 16]"), encoding="utf-8")
    result = deckpress("check", "stone-market")
    assert [e.split(": error: ")[0] for e in result.errors] == [f"{token}:{line_of(token, 'grid: [12, 16]')}:7"] * 2


def test_the_scale_bar_of_a_folded_sheet_stays_off_the_backs(tmp_path):
    """Bled jumbo fronts leave the bar no room among them on Letter: it stood below the fold, on a card's back
    (printed there, and cut out with it); it keeps clear of the backs' block as of the fronts'."""
    folder = build(tmp_path, "--fold", "--bleed", "3", "--paper", "letter")
    with pdfplumber.open(folder / "pocket-bazaar-lot-cards-letter-fold-bleed3mm.pdf") as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        fold = next(w for w in words if w["text"] == "fold")["top"]
        label = next(w for w in words if w["text"] == "mm" and any(
            v["text"] == "50" and abs(v["top"] - w["top"]) < 1 for v in words))
        assert label["bottom"] < fold  # above the fold, among the fronts' margins, not over a back
