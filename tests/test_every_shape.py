"""The fixture game of every shape and component (tests/fixtures/every-shape), built plain, duplex long-edge with
3 mm bleed, and folded: every shape and component kind in its sources and in its PDFs, the pieces' outlines read
back from the vector paths at their declared sizes, every PDF sound by `qpdf --check`, and with bleed a die-cut
contour round each shaped piece (and none round a rectangle, none without bleed)."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass, field
from math import sqrt
from pathlib import Path

import pikepdf
import pytest
import yaml
from conftest import FIXTURES, MM
from test_shapes import GAME, build
from test_tagged import check_catalogue, check_marked_content

CONTENT = FIXTURES / GAME / "content"
TOL = 0.01  # mm
HEX_H = 40 * sqrt(3) / 2
# each shaped card component: its shape as the layout writes it, and the size its outline is declared at (mm)
SHAPED = {"hexes": ("hexagon flat", (40.0, HEX_H)), "pointy": ("hexagon pointy", (HEX_H, 40.0)),
          "tokens": ("circle", (30.0, 30.0)), "ponds": ("ellipse", (40.0, 28.0)),
          "shards": ("polygon", (40.0, 30.0)), "shields": ("path", (40.0, 45.0))}
RECTANGLES = {"tickets": ("rounded rectangle", (50.0, 30.0)), "goods": ("rectangle", (63.0, 88.0)),
              "crates": ("rectangle", (20.0, 20.0)), "map": ("rectangle", (120.0, 160.0))}
KINDS = {"cards", "board", "tuck-box", "box", "standee", "rules"}
PAINTS = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"}


@dataclass
class Painted:
    """A path as painted: its subpaths' points in mm from the page's top-left (a curve's control points too),
    their verbs, the paint, the stroke's colour space, width and overprint, whether it clips, and the marked
    content it lies in."""

    paint: str
    runs: list[list[tuple[float, float]]]
    verbs: list[list[str]]
    space: str
    width: float
    overprint: bool
    clip: bool
    marked: tuple[str, ...]

    def extents(self) -> list[tuple[float, float, float, float]]:
        return [(min(x for x, _ in r), min(y for _, y in r), max(x for x, _ in r), max(y for _, y in r))
                for r in self.runs]


@dataclass
class _Reader:
    height: float
    overprints: dict[str, bool]
    state: list[tuple[str, float, bool]] = field(default_factory=lambda: [("DeviceGray", 1.0, False)])
    marked: list[str] = field(default_factory=list)
    runs: list[list[tuple[float, float]]] = field(default_factory=list)
    verbs: list[list[str]] = field(default_factory=list)
    clip: bool = False

    def at(self, numbers: list[float]) -> list[tuple[float, float]]:
        return [(numbers[i] / MM, (self.height - numbers[i + 1]) / MM) for i in range(0, len(numbers), 2)]

    def step(self, operands: list, op: str, out: list[Painted]) -> None:  # noqa: C901 - one branch an operator
        space, width, overprint = self.state[-1]
        if op == "q":
            self.state.append(self.state[-1])
        elif op == "Q":
            self.state.pop()
        elif op == "CS":
            self.state[-1] = (str(operands[0]).lstrip("/"), width, overprint)
        elif op in ("RG", "G", "K"):
            self.state[-1] = ({"RG": "DeviceRGB", "G": "DeviceGray", "K": "DeviceCMYK"}[op], width, overprint)
        elif op == "w":
            self.state[-1] = (space, float(operands[0]), overprint)
        elif op == "gs":
            self.state[-1] = (space, width, self.overprints.get(str(operands[0]), overprint))
        elif op in ("BMC", "BDC"):
            self.marked.append(str(operands[0]).lstrip("/"))
        elif op == "EMC":
            self.marked.pop()
        elif op == "m":
            self.runs.append(self.at([float(n) for n in operands]))
            self.verbs.append(["m"])
        elif op in ("l", "c"):
            self.runs[-1] += self.at([float(n) for n in operands])
            self.verbs[-1].append(op)
        elif op == "h" and self.verbs:
            self.verbs[-1].append("h")
        elif op in ("W", "W*"):
            self.clip = True
        elif op in PAINTS:
            if self.runs:
                out.append(Painted(op, self.runs, self.verbs, space, width, overprint, self.clip,
                                   tuple(self.marked)))
            self.runs, self.verbs, self.clip = [], [], False


def painted(pdf: Path, index: int = 0) -> list[Painted]:
    """Every path painted on a page (`re` rectangles aside: no shaped piece is drawn with one)."""
    with pikepdf.open(pdf) as doc:
        page = doc.pages[index]
        states = page.Resources.get("/ExtGState", {})
        reader = _Reader(float(page.mediabox[3]), {str(k): bool(v.get("/OP", False)) for k, v in states.items()})
        out: list[Painted] = []
        for operands, op in pikepdf.parse_content_stream(page):
            reader.step(list(operands), str(op), out)
    return out


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("plain"))


@pytest.fixture(scope="module")
def bled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("bled"), "--duplex", "long-edge", "--bleed", "3mm")


@pytest.fixture(scope="module")
def folded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("folded"), "--fold")


def _sources() -> tuple[dict, dict[str, dict]]:
    folder = CONTENT / GAME
    game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    layouts = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8"))
               for p in sorted((folder / "layouts" / "standard").glob("*.yaml"))}
    return game, layouts


def _shape_of(layout: dict) -> str:
    shape = layout.get("shape", "rectangle")
    if isinstance(shape, dict):
        form = next(iter(shape))
        return f"hexagon {shape[form]}" if form == "hexagon" else form
    if shape == "rectangle" and layout.get("corner_radius_mm"):
        return "rounded rectangle"
    return str(shape)


def test_the_sources_hold_every_shape_and_component_kind():
    game, layouts = _sources()
    components = {c["id"]: c for c in game["components"]}
    assert {c["kind"] for c in components.values()} == KINDS
    for component, (shape, _) in (SHAPED | RECTANGLES).items():
        assert _shape_of(layouts[components[component]["layout"]]) == shape, component
    assert {_shape_of(layouts[c["layout"]]) for c in components.values() if c["kind"] == "cards"} == {
        s for s, _ in (SHAPED | RECTANGLES).values()}
    boards = [c for c in components.values() if c["kind"] == "board"]
    assert any("fold" in b for b in boards) and any("fold" not in b for b in boards)  # in pieces, and folding


def test_every_component_has_its_pdf(plain):
    game, _ = _sources()
    for component in game["components"]:
        pdf = plain / f"{GAME}-{component['id']}-a4.pdf"
        with pikepdf.open(pdf) as doc:
            assert len(doc.pages) >= 1, pdf.name


def _faces(paths: list[Painted]) -> list[tuple[float, float, float, float]]:
    """Each piece's outline as its face's clip shows it (the art is shown only inside it)."""
    return [e for p in paths if p.clip for e in p.extents()]


@pytest.mark.parametrize("component", sorted(SHAPED))
def test_each_shaped_piece_is_cut_at_its_declared_size(plain, component):
    """A 40 mm flat-top hex is 40.00 x 34.64 mm; the ellipse 40 x 28; each face's outline and its cut line."""
    _, (w, h) = SHAPED[component]
    paths = painted(plain / f"{GAME}-{component}-a4.pdf")
    faces = _faces(paths)
    assert faces and all(abs(x1 - x0 - w) < TOL and abs(y1 - y0 - h) < TOL for x0, y0, x1, y1 in faces)
    cut = max((p for p in paths if p.paint == "S" and not p.clip), key=lambda p: sum(map(len, p.verbs)))
    xs = [x for run in cut.runs for x, _ in run]
    ys = [y for run in cut.runs for _, y in run]
    assert min(xs) <= min(f[0] for f in faces) + TOL and max(xs) >= max(f[2] for f in faces) - TOL
    assert min(ys) <= min(f[1] for f in faces) + TOL and max(ys) >= max(f[3] for f in faces) - TOL
    if component == "hexes":
        assert f"{faces[0][2] - faces[0][0]:.2f} x {faces[0][3] - faces[0][1]:.2f}" == "40.00 x 34.64"
    if component in ("ponds", "tokens", "shields"):  # curves cut as curves, each piece its own outline
        assert len(cut.runs) == len(faces) and all("c" in v for v in cut.verbs)
        assert all(abs(x1 - x0 - w) < TOL and abs(y1 - y0 - h) < TOL for x0, y0, x1, y1 in cut.extents())


def test_a_rounded_rectangle_is_cut_at_its_size_with_rounded_corners(plain):
    paths = painted(plain / f"{GAME}-tickets-a4.pdf")
    cuts = [p for p in paths if p.paint == "S" and p.verbs and p.verbs[0].count("c") == 4]
    assert len(cuts) == 4  # the deck's four tickets
    for cut in cuts:
        (x0, y0, x1, y1), = cut.extents()
        assert abs(x1 - x0 - 50) < TOL and abs(y1 - y0 - 30) < TOL
        def on(x: float, y: float, run: list[tuple[float, float]] = cut.runs[0]) -> bool:
            return any(abs(px - x) < TOL and abs(py - y) < TOL for px, py in run)
        assert on(x0 + 4, y1) and on(x0, y1 - 4) and on(x1 - 4, y0)  # each side ends 4 mm short of a corner
        assert not any(on(x, y) for x in (x0, x1) for y in (y0, y1))  # no sharp corner


def test_boards_boxes_and_standees_are_in_the_pdfs(plain):
    with pikepdf.open(plain / f"{GAME}-score-board-a4.pdf") as doc:
        assert len(doc.pages) == 5  # the assembly map and four pieces, two by two
    for component in ("goods-box", "crate-box", "traders"):
        paths = painted(plain / f"{GAME}-{component}-a4.pdf")
        assert any(p.paint == "S" and "h" in p.verbs[0] for p in paths), component  # a closed cut line
    for pdf in (plain / f"{GAME}-hexes-a4.pdf", plain / f"{GAME}-score-board-a4.pdf"):
        with pikepdf.open(pdf) as doc:
            check_catalogue(doc)
            check_marked_content(doc)


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed (apt-get install -y qpdf)")
def test_every_pdf_of_the_three_builds_passes_qpdf_check(plain, bled, folded):
    pdfs = [p for folder in (plain, bled, folded) for p in sorted(folder.glob("*.pdf"))]
    assert len(pdfs) >= 3 * 17
    for pdf in pdfs:
        done = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, (pdf.name, done.stdout[-500:], done.stderr[-500:])


def _contours(pdf: Path, index: int = 0) -> list[Painted]:
    return [p for p in painted(pdf, index) if p.space == "CutContour"]


@pytest.mark.parametrize("component", sorted(SHAPED))
def test_with_bleed_each_shaped_piece_has_a_die_cut_contour_round_its_outline(bled, component):
    _, (w, h) = SHAPED[component]
    pdf = bled / f"{GAME}-{component}-a4-duplex-long-edge-bleed3mm.pdf"
    with pikepdf.open(pdf) as doc:
        space = doc.pages[0].Resources.ColorSpace.CutContour
        assert [str(space[0]), str(space[1])] == ["/Separation", "/CutContour"]
    contours = _contours(pdf)
    assert len(contours) == 1
    contour = contours[0]
    assert contour.paint == "S" and abs(contour.width - 0.25) < 1e-6 and contour.overprint
    assert "Artifact" in contour.marked
    assert all(v[0] == "m" and v[-1] == "h" for v in contour.verbs)  # each piece its own closed outline
    grown = _faces(painted(pdf))  # the faces' outlines grown by the bleed, one a piece
    assert len(contour.runs) == len(grown) > 0
    for x0, y0, x1, y1 in contour.extents():
        assert abs(x1 - x0 - w) < TOL and abs(y1 - y0 - h) < TOL
        inside = [g for g in grown if g[0] + 3 - TOL <= x0 and g[1] + 3 - TOL <= y0 and x1 <= g[2] - 3 + TOL
                  and y1 <= g[3] - 3 + TOL]  # the bleed, 3 mm or more beyond it all round (a corner mitred)
        assert len(inside) == 1
    if component in ("hexes", "shards"):  # with backs: the sheet's second page; they are not cut from
        assert not _contours(pdf, 1)


def _spot(pdf: Path) -> bool:
    """Whether any page of the PDF has the spot colour CutContour, or draws in it."""
    with pikepdf.open(pdf) as doc:
        pages = len(doc.pages)
        if any("/CutContour" in page.Resources.get("/ColorSpace", {}) for page in doc.pages):
            return True
    return any(_contours(pdf, n) for n in range(pages))


def test_rectangles_and_builds_without_bleed_have_no_die_cut_contour(plain, bled, folded):
    assert _spot(bled / f"{GAME}-tokens-a4-duplex-long-edge-bleed3mm.pdf")  # the check can see one
    for component in (*RECTANGLES, "score-board", "goods-box", "traders"):
        assert not _spot(next(bled.glob(f"{GAME}-{component}-a4*.pdf"))), component
    for pdf in sorted(plain.glob("*.pdf")) + sorted(folded.glob("*.pdf")):
        assert not _spot(pdf), pdf.name


def test_the_die_cut_leaves_the_tagged_structure_whole(bled):
    for component in ("tokens", "shields"):
        with pikepdf.open(bled / f"{GAME}-{component}-a4-duplex-long-edge-bleed3mm.pdf") as doc:
            check_catalogue(doc)
            check_marked_content(doc)


def test_the_scale_bar_stands_clear_of_the_token_rows(plain):
    """The bar's six ticks, 10 mm apart, stand 3 mm or more below the lowest token (it was 1 mm: too tight for
    scissors going round a token)."""
    paths = painted(plain / f"{GAME}-tokens-a4.pdf")
    ticks = [p.runs[0] for p in paths if p.paint == "S" and len(p.runs) == 1 and len(p.runs[0]) == 2
             and abs(p.runs[0][0][0] - p.runs[0][1][0]) < TOL]
    xs = sorted(run[0][0] for run in ticks)
    assert len(ticks) == 6 and all(abs(b - a - 10) < TOL for a, b in zip(xs, xs[1:], strict=False))
    lowest = max(f[3] for f in _faces(paths))
    assert min(y for run in ticks for _, y in run) - lowest >= 3 - TOL
