"""Numbered and nested lists in the rules (Hollow Vale's turn steps): their numbers read back from the booklet, set
right-aligned before their texts, each list an L of LI > Lbl + LBody with an item's own list inside its body; the
same lists in the text edition and the EPUB as <ol> and <ul>."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from conftest import FIXTURES, LAYOUTS, MM, edit, line_of
from test_tagged import kids, page_chars, text_of

from deckpress.cli import main
from deckpress.layout.lists.entries import label

GAME = "hollow-vale"
SOURCE = FIXTURES / "sheets23" / "content"
XHTML = "{http://www.w3.org/1999/xhtml}"
TURN = ["Flip the top explore card.", "Draw its shape on your map", "Pick one of the terrains it shows.",
        "Fill every square of the shape.", "Score the season's goals when the season ends."]
TOL = 0.01  # mm


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("vale")
    assert main(["build", "--content", str(SOURCE), "--layouts", str(LAYOUTS), "--out", str(out), "--jobs", "1"]) == 0
    return out / GAME


def lines(path: Path) -> list[tuple[str, float]]:
    """Each line of the booklet's first page: its text and where it starts, mm from the left."""
    with pdfplumber.open(path) as pdf:
        return [(line["text"], line["x0"] / MM) for line in pdf.pages[0].extract_text_lines()]


def test_a_numbered_list_prints_its_numbers_and_a_nested_one_its_letters(out: Path) -> None:
    read = lines(out / "standard" / f"{GAME}-rules-a4.pdf")
    start = [text for text, _ in read].index("A turn") + 1
    steps = [text for text, _ in read[start:start + 5]]
    assert steps == [f"1. {TURN[0]}", f"2. {TURN[1]}", f"a. {TURN[2]}", f"b. {TURN[3]}", f"3. {TURN[4]}"]
    bullets = [text for text, _ in read[start - 5:start - 1]]
    assert bullets == ["• A map sheet for each player", "• Pencils", "– one a player", "– a spare"]


def test_numbers_end_in_line_and_a_nested_list_stands_further_in(out: Path) -> None:
    with pdfplumber.open(out / "standard" / f"{GAME}-rules-a4.pdf") as pdf:
        words = pdf.pages[0].extract_words()
    numbers = {w["text"]: w for w in words if w["text"] in ("1.", "2.", "3.", "a.", "b.")}
    ends = [numbers[n]["x1"] / MM for n in ("1.", "2.", "3.")]
    assert max(ends) - min(ends) < TOL
    inner = [numbers[n]["x1"] / MM for n in ("a.", "b.")]
    assert abs(inner[0] - inner[1]) < TOL and inner[0] > ends[0] + 4
    after = {w["text"]: w["x0"] / MM for w in words if w["text"] in ("Flip", "Draw", "Pick", "Fill")}
    assert abs(after["Flip"] - after["Draw"]) < TOL and abs(after["Pick"] - after["Fill"]) < TOL
    assert after["Pick"] > after["Flip"] + 4


def test_the_booklet_tags_each_list_as_l_of_li_with_its_number_as_lbl(out: Path) -> None:
    path = out / "standard" / f"{GAME}-rules-a4.pdf"
    with pikepdf.open(path) as pdf:
        chars = page_chars(path, pdf, range(len(pdf.pages)))
        (document,) = pdf.Root.StructTreeRoot.K
        lists = [k for k in kids(document) if k.S == "/L"]
        assert len(lists) == 2  # what you need, and a turn

        def read(element: pikepdf.Object) -> list[tuple[str, str, list]]:  # type: ignore[type-arg]
            items = []
            for item in kids(element):
                assert item.S == "/LI"
                lbl, body = kids(item)
                assert (lbl.S, body.S) == ("/Lbl", "/LBody")
                inner = [k for k in kids(body) if k.S == "/L"]
                own = text_of(body, chars)[:len(text_of(body, chars)) - sum(len(text_of(k, chars)) for k in inner)]
                items.append((text_of(lbl, chars), own, [read(k) for k in inner]))
            return items

        assert read(lists[1]) == [
            ("1.", TURN[0], []), ("2.", TURN[1], [[("a.", TURN[2], []), ("b.", TURN[3], [])]]),
            ("3.", TURN[4], [])]
        assert read(lists[0]) == [("•", "A map sheet for each player", []),
                                  ("•", "Pencils", [[("–", "one a player", []), ("–", "a spare", [])]])]


def html_lists(page: str) -> list[ET.Element]:
    """The lists of the page's rules: its outermost <ol> and <ul> in the rules' section."""
    root = ET.fromstring(page)
    rules = next(s for s in root.iter(f"{XHTML}section") if s.get("aria-labelledby") == "rules")
    return [e for div in rules.iter(f"{XHTML}div") for e in div if e.tag in (f"{XHTML}ol", f"{XHTML}ul")]


def shown(element: ET.Element) -> list[tuple[str, str | None, str]]:
    """Each item of a list, with its own list's tag and type, depth first."""
    out = []
    for item in element:
        inner = [e for e in item if e.tag in (f"{XHTML}ol", f"{XHTML}ul")]
        out.append(((item.text or "").strip(), None, ""))
        for e in inner:
            out += [(text, e.tag.removeprefix(XHTML) + (f" type={e.get('type')}" if e.get("type") else ""), "in")
                    if tag is None else (text, tag, "in " + where) for text, tag, where in shown(e)]
    return out


def test_the_text_edition_writes_a_numbered_list_as_ol_with_its_own_list_inside(out: Path) -> None:
    bulleted, numbered = html_lists((out / f"{GAME}.html").read_text(encoding="utf-8"))
    assert numbered.tag == f"{XHTML}ol" and numbered.get("type") is None
    assert shown(numbered) == [(TURN[0], None, ""), (TURN[1], None, ""), (TURN[2], "ol type=a", "in"),
                               (TURN[3], "ol type=a", "in"), (TURN[4], None, "")]
    assert bulleted.tag == f"{XHTML}ul"
    assert shown(bulleted) == [("A map sheet for each player", None, ""), ("Pencils", None, ""),
                               ("one a player", "ul", "in"), ("a spare", "ul", "in")]


def test_the_epub_has_the_same_lists(out: Path) -> None:
    with zipfile.ZipFile(out / f"{GAME}.epub") as book:
        pages = [book.read(n).decode("utf-8") for n in book.namelist() if n.endswith(".xhtml") and "nav" not in n]
    found = [lists for page in pages if (lists := [e for e in ET.fromstring(page).iter()
                                                   if e.tag == f"{XHTML}ol" and "Flip" in "".join(e.itertext())])]
    assert found, "no numbered list in the EPUB"
    numbered = found[0][0]
    assert shown(numbered) == [(TURN[0], None, ""), (TURN[1], None, ""), (TURN[2], "ol type=a", "in"),
                               (TURN[3], "ol type=a", "in"), (TURN[4], None, "")]


@pytest.mark.parametrize(("n", "depth", "numbered", "shown_as"), [
    (1, 0, True, "1."), (12, 0, True, "12."), (2, 1, True, "b."), (27, 1, True, "aa."), (4, 2, True, "iv."),
    (9, 2, True, "ix."), (1, 0, False, "•"), (3, 1, False, "–"), (1, 2, False, "–")])
def test_labels_run_in_numbers_then_letters_then_numerals(n: int, depth: int, numbered: bool, shown_as: str) -> None:
    assert label(n, depth, numbered) == shown_as


def test_a_list_too_deep_or_a_flag_not_true_or_false_is_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(SOURCE, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    rules = tmp_path / "content" / GAME / "rules.yaml"
    edit(rules, "          - Pick one of the terrains it shows.\n",
         "          - text: Pick one of the terrains it shows.\n            items:\n"
         "              - text: deeper\n                items: [deepest]\n")
    edit(rules, "    numbered: true\n", "    numbered: yes please\n")
    assert main(["check", "--layouts", str(LAYOUTS)]) == 1
    errors = [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]
    assert errors == [
        f"content/{GAME}/rules.yaml:{line_of(rules, 'numbered')}:15: error: numbered must be true or false, got "
        "'yes please'",
        f"content/{GAME}/rules.yaml:{line_of(rules, 'items: [deepest]')}:17: error: lists go 3 deep at most: this "
        "item's list would be the 4th"]
