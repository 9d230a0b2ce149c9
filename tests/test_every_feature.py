"""Every feature of the designer's toolkit in one game of our own (Hedgerow, the guide's example in docs/examples),
read back as a designer would look at it: colours in the content streams, turned text, copies, icons as vectors,
inline icons, per-card backs behind their own fronts, the game's own layouts, both editions, the text edition;
and golden drawing logs of a face, a back and a booklet page."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from conftest import FIXTURES, LAYOUTS, MM, ROOT, edit, line_of, shared

from deckpress.build import Prepared, prepare
from deckpress.cli import main
from deckpress.findings import Findings
from deckpress.layout.context import Job
from deckpress.layout.face import draw_face
from deckpress.layout.page import Drawing, Page
from deckpress.layout.text import Typesetter
from deckpress.load.art import Artwork
from deckpress.load.icons import IconFile
from deckpress.options import Options

GARDEN = ROOT / "docs" / "examples"  # the guide's example games: a content folder of their own
GAME = GARDEN / "hedgerow"
GOLDEN = FIXTURES.parent / "golden"
# as ReportLab writes the palette's colours: cream #fbf7ec, leaf #1d5a2a, rose #8a1a2e
CREAM, LEAF, ROSE, WHITE = ".984314 .968627 .92549", ".113725 .352941 .164706", ".541176 .101961 .180392", "1 1 1"
LEAF_CMYK = ".8 .2 .9 .4"  # leaf's {cmyk: [80, 20, 90, 40]}
SEASONS = {"1": "Spring", "2": "Spring", "3": "Spring", "4": "Autumn", "5": "Autumn", "6": "Autumn", "F": "Winter",
           "W": "Weed pile"}  # what a card's back says, by its front's index: the Weeds have the game's back


def build(out: Path, *args: str, content: Path = GARDEN) -> int:
    return main(["build", "--content", str(content), "--layouts", str(LAYOUTS), "--out", str(out), "--paper", "a4",
                 "--jobs", "1", *args])


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """Both editions on A4, printed duplex (long edge), once per test run: read-only."""
    return shared(tmp_path_factory, ("build", "--content", str(GARDEN), "--layouts", str(LAYOUTS), "--paper", "a4",
                                     "--jobs", "1", "--duplex", "long-edge"))


def cards(out: Path, edition: str = "standard", suffix: str = "-duplex-long-edge") -> Path:
    return out / f"hedgerow/{edition}/hedgerow-cards-a4{suffix}.pdf"


def stream(path: Path, page: int = 0) -> str:
    return pypdf.PdfReader(path).pages[page].get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]


def forms(path: Path, page: int = 0) -> dict[str, pypdf.generic.StreamObject]:
    xobjects = pypdf.PdfReader(path).pages[page]["/Resources"]["/XObject"]
    return {str(name): ref.get_object() for name, ref in xobjects.items()}


def element_line(layout: Path, name: str) -> int:
    """The line of a layout file where element `name` starts."""
    lines = layout.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.strip() == f"- name: {name}")


def test_the_palette_colours_faces_bands_text_and_frames(built):
    ops = stream(cards(built))
    assert f"{CREAM} rg\n0 w\n[] 0 d\nn 29.76378 545.6693 178.5827 249.4488 re f*" in ops  # the card's background
    assert f"{LEAF} RG\nn\n42.51969 552.7559 m" in ops  # the frame, a rounded rect in the suit's colour
    assert re.search(rf"{WHITE} rg\nBT [^\n]*\(Beans\) Tj ET", ops)  # white on the leaf band
    assert re.search(rf"{LEAF} rg\nBT [^\n]*\(1\) Tj ET", ops) and re.search(rf"{ROSE} rg\nBT [^\n]*\(1\) Tj", ops)
    assert " k\n" not in ops and " K\n" not in ops  # RGB for home printers
    with pdfplumber.open(cards(built)) as pdf:
        band = [c for c in pdf.pages[0].chars if c["text"] == "R" and round(c["size"]) == 18]
        assert len(band) == 3 and all(c["non_stroking_color"] == (1.0, 1.0, 1.0) for c in band)


def test_with_bleed_the_print_shops_cmyk_is_used(tmp_path):
    assert build(tmp_path, "--edition", "standard", "--bleed", "3") == 0
    pdf = cards(tmp_path, suffix="-bleed3mm")
    ops = "".join(stream(pdf, page) for page in range(len(pypdf.PdfReader(pdf).pages)))
    assert f"{LEAF_CMYK} k\n" in ops and f"{LEAF_CMYK} K\n" in ops and f"{LEAF} rg" not in ops
    assert f"{ROSE} rg" in ops  # a colour without CMYK stays RGB


def test_text_too_faint_for_large_print_is_a_finding_naming_cards_and_elements(tmp_path, capsys):
    shutil.copytree(GARDEN, tmp_path / "content")
    edit(tmp_path / "content/hedgerow/game.yaml", 'poppy: "#7a3210"', 'poppy: "#9a5a20"')  # 5.09:1 on cream
    capsys.readouterr()
    assert main(["check", "--content", str(tmp_path / "content"), "--layouts", str(LAYOUTS)]) == 1
    face = tmp_path / "content/hedgerow/layouts/large-print/seed-card.yaml"
    back = tmp_path / "content/hedgerow/layouts/large-print/season-back.yaml"
    cards_of = "hedgerow cards, cards Poppies 1, Poppies 2, Poppies 3 and 3 more, element"
    below = "below the large-print edition's 7:1"  # the standard edition's 4.5:1 it passes
    # the backs are checked too, though `check` prints none: each season's back sets its title in white on its colour
    on_back = [f"{back}:{element_line(back, name)}:5: error: hedgerow cards, cards Beans 4, Beans 5, Beans 6 and 9 "
               f"more, element {name}: white (#ffffff) on poppy (#9a5a20) is 5.44:1, {below}"
               for name in ("title", "season")]
    assert [line for line in capsys.readouterr().err.splitlines() if ": error: " in line] == on_back + [
        f"{face}:{element_line(face, name)}:5: error: {cards_of} {name}: {ink} is {ratio}:1, {below}"
        for name, ink, ratio in [
            ("rank", "poppy (#9a5a20) on cream (#fbf7ec)", "5.09"),
            ("rank upside down", "poppy (#9a5a20) on cream (#fbf7ec)", "5.09"),
            ("suit", "white (#ffffff) on poppy (#9a5a20)", "5.44"),
            ("growing", "poppy (#9a5a20) on cream (#fbf7ec)", "5.09")]]


def test_the_corner_index_is_turned_upside_down_and_the_season_sideways(built):
    with pdfplumber.open(cards(built)) as pdf:
        chars = pdf.pages[0].chars
    upside_down = [c for c in chars if c["matrix"][:4] == pytest.approx((-1, 0, 0, -1))]
    sideways = [c for c in chars if c["matrix"][:4] == pytest.approx((0, 1, -1, 0))]  # 270: reads bottom to top
    assert "".join(c["text"] for c in upside_down) == "123456123"  # real text, in reading order
    assert "".join(c["text"] for c in sideways) == "Spring" * 3 + "Autumn" * 3 + "Spring" * 3
    corner = [c for c in chars if c["matrix"][:4] == (1, 0, 0, 1) and round(c["size"]) == 28]
    for top, bottom in zip(corner, upside_down, strict=True):  # the turned index sits in the opposite corner
        assert bottom["x0"] - top["x0"] > 35 * MM and bottom["top"] - top["top"] > 60 * MM
    ops = stream(cards(built))
    assert len(re.findall(r"\nq\n-1 0 0 -1 [-\d.]+ [-\d.]+ cm\n", ops)) == 9  # one `cm` turns each element
    assert len(re.findall(r"\nq\n0 1 -1 0 [-\d.]+ [-\d.]+ cm\n", ops)) == 9


def test_copies_are_counted_in_the_manifest_and_printed(built):
    entries = json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    decks = {e["edition"]: (e["cards"], e["pages"]) for e in entries if e["component"] == "cards"}
    assert decks == {"standard": (30, 8), "large-print": (30, 16)}  # 24 flowers, 2 Frosts, 4 Weeds; and backs
    with pdfplumber.open(cards(built)) as pdf:
        bands = [w["text"] for page in pdf.pages[::2] for w in page.extract_words(extra_attrs=["size"])
                 if round(w["size"]) == 18]
    assert len(bands) == 30 and bands.count("Frost") == 2 and bands.count("Weeds") == 4
    assert all(bands.count(suit) == 6 for suit in ("Beans", "Roses", "Bluebells", "Poppies"))


def test_an_svg_icon_is_vector_paths_in_a_form_in_the_elements_colour(built):
    found = forms(cards(built))
    (bean,) = [form for name, form in found.items() if name.startswith("/FormXob.icon-bean-")]
    drawn = bean.get_data().decode("latin-1")
    assert bean["/Subtype"] == "/Form" and "/XObject" not in bean.get("/Resources", {})  # no image inside
    assert re.search(r" c\n", drawn) and f"{LEAF} rg" in drawn  # Bézier paths, filled in currentColor: leaf
    assert len(re.findall(r"/FormXob\.icon-bean-\S+ Do", stream(cards(built)))) == 6  # drawn once, placed 6 times
    with pdfplumber.open(cards(built)) as pdf:
        assert pdf.pages[0].images == []


def test_an_inline_icon_reads_as_its_name_and_takes_the_texts_colour(built):
    with pdfplumber.open(cards(built)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "and needs can." in text  # Beans 3: "Sow after the last frost, and needs :can:."
    inline = {name: form.get_data().decode("latin-1") for name, form in forms(cards(built)).items() if "-can-" in name}
    assert sorted(name.split("-")[-2] for name in inline) == ["1d5a2a", "8a1a2e"]  # in Beans' leaf, Roses' rose
    leaf, rose = (drawn for _, drawn in sorted(inline.items(), key=lambda kv: kv[0].split("-")[-2]))
    assert f"{LEAF} rg" in leaf and f"{ROSE} rg" in rose and "0 0 0 rg\nn" not in leaf
    rules = built / "hedgerow/standard/hedgerow-rules-a4.pdf"
    with pdfplumber.open(rules) as pdf:
        text = pdf.pages[0].extract_text().replace("\n", " ")
    assert "A card that shows can needs water" in text and "Frost frost is winter" in text  # {{ icon('frost') }}
    (black,) = [form.get_data() for name, form in forms(rules).items() if "-can-" in name]
    assert b"0 0 0 rg" in black  # black rule text, a black icon


def indices(page) -> list[tuple[str, float, float]]:
    """Each front's upright corner index, one character: its text, its left and its top, mm."""
    return [(c["text"], c["x0"] / MM, c["top"] / MM) for c in page.chars
            if c["matrix"][:4] == (1, 0, 0, 1) and round(c["size"]) == 28]


def seasons(page) -> list[tuple[str, float, float]]:
    """Each back's season (or `Weed pile`): its words, their centre across and their top, mm."""
    return [(w["text"], (w["x0"] + w["x1"]) / 2 / MM, w["top"] / MM)
            for w in page.extract_words(keep_blank_chars=True, extra_attrs=["size"]) if round(w["size"]) == 22]


def test_each_back_shows_its_own_cards_season_behind_its_front(built):
    with pdfplumber.open(cards(built)) as pdf:
        width = pdf.pages[0].width / MM
        for front, back in zip(pdf.pages[::2], pdf.pages[1::2], strict=True):
            fronts, backs = indices(front), seasons(back)
            assert len(fronts) == len(backs) > 0
            for index, x, top in fronts:  # the index's box is 5 mm in from the card's left, 4 mm below its top
                centre, card_top = x - 5 + 31.5, top - 4
                behind = [s for s, bx, btop in backs  # long edge: mirrored across, the same row
                          if abs(bx - (width - centre)) < 0.5 and card_top < btop < card_top + 88]
                assert behind == [SEASONS[index]], (index, x, top)
        assert {s for s, _, _ in seasons(pdf.pages[1])} == {"Spring", "Autumn"}  # backs differ by card


def test_the_games_own_layouts_are_used_in_both_editions(built):
    for edition, size, per_page in (("standard", (63, 88), 9), ("large-print", (89, 127), 4)):
        assert (GAME / f"layouts/{edition}/seed-card.yaml").is_file()
        assert not (LAYOUTS / edition / "seed-card.yaml").exists()  # found in the game's folder, nowhere else
        with pdfplumber.open(cards(built, edition)) as pdf:
            page = pdf.pages[0]
            faces = [r for r in page.rects if r["fill"] and abs(r["width"] / MM - size[0]) < 0.01
                     and abs(r["height"] / MM - size[1]) < 0.01]
            assert len(faces) == per_page and faces[0]["non_stroking_color"] == pytest.approx((.984314, .968627,
                                                                                               .92549))
            cut = [c for c in page.curves if abs(c["width"] / MM - size[0]) < 0.01]  # rounded cut lines
            assert len(cut) == per_page
            if edition == "large-print":  # a sideways character's size is its extent across the page
                assert min(c["size"] if c["upright"] else c["x1"] - c["x0"] for c in page.chars) >= 18 - 1e-6


def test_both_editions_and_every_component_are_built(built):
    entries = json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    made = {(e["edition"], e["component"]) for e in entries if e["game"] == "hedgerow"}
    for edition in ("standard", "large-print"):
        assert {(edition, c) for c in ("cards", "ledger", "rules", "kit", "calibration")} <= made
    with pdfplumber.open(built / "hedgerow/large-print/hedgerow-ledger-a4.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "Hedgerow garden ledger" in text and "Poppies beds" in text and "Weeds kept" in text


def test_the_text_edition_holds_every_cards_text(built):
    html = (built / "hedgerow/hedgerow.html").read_text(encoding="utf-8")
    assert "Deadhead me for a second bloom, and needs can." in html and "Every bed loses its top card." in html
    assert "Nettles. Pull them before the count or lose a point." in html
    assert html.count("2 copies") == 3  # the Frost, the Bindweed, the Nettles: each listed once


def test_checks_over_the_decks_and_the_where_grid_guard_the_game(tmp_path, capsys):
    shutil.copytree(GARDEN, tmp_path / "content")
    game, plants = tmp_path / "content/hedgerow/game.yaml", tmp_path / "content/hedgerow/plants.yaml"
    edit(plants, "  - {suit: Poppies, rank: 6, season: Autumn, growing: \"Seed heads that rattle in the wind.\"}\n", "")
    capsys.readouterr()
    assert main(["check", "--content", str(tmp_path / "content"), "--layouts", str(LAYOUTS)]) == 1
    count, total = line_of(game, "decks.plants.cards | length =="), line_of(game, "sum(attribute='rank') ==")
    assert [line for line in capsys.readouterr().err.splitlines() if ": error: " in line] == [
        f"{game}:{line_of(game, 'count: suits')}:12: error: deck plants must have exactly 26 cards, got 25",
        f"{game}:{line_of(game, '  plants:')}:3: error: deck plants has no card with suit Poppies, rank 6",
        f"{game}:{count}:5: error: the plants deck prints 25 cards",
        f"{game}:{total}:5: error: the plants' ranks add up to 78"]


# Golden drawing logs: a face and its back (Roses 2: colour, an inline icon, turned text) and the first rules page.

@pytest.fixture(scope="module")
def laid_out() -> Prepared:
    opts = Options(content=GARDEN, layouts=[LAYOUTS], papers=("a4",), edition="standard")
    prepared = prepare(opts, [GAME])
    assert list(prepared.findings) == []
    return prepared


def one_card(prepared: Prepared, layout: str) -> Page:
    """Roses 2 drawn alone with `layout`, its trim's top-left corner at the page's."""
    game, findings = prepared.games[0], Findings()
    edition = prepared.editions[game.id]["standard"]
    ts = Typesetter(edition.theme, findings, game.id, "cards")
    art = Artwork.of(game, findings)
    ts.icons = art.icons(edition.folders)
    job = Job(ts, "a4", game.language, prepared.templates, game.params, art=art, colours=game.colours)
    card = next(c for c in game.decks["plants"].printed if (c.values["suit"], c.values["rank"]) == ("Roses", 2))
    card_layout = edition.layouts[layout]
    d = Drawing(card_layout.size)
    draw_face(d, card, card_layout, (0, 0), job)
    assert list(findings) == []
    return d.page


def drawing_log(pages: list[Page]) -> str:
    """As tests/test_layout.py writes them, an icon named by its file's name and digest."""
    lines = []
    for n, page in enumerate(pages, 1):
        lines.append(f"page {n} {page.width:.2f} x {page.height:.2f}")
        for op in page.ops:
            values = ((f.name, getattr(op, f.name)) for f in dataclasses.fields(op))
            fields = ", ".join(f"{k}={v:.2f}" if isinstance(v, float) else
                               f"{k}={v.name}@{v.digest}" if isinstance(v, IconFile) else f"{k}={v!r}"
                               for k, v in values)
            lines.append(f"  {type(op).__name__}({fields})")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("which", ["face", "back", "rules"])
def test_drawing_logs_match_the_golden_files(laid_out, which):
    """Regenerate with `make golden` after an intended change, then read the diff."""
    if which == "rules":
        page = next(d for d in laid_out.documents if d.component == "rules").pages[0]
    else:
        page = one_card(laid_out, "seed-card" if which == "face" else "season-back")
    log = drawing_log([page])
    golden = GOLDEN / {"face": "hedgerow-face-roses-2.txt", "back": "hedgerow-back-roses-2.txt",
                       "rules": "hedgerow-rules-page-1-a4.txt"}[which]
    if os.environ.get("DECKPRESS_UPDATE_GOLDEN"):
        golden.write_text(log, encoding="utf-8")
    assert log == golden.read_text(encoding="utf-8")
