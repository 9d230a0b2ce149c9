"""The manifest's one entry type: manifest.json as it has always been written, and an earlier one read back."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, LAYOUTS

from deckpress import words
from deckpress.cli import main
from deckpress.publish.incremental import damage
from deckpress.publish.listing import Listing
from deckpress.publish.manifest import MANIFEST, MAX_COUNT, Entry, manifest_json, read_manifest

EXTRA = FIXTURES / "extra"
SHA = "0" * 64

STANDARD_ABOUT = "For most players: the sizes of shop-bought games, on the fewest sheets of paper."


def picnic(tmp_path: Path, *args: str) -> Path:
    """The fixture game built into tmp_path/build (A4 only), with `args`."""
    shutil.copytree(EXTRA / "content", tmp_path / "content", dirs_exist_ok=True)
    out = tmp_path / "build"
    assert main(["build", "--content", str(tmp_path / "content"), "--layouts", str(LAYOUTS), "--out", str(out),
                 "--paper", "a4", "--jobs", "1", *args]) == 0
    return out


@pytest.mark.parametrize("options", [[], ["--duplex", "long-edge", "--offset-x", "1.5", "--bleed", "3"], ["--fold"]])
def test_a_manifest_read_back_is_written_again_byte_for_byte(tmp_path, options):
    out = picnic(tmp_path, *options)
    written = (out / MANIFEST).read_bytes()
    entries = read_manifest(out)
    assert len(entries) == len(json.loads(written)["outputs"])
    assert manifest_json(entries) == written


def test_entries_keep_the_manifests_key_order():
    pdf = Entry("g/standard/g-kit-a4-duplex-long-edge.pdf", "g", "G", "kit", "Kit", "standard", "a4", 3,
                duplex="long-edge", offset_x_mm=0.0, offset_y_mm=1.0, bleed_mm=3.0, sha256=SHA)
    assert list(pdf.as_json()) == ["path", "game", "game_title", "component", "title", "edition", "paper", "pages",
                                   "audience", "duplex", "offset_x_mm", "offset_y_mm", "bleed_mm", "sha256"]
    cards = Entry("g/standard/g-desk-a4.pdf", "g", "G", "desk", "Desk", "standard", "a4", 2, cards=8,
                  audience="private", fold=True, sha256=SHA)
    assert list(cards.as_json()) == ["path", "game", "game_title", "component", "title", "edition", "paper", "pages",
                                     "cards", "audience", "fold", "sha256"]
    sheet = Entry("g/standard/g-score-a4.pdf", "g", "G", "score", "Score", "standard", "a4", 6, copies=6, sha256=SHA)
    assert list(sheet.as_json()) == ["path", "game", "game_title", "component", "title", "edition", "paper", "pages",
                                     "copies", "audience", "sha256"]
    html = Entry("g/g.html", "g", "G", "accessible-html", "Text", "accessible", None, None, sha256=SHA)
    assert html.as_json() == {"path": "g/g.html", "game": "g", "component": "accessible-html", "title": "Text",
                              "edition": "accessible", "paper": None, "pages": None, "audience": "public",
                              "game_title": "G", "sha256": SHA}


def test_an_earlier_manifest_is_untrusted_and_entries_that_do_not_fit_are_skipped(tmp_path):
    good = {"path": "g/standard/g-rules-a4.pdf", "game": "g", "game_title": "G", "component": "rules",
            "title": "Rules", "edition": "standard", "paper": "a4", "pages": 2, "audience": "public", "sha256": SHA}
    bad = [
        "not an entry", {**good, "pages": "2"}, {**good, "pages": True}, {**good, "surprise": 1},
        {**good, "path": "../../outside.pdf"}, {**good, "path": "/etc/passwd"}, {**good, "sha256": "../x"},
        {k: v for k, v in good.items() if k != "sha256"}, {**good, "private": "yes"}, {**good, "offset_x_mm": []},
        {**good, "audience": "everyone"}, {**good, "audience": None}, {**good, "audience": True},
        *({**good, "path": path} for path in ("./g/standard/g-rules-a4.pdf", "g//standard/g-rules-a4.pdf",
                                              "g/./standard/g-rules-a4.pdf", "g/standard/g-rules-a4.pdf/")),
    ]
    (tmp_path / MANIFEST).write_text(json.dumps({"outputs": [*bad, good]}), encoding="utf-8")
    assert [e.as_json() for e in read_manifest(tmp_path)] == [good]
    # a manifest from before audiences: its secret material stays secret
    legacy = {k: v for k, v in good.items() if k != "audience"}
    (tmp_path / MANIFEST).write_text(json.dumps({"outputs": [{**legacy, "private": True}, legacy]}), encoding="utf-8")
    assert [e.audience for e in read_manifest(tmp_path)] == ["host", "public"]
    for text in ("[1, 2]", '{"outputs": 3}', "not json", '{"outputs": [null]}'):
        (tmp_path / MANIFEST).write_text(text, encoding="utf-8")
        assert read_manifest(tmp_path) == []
    assert read_manifest(tmp_path / "nowhere") == []


@pytest.mark.parametrize(("key", "value"), [
    ("cut_length_mm", math.nan), ("cut_length_mm", math.inf), ("cut_length_mm", -1.0), ("cut_length_mm", 1e300),
    ("pages", -7), pytest.param("sheets", 10**4000, id="sheets-4001-digits"), ("cards", MAX_COUNT + 1),
    ("per_sheet", -1), ("sheets", -1), ("copies", -1), ("copies", MAX_COUNT + 1), ("copies", 2.5),
    ("offset_x_mm", math.nan), ("offset_y_mm", -math.inf), ("offset_x_mm", 21.0), ("bleed_mm", -3.0),
    ("bleed_mm", math.inf),
])
def test_an_entry_whose_numbers_the_press_could_not_have_written_does_not_fit(tmp_path, key, value):
    """Not finite, below nothing or past the press's bounds: a lie, skipped as a mistyped entry is (its game is
    built again), never a sum that overflows or a count printed into the catalogue."""
    good = {"path": "g/standard/g-desk-a4.pdf", "game": "g", "component": "desk", "title": "Desk",
            "edition": "standard", "paper": "a4", "pages": 2, "cards": 8, "per_sheet": 4, "sheets": 2,
            "cut_length_mm": 2592.0, "audience": "public", "sha256": SHA}
    edge = {**good, "pages": 0, "cut_length_mm": 0, "offset_x_mm": -20.0, "offset_y_mm": 20, "bleed_mm": 10.0}
    (tmp_path / MANIFEST).write_text(json.dumps({"outputs": [{**good, key: value}, good, edge]}), encoding="utf-8")
    assert [e.path for e in read_manifest(tmp_path)] == [good["path"]] * 2
    assert damage(tmp_path) == [f"{tmp_path / MANIFEST} has 1 entries that do not fit: what it lists is built again"]


def test_site_over_a_manifest_that_lies_publishes_no_number_of_it(tmp_path):
    out = picnic(tmp_path)
    data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    cards = next(e for e in data["outputs"] if e.get("cut_length_mm"))
    cards.update(pages=-7, cut_length_mm=math.nan)
    (out / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    state = json.loads((out / ".deckpress-inputs.json").read_text(encoding="utf-8"))
    state["picnic-pairs"]["listing"]["plan"].update(players=[2, 200], minutes=[5, 10**7])  # game.yaml allows neither
    (out / ".deckpress-inputs.json").write_text(json.dumps(state), encoding="utf-8")
    assert main(["site", "--out", str(out), "--content", str(tmp_path / "content")]) == 0  # no traceback
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "-7 page" not in index and "Players:" not in index and "10000000" not in index


def test_an_entry_without_a_game_title_is_read_and_written_as_it_was(tmp_path):
    old = {"path": "g/standard/g-rules-a4.pdf", "game": "g", "component": "rules", "title": "Rules",
           "edition": "standard", "paper": "a4", "pages": 2, "sha256": SHA}
    (tmp_path / MANIFEST).write_text(json.dumps({"outputs": [old]}), encoding="utf-8")
    shown = {k: v for k, v in old.items() if k != "sha256"} | {"audience": "public", "sha256": SHA}
    assert [e.as_json() for e in read_manifest(tmp_path)] == [shown]  # every entry now says who may see it


def test_the_titles_the_press_gives_come_from_its_words(tmp_path, monkeypatch):
    table = {**words.WORDS["en"], "kit_title": "Everything", "text_edition_title": "Plain text",
             "pdf_title": "{what} of {game} [{paper}]", "paper_a4": "ISO A4"}
    monkeypatch.setitem(words.WORDS, "en", table)
    out = picnic(tmp_path)
    titles = {e.component: e.title for e in read_manifest(out)}
    assert titles["kit"] == "Everything" and titles["accessible-html"] == "Plain text"
    kit = (out / "picnic-pairs/standard/picnic-pairs-kit-a4.pdf").read_bytes()
    assert b"(Everything of Picnic Pairs [ISO A4])" in kit


def test_each_game_has_its_section_of_the_catalogue_in_its_language_and_the_frame_is_english(tmp_path, monkeypatch):
    from deckpress.publish.catalogue import catalogue

    out = picnic(tmp_path)
    french = {**words.WORDS["en"], "catalogue_paper": "{edition} sur papier {paper}", "catalogue_howto": "Imprimer"}
    monkeypatch.setitem(words.WORDS, "fr", french)
    listing = Listing("fr-FR", (("standard", "Standard edition"),))
    page = {o.path: o for o in catalogue(out, read_manifest(out), {}, listings={"picnic-pairs": listing})}
    html = page["index.html"].data.decode("utf-8")
    assert '<h4 id="picnic-pairs-standard-a4">Standard edition sur papier A4</h4>' in html and "on A4 paper" not in html
    assert '<h2 id="howto">How to print</h2>' in html  # the frame, in English whatever the games' languages


def test_the_catalogue_names_editions_by_their_themes_in_the_games_order(tmp_path):
    """Editions are layout folders with a theme: their names come from the theme's label, recorded in the build
    state, and a build state that holds anything else is ignored (the id stands in for the name)."""
    from deckpress.publish.catalogue import catalogue

    out = picnic(tmp_path)
    listing = Listing("en", (("standard", "Everyday edition"),))
    html = {o.path: o for o in catalogue(out, read_manifest(out), {}, listings={"picnic-pairs": listing})}
    assert "Everyday edition" in html["index.html"].data.decode("utf-8")
    state = json.loads((out / ".deckpress-inputs.json").read_text())
    recorded = state["picnic-pairs"]["listing"]
    assert {k: v for k, v in recorded.items() if k != "plan"} == {
        "language": "en-GB", "editions": [["standard", "Standard edition"]], "about": [["standard", STANDARD_ABOUT]],
        # the options its plan's commands repeat: its content is outside the folder the build ran in, so DIR
        "repeated": {"content": "DIR", "layouts": [], "edition": None, "paper": "a4", "bold": False,
                     "high_contrast": None}}
    facts = Listing.from_json(recorded).facts  # the print plan's facts travel with the listing, for `site`
    assert len(facts.parts) >= 2 and [p.id for p in facts.parts] == [p[0] for p in recorded["plan"]["parts"]]
    assert Listing.from_json({"language": "en", "editions": [["standard"]]}) is None
    assert Listing.from_json([1, 2]) is None
    assert Listing("en").edition_name("large-print") == "large-print"


def test_a_build_of_one_edition_keeps_the_other_editions_names_in_the_catalogue(tmp_path):
    """A build of one edition loads only its theme: the catalogue still names the other edition and says what it
    is for, as the build of both did, and so do `deckpress site` and an export of one edition after it."""
    for part in ("content", "layouts"):
        shutil.copytree(FIXTURES / "harbour" / part, tmp_path / part)  # a game in both editions
    with (tmp_path / "layouts" / "standard" / "theme.yaml").open("a", encoding="utf-8") as theme:
        theme.write(f'about: "{STANDARD_ABOUT}"\n')
    out = tmp_path / "build"
    base = ["build", "--content", str(tmp_path / "content"), "--layouts", str(tmp_path / "layouts"), "--layouts",
            str(LAYOUTS), "--out", str(out), "--paper", "a4", "--jobs", "1"]
    assert main(base) == 0
    pages = ("index.html", "public/index.html")
    both = {page: (out / page).read_text(encoding="utf-8") for page in pages}
    assert "Standard edition on A4 paper" in both["index.html"] and STANDARD_ABOUT in both["index.html"]
    assert main([*base, "--edition", "large-print"]) == 0
    assert {page: (out / page).read_text(encoding="utf-8") for page in pages} == both
    assert main(["site", "--out", str(out), "--content", str(tmp_path / "content")]) == 0
    assert {page: (out / page).read_text(encoding="utf-8") for page in pages} == both
    export = ["export", *base[1:7], "--out", str(out), "--to", "png", "--dpi", "72", "--edition", "large-print"]
    assert main(export) == 0 and "Standard edition on A4 paper" in (out / "index.html").read_text(encoding="utf-8")
    # a build that loads the edition takes its name and line from its theme, whatever the record says: a label the
    # same as the edition's id, and no line, are the theme's too (a review: the record's outlived them)
    theme = tmp_path / "layouts" / "standard" / "theme.yaml"
    theme.write_text(theme.read_text(encoding="utf-8").replace(f'about: "{STANDARD_ABOUT}"\n', "").replace(
        "label: Standard edition", "label: standard"), encoding="utf-8")
    assert main(base) == 0
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Standard edition" not in page and STANDARD_ABOUT not in page and "standard on A4 paper" in page


def test_a_component_a_game_no_longer_has_leaves_the_manifest_and_the_catalogue(tmp_path):
    """Dropping a component from game.yaml drops its files from the listing at the next build; a build of one
    edition keeps the other edition's files listed."""
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "extra" / "content", content)
    out = tmp_path / "build"
    base = ["--content", str(content), "--layouts", str(LAYOUTS), "--out", str(out), "--paper", "a4"]
    assert main(["build", *base]) == 0
    game = content / "picnic-pairs" / "game.yaml"
    kept = [line for line in game.read_text(encoding="utf-8").splitlines(keepends=True) if "kind: rules" not in line]
    game.write_text("".join(kept), encoding="utf-8")
    assert main(["build", *base]) == 0
    components = {e.component for e in read_manifest(out)}
    assert "rules" not in components and "kit" in components
    assert "picnic-pairs-rules-a4.pdf" not in (out / "index.html").read_text(encoding="utf-8")
