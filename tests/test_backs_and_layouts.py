"""Backs as card layouts (behind their own fronts in duplex and fold), a game's own layouts, `--layouts` adding
folders, and rounded cut lines."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import LAYOUTS, MM
from harbour import BACK, FACE, GAME, errors, harbour, line_in, run
from pypdf import PdfReader

from deckpress.build import prepare
from deckpress.cli import main
from deckpress.options import Options

WITH_BACK = GAME.replace("    grid: {", "    back: {layout: harbour-back}\n    grid: {")
CELL = (60.0, 80.0)


def names(page, first: str) -> dict[str, list[tuple[float, float]]]:
    """Where each card's name (a word starting with `first`) is printed: (x0, top) in mm, by name."""
    found: dict[str, list[tuple[float, float]]] = {}
    for w in page.extract_words():
        if w["text"].startswith(first):
            found.setdefault(w["text"][1:], []).append((w["x0"] / MM, w["top"] / MM))
    return found


def offset(page) -> tuple[float, float]:
    """How far a card's name sits from its cell's top-left corner: the first name against the first cut line."""
    cells = sorted((r["x0"] / MM, r["top"] / MM) for r in page.rects
                   if abs(r["width"] / MM - CELL[0]) < 0.1 and abs(r["height"] / MM - CELL[1]) < 0.1)
    x, top = min(p for ps in names(page, "F").values() for p in ps)
    return x - cells[0][0], top - cells[0][1]


def expected_backs(front, flip: str) -> dict[str, list[tuple[float, float]]]:
    """Where each back's name must be for the back to lie behind its own front."""
    pw, ph = front.width / MM, front.height / MM
    ox, oy = offset(front)
    out = {}
    for name, spots in names(front, "F").items():
        cells = [(x - ox, top - oy) for x, top in spots]
        if flip == "long-edge":
            backs = [(pw - x - CELL[0], y) for x, y in cells]
        else:  # short-edge, and fold: mirrored top to bottom
            backs = [(x, ph - y - CELL[1]) for x, y in cells]
        out[name] = sorted((round(x + ox, 1), round(y + oy, 1)) for x, y in backs)
    return out


def rounded(found: dict[str, list[tuple[float, float]]]) -> dict[str, list[tuple[float, float]]]:
    return {k: sorted((round(x, 1), round(y, 1)) for x, y in v) for k, v in found.items()}


@pytest.mark.parametrize("flip", ["long-edge", "short-edge"])
def test_a_back_layout_is_drawn_behind_its_own_front(tmp_path, flip):
    harbour(tmp_path, game=WITH_BACK)
    assert run(tmp_path, "build", "--duplex", flip) == 0
    with pdfplumber.open(tmp_path / f"build/harbour/standard/harbour-harbour-a4-duplex-{flip}.pdf") as doc:
        front, back = doc.pages
        expected = expected_backs(front, flip)
        assert sum(map(len, expected.values())) == 8 and len(expected["Joker1"]) == 2
        assert rounded(names(back, "B")) == expected


def test_with_fold_each_back_is_below_the_fold_behind_its_front(tmp_path):
    harbour(tmp_path, game=WITH_BACK, face=FACE.replace("grid: [3, 3]", "grid: [3, 1]"))
    assert run(tmp_path, "build", "--fold") == 0
    with pdfplumber.open(tmp_path / "build/harbour/standard/harbour-harbour-a4-fold.pdf") as doc:
        page = doc.pages[0]
        assert rounded(names(page, "B")) == expected_backs(page, "short-edge")


def test_a_bled_back_layout_runs_its_art_into_the_bleed(tmp_path):
    back = BACK + "  - {name: waves, pattern: stripes, box_mm: [0, 0, 60, 80]}\n"
    content = harbour(tmp_path, game=WITH_BACK)
    (content / "harbour/layouts/standard/harbour-back.yaml").write_text(back, encoding="utf-8")
    assert run(tmp_path, "build", "--duplex", "long-edge", "--bleed", "3") == 0
    with pdfplumber.open(tmp_path / "build/harbour/standard/harbour-harbour-a4-duplex-long-edge-bleed3mm.pdf") as doc:
        backs = doc.pages[1::2]  # two cards less a sheet with the bleed: two sheets
        framed = [r for page in backs for r in page.rects
                  if abs(r["width"] / MM - 66) < 0.1 and abs(r["height"] / MM - 86) < 0.1]
    assert len(framed) == 8


def test_the_games_back_serves_every_deck_without_its_own(tmp_path):
    harbour(tmp_path, game=GAME.replace("checks:", "back: {layout: harbour-back}\nchecks:"))
    assert run(tmp_path, "build", "--duplex", "long-edge") == 0
    with pdfplumber.open(tmp_path / "build/harbour/standard/harbour-harbour-a4-duplex-long-edge.pdf") as doc:
        assert sum(map(len, names(doc.pages[1], "B").values())) == 8


def test_a_back_layout_must_be_the_size_of_the_face(tmp_path, capsys):
    content = harbour(tmp_path, game=WITH_BACK)
    (content / "harbour/layouts/standard/harbour-back.yaml").write_text(
        BACK.replace("extends: harbour-card\n", "extends: harbour-card\nsize_mm: [56, 80]\n"), encoding="utf-8")
    assert run(tmp_path, "check") == 1
    line = line_in(WITH_BACK, "back: {layout")
    assert errors(capsys) == [
        f"{content}/harbour/game.yaml:{line}:20: error: back layout 'harbour-back' is 56 x 80 mm, but the cards of "
        f"component harbour (harbour-card) are 60 x 80 mm in the standard edition: a back must be the size of its face"]


def test_a_back_layout_that_does_not_exist_is_a_finding(tmp_path, capsys):
    content = harbour(tmp_path, game=WITH_BACK.replace("layout: harbour-back}", "layout: harbour-bak}"))
    assert run(tmp_path, "check") == 1
    line = line_in(WITH_BACK, "back: {layout")
    assert errors(capsys) == [f"{content}/harbour/game.yaml:{line}:20: error: back layout 'harbour-bak' is not "
                              f"found for the standard edition; did you mean 'harbour-back' or 'harbour-card'?"]


def test_the_deck_records_whether_its_backs_differ(tmp_path):
    content = harbour(tmp_path, game=WITH_BACK)
    opts = Options(content=content, layouts=[LAYOUTS])
    assert prepare(opts, [content / "harbour"]).games[0].decks["harbour"].backs_differ
    (content / "harbour/layouts/standard/harbour-back.yaml").write_text(
        BACK.replace('"B{{ card.suit }}{{ card.rank }}"', "Harbour"), encoding="utf-8")
    assert not prepare(opts, [content / "harbour"]).games[0].decks["harbour"].backs_differ


def test_a_games_own_layout_comes_before_the_shared_ones(tmp_path, capsys):
    content = harbour(tmp_path)
    shared = tmp_path / "more" / "standard"
    shared.mkdir(parents=True)
    face = (content / "harbour/layouts/standard/harbour-card.yaml").read_text(encoding="utf-8")
    (shared / "harbour-card.yaml").write_text(face.replace('"F{{', '"S{{'), encoding="utf-8")
    args = ["--content", str(content), "--out", str(tmp_path / "build"), "--paper", "a4"]
    assert main(["build", *args, "--layouts", str(shared.parent), "--layouts", str(LAYOUTS)]) == 0
    with pdfplumber.open(tmp_path / "build/harbour/standard/harbour-harbour-a4.pdf") as doc:
        assert len([w for w in doc.pages[0].extract_words() if w["text"].startswith("F")]) == 8
    shutil.rmtree(content / "harbour/layouts")  # now the shared one serves
    assert main(["build", *args, "--layouts", str(shared.parent), "--layouts", str(LAYOUTS)]) == 0
    with pdfplumber.open(tmp_path / "build/harbour/standard/harbour-harbour-a4.pdf") as doc:
        above_slug = doc.pages[0].height - 10 * 72 / 25.4  # the slug line ("Standard edition") is below the cards
        assert len([w for w in doc.pages[0].extract_words() if w["text"].startswith("S") and w["bottom"] < above_slug
                    ]) == 8


def test_layouts_adds_a_folder_before_the_default(tmp_path, monkeypatch):
    content = harbour(tmp_path)
    extra = tmp_path / "extra" / "standard"
    extra.mkdir(parents=True)
    shutil.move(content / "harbour/layouts/standard/harbour-card.yaml", extra / "harbour-card.yaml")
    shutil.rmtree(content / "harbour/layouts")
    shutil.copytree(LAYOUTS, tmp_path / "layouts")  # the default, where the print-check page comes from
    monkeypatch.chdir(tmp_path)
    assert main(["build", "--paper", "a4", "--layouts", "extra"]) == 0
    assert Path("build/harbour/standard/harbour-kit-a4.pdf").is_file()
    Path("empty").mkdir()
    assert main(["check", "--layouts", "empty"]) == 1  # the default alone lacks the game's layout


def curves(pdf: Path) -> int:
    """Bézier curve operators (`x1 y1 x2 y2 x3 y3 c`) in the first page's content stream."""
    stream = PdfReader(pdf).pages[0].get_contents().get_data().decode("latin-1")
    return len(re.findall(r"(?m)^(?:-?[\d.]+ ){6}c$", stream))


def test_a_corner_radius_rounds_the_cut_lines(tmp_path):
    harbour(tmp_path)
    assert run(tmp_path, "build") == 0
    assert curves(tmp_path / "build/harbour/standard/harbour-harbour-a4.pdf") == 0
    content = tmp_path / "content"
    layout = content / "harbour/layouts/standard/harbour-card.yaml"
    layout.write_text(layout.read_text(encoding="utf-8") + "corner_radius_mm: 4\n", encoding="utf-8")
    assert run(tmp_path, "build") == 0
    pdf = tmp_path / "build/harbour/standard/harbour-harbour-a4.pdf"
    assert curves(pdf) == 8 * 4  # a quarter circle at each corner of each card
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        assert not [r for r in page.rects if abs(r["width"] / MM - 60) < 0.1]  # no square cut line is left
        assert [ln for ln in page.lines if abs(ln["width"] / MM - 4) < 0.01]  # the crop marks stay straight


def test_a_corner_radius_past_half_the_card_is_a_finding(tmp_path, capsys):
    content = harbour(tmp_path)
    layout = content / "harbour/layouts/standard/harbour-card.yaml"
    layout.write_text(layout.read_text(encoding="utf-8") + "corner_radius_mm: 31\n", encoding="utf-8")
    assert run(tmp_path, "check") == 1
    assert errors(capsys) == [f"{layout}:1:1: error: layout 'harbour-card': corner_radius_mm must be at most half "
                              f"the card's shorter side (30 mm), got 31"]


@pytest.mark.parametrize("name", ["../../secret", "Harbour_Back"])
def test_a_back_layout_is_named_like_a_layout_file(tmp_path, capsys, name):
    content = harbour(tmp_path, game=WITH_BACK.replace("layout: harbour-back}", f"layout: '{name}'}}"))
    assert run(tmp_path, "check") == 1
    line = line_in(WITH_BACK, "back: {layout")
    assert errors(capsys) == [f"{content}/harbour/game.yaml:{line}:20: error: a back layout names a layout file, so "
                              f"it is lowercase letters, digits and hyphens, got '{name}'"]


def test_a_back_is_a_layout_and_nothing_else(tmp_path, capsys):
    content = harbour(tmp_path, game=WITH_BACK.replace("{layout: harbour-back}", "{pattern: dots, title: H}"))
    assert run(tmp_path, "check") == 1
    line = line_in(WITH_BACK, "back: {layout")
    at = f"{content}/harbour/game.yaml:{line}"
    assert errors(capsys) == [f"{at}:11: error: back of deck harbour is missing required key 'layout'",
                              f"{at}:12: error: unknown key 'pattern' in back of deck harbour (expected: layout)",
                              f"{at}:27: error: unknown key 'title' in back of deck harbour (expected: layout)"]


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_back_that_is_not_printed_is_checked_all_the_same(tmp_path, capsys, command):
    """A single-sided build prints no backs, but `check` and every build find what is wrong with them: a designer
    does not learn of a back's mistake from a host's duplex print."""
    content = harbour(tmp_path, game=WITH_BACK)
    style = "    style: {font: bold, size: 12}"
    faint = BACK.replace(style, "    colour: '#dddddd'\n" + style)
    (content / "harbour/layouts/standard/harbour-back.yaml").write_text(faint, encoding="utf-8")
    assert run(tmp_path, command) == 1
    found = errors(capsys)
    assert len(found) == 1 and "harbour-back.yaml" in found[0] and "element name: #dddddd on #ffffff" in found[0]
    assert not (tmp_path / "build").exists()


BELLS_ONLY = "\"{{ '#dddddd' if card.suit == 'Bells' else '#000000' }}\""


@pytest.mark.parametrize("key", ["colour", "background"])
def test_a_back_that_reads_its_card_is_checked_behind_every_card(tmp_path, capsys, key):
    """A single-sided build lays out a back that reads its card behind every card, for its findings: the faint
    name (or dark ground) the template gives the Bells only is found on the Bells, not on the first card."""
    content = harbour(tmp_path, game=WITH_BACK)
    style = "    style: {font: bold, size: 12}"
    back = BACK.replace('"B{{ card.suit }}{{ card.rank }}"', "Harbour")  # only the ink or the ground reads the card
    if key == "colour":
        back = back.replace(style, f"    colour: {BELLS_ONLY}\n" + style)
    else:
        back = back.replace("elements:", f"background: {BELLS_ONLY.replace('#000000', '#ffffff')}\nelements:")
        back = back.replace("#dddddd", "#333333")
    (content / "harbour/layouts/standard/harbour-back.yaml").write_text(back, encoding="utf-8")
    assert run(tmp_path, "check") == 1
    found = errors(capsys)
    assert len(found) == 1 and "harbour-back.yaml" in found[0] and "cards Bells 1, Bells 2 and Bells 3," in found[0]


def test_a_back_the_same_behind_every_card_is_checked_once(tmp_path, capsys):
    """A back that reads nothing of its card is the same face behind every card: a single-sided build lays it out
    once, behind the deck's first card, and its problem is said once, of that card."""
    content = harbour(tmp_path, game=WITH_BACK)
    style = "    style: {font: bold, size: 12}"
    faint = BACK.replace('"B{{ card.suit }}{{ card.rank }}"', "Harbour").replace(
        style, "    colour: '#dddddd'\n" + style)
    (content / "harbour/layouts/standard/harbour-back.yaml").write_text(faint, encoding="utf-8")
    assert run(tmp_path, "check") == 1
    found = errors(capsys)
    assert len(found) == 1 and "card Anchors 1, element name: #dddddd on #ffffff" in found[0]
    assert run(tmp_path, "build", "--duplex", "long-edge") == 1  # printed behind every card, found on each
    assert "cards Anchors 1, Anchors 2, Anchors 3 and 4 more, element name" in errors(capsys)[0]


def chained(content: Path, depth: int) -> Path:
    """harbour-back extends l1, l1 extends l2 … l<depth> extends harbour-card; returns harbour-back's file."""
    folder = content / "harbour/layouts/standard"
    for i in range(1, depth + 1):
        parent = f"l{i + 1}" if i < depth else "harbour-card"
        (folder / f"l{i}.yaml").write_text(f"kind: card\nextends: {parent}\n", encoding="utf-8")
    back = folder / "harbour-back.yaml"
    back.write_text(BACK.replace("extends: harbour-card", "extends: l1"), encoding="utf-8")
    return back


def test_a_long_extends_chain_is_a_finding_at_its_extends_line(tmp_path, capsys):
    """1,500 layouts, each extending the next, are a finding (not a RecursionError), said once, where the back
    layout the game names starts the chain."""
    back = chained(harbour(tmp_path, game=WITH_BACK), 1500)
    assert run(tmp_path, "check") == 1
    assert errors(capsys) == [f"{back}:2:1: error: layout 'harbour-back' extends a chain of more than 32 layouts "
                              f"('l1' … 'l33'): no layout needs so many, so one of them is a mistake"]


def test_an_extends_chain_of_32_layouts_is_read(tmp_path, capsys):
    chained(harbour(tmp_path, game=WITH_BACK), 31)  # harbour-back, l1 … l31: 32 extends down to harbour-card
    assert run(tmp_path, "check") == 0
    assert errors(capsys) == []


TWO_EDITIONS = WITH_BACK.replace("editions: [standard]", "editions: [standard, large-print]")
STANDARD_ONLY = TWO_EDITIONS.replace("layout: harbour-card}", "layout: harbour-card, editions: [standard]}")


def large_print(content: Path, layouts: dict[str, str]) -> None:
    folder = content / "harbour/layouts/large-print"
    folder.mkdir()
    for name, text in layouts.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")


@pytest.mark.parametrize("large", [{}, {"harbour-back": BACK}, {"harbour-card": "kind: card\n"}])
def test_a_decks_layouts_are_needed_only_where_a_component_prints_it(tmp_path, capsys, large):
    """The deck is printed in the standard edition only: large print needs neither its back nor its face, and
    asks nothing of them when they are there (a back extending a face it has not, a face in error)."""
    large_print(harbour(tmp_path, game=STANDARD_ONLY), large)
    assert run(tmp_path, "check") == 0
    assert errors(capsys) == []


def test_a_deck_printed_in_both_editions_needs_its_back_in_both(tmp_path, capsys):
    content = harbour(tmp_path, game=TWO_EDITIONS)
    large_print(content, {"harbour-card": FACE.replace("size: 12", "size: 18")})
    assert run(tmp_path, "check") == 1
    line = line_in(WITH_BACK, "back: {layout")
    assert errors(capsys) == [f"{content}/harbour/game.yaml:{line}:20: error: back layout 'harbour-back' is not "
                              f"found for the large-print edition; did you mean 'harbour-card'?"]
