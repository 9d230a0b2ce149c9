"""A commit's files staged as they come: a parallel build's as each task's arrive, while the later tasks work."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from deckpress import pool
from deckpress.options import Options
from deckpress.publish.lock import out_lock
from deckpress.publish.staging import Staging, write_outputs
from deckpress.publish.write import CommitError, Output, leftovers, staging_prefix


def _at_work(opts: Options, folder: Path, parts: tuple[str, ...]) -> tuple[str, float]:
    """A task that takes its folder's name in tenths of a second, and says when it ended."""
    time.sleep(int(folder.name) / 10)
    return folder.name, time.time()


def test_each_result_is_handed_on_in_the_tasks_order_as_it_comes_while_later_tasks_work():
    arrived: list[tuple[str, float]] = []
    tasks = [(Options(), Path(name), ("pdfs",)) for name in ("1", "12", "2")]
    results = pool.run(_at_work, tasks, 2, arrived=lambda result: arrived.append((result[0], time.time())))
    assert [name for name, _ in results] == [name for name, _ in arrived] == ["1", "12", "2"]
    ended = dict(results)
    assert arrived[0][1] < ended["12"]  # the first handed on while the long task was still at work
    assert ended["2"] < ended["12"] <= arrived[2][1]  # the last, done sooner, handed on in its turn after the long one


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_path_staged_again_is_the_later_file_and_a_second_name_of_the_earlier_keeps_its_bytes(tmp_path):
    out = tmp_path / "build"
    first, again = b"the first lot cards", b"the lot cards drawn again"
    with Staging(out) as staging:
        staging.add([Output("a/lots.pdf", first), Output("public/lots.pdf", first)])  # the copy: a second name
        staging.add([Output("a/lots.pdf", again)])  # a later task's file of the same path
        staging.add([Output("host/lots.pdf", first)])  # the first bytes again: linked to the file still holding them
        assert sorted(staging.staged) == ["a/lots.pdf", "host/lots.pdf", "public/lots.pdf"]
        staging.commit([Output("a/lots.pdf", again), Output("public/lots.pdf", first), Output("host/lots.pdf", first)])
    assert _files(out) == {"a/lots.pdf": again, "host/lots.pdf": first, "public/lots.pdf": first}
    assert not os.path.samefile(out / "a/lots.pdf", out / "public/lots.pdf")  # written anew, not through the link
    assert os.path.samefile(out / "public/lots.pdf", out / "host/lots.pdf")  # a second name of the copy left
    assert not list(tmp_path.glob(f"{staging_prefix(out)}*"))  # the staging folder is gone


def test_a_commit_moves_the_bytes_it_is_given_every_file_staged_and_no_path_twice(tmp_path):
    out = tmp_path / "build"
    with Staging(out) as staging:
        staging.add([Output("a.pdf", b"staged early"), Output("b.pdf", b"b")])
        with pytest.raises(ValueError, match=r"staged but not committed: \['b.pdf'\]"):
            staging.commit([Output("a.pdf", b"a")])
        with pytest.raises(ValueError, match="two outputs"):
            staging.commit([Output("c.pdf", b"c"), Output("c.pdf", b"c")])
    assert not out.exists() and not list(tmp_path.iterdir())  # nothing moved, the staging folder gone
    with Staging(out) as staging:
        early = Output("a.pdf", b"staged early")
        staging.add([early])
        staging.commit([Output("a.pdf", b"made again at the commit"), Output("b.pdf", early.data)])
    assert _files(out) == {"a.pdf": b"made again at the commit", "b.pdf": b"staged early"}


def test_staging_that_ends_without_a_commit_leaves_no_out_folder_and_no_staging_folder(tmp_path):
    out = tmp_path / "build"
    with pytest.raises(KeyboardInterrupt), Staging(out) as staging:
        staging.add([Output("pocket-bazaar/lots.pdf", b"lots")])
        raise KeyboardInterrupt  # as a Ctrl-C while the later tasks are drawn
    assert list(tmp_path.iterdir()) == []


def test_a_parallel_builds_files_are_staged_until_a_task_has_errors(tmp_path):
    with Staging(tmp_path / "build") as staging:
        staging.add_part([Output("pocket-bazaar/lots.pdf", b"lots")], failed=False)
        staging.add_part([], failed=True)  # a task whose game has errors: the build will write nothing
        staging.add_part([Output("stone-market/wares.pdf", b"wares")], failed=False)
        assert list(staging.staged) == ["pocket-bazaar/lots.pdf"]


def test_the_staging_of_a_build_killed_while_its_tasks_worked_is_taken_away_by_the_next(tmp_path):
    """Files staged, no journal yet (killed by SIGKILL while the later tasks were drawn): the next build holding
    the folder takes the leftover away unread, and the folder is as the last commit left it."""
    out = tmp_path / "build"
    write_outputs(out, [Output("pocket-bazaar/lots.pdf", b"the last commit's lots")])
    staging = Staging(out)
    staging.add([Output("pocket-bazaar/lots.pdf", b"a killed build's lots")])  # never committed, never cleaned
    assert leftovers(out) == [staging.folder]
    with out_lock(out):
        assert leftovers(out) == []
    assert _files(out) == {"pocket-bazaar/lots.pdf": b"the last commit's lots"}


def test_a_link_made_after_a_file_was_staged_is_refused_at_the_commit(tmp_path):
    out, elsewhere = tmp_path / "build", tmp_path / "elsewhere"
    elsewhere.mkdir()
    with Staging(out) as staging:
        staging.add_part([Output("pocket-bazaar/lots.pdf", b"lots")], failed=False)
        out.mkdir()
        (out / "pocket-bazaar").symlink_to(elsewhere)  # made while the later tasks were drawn
        with pytest.raises(CommitError, match="pocket-bazaar is a symbolic link"):
            staging.commit([Output("pocket-bazaar/lots.pdf", staging.staged["pocket-bazaar/lots.pdf"][0])])
    assert list(elsewhere.iterdir()) == []


def test_a_file_the_out_folder_refuses_while_tasks_work_is_said_at_the_commit_after_every_tasks_findings(tmp_path):
    out = tmp_path / "build"
    out.mkdir()
    (out / "pocket-bazaar").symlink_to(tmp_path)
    with Staging(out) as staging:
        staging.add_part([Output("pocket-bazaar/lots.pdf", b"lots")], failed=False)  # refused, not raised: the
        staging.add_part([Output("stone-market/wares.pdf", b"wares")], failed=False)  # tasks still gathered
        assert staging.refused is not None and staging.staged == {}
        with pytest.raises(CommitError, match="pocket-bazaar is a symbolic link"):
            staging.commit([Output("stone-market/wares.pdf", b"wares")])


@pytest.mark.parametrize("name", ["a/./lots.pdf", "a//lots.pdf", "a/lots.pdf/", "../lots.pdf"])
def test_a_file_is_staged_by_one_name_only(tmp_path, name):
    with Staging(tmp_path / "build") as staging, pytest.raises(ValueError, match="each named one way"):
        staging.add([Output(name, b"lots")])


def test_a_staging_folder_that_cannot_be_made_is_said_as_the_commit_says_it(tmp_path):
    (tmp_path / "taken").write_text("a file where the out folder's parent would be", encoding="utf-8")
    with Staging(tmp_path / "taken" / "build") as staging, pytest.raises(CommitError) as refused:
        staging.scratch()
    assert str(refused.value).startswith(f"cannot write {tmp_path / 'taken' / 'build'}: ")
