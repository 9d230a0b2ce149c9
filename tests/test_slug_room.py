"""A page that leaves the slug line no room inside the printer margin is a finding, not a line run off the page."""

from __future__ import annotations

from pathlib import Path

from conftest import CONTENT, LAYOUTS

from deckpress.build import prepare
from deckpress.findings import Findings
from deckpress.layout.page import PAPERS, Document, Drawing
from deckpress.layout.slug import slugged, stamp
from deckpress.options import Options


def _mark_and_edition():  # type: ignore[no-untyped-def]
    prepared = prepare(Options(content=CONTENT, layouts=[LAYOUTS]), [CONTENT / "pocket-bazaar"], every_page=False)
    game = prepared.games[0]
    return stamp(game, prepared.editions[game.id]), prepared.editions[game.id]["standard"]


def test_a_page_full_to_its_edges_gets_a_finding_for_its_slug():
    mark, edition = _mark_and_edition()
    crowded = Drawing(PAPERS["a4"])
    crowded.rect(0, 0, 210, 297, 0, fill=0.9)  # nothing but a page-sized box: no free band anywhere
    free = Drawing(PAPERS["a4"])
    free.text(20, 20, "A note", edition.theme.fonts["regular"], 10)
    findings = Findings()
    doc = Document("pocket-bazaar", "score-sheet", "Score sheet", "standard", "a4", [crowded.page, free.page])
    pages = list(slugged(doc, mark, findings).pages)
    assert len(pages) == 2
    (finding,) = findings
    assert finding.loc.file.endswith("pocket-bazaar/game.yaml")
    assert "score-sheet (standard edition, a4), page 1: the slug line does not fit inside the printer margin clear of" \
        in finding.message
    assert Path(finding.loc.file).name == "game.yaml"
