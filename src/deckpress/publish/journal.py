"""The commit's journal: before its first move, a commit writes down every move it will make, in order. A build
killed mid-commit (SIGKILL: nothing can clean up) leaves the out folder part one build, part the next; the next
process holding the out folder's lock (a build, `site`, `export`, `watch`) finishes those moves before it reads
anything, so the folder is whole again: the killed build's, as it would have been.

Finishing, not undoing: every staged file was whole before the first move, and a move done twice is harmless
(the file is in place, or already gone), so finishing holds even if it is killed in turn."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from deckpress.paths import read_bounded, relative
from deckpress.publish.manifest import MAX_STATE_BYTES

JOURNAL = "journal.json"  # in the staging folder; a commit killed while writing it had moved nothing yet


class Unfinished(Exception):
    """The commit of a killed build could not be finished; its staging folder is left as it was."""


def record(staging: Path, out_dir: Path, moves: Sequence[tuple[Path | None, Path]]) -> None:
    """Write down the moves (staged file or None for a file taken away, target), relative to their folders."""
    rows = [[None if source is None else source.relative_to(staging).as_posix(), target.relative_to(out_dir).as_posix()]
            for source, target in moves]
    with open(staging / JOURNAL, "x", encoding="utf-8") as journal:
        json.dump({"moves": rows}, journal)


def finish(staging: Path, out_dir: Path) -> None:
    """Make every move the staging folder's journal lists that is not made yet; nothing if it has none (its build
    was killed before its first move). Raises Unfinished if a move cannot be made."""
    moves = _recorded(staging)
    for source, target in moves:
        if (link := link_on_the_way(out_dir, target)) is not None:
            raise Unfinished(f"{link} is a symbolic link: the press writes only inside the out folder")
        try:
            _redo(None if source is None else staging / source, out_dir / target)
        except OSError as exc:
            raise Unfinished(f"cannot write {out_dir / target}: {exc.strerror or exc}") from exc
    prune(out_dir, [out_dir / target for source, target in moves if source is None])


def _recorded(staging: Path) -> list[tuple[str | None, str]]:
    """The journal's moves; none if there is no journal, or it was cut short (killed while writing it)."""
    try:
        text = read_bounded(staging / JOURNAL, MAX_STATE_BYTES)  # a FIFO in its place: refused, not waited on
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise Unfinished(f"cannot read {staging / JOURNAL}: {exc.strerror or exc}") from exc
    try:
        data = json.loads(text.decode("utf-8")) if text is not None else None
    except (ValueError, RecursionError):  # cut short, so no move was made yet
        return []
    rows = data.get("moves") if isinstance(data, dict) else None
    if not isinstance(rows, list) or not all(_valid(row) for row in rows):
        raise Unfinished(f"{staging / JOURNAL} is not a journal of moves inside the out folder")
    return [(source, target) for source, target in rows]


def _valid(row: object) -> bool:
    return (isinstance(row, list) and len(row) == 2 and (row[0] is None or isinstance(row[0], str) and relative(row[0]))
            and isinstance(row[1], str) and relative(row[1]))


def _redo(source: Path | None, target: Path) -> None:
    if source is None:
        if target.is_file() and not target.is_symlink():
            target.unlink()
    elif source.is_file():  # else it is in place already
        target.parent.mkdir(parents=True, exist_ok=True)
        source.replace(target)


def link_on_the_way(out_dir: Path, path: str) -> Path | None:
    """The first symbolic link on the way from the out folder to `path` in it, if any: a write through it would
    land outside."""
    at = out_dir
    for part in path.split("/"):
        at = at / part
        if at.is_symlink():
            return at
    return None


def prune(out_dir: Path, removed: list[Path]) -> None:
    """The folders the removed files leave empty, up to the out folder (not it): a folder still holding a file of
    the host's stays."""
    for target in removed:
        for folder in target.parents:
            if folder == out_dir or not folder.is_relative_to(out_dir):
                break
            try:
                folder.rmdir()  # only an empty one
            except OSError:
                break
