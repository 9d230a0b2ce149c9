"""Icons as files: SVG drawn as vectors (once a document, as a form), PNG as images, found in the game's folder
before the shared one, hostile files refused with findings; icons inline in text; patterns as SVG tiles."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
from conftest import CONTENT, LAYOUTS, kept_current
from PIL import Image
from pypdf import PdfReader

from deckpress.cli import main
from deckpress.colour import from_hex
from deckpress.draw.finish import DocInfo
from deckpress.draw.render import render
from deckpress.findings import Findings, Loc
from deckpress.layout.elements.kind import Face
from deckpress.layout.elements.pattern import draw_pattern
from deckpress.layout.page import MM, Document, Drawing, Icon, Text
from deckpress.layout.text import Typesetter, wrap
from deckpress.load.icons import MAX_ELEMENTS, Icons
from deckpress.model import Style

INFO = DocInfo("Icons", "Round & Revel", "A test", "en-GB")
LOC = Loc("layouts/standard/lot-card.yaml", 12, 5)
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{}</svg>'


def icons_of(tmp_path: Path, files: dict[str, bytes | str], shared: dict[str, bytes | str] | None = None) -> Icons:
    """A game folder (tmp_path/game) and a layout folder (tmp_path/layouts) with these icon files."""
    for folder, named in (("game", files), ("layouts", shared or {})):
        (tmp_path / folder / "icons").mkdir(parents=True, exist_ok=True)
        for name, data in named.items():
            (tmp_path / folder / "icons" / name).write_bytes(data.encode() if isinstance(data, str) else data)
    return Icons.of(tmp_path / "game", "content/game", (tmp_path / "layouts",), Findings())


def pdf_of(d: Drawing) -> bytes:
    return render(Document("g", "c", "Icons", "standard", "a4", [d.page]), INFO)


def forms(pdf: bytes, tmp_path: Path) -> dict[str, object]:
    (tmp_path / "out.pdf").write_bytes(pdf)
    page = PdfReader(tmp_path / "out.pdf").pages[0]
    return {name: ref.get_object() for name, ref in page["/Resources"]["/XObject"].items()}


def test_an_svg_icon_is_drawn_as_vector_paths_in_a_form_not_an_image(tmp_path):
    lantern = (CONTENT / "pocket-bazaar" / "icons" / "lantern.svg").read_bytes()
    icon = icons_of(tmp_path, {"lantern.svg": lantern}).get("lantern", LOC, "lot card")
    d = Drawing((210, 297))
    d.icon(icon, 10, 20, 14, stroke=1.25)
    assert d.page.ops == [Icon(icon, 10 * MM, (297 - 34) * MM, 14 * MM, None, 1.25)]
    pdf = pdf_of(d)
    (form,) = forms(pdf, tmp_path).values()
    stream = form.get_data().decode("latin-1")
    assert form["/Subtype"] == "/Form" and b"/Subtype /Image" not in pdf
    assert re.search(r" m\n?.* l", stream) and " re " in stream and " c\n" in stream  # lines, rects, curves
    assert stream.count(" re ") == 2 and len(re.findall(r"\bB\n", stream)) == 3  # two boxes; three shapes filled


def test_stroke_pt_sets_every_stroke_in_points_whatever_the_size(tmp_path):
    lantern = (CONTENT / "pocket-bazaar" / "icons" / "lantern.svg").read_bytes()
    icon = icons_of(tmp_path, {"lantern.svg": lantern}).get("lantern", LOC, "lot card")
    for size in (10, 30):
        d = Drawing((210, 297))
        d.icon(icon, 10, 20, size, stroke=1.25)
        (form,) = forms(pdf_of(d), tmp_path).values()
        stream = form.get_data().decode("latin-1")
        scale = 1.0
        for matrix in re.findall(r"\n([-\d.]+) 0 0 [-\d.]+ [-\d.]+ [-\d.]+ cm", stream):  # nested: they multiply
            scale *= abs(float(matrix))
        width = float(re.findall(r"\n([\d.]+) w\n", stream)[-1])  # the lantern's own strokes, in its matrices
        assert width * scale == pytest.approx(1.25, rel=1e-4)


def test_current_colour_takes_the_ink_of_the_element(tmp_path):
    key = (CONTENT / "pocket-bazaar" / "icons" / "key.svg").read_bytes()
    icon = icons_of(tmp_path, {"key.svg": key}).get("key", LOC, "lot card")
    d = Drawing((210, 297))
    d.icon(icon, 10, 20, 14, from_hex("harbour-red", "#8b1e1e"), 1.25)
    d.icon(icon, 40, 20, 14, None, 1.25)  # black: a form of its own
    red, black = (f.get_data().decode() for f in forms(pdf_of(d), tmp_path).values())
    assert red.count(".545098 .117647 .117647 RG") == 5 and red.count(".545098 .117647 .117647 rg") == 3  # 5 shapes
    assert black.count("0 0 0 RG") == 6 and ".545098" not in black  # the form's own start, then each shape


def test_a_deck_colours_its_icons_with_the_elements_ink(tmp_path, monkeypatch):
    monkeypatch.setattr(Face, "ink", lambda self, element: from_hex("teal", "#006d77"))
    out = tmp_path / "out"
    assert main(["build", "pocket-bazaar", "--edition", "standard", "--paper", "a4", "--content", str(CONTENT),
                 "--layouts", str(LAYOUTS), "--out", str(out)]) == 0
    reader = PdfReader(out / "pocket-bazaar" / "standard" / "pocket-bazaar-lot-cards-a4.pdf")
    streams = [x.get_object().get_data() for x in reader.pages[0]["/Resources"]["/XObject"].values()]
    assert streams and all(b"0 .427451 .466667 RG" in s for s in streams)
    # and a viewer finds the forms the page names: the icons are seen in teal (a `#` in a form's name once hid them)
    document = pypdfium2.PdfDocument(out / "pocket-bazaar" / "standard" / "pocket-bazaar-lot-cards-a4.pdf")
    try:
        image = document[0].render(scale=1).to_pil().convert("RGB")
    finally:
        document.close()
    teal = sum(1 for r, g, b in image.get_flattened_data() if r < 40 and 90 < g < 130 and 100 < b < 140)
    assert teal > 500


def test_a_deck_draws_each_icon_once_and_places_it_on_every_card(built):
    reader = PdfReader(built / "pocket-bazaar" / "standard" / "pocket-bazaar-lot-cards-a4.pdf")
    names = {name for page in reader.pages for name in page["/Resources"]["/XObject"]}
    assert len(names) == 8 and all("icon-" in n for n in names)  # four collections, each at two sizes
    placed = sum(len(re.findall(rb"/FormXob\.\S+ Do", page.get_contents().get_data())) for page in reader.pages)
    assert placed == 2 * 24
    for page in reader.pages:
        for ref in page["/Resources"]["/XObject"].values():
            assert "/XObject" not in ref.get_object().get("/Resources", {})  # vectors: no image inside


def test_a_png_icon_is_an_image_with_its_alpha(tmp_path):
    image = Image.new("RGBA", (8, 8), (0, 0, 0, 0))
    image.putpixel((4, 4), (200, 30, 30, 255))
    image.save(tmp_path / "dot.png")
    icon = icons_of(tmp_path, {"dot.png": (tmp_path / "dot.png").read_bytes()}).get("dot", LOC, "card")
    d = Drawing((210, 297))
    d.icon(icon, 10, 20, 14)
    (form,) = forms(pdf_of(d), tmp_path).values()
    (inner,) = form["/Resources"]["/XObject"].values()
    assert inner.get_object()["/Subtype"] == "/Image" and "/SMask" in inner.get_object()


def test_the_games_folder_is_searched_before_the_shared_one(tmp_path):
    own, shared = SVG.format('<rect width="10" height="10"/>'), SVG.format('<circle r="5"/>')
    icons = icons_of(tmp_path, {"star.svg": own}, {"star.svg": shared, "moon.svg": shared})
    assert icons.get("star", LOC, "card").shown == "content/game/icons/star.svg"
    assert icons.get("moon", LOC, "card").path == tmp_path / "layouts" / "icons" / "moon.svg"
    findings = Findings()
    icons.findings = findings
    assert icons.get("sun", LOC, "card 3 (Lantern), corner") is None
    (finding,) = findings
    assert finding.loc == LOC and finding.message.startswith("card 3 (Lantern), corner: no icon 'sun' (looked for "
                                                             "sun.svg and sun.png in content/game/icons, ")


HOSTILE = {
    "bomb": ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
             + SVG.format("<text>&b;</text>"), "DOCTYPE or ENTITY"),
    "doctype": ('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">'
                + SVG.format(""), "DOCTYPE or ENTITY"),
    "external": (SVG.format('<image href="/etc/passwd" width="10" height="10"/>'), "outside the file"),
    "xlink": (SVG.replace("<svg ", '<svg xmlns:xlink="http://www.w3.org/1999/xlink" ').format(
        '<use xlink:href="other.svg#x"/>'), "outside the file"),
    "data": (SVG.format('<image href="data:image/png;base64,AAAA"/>'), "outside the file"),
    "url": (SVG.format('<rect width="9" height="9" fill="url(http://example.com/p.svg#g)"/>'), "url()"),
    "invalid": (SVG.format("<rect>"), "not well-formed XML"),
    "huge": (SVG.format("<!--" + "x" * 1_100_000 + "-->"), "larger than the 1,000,000 bytes"),
    "crowded": (SVG.format("<g/>" * (MAX_ELEMENTS + 1)), "more than 10,000 elements"),
    "html": ("<html><body>hello</body></html>", "root is not an <svg>"),
    "stylesheet": ('<?xml-stylesheet href="http://example.com/s.css"?>' + SVG.format(""), "processing instruction"),
    "text": (SVG.format("<text>Lantern</text>"), "<text> element"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_or_broken_svg_is_a_finding_naming_file_and_element(tmp_path, name):
    text, why = HOSTILE[name]
    icons = icons_of(tmp_path, {f"{name}.svg": text})
    assert icons.get(name, LOC, "pocket-bazaar lot-cards, card 1 (Lantern), corner pictogram") is None
    assert icons.get(name, LOC, "again") is None  # reported once, where it is first named
    (finding,) = icons.findings
    assert finding.loc == LOC and why in finding.message, finding.message
    assert finding.message.startswith(f"pocket-bazaar lot-cards, card 1 (Lantern), corner pictogram: icon "
                                      f"content/game/icons/{name}.svg ")


def test_a_refused_icon_stops_the_build_with_a_finding_not_a_traceback(tmp_path, capsys):
    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "content" / "pocket-bazaar")
    (tmp_path / "content" / "pocket-bazaar" / "icons" / "teacup.svg").write_text(HOSTILE["bomb"][0])
    status = main(["build", "--content", str(tmp_path / "content"), "--layouts", str(LAYOUTS),
                   "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err
    assert re.search(r"layouts/standard/lot-card\.yaml:\d+:\d+: error: pocket-bazaar lot-cards, card \d+ \(.*\), "
                     r"corner pictogram: icon \S*content/pocket-bazaar/icons/teacup\.svg is refused: it declares a "
                     r"DOCTYPE or ENTITY", err), err


def typesetter(tmp_path: Path) -> Typesetter:
    lantern = (CONTENT / "pocket-bazaar" / "icons" / "lantern.svg").read_bytes()
    ts = Typesetter(_theme(), Findings(), "g", "rules")
    ts.icons = icons_of(tmp_path, {"lantern.svg": lantern})
    return ts


def _theme():  # type: ignore[no-untyped-def]
    from deckpress.load.layouts import LayoutReader

    edition = LayoutReader(Findings()).edition([LAYOUTS], "standard", set())
    assert edition is not None
    return edition.theme


def test_line_breaking_counts_an_inline_icon_as_an_em_wide_word():
    font = "AtkinsonHyperlegible-Regular"
    from deckpress.draw import fonts

    pay = fonts.width(font, "Pay 2", 10) + fonts.width(font, " ", 10)
    assert wrap("Pay 2 :lantern:", font, 10, pay + 10.01) == ["Pay 2 :lantern:"]  # the icon is 10 pt wide
    assert wrap("Pay 2 :lantern:", font, 10, pay + 9.99) == ["Pay 2", ":lantern:"]
    assert wrap("at 10:30 sharp", font, 10, 1000) == ["at 10:30 sharp"]


def test_an_inline_icon_sits_on_the_baseline_and_reads_as_its_name(tmp_path):
    ts = typesetter(tmp_path)
    d = Drawing((210, 297))
    fitted = ts.box(d, "Pay 2 :lantern: to draw", Style("regular", 12, 8), (20, 20, 120, 30), LOC, "rule")
    assert fitted is not None and not ts.findings.errors
    texts = [op for op in d.page.ops if isinstance(op, Text)]
    (icon,) = [op for op in d.page.ops if isinstance(op, Icon)]
    assert [t.text for t in texts] == ["Pay 2 ", " to draw"]
    assert icon.y == pytest.approx(texts[0].y) and icon.size == pytest.approx(12)  # on the baseline, text-high
    assert texts[1].x == pytest.approx(icon.x + icon.size)  # the words after it move over by its width
    (tmp_path / "inline.pdf").write_bytes(pdf_of(d))
    with pdfplumber.open(tmp_path / "inline.pdf") as pdf:
        assert pdf.pages[0].extract_text() == "Pay 2 lantern to draw"
        words = pdf.pages[0].extract_words()
    lantern = next(w for w in words if w["text"] == "lantern")
    assert lantern["x0"] == pytest.approx(icon.x, abs=0.01) and lantern["x1"] == pytest.approx(icon.x + 12, abs=0.05)


def test_an_unknown_inline_icon_is_a_finding_and_shrink_to_fit_counts_icons(tmp_path):
    ts = typesetter(tmp_path)
    ts.icons.findings = ts.findings  # as a build has it: the game's findings
    assert ts.fit("Take a :lanturn:", Style("regular", 12, 8), 100, 20, LOC, "rule") is None
    assert [f.message for f in ts.findings] == [
        f"g rules, rule: no icon 'lanturn' (looked for lanturn.svg and lanturn.png in content/game/icons, "
        f"{(tmp_path / 'layouts').as_posix()}/icons); did you mean 'lantern'?"]
    many = " ".join([":lantern:"] * 8)
    fitted = ts.fit(many, Style("regular", 12, 8), 8 * 10 * 1.3 / MM, 5, LOC, "rule")  # one line of 10 pt icons
    assert fitted is not None and fitted.size < 12 and len(fitted.lines) == 1


def test_icon_in_a_template_is_the_inline_icon():
    from deckpress.templating import Templates

    assert Templates().render("Pay {{ icon('lantern') }}", {}, LOC, Findings()) == "Pay :lantern:"


def test_the_text_edition_shows_an_inline_icon_by_name(tmp_path):
    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "content" / "pocket-bazaar")
    lots = tmp_path / "content" / "pocket-bazaar" / "lots.yaml"
    lots.write_text(lots.read_text().replace("flavour: A patterned cup made for a slow afternoon.",
                                         "flavour: \"A :teacup: cup made for a slow afternoon.\"", 1))
    kept_current(lots.parent / "translations", "A patterned cup made for a slow afternoon.",
                 "A :teacup: cup made for a slow afternoon.")  # its translations look at the change
    assert main(["build", "pocket-bazaar", "--content", str(tmp_path / "content"), "--layouts", str(LAYOUTS),
                 "--out", str(tmp_path / "out")]) == 0
    html = (tmp_path / "out" / "pocket-bazaar" / "pocket-bazaar.html").read_text()
    assert "A teacup cup" in html and ":teacup:" not in html


def test_a_pattern_is_its_svg_tile_repeated_at_the_3_mm_step():
    shared = Icons([(LAYOUTS / "icons", "layouts/icons")], Findings())
    dots, stripes = (shared.get(name, Loc("t"), "t") for name in ("dots", "stripes"))
    d = Drawing((210, 297))
    draw_pattern(d, dots, 10, 10, 10, 7, 0.5)  # 3 x 2 whole cells, centred
    frame, tiles = d.page.ops
    assert tiles.icon.name == "dots" and len(tiles.places) == 6 and tiles.clip is None
    assert [round(x / MM, 6) for x, _ in tiles.places[:3]] == [10.5, 13.5, 16.5]
    d = Drawing((210, 297))
    draw_pattern(d, stripes, 10, 10, 10, 7, 0.5)  # a column at each of the four cell edges, the box's height
    _, tiles = d.page.ops
    assert len(tiles.places) == 4 and tiles.height == pytest.approx(7 * MM)


def test_a_forms_copy_of_an_icon_leaves_the_icon_as_it_was_and_copies_its_points_only_to_move_them():
    """Each form of an icon sets its strokes (and a pattern's column tile moves its points) on a copy: a deep copy
    of a traced picture's 80,000 points for every form took 2 s of a deck; the points are copied only to move."""
    from reportlab.graphics.shapes import Drawing, Group, Path

    from deckpress.draw.icons import _placed

    path = Path(points=[0.0, 0.0, 10.0, 5.0], operators=[0, 1], strokeWidth=2, strokeColor=0)
    drawing = Drawing(10, 10, Group(path))
    kept = _placed(drawing, (2, 2), (0, 0), 0.5, False)
    moved = _placed(drawing, (1, 1), (0, 0), None, False, stretch=2)
    copy_of, stretched = kept.contents[0].contents[0].contents[0], moved.contents[0].contents[0].contents[0]
    assert (path.strokeWidth, path.points) == (2, [0.0, 0.0, 10.0, 5.0])  # the icon as it was
    assert copy_of.strokeWidth == 0.25 and copy_of.points is path.points  # its stroke its own, its points shared
    assert stretched.points == [0.0, 0.0, 10.0, 10.0] and stretched.points is not path.points
