"""Icons by their shape (`fit: contain | cover | stretch`, art cut at its box) and elements turned by any angle,
read back from the PDFs and the layout's ops: the fixture in tests/fixtures/art (a 40 x 34.64 hexagon in a 40 x 40
mm box, and a name turned 30 degrees under a rule)."""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2
import pytest
from conftest import FIXTURES, LAYOUTS, MM, edit, fixture_game, line_of
from PIL import Image

from deckpress.build import prepare
from deckpress.cli import main
from deckpress.layout.art.fit import fitted, row
from deckpress.layout.overlap import overlaps
from deckpress.layout.page import Clip, Drawing, Icon, Page, Turn
from deckpress.options import Options

ART = FIXTURES / "art"
LAYOUT = Path("layouts/standard/tile-card.yaml")
PDF = Path("build/hex-tiles/standard/hex-tiles-tiles-a4.pdf")
BOX = (11.5, 10.0, 40.0, 40.0)  # the hexagon's element box on its card, mm
FONT = "AtkinsonHyperlegible-Bold"
PX = 20  # pixels a millimetre the pages are rendered at


@pytest.fixture
def tiles(tmp_path, monkeypatch, capsys):
    """Build or check the fixture game (a copy in tmp_path); gives the exit status and the error lines."""
    return fixture_game(ART, tmp_path, monkeypatch, capsys, ("--paper", "a4", "--jobs", "1"))


def first_page() -> Page:
    """The first sheet of tiles, laid out (ops in points, cells in mm)."""
    prepared = prepare(Options(content=Path("content"), layouts=[Path("layouts"), LAYOUTS], papers=("a4",)),
                       [Path("content/hex-tiles")])
    return next(d for d in prepared.documents if d.component == "tiles").pages[0]


def card_image(page: Page) -> Image.Image:
    """The first card of the built PDF's first page, rendered at PX pixels a millimetre, in grey."""
    x, y, w, h = page.cells[0]
    crop = (x * MM, page.height - (y + h) * MM, page.width - (x + w) * MM, y * MM)
    document = pypdfium2.PdfDocument(PDF)
    try:
        return document[0].render(scale=PX / MM, crop=crop).to_pil().convert("L")
    finally:
        document.close()


def dark_box(image: Image.Image, around: tuple[float, float, float, float]) -> tuple[float, ...] | None:
    """The inked part of the card inside `around` (x, y, w, h, mm on the card): x0, y0, x1, y1 mm; None: none."""
    x, y, w, h = around
    left, top = round(x * PX), round(y * PX)
    crop = image.crop((left, top, left + round(w * PX), top + round(h * PX))).point(lambda v: 255 if v < 128 else 0)
    found = crop.getbbox()
    return None if found is None else (x + found[0] / PX, y + found[1] / PX, x + found[2] / PX, y + found[3] / PX)


def inked(image: Image.Image, x: float, y: float) -> bool:
    """Whether the card is dark at (x, y) mm."""
    return dark_box(image, (x - 0.05, y - 0.05, 0.1, 0.1)) is not None


def icons_and_clips(page: Page) -> tuple[list[Icon], list[Clip]]:
    return [op for op in page.ops if isinstance(op, Icon)], [op for op in page.ops if isinstance(op, Clip)]


def card_mm(page: Page, op: Icon) -> tuple[float, float, float, float]:
    """An icon op's box in mm on its card (from the card's top-left)."""
    cx, cy, _, _ = page.cells[0]
    height = op.size if op.height is None else op.height
    return op.x / MM - cx, page.height / MM - (op.y + height) / MM - cy, op.size / MM, height / MM


def test_contain_prints_the_hexagon_at_its_own_shape_centred_in_its_box(tiles):
    assert tiles("build") == (0, [])
    page = first_page()
    icons, clips = icons_and_clips(page)
    assert card_mm(page, icons[0]) == pytest.approx((11.5, 10 + (40 - 34.64) / 2, 40, 34.64), abs=0.01)
    assert clips == []  # inside its box: nothing to cut
    x0, y0, x1, y1 = dark_box(card_image(page), (7.5, 6, 48, 48))  # type: ignore[misc]
    assert (x1 - x0, y1 - y0) == pytest.approx((40, 34.64), abs=0.1)
    assert (x0, y0) == pytest.approx((11.5, 12.68), abs=0.1)


def test_cover_fills_the_box_and_is_cut_at_it(tiles):
    edit(LAYOUT, "fit: contain", "fit: cover")
    assert tiles("build") == (0, [])
    page = first_page()
    icons, clips = icons_and_clips(page)
    wide = 40 * 40 / 34.64
    assert card_mm(page, icons[0]) == pytest.approx((11.5 - (wide - 40) / 2, 10, wide, 40), abs=0.01)
    assert len(clips) == 2 and clips[0].ops == 1  # one a card, round its icon
    image = card_image(page)
    assert dark_box(image, (5, 6, 53, 48)) == pytest.approx((11.5, 10, 51.5, 50), abs=0.1)  # 46.19 wide, 40 shown
    assert inked(image, 11.5 + 9, 10.5)  # its flat top runs from 8.45 mm to 31.55 mm of the box
    cx, cy, _, _ = page.cells[0]
    clip = re.search(r"\nn ([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l ([\d.]+) ([\d.]+) l ([\d.]+) ([\d.]+) l h W\* n\n",
                     pypdf.PdfReader(PDF).pages[0].get_contents().get_data().decode("latin-1"))
    assert clip is not None
    corners = [float(v) / MM for v in clip.groups()]
    top = page.height / MM - cy - 10
    assert corners == pytest.approx([cx + 11.5, top, cx + 51.5, top, cx + 51.5, top - 40, cx + 11.5, top - 40],
                                    abs=0.01)


def test_stretch_fills_the_box_exactly_its_shape_not_kept(tiles):
    edit(LAYOUT, "fit: contain", "fit: stretch")
    assert tiles("build") == (0, [])
    page = first_page()
    icons, clips = icons_and_clips(page)
    assert card_mm(page, icons[0]) == pytest.approx(BOX, abs=0.01) and clips == []
    image = card_image(page)
    assert dark_box(image, (7.5, 6, 48, 48)) == pytest.approx((11.5, 10, 51.5, 50), abs=0.1)
    assert not inked(image, 11.5 + 9, 10.5) and inked(image, 11.5 + 11, 10.5)  # its flat top: 10 to 30 mm
    form = next(x.get_object() for x in pypdf.PdfReader(PDF).pages[0]["/Resources"]["/XObject"].values())
    scales = re.findall(r"\n([\d.]+) 0 0 ([\d.]+) 0 0 cm", form.get_data().decode("latin-1"))
    assert [float(up) / float(across) for across, up in scales if across != up] == pytest.approx([40 / 34.64])


def test_a_square_icon_in_any_box_is_the_square_it_was():
    """The shipped icons are square: contained, each is the largest square the box holds, centred, as before."""
    assert fitted((100, 100), (3, 1, 38, 33), "contain") == (5.5, 1, 33, 33)
    assert fitted((100, 100), (36, 3, 23 / 2, 9), "contain") == (36 + (23 / 2 - 9) / 2, 3, 9, 9)
    assert [frame for frame, _ in row((100, 100), (36, 3, 23, 9), 2, "contain")] == [(38.5, 3, 9, 9),
                                                                                    (47.5, 3, 9, 9)]
    covered = row((40, 34.64), (0, 0, 80, 40), 2, "cover")  # a row of covers: each cut at its own half
    assert [cell for _, cell in covered] == [(0, 0, 40, 40), (40, 0, 40, 40)]


def test_art_drawn_past_its_own_view_box_is_cut_at_its_box(tiles):
    (Path("content/hex-tiles/icons/hex.svg")).write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 34.64"><rect x="-20" y="10" width="80" '
        'height="10"/></svg>', encoding="utf-8")
    assert tiles("build") == (0, [])
    page = first_page()
    _, clips = icons_and_clips(page)
    assert len(clips) == 2
    x0, _, x1, _ = dark_box(card_image(page), (1, 6, 61, 48))  # type: ignore[misc]
    assert (x0, x1) == pytest.approx((11.5, 51.5), abs=0.1)  # 80 units of 40 drawn: only the box's 40 mm show


def test_a_turned_box_past_the_card_is_a_finding_at_its_element(tiles):
    edit(LAYOUT, "fit: contain\n    box_mm: [11.5, 10, 40, 40]",
         "fit: contain\n    rotate: 30\n    box_mm: [20, 2, 40, 40]")
    status, errors = tiles("check")
    reach = 20 * (math.cos(math.radians(30)) + math.sin(math.radians(30)))  # half the turned box's width
    assert (round(reach - 22, 2), round(40 + reach - 63, 2)) == (5.32, 4.32)
    assert status == 1
    assert [e for e in errors if "turned" in e] == [
        f"{LAYOUT}:{line_of(LAYOUT, '- name: tile')}:5: error: layout tile-card, element tile: turned 30 degrees, "
        "its box reaches past the card's trim by 5.32 mm at the top and 4.32 mm on the right: what lies there is cut "
        "off or printed on the next card; move it in, make it smaller or turn it less"]


BAND = "\n  - name: band\n    shape: rect\n    fill: '#cccccc'\n    rotate: {}\n    box_mm: [0, 40, 63, 30]\n"


def test_art_that_bleeds_may_reach_into_the_bleed_and_not_past_it(tiles):
    LAYOUT.write_text(LAYOUT.read_text(encoding="utf-8") + BAND.format(30), encoding="utf-8")
    c, s = math.cos(math.radians(30)), math.sin(math.radians(30))
    past = (63 * c + 30 * s) / 2 - 31.5  # past each side of the trim
    assert (round(past, 2), round(past - 3, 2)) == (3.28, 0.28)
    where = f"{LAYOUT}:{line_of(LAYOUT, '- name: band')}:5: error: layout tile-card, element band: turned 30 degrees, "
    status, errors = tiles("check")
    assert status == 1 and [e for e in errors if "turned" in e] == [
        where + "its box reaches past the card's trim by 3.28 mm on the left and 3.28 mm on the right: what lies "
        "there is cut off or printed on the next card; move it in, make it smaller or turn it less"]
    status, errors = tiles("build", "--bleed", "3")
    assert [e for e in errors if "turned" in e] == [
        where + "its box reaches past the card's trim and its 3 mm bleed by 0.28 mm on the left and 0.28 mm on the "
        "right: what lies there is cut off or printed on the next card; move it in, make it smaller or turn it less"]
    edit(LAYOUT, "rotate: 30\n    box_mm: [0, 40", "rotate: 10\n    box_mm: [0, 40")  # 2.13 mm into the bleed
    assert [e for e in tiles("build", "--bleed", "3")[1] if "turned" in e] == []


PANEL = "\n  - name: panel\n    shape: rect\n    fill: '#1f4e79'\n    rotate: {}\n    box_mm: [16.5, 66, 30, 10]\n"


@pytest.mark.parametrize(("turn", "found"), [(30, False), (0, True)])
def test_a_turned_text_is_held_against_the_turned_ground_under_it(tiles, turn, found):
    """White on a dark panel turned with it is read against the panel alone; on the same panel upright, the turned
    text's corners stand on the paper."""
    text = LAYOUT.read_text(encoding="utf-8").replace("  - name: name\n", PANEL.format(turn) + "  - name: name\n")
    LAYOUT.write_text(text.replace("rotate: 30\n    box_mm: [16.5, 66, 30, 10]\n    valign",
                                   "colour: white\n    rotate: 30\n    box_mm: [16.5, 66, 30, 10]\n    valign"),
                      encoding="utf-8")
    status, errors = tiles("check")
    contrast = [e for e in errors if "white (#ffffff) on" in e]
    assert status == int(found) and contrast == ([
        f"{LAYOUT}:{line_of(LAYOUT, '- name: name')}:5: error: hex-tiles tiles, cards North and South, element name: "
        "white (#ffffff) on #ffffff is 1.00:1, below the standard edition's 4.5:1"] if found else [])


def test_a_text_turned_30_degrees_is_drawn_with_its_matrix_about_its_box(tiles):
    assert tiles("build") == (0, [])
    page = first_page()
    (turn,) = [op for op in page.ops if isinstance(op, Turn)][:1]
    cx, cy, _, _ = page.cells[0]
    centre = ((cx + 16.5 + 15) * MM, page.height - (cy + 66 + 5) * MM)
    assert (turn.angle, turn.x, turn.y) == pytest.approx((-30, *centre), abs=0.01 * MM)
    c, s = math.cos(math.radians(-30)), math.sin(math.radians(-30))
    e, f = centre[0] - c * centre[0] + s * centre[1], centre[1] - s * centre[0] - c * centre[1]
    ops = pypdf.PdfReader(PDF).pages[0].get_contents().get_data().decode("latin-1")
    found = re.search(r"q\n\.866025 -0?\.5 \.5 \.866025 ([-\d.]+) ([-\d.]+) cm", ops)
    assert found is not None and (float(found[1]), float(found[2])) == pytest.approx((e, f), abs=0.01)
    with pdfplumber.open(PDF) as pdf:
        north = [ch for ch in pdf.pages[0].chars if ch["text"] in "North" and ch["matrix"][:4] != (1, 0, 0, 1)]
    assert "".join(ch["text"] for ch in north[:5]) == "North"  # real text, turned
    assert all(ch["matrix"][:4] == pytest.approx((c, s, -s, c), abs=1e-5) for ch in north)


def test_the_overlap_check_takes_a_turned_texts_own_box():
    """A line through the corner of the upright box round a turned text, clear of the text itself, is fine; one
    through the text is found."""
    def page(line: tuple[float, float, float, float]) -> Page:
        d = Drawing((210, 297))
        with d.turned(30, 100, 100):
            d.text(80, 103, "Turned thirty", FONT, 14)  # about 38 x 5 mm, its middle near (100, 100)
        d.line(*line, 0.5)
        return d.page

    assert [o.other for o in overlaps(page((60, 100, 140, 100)))]  # across its middle
    # the upright box round it runs from about 82 to 118 mm across and 88 to 112 mm down: its top-left corner
    # is empty, the text itself lies clear of it
    assert overlaps(page((80, 92, 86, 86))) == []
    upright = Drawing((210, 297))
    upright.text(80, 103, "Turned thirty", FONT, 14)
    upright.line(60, 100, 140, 100, 0.5)
    assert overlaps(upright.page)


def test_the_lines_of_a_turned_paragraph_do_not_cross_each_other():
    """Turned 30 degrees, the upright boxes round two lines set one under the other overlap; the lines do not."""
    d = Drawing((210, 297))
    with d.turned(30, 100, 100):
        d.text(80, 100, "The first line of it", FONT, 12)
        d.text(80, 100 + 12 * 1.3 / MM, "and the second one", FONT, 12)
    assert overlaps(d.page) == []
    upright = Drawing((210, 297))
    upright.text(80, 100, "The first line of it", FONT, 12)
    upright.text(82, 101.5, "and one set over it", FONT, 12)
    assert overlaps(upright.page)


def test_a_turned_icon_is_measured_by_its_turned_box():
    """An icon turned 45 degrees: its art is a diamond, not the upright square round it."""
    from deckpress.load.icons import checked

    icon = checked("hex", ART / "content/hex-tiles/icons/hex.svg", "hex.svg")
    assert not isinstance(icon, str)

    def page(baseline: tuple[float, float], words: str) -> Page:
        d = Drawing((210, 297))
        with d.turned(45, 100, 100):
            d.icon(icon, 80, 80, 40)  # its corners 28.3 mm from its centre, its art's 21.5 mm
        d.text(*baseline, words, FONT, 10)
        return d.page

    # from outside the turned box into the art below its centre (where the upright art does not reach)
    assert overlaps(page((90, 122), "Hello there"))
    # across the upright box's edge into its upright art, clear of the turned art
    assert overlaps(page((76, 87.5), "Hi there")) == []


def test_an_ellipse_turned_off_the_square_is_measured_by_its_outline():
    def page(baseline: tuple[float, float]) -> Page:
        d = Drawing((210, 297))
        with d.turned(30, 100, 100):
            d.ellipse(70, 90, 60, 20, 0.5)  # 60 x 20 mm, its long axis turned 30 degrees down to the right
        d.text(*baseline, "Hi", FONT, 10)
        return d.page

    assert overlaps(page((122, 111)))  # where the turned outline runs, outside the upright ellipse
    assert overlaps(page((127, 101))) == []  # across the upright ellipse's end, clear of the turned one


def test_a_text_crossing_a_rule_turned_is_a_finding_and_one_clear_of_it_is_not(tiles):
    assert tiles("check") == (0, [])  # the name turned under the rule, clear of it
    edit(LAYOUT, "rules_mm: [[4, 60, 59, 60]]", "rules_mm: [[4, 71, 59, 71]]")  # through its middle
    status, errors = tiles("check")
    assert status == 1 and len(errors) == 2  # on both papers, once for both cards
    assert errors[0].startswith(f"{LAYOUT}:{line_of(LAYOUT, '- name: name')}:5: error: ")
    assert "name: its text is crossed by a line; move or shorten one of them, got 'North' on page 1 on card North " \
           "(cards North and " in errors[0]


@pytest.mark.parametrize(("value", "shown"), [(".nan", "nan"), (".inf", "inf"), ("-.inf", "-inf"),
                                              ("thirty", "'thirty'"), ("true", "True"), ("[30]", "a list")])
def test_a_rotate_that_is_not_a_finite_number_is_a_finding_where_written(tiles, value, shown):
    edit(LAYOUT, "rotate: 30", f"rotate: {value}")
    status, errors = tiles("check")
    assert status == 1
    assert errors == [f"{LAYOUT}:{line_of(LAYOUT, 'rotate:')}:13: error: rotate must be a finite number of degrees "
                      f"(clockwise), got {shown}"]


def test_any_turn_is_read_within_one_revolution(tiles):
    """-90 is a quarter turn anticlockwise: drawn exactly as 270, as every quarter turn is drawn."""
    edit(LAYOUT, "fit: contain", "fit: contain\n    rotate: -90")
    assert tiles("build") == (0, [])
    assert [op.angle for op in first_page().ops if isinstance(op, Turn)][:2] == [-270, -30]
    ops = pypdf.PdfReader(PDF).pages[0].get_contents().get_data().decode("latin-1")
    assert "q\n0 1 -1 0 " in ops


@pytest.mark.parametrize(("fit", "drawn", "cut"), [("cover", (16, 16 * 64 / 96), True), ("stretch", (16, 9), False)])
def test_a_picture_covers_its_box_cut_at_it_or_is_stretched_onto_it(tmp_path, monkeypatch, fit, drawn, cut):
    """The basket (96 x 64 px) in a 16 x 9 mm box: covering, 16 x 10.67 mm cut at the box; stretched, 16 x 9."""
    shutil.copytree(FIXTURES / "extra" / "content", tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    layout = Path("content/picnic-pairs/layouts/standard/picnic-tile.yaml")
    edit(layout, "image: art/basket.png\n", f"image: art/basket.png\n    fit: {fit}\n")
    assert main(["build", "--paper", "a4", "--jobs", "1", "--layouts", str(LAYOUTS)]) == 0
    with pdfplumber.open("build/picnic-pairs/standard/picnic-pairs-tiles-a4.pdf") as doc:
        page = doc.pages[0]
        cells = sorted((r["x0"], r["top"]) for r in page.rects
                       if abs(r["width"] - 50 * MM) < 0.01 and abs(r["height"] - 50 * MM) < 0.01)
        images = sorted((i["x0"], i["top"], i["width"], i["height"]) for i in page.images)
    assert len(images) == len(cells) == 12
    for (cx, ctop), (x, top, w, h) in zip(cells, images, strict=True):
        assert (w / MM, h / MM) == pytest.approx(drawn, abs=0.01)
        assert ((x - cx) / MM, (top - ctop) / MM) == pytest.approx((17, 2 + (9 - drawn[1]) / 2), abs=0.01)
    ops = pypdf.PdfReader("build/picnic-pairs/standard/picnic-pairs-tiles-a4.pdf").pages[0].get_contents()
    assert (ops.get_data().count(b" W* n\n") == 12) == cut  # type: ignore[union-attr]
