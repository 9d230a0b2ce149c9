"""`deckpress export --to tts`: the saved object Tabletop Simulator loads, read back as TTS would read it."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema
import pytest
from conftest import CONTENT, LAYOUTS, ROOT, shared
from PIL import Image, ImageChops, ImageStat

from deckpress.cli import main

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
    for name, (w, h), count in (("Tickets", (63, 88), 4), ("Posters", (89, 127), 2)):
        (sheet,) = decks[name]["CustomDeck"].values()
        assert (sheet["NumWidth"], sheet["NumHeight"]) == (count, 1)
        with Image.open(local(sheet["FaceURL"])) as faces:
            assert faces.size == (count * px(w, 300), px(h, 300))  # few cards: the 300 dpi cap, not 4096 px


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
    """Stone Market's wares: 45 cards on a 10 x 5 sheet at under 300 dpi, each cell its print-on-demand front."""
    out = stone
    data = saved(out, "stone-market")
    (wares,) = [o for o in data["ObjectStates"] if o["Nickname"] == "Ware cards"]
    (sheet,) = wares["CustomDeck"].values()
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (10, 5)
    pod = out / "stone-market" / "export" / "png"
    band = px(3.175, 200)
    with Image.open(local(sheet["FaceURL"])) as faces:
        cw, ch = faces.width // 10, faces.height // 5
        assert faces.width == 10 * cw <= 4096 and faces.height == 5 * ch <= 4096
        assert cw < px(63, 200)  # the sheet is finer than 300 dpi would allow, coarser than the 200 dpi PNGs
        for n in (0, 17, 44):
            cell = faces.crop(((n % 10) * cw, (n // 10) * ch, (n % 10 + 1) * cw, (n // 10 + 1) * ch))
            with Image.open(pod / f"wares-{n + 1:03d}-front.png") as card:
                trimmed = card.convert("RGB").crop((band, band, card.width - band, card.height - band))
                scaled = trimmed.resize(cell.size, Image.Resampling.LANCZOS)
            difference = ImageStat.Stat(ImageChops.difference(cell, scaled)).mean
            assert max(difference) < 6, (n, difference)
    (die,) = [o for o in data["ObjectStates"] if o["Name"] == "Custom_Dice"]
    assert die["CustomImage"]["CustomDice"]["Type"] == 1  # a six-sided die
    with Image.open(local(die["CustomImage"]["ImageURL"])) as net:
        assert net.size == (4 * px(30, 300), 3 * px(30, 300))  # the net's 4 x 3 cells of 30 mm faces


def test_rules_are_a_custom_pdf_of_the_press_s_own_pdf(ferry):
    (rules,) = objects(saved(ferry), "Custom_PDF").values()
    pdf = local(rules["CustomPDF"]["PDFUrl"])
    assert pdf.parent == (ferry / "ferry-tickets" / "export" / "tts").resolve() and pdf.read_bytes()[:5] == b"%PDF-"
    readme = (pdf.parent / "README.txt").read_text(encoding="utf-8")
    assert "Saved Objects" in readme and "ferry-tickets.json" in readme and "upload" not in readme


def test_a_base_url_addresses_every_file_and_the_readme_lists_what_to_upload(tmp_path):
    assert export(tmp_path, "ferry-tickets", "--to", "tts", "--base-url", BASE) == 0
    folder = tmp_path / "ferry-tickets" / "export" / "tts"
    text = (folder / "ferry-tickets.json").read_text(encoding="utf-8")
    assert "file://" not in text
    urls = [u for o in saved(tmp_path)["ObjectStates"] for u in _urls(o)]
    assert urls and all(u.startswith("https://cards.example.org/ferry/") for u in urls)
    assert all((folder / u.rsplit("/", 1)[1]).is_file() for u in urls)  # each names a file exported beside it
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    assert BASE in readme and all(f"  {u.rsplit('/', 1)[1]}\n" in readme for u in urls)


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
    assert 'href="ferry-tickets/export/png/cards.csv"' in page and 'href="ferry-tickets/export/png/tickets.zip"' in page
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


def test_host_material_stays_off_the_shared_table_and_a_private_card_hides_its_text_face_down(tmp_path):
    content = CONTENT
    assert export(tmp_path, "open-secret-exchange", "--to", "tts", content=content) == 0
    data = saved(tmp_path, "open-secret-exchange")
    names = {o["Nickname"] for o in data["ObjectStates"]}
    assert "Answer guide" not in names and {"Desk cards", "Rules"} <= names
    folder = tmp_path / "open-secret-exchange" / "export" / "tts"
    assert not (folder / "answer-guide.pdf").exists()
    assert "Left out, as the host's alone: Answer guide" in (folder / "README.txt").read_text(encoding="utf-8")
    (desks,) = [o for o in data["ObjectStates"] if o["Nickname"] == "Desk cards"]
    assert desks["Transform"]["rotZ"] == 180 and all(c["HideWhenFaceDown"] for c in desks["ContainedObjects"])


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
    assert {p for p, a in audience.items() if a == "public"} >= {"png/slips.zip", "png/slips-001-front.png",
                                                                  "tts/slips-faces-1.png", "tts/rules.pdf",
                                                                  "tts/README.txt"}
    # the saved object holds the desk cards' faces and texts: private as they are, and its README says so
    assert audience["tts/open-secret-exchange.json"] == "private"
    saved_text = (tmp_path / "open-secret-exchange" / "export" / "tts" / "open-secret-exchange.json").read_text("utf-8")
    assert "desk-cards-faces-1.png" in saved_text
    readme = (tmp_path / "open-secret-exchange" / "export" / "tts" / "README.txt").read_text(encoding="utf-8")
    assert "Private, one player's own: Desk cards" in readme and "marked private" in readme
    assert audience["png/cards.csv"] == "private"  # it lists the desk cards' labels too
    assert "host" not in audience.values() and not any("answer" in p for p in audience)  # the host's stays out
    assert export(tmp_path, "ferry-tickets", "--to", "png") == 0  # another game's cards.csv, in the same catalogue
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    mark = "<strong>(private: deal face down, one to each player)</strong>"
    links = dict(re.findall(r'<a href="open-secret-exchange/export/([^"]+)">(.*?)</a>', page))
    assert set(links) == {p for p in audience if p.rsplit(".", 1)[-1] in ("json", "txt", "csv", "zip")}
    assert {href for href, text in links.items() if mark in text} == {
        "png/desk-cards.zip", "png/cards.csv", "tts/open-secret-exchange.json"}  # as the desk cards' PDF is marked
    names = [re.sub(r"<[^>]+>", "", text) for href, text in re.findall(r'<a href="([^"#]+)">(.*?)</a>', page)
             if "/export/" in href]
    assert "Print-on-demand card images, cards.csv, Ferry Tickets" in names
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
    assert (folder / "tickets-faces-1.png").is_file()
    outputs = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    old = next(o for o in outputs["outputs"] if o["path"].endswith("tickets-faces-1.png"))
    (folder / "tickets-faces-2.png").write_bytes(b"an older export's second sheet")
    outputs["outputs"].append({**old, "path": old["path"].replace("-1.png", "-2.png"),
                               "sha256": hashlib.sha256(b"an older export's second sheet").hexdigest()})
    (tmp_path / "manifest.json").write_text(json.dumps(outputs), encoding="utf-8")
    (folder / "mine.txt").write_text("the host's own note", encoding="utf-8")  # not the press's: it stays
    assert export(tmp_path, "ferry-tickets", "--to", "tts") == 0
    assert not (folder / "tickets-faces-2.png").exists() and (folder / "tickets-faces-1.png").is_file()
    assert (folder / "mine.txt").read_text(encoding="utf-8") == "the host's own note"
    listed = {o["path"] for o in json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["outputs"]}
    assert "ferry-tickets/export/tts/tickets-faces-2.png" not in listed


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
