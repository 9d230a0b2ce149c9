"""Editions read once a process (load.kept_editions): one read again from the same files, found in the same
folders, is the edition read before; a file saved again, added or taken away is read again, a reading that found
something says it each time, and nothing changes a kept edition (a build's options are set on a copy), nor a kept
YAML tree (load.sources.PARSED, tests/test_kept_trees.py)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

from conftest import CONTENT, LAYOUTS, games
from test_kept_trees import same

from deckpress.cli import main
from deckpress.findings import Findings
from deckpress.load import load_edition
from deckpress.load.kept_editions import EDITIONS
from deckpress.load.layouts import LayoutReader
from deckpress.load.sources import PARSED, Node, _parse
from deckpress.options import Options

NAMES = {"lot-card", "print-check"}  # print-check extends sheet, not asked for itself


def alike(kept: Any, fresh: Any) -> bool:
    """Whether two editions, or any of their parts, are alike in every value (a YAML node as `same` compares it)."""
    if type(kept) is not type(fresh):
        return False
    if isinstance(kept, Node):
        return same(kept, fresh)
    if dataclasses.is_dataclass(kept):
        return all(alike(getattr(kept, f.name), getattr(fresh, f.name)) for f in dataclasses.fields(kept))
    if isinstance(kept, dict):
        return list(kept) == list(fresh) and all(alike(kept[k], fresh[k]) for k in kept)
    if isinstance(kept, (list, tuple)):
        return len(kept) == len(fresh) and all(map(alike, kept, fresh))
    return bool(kept == fresh)


def test_every_kept_tree_and_edition_is_as_read_after_checking_every_game_twice(tmp_path, monkeypatch, capsys):
    """Every game checked, its translations, extends chains and plurals read, and again from what was kept; then a
    build's options set on editions kept. Each kept tree is still what parsing its text gives, each kept edition
    what reading its files gives: a stage that changed one in place would fail here."""
    shutil.copytree(CONTENT, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    PARSED.clear()
    EDITIONS.clear()
    for _ in range(2):
        assert main(["check", *games(), "--layouts", str(LAYOUTS)]) == 0
    for edition in ("standard", "large-print"):
        options = Options(bold=True, high_contrast="white-on-black")
        assert load_edition([LAYOUTS], edition, NAMES, Findings(), options) is not None
    capsys.readouterr()
    trees, editions = PARSED.items(), EDITIONS.items()
    names = {shown for (_, shown), _ in trees}
    assert any(name.endswith("standard/theme.yaml") for name in names)  # the shared layouts
    assert any(name.endswith("pocket-bazaar/game.yaml") for name in names)  # a game's own, translated as read
    for (text, shown), tree in trees:
        assert same(tree, _parse(text, shown, Findings())), shown
    assert {edition for (_, edition, _), _ in editions} == {"standard", "large-print"}
    assert any(dirs[0] == Path("content/stone-market/layouts") for (dirs, _, _), _ in editions)  # a game's own first
    for (dirs, edition, names_asked), (_, found) in editions:
        fresh = LayoutReader(Findings()).edition(list(dirs), edition, set(names_asked))
        assert alike(found, fresh), (dirs, edition)


def test_a_layout_saved_again_is_read_again(tmp_path):
    shutil.copytree(LAYOUTS, tmp_path / "layouts")
    card = tmp_path / "layouts" / "standard" / "lot-card.yaml"
    first = load_edition([tmp_path / "layouts"], "standard", NAMES, Findings())
    card.write_text(card.read_text(encoding="utf-8").replace("size_mm: [63, 88]", "size_mm: [64, 88]"),
                    encoding="utf-8")
    again = load_edition([tmp_path / "layouts"], "standard", NAMES, Findings())
    assert first is not None and again is not None
    assert first.layouts["lot-card"].size == (63, 88) and again.layouts["lot-card"].size == (64, 88)


def test_a_layout_extends_a_file_saved_again(tmp_path):
    shutil.copytree(LAYOUTS, tmp_path / "layouts")
    sheet = tmp_path / "layouts" / "standard" / "sheet.yaml"
    first = load_edition([tmp_path / "layouts"], "standard", NAMES, Findings())
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("margin_mm: 12", "margin_mm: 13"), encoding="utf-8")
    again = load_edition([tmp_path / "layouts"], "standard", NAMES, Findings())
    assert first is not None and again is not None
    assert first.layouts["print-check"].margin == 12 and again.layouts["print-check"].margin == 13  # type: ignore[union-attr]


def test_a_layout_put_in_a_folder_searched_first_is_found_there_and_gone_is_found_after(tmp_path):
    own = tmp_path / "own"
    dirs = [own, LAYOUTS]
    shared = load_edition(dirs, "standard", NAMES, Findings())
    (own / "standard").mkdir(parents=True)
    card = own / "standard" / "lot-card.yaml"
    card.write_text((LAYOUTS / "standard" / "lot-card.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    mine = load_edition(dirs, "standard", NAMES, Findings())
    card.unlink()
    after = load_edition(dirs, "standard", NAMES, Findings())
    assert shared is not None and mine is not None and after is not None
    assert shared.layouts["lot-card"].loc.file == after.layouts["lot-card"].loc.file == str(LAYOUTS / "standard" /
                                                                                             "lot-card.yaml")
    assert mine.layouts["lot-card"].loc.file == str(card)


def test_an_edition_whose_reading_found_something_says_it_each_time(tmp_path):
    shutil.copytree(LAYOUTS, tmp_path / "layouts")
    card = tmp_path / "layouts" / "standard" / "lot-card.yaml"
    card.write_text(card.read_text(encoding="utf-8") + "bleeds_mm: 3\n", encoding="utf-8")
    said = []
    for _ in range(3):
        load_edition([tmp_path / "layouts"], "standard", NAMES, findings := Findings())
        said.append([str(f) for f in findings])
    assert any("unknown key 'bleeds_mm'" in f for f in said[0])
    assert said[0] == said[1] == said[2]


def test_a_builds_options_are_set_on_its_own_copy():
    bold = load_edition([LAYOUTS], "large-print", NAMES, Findings(), Options(bold=True, high_contrast="white-on-black"))
    plain = load_edition([LAYOUTS], "large-print", NAMES, Findings())
    assert bold is not None and plain is not None
    assert bold.theme.fonts["regular"] == bold.theme.fonts["bold"] and bold.theme.reverse
    assert plain.theme.fonts["regular"] != plain.theme.fonts["bold"] and plain.theme.reverse == ()
    assert plain.layouts is bold.layouts  # the layouts themselves shared: nothing changes them
