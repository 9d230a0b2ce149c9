"""The process pool: a parallel build's tasks, run N at a time: a game's text edition, and each edition's PDFs.

Each task loads, checks, lays out, draws and finishes its edition in a process of its own; only results come
back (a big deck's model costs seconds to send). Where processes are forked (Linux) the workers inherit what the
parent has loaded, so the drawing stages are loaded before the pool starts.
"""

from __future__ import annotations

import gc
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from itertools import count, repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from deckpress import interrupts
from deckpress.load import listed_editions
from deckpress.options import Options

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.context import BaseContext

# What a task makes of its game: its text edition (the HTML, EPUB, braille and tactile labels), one edition's PDFs,
# or both.
TEXT, PDFS = "text", "pdfs"
# The options (of one edition), the game's folder, and what the task makes of it.
Task = tuple[Options, Path, tuple[str, ...]]
Result = TypeVar("Result")


def cores() -> int:
    """The cores this process may run on (a container or `taskset` may give it fewer than the machine has): a
    build's processes, and the PNG export's, unless told."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def forked() -> BaseContext | None:
    """Worker processes forked from this one where the system forks safely (Linux), whatever Python's default
    (3.14's is a fork server): they inherit what this process loaded for them rather than each importing it again.
    Elsewhere (macOS, Windows) the default, which starts them afresh."""
    import multiprocessing

    return multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None


def tasks(opts: Options, game_dirs: list[Path], jobs: int) -> list[Task]:
    """Each edition of each game a task, the first of a game's also making its text edition; where that leaves a
    process idle (fewer editions than `jobs`: one game of one edition), the text editions (a fifth of a deck's work)
    are tasks of their own, made beside the drawing. Split always, each task would load and check its game again."""
    listed = [(d, _editions_listed(d, opts)) for d in game_dirs]
    apart = sum(len(editions) for _, editions in listed) < jobs
    return [task for d, editions in listed for task in _game_tasks(opts, d, editions, apart)]


def _game_tasks(opts: Options, game_dir: Path, editions: list[str | None], apart: bool) -> list[Task]:
    first = [(replace(opts, edition=editions[0]), game_dir, (TEXT,))] if apart else []
    return [*first, *[(replace(opts, edition=e), game_dir, (PDFS,) if apart or i else (TEXT, PDFS))
                      for i, e in enumerate(editions)]]


def _editions_listed(game_dir: Path, opts: Options) -> list[str | None]:
    """The editions to build of a game, from a quick look at its game.yaml; [None] (all) if it cannot tell."""
    listed: list[str | None] = [e for e in listed_editions(game_dir) or [] if opts.edition in (None, e)]
    return listed or [opts.edition]


def run(work: Callable[[Options, Path, tuple[str, ...]], Result], todo: list[Task], jobs: int,
        meanwhile: Callable[[], object] = lambda: None,
        arrived: Callable[[Result], object] = lambda result: None, folder: Path | None = None) -> list[Result]:
    """`work` on every task, `jobs` processes at a time; the results in the order of the tasks. This process does
    `meanwhile` as they work (it would otherwise only wait), then hands each result to `arrived` as it comes, in
    that order, while the later tasks are still at work. Each result comes back through a file of its own in a
    folder made in `folder` (the system's temporary folder if None), not the pipe: pickled for the pipe, a big
    deck's files were held twice in the worker (at 24,000 cards, its peak) and twice here as they came."""
    from concurrent.futures import ProcessPoolExecutor

    _load_drawing()
    with tempfile.TemporaryDirectory(prefix="results-", dir=folder) as filed:
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=forked(),
                                   initializer=interrupts.take_in_worker)
        try:  # every task is handed out now, and the workers forked
            running = _forked(lambda: pool.map(_filed, repeat(work), repeat(filed), count(), *zip(*todo, strict=True)))
            meanwhile()
            results = []
            for path in running:
                result = _unfiled(path)
                arrived(result)
                results.append(result)
        except BaseException as error:  # Ctrl-C, SIGTERM, or a worker's error: no worker is left running or waited for
            stop(pool, error)
            raise
        pool.shutdown()
    return results


def _forked(start: Callable[[], Result]) -> Result:
    """`start` (the pool's first tasks handed out: the workers forked then) with what this process holds left aside
    from the cycle collector meanwhile (`gc.freeze`): a worker never traces the objects it inherits, which its
    first collection did (at a 2,400-card build's threshold, up to 100,000 of them: the drawing stages just loaded),
    and copies none of their pages for it."""
    gc.freeze()
    try:
        return start()
    finally:
        gc.unfreeze()


class Unfiled(OSError):
    """A worker could not file its result (a full disk beside the out folder)."""


def _filed(work: Callable[..., Result], folder: str, index: int, *task: Any) -> str:
    """In a worker: the task's result pickled into a file of its own in `folder`, written as it is pickled (never
    whole in memory beside the result); the file's path."""
    result = work(*task)
    path = os.path.join(folder, f"{index}.pickle")
    try:
        with open(path, "xb") as file:
            pickle.dump(result, file, protocol=pickle.HIGHEST_PROTOCOL)
    except OSError as exc:  # a full disk
        raise Unfiled(exc.errno, exc.strerror, path) from None
    return path


def _unfiled(path: str) -> Any:
    """A result a worker filed, read back and its file taken away. The folder is this build's own, made by it
    (only its user may write there), as trusted as the pipe it replaces."""
    with open(path, "rb") as file:
        result = pickle.load(file)
    os.unlink(path)
    return result


def stop(pool: ProcessPoolExecutor, error: BaseException | None = None) -> None:
    """End the workers now: one busy in a long template would otherwise be waited for. They have written only
    their results' files, in a folder taken away after them, and nothing in the out folder, so nothing is lost.
    A pool broken by a worker that Ctrl-C or SIGTERM ended (sent to the process group, as a terminal or a service
    manager sends it) before this process noted the signal is an interrupt (KeyboardInterrupt), not a crash."""
    from concurrent.futures.process import BrokenProcessPool

    for process in list(getattr(pool, "_processes", {}).values()):  # the executor keeps them only there
        process.kill()
    pool.shutdown(wait=True, cancel_futures=True)
    if isinstance(error, BrokenProcessPool):
        interrupts.check()


def _load_drawing() -> None:
    """Import the drawing stages, read the fonts and compile the text edition's template before the workers start:
    where processes are forked they inherit all of it rather than each paying for it again. svglib and ReportLab's
    graphics too (a few hundredths of a second): every game's icons are SVG, drawn by each worker. PDFium and
    Pillow's image formats as well: each worker draws its PDFs' thumbnails (the text edition's task, its labels').
    And what every task loads its game with (sources, translations, Babel, the press's words), which each would
    otherwise load again."""
    import babel.dates  # noqa: F401  (Babel's locale data, unpickled, names its classes)
    import babel.localedata
    import babel.numbers  # noqa: F401  (every task writes numbers and plurals)
    import pypdfium2  # noqa: F401  (loaded lazily by a build in one process: an up-to-date one needs none)
    from PIL import Image

    import deckpress.draw.kit
    import deckpress.draw.render
    import deckpress.load.expand
    import deckpress.load.game
    import deckpress.load.layouts
    import deckpress.publish.catalogue  # noqa: F401  (ReportLab's canvas)
    import deckpress.translation.apply  # noqa: F401  (each task loads the game and its translations itself)
    from deckpress import words
    from deckpress.draw import fonts
    from deckpress.load.svg_reader import svg_reader
    from deckpress.publish import text_edition

    for name in fonts.FONT_FILES:
        fonts.font(name)
    text_edition.edition_template()
    svg_reader()  # ReportLab's graphics with it (before anything imports them whole)
    babel.localedata.load("en")  # English (a game's language unless it names another): Babel's data merged once,
    words.words("en")  # and the press's own words read once
    Image.preinit()  # the formats a thumbnail is saved in (PNG), read when the first is saved


def handed_back(result: Result) -> Result:
    """A worker's result, its freed heap first returned to the system: the heap the laid-out cards left would
    otherwise stay resident while the result is pickled into its file (at 24,000 cards, 20 MB of it). glibc's
    malloc_trim; elsewhere nothing."""
    import ctypes

    try:
        trim = getattr(ctypes.CDLL(None), "malloc_trim", None)  # the process's own symbols: libc's, on Linux
    except (OSError, TypeError):  # no such handle where the platform has none (Windows)
        trim = None
    if trim is not None:
        trim(0)
    return result

