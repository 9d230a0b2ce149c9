"""The rules booklet's pages (deckpress.layout.booklet): its lines placed before they are drawn, so the pages the
slug's room would not cost are counted before they are set; and each line drawn on its own, made directly."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest
from conftest import loaded

from deckpress.findings import Findings
from deckpress.layout import booklet
from deckpress.layout.context import Job
from deckpress.layout.page import PAPERS
from deckpress.layout.slug import holds
from deckpress.layout.standing import Fitted
from deckpress.layout.text import Typesetter
from deckpress.load.icons import IconFile
from deckpress.model import BookletLayout

SLUG = ["Stone Market", "Rules", "standard edition", "A4", "page 1 of 9"]


def _job() -> tuple[Job, BookletLayout, str]:
    game, edition, _ = loaded("stone-market")
    ts = Typesetter(edition.theme, Findings(), game.named, "rules")
    job = Job(ts, "a4", game.language)
    job.slug = SLUG
    layout = edition.layouts["booklet"]
    assert isinstance(layout, BookletLayout) and game.rules is not None
    return job, layout, game.title


def _paras(job: Job, layout: BookletLayout, title: str) -> tuple[list[booklet.Para], float]:
    game, _, _ = loaded("stone-market")
    width = min(job.size[0] - 2 * layout.margin, layout.max_line, job.theme.max_line_mm)
    return booklet._spaced(booklet.paragraphs(title, game.rules, layout, width, job.ts)), width


@pytest.mark.parametrize("foot", [None, 30.0, 90.0])
def test_the_lines_placed_are_the_pages_drawn_each_line_at_its_place(foot: float | None) -> None:
    job, layout, title = _job()
    paras, width = _paras(job, layout, title)
    m = layout.margin
    count, places = booklet.placed(paras, m, PAPERS["a4"][1] - (m if foot is None else foot))
    pages = booklet.paginate(paras, layout, PAPERS["a4"], width, job.ts, foot)
    assert len(pages) == count > 1
    assert [len(lines) for lines in places] == [len(p.fitted.lines) for p in paras]
    for lines in places:  # every line within its page's matter, each page's lines going down it
        assert all(m <= y and y <= PAPERS["a4"][1] - (m if foot is None else foot) for _, y in lines)
    flat = [place for lines in places for place in lines]
    assert all(a[0] < b[0] or (a[0] == b[0] and a[1] < b[1]) for a, b in zip(flat, flat[1:], strict=False))


def _deep_slug(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, str, Any, Any, float]:
    """Stone Market's rules as a job sets them, with a slug deep enough at the foot to cost pages."""
    job, layout, title = _job()
    game, _, _ = loaded("stone-market")
    assert game.rules is not None
    paras, width = _paras(job, layout, title)
    monkeypatch.setattr(booklet, "foot_mm", lambda *_: 90.0)
    return job, layout, title, game.rules, paras, width


def test_a_booklet_is_set_without_the_slugs_room_at_its_foot_where_that_saves_a_page_and_the_slug_holds_beside(
        monkeypatch: pytest.MonkeyPatch) -> None:
    job, layout, title, rules, paras, width = _deep_slug(monkeypatch)
    footed = booklet.paginate(paras, layout, job.size, width, job.ts, 90.0)
    bare = booklet.paginate(paras, layout, job.size, width, job.ts)
    assert len(bare) < len(footed) and all(holds(d.page, SLUG, job.theme) for d in bare)
    pages = booklet.rules_pages(title, rules, layout, job)
    assert [p.ops for p in pages] == [d.page.ops for d in bare]


def test_a_booklet_keeps_the_slugs_room_at_its_foot_where_the_slug_would_not_hold_without(
        monkeypatch: pytest.MonkeyPatch) -> None:
    job, layout, title, rules, paras, width = _deep_slug(monkeypatch)
    monkeypatch.setattr(booklet, "holds", lambda *_: False)
    footed = booklet.paginate(paras, layout, job.size, width, job.ts, 90.0)
    assert [p.ops for p in booklet.rules_pages(title, rules, layout, job)] == [d.page.ops for d in footed]


def test_a_line_of_a_paragraph_is_the_paragraph_with_that_line_alone() -> None:
    every = {f.name for f in fields(Fitted)}
    assert every == {"lines", "font", "size", "leading", "icons", "heard", "rows"}, \
        "booklet._one makes a Fitted field by field: give it the new field"
    icon = IconFile("coin", Path("icons/coin.svg"), "icons/coin.svg", None, "0" * 8, 10.0, 10.0)
    fitted = Fitted(("Pay :coin:", "then draw"), "font.ttf", 11.0, 13.2, (("coin", icon),), (("coin", "Münze"),),
                    True)
    assert booklet._one(fitted, "then draw") == replace(fitted, lines=("then draw",))
