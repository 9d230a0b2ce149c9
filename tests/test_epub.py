"""The EPUB 3 edition, read back: what a reading system opens (container, package, spine, navigation, font,
accessibility metadata), every word of the pages it packs, no secret in the players' book, the same bytes on every
build. The validators (EPUBCheck, DAISY Ace) are in test_epub_validators.py."""

from __future__ import annotations

import datetime
import json
import os
import re
import xml.etree.ElementTree as ET
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from conftest import CONTENT, LAYOUTS, games

from deckpress.cli import main
from deckpress.draw.fonts import FONT_FILES
from deckpress.numerals import counted
from deckpress.publish.epub import UNDATED
from deckpress.publish.epub_pages import PageError, chapters, contents
from deckpress.words import WORDS, known

OPF = "{http://www.idpf.org/2007/opf}"
DC = "{http://purl.org/dc/elements/1.1/}"
XHTML = "{http://www.w3.org/1999/xhtml}"
EPUB_NS = "{http://www.idpf.org/2007/ops}"
SECRET_GAME = "open-secret-exchange"


class Text(HTMLParser):
    """Every text of an (X)HTML page a reader gets, its title too; not its style sheet."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("style", "script")

    def handle_endtag(self, tag):
        self.skip -= tag in ("style", "script")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def words(markup: str) -> set[str]:
    parser = Text()
    parser.feed(markup)
    return set(re.findall(r"\w+", " ".join(parser.parts)))


def manifest(out: Path) -> list[dict]:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]


def packed_pages(out: Path, book: dict) -> list[str]:
    """The text edition's pages a book packs, by path (the manifest's order): the public pages in the players'
    book, every other page in the host's."""
    return [e["path"] for e in manifest(out) if e["game"] == book["game"] and e["component"] == "accessible-html"
            and (e["audience"] == "public") == (book["audience"] == "public")]


class Book:
    """An EPUB opened as a reading system opens it: container, then package, then spine."""

    def __init__(self, path: Path) -> None:
        self.zip = zipfile.ZipFile(path)
        container = ET.fromstring(self.zip.read("META-INF/container.xml"))
        self.opf_path = container.find(".//{*}rootfile").get("full-path")
        self.base = self.opf_path.rpartition("/")[0] + "/"
        self.opf = ET.fromstring(self.zip.read(self.opf_path))
        self.items = {i.get("id"): i for i in self.opf.iter(f"{OPF}item")}
        self.spine = [self.items[r.get("idref")].get("href") for r in self.opf.iter(f"{OPF}itemref")]
        self.nav = next(i.get("href") for i in self.items.values() if "nav" in (i.get("properties") or "").split())

    def read(self, href: str) -> bytes:
        return self.zip.read(self.base + href)

    def meta(self, prop: str) -> list[str]:
        return [m.text or "" for m in self.opf.iter(f"{OPF}meta") if m.get("property") == prop]

    def dc(self, name: str) -> list[str]:
        return [e.text or "" for e in self.opf.iter(f"{DC}{name}")]

    def words(self) -> set[str]:
        return set().union(*(words(self.read(href).decode("utf-8")) for href in self.spine))


def source_of(entry: dict) -> str:
    """The game folder an entry's files are built from: a translation's (`pocket-bazaar-de-de`) is its source's."""
    language = entry.get("language")
    tail = f"-{language.lower()}" if language else ""
    return entry["game"].removesuffix(tail) if tail and entry["game"].endswith(tail) else entry["game"]


def books(out: Path) -> list[dict]:
    return [e for e in manifest(out) if e["component"] == "epub"]


def test_every_game_has_its_books_in_the_manifest_with_their_checksums(built):
    import hashlib

    listed = {e["path"]: e for e in books(built)}
    for game in games():
        pages = [e for e in manifest(built) if e["game"] == game and e["component"] == "accessible-html"]
        expected = {f"{game}/{game}.epub": "public"}
        if any(e["audience"] != "public" for e in pages):
            expected[f"{game}/{game}-host.epub"] = "host"
        mine = {p: e for p, e in listed.items() if e["game"] == game}
        assert {p: e["audience"] for p, e in mine.items()} == expected
        for path, e in mine.items():
            assert (e["edition"], e["paper"], e["pages"]) == ("accessible", None, None)
            assert e["sha256"] == hashlib.sha256((built / path).read_bytes()).hexdigest()
    assert f"{SECRET_GAME}/{SECRET_GAME}-host.epub" in listed
    sums = (built / "SHA256SUMS").read_text(encoding="utf-8")
    assert all(f"{e['sha256']}  {p}" in sums for p, e in listed.items())


def test_the_catalogue_offers_each_book_beside_its_text_edition(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    for game in games():
        at = page.index(f'href="{game}/{game}.html"')
        assert page.index(f'href="{game}/{game}.epub"') > at
    host = page.index(f'href="{SECRET_GAME}/{SECRET_GAME}-host.epub"')
    assert page.index(f'href="{SECRET_GAME}/{SECRET_GAME}-host.html"') < host
    assert "(host only: keep it from the players)" in page[host:host + 300]


def test_the_container_opens_as_epub_3(built):
    for entry in books(built):
        with zipfile.ZipFile(built / entry["path"]) as z:
            first = z.infolist()[0]
            assert (first.filename, first.compress_type, first.extra) == ("mimetype", zipfile.ZIP_STORED, b"")
            assert z.read("mimetype") == b"application/epub+zip"
            assert all(i.date_time == (1980, 1, 1, 0, 0, 0) for i in z.infolist())  # no build time inside
        book = Book(built / entry["path"])
        language = entry.get("language", "en-GB")  # a translation's book is in its language
        assert book.opf.get("version") == "3.0" and book.dc("title") and book.dc("language") == [language]
        (uid,) = book.dc("identifier")
        assert re.fullmatch(r"urn:uuid:[0-9a-f-]{36}", uid)
        assert book.meta("dcterms:modified") == [expected_modified(source_of(entry))]
        chapters = [href.removesuffix(".xhtml") + ".html" for href in book.spine[1:]]
        assert book.spine[0] == book.nav  # the contents first, then the game's page (the players' or the host's)
        assert chapters[0] == entry["path"].rpartition("/")[2].removesuffix(".epub") + ".html"
        assert sorted(f"{entry['game']}/{c}" for c in chapters) == packed_pages(built, entry)
        for href in book.spine:
            root = ET.fromstring(book.read(href))
            assert root.get("lang") == root.get("{http://www.w3.org/XML/1998/namespace}lang") == language
            assert root.find(f"{XHTML}head/{XHTML}title").text


def expected_modified(game: str) -> str:
    """SOURCE_DATE_EPOCH's moment, else the game's own `date:` (each game in content/ has its own, or none)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    date = yaml.safe_load((CONTENT / game / "game.yaml").read_text(encoding="utf-8")).get("date")
    return UNDATED if date is None else f"{date}T00:00:00Z"  # YAML reads 2026-12-01 as a date, "2026-12-01" as text


def test_the_accessibility_metadata_says_what_the_book_is(built):
    for entry in books(built):
        book = Book(built / entry["path"])
        assert book.meta("schema:accessMode") == ["textual"] and book.meta("schema:accessModeSufficient") == ["textual"]
        assert {"structuralNavigation", "tableOfContents", "readingOrder", "displayTransformability"} <= set(
            book.meta("schema:accessibilityFeature"))
        assert book.meta("schema:accessibilityHazard") == ["none"]
        (summary,) = book.meta("schema:accessibilitySummary")
        say = WORDS[known(entry.get("language", "en")) or "en"]
        assert summary.startswith(say["epub_summary_host" if entry["audience"] == "host" else "epub_summary"][:40])
        assert book.meta("dcterms:conformsTo") == ["EPUB Accessibility 1.1 - WCAG 2.2 Level AA"]
        listing = yaml.safe_load((CONTENT / source_of(entry) / "game.yaml").read_text(encoding="utf-8"))
        assert book.meta("a11y:certifiedBy") == [listing.get("publisher") or listing["title"]]  # its publisher


def test_the_navigation_lists_every_heading_and_the_landmarks(built):
    for entry in books(built):
        book = Book(built / entry["path"])
        nav = ET.fromstring(book.read(book.nav))
        navs = {n.get(f"{EPUB_NS}type"): n for n in nav.iter(f"{XHTML}nav")}
        toc = [(a.get("href"), "".join(a.itertext())) for a in navs["toc"].iter(f"{XHTML}a")]
        headings = []
        for href in book.spine[1:]:
            page = ET.fromstring(book.read(href))
            headings += [(f"{href}#{h.get('id')}", " ".join("".join(h.itertext()).split())) for h in page.iter()
                         if re.fullmatch(rf"{re.escape(XHTML)}h[1-6]", h.tag)]
        assert toc == headings and len(toc) > 5  # every heading, in reading order, each its own target
        marks = {a.get(f"{EPUB_NS}type"): a.get("href") for a in navs["landmarks"].iter(f"{XHTML}a")}
        assert marks == {"toc": f"{book.nav}#toc", "bodymatter": book.spine[1]}


def test_the_font_is_embedded_and_used(built):
    for entry in books(built):
        book = Book(built / entry["path"])
        fonts = {i.get("href"): i for i in book.items.values() if i.get("media-type") == "font/ttf"}
        assert {Path(h).stem for h in fonts} == {n for n in FONT_FILES if n.startswith("AtkinsonHyperlegible-")}
        for href in fonts:
            assert book.read(href) == FONT_FILES[Path(href).stem].read_bytes()
        (css,) = [i.get("href") for i in book.items.values() if i.get("media-type") == "text/css"]
        style = book.read(css).decode("utf-8")
        assert style.count("@font-face") == len(fonts) and 'font-family: "Atkinson Hyperlegible"' in style
        assert all(f'url("../{href}")' in style for href in fonts)
        for href in book.spine:
            assert f'href="{Path(css).relative_to(Path(href).parent)}"' in book.read(href).decode("utf-8")


@pytest.mark.parametrize("game", games())
def test_the_book_holds_every_word_of_the_pages_it_packs(built, game):
    for entry in (e for e in books(built) if e["game"] == game):
        pages = packed_pages(built, entry)
        assert pages
        expected = set().union(*(words((built / p).read_text(encoding="utf-8")) for p in pages))
        missing = expected - Book(built / entry["path"]).words()
        assert not missing, f"{entry['path']} lacks {sorted(missing)[:20]}"


def test_the_players_book_holds_no_secret(built):
    folder = built / SECRET_GAME
    public = words((folder / f"{SECRET_GAME}.html").read_text(encoding="utf-8"))
    secret_pages = [e["path"] for e in manifest(built) if e["game"] == SECRET_GAME
                    and e["component"] == "accessible-html" and e["audience"] != "public"]
    own = set().union(*(words((built / p).read_text(encoding="utf-8")) for p in secret_pages)) - public
    assert len(own) > 50  # the records' values, the desks' requests, the answer guide's routes
    players = Book(folder / f"{SECRET_GAME}.epub")
    assert not own & players.words(), sorted(own & players.words())[:20]
    names = set(players.zip.namelist())
    assert not any("desk-cards" in n or "answer-guide" in n or "host" in n for n in names)
    host = Book(folder / f"{SECRET_GAME}-host.epub")
    assert own <= host.words()
    text = host.read(f"{SECRET_GAME}-host.xhtml").decode("utf-8")
    assert all(f'href="{SECRET_GAME}-desk-cards-{n}.xhtml"' in text for n in range(1, 9))  # the links still lead


def test_the_hosts_book_reads_the_secret_pages_in_the_order_the_host_page_links_them(built):
    """One order for a blind host moving through the book or through the page's links: the private pages by their
    titles, numbers counted (desk card 2 before desk card 10), as the host's bundle page lists them."""
    page = (built / SECRET_GAME / f"{SECRET_GAME}-host.html").read_text(encoding="utf-8")
    private = page[page.index('id="private"'):]
    linked = re.findall(r'<li><a href="([^"]+)\.html">([^<]+)</a>', private)
    assert [name for name, _ in linked][:2] == [f"{SECRET_GAME}-answer-guide", f"{SECRET_GAME}-desk-cards-1"]
    assert [title for _, title in linked] == sorted((title for _, title in linked), key=counted)
    spine = Book(built / SECRET_GAME / f"{SECRET_GAME}-host.epub").spine
    read = [href.removesuffix(".xhtml") for href in spine if href.startswith(SECRET_GAME)]
    assert read == [f"{SECRET_GAME}-host", *(name for name, _ in linked)]


def test_numbered_titles_are_ordered_by_their_numbers():
    titles = ["Desk card 10", "desk card 2", "Answer guide", "Desk card 1", "Δελτίο 3"]
    assert sorted(titles, key=counted) == ["Answer guide", "Desk card 1", "desk card 2", "Desk card 10", "Δελτίο 3"]


def test_the_same_sources_give_the_same_books(built, tmp_path, monkeypatch):
    first = {e["path"]: (built / e["path"]).read_bytes() for e in books(built)}
    ids = ["pocket-bazaar", SECRET_GAME]
    args = ["build", *ids, "--content", str(CONTENT), "--layouts", str(LAYOUTS), "--paper", "a4", "--edition",
            "standard"]
    assert main([*args, "--out", str(tmp_path / "again"), "--jobs", "2"]) == 0
    again = {p: (tmp_path / "again" / p).read_bytes() for p in first if p.split("/")[0] in ids}
    assert len(again) == 3 and all(again[p] == first[p] for p in again)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert main([*args, "--out", str(tmp_path / "dated"), "--jobs", "1"]) == 0
    dated = Book(tmp_path / "dated" / "pocket-bazaar" / "pocket-bazaar.epub")
    assert dated.meta("dcterms:modified") == ["2023-11-14T22:13:20Z"]
    assert dated.dc("identifier") == Book(built / "pocket-bazaar" / "pocket-bazaar.epub").dc("identifier")


def test_pages_become_chapters_with_their_links_kept_where_they_lead():
    pages = {"a.html": '<html><head><title>A &amp; B</title></head><body><h1>One</h1><p>see <a href="b.html#x">'
                       'B</a>, <a href="gone.html">the <em>other</em> page</a> and <a href="#top">top</a>.</p>'
                       '<h3 id="h-1">Three</h3><h2>Two</h2></body></html>',
             "b.html": "<html><body><h2 id='x'>Bee</h2></body></html>"}
    a, b = chapters(pages)
    assert (a.name, a.title, b.title) == ("a.xhtml", "A & B", "Bee")
    assert '<a href="b.xhtml#x">B</a>, the <em>other</em> page and <a href="#top">top</a>.' in a.body
    assert [(h.level, h.target, h.text) for h in a.headings] == [
        (1, "a.xhtml#h-2", "One"), (3, "a.xhtml#h-1", "Three"), (2, "a.xhtml#h-3", "Two")]
    tree = contents([a, b])
    assert [h.text for h in tree] == ["One", "Bee"] and [h.text for h in tree[0].children] == ["Three", "Two"]


def test_a_page_that_is_not_well_formed_is_named_with_its_line():
    with pytest.raises(PageError, match=r"^p\.html:3:\d+: the page's body is not well-formed XML"):
        chapters({"p.html": "<html>\n<body>\n<p>a<br></p>\n</body></html>"})
