"""The process pool's tasks, and a parallel build's results joined in the order a serial build has them."""

from __future__ import annotations

import errno
import multiprocessing
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from conftest import CONTENT, FIXTURES, machine_cores

from deckpress import interrupts, pool
from deckpress.arguments import parser
from deckpress.build import Press
from deckpress.export import png
from deckpress.export.png import Cutter
from deckpress.findings import Finding, Findings, Loc
from deckpress.options import Options
from deckpress.publish.write import Output

PICNIC = FIXTURES / "extra" / "content" / "picnic-pairs"


def test_a_task_an_edition_the_first_of_a_game_also_making_its_text_edition():
    tasks = pool.tasks(Options(), [PICNIC, CONTENT / "pocket-bazaar"], 2)
    assert [(o.edition, d.name, parts) for o, d, parts in tasks] == [
        ("standard", "picnic-pairs", ("text", "pdfs")), ("standard", "pocket-bazaar", ("text", "pdfs")),
        ("large-print", "pocket-bazaar", ("pdfs",))]


def test_where_the_editions_leave_a_process_idle_the_text_edition_is_a_task_of_its_own():
    tasks = pool.tasks(Options(), [PICNIC], 2)
    assert [(o.edition, parts) for o, _, parts in tasks] == [("standard", ("text",)), ("standard", ("pdfs",))]
    assert [o.edition for o, _, _ in pool.tasks(Options(edition="large-print"), [PICNIC], 2)] == ["large-print"] * 2
    assert len(pool.tasks(Options(), [PICNIC, CONTENT / "pocket-bazaar"], 4)) == 5  # four processes: split


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
    assert [o.edition for o, _, _ in pool.tasks(Options(), [tmp_path], 2)] == [None, None]


def test_each_edition_is_named_by_the_part_that_loaded_its_theme():
    """A parallel build loads one edition a process: the joined listing names every edition by its theme."""
    from deckpress.publish.listing import Listing

    standard = Press(listings={"g": Listing("en", (("standard", "Standard edition"), ("large-print", "large-print")),
                                            loaded=frozenset({"standard"}))})
    large = Press(listings={"g": Listing("en", (("standard", "standard"), ("large-print", "Large-print edition")),
                                         loaded=frozenset({"large-print"}))})
    assert Press.joined([standard, large]).listings["g"].editions == (
        ("standard", "Standard edition"), ("large-print", "Large-print edition"))


def test_a_build_takes_a_process_a_core_it_may_run_on_unless_told(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3, 5}, raising=False)  # `taskset -c 0,3,5`
    assert machine_cores() == 3
    monkeypatch.delattr(os, "sched_getaffinity")  # a system without it (macOS): the machine's count
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert machine_cores() == 8
    monkeypatch.setattr(pool, "cores", lambda: 5)
    assert parser().parse_args(["build"]).jobs == 5 and parser().parse_args(["build", "--jobs", "1"]).jobs == 1


_LOADED: list[str] = []  # what this process loaded before its workers started


def _inherited(opts: Options, game: Path, parts: tuple[str, ...]) -> list[str]:
    return list(_LOADED)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked only where the system forks")
def test_the_workers_inherit_what_this_process_loaded_whatever_python_starts_processes_with():
    before = multiprocessing.get_start_method(allow_none=True)
    multiprocessing.set_start_method("spawn", force=True)  # as Python 3.14's fork server would, started afresh
    try:
        _LOADED.append("the drawing stages")
        assert pool.run(_inherited, [(Options(), PICNIC, (pool.TEXT,))] * 2, 2) == [["the drawing stages"]] * 2
    finally:
        _LOADED.clear()
        multiprocessing.set_start_method(before, force=True)


def _a_deck(opts: Options, game: Path, parts: tuple[str, ...]) -> bytes:
    return parts[0].encode() * 1_000_000  # megabytes, as a big deck's files


def test_each_result_comes_back_through_a_file_that_goes_with_its_folder(tmp_path):
    results = pool.run(_a_deck, [(Options(), PICNIC, ("lots",)), (Options(), PICNIC, ("wares",))], 2,
                       folder=tmp_path)
    assert results == [b"lots" * 1_000_000, b"wares" * 1_000_000]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the workers see this process's patch if forked")
def test_a_result_the_disk_cannot_take_is_its_error_naming_the_file(tmp_path, monkeypatch):
    def full(*args: object, **kw: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pool.pickle, "dump", full)
    with pytest.raises(pool.Unfiled) as refused:
        pool.run(_a_deck, [(Options(), PICNIC, ("lots",))] * 2, 2, folder=tmp_path)
    assert refused.value.errno == errno.ENOSPC and refused.value.filename.endswith(".pickle")
    assert refused.value.filename.startswith(str(tmp_path))
    assert list(tmp_path.iterdir()) == []


class Opened:
    """A document the cutter holds open, as far as letting go of it goes."""

    closed = False

    def close(self) -> None:
        self.closed = True


def test_a_pool_a_signal_broke_is_an_interrupt_and_one_that_crashed_is_not():
    """The process group's SIGTERM (or Ctrl-C) ends a worker before this process notes it: the broken pool it
    leaves, in the build's pool or the PNG cutter's, is said as an interrupt."""
    with interrupts.deferred():
        pool.stop(ProcessPoolExecutor(1), BrokenProcessPool())  # no signal came: the crash is the caller's to raise
        os.kill(os.getpid(), signal.SIGTERM)  # noted, as the group's SIGTERM is
        with pytest.raises(KeyboardInterrupt):
            pool.stop(ProcessPoolExecutor(1), BrokenProcessPool())
        with pytest.raises(KeyboardInterrupt), Cutter(2) as cutter:
            png._open["a game's deck"] = opened = Opened()
            raise BrokenProcessPool("a worker ended")
        assert cutter.pool is None and png._open == {} and opened.closed  # let go of, the interrupt said all the same
