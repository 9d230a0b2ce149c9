"""Pages that read on, read back from the built PDFs: no box runs into the text after it, no page ends on a
heading, a continued table repeats its label and header row, and host material names itself on every page."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
import yaml
from conftest import CONTENT, LAYOUTS, SHIPPED
from marks import pdfium_chars

EDITIONS, PAPERS = ("standard", "large-print"), ("a4", "letter")
MM = 72 / 25.4
OSE = "open-secret-exchange"


def _lines(page_chars: list[dict]) -> list[tuple[float, float, str, list[dict]]]:  # type: ignore[type-arg]
    """A page's text lines from its characters (pdfplumber's `page.chars`, or `pdfium_chars`), top to bottom:
    (top, bottom, text, chars)."""
    rows: dict[float, list[dict]] = {}  # type: ignore[type-arg]
    for ch in page_chars:
        if ch["text"].strip():
            key = next((k for k in rows if abs(k - ch["bottom"]) < 1.5), ch["bottom"])
            rows.setdefault(key, []).append(ch)
    out = []
    for _, chars in sorted(rows.items()):
        chars.sort(key=lambda c: c["x0"])
        text = "".join(c["text"] if i == 0 or c["x0"] - chars[i - 1]["x1"] < 1 else " " + c["text"]
                       for i, c in enumerate(chars))
        out.append((min(c["top"] for c in chars), max(c["bottom"] for c in chars), text, chars))
    return out


def _style(edition: str, layout: str) -> dict:  # type: ignore[type-arg]
    """A layout's keys, over the sheet layout's where it extends it."""
    data = yaml.safe_load((LAYOUTS / edition / f"{layout}.yaml").read_text(encoding="utf-8"))
    if data.get("extends") != "sheet":
        return data  # type: ignore[no-any-return]
    base = yaml.safe_load((LAYOUTS / edition / "sheet.yaml").read_text(encoding="utf-8"))
    return {**base, **data, "styles": {**base.get("styles", {}), **data.get("styles", {})}}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_the_ledger_reminder_box_ends_above_the_host_paragraph(built: Path, edition, paper):
    pdf_path = built / OSE / edition / f"{OSE}-rules-{paper}.pdf"
    with pdfplumber.open(pdf_path) as pdf:
        page = next(p for p in pdf.pages if "Private information ledger" in (p.extract_text() or ""))
        lines = _lines(page.chars)
        # what follows it: the host's paragraph, or (large print on Letter) the next page, the slug here below it
        host_top = next(top for top, _, text, _ in lines if text.startswith("Host material") or " · " in text)
        ledger_top = next(top for top, _, text, _ in lines if text.startswith("Private information ledger"))
        boxes = [r for r in page.rects if r["top"] < ledger_top < r["bottom"]]
        assert boxes, "the ledger reminder is boxed"
        assert max(r["bottom"] for r in boxes) < host_top - 0.5 * MM  # its border clear of the next paragraph


def _flowed(built: Path) -> list[tuple[Path, str, dict]]:  # type: ignore[type-arg]
    """Every rules booklet and every sheet flowed one copy a page, as built, with its edition and layout."""
    out = []
    for game in SHIPPED:
        listing = yaml.safe_load((CONTENT / game / "game.yaml").read_text(encoding="utf-8"))
        for component in listing["components"]:
            for edition in EDITIONS:
                flowed = component["kind"] in ("sheet", "rules")  # a deck, a board or a box is not flowed
                layout = _style(edition, component["layout"]) if flowed else {}
                if layout and layout.get("per_page", 1) == 1:
                    out += [(pdf, edition, layout) for pdf in (built / game / edition).glob(
                        f"{game}-{component['id']}-*.pdf")]
    return out


def test_no_page_ends_on_a_heading(built: Path):
    checked = 0
    for pdf_path, _, layout in _flowed(built):
        margin, styles = layout["margin_mm"] * MM, layout["styles"]
        size = min(styles[k]["size"] for k in ("heading", "part") if k in styles)
        pdf = pdfium.PdfDocument(pdf_path)  # its characters as pdfplumber gives them, read several times sooner
        for number in range(1, len(pdf) + 1):
            page = pdf[number - 1]
            body = [line for line in _lines(pdfium_chars(page)) if line[1] < page.get_height() - margin + 1]
            if not body:  # the slug line left out
                continue
            _, _, text, chars = body[-1]
            heading = all("Bold" in c["fontname"] and c["size"] >= size - 0.01 for c in chars)
            assert not heading, f"{pdf_path.name} page {number} ends on the heading {text!r}"
            checked += 1
    assert checked > 60


@pytest.mark.parametrize("paper", PAPERS)
def test_a_continued_ledger_page_opens_with_its_label_and_the_header_row(built: Path, paper):
    pdf_path = built / OSE / "large-print" / f"{OSE}-ledgers-{paper}.pdf"
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages[1::2]:  # a ledger takes two pages in large print
            text = re.sub(r"\s+", " ", page.extract_text())
            assert re.match(r"Private information ledger: desk [A-D], market \d, continued Final report "
                            r"Request Code Value Request 1", text), text


@pytest.mark.parametrize("paper", PAPERS)
def test_a_table_run_on_repeats_its_header_row(built: Path, paper):
    pdf_path = built / OSE / "large-print" / f"{OSE}-answer-guide-{paper}.pdf"
    with pdfplumber.open(pdf_path) as pdf:
        shown = 0  # set 1.5 apart, the records take the first page and the route starts whole on the next
        for page in pdf.pages:
            lines = [line[2] for line in _lines(page.chars)]
            first_turn = next((i for i, t in enumerate(lines) if re.match(r"Turn \d+ Desk", t)), None)
            if first_turn is not None:
                assert any(t.startswith("Turn Initiator Partner") for t in lines[:first_turn]), lines
                shown += 1
        assert shown, "the route table is there, under its header row, on each page it is on"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_answer_guide_page_carries_the_warning_and_its_market(built: Path, edition, paper):
    pdf_path = built / OSE / edition / f"{OSE}-answer-guide-{paper}.pdf"
    with pdfplumber.open(pdf_path) as pdf:
        markets = []
        for page in pdf.pages:
            text = re.sub(r"\s+", " ", page.extract_text())
            head, found, rest = text.partition("Contains solutions.")
            assert found and (not head or head.startswith("Host only · ")), text  # the slug line may start above
            text = found + rest
            assert text.startswith("Contains solutions. Keep covered until reports lock. Answer guide: Market "), text
            markets.append(int(re.search(r"Answer guide: Market (\d+)", text).group(1)))  # type: ignore[union-attr]
        assert markets == sorted(markets) and set(markets) == set(range(1, max(markets) + 1))
        assert len(pdf.pages) > len(set(markets)) or edition == "standard"
