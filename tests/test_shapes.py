"""Shaped pieces: hex tiles, round tokens, an asymmetric shard and an SVG-path shield (tests/fixtures/every-shape), read
back from the PDFs' vector paths: their sizes, shared cut edges, bleed, backs behind fronts, and the findings."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from dataclasses import dataclass
from math import hypot, pi, sqrt
from pathlib import Path

import pytest
from conftest import FIXTURES, LAYOUTS, MM
from pypdf import PdfReader
from pypdf.generic import ContentStream

from deckpress.cli import main
from deckpress.layout.imposition import PrintSetup, impositions
from deckpress.layout.overlap import overlaps
from deckpress.layout.page import Drawing
from deckpress.layout.shapes.outline import KAPPA, Outline, ellipse_steps, hexagon_points, polygon_steps
from deckpress.layout.shapes.svgpath import PathError, parse
from deckpress.layout.shapes.tiling import nested

CONTENT = FIXTURES / "every-shape" / "content"
GAME = "every-shape"
TOL = 0.01  # mm
HEX_H = 40 * sqrt(3) / 2  # a 40 mm flat-top hexagon's height: 34.64 mm
PAINTS = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"}


@dataclass
class Drawn:
    """A path of a PDF page as painted: its subpaths (points in mm from the top-left, a curve's control points
    too), its verbs per subpath, how it was painted and whether it clips."""

    paint: str
    clip: bool
    runs: list[list[tuple[float, float]]]
    verbs: list[list[str]]

    @property
    def segments(self) -> int:
        return sum(v.count("l") + v.count("h") for v in self.verbs)

    def extent(self) -> tuple[float, float, float, float]:
        xs = [x for run in self.runs for x, _ in run]
        ys = [y for run in self.runs for _, y in run]
        return min(xs), min(ys), max(xs), max(ys)


def drawn(pdf: Path, index: int) -> list[Drawn]:
    """Every path painted on a page (cut lines, fills, clips), read from its content stream."""
    reader = PdfReader(pdf)
    page = reader.pages[index]
    height = float(page.mediabox.height)
    out, runs, verbs, clip = [], [], [], False
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        name = op.decode()
        numbers = [float(n) for n in operands] if name in ("m", "l", "c", "cm") else []
        if name == "cm":
            assert numbers == [1, 0, 0, 1, 0, 0]  # shaped pieces are drawn unturned, in page coordinates
        elif name == "m":
            runs.append([]), verbs.append(["m"])
        if name in ("m", "l", "c"):
            runs[-1] += [(numbers[i] / MM, (height - numbers[i + 1]) / MM) for i in range(0, len(numbers), 2)]
            if name != "m":
                verbs[-1].append(name)
        elif name == "h":
            verbs[-1].append("h")
        elif name in ("W", "W*"):
            clip = True
        elif name in PAINTS:
            if runs:
                out.append(Drawn(name, clip, runs, verbs))
            runs, verbs, clip = [], [], False
    return out


def cut_path(paths: list[Drawn]) -> Drawn:
    """The sheet's cut path: the stroked path of the most segments (the scale bar's ticks are short lines)."""
    return max((p for p in paths if p.paint == "S"), key=lambda p: p.segments + sum(v.count("c") for v in p.verbs))


def build(out: Path, *args: str) -> Path:
    assert main(["build", GAME, "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--out", str(out), "--paper",
                 "a4", "--jobs", "1", *args]) == 0
    return out / GAME / "standard"


@pytest.fixture(scope="module")
def single(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("single"))


@pytest.fixture(scope="module")
def duplex(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("duplex"), "--duplex", "long-edge")


@pytest.fixture(scope="module")
def bled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("bled"), "--bleed", "3mm", "--duplex", "short-edge")


def size(p: Drawn) -> tuple[float, float]:
    x0, y0, x1, y1 = p.extent()
    return x1 - x0, y1 - y0


def test_a_40_mm_flat_top_hexagon_measures_40_by_34_64(duplex):
    pdf = duplex / f"{GAME}-hexes-a4-duplex-long-edge.pdf"
    faces = [p for p in drawn(pdf, 0) if p.clip]  # each face is shown only inside its outline
    backs = [p for p in drawn(pdf, 1) if p.paint in ("f", "f*")]  # each back filled to its outline
    assert len(faces) == len(backs) == 36
    for piece in faces + backs:
        w, h = size(piece)
        assert abs(w - 40) < TOL and abs(h - HEX_H) < TOL and abs(h - 34.64) < TOL
        assert piece.segments == 6  # five lines and the closing one


def test_a_pointy_top_hexagon_measures_34_64_by_40(single):
    paths = drawn(single / f"{GAME}-pointy-a4.pdf", 0)
    for piece in (cut_path(paths), next(p for p in paths if p.clip)):
        w, h = size(piece)
        assert abs(w - HEX_H) < TOL and abs(h - 40) < TOL
    x0, y0, x1, _ = cut_path(paths).extent()
    assert any(abs(x - (x0 + x1) / 2) < TOL and abs(y - y0) < TOL for x, y in cut_path(paths).runs[0])  # pointy


def _centres(paths: list[Drawn]) -> list[tuple[float, float]]:
    return [((e[0] + e[2]) / 2, (e[1] + e[3]) / 2) for e in (p.extent() for p in paths)]


def test_tessellated_hexes_share_their_cut_edges(single):
    """Neighbours share an edge: each is cut once. A honeycomb shares each inner edge between two hexes, so a sheet
    keeps a little over half the edges of separately cut hexes (3 a hex, and half of the rim's)."""
    paths = drawn(single / f"{GAME}-hexes-a4.pdf", 0)
    centres = _centres([p for p in paths if p.clip])
    n = len(centres)
    neighbours = sum(1 for i, a in enumerate(centres) for b in centres[i + 1:]
                     if abs(hypot(a[0] - b[0], a[1] - b[1]) - HEX_H) < TOL)  # across flats: an edge shared
    cut = cut_path(paths)
    lines = [(a, b) for run in cut.runs for a, b in zip(run, run[1:], strict=False)]
    unique = {tuple(sorted(((round(a[0], 2), round(a[1], 2)), (round(b[0], 2), round(b[1], 2))))) for a, b in lines}
    assert n == 36 and neighbours > 80
    assert cut.segments == len(lines) == len(unique) == 6 * n - neighbours  # every edge once
    assert cut.segments < 0.62 * 6 * n
    assert all(abs(hypot(b[0] - a[0], b[1] - a[1]) - 20) < TOL for a, b in lines)  # each a side of 20 mm
    separate = [p for p in paths if p.clip]
    assert sum(p.segments for p in separate) == 6 * n


def test_a_round_tokens_cut_path_is_a_circle_of_its_diameter(single):
    paths = drawn(single / f"{GAME}-tokens-a4.pdf", 0)
    cut = cut_path(paths)
    assert len(cut.runs) == 60 and all(v == ["m", "c", "c", "c", "c", "h"] for v in cut.verbs)
    for run in cut.runs:
        ends = [run[0], *run[3::3]]  # the quarter points: right, foot, left, head, right again
        x0, y0, x1, y1 = min(x for x, _ in ends), min(y for _, y in ends), max(x for x, _ in ends), max(
            y for _, y in ends)
        assert abs(x1 - x0 - 30) < TOL and abs(y1 - y0 - 30) < TOL
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        assert all(abs(hypot(x - cx, y - cy) - 15) < TOL for x, y in ends)
        first = run[1]  # the first control point: a quarter circle's, KAPPA x r along the tangent
        assert abs(first[0] - run[0][0]) < TOL and abs(first[1] - run[0][1] - 15 * KAPPA) < TOL


def test_round_tokens_pack_in_offset_rows_only_where_more_fit():
    token = Outline("circle", (30, 30), ellipse_steps(15, 15, 15, 15))
    rows = nested((210, 297), token, (6, 10), PrintSetup(), 5)[0]
    assert rows.per_sheet == 60  # the square grid holds 6 x 9 = 54
    ys = sorted({round(y, 6) for _, y in rows.fronts})
    assert all(abs(b - a - 15 * sqrt(3)) < 1e-6 for a, b in zip(ys, ys[1:], strict=False))
    stone = Outline("circle", (19, 19), ellipse_steps(9.5, 9.5, 9.5, 9.5))
    assert nested((210, 297), stone, (10, 14), PrintSetup(), 5)[0].per_sheet == 140  # capped: the grid ties


def test_hexes_nest_one_more_row_where_their_shifted_columns_are_one_short():
    hexagon = Outline("hexagon", (40, HEX_H), polygon_steps(hexagon_points("flat", (40, HEX_H))), "flat")
    folded = PrintSetup(fold=True)
    grid = impositions((210, 297), hexagon.size, (8, 5), folded, 5)[0]
    nest = nested((210, 297), hexagon, (8, 5), folded, 5)[0]
    assert (grid.per_sheet, nest.per_sheet) == (20, 21)  # 4 rows of 5 squared; 4, 3, 4, 3, 4, 3 nested
    columns: dict[float, int] = {}
    for x, _ in nest.fronts:
        columns[round(x, 6)] = columns.get(round(x, 6), 0) + 1
    assert list(columns.values()) == [4, 3, 4, 3, 4, 3]
    assert max(y for _, y in nest.fronts) + HEX_H <= 297 / 2 + 1e-9  # all above the fold


def test_the_manifest_and_catalogue_say_pieces_sheets_and_cut_length(single):
    entries = json.loads((single.parent.parent / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    tokens = next(e for e in entries if e["component"] == "tokens" and e["edition"] == "standard")
    assert (tokens["cards"], tokens["per_sheet"], tokens["sheets"]) == (60, 60, 1)
    assert abs(tokens["cut_length_mm"] - 60 * pi * 30) < 60 * pi * 30 * 0.001
    hexes = next(e for e in entries if e["component"] == "hexes")
    cut = cut_path(drawn(single / f"{GAME}-hexes-a4.pdf", 0))
    assert hexes["cut_length_mm"] == pytest.approx(cut.segments * 20, abs=0.1)
    site = (single.parent.parent / "index.html").read_text(encoding="utf-8")
    assert "60 a sheet on 1 sheet, 5.7 m of cut line" in site


def test_bleed_grows_the_outline_and_backs_land_behind_fronts(bled):
    pdf = bled / f"{GAME}-tokens-a4-duplex-short-edge-bleed3mm.pdf"
    reader = PdfReader(pdf)
    assert reader.pages[0].trimbox and reader.pages[0].bleedbox
    fronts = [p for p in drawn(pdf, 0) if p.clip]
    assert 20 < len(fronts) < 60 and len(reader.pages) == 2  # spaced for the bleed: fewer a sheet; no backs
    for piece in fronts:
        assert all(abs(s - 36) < TOL for s in size(piece))  # 30 mm, and 3 mm all round
    hexes = bled / f"{GAME}-hexes-a4-duplex-short-edge-bleed3mm.pdf"
    front, back = drawn(hexes, 0), drawn(hexes, 1)
    grown = [p for p in front if p.clip]
    assert grown and all(abs(size(p)[1] - (HEX_H + 6)) < TOL and abs(size(p)[0] - (HEX_H + 6) * 2 / sqrt(3)) < TOL
                         for p in grown)  # every edge 3 mm out: 40.64 mm across flats
    height = float(PdfReader(hexes).pages[0].mediabox.height) / MM
    width = float(PdfReader(hexes).pages[0].mediabox.width) / MM
    flip = (lambda x, y: (x, height - y)) if width < height else (lambda x, y: (width - x, y))  # short edge
    want = sorted((round(a, 2), round(b, 2)) for a, b in (flip(*c) for c in _centres(grown)))
    got = sorted((round(a, 2), round(b, 2)) for a, b in _centres([p for p in back if p.paint in ("f", "f*")]))
    assert want == got


Corners = list[set[tuple[float, float]]]


def _mirrored(pdf: Path, upright: bool, back_page: int = 1) -> tuple[Corners, Corners]:
    """The fronts' outlines (their clips) turned over as the sheet turns, about an upright axis or a level one;
    and the backs' outlines (their fills) on `back_page`: the same page, folded."""
    reader = PdfReader(pdf)
    width, height = (float(reader.pages[0].mediabox.width) / MM, float(reader.pages[0].mediabox.height) / MM)
    def flip(x: float, y: float) -> tuple[float, float]:
        return (width - x, y) if upright else (x, height - y)
    faces = [p for p in drawn(pdf, 0) if p.clip and (back_page or p.extent()[3] < height / 2)]  # folded: above
    fronts = [{(round(a, 2), round(b, 2)) for a, b in (flip(*q) for q in p.runs[0])} for p in faces]
    backs = [{(round(x, 2), round(y, 2)) for x, y in p.runs[0]} for p in drawn(pdf, back_page)
             if p.paint in ("f", "f*")]
    return fronts, backs


def test_an_asymmetric_polygons_back_is_mirrored_to_lie_behind_its_front(duplex):
    fronts, backs = _mirrored(duplex / f"{GAME}-shards-a4-duplex-long-edge.pdf", upright=True)  # portrait
    assert len(fronts) == len(backs) == 3
    assert sorted(map(sorted, fronts)) == sorted(map(sorted, backs))  # each back's corners on its front's
    # not merely moved: a back with the front's own outline would miss the cut-away corner
    reader = PdfReader(duplex / f"{GAME}-shards-a4-duplex-long-edge.pdf")
    front = [p for p in drawn(duplex / f"{GAME}-shards-a4-duplex-long-edge.pdf", 0) if p.clip][0]
    x0, y0, _, _ = front.extent()
    shape = sorted((round(x - x0, 2), round(y - y0, 2)) for x, y in front.runs[0])
    assert shape == sorted([(0, 0), (40, 0), (40, 10), (15, 30), (0, 30)])
    back = sorted(backs[0])
    bx0, by0 = min(x for x, _ in back), min(y for _, y in back)
    assert sorted((round(x - bx0, 2), round(y - by0, 2)) for x, y in back) == sorted(
        [(0, 0), (40, 0), (40, 30), (25, 30), (0, 10)])
    assert reader.pages[1].extract_text().splitlines().count("Shard") == 3


def test_an_asymmetric_polygons_back_flipped_on_the_short_edge_or_folded(bled, tmp_path):
    fronts, backs = _mirrored(bled / f"{GAME}-shards-a4-duplex-short-edge-bleed3mm.pdf", upright=False)
    assert len(fronts) == len(backs) == 3 and sorted(map(sorted, fronts)) == sorted(map(sorted, backs))
    folded = build(tmp_path, "--fold") / f"{GAME}-shards-a4-fold.pdf"
    fronts, backs = _mirrored(folded, upright=False, back_page=0)
    assert len(fronts) == len(backs) == 3 and sorted(map(sorted, fronts)) == sorted(map(sorted, backs))


def test_an_svg_path_shield_is_cut_along_its_curves(single):
    cut = cut_path(drawn(single / f"{GAME}-shields-a4.pdf", 0))
    assert cut.verbs == [["m", "l", "l", "c", "c", "l", "h"]] or cut.verbs == [["m", "l", "l", "c", "c", "h"]]
    w, h = size(cut)
    assert abs(w - 40) < TOL and abs(h - 45) < TOL


def test_svg_paths_absolute_and_relative():
    assert parse("M 1 2 h 3 v 4 l -1 1 Z") == [("M", 1, 2), ("L", 4, 2), ("L", 4, 6), ("L", 3, 7), ("Z",)]
    assert parse("m1,2 3,4c1 1 2 2 3 3z") == [("M", 1, 2), ("L", 4, 6), ("C", 5, 7, 6, 8, 7, 9), ("Z",)]
    for bad, at in (("M 0 0 Q 1 1", 7), ("L 1 1", 1), ("M 0", 1), ("M 0 0 L 1 x", 11)):
        with pytest.raises(PathError) as found:
            parse(bad)
        assert found.value.at == at, bad


def test_a_long_svg_path_is_read_in_time_and_bounded():
    """Each token copied the rest of the path (a 6 MB path ran past a minute): read where it starts now; past
    100,000 commands and numbers, a finding where they run over."""
    step = "c 1e-9 1e-9 1e-9 1e-9 1e-9 1e-9 "  # seven tokens in 32 characters
    start = time.process_time()
    assert len(parse(f"M 0 0 H 63 V 88 {step * 14_000}Z")) == 14_004 and time.process_time() - start < 1
    path = f"M 0 0 {step * 28_000}Z"
    with pytest.raises(PathError, match="more than 100,000 commands and numbers") as found:
        parse(path)
    nth = 100_000 - 3  # the 100,001st token, counted from 0 after M 0 0: step 14,285's third token
    assert found.value.at == len("M 0 0 ") + nth // 7 * 32 + len("c 1e-9 ") + 1 and nth % 7 == 2


@pytest.fixture
def trial(tmp_path, capsys, monkeypatch):
    """The fixture game in a fresh folder; `check(edit)` rewrites its layouts, checks it, and gives the errors."""
    shutil.copytree(CONTENT, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    layouts = tmp_path / "content" / GAME / "layouts" / "standard"

    def check(name: str, old: str, new: str) -> tuple[int, list[str]]:
        path = layouts / f"{name}.yaml"
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")
        capsys.readouterr()
        status = main(["check", GAME, "--content", "content", "--layouts", str(LAYOUTS)])
        return status, [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]
    return check


def test_a_bad_shape_is_a_located_finding(trial):
    status, errors = trial("token", "shape: circle", "shape: triangle")
    assert status == 1 and len(errors) == 1
    assert errors[0].startswith(f"content/{GAME}/layouts/standard/token.yaml:4:8: error: shape must be one of")


def test_rounded_corners_on_a_shape_are_a_located_finding(trial):
    status, errors = trial("token", "shape: circle\n", "shape: circle\ncorner_radius_mm: 3\n")
    assert status == 1 and len(errors) == 1
    assert errors[0].startswith(f"content/{GAME}/layouts/standard/token.yaml:5:1: error: corner_radius_mm does not "
                                f"go with shape")


def test_a_hexagon_not_of_its_size_is_a_located_finding(trial):
    status, errors = trial("pointy-tile", "size_mm: [34.64, 40]", "size_mm: [34.64, 38]")
    assert status == 1 and len(errors) == 1
    assert errors[0].startswith(f"content/{GAME}/layouts/standard/pointy-tile.yaml:4:8: error: a regular pointy-top "
                                f"hexagon 38 mm across corners is 32.91 x 38.00 mm")


@pytest.mark.parametrize("size", ["across_corners_mm: forty", "across_flats_mm: 2"])
def test_a_hexagon_sized_wrongly_is_one_finding_at_its_size(trial, size):
    """A hexagon's size that is no size was said, and then again as the layout needing size_mm, which it does not."""
    status, errors = trial("hex-tile", "across_corners_mm: 40", size)
    assert status == 1 and len(errors) == 1, errors
    assert errors[0].startswith(f"content/{GAME}/layouts/standard/hex-tile.yaml:3:"), errors
    assert "needs size_mm" not in errors[0]


def test_a_bad_svg_path_is_a_located_finding(trial):
    status, errors = trial("shield", "V 20 C", "V 20 Q")
    assert status == 1 and len(errors) == 1
    assert errors[0].startswith(f"content/{GAME}/layouts/standard/shield.yaml:4:15: error: path, at character 17: "
                                f"'Q' is not a path command")


def test_an_element_outside_the_safe_area_is_a_located_finding(trial):
    status, errors = trial("token", "box_mm: [8, 8, 14, 14]", "box_mm: [2, 8, 26, 14]")
    assert status == 1 and len(errors) == 1
    assert errors[0] == (f"content/{GAME}/layouts/standard/token.yaml:9:13: error: layout token, element value: its "
                         f"box [2, 8, 26, 14] reaches outside the card's circle inset by its 1 mm safe margin: a cut "
                         f"a little off the line would take some of it")


def test_a_text_the_cut_line_crosses_is_a_finding():
    """The safe area keeps a layout's texts off the cut line; a text on it all the same (one the press sets) is
    struck through, as on a rectangle's."""
    d = Drawing((210, 297))
    d.text(10, 30, "Across the cut", "AtkinsonHyperlegible-Regular", 10)
    d.path(Outline("circle", (30, 30), ellipse_steps(15, 15, 15, 15)).placed(20, 10), 0.5)
    found = overlaps(d.page)
    assert len(found) == 1 and "is crossed by the outline of a shape" in found[0].describe(d.page)
    inside = Drawing((210, 297))
    inside.text(28, 26, "In", "AtkinsonHyperlegible-Regular", 10)
    inside.path(Outline("circle", (30, 30), ellipse_steps(15, 15, 15, 15)).placed(20, 10), 0.5)
    assert not overlaps(inside.page)


def test_a_back_of_another_shape_is_a_finding(trial):
    status, errors = trial("shard-back", "extends: shard\n", "extends: shard\nshape: rectangle\n")
    assert status == 1 and len(errors) == 1
    assert "back layout 'shard-back' is a rectangle, but the cards of component shards (shard) are a polygon" in \
        errors[0]


def test_a_misspelt_extends_is_one_finding_with_the_name_meant(trial):
    """Not the keys the layout lacks without its base (grid, size_mm): they follow from the name alone."""
    status, errors = trial("hex-back", "extends: hex-tile\n", "kind: card\nextends: hex-tiel\n")
    assert status == 1
    assert errors == [f"content/{GAME}/layouts/standard/hex-back.yaml:3:10: error: layout 'hex-tiel' not found for "
                      f"edition standard; did you mean 'hex-tile'?"]


def test_a_layout_extending_itself_is_one_finding(trial):
    status, errors = trial("hex-back", "extends: hex-tile\n", "kind: card\nextends: hex-back\n")
    assert status == 1
    assert errors == [f"content/{GAME}/layouts/standard/hex-back.yaml:3:10: error: layout 'hex-back' extends itself"]


def test_a_layout_extending_the_theme_is_one_finding(trial):
    """The theme's keys were read as the layout's: a dozen findings of the press's own theme.yaml, none at the
    line to change."""
    status, errors = trial("hex-back", "extends: hex-tile\n", "kind: card\nextends: theme\n")
    assert status == 1
    assert errors == [f"content/{GAME}/layouts/standard/hex-back.yaml:3:10: error: extends names a layout; 'theme' "
                      f"is the edition's theme, which every layout of the edition follows already"]


def test_a_card_layout_extending_a_sheet_layout_is_one_finding(trial):
    """The sheet layout's keys were read as the card's: a dozen findings of the press's own sheet.yaml (unknown key
    'margin_mm' in layout hex-back, ...), a grid and size_mm said missing, none at the line to change."""
    status, errors = trial("hex-back", "extends: hex-tile\n", "kind: card\nextends: sheet\n")
    assert status == 1
    assert errors == [f"content/{GAME}/layouts/standard/hex-back.yaml:3:10: error: 'sheet' is a sheet layout, and "
                      f"this one a card layout: extends names a layout of its own kind"]


def test_a_back_that_replaces_its_faces_elements_leaves_the_faces_heading_behind(trial):
    """The face's heading named an element the back's own elements no longer hold: it was a finding at the face's
    heading, where nothing is wrong, listing no text elements at all."""
    assert trial("hex-tile", "grid: [8, 5]\n", "grid: [8, 5]\nheading: terrain\ntable: [terrain]\n") == (0, [])


def test_a_heading_left_behind_two_layouts_up_the_chain_is_no_finding(trial):
    """A back over a middle layout whose own elements replace the face's: the face's heading was said of the back,
    at the face's heading, where nothing is wrong (only a back writing its elements itself left it behind)."""
    layouts = Path("content", GAME, "layouts", "standard")
    back = (layouts / "hex-back.yaml").read_text(encoding="utf-8")
    (layouts / "hex-middle.yaml").write_text(back, encoding="utf-8")  # over the face, with elements of its own
    tile = layouts / "hex-tile.yaml"
    tile.write_text(tile.read_text(encoding="utf-8").replace("grid: [8, 5]\n", "grid: [8, 5]\nheading: terrain\n"),
                    encoding="utf-8")
    assert trial("hex-back", back, "extends: hex-middle\nbackground: \"#1f4e79\"\n") == (0, [])


def test_a_layouts_own_heading_naming_no_element_is_still_a_finding(trial):
    status, errors = trial("hex-back", "elements:\n", "heading: titel\nelements:\n")
    assert status == 1
    assert errors == [f"content/{GAME}/layouts/standard/hex-back.yaml:4:10: error: heading names one of the layout's "
                      f"text elements, got 'titel' (text elements: title)"]


def test_a_heading_of_its_own_over_the_elements_it_extends_is_still_checked(trial):
    back = (CONTENT / GAME / "layouts" / "standard" / "hex-back.yaml").read_text(encoding="utf-8")
    own = back[back.index("elements:"):]  # the back keeps its face's elements, and names a heading they lack
    status, errors = trial("hex-back", own, "heading: terain\n")
    assert status == 1
    assert errors[0] == (f"content/{GAME}/layouts/standard/hex-back.yaml:4:10: error: heading names one of the "
                         f"layout's text elements, got 'terain' (text elements: terrain)")


def test_two_layouts_extending_each_other_are_one_finding(trial):
    """Said once, though both are read, and the back's dark background never reaches the face to be measured
    against its black text."""
    status, errors = trial("hex-tile", "kind: card\n", "kind: card\nextends: hex-back\n")
    assert status == 1
    assert errors == [f"content/{GAME}/layouts/standard/hex-back.yaml:2:10: error: layouts 'hex-back' and "
                      f"'hex-tile' extend one another in a circle (hex-back → hex-tile → hex-back): one of them "
                      f"must extend a layout outside it, or none"]


def test_a_backs_element_must_clear_its_faces_outline_turned_either_way(trial):
    status, errors = trial("shard-back", "box_mm: [2, 2, 12, 6]", "box_mm: [3, 3, 20, 8]")
    assert status == 1 and len(errors) == 1
    assert errors[0].startswith(f"content/{GAME}/layouts/standard/shard-back.yaml:5:5: error: layout shard-back, "
                                f"element title: on the back of shard it reaches outside the polygon turned over")


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed (apt-get install -y qpdf)")
def test_every_pdf_passes_qpdf_check(single, duplex, bled):
    pdfs = [p for folder in (single, duplex, bled) for p in sorted(folder.glob("*.pdf"))]
    assert len(pdfs) > 15
    for pdf in pdfs:
        result = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True, check=False)
        assert result.returncode == 0, (pdf.name, result.stdout[-500:], result.stderr[-500:])
