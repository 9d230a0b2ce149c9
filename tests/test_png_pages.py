"""`export --to png` cuts a document's pages in worker processes where there are cores to spare: the same sides, in
the same order, as cut in the export's own process."""

from __future__ import annotations

from pathlib import Path

from conftest import LAYOUTS

from deckpress.build import prepare
from deckpress.export.cutting import rendered
from deckpress.export.png import Cutter
from deckpress.options import Options
from deckpress.scaffold import new_game


def test_the_pages_cut_in_workers_are_those_cut_here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    new_game(Path("content"), "x")
    opts = Options(layouts=[Path("content/x/layouts"), LAYOUTS], edition="standard", papers=("a4",),
                   printing={"duplex": "long-edge", "bleed_mm": 3.175})
    prepared = prepare(opts, [Path("content/x")], every_page=False)
    (game,) = prepared.games
    doc, pdf = rendered(game, next(d for d in prepared.documents if d.component == "cards"))
    sides = {}
    for jobs in (1, 2):
        with Cutter(jobs) as cutter:
            sides[jobs] = list(cutter.sides(game, ["cards"], doc, pdf, 150, 3.175, None, 19))
    assert len(sides[1]) == 12 and all(back is not None for *_, back in sides[1])
    assert [(d, c.index, f, b) for d, c, f, b in sides[2]] == [(d, c.index, f, b) for d, c, f, b in sides[1]]
