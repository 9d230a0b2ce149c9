"""A proof under `deckpress watch`: the components a saved file changes, drawn first, byte for byte the PDFs the
build that follows writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import LAYOUTS, edit

from deckpress.build import build, load_editions
from deckpress.findings import Findings
from deckpress.load import load_game
from deckpress.options import Options
from deckpress.proof import proofs, reading
from deckpress.scaffold import new_game
from deckpress.templating import Templates

GAME = Path("content/x")


@pytest.fixture
def opts(tmp_path, monkeypatch) -> Options:
    monkeypatch.chdir(tmp_path)
    new_game(Path("content"), "x")
    return Options(layouts=[GAME / "layouts", LAYOUTS])


@pytest.mark.parametrize("printing", [{}, {"duplex": "long-edge", "bleed_mm": 3.0}, {"fold": True}],
                         ids=["plain", "duplex-bleed", "fold"])
def test_a_proof_is_the_build_s_own_pdf(opts, printing):
    opts.printing = printing
    made = {o.path: o.data for o in proofs(opts, GAME, {GAME / "cards.yaml", GAME / "rules.yaml"})}
    assert [p.split("/")[:2] for p in made] == [["x", "standard"]] * 2  # the first edition, on the first paper
    assert [p.split("/")[2].split("-")[1] for p in made] == ["cards", "rules"]
    assert not build(opts, [GAME]).findings.errors
    assert all((opts.out / path).read_bytes() == data for path, data in made.items())


def test_a_saved_file_proofs_the_components_that_read_it(opts):
    findings, templates = Findings(), Templates()
    game = load_game(GAME, "content/x", findings, templates)
    assert game is not None
    edition = load_editions([game], opts, findings)[game.id]["standard"]

    def proofed(*names: str) -> list[str]:
        return [c.id for c in reading(game, edition, {GAME / n for n in names})]

    assert proofed("cards.yaml") == ["cards"]
    assert proofed("layouts/standard/card-back.yaml") == ["cards"]  # the deck's back
    assert proofed("rules.yaml") == ["rules"]
    assert proofed("sheets.yaml") == ["score-sheet"]
    assert proofed("cards.yaml", "rules.yaml") == ["cards", "rules"]
    assert proofed(str(LAYOUTS / "standard/booklet.yaml")) == ["rules"]  # a shared layout, outside the game
    # read by every component, or by none on its own: the proof is of every component
    assert proofed("game.yaml") == proofed("icons/sun.svg") == proofed("cards.yaml", "icons/sun.svg") == []


def test_a_save_with_an_error_gives_no_proof(opts):
    edit(GAME / "layouts/standard/card.yaml", "card.rank | words", "card.rnak | words")
    assert list(proofs(opts, GAME, {GAME / "layouts/standard/card.yaml"})) == []


def test_a_save_of_a_translation_alone_gives_no_proof(opts):
    (GAME / "translations").mkdir(exist_ok=True)
    (GAME / "translations/de-DE.po").write_text("", encoding="utf-8")
    assert list(proofs(opts, GAME, {GAME / "translations/de-DE.po"})) == []
    assert [o.path.split("/")[2] for o in proofs(opts, GAME, {GAME / "translations/de-DE.po", GAME / "rules.yaml"})] \
        == ["x-rules-a4.pdf"]
