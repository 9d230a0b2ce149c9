"""`deckpress export --to tts`: the saved object Tabletop Simulator loads, read back as TTS would read it."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema
import pytest
from conftest import CONTENT, LAYOUTS, ROOT, edit, shared
from PIL import Image, ImageChops, ImageStat

from deckpress.cli import main
from deckpress.export import sprites

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "export" / "content"
SCHEMA = ROOT / "src" / "deckpress" / "export" / "tts.schema.json"
BASE = "https://cards.example.org/ferry/"


def px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


def export(out: Path, *args: str, content: Path = FIXTURE) -> int:
    return main(["export", *args, "--content", str(content), "--layouts", str(LAYOUTS), "--out", str(out)])


def exporting(*args: str, content: Path = FIXTURE) -> tuple[str, ...]:
    return ("export", *args, "--content", str(content), "--layouts", str(LAYOUTS))


@pytest.fixture(scope="module")
def ferry(tmp_path_factory) -> Path:
    """Ferry Tickets exported both ways, once per test run: read-only."""
    return shared(tmp_path_factory, exporting("ferry-tickets", "--to", "tts"),
                  exporting("ferry-tickets", "--to", "png"))


def saved(out: Path, game: str = "ferry-tickets") -> dict:
    return json.loads((out / game / "export" / "tts" / f"{game}.json").read_text(encoding="utf-8"))


def local(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path(unquote(urlparse(url).path))


def objects(data: dict, name: str) -> dict[str, dict]:
    return {o["Nickname"]: o for o in data["ObjectStates"] if o["Name"] == name}


def test_the_saved_object_matches_the_schema_of_the_tts_save_format(ferry):
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert "kb.tabletopsimulator.com" in schema["description"]  # it names where the format is written down
    jsonschema.validate(saved(ferry), schema, cls=jsonschema.Draft202012Validator)
    broken = saved(ferry)
    broken["ObjectStates"][0]["CustomDeck"]["1"]["NumWidth"] = 11  # past TTS's 10 x 7
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema, cls=jsonschema.Draft202012Validator)


def test_decks_hold_every_card_with_its_copies_in_deck_order(ferry):
    decks = objects(saved(ferry), "Deck")
    tickets = decks["Tickets"]
    # Quay x3, Island x2, Lighthouse, Mainland x2: the sheet holds each once, the deck every copy
    assert tickets["DeckIDs"] == [100, 100, 100, 101, 101, 102, 103, 103]
    assert [c["CardID"] for c in tickets["ContainedObjects"]] == tickets["DeckIDs"]
    assert [c["Nickname"] for c in tickets["ContainedObjects"]] == (
        ["Quay ticket"] * 3 + ["Island ticket"] * 2 + ["Lighthouse ticket"] + ["Mainland ticket"] * 2)
    # the card's text as read (deckpress.layout.readings), and its own back's
    assert tickets["ContainedObjects"][5]["Description"].split("\n") == [
        "Lighthouse", "Fare 4", "On the back:", "Valid to Lighthouse"]
    assert decks["Posters"]["DeckIDs"] == [200, 201]
    (captain,) = objects(saved(ferry), "Card").values()  # a deck of one card is a Card
    assert captain["Nickname"] == "The captain" and captain["CardID"] == 300
    assert captain["Description"] == "The captain"


def test_sheets_are_the_grid_of_cards_at_the_finest_dpi_that_fits(ferry):
    decks = objects(saved(ferry), "Deck")
    for name, (w, h), (across, down) in (("Tickets", (63, 88), (2, 2)), ("Posters", (89, 127), (2, 1))):
        (sheet,) = decks[name]["CustomDeck"].values()
        assert (sheet["NumWidth"], sheet["NumHeight"]) == (across, down)
        with Image.open(local(sheet["FaceURL"])) as faces:
            assert faces.size == (across * px(w, 300), down * px(h, 300))  # few cards: the 300 dpi cap, not 4096 px


def test_dpi_sets_the_sheets_cap_above_300_too_as_the_readme_says(tmp_path):
    assert export(tmp_path, "ferry-tickets", "--to", "tts", "--dpi", "400") == 0
    (sheet,) = objects(saved(tmp_path), "Deck")["Tickets"]["CustomDeck"].values()
    with Image.open(local(sheet["FaceURL"])) as faces:
        assert faces.size == (2 * px(63, 400), 2 * px(88, 400))  # raised, not lowered, past the 300 by default
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = [line for line in readme.split("\n- ") if line.startswith(("`export --to tts`", "`export --to ttp`"))]
    assert len(said) == 2 and all("`--dpi` sets" in s and "lowers" not in s for s in said)


@pytest.mark.parametrize(("count", "size", "grid", "dpi"), [
    (24, (63, 88), (6, 4), 275),  # Pocket Bazaar's lots: 10 x 3 would give them 165 dpi
    (45, (63, 88), (8, 6), 196),  # Stone Market's wares: 10 x 5 would give 165
    (70, (63, 88), (10, 7), 165),  # a full sheet: TTS's own limit of 10 x 7
    (36, (63, 44), (6, 6), 275),  # landscape slips: as many rows as columns
    (2, (89, 127), (2, 1), 584)])
def test_the_grid_is_the_one_that_gives_the_cards_the_most_pixels(count, size, grid, dpi):
    assert sprites.grid(count, size) == grid
    assert sprites.largest_dpi(size, count, 1200) == dpi
    across, down = grid
    assert across * px(size[0], dpi) <= 4096 and down * px(size[1], dpi) <= 4096
    for a in range(1, 11):  # no other grid of at most 10 x 7 holding them all fits them finer
        d = -(-count // a)
        if d <= 7 and (a, d) != grid:
            assert a * px(size[0], dpi + 1) > 4096 or d * px(size[1], dpi + 1) > 4096


def test_unique_backs_are_a_sheet_of_the_same_grid_and_a_shared_back_one_card(ferry):
    decks = objects(saved(ferry), "Deck")
    (tickets,) = decks["Tickets"]["CustomDeck"].values()
    (posters,) = decks["Posters"]["CustomDeck"].values()
    assert tickets["UniqueBack"] and not posters["UniqueBack"]
    with Image.open(local(tickets["FaceURL"])) as faces, Image.open(local(tickets["BackURL"])) as backs:
        assert backs.size == faces.size
        cw = faces.width // tickets["NumWidth"]
        first, second = (backs.crop((n * cw, 0, (n + 1) * cw, backs.height)) for n in (0, 1))
        assert ImageStat.Stat(ImageChops.difference(first, second)).sum != [0, 0, 0]  # "Valid to Quay" / "Island"
    with Image.open(local(posters["BackURL"])) as back:
        assert back.size == (px(89, 300), px(127, 300))


@pytest.fixture(scope="module")
def stone(tmp_path_factory) -> Path:
    """Stone Market exported both ways, once per test run: read-only."""
    return shared(tmp_path_factory, exporting("stone-market", "--to", "tts", content=CONTENT),
                  exporting("stone-market", "--to", "png", "--dpi", "200", content=CONTENT))


def test_a_card_is_described_by_its_text_as_read_not_by_its_printed_glyphs(stone):
    decks = {o["Nickname"]: o for o in saved(stone, "stone-market")["ObjectStates"]}
    exchange = decks["Exchange cards"]["ContainedObjects"][0]["Description"].split("\n")
    assert exchange[0] == "Exchange 1" and "3 Pearls = 1 Jade and 2 Rubies, both ways" in exchange
    assert not any("P P P" in line or "PPP" in line for line in exchange)  # the pictogram's letters, as printed
    reference = decks["Player reference cards"]["ContainedObjects"][0]["Description"].split("\n")
    # the scoring table a line a printed column, its head first: never a number a line
    assert ["Left: 0, 1, 2, 3, 4+", "Plain: 5, 4, 3, 1, 0", "1 star: 7, 5, 4, 2, 1", "2 stars: 9, 7, 5, 3, 1",
            "Last: 11, 9, 6, 4, 2"] == reference[reference.index("Points by stones left over") + 1:][:5]
    assert "0" not in reference and "<" not in "".join(reference)  # no digit alone, no markup
    assert decks["Player reference cards"]["ContainedObjects"][0]["Nickname"] == "reference card 1"  # its label


def test_every_cell_is_that_cards_own_png_scaled(stone):
    """Stone Market's wares: 45 cards on an 8 x 6 sheet at under 300 dpi, each cell its print-on-demand front."""
    out = stone
    data = saved(out, "stone-market")
    (wares,) = [o for o in data["ObjectStates"] if o["Nickname"] == "Ware cards"]
    (sheet,) = wares["CustomDeck"].values()
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (8, 6)
    pod = out / "stone-market" / "export" / "png"
    band = px(3.175, 200)
    with Image.open(local(sheet["FaceURL"])) as faces:
        cw, ch = faces.width // 8, faces.height // 6
        assert faces.width == 8 * cw <= 4096 and faces.height == 6 * ch <= 4096
        assert cw == px(63, 196)  # the finest dpi the 8 x 6 grid allows: under 300, finer than the 200 dpi PNGs
        for n in (0, 17, 44):
            cell = faces.crop(((n % 8) * cw, (n // 8) * ch, (n % 8 + 1) * cw, (n // 8 + 1) * ch))
            with Image.open(pod / f"stone-market-wares-{n + 1:03d}-front.png") as card:
                trimmed = card.convert("RGB").crop((band, band, card.width - band, card.height - band))
                scaled = trimmed.resize(cell.size, Image.Resampling.LANCZOS)
            difference = ImageStat.Stat(ImageChops.difference(cell, scaled)).mean
            assert max(difference) < 6, (n, difference)
    (die,) = [o for o in data["ObjectStates"] if o["Name"] == "Custom_Dice"]
    assert die["CustomImage"]["CustomDice"]["Type"] == 1  # a six-sided die
    with Image.open(local(die["CustomImage"]["ImageURL"])) as template:
        assert template.size == (3 * px(30, 300), 3 * px(30, 300))  # TTS's d6 template: 3 x 3 cells of 30 mm faces


def test_round_stones_are_tokens_in_a_bag_a_kind_as_many_as_are_printed(stone):
    data = saved(stone, "stone-market")
    jsonschema.validate(data, json.loads(SCHEMA.read_text("utf-8")), cls=jsonschema.Draft202012Validator)
    bags = {o["Nickname"]: o for o in data["ObjectStates"] if o["Name"] == "Bag"}
    assert sorted(bags) == [f"Stone tokens: {s}, 20" for s in (
        "Amber (A, triangle)", "Jade (J, diamond)", "Onyx (O, circle)", "Pearl (P, hexagon)", "Ruby (R, square)")]
    assert not [o for o in data["ObjectStates"] if o["Nickname"] == "Stone tokens"]  # no deck of 100 tiny cards
    guids = set()
    for title, bag in bags.items():
        assert bag["Bag"]["Order"] == 2  # drawn at random, as from a pouch
        (url,) = {t["CustomImage"]["ImageURL"] for t in bag["ContainedObjects"]}
        assert {t["Name"] for t in bag["ContainedObjects"]} == {"Custom_Token"}
        assert all(t["CustomImage"]["CustomToken"]["Stackable"] for t in bag["ContainedObjects"])
        assert {t["Nickname"] for t in bag["ContainedObjects"]} == {title.split(": ")[1].rsplit(",", 1)[0]}
        assert {t["Transform"]["scaleX"] for t in bag["ContainedObjects"]} == {round(19 / 25.4, 4)}
        guids |= {t["GUID"] for t in bag["ContainedObjects"]}
        with Image.open(local(url)) as image:  # cut out: see-through outside the circle, the face within it
            assert image.mode == "RGBA"
            w, h = image.size
            assert image.getpixel((3, 3))[3] == image.getpixel((w - 4, h - 4))[3] == 0
            assert image.getpixel((w // 2, h // 2))[3] == 255 and image.getpixel((w // 2, 4))[3] == 0
    assert len(guids) == 100  # every stone its own object


def test_rules_are_a_custom_pdf_of_the_press_s_own_pdf(ferry):
    (rules,) = objects(saved(ferry), "Custom_PDF").values()
    pdf = local(rules["CustomPDF"]["PDFUrl"])
    assert pdf.parent == (ferry / "ferry-tickets" / "export" / "tts").resolve() and pdf.read_bytes()[:5] == b"%PDF-"
    assert pdf.name == "ferry-tickets-rules.pdf"  # named by its game: two games' rules share a flat folder
    readme = (pdf.parent / "ferry-tickets-README.txt").read_text(encoding="utf-8")
    assert "Saved Objects" in readme and "ferry-tickets.json" in readme and "upload" not in readme
    assert "files on this computer (file:///)" in readme and "Not in" not in readme  # nothing kept out


def test_a_base_url_addresses_every_file_and_the_readme_lists_what_to_upload(tmp_path):
    assert export(tmp_path, "ferry-tickets", "--to", "tts", "--base-url", BASE) == 0
    folder = tmp_path / "ferry-tickets" / "export" / "tts"
    text = (folder / "ferry-tickets.json").read_text(encoding="utf-8")
    assert "file://" not in text
    urls = [u for o in saved(tmp_path)["ObjectStates"] for u in _urls(o)]
    assert urls and all(u.startswith("https://cards.example.org/ferry/") for u in urls)
    assert all((folder / u.rsplit("/", 1)[1]).is_file() for u in urls)  # each names a file exported beside it
    readme = (folder / "ferry-tickets-README.txt").read_text(encoding="utf-8")
    assert BASE in readme and all(f"  {u.rsplit('/', 1)[1]}\n" in readme for u in urls)
    assert "file:///" not in readme


def _urls(obj: dict) -> list[str]:
    found = [v for k, v in obj.items() if k.endswith(("URL", "Url")) and v]
    return found + [u for v in obj.values() if isinstance(v, dict) for u in _urls(v)]


def test_the_same_sources_give_the_same_bytes(tmp_path):
    for out in (tmp_path / "a", tmp_path / "b"):
        assert export(out, "ferry-tickets", "--to", "tts", "--base-url", BASE) == 0
        assert export(out, "ferry-tickets", "--to", "png") == 0
    a, b = (sorted((p.relative_to(o), p.read_bytes()) for p in (o / "ferry-tickets" / "export").rglob("*")
                   if p.is_file()) for o in (tmp_path / "a", tmp_path / "b"))
    assert a == b and len(a) > 20


def test_the_manifest_lists_every_exported_file_and_the_catalogue_links_the_saved_object(ferry):
    outputs = json.loads((ferry / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    for target in ("tts", "png"):
        folder = ferry / "ferry-tickets" / "export" / target
        listed = {o["path"]: o for o in outputs if o["component"] == target}
        assert {p.relative_to(ferry).as_posix() for p in folder.iterdir()} == set(listed)
        for path, entry in listed.items():
            assert entry["edition"] == "standard" and entry["game"] == "ferry-tickets"
            assert entry["sha256"] == hashlib.sha256((ferry / path).read_bytes()).hexdigest()
    page = (ferry / "index.html").read_text(encoding="utf-8")
    assert 'href="ferry-tickets/export/tts/ferry-tickets.json"' in page
    assert 'href="ferry-tickets/export/png/ferry-tickets-cards.csv"' in page
    assert 'href="ferry-tickets/export/png/ferry-tickets-tickets.zip"' in page
    sums = (ferry / "SHA256SUMS").read_text(encoding="utf-8")
    assert "  ferry-tickets/export/tts/ferry-tickets.json\n" in sums


@pytest.mark.parametrize(("die", "status", "said"), [
    ("d6", 1, "component captain is a die of 6 faces (die: d6), but its deck prints 1 cards and its layout places 0"),
    ("d20", 1, "die must be one of d6, got 'd20'"),
])
def test_a_die_is_declared_on_its_component_and_checked_where_it_is_written(tmp_path, capsys, die, status, said):
    content = tmp_path / "content"
    shutil.copytree(FIXTURE / "ferry-tickets", content / "ferry-tickets")
    game = content / "ferry-tickets" / "game.yaml"
    old = "  - {id: captain, title: Captain, kind: cards, deck: captain, layout: captain}"
    game.write_text(game.read_text(encoding="utf-8").replace(old, old[:-1] + f", die: {die}}}"), encoding="utf-8")
    line = game.read_text(encoding="utf-8").splitlines().index(old[:-1] + f", die: {die}}}") + 1
    capsys.readouterr()
    assert export(tmp_path / "build", "ferry-tickets", "--to", "tts", content=content) == status
    (finding,) = [f for f in capsys.readouterr().err.splitlines() if ": error: " in f]
    assert f"/ferry-tickets/game.yaml:{line}:" in finding
    assert said in finding
    assert not (tmp_path / "build" / "manifest.json").exists()


def test_decks_sharing_one_reading_of_the_cuts_are_read_in_turn_or_refused() -> None:
    """A component's decks share one pass over the cuts: read each before asking for the next, as the exports do;
    gathering them first is refused where it would otherwise leave the first deck silently empty."""
    from types import SimpleNamespace

    from deckpress.export.tts import decks_of

    cuts = [SimpleNamespace(deck=d, n=n) for d, n in (("a", 1), ("a", 2), ("b", 3))]
    component = SimpleNamespace(id="tiles", kind="cards", decks=["a", "b"], title="Tiles", audience="public")
    game = SimpleNamespace(decks={d: SimpleNamespace(cards=[SimpleNamespace(copies=1)] * k, backs_differ=False)
                                  for d, k in (("a", 2), ("b", 1))}, components=[component])
    read = [(d.id, d.entries, [c.n for c in d.cuts]) for d in decks_of(game, component, (63, 88), iter(cuts))]
    assert read == [("a", 2, [1, 2]), ("b", 1, [3])]
    with pytest.raises(RuntimeError, match="deck a: its cards were not all read"):
        list(decks_of(game, component, (63, 88), iter(cuts)))


def test_an_export_without_an_edition_lays_out_and_checks_only_the_first_edition_it_exports(deckpress):
    long = """title: 'Stone "Market" <img src=x onerror=alert(1)> &amp; </script>'\n"""
    edit(Path("content/stone-market/game.yaml"), "title: Stone Market\n", long)  # too long for large print's box
    assert deckpress("export", "stone-market", "--to", "tts", "--out", "out").status == 0
    assert json.loads(Path("out/stone-market/export/tts/stone-market.json").read_text(encoding="utf-8"))
    refused = deckpress("export", "stone-market", "--to", "tts", "--edition", "large-print", "--out", "out2")
    assert refused.status == 1 and any("(large-print edition)" in e for e in refused.errors)
