"""Every printed page names itself: the slug line, read back from every kit for every way of printing, and every
glyph and mark on it inside the printer margin. Each page is read once for all the module's tests (`leaves`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import CATALOGUE, CONTENT, MM, SHIPPED, shared
from leaves import Leaf, fingerprints, leaves
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from deckpress.draw.finish import DocInfo
from deckpress.draw.kit import kit as joined_kit
from deckpress.findings import Findings
from deckpress.load import load_game
from deckpress.templating import Templates

OPTIONS = {"plain": [], "long-edge": ["--duplex", "long-edge"], "short-edge": ["--duplex", "short-edge"],
           "bleed": ["--bleed", "3"], "fold": ["--fold"]}
MARGIN_MM = 4.2  # the shipped themes' printer_margin_mm: office lasers print no nearer the edge
LARGE_PRINT_LINE_MM = 152.4  # 6 in: the large-print theme's longest line
EDGE = MARGIN_MM * MM - 0.3  # pdfium's tight glyph boxes, rounded
MARKS_EDGE = MARGIN_MM * MM - 0.01  # pdfplumber's boxes
MARKED = ("plain", "bleed")  # the prints with marks of their own, whose lines and boxes are read


@pytest.fixture(scope="module", params=list(OPTIONS))
def way(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def printed(way: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole catalogue printed this way (the plain one is the suite's `built`; test_printing.py reads the
    folded and the bled ones too, test_host_kit.py and test_shipped_backs.py the duplex ones): read-only."""
    return shared(tmp_path_factory, (*CATALOGUE, *OPTIONS[way]))


def _marked(printed: Path) -> list[Path]:
    """The PDFs whose every line and box is read: the kits, and the tuck boxes (in no kit)."""
    boxes = sorted(printed.glob("*/*/*-box-*.pdf"))
    return sorted(printed.glob("*/*/*-kit-a4*.pdf")) + sorted(printed.glob("*/*/*-kit-letter*.pdf")) + boxes


@pytest.fixture(scope="module")
def read(way: str, printed: Path) -> Callable[[Path], list[Leaf]]:
    """A PDF of this print's pages, each read once for every test of the module that reads it; a page alike to
    one read already (a kit's copy of its component's) read once for both."""
    titles = {game: _title(game) for game in SHIPPED}
    marked = set(_marked(printed)) if way in MARKED else set()
    done: dict[Path, list[Leaf]] = {}
    alike: dict[tuple[bytes, str | None, float, float | None], Leaf] = {}

    def pages(path: Path) -> list[Leaf]:
        if path not in done:
            title = titles.get(path.relative_to(printed).parts[0])
            done[path] = leaves(path, title, EDGE, MARKS_EDGE if path in marked else None, alike)
        return done[path]

    return pages


def _title(game: str) -> str:
    loaded = load_game(CONTENT / game, f"content/{game}", Findings(), Templates())
    assert loaded is not None
    return loaded.title


def test_every_page_of_every_kit_carries_its_slug_inside_the_printer_margin(
        printed: Path, read: Callable[[Path], list[Leaf]]) -> None:
    for game in SHIPPED:
        title = _title(game)
        for kit in sorted(printed.glob(f"{game}/*/{game}-kit-*.pdf")):
            for number, page in enumerate(read(kit)):
                words = page.words
                assert title in words and re.search(r"page \d+ of \d+", words), (kit.name, number + 1, words[-300:])
                assert not page.astray, (kit.name, number + 1, page.astray[:5])  # every glyph's box (not a space's)


def test_a_component_counts_its_own_pages_and_names_game_component_edition_paper_and_version(
        printed: Path, read: Callable[[Path], list[Leaf]]) -> None:
    assert _title("pocket-bazaar") == "The Pocket Bazaar"  # the title its slug is found by
    for pdf_path in sorted(printed.glob("pocket-bazaar/*/pocket-bazaar-lot-cards-*.pdf")):
        pages = read(pdf_path)
        edition = "Standard edition" if "/standard/" in pdf_path.as_posix() else "Large-print edition"
        paper = "A4" if "-a4" in pdf_path.name else "US Letter"
        for number, page in enumerate(pages):
            assert page.slug is not None, page.whole[-200:]
            # its lines in reading order, spaces and separators left out (a line break takes a separator's place)
            words = "".join(c for _, c, _ in page.slug if c != "·")
            slug = f"The Pocket Bazaar Lot cards {edition} {paper} page {number + 1} of {len(pages)} ".replace(" ", "")
            assert words.startswith(slug), words
            assert re.fullmatch(r"Firstedition,2026[0-9a-f]{7}", words[len(slug):]), words


def test_private_material_repeats_its_warning_on_every_page(printed: Path,
                                                             read: Callable[[Path], list[Leaf]]) -> None:
    for pdf_path in printed.glob("open-secret-exchange/*/open-secret-exchange-answer-guide-*.pdf"):
        for page in read(pdf_path):
            words = page.words
            assert "Host only · Open Secret Exchange" in words, words[-300:]  # the answer guide: audience host


def test_every_line_and_box_is_inside_the_printer_margin(way: str, printed: Path,
                                                         read: Callable[[Path], list[Leaf]]) -> None:
    """pdfplumber's boxes, read by pdfium (`pdfium_marks`): glyphs by their font's descent and size (descenders
    too), lines and rectangles. (The prints with marks of their own, plain and bled, stand for the rest.)"""
    if way not in MARKED:
        pytest.skip("read with pdfium above")
    for kit in _marked(printed):
        for number, page in enumerate(read(kit)):
            assert not page.strays, (kit.name, number + 1, *page.strays[0])


def test_the_slug_is_whole_on_every_page_of_every_pdf(printed: Path, read: Callable[[Path], list[Leaf]]) -> None:
    """Its characters are the page's last (it is stamped last) and lie together: one orientation, no other
    character inside the box round them, level lines at the foot or head or upright lines at a side; in large
    print each line within 6 in where the sheet has the room (it always has, in the shipped games but one:
    the private desk cards folded on A4, whose two lines run the printable width)."""
    for pdf_path in sorted(p for game in SHIPPED for p in printed.glob(f"{game}/*/*.pdf")):
        for number, page in enumerate(read(pdf_path)):
            where = (pdf_path.name, number + 1)
            slug, angles = page.slug, page.angles
            assert slug is not None, (where, page.whole[-200:])
            assert slug and len(angles) == 1, (where, angles)  # one block, level or upright
            x1, y1 = min(c[0][0] for c in slug), min(c[0][1] for c in slug)
            x2, y2 = max(c[0][2] for c in slug), max(c[0][3] for c in slug)
            assert not page.inside, (where, page.inside[:80])  # nothing of the page between its pieces
            width, height = page.size
            level = angles == {0}
            near = (y1 < height / 4 or y2 > height * 3 / 4) if level else (x1 < width / 4 or x2 > width * 3 / 4)
            assert near, (where, "not in a margin", (x1, y1, x2, y2))
            baselines = sorted({round(origin[1] if level else origin[0], 1) for _, _, origin in slug})
            assert len(baselines) <= 3, (where, baselines)
            steps = [b - a for a, b in zip(baselines, baselines[1:], strict=False)]
            assert not steps or max(steps) - min(steps) < 0.5, (where, baselines)  # evenly spaced: one block
            spaceless = "".join(c for _, c, _ in slug)
            desks_folded_on_a4 = "-a4-fold" in pdf_path.name and "Deskcards" in spaceless
            if "/large-print/" in pdf_path.as_posix() and not desks_folded_on_a4:
                longest = (x2 - x1) if level else (y2 - y1)
                assert longest <= LARGE_PRINT_LINE_MM * MM + 1, (where, longest / MM)


def _planted(path: Path, nudge: float = 0.0, face: str = "Helvetica") -> Path:
    """A page with a fault of each kind planted (a glyph in the margin, a word amid the slug, a rule off the edge),
    then a clean page: the glyph in the margin `nudge` points further in, the slug set in `face`."""
    sheet = canvas.Canvas(str(path), pagesize=A4)
    for faulty in (True, False):
        sheet.setFont("Helvetica", 10)
        sheet.drawString(30 * MM, 150 * MM, "A line well inside the margin")
        if faulty:
            sheet.drawString(1 * MM + nudge, 100 * MM, "X")  # a glyph moved into the margin
            sheet.drawString(60 * MM, 8 * MM, "W")  # a word of the page's own, amid the slug
            sheet.line(20 * MM, 50 * MM, 20 * MM, 296 * MM)  # a rule run off the top
        sheet.setFont(face, 6)
        sheet.drawString(30 * MM, 8 * MM, "The Pocket Bazaar · Lot cards · page 1 of 1 · First edition, 2026 · 0123abc")
        sheet.showPage()
    sheet.save()
    return path


def test_a_glyph_in_the_margin_a_word_amid_the_slug_and_a_rule_off_the_edge_are_each_found(tmp_path: Path) -> None:
    """The reading the tests above rest on, shown a page with each fault planted and a clean page: each fault
    found, with the character pdfium's own `get_charbox` boxes outside the margin, and nothing on the clean page."""
    path = _planted(tmp_path / "planted.pdf")
    faulty, clean = leaves(path, "The Pocket Bazaar", EDGE, MARKS_EDGE)
    pdf = pdfium.PdfDocument(path)
    text = pdf[0].get_textpage()
    width, height = pdf[0].get_size()
    boxes = [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())]
    assert faulty.astray == [(c, b) for c, b in boxes if b[2] > b[0] and not (
        b[0] >= EDGE and b[1] >= EDGE and b[2] <= width - EDGE and b[3] <= height - EDGE)]
    assert [c for c, _ in faulty.astray] == ["X"] and faulty.inside == "W"
    assert [m[0] for m in faulty.strays] == ["x", "X"] and faulty.angles == {0}  # the rule, then the glyph
    assert faulty.slug and "".join(c for _, c, _ in faulty.slug).endswith("0123abc")
    assert clean.slug and not clean.astray and not clean.inside and not clean.strays and clean.angles == {0}


def test_a_page_alike_to_one_read_is_read_once_and_a_page_changed_anywhere_is_read_again(tmp_path: Path) -> None:
    """The fingerprint the module's reading rests on: the planted pages copied twice into a kit by the press's own
    join (other object numbers, as a kit holds its components' pages) are told alike, and given the leaves the
    first file's reading left, the same as a reading afresh; a glyph moved by a hundredth of a point, or the slug in
    another font, is a page of its own."""
    first = _planted(tmp_path / "planted.pdf")
    joined = tmp_path / "kit.pdf"
    joined.write_bytes(joined_kit([("One", first.read_bytes()), ("Two", first.read_bytes())],
                           DocInfo("Kit", "Round & Revel", "A test", "en-GB")))
    assert fingerprints(joined) == fingerprints(first) * 2
    seen: dict[tuple[bytes, str | None, float, float | None], Leaf] = {}
    read = leaves(first, "The Pocket Bazaar", EDGE, MARKS_EDGE, seen)
    held = dict(seen)
    again = leaves(joined, "The Pocket Bazaar", EDGE, MARKS_EDGE, seen)
    assert seen == held and [id(leaf) for leaf in again] == [id(leaf) for leaf in read * 2]  # nothing read again
    assert again == leaves(joined, "The Pocket Bazaar", EDGE, MARKS_EDGE)  # as read afresh
    # read with its marks, it answers a reading without them as that reading would
    assert leaves(first, "The Pocket Bazaar", EDGE, None, seen) == leaves(first, "The Pocket Bazaar", EDGE, None)
    nudged = fingerprints(_planted(tmp_path / "nudged.pdf", nudge=0.01))
    other_face = fingerprints(_planted(tmp_path / "face.pdf", face="Times-Roman"))
    assert nudged[0] != fingerprints(first)[0] and nudged[1] == fingerprints(first)[1]
    assert not {*other_face} & {*fingerprints(first)}


def _bare_pdf(pages: bytes, page: bytes, more: tuple[bytes, ...] = (), drawn: bytes = b"",
              length: int | None = None) -> bytes:
    """A one-page PDF written by hand: its page tree's own entries `pages`, its page's `page`, objects 5 on; its
    content `drawn` (its stream's length `length`, else its own)."""
    content = b"<< /Length %d >>\nstream\n%s\nendstream" % (len(drawn) if length is None else length, drawn)
    objects = (b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 " + pages + b" >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R " + page + b" >>",
               content, *more)
    pdf, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(pdf))
        pdf += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    return pdf + b"xref\n0 %d\n0000000000 65535 f \n%strailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, table, len(objects) + 1, len(pdf))


def test_a_page_turned_or_given_resources_by_its_page_tree_or_caught_in_a_cycle_is_never_taken_for_another(
        tmp_path: Path) -> None:
    """What a page inherits is read as pypdf reads it (its turn), or makes the page one of its own (resources);
    so does a cycle among the objects it refers to. A string in its dictionary is read past, however it nests, and
    a stream by its length too."""
    def prints(name: str, pdf: bytes) -> list[bytes]:
        (tmp_path / name).write_bytes(pdf)
        return fingerprints(tmp_path / name)

    level = prints("level.pdf", _bare_pdf(b"/Rotate 0", b"/Resources << >>"))
    assert level == prints("level-again.pdf", _bare_pdf(b"/Rotate 0", b"/Resources << >>"))  # alike: told alike
    assert level != prints("turned.pdf", _bare_pdf(b"/Rotate 90", b"/Resources << >>"))
    inherits = _bare_pdf(b"/Resources << >>", b"")
    assert prints("inherits.pdf", inherits) != prints("inherits-again.pdf", inherits)
    cycle = _bare_pdf(b"", b"/Resources 5 0 R", (b"<< /XObject << /Tile 6 0 R >> >>", b"<< /Back 5 0 R >>"))
    assert prints("cycle.pdf", cycle) != prints("cycle-again.pdf", cycle)
    missing = _bare_pdf(b"", b"/Resources << >> /Note (see 9 0 R)")  # words that read as a reference to no object
    assert prints("missing.pdf", missing) != prints("missing-again.pdf", missing)
    # a word `stream` in a string with parentheses of its own is no stream: the contents after it are read
    noted = b"/Resources << >> /Note (a (b) stream\n)"
    hello = prints("hello.pdf", _bare_pdf(b"", noted, drawn=b"BT /F1 9 Tf (HELLO) Tj ET"))
    assert hello != prints("world.pdf", _bare_pdf(b"", noted, drawn=b"BT /F1 9 Tf (WORLD) Tj ET"))
    # the same bytes, read to another length
    drawn = b"BT /F1 9 Tf (A) Tj ET\nendstream\nBT (B) Tj ET"
    assert prints("a.pdf", _bare_pdf(b"", noted, drawn=drawn, length=21)) != prints("ab.pdf", _bare_pdf(
        b"", noted, drawn=drawn))
