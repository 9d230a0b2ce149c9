"""Layouts that compute: an element repeated (a mini-grid from a card's field, a score track, tick boxes) and an
element shown on some cards only (`when`), read back from the drawn ops, the text edition and the findings."""

from __future__ import annotations

import dataclasses
import math
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, LAYOUTS, MM, edit, line_of
from reportlab.pdfbase.pdfmetrics import stringWidth

from deckpress.check.backs import backs_differ
from deckpress.cli import main
from deckpress.findings import Findings
from deckpress.layout.page import Icon, Rect, Text
from deckpress.layout.plan import lay_out_component
from deckpress.layout.readings import read_deck
from deckpress.load import load_edition, load_game
from deckpress.publish import phrases
from deckpress.templating import Templates

ATLAS = FIXTURES / "repeat23" / "content" / "hollow-atlas"
EXPLORE = ATLAS / "layouts" / "standard" / "explore-card.yaml"
TOL = 0.01 * MM  # 0.01 mm, in points


def load(folder: Path = ATLAS):
    findings, templates = Findings(), Templates()
    game = load_game(folder, f"content/{folder.name}", findings, templates)
    names = {c.layout for c in game.components}
    edition = load_edition([folder / "layouts", LAYOUTS], "standard", names, findings)
    assert list(findings) == []
    return game, edition, templates


@pytest.fixture(scope="module")
def atlas():
    return load()


def laid_out(press, component_id: str):
    game, edition, templates = press
    findings = Findings()
    component = next(c for c in game.components if c.id == component_id)
    doc = lay_out_component(game, component, edition, "a4", templates, findings)
    assert list(findings) == []
    return doc


def drawn(page) -> dict[str, list]:
    """The ops of a page by what drew them (`card 1 (Great River), shape`)."""
    starts = [start for start, *_ in page.sources]
    out: dict[str, list] = {}
    for start, end in zip(starts, [*starts[1:], len(page.ops)], strict=True):
        source = page.source(start)  # its words, as a finding says them
        out.setdefault(source[1] if source else "", []).extend(page.ops[start:end])
    return out


def top_left(rect: Rect, paper_height: float) -> tuple[float, float]:
    """A rect's top-left corner in mm from the page's top-left."""
    return rect.x / MM, paper_height - (rect.y + rect.h) / MM


def flat(pairs) -> list[float]:
    return [v for pair in pairs for v in pair]


def test_the_explore_card_is_one_short_layout_file():
    text = EXPLORE.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 40
    assert text.count("repeat:") == 3 and text.count("when:") == 3


def test_the_mini_grid_fills_the_cells_the_card_field_names(atlas):
    page = laid_out(atlas, "explore").pages[0]
    ops, height = drawn(page), page.height / MM
    shapes = {"Great River": [(0, 0), (0, 1), (1, 1)], "Old Orchard": [(0, 0), (1, 0), (2, 0), (3, 0)],
              "Thicket": [(1, 1), (2, 1), (1, 2), (2, 2), (3, 3)]}
    for n, (name, cells) in enumerate(shapes.items(), 1):
        grid = ops[f"card {n} ({name}), grid"]
        assert len(grid) == 16 and all(isinstance(r, Rect) and r.fill is None for r in grid)
        x0, y0 = top_left(grid[0], height)  # the grid's top-left: 11.5, 34 mm on the card
        corners = sorted(top_left(r, height) for r in grid)
        assert flat(corners) == pytest.approx(flat(sorted((x0 + 10 * c, y0 + 10 * r) for c in range(4)
                                                          for r in range(4))), abs=0.01)
        filled = ops[f"card {n} ({name}), shape"]
        assert flat(top_left(r, height) for r in filled) == pytest.approx(
            flat((x0 + 10 * c + 1, y0 + 10 * r + 1) for c, r in cells), abs=0.01)
        assert all(abs(r.w - 8 * MM) < TOL and abs(r.h - 8 * MM) < TOL and r.fill is not None for r in filled)
    hourglasses = [len([op for op in ops.get(f"card {n} ({name}), time", []) if isinstance(op, Icon)])
                   for n, name in enumerate(shapes, 1)]
    assert hourglasses == [1, 2, 0]


def test_an_element_whose_when_is_false_is_not_drawn(atlas):
    page = laid_out(atlas, "explore").pages[0]
    ops = drawn(page)
    assert "card 4 (Temple Ruins), grid" not in ops and "card 4 (Temple Ruins), shape" not in ops
    assert [op.text for op in ops["card 4 (Temple Ruins), ruin"] if isinstance(op, Text)] == [
        "Ruin: turn over another card"]
    assert not [what for what in ops if what.endswith(", ruin") and "Temple" not in what]


def test_the_score_track_runs_round_the_board_edge(atlas):
    page = laid_out(atlas, "board").pages[0]
    ops, height = drawn(page), page.height / MM
    ticks = ops["card 1 (The Valley), rounds"]
    assert [round(r.x / MM - ticks[0].x / MM, 2) for r in ticks] == [7 * i for i in range(10)]
    card_x, card_y = (a - b for a, b in zip(top_left(ticks[0], height), (56, 100), strict=True))
    numbers = [op for op in ops["card 1 (The Valley), track"] if isinstance(op, Text)]
    assert [t.text for t in numbers] == [str(i) for i in range(61)]
    step = 2 * (168 + 110) / 61
    for i, t in enumerate(numbers):  # each centred on its point, clockwise from the top-left corner
        s = i * step
        x = 6 + (s if s <= 168 else 168 if s <= 278 else 168 - (s - 278) if s <= 446 else 0)
        centre = (t.x + stringWidth(t.text, t.font, t.size) / 2) / MM
        assert centre == pytest.approx(card_x + x, abs=0.01), t.text
    top = [t for t, i in zip(numbers, range(61), strict=True) if i * step <= 168]
    assert {round(t.y, 2) for t in top} == {round(top[0].y, 2)}
    right = [t for t, i in zip(numbers, range(61), strict=True) if 168 < i * step <= 278]
    assert [(a.y - b.y) / MM for a, b in zip(right, right[1:], strict=False)] == pytest.approx(
        [step] * (len(right) - 1), abs=0.01)
    seasons = [op for op in ops["card 1 (The Valley), seasons"] if isinstance(op, Text)]
    centres = [(t.x + stringWidth(t.text, t.font, t.size) / 2) / MM - card_x for t in seasons]
    assert centres == pytest.approx([70 + 20 + 13 * math.sin(a * math.pi / 2) for a in range(4)], abs=0.01)
    assert card_y > 0


def test_the_text_edition_reads_repetitions_counted_and_hidden_elements_not(atlas):
    game, edition, templates = atlas
    say = phrases(game.language)
    read = {c.id: read_deck(game, c, edition, templates, say) for c in game.components if c.kind == "cards"}
    fronts = [[line for part in card.front for line in part.lines] for card in read["explore"].cards]
    assert fronts == [["Great River (water)", "hourglass", "a shape of 3 cells"],
                      ["Old Orchard (farm)", "2 × hourglass", "a shape of 4 cells"],
                      ["Thicket (forest)", "a shape of 5 cells"],
                      ["Temple Ruins (forest)", "Ruin: turn over another card"]]
    board = [line for part in read["board"].cards[0].front for line in part.lines]
    assert board == ["The Valley", "0 to 60", "Spring, Summer, Autumn, Winter"]


@pytest.fixture
def atlas_copy(tmp_path, monkeypatch):
    shutil.copytree(ATLAS.parent, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    return Path("content/hollow-atlas")


@pytest.mark.parametrize("count", [10, 1000, 2000])
def test_a_repeat_costs_its_repetitions_and_its_templates_compile_once(atlas_copy, count):
    layout = atlas_copy / "layouts/standard/map-board.yaml"
    edit(layout, "count: 10\n    step_mm: [7, 0]\n    box_mm: [56, 100, 68, 5]",
         f"count: {count}\n    columns: 100\n    step_mm: [0.5, 0.5]\n    box_mm: [20, 62, 50, 10]")
    edit(layout, "{name: tick, shape: rect, stroke: black, box_mm: [0, 0, 5, 5]}",
         "{name: tick, shape: rect, stroke: \"{{ 'black' }}\", box_mm: [0, 0, 0.4, 0.4]}")
    press = load(atlas_copy)
    page = laid_out(press, "board").pages[0]
    assert len(drawn(page)["card 1 (The Valley), rounds"]) == count
    sources = set(press[2].compiled)
    assert "{{ 'black' }}" in sources and len(sources) <= 12  # one for each template, however many repetitions


def check(*args: str) -> list[str]:
    return [line for line in run("check", *args) if ": error: " in line]


def run(*args: str) -> list[str]:
    import io
    from contextlib import redirect_stderr

    err = io.StringIO()
    with redirect_stderr(err):
        main([*args, "--layouts", str(LAYOUTS)])
    return err.getvalue().splitlines()


def test_a_repeat_written_wrong_is_a_finding_where_it_was_written(atlas_copy):
    board, explore = atlas_copy / "layouts/standard/map-board.yaml", atlas_copy / "layouts/standard/explore-card.yaml"
    edit(board, "count: 61", "count: -1")
    edit(board, "count: 10\n    step_mm: [7, 0]", "count: 10\n    step_mm: [8, 0]")
    edit(explore, "    step_mm: [7, 0]\n", "    step_mm: [0, 0]\n")
    edit(explore, "when: \"{{ card.kind == 'ruin' }}\"", "when: maybe")
    edit(explore, "  - name: shape\n    repeat: {name: filled, shape: rect, fill: \"{{ card.terrain }}\", "
                  "box_mm: [1, 1, 8, 8]}\n", "  - name: shape\n")
    edit(explore, "repeat: {name: cell, shape: rect, stroke: black, box_mm: [0, 0, 10, 10]}", "repeat: 4")
    errors = check()
    b, e = str(board), str(explore)
    assert f"{b}:{line_of(board, 'count: -1')}:12: error: count must be a whole number from 0 to 10,000 or a " \
           f"template giving one, got -1" in errors
    assert f"{b}:{line_of(board, 'step_mm: [8, 0]')}:14: error: element rounds: repetition 9 (row 1, column 9) " \
           f"reaches from 64, 0 to 69, 5 mm in its 68 x 5 mm box, past its edge: make step_mm or count smaller, " \
           f"or the box larger" in errors
    assert f"{e}:{line_of(explore, 'step_mm: [0, 0]')}:14: error: element time: step_mm [0, 0] lays every " \
           f"repetition on the first" in errors
    assert f"{e}:{line_of(explore, 'when: maybe')}:11: error: when must be true, false or a template giving one " \
           f"(e.g. \"{{{{ card.kind == 'ruin' }}}}\"), got 'maybe'" in errors
    assert f"{e}:{line_of(explore, '- name: shape')}:5: error: element shape has 'over', 'step_mm' and 'cell', " \
           f"keys of a repeat element, but no 'repeat': the element repeated (any kind, a repeat too), its " \
           f"`box_mm` from each repetition's place" in errors
    assert f"{e}:{line_of(explore, 'repeat: 4')}:13: error: element grid: 'repeat' holds an element (a mapping " \
           f"with its name, its box_mm and the keys of its kind), got 4" in errors


def value_at(path: Path, written: str) -> str:
    """`path:line:col` of the value of the key `written` (`count: "{{ card.name }}"`), where a finding about it is
    said: the line to change, not the element's `- name:` line."""
    line = line_of(path, written)
    return f"{path}:{line}:{path.read_text(encoding='utf-8').splitlines()[line - 1].index(': ') + 3}"


def test_a_repeat_that_gives_no_number_list_or_truth_on_a_card_is_a_finding_naming_it(atlas_copy):
    explore = atlas_copy / "layouts/standard/explore-card.yaml"
    edit(explore, 'count: "{{ card.time }}"', 'count: "{{ card.name }}"')
    edit(explore, "when: \"{{ card.kind == 'ruin' }}\"", 'when: "{{ card.time }}"')
    edit(explore, 'over: "{{ card.shape }}"', 'over: "{{ card.terrain }}"')
    lines = run("check")
    errors = [line for line in lines if ": error: " in line]
    keys = {"time": 'count: "{{ card.name }}"', "shape": 'over: "{{ card.terrain }}"',
            "ruin": 'when: "{{ card.time }}"'}
    at = {n: f"{value_at(explore, written)}: error: element {n}: " for n, written in keys.items()}
    # one mistake, one finding: each card gives its own value, the first card's said (each was a finding of its own),
    # at the key that gives it (each was said at the element's first line, whichever key it was)
    said = {n: [e for e in errors if e.startswith(at[n])] for n in at}
    assert all(len(found) == 1 for found in said.values()), said
    assert said["time"][0].startswith(f"{at['time']}count must give a whole number from 0 to 10,000, got 'Great River' "
                                      f"on card Great River (cards Great River, ")
    assert said["shape"][0].startswith(f"{at['shape']}over must give a list of at most 10,000 items, got 'water' "
                                       "on card ")
    assert said["ruin"][0].startswith(f"{at['ruin']}when must give true or false, got '")


def test_a_repeats_cell_that_gives_no_cell_or_fails_is_said_at_its_value(atlas_copy):
    explore = atlas_copy / "layouts/standard/explore-card.yaml"
    edit(explore, 'cell: "{{ item }}"', 'cell: "{{ item[0] }}"')
    errors = check()
    assert [e for e in errors if "element shape:" in e] == [
        f"{value_at(explore, 'cell: ')}: error: element shape: cell must give [column, row], two whole numbers from "
        f"0, got 0 on card Great River (cards Great River, Old Orchard and Thicket)"]
    edit(explore, 'cell: "{{ item[0] }}"', 'cell: "{{ item / 0 }}"')
    assert check() == [f"{value_at(explore, 'cell: ')}: error: element shape: '/' cannot take a list and a number "
                       f"(cards Great River, Old Orchard and Thicket)"]  # named, as its other findings are


def test_a_repeat_of_repeats_and_the_names_its_templates_read(atlas_copy):
    board = atlas_copy / "layouts/standard/map-board.yaml"
    edit(board, "    repeat: {name: tick, shape: rect, stroke: black, box_mm: [0, 0, 5, 5]}\n    count: 10\n"
                "    step_mm: [7, 0]\n    box_mm: [56, 100, 68, 5]",
         "    repeat:\n      name: row of ticks\n      repeat: {name: tick, text: \"{{ row }}/{{ column }}/{{ index }}/"
         "{{ item }}\", box_mm: [0, 0, 10, 4], style: {font: regular, size: 6}}\n      over: \"{{ ['a', 'b', 'c', "
         "'d'] }}\"\n      columns: 2\n      step_mm: [11, 5]\n      box_mm: [0, 0, 21, 9]\n    count: 2\n"
         "    step_mm: [22, 0]\n    box_mm: [56, 96, 43, 9]\n    when: true")
    page = laid_out(load(atlas_copy), "board").pages[0]
    texts = [op for op in drawn(page)["card 1 (The Valley), rounds"] if isinstance(op, Text)]
    assert [t.text for t in texts] == ["0/0/0/a", "0/1/1/b", "1/0/2/c", "1/1/3/d"] * 2
    left = [round((t.x - texts[0].x) / MM, 2) for t in texts]
    down = [round((texts[0].y - t.y) / MM, 2) for t in texts]
    assert left == [0, 11, 0, 11, 22, 33, 22, 33] and down == [0, 0, 5, 5] * 2


def test_a_back_whose_elements_show_on_some_cards_differs_card_to_card(atlas):
    game, edition, templates = atlas
    layout = edition.layouts["explore-card"]
    grid = next(e for e in layout.elements if e.name == "grid")
    assert backs_differ(game.decks["explore"], dataclasses.replace(layout, elements=[grid]), templates)
    assert not backs_differ(game.decks["explore"], dataclasses.replace(layout, elements=[
        dataclasses.replace(grid, when=None)]), templates)


def test_each_repetition_of_an_icon_reads_its_own_item(atlas_copy):
    """A repetition reads the card through its own item: what one repetition's icon said is not the next one's."""
    edit(atlas_copy / "layouts/standard/explore-card.yaml", "  - name: grid\n",
         "  - name: marks\n    repeat: {name: mark, icon: \"{{ item }}\", box_mm: [0, 0, 6, 6]}\n"
         "    over: \"{{ ['water', 'hourglass', 'hourglass'] }}\"\n    step_mm: [7, 0]\n    box_mm: [38, 28, 21, 6]\n"
         "  - name: grid\n")
    game, edition, templates = load(atlas_copy)
    explore = next(c for c in game.components if c.id == "explore")
    read = read_deck(game, explore, edition, templates, phrases(game.language))
    assert [[line for part in card.front for line in part.lines][-2] for card in read.cards[:3]] == [
        "water, hourglass, hourglass"] * 3


def test_a_repetition_along_a_path_past_its_box_is_said_by_its_place_on_the_path(atlas_copy):
    """The track's rectangle past its box: its finding spoke of rows, columns and step_mm, which a repeat along a
    path has none of (a designer's)."""
    board = atlas_copy / "layouts/standard/map-board.yaml"
    edit(board, "along: {rectangle: [6, 5, 168, 110]}", "along: {rectangle: [6, 5, 178, 110]}")
    errors = [line for line in run("check") if ": error: " in line and "element track:" in line]
    assert errors and "along its path reaches from" in errors[0], errors
    assert "make the path (`along`) smaller, or the box larger" in errors[0] and "step_mm" not in errors[0]
