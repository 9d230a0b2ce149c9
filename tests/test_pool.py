"""The process pool's tasks, and a parallel build's results joined in the order a serial build has them."""

from __future__ import annotations

from pathlib import Path

from conftest import CONTENT, FIXTURES

from deckpress import pool
from deckpress.build import Press
from deckpress.findings import Finding, Findings, Loc
from deckpress.options import Options
from deckpress.publish.write import Output

PICNIC = FIXTURES / "extra" / "content" / "picnic-pairs"


def test_a_task_for_each_games_text_edition_and_one_for_each_editions_pdfs():
    tasks = pool.tasks(Options(), [PICNIC, CONTENT / "pocket-bazaar"])
    assert [(o.edition, d.name, part) for o, d, part in tasks] == [("standard", "picnic-pairs", "text"),
                                                                   ("standard", "picnic-pairs", "pdfs"),
                                                                   ("standard", "pocket-bazaar", "text"),
                                                                   ("standard", "pocket-bazaar", "pdfs"),
                                                                   ("large-print", "pocket-bazaar", "pdfs")]
    assert [o.edition for o, _, _ in pool.tasks(Options(edition="large-print"), [PICNIC])] == ["large-print"] * 2


def test_parts_are_joined_in_order_and_errors_keep_every_file_out():
    a, b = Output("a/a.pdf", b"a"), Output("b/b.pdf", b"b")
    warning = Finding(Loc("x.yaml"), "careful", "warning")
    parts = [Press(Findings([warning]), ["a"], [a], {"a": "en"}), Press(Findings([warning]), ["a", "b"], [b, a])]
    joined = Press.joined(parts)
    assert (joined.ids, [o.path for o in joined.outputs], list(joined.findings)) == (["a", "b"], [a.path, b.path],
                                                                                    [warning])
    error = Press(Findings([Finding(Loc("y.yaml"), "wrong")]), ["c"])
    failed = Press.joined([*parts, error])
    assert failed.ids == ["a", "b", "c"] and failed.outputs == [] and len(failed.findings.errors) == 1


def test_a_game_whose_editions_cannot_be_read_is_one_task_of_every_edition(tmp_path: Path):
    (tmp_path / "game.yaml").write_text("title: [unfinished", encoding="utf-8")
    assert [o.edition for o, _, _ in pool.tasks(Options(), [tmp_path])] == [None, None]


def test_each_edition_is_named_by_the_part_that_loaded_its_theme():
    """A parallel build loads one edition a process: the joined listing names every edition by its theme."""
    from deckpress.publish.listing import Listing

    standard = Press(listings={"g": Listing("en", (("standard", "Standard edition"), ("large-print", "large-print")))})
    large = Press(listings={"g": Listing("en", (("standard", "standard"), ("large-print", "Large-print edition")))})
    assert Press.joined([standard, large]).listings["g"].editions == (
        ("standard", "Standard edition"), ("large-print", "Large-print edition"))
