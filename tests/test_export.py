"""`deckpress export --to tts`: the saved object Tabletop Simulator loads, read back as TTS would read it."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema
import pytest
from conftest import CONTENT, LAYOUTS, ROOT, shared
from PIL import Image, ImageChops, ImageStat
from test_publications import files, secret_values, texts

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
    assert exchange[0] == "Exchange 1" and "3 Pearl = 1 Jade and 2 Ruby, both ways" in exchange
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


def test_cards_go_to_hands_and_a_landscape_card_lies_sideways_at_its_own_shape(ferry, secret):
    for deck in objects(saved(ferry), "Deck").values():
        assert deck["Hands"] and not deck["SidewaysCard"]
        assert all(c["Hands"] and not c["SidewaysCard"] for c in deck["ContainedObjects"])
    (slips,) = [o for o in saved(secret, GAME)["ObjectStates"] if o["Nickname"] == "Disclosure slips"]
    assert slips["SidewaysCard"] and all(c["SidewaysCard"] for c in slips["ContainedObjects"])
    assert (slips["Transform"]["scaleX"], slips["Transform"]["scaleZ"]) == (round(63 / 88.9, 4), round(44 / 63.5, 4))
    (tickets,) = [o for o in saved(ferry)["ObjectStates"] if o["Nickname"] == "Tickets"]
    scale = (tickets["Transform"]["scaleX"], tickets["Transform"]["scaleZ"])
    assert scale == (round(63 / 63.5, 4), round(88 / 88.9, 4))


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


GAME = "open-secret-exchange"


@pytest.fixture(scope="module")
def secret(tmp_path_factory) -> Path:
    """Open Secret Exchange exported for Tabletop Simulator to an upload address, once per test run: read-only."""
    return shared(tmp_path_factory, exporting(GAME, "--to", "tts", "--base-url", BASE, content=CONTENT))


def tts_files(top: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((top / GAME / "export" / "tts").iterdir()) if p.is_file()}


def cells(data: dict, folder: Path) -> list[Image.Image]:
    """Every card's face as its saved object shows it: its cell on the sheet its CustomDeck names."""
    found = []
    for deck in data["ObjectStates"]:
        for sheet in deck.get("CustomDeck", {}).values():
            with Image.open(folder / unquote(urlparse(sheet["FaceURL"]).path).rsplit("/", 1)[-1]) as faces:
                w, h = faces.width // sheet["NumWidth"], faces.height // sheet["NumHeight"]
                found += [faces.convert("RGB").crop((c * w, r * h, (c + 1) * w, (r + 1) * h))
                          for r in range(sheet["NumHeight"]) for c in range(sheet["NumWidth"])]
    return found


def test_the_players_object_and_images_hold_no_private_card_and_the_host_s_hold_all(secret):
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    public_folder, host_folder = (secret / p / GAME / "export" / "tts" for p in ("public", "host"))
    public, host = tts_files(secret / "public"), tts_files(secret / "host")
    table, kept = json.loads(public[f"{GAME}.json"]), json.loads(host[f"{GAME}-host.json"])
    for data in (table, kept):
        jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    assert {o["Nickname"] for o in table["ObjectStates"]} == {"Disclosure slips", "Ledgers", "Rules",
                                                              "Turn-order sheet"}
    (desks,) = kept["ObjectStates"]  # the host's: the desk cards alone, face down, hidden face down
    assert desks["Nickname"] == "Desk cards" and desks["Transform"]["rotZ"] == 180
    assert {o["Transform"]["posZ"] for o in table["ObjectStates"]} == {0} != {desks["Transform"]["posZ"]}
    private = desks["ContainedObjects"]
    assert len(private) == 8 and all(c["HideWhenFaceDown"] for c in private)
    held = "\n".join(c["Description"] for c in private)
    assert all(v in held for v in secret_values())  # the host's object holds every desk card's value
    everything = files(secret / "public")  # the whole public folder, its catalogue and sums too
    said = [re.sub(r"\s+", " ", t).lower() for name, data in everything.items() for t in texts(name, data)]
    raw = [data.lower() for data in everything.values()]
    for value in [*secret_values(), *(c["Nickname"] for c in private), *(c["Description"] for c in private)]:
        value = re.sub(r"\s+", " ", value).lower()
        assert not any(value in t for t in said) and not any(value.encode() in b for b in raw), value
    for name in host:  # no public file names a file of the host's
        assert not any(name.lower().encode() in b for b in raw), name
    assert not set(public) & set(host) and not {hashlib.sha256(d).digest() for d in public.values()} & {
        hashlib.sha256(d).digest() for d in host.values()}
    shown, hidden = cells(table, public_folder), cells(kept, host_folder)
    assert len(hidden) >= 8 and shown
    for face in hidden:  # no card the players' object shows is a desk card's face
        assert all(c.size != face.size or ImageChops.difference(c, face).getbbox() for c in shown)
    assert all(u.startswith(BASE) and (public_folder / u[len(BASE):]).is_file()
               for o in table["ObjectStates"] for u in _urls(o))
    assert all(local(u).parent == host_folder.resolve() and local(u).is_file()
               for o in kept["ObjectStates"] for u in _urls(o))  # on the host's computer, never uploaded


def test_the_readmes_say_what_to_upload_what_stays_here_and_how_the_host_deals(secret):
    public, host = tts_files(secret / "public"), tts_files(secret / "host")
    readme = public[f"{GAME}-README.txt"].decode("utf-8")
    upload = readme[readme.index(BASE):].split("\n\n")[0]
    listed = {line.strip() for line in upload.splitlines()[1:]}
    assert listed == {n for n in public if n.endswith((".png", ".pdf"))}  # every image it loads, no other
    assert "Not in open-secret-exchange.json, as not every player may see them: Desk cards, Answer guide" in readme
    told = host[f"{GAME}-host-README.txt"].decode("utf-8")
    assert f"{GAME}-host.json holds what not every player may see: Desk cards" in told
    assert "never upload them" in told and BASE not in told
    assert "hand zone" in told and "Hidden Zone" in told and "right-click the deck and choose Deal" in told
    assert "files on this computer (file:///)" in told and "In neither object: Answer guide" in told
    assert not any("answer-guide" in n for n in [*public, *host])  # a sheet: the host's kit holds it


def test_a_host_s_card_goes_to_the_host_s_object_to_keep_and_a_game_without_one_has_none(tmp_path, ferry):
    content = tmp_path / "content"
    shutil.copytree(FIXTURE / "ferry-tickets", content / "ferry-tickets")
    game = content / "ferry-tickets" / "game.yaml"
    old = "  - {id: captain, title: Captain, kind: cards, deck: captain, layout: captain}"
    game.write_text(game.read_text(encoding="utf-8").replace(old, old[:-1] + ", audience: host}"), encoding="utf-8")
    assert export(tmp_path / "build", "ferry-tickets", "--to", "tts", content=content) == 0
    host = tmp_path / "build" / "host" / "ferry-tickets" / "export" / "tts"
    (captain,) = json.loads((host / "ferry-tickets-host.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert captain["Name"] == "Card" and captain["Nickname"] == "The captain"  # a deck of one card is a Card
    told = (host / "ferry-tickets-host-README.txt").read_text(encoding="utf-8")
    assert "The host's alone: Captain. Keep them in your own hand" in told and "Private, one player's" not in told
    outputs = json.loads((tmp_path / "build" / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    assert {o["path"].rsplit("/", 1)[-1]: o["audience"] for o in outputs if "-host" in o["path"]} == {
        "ferry-tickets-host.json": "host", "ferry-tickets-host-README.txt": "host"}
    public = tmp_path / "build" / "public" / "ferry-tickets" / "export" / "tts"
    assert "The captain" not in (public / "ferry-tickets.json").read_text(encoding="utf-8")
    assert not list((ferry / "ferry-tickets" / "export" / "tts").glob("*-host*"))  # all public: no host's object


def test_two_games_exports_share_a_flat_public_folder_without_a_clash(tmp_path):
    for content, game in ((FIXTURE, "ferry-tickets"), (CONTENT, GAME)):
        assert export(tmp_path, game, "--to", "tts", "--base-url", BASE, content=content) == 0
    assert export(tmp_path, "ferry-tickets", "--to", "png") == 0
    exported = [p for p in (tmp_path / "public").rglob("*") if p.is_file() and "/export/" in p.as_posix()]
    names = [p.name for p in exported]
    assert len(names) == len(set(names)) > 20  # README.txt, rules.pdf, cards.csv: each its game's own
    games = [p.relative_to(tmp_path / "public").parts[0] for p in exported]
    assert all(p.name.startswith((f"{g}-", f"{g}.")) for p, g in zip(exported, games, strict=True))
    flat = tmp_path / "flat"
    flat.mkdir()
    for p in exported:
        shutil.copy(p, flat / p.name)
    assert subprocess.run(["sha256sum", "-c", "--quiet", *sorted(n for n in names if n.endswith(".sha256"))],
                          cwd=flat, capture_output=True).returncode == 0


@pytest.mark.slow  # both exports of a game and a build
def test_exports_carry_the_audience_of_what_they_hold_and_the_catalogue_marks_the_private(tmp_path):
    content = CONTENT
    for target in ("tts", "png"):
        assert export(tmp_path, "open-secret-exchange", "--to", target, content=content) == 0
    outputs = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    audience = {o["path"].removeprefix("open-secret-exchange/export/"): o["audience"] for o in outputs
                if o["component"] in ("tts", "png")}
    desks = {p: a for p, a in audience.items() if "desk-cards" in p}
    assert len(desks) == 8 * 2 + 1 + 2 and set(desks.values()) == {"private"}  # PNGs, zip, TTS sheets
    assert {p for p, a in audience.items() if a == "public"} >= {
        f"png/{GAME}-slips.zip", f"png/{GAME}-slips-001-front.png", f"tts/{GAME}-slips-faces-1.png",
        f"tts/{GAME}-rules.pdf", f"tts/{GAME}-README.txt", f"tts/{GAME}.json"}
    # the players' object holds no desk card: public; the host's holds them, private as they are, and its README
    assert audience[f"tts/{GAME}.json"] == "public"
    assert audience[f"tts/{GAME}-host.json"] == audience[f"tts/{GAME}-host-README.txt"] == "private"
    saved_text = (tmp_path / GAME / "export" / "tts" / f"{GAME}.json").read_text("utf-8")
    assert "desk-cards" not in saved_text and "Desk cards" not in saved_text
    assert audience[f"png/{GAME}-cards.csv"] == "private"  # it lists the desk cards' labels too
    assert "host" not in audience.values() and not any("answer" in p for p in audience)  # the host's stays out
    assert export(tmp_path, "ferry-tickets", "--to", "png") == 0  # another game's cards.csv, in the same catalogue
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    mark = "<strong>(private: deal face down, one to each player)</strong>"
    links = dict(re.findall(r'<a href="open-secret-exchange/export/([^"]+)">(.*?)</a>', page))
    assert set(links) == {p for p in audience if p.rsplit(".", 1)[-1] in ("json", "txt", "csv", "zip")}
    assert {href for href, text in links.items() if mark in text} == {
        f"png/{GAME}-desk-cards.zip", f"png/{GAME}-cards.csv", f"tts/{GAME}-host.json",
        f"tts/{GAME}-host-README.txt"}  # as the desk cards' PDF is marked
    names = [re.sub(r"<[^>]+>", "", text) for href, text in re.findall(r'<a href="([^"#]+)">(.*?)</a>', page)
             if "/export/" in href]
    assert "Print-on-demand card images, ferry-tickets-cards.csv, Ferry Tickets" in names
    assert len(names) == len(set(names)) > len(links)  # a link's name is its own, as the PDFs' are


def test_a_later_build_keeps_the_export_listed(tmp_path):
    assert export(tmp_path, "ferry-tickets", "--to", "tts") == 0
    assert main(["build", "ferry-tickets", "--content", str(FIXTURE), "--layouts", str(LAYOUTS), "--out",
                 str(tmp_path), "--paper", "a4", "--jobs", "1"]) == 0
    outputs = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    assert "ferry-tickets/export/tts/ferry-tickets.json" in {o["path"] for o in outputs if o["component"] == "tts"}
    assert any(o["path"].endswith("-tickets-a4.pdf") for o in outputs)
    assert 'href="ferry-tickets/export/tts/ferry-tickets.json"' in (tmp_path / "index.html").read_text("utf-8")


def test_a_build_of_changed_sources_takes_the_game_s_exports_away_and_says_so(tmp_path, capsys):
    """The reviewer's sequence: export, change the game's sources, build. Decided by the source version each export
    records, so a rebuild of the same sources (other options) keeps them."""
    content, out = tmp_path / "content", tmp_path / "build"
    shutil.copytree(FIXTURE / "ferry-tickets", content / "ferry-tickets")
    for target in ("tts", "png"):
        assert export(out, "ferry-tickets", "--to", target, content=content) == 0
    folder = out / "ferry-tickets" / "export"

    def build(*more: str) -> list[str]:
        capsys.readouterr()
        assert main(["build", "ferry-tickets", "--content", str(content), "--layouts", str(LAYOUTS), "--out",
                     str(out), "--paper", "a4", "--jobs", "1", *more]) == 0
        return capsys.readouterr().err.splitlines()

    def exported() -> dict[str, dict]:
        outputs = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]
        return {o["path"]: o for o in outputs if o["component"] in ("tts", "png")}

    made = exported()
    (source,) = {e["source"] for e in made.values()}  # the slug's version: the game's version and sources' hash
    assert len(source.rsplit(" · ", 1)[-1]) == 7
    said = "deckpress: ferry-tickets: its exports were made from older sources and are removed; run deckpress " \
           "export again"
    for more in ((), ("--duplex", "long-edge")):  # built afresh, from the same sources: kept
        assert said not in build(*more)
        assert exported() == made and all((out / p).is_file() for p in made)
        assert 'href="ferry-tickets/export/tts/ferry-tickets.json"' in (out / "index.html").read_text("utf-8")
    tickets = content / "ferry-tickets" / "tickets.yaml"
    tickets.write_text(tickets.read_text(encoding="utf-8").replace("fare: 4", "fare: 5"), encoding="utf-8")
    err = build("--jobs", "2")
    assert said in err
    assert exported() == {} and not folder.exists()  # entries and files, in the same commit
    assert "/export/" not in (out / "index.html").read_text("utf-8")
    assert "/export/" not in (out / "SHA256SUMS").read_text("utf-8")
    assert any(p.name.endswith("-tickets-a4.pdf") for p in (out / "ferry-tickets").rglob("*.pdf"))
    assert said not in build("--duplex", "short-edge")  # said once: nothing is left to take away


def test_an_export_again_takes_away_the_files_it_no_longer_makes(tmp_path):
    assert export(tmp_path, "ferry-tickets", "--to", "tts") == 0
    folder = tmp_path / "ferry-tickets" / "export" / "tts"
    assert (folder / "ferry-tickets-tickets-faces-1.png").is_file()
    outputs = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    old = next(o for o in outputs["outputs"] if o["path"].endswith("tickets-faces-1.png"))
    (folder / "ferry-tickets-tickets-faces-2.png").write_bytes(b"an older export's second sheet")
    outputs["outputs"].append({**old, "path": old["path"].replace("-1.png", "-2.png"),
                               "sha256": hashlib.sha256(b"an older export's second sheet").hexdigest()})
    (tmp_path / "manifest.json").write_text(json.dumps(outputs), encoding="utf-8")
    (folder / "mine.txt").write_text("the host's own note", encoding="utf-8")  # not the press's: it stays
    assert export(tmp_path, "ferry-tickets", "--to", "tts") == 0
    assert not (folder / "ferry-tickets-tickets-faces-2.png").exists()
    assert (folder / "ferry-tickets-tickets-faces-1.png").is_file()
    assert (folder / "mine.txt").read_text(encoding="utf-8") == "the host's own note"
    listed = {o["path"] for o in json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["outputs"]}
    assert "ferry-tickets/export/tts/ferry-tickets-tickets-faces-2.png" not in listed


def test_the_commit_takes_files_away_with_the_rest_or_not_at_all(tmp_path, monkeypatch):
    from deckpress.publish import write

    out = tmp_path / "out"
    (out / "g" / "export" / "tts").mkdir(parents=True)
    (out / "g" / "export" / "tts" / "old.png").write_bytes(b"old sheet")
    (out / "g" / "kept.pdf").write_bytes(b"%PDF-")
    (out / "index.html").write_bytes(b"old page")
    real = os.replace

    def failing(source: str, target: str) -> None:
        if Path(target).name == "index.html" and "new" in Path(source).parts:
            raise OSError(28, "No space left on device")
        real(source, target)

    monkeypatch.setattr(write.os, "replace", failing)
    with pytest.raises(write.CommitError):
        write.write_outputs(out, [write.Output("index.html", b"new page")], ["g/export/tts/old.png"])
    assert (out / "g" / "export" / "tts" / "old.png").read_bytes() == b"old sheet"  # put back
    assert (out / "index.html").read_bytes() == b"old page"
    monkeypatch.setattr(write.os, "replace", real)
    with pytest.raises(ValueError, match="only inside the out folder"):
        write.write_outputs(out, [], ["../outside.txt"])
    write.write_outputs(out, [write.Output("index.html", b"new page")], ["g/export/tts/old.png"])
    assert not (out / "g" / "export").exists() and (out / "g" / "kept.pdf").is_file()  # empty folders go too
    assert (out / "index.html").read_bytes() == b"new page"
