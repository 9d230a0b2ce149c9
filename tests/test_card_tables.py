"""A table printed on a card reads as a table: Stone Market's reference card's scoring table, read back from the
structure tree with pypdf, row by row, each cell's words by its marked content."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import CONTENT, LAYOUTS, edit, shared
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from deckpress.cli import main

HEADS = ["Left", "Plain", "1 star", "2 stars", "Last"]
ROWS = [["0", "5", "7", "9", "11"], ["1", "4", "5", "7", "9"], ["2", "3", "4", "5", "6"], ["3", "1", "2", "3", "4"],
        ["4+", "0", "1", "1", "2"]]  # as game.yaml's leftovers and scores give them


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared(tmp_path_factory, ("build", "stone-market", "--content", str(CONTENT), "--layouts", str(LAYOUTS),
                                     "--jobs", "1", "--paper", "a4"))


def marked_text(reader: PdfReader, page: int) -> dict[int, str]:
    """Each marked content's words on the page, by its MCID."""
    said: dict[int, str] = {}
    open_: list[int | None] = []

    def before(op: bytes, args: list[Any], *_: Any) -> None:
        if op == b"BDC":
            props = args[1] if len(args) > 1 and isinstance(args[1], DictionaryObject) else {}
            open_.append(int(props["/MCID"]) if "/MCID" in props else None)
        elif op == b"BMC":
            open_.append(None)
        elif op == b"EMC" and open_:
            open_.pop()

    def text(words: str, *_: Any) -> None:
        if open_ and open_[-1] is not None:
            said[open_[-1]] = said.get(open_[-1], "") + words

    reader.pages[page].extract_text(visitor_operand_before=before, visitor_text=text)
    return {k: " ".join(v.split()) for k, v in said.items()}


def role(element: DictionaryObject) -> str:
    return str(element["/S"])[1:]


def kids(element: DictionaryObject) -> list[Any]:
    k = element.get("/K", [])
    k = k if isinstance(k, list) else [k]
    return [x.get_object() if hasattr(x, "get_object") else x for x in k]


def cell_text(cell: DictionaryObject, words: dict[int, str]) -> str:
    return " ".join(words.get(int(k), "") for k in kids(cell) if isinstance(k, int)).strip()


def tables(path: Path) -> list[tuple[str, list[list[tuple[str, str, str]]]]]:
    """Every table of the PDF's first page: its card's title, and its rows of (role, scope, words)."""
    reader = PdfReader(path)
    words = marked_text(reader, 0)
    (document,) = kids(reader.trailer["/Root"]["/StructTreeRoot"])
    found = []
    for card in kids(document):
        for table in (e for e in kids(card) if isinstance(e, DictionaryObject) and role(e) == "Table"):
            rows = [[(role(c), str(c.get("/A", {}).get("/Scope", ""))[1:], cell_text(c, words)) for c in kids(tr)]
                    for tr in kids(table)]
            assert all(role(tr) == "TR" for tr in kids(table))
            found.append((str(card["/T"]), rows))
    return found


@pytest.mark.parametrize("edition", ["standard", "large-print"])
def test_the_reference_cards_scoring_table_reads_as_a_table(cards: Path, edition: str) -> None:
    found = tables(cards / f"stone-market/{edition}/stone-market-reference-cards-a4.pdf")
    assert [title for title, _ in found] == [f"reference card {n}" for n in range(1, len(found) + 1)] and found
    for _, rows in found:  # one table a card, its heads heading their columns, each row headed by its leftover
        assert rows[0] == [("TH", "Column", head) for head in HEADS]
        assert rows[1:] == [[("TH", "Row", row[0]), *(("TD", "", cell) for cell in row[1:])] for row in ROWS]


def checked_with(tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str) -> str:
    """Stone Market checked with its standard reference card's `old` made `new`: what it says (it fails)."""
    import shutil

    layouts = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, layouts)
    edit(layouts / "standard/reference-card.yaml", old, new)
    status = main(["check", "stone-market", "--content", str(CONTENT), "--layouts", str(layouts)])
    err = capsys.readouterr().err
    assert status == 1, err
    return err


def test_a_table_naming_no_text_element_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = checked_with(tmp_path, capsys, "table: [left over,", "table: [leftover,")
    texts = "heading, left over, one star, plain, shift, table heading, top, turn, two stars"
    assert ("standard/reference-card.yaml:7:9: error: table names the layout's text elements, each once, got "
            f"'leftover' (text elements: {texts})") in err, err


def test_a_column_whose_cell_breaks_onto_two_lines_is_a_finding(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Its rows would pair with the wrong row heads: narrowed, the `one star` column's head breaks in two."""
    err = checked_with(tmp_path, capsys, "box_mm: [35, 72, 15, 36]", "box_mm: [35, 72, 8, 36]")
    assert "a cell of this table column breaks onto a second line, so the table's rows no longer line up" in err
    assert "error: stone-market reference-cards, card 1 (reference card 1), one star: a cell of this table" in err, err


def test_each_card_is_a_section_titled_by_its_label_and_headed_first_by_its_heading(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["build", "pocket-bazaar", "open-secret-exchange", "--content", str(CONTENT), "--layouts",
                 str(LAYOUTS), "--jobs", "1", "--paper", "a4", "--edition", "large-print", "--out", str(out)]) == 0
    for path, heads in ((out / "pocket-bazaar/large-print/pocket-bazaar-lot-cards-a4.pdf", "{0}"),
                        (out / "open-secret-exchange/large-print/open-secret-exchange-desk-cards-a4.pdf",
                         "Market {0} / private desk {1}")):
        reader = PdfReader(path)
        words = marked_text(reader, 0)
        (document,) = kids(reader.trailer["/Root"]["/StructTreeRoot"])
        cards = [c for c in kids(document) if isinstance(c, DictionaryObject) and role(c) == "Sect"]
        assert len(cards) >= 2
        for card in cards[:2]:  # the first page's cards: their marked contents are that page's
            title = str(card["/T"])  # "Lanterns 1", "market 1, desk A"
            first = kids(card)[0]
            assert role(first) == "H1" and str(first["/ActualText"]) == cell_text(first, words)
            if "desk" in title:
                market, desk = title.removeprefix("market ").split(", desk ")
                assert cell_text(first, words) == heads.format(market, desk)
            else:
                assert cell_text(first, words) == heads.format(title.rsplit(" ", 1)[0])


def test_the_heading_is_read_first_but_never_painted_under_a_panel_listed_before_it() -> None:
    from types import SimpleNamespace

    from deckpress.layout.face import reading_order

    def layout(*boxes: tuple[float, float, float, float]) -> Any:
        elements = [SimpleNamespace(name=f"e{n}", box=box) for n, box in enumerate(boxes)]
        return SimpleNamespace(elements=elements, heading="e2")

    apart = layout((0, 0, 10, 10), (0, 20, 10, 10), (0, 40, 10, 10), (0, 60, 10, 10))
    assert reading_order(apart) == [2, 0, 1, 3]  # read first: it meets nothing listed before it
    panel = layout((0, 0, 10, 10), (0, 35, 60, 20), (0, 40, 10, 10), (0, 60, 10, 10))
    assert reading_order(panel) == [0, 1, 2, 3]  # the panel behind it is drawn first, so stays under it
