"""Boards larger than the paper: the fixture game every-shape (tests/fixtures/every-shape) has a 400 x 280 mm score
board with a track of 0 to 60, a 600 x 600 mm river map read from a deck, and the score board again folding in two.
Geometry is read from the layout ops (the clip of each piece, the board's background drawn at its origin, the
registration crosses), the rest from the PDFs."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pikepdf
import pypdf
import pytest
from conftest import FIXTURES, LAYOUTS, MM, edit, line_of
from test_tagged import check_catalogue, check_marked_content

from deckpress.build import prepare
from deckpress.cli import main
from deckpress.layout.boards.pieces import CROSS_MM, FOLD_DASH
from deckpress.layout.page import Circle, Clip, Document, Line, Page, Rect, Text
from deckpress.options import Options

CONTENT = FIXTURES / "every-shape" / "content"
GAME = "every-shape"
EPS = 0.01  # mm
Box = tuple[float, float, float, float]  # x1, y1, x2, y2, board mm


def documents(content: Path = CONTENT, paper: str = "a4", **printing: object) -> dict[str, Document]:
    prepared = prepare(Options(content=content, layouts=[LAYOUTS], papers=(paper,), printing=dict(printing)),
                       [content / GAME], every_page=False)
    assert not prepared.findings.errors, [str(f) for f in prepared.findings.errors]
    return {d.component: d for d in prepared.documents if d.game == GAME}


def origin(page: Page, size: tuple[float, float]) -> tuple[float, float] | None:
    """Where the board's top-left corner lies on the page (mm from the page's top-left): its background, the
    first thing drawn of it, covers the whole board."""
    for op in page.ops:
        if isinstance(op, Rect) and abs(op.w - size[0] * MM) < EPS and abs(op.h - size[1] * MM) < EPS:
            return op.x / MM, (page.height - op.y - op.h) / MM
    return None


def pieces(doc: Document, size: tuple[float, float]) -> list[tuple[int, Box, list[tuple[float, float]]]]:
    """Each piece: its page (from 0), the board it shows (its clip, in board mm) and its crosses (board mm)."""
    out = []
    for n, page in enumerate(doc.pages):
        clips = [(i, op) for i, op in enumerate(page.ops) if isinstance(op, Clip)]
        if not clips:
            continue
        at = origin(page, size)
        assert at is not None
        ox, oy = at
        for i, clip in clips:
            xs = [float(s[1]) / MM for s in clip.steps if len(s) == 3]  # type: ignore[arg-type]
            ys = [(page.height - float(s[2])) / MM for s in clip.steps if len(s) == 3]  # type: ignore[arg-type]
            box = (min(xs) - ox, min(ys) - oy, max(xs) - ox, max(ys) - oy)
            rings = [op for op in page.ops[i + 1 + clip.ops:] if isinstance(op, Circle)
                     and abs(op.r - CROSS_MM * 0.6 * MM) < EPS]
            marks = [(c.x / MM - ox, (page.height - c.y) / MM - oy) for c in rings]
            out.append((n, box, [m for m in marks if box[0] <= m[0] <= box[2] and box[1] <= m[1] <= box[3]]))
    return out


def neighbours(found: list[tuple[int, Box, list[tuple[float, float]]]]) -> list[tuple[Box, Box, str]]:
    """Pairs of pieces side by side (`across`) or one above the other (`down`)."""
    boxes = [b for _, b, _ in found]
    pairs = []
    for a in boxes:
        for b in boxes:
            if a[1] == b[1] and a[3] == b[3] and a[0] < b[0] < a[2]:
                pairs.append((a, b, "across"))
            if a[0] == b[0] and a[2] == b[2] and a[1] < b[1] < a[3]:
                pairs.append((a, b, "down"))
    return pairs


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("boards")
    assert main(["build", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--out", str(out), "--jobs",
                 "1"]) == 0
    return out / GAME / "standard"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("component", "size", "overlap"), [("score-board", (400, 280), 10),
                                                             ("river-map", (600, 600), 12)])
def test_pieces_overlap_by_the_declared_amount_and_cover_the_board(paper, component, size, overlap):
    found = pieces(documents(paper=paper)[component], size)
    assert len(found) > 1
    pairs = neighbours(found)
    assert pairs
    for a, b, way in pairs:
        got = a[2] - b[0] if way == "across" else a[3] - b[1]
        assert abs(got - overlap) < EPS, (a, b)
    boxes = [b for _, b, _ in found]
    assert abs(min(b[0] for b in boxes)) < EPS and abs(min(b[1] for b in boxes)) < EPS
    assert abs(max(b[2] for b in boxes) - size[0]) < EPS and abs(max(b[3] for b in boxes) - size[1]) < EPS
    width, height = {"a4": (210, 297), "letter": (215.9, 279.4)}[paper]
    for _, (x1, y1, x2, y2), _ in found:  # every piece fits the paper inside the printer margin
        assert min(x2 - x1, y2 - y1) <= min(width, height) - 7 and max(x2 - x1, y2 - y1) <= max(width, height) - 7


def test_the_score_board_takes_the_fewest_sheets():
    """400 x 280 mm: four pieces, two by two, on A4 as on Letter. (Three upright pieces 280 mm tall no longer fit
    A4 once nothing prints within 4.2 mm of its edges and the slug keeps its room.)"""
    a4 = pieces(documents()["score-board"], (400, 280))
    assert [round(b[2] - b[0], 6) for _, b, _ in a4] == [205.0] * 4 and len({n for n, _, _ in a4}) == 4
    letter = pieces(documents(paper="letter")["score-board"], (400, 280))
    assert len(letter) == 4 and len({n for n, _, _ in letter}) == 4


@pytest.mark.parametrize("component", ["score-board", "river-map"])
def test_registration_crosses_coincide_when_the_pieces_are_laid_at_their_offsets(component):
    size = {"score-board": (400, 280), "river-map": (600, 600)}[component]
    found = pieces(documents(paper="letter")[component], size)
    marks = {box: crosses for _, box, crosses in found}
    for a, b, _ in neighbours(found):
        strip = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))

        def inside(m: tuple[float, float], s: Box = strip) -> bool:
            return s[0] <= m[0] <= s[2] and s[1] <= m[1] <= s[3]
        on_a = sorted((round(x, 6), round(y, 6)) for x, y in marks[a] if inside((x, y)))
        on_b = sorted((round(x, 6), round(y, 6)) for x, y in marks[b] if inside((x, y)))
        assert len(on_a) >= 2 and on_a == on_b
    for box, crosses in marks.items():  # every cross is in a strip a neighbour shares
        for m in crosses:
            assert any(o != box and o[0] <= m[0] <= o[2] and o[1] <= m[1] <= o[3] for o in marks)


def test_each_piece_is_labelled_and_the_assembly_map_comes_first(built):
    with pdfplumber.open(built / f"{GAME}-score-board-a4.pdf") as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
    assert "Score board: how the pieces go together" in texts[0]
    names = [m.group(1) for t in texts[1:] if (m := re.search(r"Score board piece ([A-D][1-4]) of 4\b", t))]
    assert names == ["A1", "A2", "B1", "B2"] and all(n in texts[0] for n in names)  # two by two (see below)
    assert all("glue the strip" in t for t in texts[1:4])  # under its neighbour, or its neighbours
    assert "glue" not in texts[4]  # the last: no strip of its own
    with pdfplumber.open(built / f"{GAME}-river-map-letter.pdf") as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
    labels = [m.group(1) for t in texts[1:] if (m := re.search(r"River map piece ([A-D][1-4]) of 12\b", t))]
    assert labels == [f"{r}{c}" for r in "ABC" for c in "1234"]
    assert "glue the strips under its neighbours" in texts[1] and "glue the strip under its neighbour" in texts[4]

def test_every_board_page_carries_the_slug_and_the_tagged_structure_holds(built):
    for path in sorted(built.glob(f"{GAME}-*-board-*.pdf")) + sorted(built.glob(f"{GAME}-river-map-*.pdf")):
        with pdfplumber.open(path) as pdf:
            pages = len(pdf.pages)
            for n, page in enumerate(pdf.pages, 1):
                assert f"page {n} of {pages}" in (page.extract_text() or ""), (path.name, n)
        with pikepdf.open(path) as pdf:
            check_catalogue(pdf)
            check_marked_content(pdf)
    with pikepdf.open(built / f"{GAME}-score-board-a4.pdf") as pdf:  # the board is read once, from its first piece
        sections = []
        todo = list(pdf.Root.StructTreeRoot.K)
        while todo:
            element = todo.pop()
            sections += [element] if element.S == "/Sect" else []
            todo += [k for k in (list(element.K) if isinstance(element.get("/K"), pikepdf.Array) else
                                 [element.get("/K")]) if isinstance(k, pikepdf.Dictionary) and "/S" in k]
        assert len(sections) == 1


def test_the_fold_variant_prints_whole_panels_with_dashed_fold_edges():
    """fold: 2: the 400 x 280 mm board in two 200 mm panels meeting at the fold with no glue strip across it; a
    panel 280 mm tall is too tall for A4 inside its 4.2 mm printer margin and the slug's room (and for Letter), so
    each is glued in pieces that never cross the fold."""
    doc = documents()["travel-board"]
    found = pieces(doc, (400, 280))
    assert [b for _, b, _ in found] == [pytest.approx((0, 0, 200, 145)), pytest.approx((200, 0, 400, 145)),
                                        pytest.approx((0, 135, 200, 280)), pytest.approx((200, 135, 400, 280))]
    assert all(b[2] <= 200 + EPS or b[0] >= 200 - EPS for _, b, _ in found)  # none crosses the fold
    page = doc.pages[found[0][0]]
    dashed = [op for op in page.ops if isinstance(op, Line) and op.dash == FOLD_DASH]
    assert len(dashed) == 1 and abs(dashed[0].x1 - dashed[0].x2) < EPS  # its right edge, upright
    letter = pieces(documents(paper="letter")["travel-board"], (400, 280))
    assert len(letter) > 2
    assert all(b[2] <= 200 + EPS or b[0] >= 200 - EPS for _, b, _ in letter)


def with_board(tmp_path: Path, layout: str, keys: str) -> Path:
    """A copy of the fixture with one more board: a layout `pocket-board` and a component of it with `keys`."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    (content / GAME / "layouts/standard/pocket-board.yaml").write_text(layout)
    edit(content / GAME / "game.yaml", "  - {id: rules,",
         f"  - {{id: pocket-board, title: Pocket board, kind: board, layout: pocket-board{keys}}}\n  - {{id: rules,")
    return content


POCKET = ("kind: board\nsize_mm: [180, 120]\nbackground: river-sand\nelements:\n"
          "  - {name: home, text: Home, box_mm: [10, 10, 60, 20], style: {font: bold, size: 20}}\n")


def test_a_folding_board_that_fits_is_printed_whole_with_its_folds_across(tmp_path):
    doc = documents(with_board(tmp_path, POCKET, ", fold: 4"))["pocket-board"]
    found = pieces(doc, (180, 120))
    assert [b for _, b, _ in found] == [pytest.approx((0, 0, 180, 120))] and len(doc.pages) == 2  # the map, it
    page = doc.pages[found[0][0]]
    at = origin(page, (180, 120))
    assert at is not None
    dashed = [op for op in page.ops if isinstance(op, Line) and op.dash == FOLD_DASH]
    upright = [op.x1 / MM - at[0] for op in dashed if abs(op.x1 - op.x2) < EPS]
    level = [(page.height - op.y1) / MM - at[1] for op in dashed if abs(op.y1 - op.y2) < EPS]
    assert upright == [pytest.approx(90)] and level == [pytest.approx(60)]


def test_a_board_smaller_than_the_paper_is_one_piece_without_a_map(tmp_path):
    doc = documents(with_board(tmp_path, POCKET, ""))["pocket-board"]
    found = pieces(doc, (180, 120))
    assert len(doc.pages) == 1 and [b for _, b, _ in found] == [pytest.approx((0, 0, 180, 120))]
    assert not found[0][2]  # no neighbour, no cross


@pytest.fixture(scope="module")
def bled(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("bled")
    assert main(["build", "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--out", str(out), "--jobs", "1",
                 "--paper", "a4", "--bleed", "3"]) == 0
    return out / GAME / "standard"


def test_with_bleed_the_board_is_also_one_full_size_page_with_its_boxes(bled):
    reader = pypdf.PdfReader(bled / f"{GAME}-score-board-a4-bleed3mm.pdf")
    *pieces_, full = reader.pages
    assert len(pieces_) == 5  # the map and four pieces, as without bleed
    trim, bleed, media = full.trimbox, full.bleedbox, full.mediabox
    assert abs(float(trim.width) / MM - 400) < EPS and abs(float(trim.height) / MM - 280) < EPS
    assert abs(float(bleed.width) / MM - 406) < EPS and abs(float(bleed.height) / MM - 286) < EPS
    assert abs((float(trim.left) - float(bleed.left)) / MM - 3) < EPS
    assert abs((float(bleed.top) - float(trim.top)) / MM - 3) < EPS
    assert float(media.width) > float(bleed.width) and float(media.height) > float(bleed.height)
    assert all(page.trimbox == page.mediabox for page in pieces_)  # the home-print pages have none of their own
    with pdfplumber.open(bled / f"{GAME}-score-board-a4-bleed3mm.pdf") as pdf:
        assert "page 6 of 6" in (pdf.pages[-1].extract_text() or "")


def test_every_pdf_passes_qpdf_check(built, bled):
    if shutil.which("qpdf") is None:
        pytest.skip("qpdf is not installed (apt-get install -y qpdf)")
    paths = sorted(built.glob("*.pdf")) + sorted(bled.glob("*.pdf"))
    assert len(paths) > 8
    for path in paths:
        done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, (path.name, done.stdout, done.stderr)


def test_the_text_edition_reads_each_board_once(built):
    page = (built.parent.parent / GAME / f"{GAME}.html").read_text(encoding="utf-8")
    boards = page.split('<h2 id="boards">Boards</h2>', 1)[1].split("</section>", 1)[0]
    assert re.findall(r"<h3>([^<]+)</h3>", boards) == ["Score board", "River map", "Travel board"]
    assert page.count("First to 60 wins.") == 2  # the score board and the travel board, whatever their pieces
    assert boards.count("The Long River") == 1 and boards.count("Delta") == 1


def copied(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    return content


def test_bad_board_keys_are_located_findings(tmp_path, capsys):
    content = copied(tmp_path)
    game = content / GAME / "game.yaml"
    edit(game, "layout: score-board}", "layout: score-board, overlap_mm: 1}")
    edit(game, "fold: 2}", "fold: 3}")
    edit(game, "deck: map,", "deck: rivers,")
    assert main(["check", "--content", str(content), "--layouts", str(LAYOUTS)]) == 1
    errors = capsys.readouterr().err.splitlines()
    text = game.read_text(encoding="utf-8").splitlines()
    at = {key: (n, line.index(key) + 1) for n, line in enumerate(text, 1) for key in ("overlap_mm: 1}", "fold: 3")
          if key in line}
    overlap, fold = at["overlap_mm: 1}"], at["fold: 3"]
    assert f"{game}:{overlap[0]}:{overlap[1] + 12}: error: overlap_mm must be 3-40, got 1" in errors
    assert f"{game}:{fold[0]}:{fold[1] + 6}: error: fold must be 2 or 4 (panels), got 3" in errors
    assert any(e.startswith(f"{game}:{line_of(game, 'deck: rivers')}:") and "names deck 'rivers'" in e for e in errors)


def test_the_overlap_check_sees_a_boards_texts_as_a_cards(tmp_path, capsys):
    """Texts cut at the seams are no finding (the fixture builds clean); a line through one is, once, where the
    text was written."""
    content = copied(tmp_path)
    layout = content / GAME / "layouts/standard/score-board.yaml"
    edit(layout, "background: river-sand\n", "background: river-sand\nrules_mm: [[30, 155, 370, 155]]\n")
    assert main(["check", "--content", str(content), "--layouts", str(LAYOUTS)]) == 1
    errors = [e for e in capsys.readouterr().err.splitlines() if "crossed by a line" in e]
    goal = line_of(layout, "- name: goal")
    assert errors and all(e.startswith(f"{layout}:{goal}:") for e in errors)
    said = [e.split(" error: ")[1].split(":")[0] for e in errors]  # the board is the same on both papers
    assert sorted(said) == [f"{GAME} score-board (standard edition)", f"{GAME} travel-board (standard edition)"]


def test_a_repeat_crossing_its_own_repetitions_is_one_finding_with_a_count(tmp_path, capsys):
    """Ten numbers 3 mm apart, each as wide as two digits: each after the first crosses the one before it. The
    board says so once, counting them, not once for each number on each paper."""
    track = ("  - name: track\n    repeat: {name: space, text: '{{ index + 10 }}', box_mm: [0, 0, 12, 10],\n"
             "             style: {font: bold, size: 20}}\n    count: 10\n    step_mm: [3, 0]\n"
             "    box_mm: [20, 60, 45, 10]\n")
    content = with_board(tmp_path, POCKET + track, "")
    assert main(["check", "--content", str(content), "--layouts", str(LAYOUTS)]) == 1
    layout = content / GAME / "layouts/standard/pocket-board.yaml"
    errors = [e for e in capsys.readouterr().err.splitlines() if "crossed by" in e]
    assert len(errors) == 1 and errors[0].startswith(f"{layout}:{line_of(layout, '- name: track')}:")
    assert f"{GAME} pocket-board (standard edition): " in errors[0]
    assert "track: text '11' is crossed by text '10'" in errors[0] and "and 8 more times like it" in errors[0]


def test_printed_on_both_sides_every_board_page_has_a_blank_back():
    """No piece is printed on the back of another: behind each page of a board, only the slug line."""
    plain, duplex = documents()["score-board"], documents(duplex="long-edge")["score-board"]
    assert len(duplex.pages) == 2 * len(plain.pages)
    for back in duplex.pages[1::2]:
        assert back.ops and all(isinstance(op, Text) for op in back.ops)
        assert "Score board" in " ".join(op.text for op in back.ops if isinstance(op, Text))


def test_a_board_too_large_to_cut_is_a_finding_at_its_component(tmp_path, capsys):
    content = with_board(tmp_path, POCKET.replace("[180, 120]", "[9000, 120]"), "")
    assert main(["check", "--content", str(content), "--layouts", str(LAYOUTS)]) == 1
    game = content / GAME / "game.yaml"
    line = line_of(game, "id: pocket-board")
    assert (f"{game}:{line}:5: error: {GAME} pocket-board (standard edition, a4): a board of 9000 x 120 mm does "
            f"not fit on the paper in 20 x 20 pieces at most with 10 mm overlap") in capsys.readouterr().err
