"""A sheet's later trials are counted by a dry flow before they are set (deckpress.layout.sheets): the count must
be the pages setting the copy takes, for every copy of a game's sheets (its ledgers run over pages), at every
room the slug may take."""

from __future__ import annotations

import pytest
from conftest import CONTENT, LAYOUTS

from deckpress.cli import main
from deckpress.layout import sheets
from deckpress.layout.flow import Flow
from deckpress.layout.slug import foot_mm, side_mm
from deckpress.model import Block


def test_a_dry_flow_counts_the_pages_a_copy_is_set_on(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    counted: list[tuple[int, int]] = []
    trials = sheets.SheetSetter.trials

    def comparing(setter: sheets.SheetSetter, blocks: list[Block]) -> sheets.Trial:
        job, m = setter.job, setter.layout.margin
        for ends in ((m, foot_mm(job.slug, job.theme, job.size, m)), (m, m),
                     (side_mm(job.slug, job.theme, job.size, m), m)):
            with setter.ts.measuring():
                pages = len(Flow(setter, blocks, ends).run())
            counted.append((pages, setter._pages(blocks, ends)))
        return trials(setter, blocks)

    monkeypatch.setattr(sheets.SheetSetter, "trials", comparing)
    assert main(["check", "open-secret-exchange", "--content", str(CONTENT), "--layouts", str(LAYOUTS)]) == 0, \
        capsys.readouterr().err
    assert any(pages > 1 for pages, _ in counted)  # copies that run over a page are among them
    assert all(pages == dry for pages, dry in counted)
