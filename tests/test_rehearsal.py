"""A booklet or sheet is laid out once to count its pages; under ten pages that run stands, with its findings."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from deckpress.findings import Findings, Loc, Rehearsal
from deckpress.layout.page import Page
from deckpress.layout.plan import _flowed
from deckpress.layout.text import Typesetter

HERE = Loc("content/game/rules.yaml", 3, 5)


def test_a_rehearsal_counts_only_what_its_parent_does_not_list() -> None:
    parent = Findings()
    parent.error(HERE, "text does not fit")
    rehearsal = Rehearsal(parent)
    rehearsal.error(HERE, "text does not fit")  # already said: the real run would not count it either
    rehearsal.error(HERE, "a word is wider than the line")
    rehearsal.error(HERE, "a word is wider than the line")
    assert [f.message for f in rehearsal] == ["a word is wider than the line"]
    parent.extend(rehearsal)
    assert [f.message for f in parent] == ["text does not fit", "a word is wider than the line"]


def _job() -> Any:
    ts = Typesetter(None, Findings(), "game", "rules")  # type: ignore[arg-type]  (no text is set here)
    return SimpleNamespace(ts=ts, findings=ts.findings, slug=[])


def _pages(count: int, job: Any, slugs: list[list[str]]) -> Any:
    def lay_out() -> list[Page]:
        slugs.append(job.slug)
        job.ts.findings.error(HERE, f"laid out with {job.slug}")
        return [Page(100, 100) for _ in range(count)]
    return lay_out


def test_under_ten_pages_the_counting_run_stands_with_its_findings() -> None:
    job, slugs = _job(), list[list[str]]()
    pages = _flowed(_pages(9, job, slugs), job, lambda n: [f"page 1 of {n}"])
    assert len(pages) == 9 and slugs == [["page 1 of 9"]]
    assert [f.message for f in job.findings] == ["laid out with ['page 1 of 9']"]


def test_ten_pages_or_more_are_laid_out_again_for_their_wider_page_numbers() -> None:
    job, slugs = _job(), list[list[str]]()
    pages = _flowed(_pages(12, job, slugs), job, lambda n: [f"page 1 of {n}"])
    assert len(pages) == 12 and slugs == [["page 1 of 9"], ["page 1 of 99"]]
    assert [f.message for f in job.findings] == ["laid out with ['page 1 of 99']"]  # the counting run's dropped
