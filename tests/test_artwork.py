"""Art files: drawn to scale inside their box; only from the game's own folder; never decoded when too large."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pdfplumber
import pytest
from conftest import FIXTURES, LAYOUTS, MM, edit, line_of
from PIL import Image, ImageFile
from test_bounded_art import png_header

from deckpress import paths
from deckpress.cli import main
from deckpress.paths import OWN_PART_NAMES

EXTRA = FIXTURES / "extra"
TILE_LAYOUT = "content/picnic-pairs/layouts/standard/picnic-tile.yaml"
ART = Path("content/picnic-pairs/art/basket.png")


@pytest.fixture
def picnic(tmp_path, monkeypatch):
    """The extra game, its own layouts with it, copied so a test can point an image elsewhere."""
    shutil.copytree(EXTRA / "content", tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    return ["--layouts", str(LAYOUTS)]


def errors(capsys) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]


def image_line() -> str:
    """Where the basket's `image:` value is written: what names the file is what to change (not `- name: basket`)."""
    return f"{TILE_LAYOUT}:{line_of(Path(TILE_LAYOUT), '    image: ')}:12"


def test_an_image_is_drawn_as_large_as_fits_its_box_centred(picnic):
    assert main(["build", "--paper", "a4", *picnic]) == 0
    with pdfplumber.open("build/picnic-pairs/standard/picnic-pairs-tiles-a4.pdf") as doc:
        page = doc.pages[0]
        cells = sorted((round(r["x0"], 2), round(r["top"], 2)) for r in page.rects
                       if abs(r["width"] - 50 * MM) < 0.01 and abs(r["height"] - 50 * MM) < 0.01)
        images = sorted((round(i["x0"], 2), round(i["top"], 2), i["width"], i["height"]) for i in page.images)
    # the basket is 96 x 64 px in a 16 x 9 mm box: the height limits it to 13.5 x 9 mm
    assert len(images) == len(cells) == 12
    for (cx, ctop), (x, top, w, h) in zip(cells, images, strict=True):
        assert w == pytest.approx(13.5 * MM, abs=0.01) and h == pytest.approx(9 * MM, abs=0.01)
        assert x - cx == pytest.approx((17 + 1.25) * MM, abs=0.02)
        assert top - ctop == pytest.approx(2 * MM, abs=0.02)


@pytest.mark.parametrize("name", ["../../outside.png", "/etc/hosts", "art/../../picnic-pairs/../x.png"])
def test_an_image_outside_the_game_folder_is_refused(picnic, capsys, name):
    Path("content/outside.png").write_bytes(ART.read_bytes())
    edit(Path(TILE_LAYOUT), "image: art/basket.png", f"image: {name}")
    assert main(["build", *picnic]) == 1
    assert errors(capsys) == [f"{image_line()}: error: picnic-pairs tiles, card 1 (Apple 1), basket: "
                              f"image '{name}' must be a file inside content/picnic-pairs"]
    assert not Path("build").exists()


def test_a_symlink_that_leads_out_of_the_game_folder_is_refused(picnic, capsys):
    Path("content/outside.png").write_bytes(ART.read_bytes())
    ART.unlink()
    os.symlink(Path("content/outside.png").resolve(), ART)
    assert main(["check", *picnic]) == 1
    assert errors(capsys)[0].endswith("image 'art/basket.png' must be a file inside content/picnic-pairs")


def test_an_image_over_the_pixel_limit_is_refused_before_it_is_decoded(picnic, capsys, monkeypatch):
    Image.new("1", (10_000, 10_000)).save(ART)  # 100 million pixels, a few kilobytes of PNG

    def decode(self):  # any decoding of the bomb fails the test
        raise AssertionError("the image was decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", decode)
    assert main(["check", *picnic]) == 1
    assert errors(capsys) == [f"{image_line()}: error: picnic-pairs tiles, card 1 (Apple 1), basket: image "
                              f"'art/basket.png' is 10000 x 10000 pixels, more than 89,478,485 allowed: "
                              f"save it at the size it prints, at 300-600 dpi"]
    Image.new("1", (20_000, 10_000)).save(ART)  # past twice the limit Pillow itself refuses to read on
    assert main(["check", *picnic]) == 1
    assert errors(capsys)[0].endswith("image 'art/basket.png' has far more than the 89,478,485 pixels allowed")


# as drawn: RGBA, 16 bits or 8, 4 bytes a pixel and its alpha apart; RGB held as RGBX; a palette made RGB
@pytest.mark.parametrize(("depth", "colour", "drawn"), [(16, 6, 5), (8, 2, 4), (8, 3, 4)])
def test_an_image_too_large_to_decode_is_refused_from_its_header_with_what_to_do(picnic, capsys, monkeypatch, depth,
                                                                                  colour, drawn):
    ART.write_bytes(png_header(9400, 9400, depth, colour))  # 88.4 M pixels: under Pillow's limit, 337 MB or more

    def decode(self):
        raise AssertionError("the image was decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", decode)
    start = time.process_time()
    assert main(["check", *picnic]) == 1
    assert time.process_time() - start < 5
    assert errors(capsys) == [f"{image_line()}: error: picnic-pairs tiles, card 1 (Apple 1), basket: image "
                              f"'art/basket.png' is 9400 x 9400 pixels of {drawn} bytes "
                              f"({9400 * 9400 * drawn // 2**20} MB decoded), more than the 256 MB allowed (67,108,864 "
                              f"pixels of 4 bytes): save it at the size it prints, at 300-600 dpi"]


@pytest.mark.parametrize(("damage", "says"), [
    (lambda data: b"not an image at all", "is not a PNG or JPEG file"),
    (lambda data: data[:len(data) // 2], "is damaged"),
    (None, "no image 'art/basket.png' in content/picnic-pairs"),
])
def test_a_missing_or_damaged_image_is_a_finding(picnic, capsys, damage, says):
    if damage is None:
        ART.unlink()
    else:
        ART.write_bytes(damage(ART.read_bytes()))
    assert main(["check", *picnic]) == 1
    found = errors(capsys)
    assert len(found) == 1 and says in found[0] and found[0].startswith(image_line())


def test_a_misspelt_image_suggests_the_file_meant(picnic, capsys):
    edit(Path(TILE_LAYOUT), "image: art/basket.png", "image: art/baskets.png")
    assert main(["check", *picnic]) == 1
    found = errors(capsys)
    assert len(found) == 1 and found[0].startswith(image_line())
    assert found[0].endswith("no image 'art/baskets.png' in content/picnic-pairs; did you mean 'art/basket.png'?")


def test_many_missing_images_walk_the_game_folder_once_and_suggest_twenty(picnic, capsys, monkeypatch):
    """A template naming `.jpg` for 2,400 `.png` files walked the game's folder for each missing name (minutes):
    now the folder is listed once, and past twenty misses none is suggested (each still said)."""
    game, foods = Path("content/picnic-pairs"), [f"Food{i}" for i in range(150)]
    for food in foods:
        for copy in (1, 2):
            shutil.copyfile(ART, game / f"art/{food.lower()}-{copy}.png")
    edit(game / "game.yaml", "[Apple, Bread, Cheese, Grapes, Lemonade, Pie]", json.dumps(foods))
    (game / "tiles.yaml").write_text(json.dumps({"cards": [{"food": f, "copy": c, "hint": "-"}
                                                           for f in foods for c in (1, 2)]}), encoding="utf-8")
    edit(Path(TILE_LAYOUT), "image: art/basket.png", "image: 'art/{{ card.food | lower }}-{{ card[\"copy\"] }}.png'")
    walks: list[Path] = []
    files = paths._files
    monkeypatch.setattr(paths, "_files", lambda root: walks.append(Path(root).resolve()) or files(root))
    assert main(["check", *picnic]) == 0, errors(capsys)
    found_all = walks.count(game.resolve())  # the check's own (its fingerprint)
    edit(Path(TILE_LAYOUT), "}}.png'", "}}.jpg'")
    walks.clear()
    assert main(["check", *picnic]) == 1
    found = errors(capsys)
    assert len([e for e in found if "no image 'art/" in e]) == 300, found[:3]
    assert len([e for e in found if "; did you mean 'art/" in e]) == 20, found[:2]
    assert "no image 'art/food0-1.jpg' in content/picnic-pairs; did you mean 'art/food0-1.png'" in found[0]
    assert walks.count(game.resolve()) <= found_all + 1, walks


def test_text_cannot_include_files(picnic, capsys):
    edit(Path("content/picnic-pairs/rules.yaml"), "Two tiles a turn.", "Two tiles a turn. {% include 'game.yaml' %}")
    assert main(["check", *picnic]) == 1
    assert any("text cannot include 'game.yaml': templates may not read files" in e for e in errors(capsys))


def test_a_component_id_cannot_lead_out_of_the_out_folder(picnic, capsys):
    edit(Path("content/picnic-pairs/game.yaml"), "id: tiles", "id: ../../../escaped")
    assert main(["build", *picnic]) == 1
    game = Path("content/picnic-pairs/game.yaml")
    line = line_of(game, "escaped")
    col = game.read_text(encoding="utf-8").splitlines()[line - 1].index("../") + 1
    assert errors(capsys) == [f"{game}:{line}:{col}: error: a component id names its files, so it is lowercase "
                              "letters, digits and hyphens, at most 64 characters, and not a part the press makes "
                              f"itself ({', '.join(sorted(OWN_PART_NAMES))}); got '../../../escaped'"]
    assert not Path("build").exists()


@pytest.mark.parametrize("cid", ["kit", "host-kit", "tactile-labels", "x" * 65])
def test_a_component_id_the_press_uses_or_too_long_for_a_file_name_is_a_finding(picnic, capsys, cid):
    edit(Path("content/picnic-pairs/game.yaml"), "id: tiles", f"id: {cid}")
    assert main(["check", *picnic]) == 1
    assert any("a component id names its files" in e and cid[:40] in e for e in errors(capsys))


def test_every_part_the_press_makes_is_a_name_no_component_takes():
    from deckpress.layout.cover import BLANK, COVER
    from deckpress.publish.kits import PRINT_CHECK
    from deckpress.publish.outputs import OWN_PARTS

    assert OWN_PARTS | {PRINT_CHECK} <= OWN_PART_NAMES and ":" in BLANK + COVER


def test_an_image_name_the_file_system_cannot_take_is_a_finding(picnic, capsys):
    os.symlink("loop.png", "content/picnic-pairs/art/loop.png")  # a link to itself
    edit(Path(TILE_LAYOUT), "image: art/basket.png", "image: art/loop.png")
    assert main(["check", *picnic]) == 1
    assert errors(capsys)[0].endswith("image 'art/loop.png' cannot be read")


def test_two_identical_pdfs_share_a_thumbnail_and_the_build_commits(picnic, capsys):
    game = Path("content/picnic-pairs/game.yaml")
    text = game.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if "kind: sheet" in x)
    game.write_text(text.replace(line, line + "\n" + line.replace("id: ", "id: spare-"), 1), encoding="utf-8")
    assert main(["build", "--paper", "a4", *picnic]) == 0, capsys.readouterr().err
    manifest = json.loads(Path("build/manifest.json").read_text(encoding="utf-8"))["outputs"]
    pads = [e for e in manifest if e["component"] in ("score-pad", "spare-score-pad")]
    assert len(pads) == 2 and pads[0]["sha256"] == pads[1]["sha256"]  # the same bytes under two names
    assert (Path("build") / f"thumbnails/{pads[0]['sha256'][:20]}.png").is_file()


def test_each_art_file_is_checked_once_a_game_whatever_the_editions_and_papers(picnic, monkeypatch):
    from deckpress.load.art import Artwork

    checked: list[str] = []
    check = Artwork._check
    monkeypatch.setattr(Artwork, "_check", lambda self, name: checked.append(name) or check(self, name))
    assert main(["build", "--jobs", "1", *picnic]) == 0
    assert checked == ["art/basket.png"]  # decoded once, not once a component, edition and paper
