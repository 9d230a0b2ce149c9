"""Totals are bounded: a deck (or a game) printing more cards than the press takes, copies counted, is one
finding at once, not minutes of checking; in a real process inside memory and CPU-time limits."""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import CONTENT, LAYOUTS, in_source_language, line_of

from deckpress.check.validate import MAX_DECK_PRINTED


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))


def test_a_deck_printing_too_many_cards_is_one_finding(tmp_path: Path) -> None:
    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "content/pocket-bazaar")
    lots = tmp_path / "content/pocket-bazaar/lots.yaml"
    entry = "  - collection: Keys\n    points: 3\n    flavour: A key.\n    copies: 1000\n"
    lots.write_text(lots.read_text(encoding="utf-8") + entry * 31, encoding="utf-8")  # 31,000 and the 24
    in_source_language(lots.parent)  # cards no translation has: the English build alone
    run = subprocess.run([sys.executable, "-m", "deckpress", "build", "--paper", "a4", "--content", "content",
                          "--layouts", str(LAYOUTS), "--out", "build"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=300, preexec_fn=_limited)
    game = tmp_path / "content/pocket-bazaar/game.yaml"
    line = line_of(game, "  lots:")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.splitlines() == [
        f"content/pocket-bazaar/game.yaml:{line}:3: error: deck lots prints 31,024 cards, copies counted; a deck may "
        f"print at most {MAX_DECK_PRINTED:,}",
        "deckpress: 1 error; nothing was written"]
    assert not (tmp_path / "build").exists()
