"""`deckpress export --to print-shop`: a PDF a deck, a card a page, front then back, read back as a print shop's
preflight would: the boxes, CMYK only, total ink, no transparency, fonts embedded, the PDF/X-1a keys."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pypdfium2
import pytest
from conftest import FIXTURES, MM, shared
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject
from test_export import export, exporting

BLEED = 3.175
RGB_OPERATORS = {b"rg", b"RG", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}  # reportlab draws CMYK with k/K only


@pytest.fixture(scope="module")
def ferry(tmp_path_factory) -> Path:
    return shared(tmp_path_factory, exporting("ferry-tickets", "--to", "print-shop"))


def pdf(out: Path, deck: str, game: str = "ferry-tickets") -> Path:
    return out / game / "export" / "print-shop" / f"{game}-{deck}-print-shop.pdf"


def texts(path: Path) -> list[str]:
    """Each page's text inside its MediaBox: what is printed."""
    document = pypdfium2.PdfDocument(path.read_bytes())
    try:
        return [" ".join(page.get_textpage().get_text_bounded().split()) for page in document]
    finally:
        document.close()


def test_a_card_a_page_each_copy_front_then_back(ferry):
    pages = texts(pdf(ferry, "tickets"))
    # four tickets, 8 copies in all (3, 2, 1, 2): each copy's front, then its back naming the same route
    assert len(pages) == 16
    fronts, backs = pages[0::2], pages[1::2]
    assert fronts == [*["Quay Fare 1"] * 3, *["Island Fare 2"] * 2, "Lighthouse Fare 4", *["Mainland Fare 6"] * 2]
    assert backs == [f"Valid to {f.split()[0]}" for f in fronts]


def test_every_page_is_the_card_and_its_bleed_with_trim_and_bleed_boxes(ferry):
    sizes = {"tickets": (63, 88), "posters": (89, 127), "captain": (63, 88)}
    for deck, (w, h) in sizes.items():
        for page in PdfReader(pdf(ferry, deck)).pages:
            media = [float(v) for v in page.mediabox]
            assert media == pytest.approx([0, 0, (w + 2 * BLEED) * MM, (h + 2 * BLEED) * MM], abs=0.01)
            assert [float(v) for v in page.bleedbox] == pytest.approx(media)
            assert [float(v) for v in page.trimbox] == pytest.approx(
                [BLEED * MM, BLEED * MM, (w + BLEED) * MM, (h + BLEED) * MM], abs=0.01)


def test_a_deck_without_a_back_gets_a_blank_back_page(ferry, tmp_path, capsys):
    pages = texts(pdf(ferry, "captain"))
    assert pages == ["The captain", ""]
    assert export(tmp_path, "ferry-tickets", "--to", "print-shop") == 0
    assert "warning: deck captain has no back" in capsys.readouterr().err


def _operators(reader: PdfReader) -> set[bytes]:
    return {op for page in reader.pages for _, op in ContentStream(page.get_contents(), reader).operations}


def test_cmyk_only_within_the_ink_cap_and_a_colour_without_cmyk_values_said(ferry, tmp_path, capsys):
    for deck in ("tickets", "posters", "captain"):
        reader = PdfReader(pdf(ferry, deck))
        assert not _operators(reader) & RGB_OPERATORS
        for page in reader.pages:
            for operands, op in ContentStream(page.get_contents(), reader).operations:
                if op in (b"k", b"K"):
                    assert sum(float(v) for v in operands) <= 2.4 + 1e-6
            resources = page["/Resources"]
            assert "/XObject" not in resources and "/ColorSpace" not in resources  # no picture, no RGB space
    assert export(tmp_path, "ferry-tickets", "--to", "print-shop") == 0
    (said,) = [line for line in capsys.readouterr().err.splitlines() if "cmyk values" in line]
    assert re.search(r"ferry-tickets/game\.yaml:7:3: warning: colour harbour-teal has no cmyk values: the "
                     r"print-shop PDF converts it to C\d+% M\d+% Y\d+% K\d+%", said)


def test_a_palette_colour_over_240_percent_ink_is_an_error_naming_it_and_nothing_is_written(tmp_path, capsys):
    assert export(tmp_path, "near-edge", "--to", "print-shop") == 1
    err = capsys.readouterr().err
    assert re.search(r"near-edge/game\.yaml:8:3: error: colour harbour-teal: its cmyk values add up to 250% of ink, "
                     r"over the 240%", err)
    assert "Traceback" not in err and not (tmp_path / "near-edge").exists()


def _fonts(reader: PdfReader) -> list[DictionaryObject]:
    found = []
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            found += [d.get_object() for d in font.get("/DescendantFonts", [font])]
    return found


def test_fonts_embedded_no_transparency_and_the_pdf_x_keys(ferry):
    reader = PdfReader(pdf(ferry, "tickets"))
    assert reader.pdf_header <= "%PDF-1.4"  # PDF/X-1a:2003 is PDF 1.4
    fonts = _fonts(reader)
    assert fonts and all({"/FontFile", "/FontFile2", "/FontFile3"} & set(f["/FontDescriptor"]) for f in fonts)
    for page in reader.pages:
        assert "/Group" not in page  # no transparency group
        for state in page["/Resources"].get("/ExtGState", {}).values():
            state = state.get_object()
            assert state.get("/CA", 1) == 1 and state.get("/ca", 1) == 1 and state.get("/SMask", "/None") == "/None"
            assert state.get("/BM", "/Normal") in ("/Normal", "/Compatible")
    assert len(reader.trailer["/ID"]) == 2  # PDF/X asks for the file identifier
    info = reader.metadata
    assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003" and info["/Trapped"] == "/False"
    assert info["/Title"] == "Ferry Tickets: tickets" and info["/CreationDate"] and info["/ModDate"]
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    intent = intent.get_object()
    assert (intent["/S"], intent["/OutputConditionIdentifier"]) == ("/GTS_PDFX", "FOGRA39")
    assert intent["/RegistryName"] == "http://www.color.org"


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
def test_qpdf_finds_no_error_and_the_same_sources_give_the_same_bytes(ferry, tmp_path):
    for deck in ("tickets", "posters", "captain"):
        check = subprocess.run(["qpdf", "--check", str(pdf(ferry, deck))], capture_output=True, text=True)
        assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout
    assert export(tmp_path, "ferry-tickets", "--to", "print-shop") == 0
    assert pdf(tmp_path, "tickets").read_bytes() == pdf(ferry, "tickets").read_bytes()


def test_a_colour_picture_is_said_not_pdf_x_a_grey_one_passes(tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "extra" / "content" / "picnic-pairs", content / "picnic-pairs")
    assert export(tmp_path / "grey", "picnic-pairs", "--to", "print-shop", content=content) == 0
    assert "drawn in RGB" not in capsys.readouterr().err  # the basket is grey: DeviceGray, as PDF/X-1a takes
    art = content / "picnic-pairs" / "art" / "basket.png"
    with Image.open(art) as basket:
        size = basket.size
    Image.new("RGB", size, (200, 40, 30)).save(art)
    assert export(tmp_path / "red", "picnic-pairs", "--to", "print-shop", content=content) == 0
    assert "warning: a picture on these cards is drawn in RGB" in capsys.readouterr().err


def test_the_catalogue_links_each_decks_print_shop_pdf(ferry):
    page = (ferry / "index.html").read_text(encoding="utf-8")
    for deck in ("tickets", "posters", "captain"):
        assert f'href="ferry-tickets/export/print-shop/ferry-tickets-{deck}-print-shop.pdf"' in page
