"""The catalogue shows no secret: a private or host part's picture is its cover, its warning part of its link's
name; the kit's picture is its first part; a contents list; SHA256SUMS that `sha256sum -c` passes."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import CONTENT
from PIL import Image
from pypdf import PdfReader

from deckpress.cli import main
from deckpress.publish.thumbnails import thumbnail
from deckpress.words import WORDS, known

SAY = WORDS["en"]


class Page(HTMLParser):
    """Each link's address and name (its text), each picture with the link before it, and the ids."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self.pictures: dict[str, str] = {}  # a PDF -> its thumbnail
        self.ids: set[str] = set()
        self.open: list[str] | None = None
        self.images_in_links = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a":
            self.links.append((a["href"], ""))
            self.open = []
        if tag == "img":
            self.images_in_links += self.open is not None
            self.pictures[self.links[-1][0]] = a["src"]

    def handle_data(self, data):
        if self.open is not None:
            self.open.append(data)

    def handle_endtag(self, tag):
        if tag == "a" and self.open is not None:
            self.links[-1] = (self.links[-1][0], re.sub(r"\s+", " ", "".join(self.open)).strip())
            self.open = None


@pytest.fixture(scope="module")
def page(built) -> Page:
    parsed = Page()
    parsed.feed((built / "index.html").read_text(encoding="utf-8"))
    return parsed


@pytest.fixture(scope="module")
def manifest(built) -> dict[str, dict]:
    return {e["path"]: e for e in json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]}


def pixels(png: bytes) -> bytes:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("L").tobytes()


def kit_page(built: Path, entry: dict, title: str) -> tuple[int, Path]:
    """The page (from 0) of the host's kit that a bookmark opens, and that kit."""
    host_kit = built / entry["path"].replace(f"-{entry['component']}-", "-host-kit-")
    reader = PdfReader(host_kit)
    return next(reader.get_destination_page_number(o) for o in reader.outline if o.title == title), host_kit


def test_no_picture_of_secret_material_shows_its_content_but_its_cover(built, page, manifest):
    secret = [e for e in manifest.values() if e["path"].endswith(".pdf") and e["audience"] != "public"
              and "kit" not in e["component"] and e["edition"] != "accessible"]  # not the braille labels
    assert len([e for e in secret if e["game"] == "open-secret-exchange"]) == 8  # desk cards, answer guide: 2 x 2
    for e in secret:
        shown = pixels((built / page.pictures[e["path"]]).read_bytes())
        assert shown != pixels(thumbnail((built / e["path"]).read_bytes())[0]), e["path"]
        audience = "private" if e["audience"] == "private" else "host only"
        at, host_kit = kit_page(built, e, f"{e['title']}: cover ({audience})")
        assert shown == pixels(thumbnail(host_kit.read_bytes(), at)[0]), e["path"]


def test_a_secret_parts_warning_is_inside_its_link(page, manifest):
    names = dict(page.links)
    for path, e in manifest.items():
        if path.endswith(".pdf") and e["audience"] != "public":
            warning = "(private: " if e["audience"] == "private" else "(host only: "
            assert names[path].startswith(e["title"]) and warning in names[path], names[path]
    assert page.images_in_links == 0  # a picture's alt text is not read out as part of a link's name


def test_the_kits_picture_is_its_first_part_not_the_print_check(built, page, manifest):
    kits = [e for e in manifest.values() if e["component"] in ("kit", "host-kit")]
    assert kits
    for e in kits:
        pdf = (built / e["path"]).read_bytes()
        shown = pixels((built / page.pictures[e["path"]]).read_bytes())
        reader = PdfReader(built / e["path"])  # the first part's page: after the print plan (the host's) and check
        say = WORDS[known(e.get("language", "en")) or "en"]  # the kit's bookmarks are in its game's language
        first = next(reader.get_destination_page_number(o) for o in reader.outline
                     if o.title not in (say["plan_title"], say["print_check"]))
        assert shown == pixels(thumbnail(pdf, first)[0]) and shown != pixels(thumbnail(pdf, first - 1)[0]), e["path"]


def test_a_kits_picture_drawn_again_by_site_is_its_first_parts(built, page, manifest, tmp_path):
    """`deckpress site` over a folder whose kits' pictures were deleted draws them again from each kit's first part
    (read back from its bookmarks), as the build drew them, not from its print check or print plan."""
    out = tmp_path / "build"
    shutil.copytree(built, out)
    pictures = {page.pictures[e["path"]] for e in manifest.values() if e["component"] in ("kit", "host-kit")}
    drawn = {picture: (out / picture).read_bytes() for picture in pictures}
    for picture in pictures:
        (out / picture).unlink()
    assert main(["site", "--out", str(out), "--content", str(CONTENT)]) == 0
    assert {picture: (out / picture).read_bytes() for picture in pictures} == drawn


def test_link_names_are_said_once(page):
    for _, name in page.links:
        words = name.lower().split()
        assert name and not any(a == b for a, b in zip(words, words[1:], strict=False)), name
    texts = [name for href, name in page.links if not href.startswith("#")]
    assert len(texts) == len(set(texts))  # each names its game, edition and paper (for screen readers only)


def test_the_contents_lead_to_every_game_and_paper(built, page, manifest):
    targets = [href[1:] for href, _ in page.links if href.startswith("#")]
    assert set(targets) <= page.ids
    games = {e["game"] for e in manifest.values()}
    assert {f"game-{g}" for g in games} <= set(targets)
    papers = {f"{e['game']}-{e['edition']}-{e['paper']}" for e in manifest.values()
              if e["paper"] and e["edition"] != "accessible"}  # the braille labels' PDFs are listed with the text
    assert papers <= set(targets)
    text = (built / "index.html").read_text(encoding="utf-8")
    assert "For low-vision players" in text and "For most players" in text  # each edition's theme's `about`
    for command in ("sha256sum -c *.sha256", "shasum -a 256 -c *.sha256", "certutil -hashfile &lt;file&gt; SHA256",
                    "sha256sum -c SHA256SUMS"):  # a flat download folder, then a copy of the whole tree
        assert command in text


def test_every_checksum_in_sha256sums_verifies(built, manifest):
    lines = (built / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    listed = {}
    for line in lines:
        found = re.fullmatch(r"([0-9a-f]{64})  (\S+)", line)
        assert found, line
        listed[found[2]] = found[1]
    assert set(manifest) | {"index.html", "manifest.json"} <= set(listed) and "SHA256SUMS" not in listed
    assert any(p.startswith("thumbnails/") for p in listed)
    for path, digest in listed.items():
        assert hashlib.sha256((built / path).read_bytes()).hexdigest() == digest, path
    if shutil.which("sha256sum"):
        run = subprocess.run(["sha256sum", "-c", "--strict", "SHA256SUMS"], cwd=built, capture_output=True, text=True)
        assert run.returncode == 0 and run.stdout.count(": OK") == len(lines), run.stdout + run.stderr
