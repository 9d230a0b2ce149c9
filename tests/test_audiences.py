"""Who may see what, as data: a component's `audience` in game.yaml, its findings, and the manifest's record of
every output's audience."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import FIXTURES, LAYOUTS, edit, line_of
from pypdf import PdfReader

from deckpress.cli import main

GAME_YAML = Path("content/open-secret-exchange/game.yaml")


def test_a_wrong_audience_is_a_finding_where_it_is_written(deckpress):
    edit(GAME_YAML, "audience: private,", "audience: secret,")
    result = deckpress("check", "open-secret-exchange")
    line = line_of(GAME_YAML, "audience: secret")
    column = GAME_YAML.read_text(encoding="utf-8").splitlines()[line - 1].index("secret") + 1
    assert result.status != 0
    assert (f"content/open-secret-exchange/game.yaml:{line}:{column}: error: audience must be one of public, "
            f"private, host, got 'secret'") in result.errors


def test_private_true_is_a_finding_that_says_to_write_audience(deckpress):
    edit(GAME_YAML, "audience: host,", "private: true,")
    result = deckpress("check", "open-secret-exchange")
    line = line_of(GAME_YAML, "private: true")
    found = [e for e in result.errors if e.startswith(f"content/open-secret-exchange/game.yaml:{line}:")]
    assert len(found) == 1 and "'private' is now 'audience'" in found[0] and "audience: host" in found[0]
    assert "Traceback" not in result.err


def test_the_manifest_records_every_outputs_audience(built):
    entries = json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    assert all(e["audience"] in ("public", "private", "host") for e in entries)
    by = {(e["game"], e["component"], e["path"].rsplit("/", 1)[-1]): e["audience"] for e in entries}
    game = "open-secret-exchange"
    for (g, component, name), audience in by.items():
        if g != game:
            assert audience == "public" or component == "host-kit", name
        elif component in ("desk-cards", "answer-guide", "host-kit", "kit"):
            assert audience == {"desk-cards": "private", "answer-guide": "host", "host-kit": "host",
                                "kit": "public"}[component], name
    pages = {name: audience for (g, component, name), audience in by.items()
             if g == game and component == "accessible-html"}
    assert pages[f"{game}.html"] == "public" and pages[f"{game}-host.html"] == "host"
    assert pages[f"{game}-desk-cards-1.html"] == "private" and pages[f"{game}-answer-guide.html"] == "host"


def test_any_game_with_host_material_gets_a_hosts_kit_with_its_cover(tmp_path):
    """Not only the shipped games: a fixture game's score pad made the host's, with the engine's own cover words."""



    shutil.copytree(FIXTURES / "extra" / "content", tmp_path / "content")
    game_yaml = tmp_path / "content" / "picnic-pairs" / "game.yaml"
    edit(game_yaml, "layout: sheet}", "layout: sheet, audience: host}")
    out = tmp_path / "build"
    assert main(["build", "--content", str(tmp_path / "content"), "--layouts", str(LAYOUTS), "--out", str(out),
                 "--paper", "a4", "--jobs", "1", "--duplex", "short-edge"]) == 0
    folder = out / "picnic-pairs" / "standard"
    players = PdfReader(folder / "picnic-pairs-kit-a4-duplex-short-edge.pdf")
    host = PdfReader(folder / "picnic-pairs-host-kit-a4-duplex-short-edge.pdf")
    assert "Score pad" not in [o.title for o in players.outline]
    titles = [(o.title, host.get_destination_page_number(o)) for o in host.outline]
    names = [t for t, _ in titles]
    at = names.index("Score pad: cover (host only)")
    assert names[at + 1] == "Score pad" and all(page % 2 == 0 for _, page in titles)
    cover = " ".join(host.pages[titles[at][1]].extract_text().split())
    assert "Host only: Score pad" in cover and "Keep it apart from the players' material" in cover
    entries = {e["component"]: e["audience"] for e in json.loads((out / "manifest.json").read_text())["outputs"]}
    assert entries["score-pad"] == "host" and entries["host-kit"] == "host" and entries["kit"] == "public"


DESK_BOX = ', audience: public, public_because: "the box shows only its title"}'


def test_a_component_of_a_private_deck_is_private_unless_it_says_otherwise(deckpress):
    edit(GAME_YAML, DESK_BOX, "}")
    result = deckpress("check", "open-secret-exchange")
    assert result.status == 0, result.err
    from deckpress.build import prepare
    from deckpress.options import Options

    prepared = prepare(Options(content=Path("content"), layouts=[LAYOUTS]), [Path("content/open-secret-exchange")],
                       every_page=False)
    (game,) = prepared.games
    assert {c.id: c.audience for c in game.components}["desk-box"] == "private"


def test_saying_public_for_a_secret_deck_needs_a_reason(deckpress):
    edit(GAME_YAML, DESK_BOX, ", audience: public}")
    result = deckpress("check", "open-secret-exchange")
    line = line_of(GAME_YAML, "panels: {front: tuck-front}, audience: public}")
    column = GAME_YAML.read_text(encoding="utf-8").splitlines()[line - 1].index("public}") + 1
    assert result.status == 1
    assert result.errors == [
        f"content/open-secret-exchange/game.yaml:{line}:{column}: error: component desk-box is public, but it prints "
        "deck desk-cards, which component desk-cards keeps private: write 'audience: private', or say why it may be "
        "seen with 'public_because: ...'"]


def test_a_reason_for_a_component_that_is_not_public_is_a_finding(deckpress):
    edit(GAME_YAML, DESK_BOX, ', audience: host, public_because: "why not"}')
    result = deckpress("check", "open-secret-exchange")
    assert result.status == 1
    assert [e.split(": error: ")[1] for e in result.errors] == [
        "component desk-box: public_because applies only to audience: public (its audience is host)"]


def test_site_refuses_a_manifest_that_makes_a_secret_public(tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(Path("content/open-secret-exchange"), content / "open-secret-exchange")
    out = tmp_path / "build"
    assert main(["build", "--paper", "a4", "--edition", "standard", "--content", str(content), "--layouts",
                 str(LAYOUTS), "--out", str(out)]) == 0
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["outputs"]:
        if entry["component"] == "desk-cards":
            entry["audience"] = "public"
    (out / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    capsys.readouterr()
    assert main(["site", "--out", str(out), "--content", str(content)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "deckpress: open-secret-exchange/standard/open-secret-exchange-desk-cards-a4.pdf: error: manifest.json says "
        "public, but the sources say private",
        "deckpress: 1 error; nothing was written: run deckpress build"]
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert main(["site", "--out", str(out), "--content", str(tmp_path / "elsewhere")]) == 1  # no sources: refused
    for entry in manifest["outputs"]:
        if entry["component"] == "desk-cards":
            entry["component"] = "rules"  # relabelled as a public part: the file's name still says what it is
    (out / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    capsys.readouterr()
    assert main(["site", "--out", str(out), "--content", str(content)]) == 1
    assert capsys.readouterr().err.splitlines()[0] == (
        "deckpress: open-secret-exchange/standard/open-secret-exchange-desk-cards-a4.pdf: error: manifest.json says "
        "it is component rules, but its name says desk-cards")


def test_public_text_never_sees_a_deck_kept_from_the_table(deckpress):
    """The rules and a public sheet see the decks as checks do, but not one a private or host component prints: a
    template there cannot print the desk cards' secrets."""
    sheets = Path("content/open-secret-exchange/sheets.yaml")
    text = sheets.read_text(encoding="utf-8")
    at = text.index("Display this sheet.")
    sheets.write_text(text[:at] + "{{ decks['desk-cards'] }} " + text[at:], encoding="utf-8")
    result = deckpress("check", "open-secret-exchange")
    assert result.status == 1 and "paper bridge" not in result.err
    assert any("desk-cards" in e for e in result.errors), result.errors
