"""Tabletop Simulator's tables of a game with secrets: the players' object holds no private card, the host's holds
them all; cards go to hands and a landscape card lies sideways."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema
import pytest
from conftest import CONTENT, shared
from PIL import Image, ImageChops
from test_export import BASE, FIXTURE, SCHEMA, _urls, export, exporting, local, objects, saved
from test_publications import files, secret_values, texts


@pytest.fixture(scope="module")
def ferry(tmp_path_factory) -> Path:
    """Ferry Tickets exported both ways, once per test run (the very export test_export.py reads): read-only."""
    return shared(tmp_path_factory, exporting("ferry-tickets", "--to", "tts"),
                  exporting("ferry-tickets", "--to", "png"))


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
    assert "Private, one player's own: Desk cards. Deal it into the players' hands" in told  # one part: it
    assert "files on this computer (file:///)" in told and "In neither object: Answer guide. It is in" in told
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
    assert "The host's alone: Captain. Keep it in your own hand" in told and "Private, one player's" not in told
    outputs = json.loads((tmp_path / "build" / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    assert {o["path"].rsplit("/", 1)[-1]: o["audience"] for o in outputs if "-host" in o["path"]} == {
        "ferry-tickets-host.json": "host", "ferry-tickets-host-README.txt": "host"}
    public = tmp_path / "build" / "public" / "ferry-tickets" / "export" / "tts"
    assert "The captain" not in (public / "ferry-tickets.json").read_text(encoding="utf-8")
    told = (public / "ferry-tickets-README.txt").read_text(encoding="utf-8")
    assert "as not every player may see it: Captain. The host keeps it and brings it to the table" in told
    assert not list((ferry / "ferry-tickets" / "export" / "tts").glob("*-host*"))  # all public: no host's object


SAID_KEPT_OUT = "may see them: Tickets, Posters, Captain. The host keeps them and brings them to the table"


@pytest.mark.parametrize(("language", "audiences", "said"), [
    ("en-GB", {"ticket": "private", "poster": "private", "captain": "host"},
     ["Private, one player's own: Tickets, Posters. Deal them into", "The host's alone: Captain. Keep it in",
      SAID_KEPT_OUT]),
    ("en-GB", {"ticket": "private", "poster": "host", "captain": "host"},
     ["Private, one player's own: Tickets. Deal it into", "The host's alone: Posters, Captain. Keep them in",
      SAID_KEPT_OUT]),
    ("fr-FR", {"captain": "host"},  # French says one part by no pronoun of a gender: `l'` or none
     ["À l'hôte seul, à garder dans votre main ou dans une zone cachée de votre couleur : Captain.",
      "Hors de ferry-tickets.json, car tous les joueurs ne peuvent pas l'apercevoir : Captain."])])
def test_a_readme_says_one_part_as_one_and_several_as_several(tmp_path, language, audiences, said):
    content = tmp_path / "content"
    shutil.copytree(FIXTURE / "ferry-tickets", content / "ferry-tickets")
    game = content / "ferry-tickets" / "game.yaml"
    text = game.read_text(encoding="utf-8").replace("language: en-GB", f"language: {language}")
    for layout, audience in audiences.items():
        text = text.replace(f"layout: {layout}}}", f"layout: {layout}, audience: {audience}}}")
    game.write_text(text, encoding="utf-8")
    assert export(tmp_path / "build", "ferry-tickets", "--to", "tts", content=content) == 0
    told = " ".join((tmp_path / "build" / folder / "ferry-tickets" / "export" / "tts" / name).read_text(
        encoding="utf-8") for folder, name in (("host", "ferry-tickets-host-README.txt"),
                                               ("public", "ferry-tickets-README.txt")))
    assert all(s in told for s in said), told


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


