"""The shipped games' backs, card layouts of each game's own folder, read back from a duplex page: the pattern's
tiles over every card, the white panel at the card's centre, the words centred on it."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from conftest import CATALOGUE, MM, shared
from pypdf import PdfReader

BACKS = [  # game, edition, component, card size (mm), the back's words, its pattern, tiles a card
    ("pocket-bazaar", "standard", "lot-cards", (63, 88), "The Pocket Bazaar", "dots", 21 * 29),
    ("stone-market", "large-print", "exchange-cards", (160, 115), "Stone Market Exchange", "stripes", 53 + 1),
]


@pytest.fixture(scope="module")
def duplex(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The catalogue printed duplex on the long edge (both papers: the same build test_slug.py and
    test_host_kit.py read): read-only."""
    return shared(tmp_path_factory, (*CATALOGUE, "--duplex", "long-edge"))


@pytest.mark.parametrize(("game", "edition", "component", "size", "words", "pattern", "tiles"), BACKS)
def test_a_shipped_back_is_its_pattern_a_panel_and_its_words_at_the_centre(
        duplex, game, edition, component, size, words, pattern, tiles):
    pdf = duplex / game / edition / f"{game}-{component}-a4-duplex-long-edge.pdf"
    w, h = size
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[1]  # the first sheet's backs
        cards = [r for r in page.rects if abs(r["width"] / MM - w) < 0.1 and abs(r["height"] / MM - h) < 0.1]
        panels = [r for r in page.rects if abs(r["width"] / MM - w * 0.76) < 0.1]
        assert cards and len(panels) == len(cards)
        words_on_page = page.extract_words()  # read once for every card of the sheet
        for card in cards:
            cx, cy = (card["x0"] + card["x1"]) / 2, (card["top"] + card["bottom"]) / 2
            (panel,) = [p for p in panels if card["x0"] < p["x0"] < card["x1"] and card["top"] < p["top"]
                        < card["bottom"]]
            assert panel["fill"] and tuple(panel["non_stroking_color"]) == (1, 1, 1)  # white, outlined in black
            assert panel["stroke"] and tuple(panel["stroking_color"]) == (0, 0, 0)
            assert abs((panel["x0"] + panel["x1"]) / 2 - cx) < 0.1 and abs((panel["top"] + panel["bottom"]) / 2
                                                                          - cy) < 0.1
            assert abs(panel["height"] / MM - h * 0.4) < 0.1
            inside = [t for t in words_on_page if panel["x0"] < t["x0"] and t["x1"] < panel["x1"]
                      and panel["top"] < t["top"] and t["bottom"] < panel["bottom"]]
            assert " ".join(t["text"] for t in inside) == words
            left, right = min(t["x0"] for t in inside), max(t["x1"] for t in inside)
            top, bottom = min(t["top"] for t in inside), max(t["bottom"] for t in inside)
            # centred across; down, within a mm (the words' boxes are the font's ascent and descent)
            assert abs((left + right) / 2 - cx) < 0.1 * MM and abs((top + bottom) / 2 - cy) < 1.0 * MM
    stream = PdfReader(pdf).pages[1].get_contents().get_data().decode("latin-1")
    placed = re.findall(r"/FormXob\.(\S+) Do", stream)
    assert placed and {name.split("-")[1] for name in placed} == {pattern}
    assert len(placed) == tiles * len(cards)  # the tile on every 3 mm cell of every card
