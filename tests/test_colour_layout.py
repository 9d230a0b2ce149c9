"""Colour, contrast and rotation on card faces, read back from the PDFs: the fixture in tests/fixtures/harbour."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from conftest import FIXTURES, MM, edit, fixture_game, line_of

HARBOUR = FIXTURES / "harbour"
GAME = Path("content/harbour-suits/game.yaml")
STANDARD = Path("layouts/standard/suit-card.yaml")
LARGE = Path("layouts/large-print/suit-card.yaml")
RED, CHALK, WHITE = ".545098 .117647 .117647", ".956863 .945098 .909804", "1 1 1"
SEA_BLUE, NAVY = ".121569 .305882 .47451", "0 0 .501961"  # the game's sea-blue, and the theme's it overrides


@pytest.fixture
def harbour(tmp_path, monkeypatch, capsys):
    """Build or check the fixture game (a copy in tmp_path); gives the exit status and the error lines."""
    return fixture_game(HARBOUR, tmp_path, monkeypatch, capsys)


def cards_pdf(edition: str = "standard") -> Path:
    return Path(f"build/harbour-suits/{edition}/harbour-suits-cards-a4.pdf")


def stream(path: Path, page: int = 0) -> str:
    return pypdf.PdfReader(path).pages[page].get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]


def test_text_boxes_and_backgrounds_take_the_palettes_colours(harbour):
    assert harbour("build", "--edition", "standard", "--paper", "a4") == (0, [])
    ops = stream(cards_pdf())
    assert f"{CHALK} rg\n0 w\n[] 0 d\nn 29.76378 545.6693 178.5827 249.4488 re f*" in ops  # the theme's chalk
    assert f"{RED} rg\nn 29.76378 653.3858 178.5827 56.69291 re f*" in ops  # the band: the suit's colour
    assert re.search(rf"{WHITE} rg\nBT .*\(Anchors\) Tj ET", ops)  # white on the band
    assert re.search(rf"{RED} rg\nBT .*\(1\) Tj ET", ops)  # the rank in the suit's colour
    assert f"{SEA_BLUE} RG" in ops and NAVY not in ops  # the game's palette over the theme's
    assert " k\n" not in ops and " K\n" not in ops  # no CMYK without bleed
    with pdfplumber.open(cards_pdf()) as pdf:
        page = pdf.pages[0]
        card = [r for r in page.rects if abs(r["width"] - 63 * MM) < 0.01 and abs(r["height"] - 88 * MM) < 0.01
                and r["fill"]]
        assert len(card) == 6 and card[0]["non_stroking_color"] == pytest.approx((0.956863, 0.945098, 0.909804))
        sails = [c for c in page.chars if c["text"] == "S" and round(c["size"]) == 18]
        assert sails and all(c["non_stroking_color"] == (1.0, 1.0, 1.0) for c in sails)
        seals = [c for c in page.curves if c["stroke"]]  # the ellipse: outlined in sea-blue, not filled
        assert len(seals) == 6 and not seals[0]["fill"]
        assert seals[0]["width"] == pytest.approx(23 * MM, abs=0.01)
        assert seals[0]["height"] == pytest.approx(18 * MM, abs=0.01)


def test_cmyk_only_in_files_printed_with_bleed(harbour):
    assert harbour("build", "--edition", "standard", "--paper", "a4", "--bleed", "3")[0] == 0
    bled_pdf = Path("build/harbour-suits/standard/harbour-suits-cards-a4-bleed3mm.pdf")
    ops = stream(bled_pdf)
    assert "0 .85 .85 .45 k\n" in ops and f"{RED} rg" not in ops  # harbour-red gives the print shop's values
    assert f"{SEA_BLUE} RG" in ops  # a colour without CMYK stays RGB
    with pdfplumber.open(bled_pdf) as pdf:  # the background runs on into the bleed
        filled = [(round(r["width"] / MM), round(r["height"] / MM)) for r in pdf.pages[0].rects if r["fill"]]
        assert (69, 94) in filled and (63, 88) not in filled


def test_a_ground_the_text_is_too_faint_on_is_one_finding_per_element_and_colours(harbour):
    edit(STANDARD, "box_mm: [2, 52, 7, 33]", "box_mm: [2, 25, 7, 33]")  # the side label onto the band
    edit(STANDARD, "background: chalk\n", "")
    edit(STANDARD, 'colour: "{{ suit_colours[card.suit] }}"\n    box_mm: [3, 3', 'colour: "#777777"\n    box_mm: [3, 3')
    status, errors = harbour("check")
    assert status == 1
    rank, label = line_of(STANDARD, "- name: rank"), line_of(STANDARD, "- name: side label")
    assert any("side label: its text is crossed by the edge of a box" in e and "got 'Harbour Master'" in e
               for e in errors)
    errors = [e for e in errors if "is crossed by" not in e]  # the label half on the band: its contrast, here
    assert errors == [
        f"{STANDARD}:{rank}:5: error: harbour-suits cards, cards Anchors 1, Anchors 2, Anchors 3 and 3 more, element "
        "rank: #777777 on #ffffff is 4.48:1, below the standard edition's 4.5:1",
        f"{STANDARD}:{label}:5: error: harbour-suits cards, cards Anchors 1, Anchors 2 and Anchors 3, element side "
        "label: black (#000000) on harbour-red (#8b1e1e) is 2.30:1, below the standard edition's 4.5:1",
        f"{STANDARD}:{label}:5: error: harbour-suits cards, cards Sails 1, Sails 2 and Sails 3, element side label: "
        "black (#000000) on sea-blue (#1f4e79) is 2.42:1, below the standard edition's 4.5:1",
    ]


def test_large_print_asks_seven_to_one(harbour):
    edit(LARGE, 'colour: "{{ suit_colours[card.suit] }}"', 'colour: "#666666"')
    status, errors = harbour("check")
    assert status == 1
    assert errors == [f"{LARGE}:{line_of(LARGE, '- name: rank')}:5: error: harbour-suits cards, cards Anchors 1, "
                      "Anchors 2, Anchors 3 and 3 more, element rank: #666666 on chalk (#f4f1e8) is 5.08:1, below the "
                      "large-print edition's 7:1"]


def test_an_unknown_colour_name_is_a_finding_naming_the_cards_and_the_known_names(harbour):
    edit(GAME, "Sails: sea-blue}", "Sails: sea-blu}")
    status, errors = harbour("build", "--edition", "large-print")
    assert status == 1
    known = "(known: black, chalk, fog, harbour-red, sea-blue, white, or #rrggbb); did you mean 'sea-blue'?"
    line = line_of(GAME, "Sails: sea-blu}")
    column = GAME.read_text(encoding="utf-8").splitlines()[line - 1].index("sea-blu") + 1
    assert errors == [  # where the mapping names it, once: not at each element that looks it up, nor about white
        f"{GAME}:{line}:{column}: error: suit_colours gives Sails the colour 'sea-blu', which the palette does not "
        f"have {known} (used by cards Sails 1, Sails 2 and Sails 3)"]


def test_colours_that_are_not_colours_are_findings_where_written(harbour):
    edit(GAME, 'fog: "#777777"', 'fog: "#77777"')
    edit(GAME, "cmyk: [0, 85, 85, 45]", "cmyk: [0, 85, 185, 45]")
    edit(STANDARD, "colour: white", "colour: White")
    status, errors = harbour("check")
    assert status == 1
    assert f"{GAME}:{line_of(GAME, 'fog:')}:8: error: colour fog must be \"#rrggbb\" (six hex digits), got " \
           "'#77777'" in errors
    assert f"{GAME}:{line_of(GAME, 'cmyk:')}:47: error: cmyk must be 0-100, got 185" in errors
    assert f"{STANDARD}:{line_of(STANDARD, 'colour: White')}:13: error: colour must be a colour's name (lowercase " \
           "letters, digits and hyphens), \"#rrggbb\" or a template giving one, got 'White'" in errors
    assert len(errors) == 3  # the cards that use fog and the CMYK colour are not reported again: no such colour


@pytest.mark.parametrize(("angle", "matrix", "box"), [(90, (0, -1, 1, 0), (2, 52, 7, 33)),
                                                     (180, (-1, 0, 0, -1), (2, 76, 36, 8)),
                                                     (270, (0, 1, -1, 0), (2, 52, 7, 33))])
def test_a_turned_element_is_real_text_turned_about_its_box(harbour, angle, matrix, box):
    edit(STANDARD, "rotate: 90\n    box_mm: [2, 52, 7, 33]", f"rotate: {angle}\n    box_mm: {list(box)}")
    assert harbour("build", "--edition", "standard", "--paper", "a4")[0] == 0
    with pdfplumber.open(cards_pdf()) as pdf:
        page = pdf.pages[0]
        assert "Harbour Master" in page.extract_text() or "Harbour Master" in "".join(c["text"] for c in page.chars)
        label = [c for c in page.chars if "Bold" not in c["fontname"] and c["matrix"][:4] != (1, 0, 0, 1)]
        assert len(label) == 6 * len("Harbour Master")  # the scale bar's words stay upright
        assert all(c["matrix"][:4] == pytest.approx(matrix) for c in label)
        first = label[:len("Harbour Master")]
        assert "".join(c["text"] for c in first) == "Harbour Master"  # real text, in reading order
        card = min((r for r in page.rects if r["fill"] and abs(r["width"] - 63 * MM) < 0.01),
                   key=lambda r: (r["top"], r["x0"]))
        x0, top = card["x0"] + box[0] * MM - 1, card["top"] + box[1] * MM - 1  # and a point for the glyphs' sides
        x1, bottom = x0 + box[2] * MM + 2, top + box[3] * MM + 2
        assert all(x0 <= c["x0"] and c["x1"] <= x1 and top <= c["top"] and c["bottom"] <= bottom for c in first)
        across = max(c["x1"] for c in first) - min(c["x0"] for c in first)
        down = max(c["bottom"] for c in first) - min(c["top"] for c in first)
        assert max(across, down) > 25 * MM  # the words run along the box's long side
    ops = stream(cards_pdf())
    assert f"q\n{' '.join(str(v) for v in matrix)} " in ops  # one `cm` turns the element


def test_a_box_past_its_card_is_a_finding_at_its_box(harbour):
    edit(STANDARD, "box_mm: [20, 60, 23, 18]", "box_mm: [50, 80, 20, 10]")
    status, errors = harbour("check")
    assert status == 1
    errors = [e for e in errors if "is crossed by" not in e]  # the seal, moved, runs over the corner index too
    assert errors == [f"{STANDARD}:{line_of(STANDARD, 'box_mm: [50, 80')}:13: error: layout suit-card, element seal: "
                      "its box reaches 70 mm across and 90 mm down, past the 63 x 88 mm card"]


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf"])
def test_a_number_that_is_not_finite_is_a_finding(harbour, value):
    """`.nan` passes every comparison with a range: a new key's number (a stroke, a radius, a box) is held finite."""
    edit(STANDARD, "box_mm: [2, 52, 7, 33]", f"box_mm: [2, 52, 7, {value}]")
    status, errors = harbour("check")
    assert status == 1
    shown = {".nan": "nan", ".inf": "inf", "-.inf": "-inf"}[value]
    (finding,) = [e for e in errors if "finite" in e]
    assert finding.startswith(f"{STANDARD}:{line_of(STANDARD, 'box_mm: [2, 52, 7,')}:")
    assert finding.endswith(f": error: box_mm must be a finite number, got {shown}")
