"""`deckpress export --to print-shop --for SHOP`: each deck's PDF at the shop's product (its trim, and its bleed
round it as its upload's pixels say), a card a page, front then back; and every export made for a shop says in
the manifest which shop and which product."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import MM, shared
from pypdf import PdfReader
from test_export import export, exporting
from test_export_print_shop import pdf, texts

from deckpress.export.vendors import VENDOR_DPI, VENDORS

INCH = 25.4


@pytest.fixture(scope="module")
def crafter(tmp_path_factory) -> Path:
    """Ferry Tickets' print-shop PDFs and PNGs ordered from The Game Crafter: read-only."""
    return shared(tmp_path_factory, exporting("ferry-tickets", "--to", "print-shop", "--for", "thegamecrafter"),
                  exporting("ferry-tickets", "--to", "png", "--for", "thegamecrafter"))


def boxes(path: Path) -> list[tuple[list[float], list[float], list[float]]]:
    """Each page's MediaBox, BleedBox and TrimBox, mm."""
    return [tuple([round(float(v) / MM, 3) for v in box] for box in (page.mediabox, page.bleedbox, page.trimbox))
            for page in PdfReader(path).pages]  # type: ignore[misc]


@pytest.mark.parametrize("shop", sorted(VENDORS))
def test_every_page_is_the_shops_poker_product_its_trim_centred_in_its_bleed(tmp_path, shop):
    assert export(tmp_path, "ferry-tickets", "--to", "print-shop", "--for", shop) == 0
    poker = next(p for p in VENDORS[shop].products if p.name == "poker")
    w, h = (n / VENDOR_DPI * INCH for n in poker.pixels)  # the upload's pixels: the trim and the shop's bleed
    tw, th = poker.trim_mm
    for deck in ("tickets", "captain"):  # 63 x 88 mm cards: the shop's poker product
        pages = boxes(pdf(tmp_path, deck))
        assert pages and all(media == bleed == pytest.approx([0, 0, w, h], abs=0.002) for media, bleed, _ in pages)
        centred = [(w - tw) / 2, (h - th) / 2, (w + tw) / 2, (h + th) / 2]
        assert all(trim == pytest.approx(centred, abs=0.002) for _, _, trim in pages)
    assert not pdf(tmp_path, "posters").exists()  # 89 x 127 mm: no product of any of these shops


def test_the_game_crafters_poker_page_is_825_by_1125_px_and_a_card_a_page_front_then_back(crafter):
    (media, bleed, trim), *_ = boxes(pdf(crafter, "tickets"))
    assert media == bleed == pytest.approx([0, 0, 825 / 300 * INCH, 1125 / 300 * INCH], abs=0.002)  # 2.75 x 3.75 in
    assert trim == pytest.approx([0.125 * INCH, 0.125 * INCH, 2.625 * INCH, 3.625 * INCH], abs=0.002)
    pages = texts(pdf(crafter, "tickets"))
    assert len(pages) == 16 and all(f.split()[0] in b for f, b in zip(pages[0::2], pages[1::2], strict=True))
    assert texts(pdf(crafter, "captain")) == ["The captain", ""]  # a plain back page: the shop prints both sides


def test_a_shops_pdf_says_what_the_shop_would_cut_or_refuse(tmp_path, capsys):
    assert export(tmp_path, "ferry-tickets", "--to", "print-shop", "--for", "drivethrucards") == 0
    err = capsys.readouterr().err
    assert re.search(r"warning: deck posters: its cards are 89 x 127 mm and DriveThruCards has no product", err)
    assert "warning: deck captain has no back: DriveThruCards prints both sides" in err


def test_the_manifest_records_the_shop_and_the_product_each_file_is_made_at(crafter):
    outputs = json.loads((crafter / "manifest.json").read_text("utf-8"))["outputs"]
    made = {o["path"].split("/export/", 1)[1]: (o.get("vendor"), o.get("product")) for o in outputs
            if o["component"] in ("png", "print-shop")}
    assert made["print-shop/ferry-tickets-tickets-print-shop.pdf"] == ("thegamecrafter", "poker")
    assert made["png/ferry-tickets-tickets-001-front.png"] == made["png/ferry-tickets-captain.zip"] == (
        "thegamecrafter", "poker")
    assert made["png/ferry-tickets-cards.csv"] == ("thegamecrafter", None)  # the whole order's
    assert {v for v, _ in made.values()} == {"thegamecrafter"}


def test_pixels_asked_for_are_recorded_as_the_product_and_no_shop_as_nothing(tmp_path):
    assert export(tmp_path, "near-edge", "--to", "png", "--px", "900", "1200") == 0
    assert export(tmp_path, "ferry-tickets", "--to", "print-shop") == 0
    outputs = json.loads((tmp_path / "manifest.json").read_text("utf-8"))["outputs"]
    png = [o for o in outputs if o["component"] == "png" and o["path"].endswith("-front.png")]
    assert png and all(o["product"] == "900 x 1200 px" and "vendor" not in o for o in png)
    assert not any("vendor" in o or "product" in o for o in outputs if o["component"] == "print-shop")


@pytest.mark.parametrize(("arguments", "said"), [
    (["--for", "thegamecrafter", "--bleed", "3"], "--bleed does not apply to a shop's order"),
    (["--px", "825", "1125"], "--px does not apply to --to print-shop"),
])
def test_an_option_a_shops_pdf_does_not_take_is_one_line_and_exit_2(tmp_path, capsys, arguments, said):
    assert export(tmp_path, "ferry-tickets", "--to", "print-shop", *arguments) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and said in err
