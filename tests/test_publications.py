"""The two publications of a build, read back: public/ holds and names nothing private or for the host, and every
link in it stays inside it; host/<game>/ holds every secret file, the private pages under names no player can work
out; the `.sha256` files verify a flat download folder as the catalogue says."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import subprocess
import zipfile
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pypdfium2 as pdfium
import pytest
import yaml
from conftest import CONTENT, built_games
from pypdf import PdfReader

from deckpress.cli import main
from deckpress.publish.manifest import Entry, read_manifest
from deckpress.publish.publications import Checksums, private_name
from deckpress.publish.thumbnails import thumbnail_path
from deckpress.publish.trusted import disagreements

GAME = "open-secret-exchange"


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def texts(name: str, data: bytes) -> list[str]:
    """Every text a file holds, as a reader would get it: a PDF's pages (as PDFium gives a viewer their text: a
    fourteenth of pypdf's time), an EPUB's members, or the file itself."""
    if name.endswith(".pdf"):
        pdf = pdfium.PdfDocument(data)
        try:
            return [pdf[number].get_textpage().get_text_range() for number in range(len(pdf))]
        finally:
            pdf.close()
    if name.endswith(".epub"):
        with zipfile.ZipFile(io.BytesIO(data)) as book:
            return [book.read(n).decode("utf-8", "replace") for n in book.namelist()]
    return [data.decode("utf-8", "replace")]


def secret_values() -> list[str]:
    """Every value on the desk cards: the records each desk holds."""
    desks = yaml.safe_load((CONTENT / GAME / "desks.yaml").read_text(encoding="utf-8"))
    values = [v for card in desks["cards"] for v in card["records"].values()]
    assert len(values) == 24
    return values


def secret_names(built: Path) -> list[str]:
    """The names of every private and host file: their paths and file names in the tree and in the bundle."""
    secrets = [e for e in read_manifest(built) if e.secret]
    pages = [e for e in secrets if e.component == "accessible-html"]
    brf = [e for e in secrets if e.component == "braille"]  # a braille file beside each page, with liblouis
    labels = [e for e in secrets if e.component == "tactile-labels"]  # the desk cards' braille labels, with it
    assert len(secrets) - len(brf) - len(labels) == 23 and len(brf) in (0, len(pages)) and len(labels) in (0, 3)
    bundle = [p for p in files(built / "host" / GAME) if not p.endswith(".sha256")]
    return sorted({*(e.path for e in secrets), *(e.path.rsplit("/", 1)[-1] for e in secrets),
                   *(p for p in bundle if p.endswith((".html", ".pdf", ".epub", ".brf")) and p != "index.html")})


def test_the_public_folder_holds_and_names_nothing_secret(built):
    public = files(built / "public")
    words = [re.sub(r"\s+", " ", t).lower() for name, data in public.items() for t in texts(name, data)]
    raw = [data.lower() for data in public.values()]
    cards = (built / "host" / GAME / f"{GAME}-standard-desk-cards-a4.pdf").read_bytes()
    dealt = [re.sub(r"\s+", " ", t).lower() for t in texts(".pdf", cards)]
    for value in secret_values():
        assert any(value in t for t in dealt), value  # read the same way, the host's copy shows it
        assert not any(value in t for t in words) and not any(value.encode() in b for b in raw), value
    for name in secret_names(built):
        assert not any(name.lower() in t for t in words) and not any(name.lower().encode() in b for b in raw), name
    assert "host-kit" not in " ".join(public) and "desk-cards" not in " ".join(public)


def test_the_public_manifest_is_the_sources_public_files_and_its_pictures_their_first_pages(built):
    tree = read_manifest(built)
    assert disagreements(CONTENT, tree) == []  # the tree's audiences are the sources'
    listed = json.loads((built / "public" / "manifest.json").read_text(encoding="utf-8"))
    assert "public catalogue" in listed["publication"] and "never upload" in json.loads(
        (built / "manifest.json").read_text(encoding="utf-8"))["publication"]
    public = [e for item in listed["outputs"] if (e := Entry.read(item)) is not None]
    assert len(public) == len(listed["outputs"]) and all(e.audience == "public" for e in public)
    assert sorted(e.sha256 for e in public) == sorted(e.sha256 for e in tree if e.audience == "public")
    for e in public:
        assert hashlib.sha256((built / "public" / e.path).read_bytes()).hexdigest() == e.sha256, e.path
    pictures = {p for p in files(built / "public") if p.startswith("thumbnails/") and p.endswith(".png")}
    assert pictures == {thumbnail_path(e) for e in public if e.is_pdf and e.path.endswith(".pdf")}
    assert not any("-cover" in p for p in pictures)
    for p in pictures:
        assert (built / "public" / p).read_bytes() == (built / p).read_bytes()  # the tree's, of the same PDF


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.ids |= {a["id"]} if a.get("id") else set()
        self.links += [v for k, v in attrs if k in ("href", "src") and v is not None]


def test_every_link_in_the_public_folder_resolves_inside_it(built):
    top = (built / "public").resolve()
    pages = sorted(top.rglob("*.html"))
    # the catalogue (English and German: The Pocket Bazaar is in both) and each game's text edition, in every language
    assert len(pages) == 2 + len(built_games())
    followed = 0
    for page in pages:
        parsed = Links()
        text = page.read_text(encoding="utf-8")
        parsed.feed(text)
        found = parsed.links + re.findall(r"url\(['\"]?([^'\")]+)", text)  # the fonts the style sheet loads
        for link in found:
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, (page, link)
            if not parts.path:
                assert parts.fragment in parsed.ids, (page, link)
                continue
            target = (page.parent / unquote(parts.path)).resolve()
            assert target.is_relative_to(top) and target.is_file(), (page, link)
            followed += 1
    assert followed > 150


def test_a_real_browser_finds_every_public_thumbnail(built, tmp_path):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no Chromium on this machine (.ci/run installs Debian's chromium)")
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000", "--dump-dom",
               (built / "public" / "index.html").as_uri()]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert 'data-thumbnails="ok"' in run.stdout, run.stderr[-2000:]


def test_the_hosts_bundle_holds_every_secret_file_and_each_kit_every_secret_part_behind_its_cover(built):
    bundle = built / "host" / GAME
    held = {hashlib.sha256(d).hexdigest() for d in files(bundle).values()}
    secrets = [e for e in read_manifest(built) if e.secret]
    relinked = f"{GAME}/{GAME}-host.html"
    assert {e.sha256 for e in secrets if e.path != relinked} <= held
    listed = json.loads((bundle / "manifest.json").read_text(encoding="utf-8"))
    assert "host's bundle" in listed["publication"] and len(listed["outputs"]) == len(secrets)
    for item in listed["outputs"]:
        assert hashlib.sha256((bundle / item["path"]).read_bytes()).hexdigest() == item["sha256"], item["path"]
    kits = sorted(bundle.glob(f"{GAME}-*-host-kit-*.pdf"))
    assert len(kits) == 4
    parts = {e.title: e.audience for e in secrets if e.is_pdf and e.path.endswith(".pdf") and "kit" not in e.component}
    for kit in kits:
        outline = [o.title for o in PdfReader(kit).outline]
        for title, audience in parts.items():
            cover = f"{title}: cover ({'private' if audience == 'private' else 'host only'})"
            assert outline.index(title) == outline.index(cover) + 1, (kit.name, outline)


def test_the_private_pages_have_names_no_player_can_work_out(built):
    bundle = built / "host" / GAME
    secrets = [e for e in read_manifest(built) if e.secret]
    pages = [e for e in secrets if e.path.endswith(".html") and not e.path.endswith("-host.html")]
    assert len(pages) == 9  # eight desk cards, the answer guide
    host = (bundle / f"{GAME}-host.html").read_text(encoding="utf-8")
    index = (bundle / "index.html").read_text(encoding="utf-8")
    for e in pages:
        name = private_name(e, secrets)
        assert re.fullmatch(rf"{GAME}-[0-9a-f]{{24}}\.html", name)
        assert (bundle / name).read_bytes() == (built / e.path).read_bytes()
        assert f'href="{name}"' in host and f'href="{name}"' in index
        assert e.path.rsplit("/", 1)[-1] not in host and not (bundle / e.path.rsplit("/", 1)[-1]).exists()
    # a duplex build's or an export's secret files join the manifest: the addresses sent to players stay
    pdf = next(e for e in secrets if e.is_pdf)
    more = [*secrets, replace(pdf, path=pdf.path.replace(".pdf", "-duplex-long-edge.pdf"), sha256="0" * 64)]
    assert [private_name(e, more) for e in pages] == [private_name(e, secrets) for e in pages]
    other = [replace(e, sha256="1" * 64) if e is pages[-1] else e for e in secrets]  # another answer guide
    assert private_name(pages[0], other) != private_name(pages[0], secrets)


def flat_command(page: Path) -> str:
    """The command the page tells a host to run in a flat download folder, on Linux."""
    commands = re.findall(r"<code>(sha256sum -c [^<]*)</code>", page.read_text(encoding="utf-8"))
    assert commands and "sha256" in commands[0]
    return commands[0].replace("&lt;", "<").replace("&gt;", ">")


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="no sha256sum")
@pytest.mark.parametrize("folder", ["public", f"host/{GAME}"])
def test_the_flat_download_checks_as_the_page_says(built, tmp_path, folder):
    published = files(built / folder)
    flat = tmp_path / "downloads"
    flat.mkdir()
    for path, data in published.items():  # a browser saves every file into one folder
        target = flat / path.rsplit("/", 1)[-1]
        assert not target.exists() or target.read_bytes() == data, path  # no two files clash there
        target.write_bytes(data)
    names = [p.name for p in flat.iterdir()]
    assert {f"{n}.sha256" for n in names if not n.endswith(".sha256") and n != "SHA256SUMS"} <= set(names)
    command = flat_command(built / folder / "index.html")
    run = subprocess.run(command, shell=True, cwd=flat, capture_output=True, text=True)
    checked = sum(n.endswith(".sha256") for n in names)
    assert run.returncode == 0 and run.stdout.count(": OK") == checked > 20, run.stdout + run.stderr
    whole = subprocess.run(["sha256sum", "-c", "--strict", "SHA256SUMS"], cwd=built / folder, capture_output=True,
                           text=True)
    assert whole.returncode == 0 and "FAILED" not in whole.stdout, whole.stdout
    kit = flat / f"{GAME}-standard-kit-a4.pdf"
    if kit.exists():  # one kit downloaded alone, with its checksum file
        alone = tmp_path / "alone"
        alone.mkdir()
        shutil.copy(kit, alone)
        shutil.copy(flat / f"{kit.name}.sha256", alone)
        run = subprocess.run(command, shell=True, cwd=alone, capture_output=True, text=True)
        assert run.returncode == 0 and run.stdout == f"{kit.name}: OK\n", run.stdout + run.stderr
        (alone / kit.name).write_bytes(kit.read_bytes()[:-1])
        assert subprocess.run(command, shell=True, cwd=alone, capture_output=True).returncode != 0


def test_site_makes_the_same_publications_and_takes_away_what_they_no_longer_hold(built, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(built, out)
    (out / "public" / "stale.pdf").write_bytes(b"%PDF old")
    (out / "host" / GAME / f"{GAME}-desk-cards-1.html").write_text("old", encoding="utf-8")
    (out / "public" / "index.html").unlink()
    assert main(["site", "--out", str(out), "--content", str(CONTENT)]) == 0
    for folder in ("public", "host"):
        assert files(out / folder) == files(built / folder)


def test_an_edited_manifest_does_not_make_a_private_page_public(built, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(built, out)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    for item in manifest["outputs"]:
        if item["path"].endswith(("-desk-cards-1.html", "-host.epub")):
            item["audience"] = "public"
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    assert main(["site", "--out", str(out), "--content", str(CONTENT)]) == 0
    assert files(out / "public") == files(built / "public")


def test_a_private_pages_title_is_read_back_as_written_for_the_bundle_page_to_escape_once():
    from deckpress.publish.publications import _title

    page = "<html><head><title>Desk card 1 &amp; &lt;2&gt; — A &quot;game&quot;</title></head></html>".encode()
    assert _title(page) == 'Desk card 1 & <2> — A "game"'  # the bundle page's template escapes it, once


def test_a_checksum_known_as_made_is_taken_only_for_those_very_bytes(monkeypatch):
    """The publications take the checksums hashed where the files were made for those objects alone: other bytes,
    even the same bytes in another object, are hashed anew, and each object once."""
    made, other = b"%PDF-1.7 lot cards", b"%PDF-1.7 lot sheets"
    checksum = Checksums([(made, "known as made")])
    assert checksum(made) == "known as made"
    assert checksum(bytes(bytearray(made))) == hashlib.sha256(made).hexdigest()  # an equal copy: hashed
    assert checksum(other) == hashlib.sha256(other).hexdigest()
    hashed: list[bytes] = []
    real = hashlib.sha256
    monkeypatch.setattr(hashlib, "sha256", lambda data: hashed.append(data) or real(data))
    assert checksum(other) == real(other).hexdigest() and hashed == []  # asked for before: hashed once
