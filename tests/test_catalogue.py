"""The download catalogue: links, checksums, thumbnails, accessibility; `deckpress serve`; a real browser."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from html.parser import HTMLParser

import pytest
from PIL import Image
from pypdf import PdfReader

from deckpress.words import WORDS, known


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links, self.images, self.headings, self.lang = [], [], [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if tag == "a" and not a["href"].startswith("#"):
            self.links.append(a["href"])
        if tag == "img":
            self.images.append({**a, "pdf": self.links[-1]})  # the file's link, just before its picture
        if len(tag) == 2 and tag[0] == "h" and tag[1].isdigit():
            self.headings.append(int(tag[1]))


@pytest.fixture(scope="module")
def page(built) -> Links:
    parsed = Links()
    parsed.feed((built / "index.html").read_text(encoding="utf-8"))
    return parsed


def test_every_link_is_a_file_in_the_manifest_with_its_checksum(built, page):
    entries = {e["path"]: e for e in json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]}
    publications = {link for link in page.links if link.startswith(("public/", "host/"))}  # their own pages
    assert publications == {"public/index.html", "host/open-secret-exchange/index.html"}
    assert all((built / link).is_file() for link in publications)
    languages = {"index.de.html"}  # the catalogue in German too: The Pocket Bazaar is in German
    assert all((built / link).is_file() for link in languages) and languages <= set(page.links)
    assert page.links and set(page.links) - {"manifest.json", "SHA256SUMS"} - publications - languages <= set(entries)
    assert {"manifest.json", "SHA256SUMS"} <= set(page.links)
    pdfs = {p for p in entries if p.endswith(".pdf")}
    assert pdfs <= set(page.links)  # every PDF is offered
    text = (built / "index.html").read_text(encoding="utf-8")
    for path in (link for link in page.links if link in entries):
        data = (built / path).read_bytes()
        assert entries[path]["sha256"] == hashlib.sha256(data).hexdigest()
        if path.endswith(".pdf"):
            assert entries[path]["sha256"] in text


def test_every_thumbnail_exists_with_its_pdfs_proportions_and_alt_text(built, page):
    entries = {e["path"]: e for e in json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]}
    printed = [link for link in page.links if link.endswith(".pdf") and entries[link]["edition"] != "accessible"]
    assert len(page.images) == len(printed)  # a tile a printed PDF; the braille labels' PDFs are listed, not shown
    for image in page.images:
        secret = entries[image["pdf"]]["audience"] != "public" and "-kit-" not in image["pdf"]
        say = WORDS[known(entries[image["pdf"]].get("language", "en")) or "en"]  # in its game's language
        opening = say["catalogue_cover" if secret else "catalogue_first_page"].split("{")[0]
        assert image["alt"].startswith(opening) and image["pdf"].endswith(".pdf")
        box = PdfReader(built / image["pdf"]).pages[0].mediabox
        with Image.open(built / image["src"]) as png:
            assert (png.width, png.height) == (int(image["width"]), int(image["height"]))
            # within the pixel PDFium rounds the height up to (a landscape page's is a larger share of it)
            assert abs(png.height - png.width * float(box.height) / float(box.width)) <= 1, image["pdf"]


def test_the_page_is_accessible_and_works_offline(built, page):
    text = (built / "index.html").read_text(encoding="utf-8")
    assert page.lang == "en"
    assert page.headings.count(1) == 1
    assert all(b <= a + 1 for a, b in zip(page.headings, page.headings[1:], strict=False))
    assert "http://" not in text and "https://" not in text  # nothing to fetch: it opens from the file system
    assert "Print at 100% / Actual size" in text and "single-sided" in text and "50 mm square" in text
    assert 'class="skip" href="#games"' in text  # keyboard users can skip to the games
    assert "max-width: 100%" in text  # thumbnails shrink rather than overflow at 200% zoom


def test_each_game_s_accessible_editions_have_a_heading_and_a_place_in_the_contents(built):
    """Found by a screen reader's user listing headings or reading the contents, not after four tables; the
    contents list holds list items only."""
    text = (built / "index.html").read_text(encoding="utf-8")
    nav = text[text.index('<nav aria-labelledby="contents">'):text.index("</nav>")]
    assert "<p>" not in nav
    for game in ("pocket-bazaar", "open-secret-exchange", "stone-market"):
        assert f'<li><a href="#accessible-{game}">' in nav
        section = text[text.index(f'<h3 id="accessible-{game}">'):]
        section = section[:section.index("</section>")]
        assert f'href="{game}/{game}.html"' in section and f'href="{game}/{game}.brf"' in section
    secret = text[text.index('<h3 id="accessible-open-secret-exchange">'):]
    assert "open-secret-exchange-host.brf" in secret[:secret.index("</section>")]  # the host's, with the rest


def test_serve_answers_on_localhost_and_stops_on_ctrl_c(built):
    command = [sys.executable, "-u", "-m", "deckpress", "serve", "--out", str(built), "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = line.split(" at ")[1].split(" ")[0]
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + "index.html", timeout=10) as response:
            page = response.read()
        assert b"print-and-play downloads" in page and b"This is the public catalogue" in page  # public/ by default
        for line in (built / "public" / "SHA256SUMS").read_text(encoding="utf-8").splitlines():  # each download
            with urllib.request.urlopen(urllib.request.Request(url + line[66:], method="HEAD"), timeout=10) as found:
                assert found.status == 200, line  # hard links to the build's files: refused before, every one
        for secret in ("open-secret-exchange/open-secret-exchange-host.html", "host/open-secret-exchange/index.html"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(url + secret, timeout=10)
            refused.value.close()
            assert refused.value.code == 404, secret
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=10)
    assert server.returncode == 0 and "stopped" in out and "Traceback" not in err


def test_a_real_browser_loads_every_thumbnail(built, tmp_path):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no Chromium on this machine (.ci/run installs Debian's chromium)")
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tmp_path / 'profile'}", "--enable-logging=stderr", "--v=0",
               "--virtual-time-budget=5000", "--dump-dom", (built / "index.html").as_uri()]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert 'data-thumbnails="ok"' in run.stdout, run.stderr[-2000:]
    # every contents link leads to a heading on the page, as the browser built it
    targets = re.findall(r'href="#([^"]+)"', run.stdout)
    ids = set(re.findall(r'\bid="([^"]+)"', run.stdout))
    assert len(targets) > 10 and set(targets) <= ids, set(targets) - ids
    console = [line for line in run.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == []


def test_each_file_counts_its_pieces_by_their_own_name(built):
    """Stone tokens are stones and a die's faces are faces, not cards: the deck's own plural (`cards:`), in the
    game's language; a die's faces by the press's word where its deck gives none."""
    text = (built / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r"<p>\d+ pages?, [^<]*</p>", text)
    for pieces in ("100 stones", "6 die faces", "10 exchange cards", "45 wares", "24 lots", "8 desk cards"):
        assert any(f", {pieces}," in row or row.endswith(f", {pieces}</p>") for row in rows), pieces
    assert not [row for row in rows if "100 cards" in row or "6 cards<" in row]
    assert ", 24 Lose," in text  # the German version's own word
    assert WORDS["es"]["catalogue_faces"].format(cards=6) == "6 caras de dado"
    page = (built / "stone-market" / "stone-market.html").read_text(encoding="utf-8")
    assert f'<h2 id="cards">{WORDS["en"]["html_pieces"]}</h2>' in page  # its die and stones are not all cards
