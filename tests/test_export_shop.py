"""`deckpress export --to png --for SHOP` / `--px W H`: each card at a print shop's exact pixels, the bleed grown
round the trim and the art never scaled; the shop's safe zone, a back for every deck, sRGB-tagged PNGs."""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import pytest
from conftest import CONTENT, ROOT, in_source_language, shared
from PIL import Image, ImageChops
from test_export import export, exporting, px

from deckpress.export.vendors import VENDORS, table
from deckpress.publish.manifest import read_manifest

SHOPS = sorted(VENDORS)
POKER = (63, 88)


def pngs(out: Path, game: str = "ferry-tickets") -> dict[str, Image.Image]:
    return {p.name: _read(p) for p in sorted((out / game / "export" / "png").glob("*.png"))}


def _read(path: Path) -> Image.Image:
    with Image.open(path) as image:
        image.load()
        return image.copy()  # its info (dpi, sRGB) with it; the file closed


@pytest.fixture(scope="module")
def crafter(tmp_path_factory) -> Path:
    """Ferry Tickets ordered from The Game Crafter, once per test run: read-only. Its PNGs are made after its
    print-shop PDFs, the very export test_export_shop_pdf.py reads (they are written beside them)."""
    return shared(tmp_path_factory, exporting("ferry-tickets", "--to", "print-shop", "--for", "thegamecrafter"),
                  exporting("ferry-tickets", "--to", "png", "--for", "thegamecrafter"))


@pytest.mark.parametrize("shop", SHOPS)
def test_every_card_is_the_shops_poker_product_to_the_pixel_with_a_back_and_no_jumbo(tmp_path, capsys, shop):
    assert export(tmp_path, "ferry-tickets", "--to", "png", "--for", shop) == 0
    err = capsys.readouterr().err
    poker = next(p for p in VENDORS[shop].products if p.name == "poker")
    images = pngs(tmp_path)
    fronts = {n for n in images if n.endswith("-front.png")}
    assert fronts and {n.replace("-front", "-back") for n in fronts} == set(images) - fronts  # a back for each
    assert {im.size for im in images.values()} == {poker.pixels}
    assert all(im.info.get("srgb") == 0 and abs(im.info["gamma"] - 0.45455) < 1e-6 for im in images.values())
    assert all(tuple(round(d) for d in im.info["dpi"]) == (300, 300) for im in images.values())
    # the 89 x 127 mm posters fit no product of any of these shops: left out, and said
    assert not any("-posters-" in n for n in images)
    assert re.search(r"poster\.yaml:\d+:\d+: warning: deck posters: its cards are 89 x 127 mm and "
                     + re.escape(VENDORS[shop].name) + " has no product of that size", err)
    assert "warning: deck captain has no back" in err and "plain white back" in err


def test_an_order_of_nothing_is_an_error_and_the_order_before_it_stays(tmp_path, capsys):
    """Pocket Bazaar's large print (89 x 127 mm cards) fits none of The Game Crafter's products."""
    assert export(tmp_path, "pocket-bazaar", "--to", "png", "--for", "thegamecrafter", content=CONTENT) == 0
    before = {p.name: p.read_bytes() for p in (tmp_path / "pocket-bazaar" / "export" / "png").iterdir()}
    capsys.readouterr()
    assert export(tmp_path, "pocket-bazaar", "--to", "png", "--for", "thegamecrafter", "--edition", "large-print",
                  content=CONTENT) == 1
    err = capsys.readouterr().err
    assert "error: pocket-bazaar: no deck of the large-print edition fits a product of The Game Crafter" in err
    assert "exported into" not in err
    after = {p.name: p.read_bytes() for p in (tmp_path / "pocket-bazaar" / "export" / "png").iterdir()}
    assert after == before and len(before) > 50  # the standard order, whole


@pytest.mark.parametrize("target", ["png", "print-shop"])
def test_a_game_with_nothing_to_order_is_left_out_with_a_warning_when_no_game_is_named(tmp_path, capsys, target):
    """DriveThruCards makes poker cards alone: none of Open Secret Exchange's desk cards or slips. An export of
    every game says so of that game and exports the others (it exported nothing, exit 1, every game's order lost);
    that game's earlier export (The Game Crafter's, whose minis take its slips) stays as it was. Named, it is an
    error, as before, and nothing is written."""
    content = tmp_path / "content"
    for game in ("open-secret-exchange", "pocket-bazaar"):
        shutil.copytree(CONTENT / game, content / game)
        in_source_language(content / game)  # a translation's order is the source's again: twice the time, no more
    out = tmp_path / "build"
    assert export(out, "open-secret-exchange", "--to", target, "--for", "thegamecrafter", content=content) == 0
    earlier = {e.path: e for e in read_manifest(out) if e.game == "open-secret-exchange"}
    assert earlier and all((out / p).is_file() for p in earlier)
    capsys.readouterr()
    assert export(out, "--to", target, "--for", "drivethrucards", content=content) == 0
    err = capsys.readouterr().err
    said = re.search(r"^(.*): warning: open-secret-exchange: no deck of the standard edition fits a product of "
                     r"DriveThruCards, so there is nothing to order: it is left out, its export already in the out "
                     r"folder left as it was, and the other games are exported$", err, re.M)
    assert said and said[1].endswith("open-secret-exchange/game.yaml:2:1"), err
    assert "error" not in err and re.search(r"^deckpress: pocket-bazaar: exported into ", err, re.M), err
    listed = read_manifest(out)
    assert {e.path: e for e in listed if e.game == "open-secret-exchange"} == earlier  # as it was
    assert [e for e in listed if e.game == "pocket-bazaar" and e.vendor == "drivethrucards"]
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    named = export(out, "open-secret-exchange", "pocket-bazaar", "--to", target, "--for", "drivethrucards",
                   content=content)
    err = capsys.readouterr().err
    assert named == 1 and ": error: open-secret-exchange: no deck of the standard edition fits a product of " \
        "DriveThruCards, so there is nothing to order; the export already in the out folder is left as it was" in err
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_poker_cards_at_the_game_crafter_are_825_by_1125(crafter):
    assert {im.size for im in pngs(crafter).values()} == {(825, 1125)}


def test_the_trim_is_the_unpadded_render_pixel_for_pixel(crafter, tmp_path):
    """The same pages cut with a bleed in mm: its trim's pixels are the shop's image's, none scaled."""
    assert export(tmp_path, "ferry-tickets", "--to", "png", "--bleed", "10") == 0
    trim = (px(POKER[0], 300), px(POKER[1], 300))
    pad = ((825 - trim[0]) // 2, (1125 - trim[1]) // 2)
    plain = pngs(tmp_path)
    for name, image in pngs(crafter).items():
        if "-captain-" in name and name.endswith("-back.png"):
            continue  # the plain back: the deck has none of its own
        ours = image.convert("RGB").crop((*pad, pad[0] + trim[0], pad[1] + trim[1]))
        # the mm cut's trim starts at round(x) - round(x - 10 mm): 118 or 119 px in, as x falls
        cuts = [plain[name].convert("RGB").crop((dx, dy, dx + trim[0], dy + trim[1]))
                for dx in (118, 119) for dy in (118, 119)]
        assert any(ImageChops.difference(ours, cut).getbbox() is None for cut in cuts), name
        # and the grown bleed is the page's art past the trim: the teal runs to the image's edge
    ticket = pngs(crafter)["ferry-tickets-tickets-001-front.png"].convert("RGB")
    assert ticket.getpixel((0, 0)) == ticket.getpixel((pad[0] + 5, pad[1] + 5)) != (255, 255, 255)


def test_a_deck_without_a_back_gets_a_plain_white_one(crafter):
    back = pngs(crafter)["ferry-tickets-captain-001-back.png"].convert("L")
    assert back.getextrema() == (255, 255)
    rows = list(csv.DictReader(io.StringIO(
        (crafter / "ferry-tickets" / "export" / "png" / "ferry-tickets-cards.csv").read_text(encoding="utf-8"))))
    assert {r["file"] for r in rows if r["deck"] == "captain"} == {"ferry-tickets-captain-001-front.png",
                                                                   "ferry-tickets-captain-001-back.png"}


def test_cards_csv_names_the_product_each_file_is_ordered_as(crafter, tmp_path):
    rows = list(csv.DictReader(io.StringIO(
        (crafter / "ferry-tickets" / "export" / "png" / "ferry-tickets-cards.csv").read_text(encoding="utf-8"))))
    assert rows and {r["product"] for r in rows} == {"poker"}  # the jumbo posters are left out of the order
    assert export(tmp_path, "ferry-tickets", "--to", "png") == 0  # no shop: no product to name
    plain = (tmp_path / "ferry-tickets" / "export" / "png" / "ferry-tickets-cards.csv").read_text(encoding="utf-8")
    assert plain.splitlines()[0] == "file,label,copies,deck"


@pytest.mark.parametrize("shop", ["thegamecrafter", "makeplayingcards"])
def test_text_inside_the_safe_zone_is_a_finding_naming_the_element_and_its_cards(tmp_path, capsys, shop):
    assert export(tmp_path, "near-edge", "--to", "png", "--for", shop) == 0
    err = capsys.readouterr().err
    (finding,) = [line for line in err.splitlines() if "safe zone" in line]
    assert re.match(r".*near-edge/layouts/standard/edge\.yaml:\d+:\d+: warning: deck cards, front: element name "
                    r"lies 1\.50 mm from the trim, inside .*safe zone of 3\.17 mm.*\(cards Gull and Tern\)", finding)
    assert "element mark" not in err  # 8 mm in: safe


def test_px_writes_the_pixels_asked_for(tmp_path):
    assert export(tmp_path, "near-edge", "--to", "png", "--px", "900", "1200") == 0
    images = pngs(tmp_path, "near-edge")
    assert len(images) == 4 and {im.size for im in images.values()} == {(900, 1200)}


def test_px_that_would_crop_the_trim_is_an_error_and_nothing_is_written(tmp_path, capsys):
    assert export(tmp_path, "ferry-tickets", "--to", "png", "--px", "700", "1000") == 1
    err = capsys.readouterr().err
    assert "ticket.yaml:" in err and "would crop the trim (the art is never scaled)" in err
    assert "Traceback" not in err and not (tmp_path / "ferry-tickets").exists()


@pytest.mark.parametrize(("arguments", "said"), [
    (["--to", "png", "--for", "thegamecrafter", "--bleed", "3"], "--bleed does not apply to a shop's order"),
    (["--to", "png", "--px", "825", "1125", "--dpi", "600"], "--dpi does not apply to a shop's order"),
    (["--to", "tts", "--for", "printerstudio"], "--for does not apply to --to tts"),
])
def test_an_option_a_shops_order_does_not_take_is_one_line_and_exit_2(tmp_path, capsys, arguments, said):
    assert export(tmp_path, "ferry-tickets", *arguments) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and said in err


def test_the_readme_shows_the_vendors_table_as_the_code_holds_it():
    assert table() in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("shop", "size", "named", "pixels"), [
    ("thegamecrafter", (63, 88), "poker", (825, 1125)),
    ("thegamecrafter", (63, 44), "mini", (825, 600)),  # a landscape slip: the mini card turned its way
    ("makeplayingcards", (63, 88), "poker", (822, 1122)),
    ("drivethrucards", (63, 44), None, None),  # poker only: 19 mm too wide a margin to grow
    ("thegamecrafter", (89, 127), None, None),  # the jumbo is 88.9 mm wide: the card would lose its edge
    ("printerstudio", (19, 19), None, None),
])
def test_a_card_is_matched_to_the_smallest_product_holding_it_within_2_mm(shop, size, named, pixels):
    from deckpress.export.vendors import product, upload_size

    fit = product(VENDORS[shop], size)
    assert (fit.name if fit else None) == named
    assert (upload_size(fit.pixels, size) if fit else None) == pixels
