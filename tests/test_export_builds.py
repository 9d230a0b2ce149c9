"""Exports among builds: folders shared by games, audiences in the catalogue, later builds keeping or taking away
what an export made, and the commit that writes them."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS, in_source_language
from test_export import BASE, FIXTURE, export

from deckpress.cli import main

GAME = "open-secret-exchange"


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


@pytest.mark.parametrize("target", ["tts", "ttp"])
def test_a_deck_two_components_print_is_exported_for_each_under_its_component_s_name(tmp_path, target):
    """Two components printing the same deck (a second layout of it): the export ended in a traceback, both
    copies' sheets named by the deck alone; each is its component's now (`--` between: no id holds it, so a deck
    named `more-tickets-tickets` is no clash), its objects its own."""
    content = tmp_path / "content"
    shutil.copytree(FIXTURE, content)
    game = content / "ferry-tickets" / "game.yaml"
    text = game.read_text(encoding="utf-8").replace(
        "  - {id: posters,", "  - {id: more-tickets, title: More tickets, kind: cards, deck: tickets, layout: ticket}\n"
        "  - {id: posters,")
    renamed = "more-tickets-tickets"  # the posters' deck, named as the second tickets' names would read
    game.write_text(text.replace("deck: posters", f"deck: {renamed}").replace("\n  posters:", f"\n  {renamed}:"),
                    encoding="utf-8")
    assert export(tmp_path / "out", "ferry-tickets", "--to", target, content=content) == 0
    made = sorted(p.name for p in (tmp_path / "out" / "ferry-tickets" / "export" / target).rglob("*.png"))
    assert {"ferry-tickets-tickets--tickets-faces-1.png", "ferry-tickets-more-tickets--tickets-faces-1.png"} <= {
        *made}
    assert "ferry-tickets-more-tickets-tickets-faces-1.png" in made  # a deck one component prints keeps its name
    if target == "tts":
        saved = json.loads((tmp_path / "out" / "ferry-tickets" / "export" / "tts" / "ferry-tickets.json").read_text())
        guids = [o["GUID"] for o in saved["ObjectStates"]]
        assert len(guids) == len(set(guids))


@pytest.mark.slow  # both exports of a game and a build
def test_the_summary_names_the_folder_of_every_game_exported_a_translation_s_too(tmp_path, capsys):
    assert export(tmp_path, "pocket-bazaar", "--to", "tts", "--dpi", "72", content=CONTENT) == 0
    (line,) = [s for s in capsys.readouterr().err.splitlines() if "exported into" in s]
    said, places = line.removeprefix("deckpress: ").split(": exported into ")
    written = sorted(p.parent.parent.name for p in tmp_path.glob("*/export/tts"))
    assert said == "pocket-bazaar" and written == ["pocket-bazaar", "pocket-bazaar-de-de"]  # as a build names it
    assert places.split(", ") == [str(tmp_path / g / "export" / "tts") for g in written]


@pytest.mark.parametrize("target", ["tts", "ttp", "png", "print-shop"])
def test_two_editions_exported_into_one_folder_keep_both(tmp_path, target):
    content = tmp_path / "content"  # the game in its source language alone: its translation's files are named alike
    shutil.copytree(CONTENT / "pocket-bazaar", content / "pocket-bazaar")
    in_source_language(content / "pocket-bazaar")
    where = tmp_path / "pocket-bazaar" / "export" / target
    for edition in ((), ("--edition", "large-print")):
        fine = ("--dpi", "72") if target != "print-shop" else ()
        assert export(tmp_path, "pocket-bazaar", "--to", target, *fine, *edition, content=content) == 0
    files = {p.relative_to(where).as_posix(): p for p in where.rglob("*") if p.is_file()}
    first = {n for n in files if "pocket-bazaar-large-print" not in n}
    large = set(files) - first
    assert first and {n.replace("pocket-bazaar-large-print", "pocket-bazaar") for n in large} == first
    outputs = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    listed = {e["path"].removeprefix(f"pocket-bazaar/export/{target}/"): e["edition"] for e in outputs
              if e["component"] == target and e["game"] == "pocket-bazaar"}
    assert listed == {**dict.fromkeys(first, "standard"), **dict.fromkeys(large, "large-print")}
    if target == "tts":  # the standard save is still its own, its sheets the standard edition's
        kept = json.loads(files["pocket-bazaar.json"].read_text(encoding="utf-8"))
        faces = [d["FaceURL"] for o in kept["ObjectStates"] for d in o.get("CustomDeck", {}).values()]
        assert faces and not any("large-print" in u for u in faces)


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
    from deckpress.publish import staging, write

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

    monkeypatch.setattr(staging.os, "replace", failing)
    with pytest.raises(write.CommitError):
        staging.write_outputs(out, [write.Output("index.html", b"new page")], ["g/export/tts/old.png"])
    assert (out / "g" / "export" / "tts" / "old.png").read_bytes() == b"old sheet"  # put back
    assert (out / "index.html").read_bytes() == b"old page"
    monkeypatch.setattr(staging.os, "replace", real)
    with pytest.raises(ValueError, match="only inside the out folder"):
        staging.write_outputs(out, [], ["../outside.txt"])
    staging.write_outputs(out, [write.Output("index.html", b"new page")], ["g/export/tts/old.png"])
    assert not (out / "g" / "export").exists() and (out / "g" / "kept.pdf").is_file()  # empty folders go too
    assert (out / "index.html").read_bytes() == b"new page"
