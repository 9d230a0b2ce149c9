"""Sheet tables sized on their own: Hollow Vale's 11 x 11 map of 9 mm squares, pre-printed terrain from a
parameter, and a score table of its own widths, on one A4 page, read back from the PDF; cells that know their row
and column; icons sized in cells; and the sizes an edition cannot print, found where they are written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from conftest import FIXTURES, LAYOUTS, MM, edit, line_of

from deckpress.cli import main
from deckpress.findings import Findings
from deckpress.load import expand_sheets, load_game
from deckpress.templating import Templates

GAME = "hollow-vale"
SOURCE = FIXTURES / "sheets23" / "content"
TERRAIN = [(1, 3, "forest"), (2, 7, "mountain"), (4, 10, "water"), (6, 6, "ruin"), (9, 2, "mountain"),
           (11, 11, "forest")]  # as game.yaml's `terrain`
CELL, ICON, MARGIN = 9.0, 6.0, 12.0  # the map's squares and icons, the sheet layout's margin (mm)
TOL = 0.01  # mm
LARGE_MAP = ("        large-print:                 # 18 pt heads and 12 mm to write in: larger squares, a lower header "
             "row\n          label_width_mm: 12\n          column_widths_mm: 12\n          icon_mm: 8\n"
             "          header_height_mm: 10.5\n")  # the map's sizes in large print, as sheets.yaml gives them


@pytest.fixture
def vale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the fixture game's content, to build or to edit."""
    shutil.copytree(SOURCE, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "content" / GAME


@pytest.fixture(scope="module")
def map_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("vale")
    assert main(["build", "--content", str(SOURCE), "--layouts", str(LAYOUTS), "--out", str(out), "--jobs", "1"]) == 0
    return out / GAME / "standard" / f"{GAME}-map-a4.pdf"


def boxes(page: pdfplumber.page.Page) -> list[tuple[float, float, float, float]]:
    """The page's ruled rectangles as x, y (from the top), w, h in mm."""
    return [(r["x0"] / MM, r["top"] / MM, r["width"] / MM, r["height"] / MM) for r in page.rects]


def squares(page: pdfplumber.page.Page) -> list[tuple[float, float, float, float]]:
    return [b for b in boxes(page) if abs(b[2] - CELL) < TOL and abs(b[3] - CELL) < TOL]


def placed_icons(pdf: pikepdf.Pdf) -> list[tuple[float, float, float]]:
    """Each icon drawn on page 1: the left and top of its square and its size, mm (from its `cm` and form)."""
    page, height = pdf.pages[0], float(pdf.pages[0].mediabox[3])
    found, moved = [], (0.0, 0.0)
    for operands, op in pikepdf.parse_content_stream(page):
        if str(op) == "cm":
            moved = (float(operands[4]), float(operands[5]))
        elif str(op) == "Do":
            form = page.Resources.XObject[str(operands[0])]
            size = float(form.BBox[2]) + float(form.BBox[0])  # its box reaches as far past the square each way
            found.append((moved[0] / MM, (height - moved[1] - size) / MM, size / MM))
    return found


def same(got: list[tuple[float, ...]], want: list[tuple[float, ...]]) -> bool:
    """The same places, each within the tolerance."""
    return len(got) == len(want) and all(abs(a - b) < TOL for g, w in zip(got, want, strict=True)
                                         for a, b in zip(g, w, strict=True))


def test_an_11_by_11_map_and_a_score_table_share_one_a4_page(map_pdf: Path) -> None:
    with pdfplumber.open(map_pdf) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert (page.width / MM, page.height / MM) == pytest.approx((210, 297), abs=TOL)
        grid = squares(page)
        text = page.extract_text()
    assert len(grid) == 11 * 11 + 11  # the squares, and the 9 mm wide labels' column beside them
    left, top = min(b[0] for b in grid), min(b[1] for b in grid)
    assert left == pytest.approx(MARGIN, abs=TOL)  # the labels' column, at the margin
    inside = sorted((b[0], b[1]) for b in grid if b[0] > left + TOL)
    expected = sorted((left + CELL * c, top + CELL * r) for c in range(1, 12) for r in range(11))
    assert same(inside, expected)
    assert "Scores" in text and "Winter" in text


def test_the_map_prints_each_terrain_icon_where_the_parameter_puts_it_at_its_size(map_pdf: Path) -> None:
    with pdfplumber.open(map_pdf) as doc:
        grid = squares(doc.pages[0])
        names = [w["text"] for w in doc.pages[0].extract_words() if w["text"] in {t[2] for t in TERRAIN}]
    left, top = min(b[0] for b in grid) + CELL, min(b[1] for b in grid)  # square (1, 1)
    with pikepdf.open(map_pdf) as pdf:
        icons = placed_icons(pdf)
    pad = (CELL - ICON) / 2
    want = [(left + (c - 1) * CELL + pad, top + (r - 1) * CELL + pad, ICON) for r, c, _ in TERRAIN]
    assert same(sorted(icons), sorted(want))
    assert names == [t[2] for t in TERRAIN]  # each icon reads as its name, in reading order


def test_the_score_table_has_its_own_label_column_widths_and_row_height(map_pdf: Path) -> None:
    with pdfplumber.open(map_pdf) as pdf:
        rows = [b for b in boxes(pdf.pages[0]) if abs(b[3] - 12) < TOL]
    tops = sorted({round(b[1], 3) for b in rows})
    assert len(tops) == 5  # four seasons and the final row
    for y in tops:
        widths = [b[2] for b in sorted(rows, key=lambda b: b[0]) if abs(b[1] - y) < TOL]
        assert widths == pytest.approx([40, 22, 22, 22, 22, 18, 30], abs=TOL)


def test_a_cell_template_knows_its_row_and_column_and_their_labels(vale: Path) -> None:
    edit(vale / "sheets.yaml", '            text: "{{ item }}"\n',
         '            text: "{{ item }}"\n            cells: ["{{ row }}/{{ column }} {{ row_label }}"]\n'
         '            every_cell: "{{ column_label }} {{ index }}"\n')
    findings, templates = Findings(), Templates()
    game = load_game(vale, f"content/{GAME}", findings, templates)
    assert game is not None
    expand_sheets(game, findings, templates)
    assert list(findings) == []
    scores = game.sheets["map"].copies[0][3]
    assert [r.cells for r in scores.rows[:2]] == [
        ["1/1 Spring", "Goal B 1", "Goal C 1", "Goal D 1", "Coins 1", "Total 1"],
        ["2/1 Summer", "Goal B 2", "Goal C 2", "Goal D 2", "Coins 2", "Total 2"]]
    assert scores.rows[4].cells == []  # "Final": a plain row, to write in
    grid = game.sheets["map"].copies[0][1]
    assert [r.label for r in grid.rows] == list("ABCDEFGHIJK")  # `row` in a row's text
    assert [(r + 1, c + 1, text) for r, row in enumerate(grid.rows) for c, text in enumerate(row.cells) if text] \
        == [(r, c, f":{icon}:") for r, c, icon in TERRAIN]


def test_an_empty_printed_cell_of_a_check_row_is_a_tick_box(vale: Path, tmp_path: Path) -> None:
    edit(vale / "sheets.yaml", '            text: "{{ item }}"\n',
         '            text: "{{ item }}"\n            cell: check\n'
         '            every_cell: "{{ \'-\' if column == row else \'\' }}"\n')
    assert main(["build", "--layouts", str(LAYOUTS), "--out", str(tmp_path / "out"), "--jobs", "1"]) == 0
    page = (tmp_path / "out" / GAME / f"{GAME}.html").read_text(encoding="utf-8")
    assert page.count('aria-label="Spring, Goal A"') == 0 and "<td>-</td>" in page
    assert '<input type="checkbox" aria-label="Spring, Goal B" data-keep="Spring, Goal B" />' in page
    with pdfplumber.open(tmp_path / "out" / GAME / "standard" / f"{GAME}-map-a4.pdf") as pdf:
        ticks = [b for b in boxes(pdf.pages[0]) if abs(b[2] - 5) < TOL and abs(b[3] - 5) < TOL]
    assert len(ticks) == 4 * 6 - 4  # every season's cell but its own diagonal one


def findings_of(capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["check", "--layouts", str(LAYOUTS)]) == 1
    return [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]


def test_sizes_that_cannot_be_printed_are_found_at_their_keys(vale: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheets = vale / "sheets.yaml"
    edit(sheets, "icon_mm: 6", "icon_mm: 9")
    edit(sheets, "column_widths_mm: [22, 22, 22, 22, 18, 30]", "column_widths_mm: [22, 22, 22, 22, 18, 60]")
    errors = findings_of(capsys)
    icon, widths = line_of(sheets, "icon_mm"), line_of(sheets, "column_widths_mm", 3)  # the score table's own
    assert f"content/{GAME}/sheets.yaml:{icon}:9: error: {GAME} map: icons of 9 mm do not fit a 9 x 10.5 mm cell " \
           "(standard edition)" in errors  # once for every cell of that size; the row grew to hold them
    assert f"content/{GAME}/sheets.yaml:{widths}:9: error: {GAME} map: the table is 206 mm wide, more than the 186 " \
           "mm between the margins (standard edition, a4)" in errors
    assert f"content/{GAME}/sheets.yaml:{widths}:9: error: {GAME} map: the table is 206 mm wide, more than the " \
           "191.9 mm between the margins (standard edition, letter)" in errors
    assert len(errors) == 3


# (what is written instead, and each finding: the key it is at (nth such line), its column, and what it says)
WRONG = {
    "a list of widths names every column": (
        [("column_widths_mm: [22, 22, 22, 22, 18, 30]", "column_widths_mm: [22, 22]"),
         ("column_widths_mm: 9", "column_widths_mm: [9, 10]")],
        [("column_widths_mm", 3, 9, "column_widths_mm lists 2 widths for 6 columns: give one a column, or one for all"),
         ("column_widths_mm", 1, 9, "column_widths_mm lists 2 widths for 11 columns: give one a column, or one for "
                                    "all")]),
    "square cells need one width, and sizes are what they say": (
        [("column_widths_mm: 9", "column_widths_mm: [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 10]"),
         ("row_height_mm: 12", "row_height_mm: tall"), ("icon_mm: 6", "icon_mm: 1")],
        [("square", 1, 9, "square cells need columns of one width, got 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 10 mm"),
         ("row_height_mm", 1, 24, "row_height_mm must be a number, got 'tall'"),
         ("icon_mm", 1, 18, "icon_mm must be 2-60, got 1")]),
    "square is true or false": (
        [("square: true", "square: yes please")],
        [("square", 1, 17, "square must be true or false, got 'yes please'")]),
    "an edition's sizes are the table's keys, checked as the table's are": (
        [("          icon_mm: 8\n", "          icon_mm: 8\n          row_hieght_mm: 14\n          square: true\n"),
         ("column_widths_mm: [25, 25, 25, 25, 24, 24]", "column_widths_mm: [25, 25]"),
         ("header_height_mm: 10.5", "header_height_mm: 2")],
        [("row_hieght_mm", 1, 11, "unknown key 'row_hieght_mm' in table sizes for the large-print edition (expected: "
                                  "label_width_mm, column_widths_mm, row_height_mm, icon_mm, header_height_mm); did "
                                  "you mean 'row_height_mm' or 'header_height_mm'?"),
         ("square: true", 2, 11, "unknown key 'square' in table sizes for the large-print edition (expected: "
                                 "label_width_mm, column_widths_mm, row_height_mm, icon_mm, header_height_mm)"),
         ("column_widths_mm", 4, 11, "column_widths_mm lists 2 widths for 6 columns: give one a column, or one for "
                                     "all"),
         ("header_height_mm", 1, 29, "header_height_mm must be 4-60, got 2")]),
    "an edition's square cells need one width": (
        [("column_widths_mm: 12", "column_widths_mm: [12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 13]")],
        [("column_widths_mm", 2, 11, "square cells need columns of one width, got 12, 12, 12, 12, 12, 12, 12, 12, 12, "
                                     "12, 13 mm")]),
    "a mapping under a name not a table key is an edition's sizes, and the edition is one the game is made in": (
        [("        row_height_mm: 12\n", "        row_height_mm: 12\n        large-prnt: {header_height_mm: 12}\n"
                                         "        draft: {icon_mm: 6}\n        row: {text: Final}\n")],
        [("large-prnt", 1, 9, "no edition 'large-prnt' in this game (it is made in standard, large-print): a table's "
                              "sizes for an edition go under its id; did you mean 'large-print'?"),
         ("draft", 1, 9, "no edition 'draft' in this game (it is made in standard, large-print): a table's sizes for "
                         "an edition go under its id"),
         ("row: {", 1, 9, "unknown key 'row' in table (expected: corner, columns, rows, square, label_width_mm, "
                          "column_widths_mm, row_height_mm, icon_mm, header_height_mm, standard, large-print); did "
                          "you mean 'rows'?")]),
}


@pytest.mark.parametrize("case", WRONG)
def test_table_sizes_written_wrong_are_found_at_their_keys(vale: Path, capsys: pytest.CaptureFixture[str],
                                                           case: str) -> None:
    sheets = vale / "sheets.yaml"
    changes, expected = WRONG[case]
    for old, new in changes:
        edit(sheets, old, new)
    assert sorted(findings_of(capsys)) == sorted(f"content/{GAME}/sheets.yaml:{line_of(sheets, key, nth)}:{column}: "
                                                 f"error: {said}" for key, nth, column, said in expected)


def test_rows_too_low_to_write_in_are_found_in_the_edition_that_needs_more(vale: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    edit(vale / "sheets.yaml", LARGE_MAP, "")  # the map's 9 mm squares in large print too
    errors = [e for e in findings_of(capsys) if "writing in" in e]
    sheets = vale / "sheets.yaml"
    assert errors == [
        f"content/{GAME}/sheets.yaml:{line_of(sheets, 'column_widths_mm')}:9: error: {GAME} map: the table's rows "
        "are 9 mm high, less than the large-print edition's 12 mm for writing in"]


def test_a_table_without_sizes_keeps_the_layouts(vale: Path, tmp_path: Path) -> None:
    """The score table without its own sizes: the layout's 50 mm labels and 11 mm rows, the line shared."""
    edit(vale / "sheets.yaml", "        label_width_mm: 40\n        column_widths_mm: [22, 22, 22, 22, 18, 30]\n"
                               "        row_height_mm: 12\n", "")
    assert main(["build", "--layouts", str(LAYOUTS), "--out", str(tmp_path / "out"), "--jobs", "1"]) == 0
    with pdfplumber.open(tmp_path / "out" / GAME / "standard" / f"{GAME}-map-a4.pdf") as pdf:
        rows = [b for b in boxes(pdf.pages[0]) if abs(b[3] - 11) < TOL]
    first = min(b[1] for b in rows)
    widths = [b[2] for b in sorted(rows, key=lambda b: b[0]) if abs(b[1] - first) < TOL]
    assert widths == pytest.approx([50] + [(186 - 50) / 6] * 6, abs=TOL)


# Sizes given anew in an edition: the map of 12 mm squares in large print, where 9 mm cannot be written in, and
# header rows of their own height; the page fits one sheet of each paper in each edition.

LARGE = 12.0  # mm: the map's squares in large print, and the score table's rows in both editions
LARGE_ICON, LARGE_HEADER, LARGE_MARGIN = 8.0, 10.5, 14.0  # as sheets.yaml and the large-print sheet layout give


@pytest.fixture(scope="module")
def large_pdf(map_pdf: Path) -> Path:
    return map_pdf.parent.parent / "large-print" / f"{GAME}-map-a4.pdf"


def test_in_large_print_the_map_is_of_the_editions_own_squares_and_icons(map_pdf: Path, large_pdf: Path) -> None:
    with pdfplumber.open(large_pdf) as pdf:
        page = pdf.pages[0]
        grid = [b for b in boxes(page) if abs(b[2] - LARGE) < TOL and abs(b[3] - LARGE) < TOL]
        nine = [b for b in boxes(page) if abs(b[2] - CELL) < TOL]
    left, top = min(b[0] for b in grid), min(b[1] for b in grid)
    assert left == pytest.approx(LARGE_MARGIN, abs=TOL) and not nine  # no 9 mm square left in large print
    inside = sorted((b[0], b[1]) for b in grid if b[0] > left + TOL and b[1] < top + 11 * LARGE)
    assert same(inside, sorted((left + LARGE * c, top + LARGE * r) for c in range(1, 12) for r in range(11)))
    with pikepdf.open(large_pdf) as pdf:
        icons = placed_icons(pdf)
    pad = (LARGE - LARGE_ICON) / 2
    want = [(left + c * LARGE + pad, top + (r - 1) * LARGE + pad, LARGE_ICON) for r, c, _ in TERRAIN]
    assert same(sorted(icons), sorted(want))
    with pdfplumber.open(map_pdf) as pdf:  # the standard edition keeps the table's own 9 mm squares
        assert len(squares(pdf.pages[0])) == 11 * 11 + 11


def header_rows(page: pdfplumber.page.Page, height: float) -> list[list[float]]:
    """The widths of each row of cells `height` mm high, top to bottom: a table's header row (its corner unruled)."""
    cells = [b for b in boxes(page) if abs(b[3] - height) < TOL]
    tops = sorted({round(b[1], 2) for b in cells})
    return [[b[2] for b in sorted(cells, key=lambda b: b[0]) if abs(b[1] - y) < TOL] for y in tops]


def test_in_large_print_the_score_table_has_the_editions_widths_and_header_height(large_pdf: Path) -> None:
    with pdfplumber.open(large_pdf) as pdf:
        page = pdf.pages[0]
        headers = header_rows(page, LARGE_HEADER)
        rows = [b for b in boxes(page) if abs(b[3] - LARGE) < TOL and abs(b[2] - LARGE) > TOL]
    assert headers == [pytest.approx([LARGE] * 11, abs=TOL), pytest.approx([25, 25, 25, 25, 24, 24], abs=TOL)]
    tops = sorted({round(b[1], 2) for b in rows})
    assert len(tops) == 5  # four seasons and the final row, 12 mm high (the table's own: no edition gives anew)
    assert [b[2] for b in sorted(rows, key=lambda b: b[0]) if abs(b[1] - tops[0]) < TOL] \
        == pytest.approx([34, 25, 25, 25, 25, 24, 24], abs=TOL)


def test_a_table_gives_its_header_row_a_height_that_grows_to_hold_its_heads(vale: Path, tmp_path: Path) -> None:
    """The map's header row 9 mm high, not one and a half rows; the score table's 4 mm, too low for its 11 pt
    heads, as high as they need."""
    sheets = vale / "sheets.yaml"
    edit(sheets, "        icon_mm: 6\n", "        icon_mm: 6\n        header_height_mm: 9\n")
    edit(sheets, "        row_height_mm: 12\n", "        row_height_mm: 12\n        header_height_mm: 4\n")
    out = tmp_path / "out"
    assert main(["build", "--layouts", str(LAYOUTS), "--out", str(out), "--jobs", "1", "--edition", "standard",
                 "--paper", "a4"]) == 0
    with pdfplumber.open(out / GAME / "standard" / f"{GAME}-map-a4.pdf") as pdf:
        page = pdf.pages[0]
        grid = squares(page)
        heads = [b for b in boxes(page) if abs(b[2] - 22) < TOL and b[3] < LARGE - TOL]
        words = {w["text"]: (w["top"] / MM, w["bottom"] / MM) for w in page.extract_words()}
    assert len(grid) == 11 * 11 + 11 + 11  # the squares, their labels and now the header row's 9 mm squares
    (head,) = {round(b[3], 3) for b in heads}
    assert 4 + 1 < head < LARGE  # grown past 4 mm, not to one and a half rows (18 mm)
    top = min(b[1] for b in heads)
    assert top < words["Goal"][0] and words["Goal"][1] < top + head  # the heads inside it


def pages_of(pdf_path: Path) -> list[str]:
    with pdfplumber.open(pdf_path) as pdf:
        return [page.extract_text() for page in pdf.pages]


@pytest.mark.parametrize("edition", ["standard", "large-print"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_map_and_the_scores_share_one_page_of_each_paper_in_each_edition(map_pdf: Path, edition: str,
                                                                             paper: str) -> None:
    path = map_pdf.parent.parent / edition / f"{GAME}-map-{paper}.pdf"
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        bottom = max(b[1] + b[3] for b in boxes(page))
        margin = LARGE_MARGIN if edition == "large-print" else MARGIN
        assert bottom <= page.height / MM - margin + TOL  # the last row above the bottom margin
        text = page.extract_text()
    assert "Map of the Hollow Vale" in text and "Final" in text and "K" in text.split()


def test_without_its_own_header_height_large_print_spills_the_last_row_onto_a_second_letter_page(
        vale: Path, tmp_path: Path) -> None:
    """Header rows one and a half rows high (18 mm for 12 mm rows) push the final row over, as designers found."""
    edit(vale / "sheets.yaml", "          header_height_mm: 10.5\n", "", count=2)
    out = tmp_path / "out"
    assert main(["build", "--layouts", str(LAYOUTS), "--out", str(out), "--jobs", "1", "--edition", "large-print",
                 "--paper", "letter"]) == 0
    pages = pages_of(out / GAME / "large-print" / f"{GAME}-map-letter.pdf")
    assert len(pages) == 2 and "Final" in pages[1] and "Final" not in pages[0]


def test_sizes_for_an_edition_the_game_is_not_made_in_are_found(vale: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(vale / "game.yaml", "editions: [standard, large-print]", "editions: [standard]")
    sheets = vale / "sheets.yaml"
    assert findings_of(capsys) == [
        f"content/{GAME}/sheets.yaml:{line_of(sheets, 'large-print', nth)}:9: error: no edition 'large-print' in this "
        "game (it is made in standard): a table's sizes for an edition go under its id" for nth in (1, 2)]


def test_a_table_of_too_many_columns_is_one_finding_an_edition_and_paper(deckpress) -> None:
    """300 columns sharing a line: each less than a millimetre, and 1,500 findings of cells a negative width wide
    ('a word is wider than the -2.5 mm line'); now the table says it, once for each edition and paper."""
    sheets = Path("content/open-secret-exchange/sheets.yaml")
    edit(sheets, "columns: [Code, Value, Received from]", f"columns: [{', '.join(f'C{i}' for i in range(300))}]")
    result = deckpress("check", "open-secret-exchange")
    assert result.status == 1 and len(result.errors) == 4, result.errors
    assert all(e.startswith(f"{sheets}:") and "the table's 300 columns share the " in e and "mm a column needs" in e
               for e in result.errors), result.errors
    assert "less than the 4 mm a column needs (standard edition, a4); fewer columns" in result.err
