"""The catalogue in every language its games are in (tests/fixtures/languages, with a Spanish version added):
index.html in English, index.<language>.html beside it for each other language, each page's frame wholly in its
language, `lang`/`xml:lang` set, the pages linking each other by `hreflang` and the language's own name, every game
listed on every page with the page's language first; the same in public/; the host's page in its game's language;
a language's page taken away with its last game; the per-game language choice and axe-core in Chromium."""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import partial
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from conftest import FIXTURES, LAYOUTS
from test_languages_built import choices_lead_to_games, dumped_dom
from test_text_edition_browser import axe_found

from deckpress.cli import main
from deckpress.publish.braille import DISPLAY
from deckpress.publish.braille_grades import GRADES
from deckpress.words import WORDS, say

GAME = "harbour-tongues"
GAMES = {"en": GAME, "de": f"{GAME}-de-de", "fr": f"{GAME}-fr-fr", "es": f"{GAME}-es-es"}
PAGES = {"en": "index.html", "de": "index.de.html", "fr": "index.fr.html", "es": "index.es.html"}
NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
FRAME = ("catalogue_title", "catalogue_contents", "catalogue_howto", "catalogue_howto_measure",
         "catalogue_howto_verify", "catalogue_checksums", "catalogue_flat_whole", "catalogue_sums_file",
         "catalogue_manifest_file", "catalogue_page_in")
SCOPES = {"": ("catalogue_tree_note", "catalogue_howto_pick", "catalogue_checksums_why"),  # the full tree's page
          "public/": ("catalogue_public_note", "catalogue_howto_pick_public", "catalogue_flat_why")}
GAME_YAML = Path("content") / GAME / "game.yaml"
TITLE = "Lenguas del puerto"  # the Spanish version's own title: each game's section is named apart


def _build(root: Path, *more: str) -> int:
    return main(["build", "--content", str(root / "content"), "--layouts", str(root / "layouts"), "--layouts",
                 str(LAYOUTS), "--out", str(root / "out"), "--jobs", "1", "--edition", "standard", "--paper", "a4",
                 *more])


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The three-language fixture with es-ES added, its Spanish entries copied from the source (the press's
    words, not the game's, are what this checks), but for its title."""
    root = tmp_path_factory.mktemp("catalogue-languages")
    for part in ("content", "layouts"):
        shutil.copytree(FIXTURES / "languages" / part, root / part)
    game = root / GAME_YAML
    game.write_text(game.read_text(encoding="utf-8").replace("fr-FR]", "fr-FR, es-ES]"), encoding="utf-8")
    assert main(["translations", "--content", str(root / "content"), "--layouts", str(root / "layouts"),
                 "--layouts", str(LAYOUTS), GAME]) == 0
    po = polib.pofile(str(root / "content" / GAME / "translations" / "es-ES.po"))
    for entry in po:
        entry.msgstr = TITLE if entry.msgctxt == "game.yaml:title" else entry.msgid
    po.save()
    assert _build(root) == 0
    return root / "out"


class Page(HTMLParser):
    """A page as read back: its lang attributes, its alternates, its links to the other pages, its text."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.html: dict[str, str | None] = {}
        self.alternates: dict[str, str] = {}
        self.others: dict[str, list[str]] = {}
        self.current: str = ""
        self.sections: list[tuple[str, str | None]] = []
        self._in: str | None = None
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.html = a
        elif tag == "link" and a.get("rel") == "alternate":
            self.alternates[str(a["hreflang"])] = str(a["href"])
        elif tag == "a" and str(a.get("href", "")).startswith("index"):
            self._in = str(a["hreflang"])
            self.others[self._in] = [str(a["href"]), str(a["lang"]), ""]
        elif tag == "strong" and a.get("aria-current") == "page":
            self._in = "current"
        elif tag == "section" and str(a.get("aria-labelledby", "")).startswith("game-"):
            self.sections.append((str(a["aria-labelledby"])[5:], a.get("lang")))

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        self.text.append(data)
        if self._in == "current":
            self.current += data
        elif self._in in self.others:
            self.others[self._in][2] += data


def _said(language: str, key: str) -> str:
    """A frame's phrase as the page says it: its placeholder (`host/<game>/`) in the language's word."""
    return say(language, key, game=WORDS[language]["catalogue_placeholder_game"])


@pytest.mark.slow
@pytest.mark.parametrize("folder", ["", "public/"])
@pytest.mark.parametrize("language", PAGES)
def test_each_language_has_a_page_its_frame_in_that_language(built, folder, language):
    page = Page((built / folder / PAGES[language]).read_text(encoding="utf-8"))
    assert page.html["lang"] == page.html["xml:lang"] == language
    assert page.alternates == {t: PAGES[t] for t in PAGES}
    assert page.current == NAMES[language]
    assert page.others == {t: [PAGES[t], t, NAMES[t]] for t in PAGES if t != language}
    text = unescape(" ".join(" ".join(page.text).split()))
    for key in (*FRAME, *SCOPES[folder]):
        assert " ".join(_said(language, key).split()) in text, key
        if language != "en":  # no English frame text left
            assert " ".join(_said("en", key).split()) not in text, key
    assert sorted(g for g, _ in page.sections) == sorted(GAMES.values())  # every game, on every page


@pytest.mark.slow
def test_the_spanish_page_leads_with_the_spanish_version_and_marks_the_others(built):
    text = (built / "index.es.html").read_text(encoding="utf-8")
    page = Page(text)
    assert page.sections[0] == (GAMES["es"], "es-ES")
    assert dict(page.sections)[GAME] == "en-GB"
    contents = text.split('<nav aria-labelledby="contents">', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r'^<li><a href="#game-([a-z-]+)">', contents, re.M) == [GAMES["es"]]
    assert '<li lang="en-GB"><a href="#game-harbour-tongues" hreflang="en-GB">English: ' in contents
    assert "Imprime al 100 %" in text and "Elige abajo tu juego" in text  # tú, as Spanish game rules
    assert '<a href="public/index.es.html">' in text
    english = (built / "index.html").read_text(encoding="utf-8")
    assert Page(english).sections[0] == (GAME, "en-GB")


@pytest.mark.slow
def test_a_language_s_page_goes_with_its_last_game(built, tmp_path):
    root = tmp_path / "again"
    shutil.copytree(built.parent, root)
    game = root / GAME_YAML
    game.write_text(game.read_text(encoding="utf-8").replace(", es-ES]", "]"), encoding="utf-8")
    assert _build(root) == 0
    assert not (root / "out" / "index.es.html").exists()
    assert not (root / "out" / "public" / "index.es.html").exists()
    assert "index.es.html" not in (root / "out" / "SHA256SUMS").read_text(encoding="utf-8")
    assert "index.es.html" not in (root / "out" / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_language_choice_works_on_every_page_in_chromium(built, tmp_path):
    for language, name in PAGES.items():
        dom = dumped_dom(f"{(built / name).as_uri()}#game-{GAMES['de']}", tmp_path / language)
        assert f'<html lang="{language}" xml:lang="{language}">' in dom
        choices_lead_to_games(dom, len(GAMES))
        pages = re.search(r'<p class="pages">(.*?)</p>', dom, re.S)
        assert pages and set(re.findall(r'href="([^"#]+)"', pages[1])) == set(PAGES.values()) - {name}
        assert all((built / p).is_file() for p in PAGES.values())


@pytest.mark.slow
def test_axe_finds_no_violation_on_any_catalogue_page(built, tmp_path):
    pages = [(built / folder / p).as_uri() for folder in ("", "public") for p in PAGES.values()]
    for page, said in axe_found(pages, tmp_path).items():
        assert said.get("violations") == [], f"{page}: {said}"


def test_the_host_s_bundle_page_is_in_its_game_s_language():
    from deckpress.publish.publications import _bundle_page

    page = _bundle_page("g", [], [], None, "es").decode("utf-8")
    assert '<html lang="es" xml:lang="es">' in page
    assert WORDS["es"]["bundle_note"].split(":")[0] in page and WORDS["en"]["bundle_print"] not in page


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("lou_translate") is None, reason="liblouis (lou_translate) is not installed")
def test_the_spanish_version_s_brf_is_uncontracted_and_reads_back(built):
    """Braille integral, as GRADES states for Spanish: the title reads back word for word, and the Spanish
    catalogue says which braille it is (`braille español integral`)."""
    brf = (built / GAMES["es"] / f"{GAMES['es']}.brf").read_bytes().decode("ascii")
    back = subprocess.run(["lou_translate", "--backward", f"{DISPLAY},{GRADES['es'].text}"],
                          input=brf.replace("\r\n", "\n").replace("\f", "\n"), capture_output=True, text=True,
                          check=True).stdout
    assert "Lenguas del puerto" in back and "Reglas" in back
    assert WORDS["es"]["catalogue_brf_for"] in (built / "index.es.html").read_text(encoding="utf-8")


def test_a_file_s_pieces_take_the_singular_where_the_language_calls_the_count_one():
    """French calls 0 and 1 `one` (CLDR): `0 pierre`, `1 pierre`, `2 pierres`; English only 1: `0 pierres`."""
    from deckpress.publish.catalogue import _pieces
    from deckpress.publish.listing import Listing
    from deckpress.publish.manifest import Entry
    from deckpress.publish.print_plan import CARD, Facts, Part

    facts = Facts(parts=(Part("stones", "Stones", CARD, "public", noun="pierre", nouns="pierres"),))
    said = {language: [_pieces(Listing(language, facts=facts), partial(say, language),
                               Entry("x.pdf", "g", "G", "stones", "Stones", "standard", "a4", 1, cards=n))
                       for n in (0, 1, 2)] for language in ("fr", "en")}
    assert said["fr"] == ["0 pierre", "1 pierre", "2 pierres"]
    assert said["en"] == ["0 pierres", "1 pierre", "2 pierres"]
