"""`deckpress export --to ttp`: the Tabletop Playground package, read back as the format's own schema and the
editor's real packages describe it: the templates, the sheets and their grids, the counts, the tokens, and what
stays out of a package every player installs."""

from __future__ import annotations

import io
import json
import re
import shutil
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import jsonschema
import pytest
from conftest import CONTENT, ROOT, shared
from PIL import Image, ImageChops
from test_export import FIXTURE, export, exporting, px
from test_publications import files, secret_values, texts

from deckpress.export import sprites, ttp, tts
from deckpress.export.cutting import Cut, first_backs
from deckpress.export.tts import Deck
from deckpress.findings import Loc
from deckpress.model import Card

SCHEMA = ROOT / "src" / "deckpress" / "export" / "ttp.schema.json"
GAME = "ferry-tickets"
SECRET = "open-secret-exchange"
STONES = "stone-market"


@pytest.fixture(scope="module")
def ferry(tmp_path_factory) -> Path:
    """Ferry Tickets exported for Tabletop Playground and for Tabletop Simulator, once per test run: read-only."""
    return shared(tmp_path_factory, exporting(GAME, "--to", "ttp"), exporting(GAME, "--to", "tts"))


@pytest.fixture(scope="module")
def secret(tmp_path_factory) -> Path:
    return shared(tmp_path_factory, exporting(SECRET, "--to", "ttp", content=CONTENT))


@pytest.fixture(scope="module")
def stones(tmp_path_factory) -> Path:
    return shared(tmp_path_factory, exporting(STONES, "--to", "ttp", content=CONTENT))


def folder(out: Path, game: str = GAME) -> Path:
    return out / game / "export" / "ttp"


def templates(out: Path, game: str = GAME) -> dict[str, dict]:
    """Every template of the game's package, by its name."""
    found = [json.loads(p.read_text("utf-8")) for p in sorted((folder(out, game) / game / "Templates").glob("*.json"))]
    return {t["Name"]: t for t in found}


def texture(out: Path, name: str, game: str = GAME) -> Image.Image:
    return Image.open(folder(out, game) / game / "Textures" / name)


def validate(data: dict, schema: dict) -> None:
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)


def test_every_template_and_the_manifest_match_the_schema_of_the_format(ferry, secret, stones):
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert "plasticity-studios/tabletop-playground-schemas" in schema["description"]  # where the format is set out
    manifest = {**schema, "$ref": "#/$defs/manifest", "required": [], "properties": {}, "additionalProperties": True}
    for out, game in ((ferry, GAME), (secret, SECRET), (stones, STONES)):
        made = templates(out, game)
        assert made
        for template in made.values():
            validate(template, schema)
            for key in ("FrontTexture", "BackTexture"):  # every image a template names is in Textures/
                assert not template[key] or (folder(out, game) / game / "Textures" / template[key]).is_file()
        validate(json.loads((folder(out, game) / game / "Manifest.json").read_text("utf-8")), manifest)
        assert len({t["GUID"] for t in made.values()}) == len(made)
    broken = templates(ferry)["Tickets"]
    broken["NumHorizontal"] = 129  # past the schema's 128
    with pytest.raises(jsonschema.ValidationError):
        validate(broken, schema)


def test_a_deck_is_a_stack_of_every_card_with_its_copies_in_deck_order(ferry):
    made = templates(ferry)
    tickets = made["Tickets"]
    # Quay x3, Island x2, Lighthouse, Mainland x2: the sheet holds each once, the stack every copy
    assert tickets["Indices"] == [0, 0, 0, 1, 1, 2, 3, 3]
    assert tickets["CardNames"] == {"0": "Quay ticket", "1": "Island ticket", "2": "Lighthouse ticket",
                                    "3": "Mainland ticket"}
    assert tickets["CardMetadata"]["2"].split("\n") == ["Lighthouse", "Fare 4", "On the back:", "Valid to Lighthouse"]
    assert made["Posters"]["Indices"] == [0, 1] and made["Captain"]["Indices"] == [0]
    assert all(t["HiddenInHand"] and t["CanStack"] and t["Tags"] == [GAME] for t in made.values())


def test_sheets_are_the_tts_sheets_in_their_grid_with_a_back_file_or_a_sheet_of_backs(ferry):
    made = templates(ferry)
    tts = ferry / GAME / "export" / "tts"
    for name, deck, (w, h), (across, down) in (("Tickets", "tickets", (63, 88), (2, 2)),
                                               ("Posters", "posters", (89, 127), (2, 1))):
        template = made[name]
        assert (template["NumHorizontal"], template["NumVertical"]) == (across, down)
        assert (template["Width"], template["Height"]) == (w / 10, h / 10)  # centimetres
        with texture(ferry, template["FrontTexture"]) as faces:
            assert faces.size == (across * px(w, 300), down * px(h, 300))  # few cards: the 300 dpi cap
        # the very sheet Tabletop Simulator gets: the same cut, the same grid, the same bytes
        ours = folder(ferry) / GAME / "Textures" / template["FrontTexture"]
        assert ours.read_bytes() == (tts / f"{GAME}-{deck}-faces-1.png").read_bytes()
    tickets, posters = made["Tickets"], made["Posters"]
    assert (tickets["BackIndex"], posters["BackIndex"]) == (-3, -2)  # backs differ: a sheet; alike: one file
    assert tickets["HiddenIndex"] == posters["HiddenIndex"] == -3  # a hidden card shows its back
    with texture(ferry, tickets["FrontTexture"]) as faces, texture(ferry, tickets["BackTexture"]) as backs:
        assert backs.size == faces.size and ImageChops.difference(backs.convert("RGB"), faces.convert("RGB")).getbbox()
    with texture(ferry, posters["BackTexture"]) as back:
        assert back.size == (px(89, 300), px(127, 300))


@pytest.mark.parametrize(("count", "size"), [(24, (63, 88)), (45, (63, 88)), (70, (63, 88)), (36, (63, 44))])
def test_a_sheet_is_at_most_4096_px_a_side(count, size):
    across, down = sprites.grid(count, size)
    dpi = sprites.largest_dpi(size, count, 300)
    assert across * px(size[0], dpi) <= 4096 and down * px(size[1], dpi) <= 4096


def test_a_landscape_card_is_wider_than_high(secret):
    (slips,) = [t for t in templates(secret, SECRET).values() if t["Name"] == "Disclosure slips"]
    assert (slips["Width"], slips["Height"]) == (6.3, 4.4)
    with texture(secret, slips["FrontTexture"], SECRET) as faces:
        assert faces.width // slips["NumHorizontal"] == px(63, sprites_dpi(slips, faces))


def sprites_dpi(template: dict, faces: Image.Image) -> int:
    """The dpi a sheet was cut at, from its height and its card's."""
    return round(faces.height / template["NumVertical"] / (template["Height"] * 10) * 25.4)


def test_round_stones_are_a_stack_a_kind_cut_out_as_many_as_are_printed(stones):
    made = templates(stones, STONES)
    kinds = {n: t for n, t in made.items() if n.startswith("Stone tokens: ")}
    assert sorted(kinds) == [f"Stone tokens: {s}" for s in (
        "Amber (A, triangle)", "Jade (J, diamond)", "Onyx (O, circle)", "Pearl (P, hexagon)", "Ruby (R, square)")]
    assert "Stone tokens" not in made  # no stack of 100 tiny cards
    for name, template in kinds.items():
        assert template["Indices"] == [0] * 20 and template["CardNames"] == {"0": name.split(": ")[1]}
        assert template["Model"] == template["FrontTexture"] and template["BackIndex"] == -1  # its shape its image's
        assert template["Thickness"] == 0.2 and not template["HiddenInHand"]
        with texture(stones, template["FrontTexture"], STONES) as image:  # see-through outside the circle
            assert image.mode == "RGBA"
            w, h = image.size
            assert image.getpixel((3, 3))[3] == image.getpixel((w - 4, h - 4))[3] == 0
            assert image.getpixel((w // 2, h // 2))[3] == 255
            assert template["Width"] * 10 * (w - 4) / w == pytest.approx(19, abs=0.01)  # 19 mm within its border
    assert sum(len(t["Indices"]) for t in kinds.values()) == 100
    wares = made["Ware cards"]
    assert len(wares["Indices"]) == 45 and (wares["NumHorizontal"], wares["NumVertical"]) == (8, 6)


def test_a_die_is_left_out_and_the_readme_names_its_faces(stones):
    assert not [n for n in templates(stones, STONES) if "Die" in n]
    readme = (folder(stones, STONES) / f"{STONES}-README.txt").read_text("utf-8")
    assert ("Die net is a die" in readme and "read its faces 1 to 6 as: Amber (A, triangle), Jade (J, diamond), "
            "Onyx (O, circle), Pearl (P, hexagon), Ruby (R, square), Choice (star)." in readme)


def test_a_die_of_five_faces_is_an_error_not_a_six_sided_die_in_the_readme(tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(CONTENT / STONES, content / STONES)
    game = content / STONES / "game.yaml"
    text = game.read_text("utf-8").replace("die_faces: [Amber, Jade, Onyx, Pearl, Ruby, Choice]",
                                           "die_faces: [Amber, Jade, Onyx, Pearl, Ruby]")
    game.write_text(text.replace("die_faces | length == 6 and ", ""), encoding="utf-8")
    assert export(tmp_path / "build", STONES, "--to", "ttp", content=content) == 1
    assert "is a die of 6 faces (die: d6), but its deck prints 5 cards" in capsys.readouterr().err
    assert not (tmp_path / "build" / STONES).exists()


def test_the_package_holds_no_private_card_and_says_what_the_host_gives_out(secret):
    made = templates(secret, SECRET)
    assert sorted(made) == ["Disclosure slips"]  # the desk cards are private, the answer guide the host's
    assert not (secret / "host" / SECRET / "export" / "ttp").exists()
    everything = files(secret / "public")  # the whole public folder: package, zip, PDFs, catalogue, sums
    exported = {n: d for n, d in everything.items() if "/export/ttp/" in n}
    assert any(n.endswith("Manifest.json") for n in exported)
    said = [re.sub(r"\s+", " ", t).lower() for name, data in everything.items() for t in texts(name, data)]
    raw = [data.lower() for data in everything.values()]
    for value in secret_values():
        value = re.sub(r"\s+", " ", value).lower()
        assert not any(value in t for t in said) and not any(value.encode() in b for b in raw), value
    with zipfile.ZipFile(io.BytesIO(exported[f"{SECRET}/export/ttp/{SECRET}-package.zip"])) as package:
        assert not [n for n in package.namelist() if "desk" in n or "answer" in n]
    readme = exported[f"{SECRET}/export/ttp/{SECRET}-README.txt"].decode("utf-8")
    assert "Not in the package, as not every player may see them" in readme and "Desk cards, Answer guide" in readme
    manifest = json.loads((secret / "manifest.json").read_text("utf-8"))
    listed = [e for e in manifest["outputs"] if e["component"] == "ttp"]
    assert listed and {e["audience"] for e in listed} == {"public"}


def test_a_readme_says_one_part_kept_out_as_one(tmp_path):
    """"The host gives them out" was said of one part (a game whose host's card is its Captain)."""
    content = tmp_path / "content"
    shutil.copytree(FIXTURE / "ferry-tickets", content / "ferry-tickets")
    game = content / "ferry-tickets" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("layout: captain}", "layout: captain, audience: host}"),
                    encoding="utf-8")
    assert export(tmp_path / "build", "ferry-tickets", "--to", "ttp", "--dpi", "72", content=content) == 0
    told = (tmp_path / "build" / "ferry-tickets" / "export" / "ttp" / "ferry-tickets-README.txt").read_text("utf-8")
    assert "as not every player may see it (" in told and "Captain. The host gives it out from" in told, told


def test_the_readme_lists_the_package_and_the_zip_holds_it_byte_for_byte(ferry):
    top = folder(ferry)
    readme = (top / f"{GAME}-README.txt").read_text("utf-8")
    assert "PersistentDownloadDir" in readme and "mod.io" in readme and "object library" in readme
    listing = readme[readme.index("The package's files"):].split("\n\n")[0].splitlines()[1:]
    package = {p.relative_to(top).as_posix(): p.read_bytes() for p in sorted((top / GAME).rglob("*")) if p.is_file()}
    assert sorted(line.strip() for line in listing) == sorted(package)
    with zipfile.ZipFile(top / f"{GAME}-package.zip") as whole:
        assert {n: whole.read(n) for n in whole.namelist()} == package
    assert f"Beside the package, as Tabletop Playground's objects hold no PDF: {GAME}-rules.pdf." in readme
    assert (top / f"{GAME}-rules.pdf").read_bytes()[:5] == b"%PDF-"


def test_the_same_sources_give_the_same_bytes(tmp_path):
    for out in (tmp_path / "a", tmp_path / "b"):
        assert export(out, GAME, "--to", "ttp", content=FIXTURE) == 0
    assert files(folder(tmp_path / "a")) == files(folder(tmp_path / "b"))


@pytest.mark.parametrize("option", [["--base-url", "https://cards.example.org/"], ["--bleed", "3"],
                                    ["--for", "thegamecrafter"]])
def test_options_of_other_targets_are_refused(tmp_path, capsys, option):
    assert export(tmp_path, GAME, "--to", "ttp", *option) == 2
    assert f"{option[0]} does not apply to --to ttp" in capsys.readouterr().err
    assert not (tmp_path / GAME).exists()


def test_a_deck_past_one_sheet_is_a_stack_a_sheet_each_in_its_grid():
    cards = [Card(n + 1, {}, {}, Loc("deck.yaml", n + 1), label=f"card {n + 1}", copies=1 + n % 2) for n in range(75)]
    cuts = [Cut("big", c, Image.new("RGB", (20, 28), (n, 0, 0)), None, f"text {n}") for n, c in enumerate(cards)]
    package = ttp.Package("demo", "Demo")
    package.deck(Deck("big", "Big deck", cuts, (63.0, 88.0), len(cards)))
    made = {path: json.loads(data) for path, data, _ in package.files() if path.startswith("demo/Templates/")}
    first, second = made["demo/Templates/demo-big-1.json"], made["demo/Templates/demo-big-2.json"]
    assert (first["Name"], second["Name"]) == ("Big deck 1/2", "Big deck 2/2")
    assert (first["NumHorizontal"], first["NumVertical"]) == (10, 7)  # TTS's most, kept to here
    assert len(first["Indices"]) == sum(c.copies for c in cards[:70]) and max(first["Indices"]) == 69
    assert second["Indices"] == [0, 1, 1, 2, 3, 3, 4] and second["CardNames"]["4"] == "card 75"
    assert first["BackTexture"] == second["BackTexture"] == "demo-big-back.png"  # one back, shared
    pictures = {path: data for path, data, _ in package.files() if path.endswith(".png")}
    with Image.open(io.BytesIO(pictures["demo/Textures/demo-big-faces-2.png"])) as sheet:
        assert sheet.size == (3 * 20, 2 * 28) and sheet.getpixel((20, 0)) == (71, 0, 0)  # card 72 second across


def test_the_catalogue_links_the_readme_and_the_package_s_zip_not_its_inside(ferry):
    page = (ferry / "index.html").read_text("utf-8")
    linked = re.findall(r'href="([^"]*/export/ttp/[^"]*)"', page)
    assert sorted(linked) == [f"{GAME}/export/ttp/{GAME}-README.txt", f"{GAME}/export/ttp/{GAME}-package.zip"]
    manifest = json.loads((ferry / "manifest.json").read_text("utf-8"))
    listed = {e["path"] for e in manifest["outputs"] if e["component"] == "ttp"}
    assert f"{GAME}/export/ttp/{GAME}/Manifest.json" in listed  # every file listed, with its checksum


def test_dpi_lowers_the_sheets_cap(tmp_path):
    assert export(tmp_path, GAME, "--to", "ttp", "--dpi", "100", content=FIXTURE) == 0
    tickets = templates(tmp_path)["Tickets"]
    with texture(tmp_path, tickets["FrontTexture"]) as faces:
        assert faces.size == (2 * px(63, 100), 2 * px(88, 100))


def _counted(cuts: list[Cut], made: Callable[[], int], seen: list[int]) -> Iterator[Cut]:
    """The cuts, noting as each is handed over how many images were made before it."""
    for cut in cuts:
        seen.append(made())
        yield cut


@pytest.mark.parametrize("target", ["ttp", "tts"])
def test_a_big_deck_is_read_a_sheet_at_a_time(target):
    """A deck of 2,400 cards would be gigabytes of images held at once: each sheet is made, and its cards' images
    let go, before the next sheet's cards are read."""
    cards = [Card(n + 1, {}, {}, Loc("deck.yaml", n + 1), label=f"card {n + 1}") for n in range(150)]
    cuts = [Cut("big", c, Image.new("RGB", (20, 28)), Image.new("RGB", (20, 28)), "") for c in cards]
    seen: list[int] = []
    if target == "ttp":
        package = ttp.Package("demo", "Demo")
        package.deck(Deck("big", "Big deck", _counted(cuts, lambda: len(package.textures), seen), (63.0, 88.0), 150))
    else:
        save = tts.Save("demo", lambda name: name)
        save.deck(Deck("big", "Big deck", _counted(cuts, lambda: len(save.files), seen), (63.0, 88.0), 150))
    assert seen[69] == 0 and seen[70] == 2 and seen[140] == 3  # the back and sheet 1 made, then sheet 2



def test_a_deck_of_alike_backs_has_only_its_first_back_cut():
    """A sprite sheet's deck shows one back where its backs are alike: the pages of its other backs are not cut
    (at 2,400 cards, half the pages PDFium would draw)."""
    decks = {"lots": SimpleNamespace(backs_differ=False), "desks": SimpleNamespace(backs_differ=True)}
    wanted = first_backs(SimpleNamespace(decks=decks))  # type: ignore[arg-type]
    pages = [["lots", "lots"], ["lots"], ["desks"], ["lots", "lots"], ["lots", "desks"], ["lots"]]
    assert [wanted(decks) for decks in pages] == [True, False, True, False, True, False]
