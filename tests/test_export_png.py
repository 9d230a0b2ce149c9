"""`deckpress export --to png`: card images a print-on-demand shop takes, exact to the pixel, from the same PDFs."""

from __future__ import annotations

import csv
import io
import shutil
import zipfile
from pathlib import Path

import pypdfium2
import pytest
from conftest import CONTENT, LAYOUTS, MM, SHIPPED, shared
from PIL import Image, ImageChops, ImageStat
from test_export import FIXTURE, export, exporting, px

from deckpress.cli import main

BLEED = 3.175  # 1/8 in


def pod(out: Path, game: str = "ferry-tickets") -> Path:
    return out / game / "export" / "png"


def pngs(factory: pytest.TempPathFactory, *args: str) -> Path:
    """Ferry Tickets exported as PNG (`export ferry-tickets --to png ARGS`), once per test run: read-only. Without
    arguments, after its TTS export (written beside it): the very export test_export.py and test_tts_tables.py read."""
    tts = [] if args else [exporting("ferry-tickets", "--to", "tts")]
    return shared(factory, *tts, exporting("ferry-tickets", "--to", "png", *args))


@pytest.mark.parametrize("dpi", [300, 600])
def test_every_card_is_trim_plus_bleed_at_the_dpi_exact_to_the_pixel(tmp_path_factory, dpi):
    out = pngs(tmp_path_factory, *(["--dpi", str(dpi)] if dpi != 300 else []))
    sizes = {"tickets": (63, 88), "posters": (89, 127), "captain": (63, 88)}  # poker and jumbo
    if dpi == 300:
        assert (px(63 + 2 * BLEED, 300), px(88 + 2 * BLEED, 300)) == (819, 1114)  # the issue's own sum
    names = sorted(p.name for p in pod(out).glob("*.png"))
    assert len(names) == 4 * 2 + 2 * 2 + 1  # tickets and posters have backs; the captain has none
    for name in names:
        w, h = sizes[name.removeprefix("ferry-tickets-").split("-")[0]]
        with Image.open(pod(out) / name) as image:
            assert image.size == (px(w + 2 * BLEED, dpi), px(h + 2 * BLEED, dpi)), name
            assert tuple(round(d) for d in image.info["dpi"]) == (dpi, dpi)


def test_a_front_is_the_card_cut_from_the_built_pdf_page(tmp_path_factory, tmp_path):
    """The build's own PDF, printed with the same bleed: its first card, at the trim box's corner, is the PNG."""
    out = pngs(tmp_path_factory)
    assert main(["build", "ferry-tickets", "--content", str(FIXTURE), "--layouts", str(LAYOUTS), "--out",
                 str(tmp_path / "built"), "--paper", "a4", "--duplex", "long-edge", "--bleed", str(BLEED)]) == 0
    name = f"ferry-tickets-tickets-a4-duplex-long-edge-bleed{BLEED:g}mm.pdf"
    pdf = tmp_path / "built" / "ferry-tickets" / "standard" / name
    document = pypdfium2.PdfDocument(pdf.read_bytes())
    page = document[0]
    left, _, _, top = page.get_trimbox()
    x, y = left / MM, (page.get_height() - top) / MM  # the first card's trim, mm from the top-left
    sheet = page.render(scale=300 / 72).to_pil().convert("RGB")
    corner = (px(x - BLEED, 300), px(y - BLEED, 300))
    cut = sheet.crop((*corner, corner[0] + px(63 + 2 * BLEED, 300), corner[1] + px(88 + 2 * BLEED, 300)))
    document.close()
    with Image.open(pod(out) / "ferry-tickets-tickets-001-front.png") as front:
        assert front.size == cut.size
        assert max(ImageStat.Stat(ImageChops.difference(front.convert("RGB"), cut)).mean) < 0.5


def test_a_zip_a_deck_and_cards_csv_list_every_image(tmp_path_factory):
    out = pngs(tmp_path_factory)
    rows = list(csv.DictReader(io.StringIO((pod(out) / "ferry-tickets-cards.csv").read_text(encoding="utf-8"))))
    assert [r["file"] for r in rows[:2]] == ["ferry-tickets-tickets-001-front.png",
                                         "ferry-tickets-tickets-001-back.png"]
    assert {r["file"]: (r["label"], r["copies"], r["deck"]) for r in rows}["ferry-tickets-tickets-002-back.png"] == (
        "Island ticket", "2", "tickets")
    assert sum(int(r["copies"]) for r in rows if r["file"].endswith("-front.png") and r["deck"] == "tickets") == 8
    for deck in ("tickets", "posters", "captain"):
        with zipfile.ZipFile(pod(out) / f"ferry-tickets-{deck}.zip") as archive:
            infos = archive.infolist()
            assert [i.filename for i in infos] == [r["file"] for r in rows if r["deck"] == deck]
            assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}  # no clock in it: the same bytes
            assert all(archive.read(i) == (pod(out) / i.filename).read_bytes() for i in infos)


def test_a_coloured_card_whose_art_stops_short_of_the_bleed_is_a_finding_and_nothing_changes(tmp_path, capsys):
    out = tmp_path / "exported"
    assert export(out, "ferry-tickets", "--to", "tts") == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    capsys.readouterr()
    assert export(out, "white-border", "--to", "png") == 1
    err = capsys.readouterr().err
    (finding,) = [line for line in err.splitlines() if ": error: " in line]
    assert "white-border/layouts/standard/bordered.yaml:" in finding and "stops short of the bleed" in finding
    assert "Traceback" not in err and "nothing was written" in err
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert export(tmp_path / "no-bleed", "white-border", "--to", "png", "--bleed", "0") == 0  # no bleed asked


@pytest.mark.slow  # every game's every card as PNG
def test_every_shipped_game_exports_to_both(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    for target in ("tts", "png"):  # at the least dpi: every card still cut and listed, at a ninth of 300's pixels
        assert export(tmp_path / "build", "--to", target, "--dpi", "72", content=content) == 0
    for game in SHIPPED:
        assert (tmp_path / "build" / game / "export" / "tts" / f"{game}.json").is_file()
        rows = list(csv.DictReader(io.StringIO((pod(tmp_path / "build", game) / f"{game}-cards.csv").read_text())))
        assert rows and all((pod(tmp_path / "build", game) / r["file"]).is_file() for r in rows)
    public = [p for p in (tmp_path / "build" / "public").rglob("*") if p.is_file() and "/export/" in p.as_posix()]
    assert len({p.name for p in public}) == len(public) > 0  # every game's exports share one flat folder
    assert not any(p.name.endswith(("-host.json", "-host-README.txt")) for p in public)


@pytest.mark.parametrize(("arguments", "said"), [
    (["export", "--to", "pdf"], "invalid choice: 'pdf'"),
    (["export", "pocket-bazaar"], "the following arguments are required: --to"),
    (["export", "--to", "png", "--dpi", "10"], "dpi must be a whole number from 72 to 600, got '10'"),
    (["export", "--to", "png", "--bleed", "20mm"], "bleed must be 0-10 mm"),
    (["export", "--to", "tts", "--base-url", "ftp://example.org/x"], "base URL must be an http:// or https://"),
    (["export", "--to", "tts", "--base-url", "https://example.org/a b"], "base URL must have no spaces"),
    (["export", "--to", "tts", "--base-url", "https://example.org/\tx/"], "base URL must have no spaces"),
    (["export", "--to", "tts", "--base-url", "https://example.org/\x01/"], "or control characters, got "
                                                                           "'https://example.org/\\x01/'"),
    (["export", "--to", "tts", "--base-url", "https://example.org/\x7f/"], "or control characters"),
    (["export", "--to", "tts", "--base-url", "https://example.org/\u202ex/"], "or control characters"),
    *((["export", "--to", "tts", "--base-url", f"https://example.org/{c}x{c}/"], "base URL must have none of")
      for c in "<>\"'`"),
    (["export", "--to", "tts", "--base-url", "https://user:pw@example.org/p/"], "no user name or password"),
    (["export", "--to", "tts", "--base-url", "https://user@example.org/p/"], "no user name or password"),
    *((["export", "--to", "tts", "--base-url", url], "base URL must name a host")  # were written into the save
      for url in ("http://[::1", "http:///x/", "https://example.org:99999/p/")),
])
def test_a_bad_argument_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys, arguments, said):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(arguments)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and len(err.strip().splitlines()) == 1 and said in err
    assert not any(c in err for c in "\x01\x7f\u202e\t")  # shown escaped, never as the character itself


def test_a_base_url_may_hold_an_at_sign_in_its_path_and_a_port(tmp_path):
    from deckpress.arguments import web_address

    for url in ("https://example.org/@team/cards/", "http://example.org:8080/x/", "http://[::1]:8000/cards/"):
        assert web_address(url) == url


@pytest.mark.parametrize(("arguments", "said"), [
    (["--to", "png", "--base-url", "https://example.org/"], "--base-url does not apply to --to png"),
    (["--to", "tts", "--bleed", "3mm"], "--bleed does not apply to --to tts"),
    (["no-such-game", "--to", "tts"], "unknown game no-such-game"),
])
def test_an_option_the_target_does_not_take_is_one_line_and_exit_2(tmp_path, capsys, arguments, said):
    assert export(tmp_path, *arguments) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and said in err
    assert not (tmp_path / "manifest.json").exists()
