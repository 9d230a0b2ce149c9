"""Nothing outside the folders a user named is read: not through a symbolic link, not through a layout's name."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from conftest import LAYOUTS, edit

from deckpress.publish.incremental import fingerprints


def test_a_link_out_of_a_game_folder_is_not_followed_by_the_change_detection(tmp_path):
    game, outside = tmp_path / "content/game", tmp_path / "outside"
    game.mkdir(parents=True)
    outside.mkdir()
    (game / "game.yaml").write_text("title: T\n")
    (outside / "huge.bin").write_bytes(b"a")
    os.symlink(outside / "huge.bin", game / "art.png")
    os.symlink(outside, game / "icons")
    os.symlink(game / "game.yaml", game / "same.yaml")  # a link that stays inside is read like its target
    before = fingerprints([game], [], {})
    (outside / "huge.bin").write_bytes(b"b" * 1000)
    (outside / "more.svg").write_text("<svg/>")
    assert fingerprints([game], [], {}) == before
    (game / "game.yaml").write_text("title: U\n")
    assert fingerprints([game], [], {}) != before


def test_a_layout_that_extends_a_file_outside_its_folder_is_a_finding(deckpress):
    shutil.copytree(LAYOUTS, "layouts")
    path = Path("layouts/standard/sheet.yaml")
    text = path.read_text(encoding="utf-8")
    path.write_text("extends: ../../outside-layout\n" + text, encoding="utf-8")
    Path("outside-layout.yaml").write_text("margin_mm: 10\n", encoding="utf-8")
    result = deckpress("check", "open-secret-exchange", layouts=(Path("layouts"),))
    assert result.status == 1
    assert ("layouts/standard/sheet.yaml:1:10: error: extends names one layout file of this folder, so it is "
            "lowercase letters, digits and hyphens, got '../../outside-layout'") in result.err


def test_extends_a_list_is_a_finding_not_a_lookup(deckpress):
    shutil.copytree(LAYOUTS, "layouts")
    path = Path("layouts/standard/sheet.yaml")
    path.write_text("extends: [sheet]\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    result = deckpress("check", "open-secret-exchange", layouts=(Path("layouts"),))
    assert result.status == 1 and "extends names one layout file" in result.err and "Traceback" not in result.err


def test_a_component_layout_with_a_path_is_a_finding(deckpress):
    edit(Path("content/open-secret-exchange/game.yaml"), "layout: turn-order}", "layout: ../../turn-order}")
    result = deckpress("check", "open-secret-exchange")
    assert result.status == 1 and "a layout names a layout file" in result.err
