"""A game in three languages (tests/fixtures/languages: en-GB, German and French) built in every edition and
paper: each language's files named apart (the source's as ever), each PDF's /Lang and XMP, each HTML page's and
EPUB's lang, the slug's words and the manifest's `language` that language's; EPUBCheck and DAISY Ace clean in
every language. And the checks per language: a changed source fuzzy in every PO and a finding there, a long
German text a fit finding at its German entry, the source printed instead with --fallback-language."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import polib
import pypdf
import pytest
from conftest import FIXTURES, LAYOUTS, edit, fixture_built, fixture_game
from test_epub_validators import ace_violations, epubcheck_faults

from deckpress.cli import main

GAME = "harbour-tongues"
LANGUAGES = {"en-GB": GAME, "de-DE": f"{GAME}-de-de", "fr-FR": f"{GAME}-fr-fr"}  # language -> the files' game id
SLUG = {"en-GB": "page 1 of", "de-DE": "Seite 1 von", "fr-FR": "page 1 sur"}
MOTTO = {"en-GB": "Hold fast.", "de-DE": "Halt fest.", "fr-FR": "Tiens bon."}
EDITIONS = {"en-GB": {"standard": "Standard edition", "large-print": "Large-print edition"},
            "de-DE": {"standard": "Standardausgabe", "large-print": "Großdruckausgabe"},
            "fr-FR": {"standard": "Édition standard", "large-print": "Édition en gros caractères"}}
PO = Path("content") / GAME / "translations"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return fixture_built(tmp_path_factory, FIXTURES / "languages")


def entries(out: Path) -> list[dict[str, object]]:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_pdf_of_every_edition_and_paper_is_in_its_language(built, language):
    game = LANGUAGES[language]
    pdfs = [e for e in entries(built) if e["game"] == game and str(e["path"]).endswith(".pdf")]
    assert {(e["edition"], e["paper"]) for e in pdfs if e["component"] == "cards"} == {
        (ed, p) for ed in ("standard", "large-print") for p in ("a4", "letter")}
    for entry in pdfs:
        assert entry["language"] == language
        reader = pypdf.PdfReader(built / str(entry["path"]))
        assert reader.trailer["/Root"]["/Lang"] == language, entry["path"]
        xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data().decode()
        assert f'xml:lang="{language}"' in xmp or f"<dc:language><rdf:Bag><rdf:li>{language}" in xmp, entry["path"]
        if entry["component"] == "cards":
            text = " ".join(page.extract_text() for page in reader.pages)
            assert SLUG[language] in text and MOTTO[language] in text, entry["path"]
            assert EDITIONS[language][str(entry["edition"])] in text.replace("\n", " "), entry["path"]
    assert all(str(e["path"]).startswith(f"{game}/") for e in pdfs)  # the source's files keep their names


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_html_page_and_epub_is_in_its_language(built, language):
    game = LANGUAGES[language]
    html = (built / game / f"{game}.html").read_text(encoding="utf-8")
    assert f'lang="{language}" xml:lang="{language}"' in html and MOTTO[language] in html
    with zipfile.ZipFile(built / game / f"{game}.epub") as book:
        opf = next(book.read(n).decode() for n in book.namelist() if n.endswith(".opf"))
        assert f"<dc:language>{language}</dc:language>" in opf
        pages = [book.read(n).decode() for n in book.namelist() if n.endswith(".xhtml")]
    assert pages and all(re.search(rf'xml:lang="{language}"', page) for page in pages)


@pytest.mark.slow
def test_every_languages_epub_passes_epubcheck(built, tmp_path_factory):
    faults = epubcheck_faults(tmp_path_factory, [built / game / f"{game}.epub" for game in LANGUAGES.values()])
    assert not faults, "\n".join(faults)


@pytest.mark.slow
def test_every_languages_epub_passes_daisy_ace(built, tmp_path_factory):
    violations = ace_violations(tmp_path_factory, [built / game / f"{game}.epub" for game in LANGUAGES.values()])
    assert not violations, "\n".join(violations)


def test_a_changed_source_text_turns_fuzzy_in_every_po_and_is_a_finding_there(tmp_path, monkeypatch, capsys):
    run = fixture_game(FIXTURES / "languages", tmp_path, monkeypatch, capsys)
    edit(Path("content") / GAME / "cards.yaml", "motto: Hold fast.", "motto: Hold on fast.", translations=False)
    status, errors = run("check")
    assert status == 1 and {e.split(":")[0] for e in errors} == {str(PO / "de-DE.po"), str(PO / "fr-FR.po")}
    assert all("the source text changed since it was translated (cards.yaml:cards[0].motto)" in e for e in errors)
    assert run("translations", GAME)[0] == 0
    for tag in ("de-DE", "fr-FR"):
        entry = polib.pofile(str(PO / f"{tag}.po")).find("cards.yaml:cards[0].motto", by="msgctxt")
        assert entry.fuzzy and entry.previous_msgid == "Hold fast." and entry.msgstr == MOTTO[tag]
    status, errors = run("check")
    assert status == 1 and len(errors) == 2
    assert all(re.match(rf"{PO}/(de-DE|fr-FR)\.po:\d+:1: error: (de-DE|fr-FR): the translation is fuzzy \(cards"
                        r"\.yaml:cards\[0\]\.motto\)", e) for e in errors), errors


def test_a_game_folder_named_as_a_translation_is_built_is_a_finding(tmp_path, monkeypatch, capsys):
    """A folder `harbour-tongues-de-de` beside the game translated into de-DE: their files would overwrite."""
    run = fixture_game(FIXTURES / "languages", tmp_path, monkeypatch, capsys)
    shutil.copytree(Path("content") / GAME, Path("content") / f"{GAME}-de-de")
    status, errors = run("check")
    assert status == 1
    assert any(f"{GAME}: its de-DE translation is built as {GAME}-de-de, the name of the game in content/{GAME}-de-de"
               in e for e in errors), errors


def test_a_text_too_long_in_german_is_a_fit_finding_at_its_german_entry(tmp_path, monkeypatch, capsys):
    run = fixture_game(FIXTURES / "languages", tmp_path, monkeypatch, capsys)
    po = polib.pofile(str(PO / "de-DE.po"))
    po.find("cards.yaml:cards[0].motto", by="msgctxt").msgstr = " ".join(["Donaudampfschifffahrtsgesellschaft"] * 12)
    po.save()
    status, errors = run("check")
    assert status == 1 and errors, errors
    assert all(e.startswith(f"{PO}/de-DE.po:") and f"{GAME}-de-de (de-DE) cards, " in e for e in errors), errors
    assert any("motto: the translation does not fit its" in e and "characters too long" in e for e in errors), errors


def test_with_fallback_language_a_missing_translation_prints_the_source_with_a_warning(tmp_path, monkeypatch,
                                                                                        capsys):
    run = fixture_game(FIXTURES / "languages", tmp_path, monkeypatch, capsys)
    po = polib.pofile(str(PO / "fr-FR.po"))
    po.find("cards.yaml:cards[0].motto", by="msgctxt").msgstr = ""
    po.save()
    assert run("check")[0] == 1
    capsys.readouterr()
    status = main(["build", "--fallback-language", "--paper", "a4", "--edition", "standard", "--jobs", "1",
                   "--layouts", "layouts", "--layouts", str(LAYOUTS)])
    err = capsys.readouterr().err
    assert status == 0, err
    warning = "warning: fr-FR: not translated yet (cards.yaml:cards[0].motto) (printed in the source language"
    assert f"{PO}/fr-FR.po:" in err and warning in err
    cards = pypdf.PdfReader(f"build/{GAME}-fr-fr/standard/{GAME}-fr-fr-cards-a4.pdf")
    text = " ".join(p.extract_text() for p in cards.pages)
    assert "Hold fast." in text and "Reste au port." in text


def test_a_glyph_the_font_lacks_in_one_language_is_a_finding_at_its_entry(tmp_path, monkeypatch, capsys):
    run = fixture_game(FIXTURES / "languages", tmp_path, monkeypatch, capsys)
    po = polib.pofile(str(PO / "fr-FR.po"))
    entry = po.find("cards.yaml:cards[1].motto", by="msgctxt")
    entry.msgstr = "Reste au port 港."
    po.save()
    entry = polib.pofile(str(PO / "fr-FR.po")).find("cards.yaml:cards[1].motto", by="msgctxt")
    status, errors = run("check")
    assert status == 1 and len(errors) == 1
    said = f"error: card 2 (Ancres 2), {GAME}-fr-fr (fr-FR) cards, motto: fr-FR: Atkinson Hyperlegible has no glyph"
    assert errors[0].startswith(f"{PO}/fr-FR.po:{entry.linenum}:1: {said} for U+6E2F '港' (AtkinsonHyperlegible-")
    assert "no font the press ships covers Chinese, Japanese and Korean (CJK) script" in errors[0]


@pytest.mark.slow
def test_the_catalogue_offers_each_game_in_its_languages(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    for language, game in LANGUAGES.items():
        section = page.split(f'<section aria-labelledby="game-{game}" lang="{language}">', 1)[1].split("</section>")[0]
        choice = re.search(r'<p class="languages">(.*?)</p>', section)
        assert choice is not None, game
        links = re.findall(r'<a href="#game-([a-z-]+)" hreflang="([A-Za-z-]+)" lang="[^"]+">([^<]+)</a>', choice[1])
        assert {(g, t) for g, t, _ in links} == {(g, t) for t, g in LANGUAGES.items() if t != language}
        assert f'<strong aria-current="true" lang="{language}">' in choice[1]
    assert {name for name in re.findall(r'lang="[^"]+">([^<]+)</', page)} >= {"English", "Deutsch", "Français"}
    for game in LANGUAGES.values():
        assert f'id="game-{game}"' in page  # every link has its target
    # the print plan's commands for the other builds name the game as a designer builds it, in every language
    commands = set(re.findall(r"<code>(\.venv/bin/deckpress build [^<]+)</code>", page))
    assert commands and all(c.split()[2] == GAME for c in commands), commands
    # the contents list the game once, its languages under it, each in its own language
    contents = page.split('<nav aria-labelledby="contents">', 1)[1].split("</nav>", 1)[0]
    top = re.findall(r'^<li><a href="#game-([a-z-]+)">', contents, re.M)
    assert top == [GAME], top
    assert '<li lang="de-DE"><a href="#game-harbour-tongues-de-de" hreflang="de-DE">Deutsch: ' in contents
    assert '<li lang="fr-FR"><a href="#game-harbour-tongues-fr-fr" hreflang="fr-FR">Français: ' in contents
    sizes = page.split(f'<section aria-labelledby="game-{GAME}-fr-fr"', 1)[1].split('<div class="howto"')[0]
    assert "\u00a0Ko" in sizes and " KB" not in sizes  # a file's size in French units


@pytest.mark.slow
def test_the_catalogues_language_choice_works_in_chromium(built, tmp_path):
    dom = dumped_dom(f"{(built / 'index.html').as_uri()}#game-{LANGUAGES['de-DE']}", tmp_path / "profile")
    choices_lead_to_games(dom, len(LANGUAGES))
    assert f'lang="de-DE"><h2 id="game-{LANGUAGES["de-DE"]}">Hafenzungen</h2>' in dom.replace("\n", "")


def choices_lead_to_games(dom: str, versions: int) -> None:
    """Each of a game's `versions` offers the others, each link to a section on the page."""
    ids = set(re.findall(r'\bid="([^"]+)"', dom))
    choices = re.findall(r'<p class="languages">(.*?)</p>', dom, re.S)
    assert len(choices) == versions, dom[-2000:]
    for choice in choices:
        targets = re.findall(r'href="#([^"]+)"', choice)
        assert len(targets) == versions - 1 and set(targets) <= ids


def dumped_dom(url: str, profile: Path) -> str:
    """The page at `url` as headless Chromium built it, its scripts run."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no Chromium on this machine (.ci/run installs Debian's chromium)")
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={profile}", "--virtual-time-budget=5000", "--dump-dom", url]
    return subprocess.run(command, capture_output=True, text=True, timeout=120).stdout


def test_the_tabletop_simulator_export_is_made_in_every_language(tmp_path, monkeypatch, capsys):
    run = fixture_game(FIXTURES / "languages", tmp_path, monkeypatch, capsys)
    assert run("export", "--to", "tts") == (0, [])
    for language, game in LANGUAGES.items():
        save = json.loads(Path(f"build/{game}/export/tts/{game}.json").read_text(encoding="utf-8"))
        assert MOTTO[language] in json.dumps(save, ensure_ascii=False)
        listed = [e for e in entries(Path("build")) if e["game"] == game]
        assert listed and all(e["language"] == language for e in listed)
    readme = Path(f"build/{LANGUAGES['de-DE']}/export/tts/{LANGUAGES['de-DE']}-README.txt").read_text(encoding="utf-8")
    assert readme.startswith("Hafenzungen für Tabletop Simulator")


@pytest.mark.slow
def test_site_lists_each_language_as_the_build_did(built, tmp_path):
    """`deckpress site` remakes the catalogues from the recorded listings: a translation's too, so its section
    keeps its own words and edition names, and the page its bytes."""
    out = tmp_path / "out"
    shutil.copytree(built, out)
    (out / "public" / "index.html").unlink()
    assert main(["site", "--out", str(out), "--content", str(FIXTURES / "languages" / "content")]) == 0
    for page in ("index.html", "public/index.html"):
        remade, first = ((o / page).read_text(encoding="utf-8") for o in (out, built))
        assert remade == first, page  # every byte: a thumbnail's ratio is its PNG's, kept or drawn
        assert "Großdruckausgabe auf A4-Papier" in remade  # the German section's edition, named in German
