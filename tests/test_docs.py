"""The designer's guide (docs/designing.md) says what the press reads: its key tables list exactly the keys the
loader asks for, its layout reference is the code's, and every icon and pattern shipped is shown as a picture."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import CONTENT, ROOT, SHIPPED, edit

from deckpress.findings import Findings
from deckpress.layout.reference import stale
from deckpress.load import expand_sheets, load_game
from deckpress.templating import Templates

GUIDE = ROOT / "docs" / "designing.md"
UNKNOWN = re.compile(r"unknown key 'zzz' in (?P<what>.+?) \((?:expected: (?P<keys>[^)]*)|it takes no keys)\)")

# Where a key nobody knows is slipped into Pocket Bazaar's files to make the loader list the keys it takes:
# (table in the guide, file, text to find, the same with the key added).
PROBES = [
    ("game", "game.yaml", "title: The Pocket Bazaar\n", "title: The Pocket Bazaar\nzzz: 1\n"),
    ("deck", "game.yaml", "    card: lot\n", "    card: lot\n    zzz: 1\n"),
    ("field", "game.yaml", "points: {type: int, min: 1, max: 6}", "points: {type: int, min: 1, max: 6, zzz: 1}"),
    ("card-file", "lots.yaml", "cards:\n", "zzz: 1\ncards:\n"),
    ("check", "game.yaml", "  - that: dealt + reserve == deck_size\n",
     "  - that: dealt + reserve == deck_size\n    zzz: 1\n"),
    ("component", "game.yaml", "{id: lot-cards,", "{zzz: 1, id: lot-cards,"),
    ("component", "game.yaml", "{id: bid-sheets,", "{zzz: 1, id: bid-sheets,"),  # a sheet's asks for `sheet`
    ("print", "game.yaml", "rules: rules.yaml\n", "rules: rules.yaml\nprint: {zzz: 1}\n"),
    ("rules", "rules.yaml", "kicker:", "zzz: 1\nkicker:"),
    ("section", "rules.yaml", "  - heading: What you need\n", "  - heading: What you need\n    zzz: 1\n"),
    ("sheet", "sheets.yaml", "bid-sheet:\n  copies: teams\n", "bid-sheet:\n  copies: teams\n  zzz: 1\n"),
]


def documented(table: str) -> set[str]:
    """The keys the guide's table `table` lists: the first column of the table after `<!-- keys: table -->`."""
    text = GUIDE.read_text(encoding="utf-8")
    after = text.split(f"<!-- keys: {table} -->\n", 1)[1]
    rows = re.findall(r"^\| `([a-z_]+)` \|", after.split("\n\n", 1)[0], re.M)
    assert rows, f"no table of {table} keys in the guide"
    return set(rows)


def asked(tmp_path: Path, file: str, find: str, replace: str) -> set[str]:
    game = tmp_path / "pocket-bazaar"
    shutil.copytree(CONTENT / "pocket-bazaar", game)
    edit(game / file, find, replace)
    findings, templates = Findings(), Templates()
    loaded = load_game(game, "content/pocket-bazaar", findings, templates)
    if loaded is not None:
        expand_sheets(loaded, findings, templates)
    found = [m for f in findings if (m := UNKNOWN.search(f.message))]
    assert len(found) == 1, [f.message for f in findings]
    return set((found[0]["keys"] or "").split(", ")) - {""}


@pytest.mark.parametrize("table", sorted({p[0] for p in PROBES}))
def test_each_key_table_lists_the_keys_the_loader_takes(tmp_path, table):
    keys: set[str] = set()
    for n, (_, file, find, replace) in enumerate(p for p in PROBES if p[0] == table):
        keys |= asked(tmp_path / str(n), file, find, replace)
    assert documented(table) == keys


def test_the_guides_layout_reference_is_the_codes():
    assert not stale(GUIDE.read_text(encoding="utf-8")), "docs/designing.md is stale: run `make layout-docs`"


def test_every_shipped_icon_and_pattern_is_shown_as_a_picture():
    """`make docs` draws them (scripts/icon_gallery.py); the guide shows each. Only the shipped games': a game of
    one's own in content/ is not the guide's business."""
    text = GUIDE.read_text(encoding="utf-8")
    icons = [("shared", p) for p in sorted((ROOT / "layouts" / "icons").glob("*.svg"))]
    icons += [(game, p) for game in SHIPPED for p in sorted((CONTENT / game / "icons").glob("*.svg"))]
    assert icons
    for label, svg in icons:
        picture = f"icons/{label}-{svg.stem}.png"
        assert (GUIDE.parent / picture).is_file(), f"no picture of {svg}: run `make docs`"
        assert f"({picture})" in text, f"the guide does not show {picture}"


def test_the_guide_shows_each_picture_of_shapes_boards_boxes_and_standees():
    """`make docs` renders them from the example games (scripts/pictures.py); each is drawn and shown."""
    pictures = re.findall(r'^    \("([a-z-]+)", "', (ROOT / "scripts" / "pictures.py").read_text(encoding="utf-8"),
                          flags=re.M)
    text = GUIDE.read_text(encoding="utf-8")
    assert {"hex-tiles", "round-tokens", "board-assembly", "tuck-box", "standees"} <= set(pictures)
    for name in pictures:
        assert (GUIDE.parent / "pictures" / f"{name}.png").is_file(), f"no picture {name}: run `make docs`"
        assert f"(pictures/{name}.png)" in text, f"the guide does not show pictures/{name}.png"
