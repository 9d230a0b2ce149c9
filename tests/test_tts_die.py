"""Stone Market's die in Tabletop Simulator: its faces on TTS's own d6 template (no cut or fold line of the printed
net), and rotation values that name each face, so that a roll reports "Amber" or "Choice"."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema
import pytest
from conftest import CONTENT, LAYOUTS, ROOT
from PIL import Image, ImageChops

from deckpress.cli import main
from deckpress.export import dice

SCHEMA = ROOT / "src" / "deckpress" / "export" / "tts.schema.json"
FACES = ["Amber", "Jade", "Onyx", "Pearl", "Ruby", "Choice"]  # the die's source data: die_faces, in deck order
# TTS's d6 template as the Knowledge Base pictures it (custom-dice/ps1.png): number -> column, row, upside down
TEMPLATE = {2: (0, 1, False), 4: (1, 1, False), 5: (2, 1, False), 1: (0, 2, True), 3: (1, 2, False), 6: (2, 2, True)}
UP = {(-90, 0, 0): 1, (0, 0, 0): 2, (0, 0, -90): 3, (0, 0, 90): 4, (0, 0, -180): 5, (90, 0, 0): 6}  # rotation -> number


def export(out: Path, content: Path = CONTENT) -> int:
    return main(["export", "stone-market", "--to", "tts", "--content", str(content), "--layouts", str(LAYOUTS),
                 "--out", str(out)])


@pytest.fixture(scope="module")
def rolled(tmp_path_factory) -> tuple[dict, Image.Image, list[Image.Image], int]:
    """The saved die, its image read back, and the faces as cut from the net's PDF (the template's input)."""
    made: list[tuple[list[Image.Image], int]] = []
    template = dice.template

    def kept(faces: list[Image.Image], numbers: list[int], inset: int) -> Image.Image:
        made.append(([f.copy() for f in faces], inset))
        return template(faces, numbers, inset)

    out = tmp_path_factory.mktemp("die")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dice, "template", kept)
        assert export(out) == 0
    data = json.loads((out / "stone-market" / "export" / "tts" / "stone-market.json").read_text("utf-8"))
    jsonschema.validate(data, json.loads(SCHEMA.read_text("utf-8")), cls=jsonschema.Draft202012Validator)
    (die,) = [o for o in data["ObjectStates"] if o["Name"] == "Custom_Dice"]
    with Image.open(unquote(urlparse(die["CustomImage"]["ImageURL"]).path)) as image:
        (faces, inset), = made
        return die, image.convert("RGB"), faces, inset


def test_a_roll_reports_the_name_of_the_face_that_lies_up(rolled):
    die = rolled[0]
    assert die["CustomImage"]["CustomDice"]["Type"] == 1 and die["Nickname"] == "Die"  # not "Die net"
    values = {v["Value"]: UP[tuple(round(a) for a in v["Rotation"].values())] for v in die["RotationValues"]}
    assert sorted(values) == sorted(FACES)  # each value names a face, each face once
    assert sorted(values.values()) == [1, 2, 3, 4, 5, 6]
    # the faces opposite on the folded paper die (Amber and Choice, Jade and Pearl, Onyx and Ruby) are opposite on
    # the table's: their numbers add up to 7
    assert {values[a] + values[b] for a, b in (("Amber", "Choice"), ("Jade", "Pearl"), ("Onyx", "Ruby"))} == {7}


def test_the_image_is_the_template_each_cell_the_face_its_value_names_and_no_net_line(rolled):
    die, image, faces, inset = rolled
    w, h = faces[0].size
    assert image.size == (3 * w, 3 * h)  # the template's 3 x 3 cells, not the net's 4 x 3
    assert image.crop((0, 0, 3 * w, h)).getextrema() == ((255, 255),) * 3  # its top row unused
    for value in die["RotationValues"]:
        number = UP[tuple(round(a) for a in value["Rotation"].values())]
        column, row, turned = TEMPLATE[number]
        cell = image.crop((column * w, row * h, (column + 1) * w, (row + 1) * h)).rotate(180 if turned else 0)
        face = faces[FACES.index(value["Value"])].convert("RGB")
        inner = (inset, inset, w - inset, h - inset)
        assert ImageChops.difference(cell.crop(inner), face.crop(inner)).getbbox() is None, value["Value"]
        ground = face.getpixel((inset, inset))
        border = [cell.getpixel((x, y)) for x in range(w) for y in (*range(inset), *range(h - inset, h))]
        assert set(border) == {ground}, value["Value"]  # no cut or fold line left round the face
    assert ImageChops.difference(faces[0].convert("L").crop((0, 0, w, inset)),
                                 Image.new("L", (w, inset), 255)).getbbox() is not None  # the net's line was there


@pytest.mark.parametrize(("net", "opposite"), [
    ([(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)], [(0, 5), (1, 3), (2, 4)]),  # Stone Market's cross
    ([(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2)], [(0, 3), (1, 4), (2, 5)]),  # a staircase
    ([(0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (4, 1)], [(0, 2), (1, 4), (3, 5)]),  # three and three
])
def test_a_net_folds_into_a_cube_and_opposite_faces_take_numbers_adding_up_to_7(net, opposite):
    sides = dice.folded(net)
    assert sides is not None and len(set(sides)) == 6
    assert {tuple(sorted((i, sides.index(dice.OPPOSITE[s])))) for i, s in enumerate(sides)} == set(opposite)
    numbers = dice.numbered(sides)
    assert sorted(numbers) == [1, 2, 3, 4, 5, 6] and numbers[0] == 1
    assert all(numbers[a] + numbers[b] == 7 for a, b in opposite)


@pytest.mark.parametrize("net", [[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],  # a strip: faces overlap
                                 [(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (3, 1)]])  # a square of four
def test_a_net_that_does_not_fold_into_a_cube_is_refused(net):
    assert dice.folded(net) is None


def test_a_die_whose_net_does_not_fold_is_an_error_where_its_layout_is_written(tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "stone-market", content / "stone-market")
    own = content / "stone-market" / "layouts" / "standard" / "die-net.yaml"
    text = (LAYOUTS / "standard" / "die-net.yaml").read_text("utf-8")
    own.write_text(text.replace("grid: [4, 3]", "grid: [6, 1]").replace(
        "positions: [[1, 0], [0, 1], [1, 1], [2, 1], [3, 1], [1, 2]]",
        "positions: [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]").replace("tabs: [", "tabs: [] #"),
        encoding="utf-8")
    assert export(tmp_path / "build", content) == 1
    err = capsys.readouterr().err
    assert f"{own}:" in err and "is a die (die: d6), but its layout's net" in err and "does not fold into a cube" in err
    assert not (tmp_path / "build" / "stone-market").exists()  # nothing written


def test_a_face_printed_twice_is_two_faces_of_the_die(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "stone-market", content / "stone-market")
    game = content / "stone-market" / "game.yaml"
    text = game.read_text("utf-8")
    game.write_text(text.replace("    from: die_faces\n", "    file: die.yaml\n").replace(
        "die_faces | length == 6 and ", ""), encoding="utf-8")
    (content / "stone-market" / "die.yaml").write_text(
        "cards:\n  - {face: Amber, copies: 2}\n  - {face: Jade}\n  - {face: Onyx}\n  - {face: Pearl}\n"
        "  - {face: Ruby}\n", encoding="utf-8")
    assert export(tmp_path / "build", content) == 0
    data = json.loads((tmp_path / "build" / "stone-market" / "export" / "tts" / "stone-market.json").read_text("utf-8"))
    (die,) = [o for o in data["ObjectStates"] if o["Name"] == "Custom_Dice"]
    assert sorted(v["Value"] for v in die["RotationValues"]) == ["Amber", "Amber", "Jade", "Onyx", "Pearl", "Ruby"]
