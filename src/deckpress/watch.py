"""`deckpress watch [GAME...]`: build, then build again on every save, in one warm process, until Ctrl-C.

Only the games whose files changed are built again (a layout changes every game). First comes a proof: the
components the saved file changes, in the game's first edition on the first paper, each PDF put in place as soon
as it is drawn (deckpress.proof), so the PDF a designer is looking at is fresh in a fraction of a second. Then the
game is built whole, an ordinary build committed at once. A save that breaks the game makes no proof, prints its
findings and leaves the earlier build as it was (a proof is taken back if the build after it finds an error).
"""

from __future__ import annotations

import os
import re
import sys
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TextIO

from watchfiles import Change, DefaultFilter
from watchfiles import watch as file_events

from deckpress import interrupts
from deckpress.findings import Findings
from deckpress.options import Options
from deckpress.paths import TreeTooLarge, real
from deckpress.publish.incremental import Freshness, freshness
from deckpress.publish.lock import out_lock
from deckpress.publish.write import CommitError

TICK_MS = 200  # how often the watcher looks up when nothing is saved (to start, and to see it is asked to stop)
STEP_MS = 30  # a save is over once the folder has been quiet this long (an editor writes, renames, touches)
# Excel's `~$lots.xlsx` and LibreOffice's `.~lock.lots.ods#` come and go while a spreadsheet is open
EDITOR_TEMP = re.compile(r"^#.*#$|^4913$|\.(tmp|bak|swp|swx|kate-swp|crswap)$|^\.~lock\.|~$|^~\$")
STAGING = ".deckpress-"  # the build's staging folders, beside the out folder


class Sources(DefaultFilter):
    """The files a save can change: not the out folder, its staging folders or an editor's temporary files."""

    def __init__(self, out: Path) -> None:
        super().__init__(ignore_paths=[real(out)])

    def __call__(self, change: Change, path: str) -> bool:
        name = os.path.basename(path)
        if EDITOR_TEMP.search(name) or any(p.startswith(STAGING) for p in Path(path).parts):
            return False
        return super().__call__(change, path)


@dataclass
class Watcher:
    """What is watched and built: the options, the games asked for (none: every game in the content folder)."""

    opts: Options
    games: list[str]
    jobs: int = 1
    say: TextIO = field(default_factory=lambda: sys.stderr)

    def __post_init__(self) -> None:
        """Watching is editing: a text changed in the source language shows at once, its translations printing it
        until they are brought up to date (each said as a warning); a build for release still refuses them."""
        self.opts = replace(self.opts, fallback=True)

    def game_dirs(self) -> list[Path]:
        found = {p.parent.name: p.parent for p in sorted(self.opts.content.glob("*/game.yaml"))}
        return [found[g] for g in (self.games or found) if g in found]

    def paths(self) -> list[Path]:
        """The folders to watch: the games' (or the whole content folder's, for games yet to come) and the layouts."""
        games = [self.opts.content] if not self.games else self.game_dirs()
        inside = [p for p in self.opts.layouts if any(real(p).is_relative_to(real(g)) for g in games)]
        return [p for p in [*games, *self.opts.layouts] if p.is_dir() and p not in inside]

    def changed(self, paths: set[str]) -> list[Path]:
        """The games a set of saved files touches: a game's own folder, or every game for a layout."""
        dirs, content = self.game_dirs(), real(self.opts.content)
        saved = [real(Path(p)) for p in paths]
        if any(not p.is_relative_to(content) for p in saved):
            return dirs  # a layout: every game may look different
        named = {p.relative_to(content).parts[0] for p in saved if p != content}
        return [d for d in dirs if d.name in named]

    def run(self, stop: threading.Event | None = None) -> None:
        """Build every game, then again on each save until `stop` is set (or Ctrl-C: KeyboardInterrupt). The first
        build starts once the folders are watched, so a save meanwhile is not missed."""
        watching = False
        for changes in file_events(*self.paths(), watch_filter=Sources(self.opts.out), step=STEP_MS,
                                   rust_timeout=TICK_MS, yield_on_timeout=True, stop_event=stop, raise_interrupt=True):
            if not watching:
                watching = True
                self.rebuild(self.game_dirs())
                self.print(f"deckpress: watching {', '.join(str(p) for p in self.paths())} (Ctrl-C stops)")
            saved = {path for _change, path in changes}
            dirs = self.changed(saved) if changes else []
            if dirs:
                self.rebuild(dirs, {Path(p) for p in saved})

    def rebuild(self, dirs: list[Path], saved: set[Path] | None = None) -> bool:
        """Build these games, a proof of what the `saved` files change first (None: of every component); say what
        was found and what was built. Each build holds the out folder (another build into it waits, and so does
        this); a folder too large to read is said, and watching goes on."""
        try:
            with out_lock(self.opts.out):
                return self._rebuild(dirs, saved)
        except TreeTooLarge as exc:
            self.print(f"deckpress: {exc}")
            return False
        except CommitError as exc:  # the out folder refused a file (every move undone): the next save tries again
            self.print(f"deckpress: error: {exc}")
            return False

    def _rebuild(self, dirs: list[Path], saved: set[Path] | None) -> bool:
        from deckpress.proof import put_back

        start, opts = time.perf_counter(), self.opts
        fresh = freshness(dirs, opts.layouts, opts.key(), opts.out)
        todo = [d for d in dirs if d.name not in fresh.current]
        if not todo:
            self.print(f"deckpress: {', '.join(d.name for d in dirs)}: up to date")
            return True
        placed: list[tuple[str, bytes | None]] = []  # each proof's file and what it replaced
        with interrupts.deferred():
            try:
                if len(todo) == 1:
                    self.proof(todo[0], saved, start, placed)
                built = self.build(todo, fresh, start)
            except BaseException:  # Ctrl-C, SIGTERM: the out folder as the last build left it
                put_back(opts.out, placed)
                raise
            if not built:
                put_back(opts.out, placed)
        interrupts.check()  # a stop asked for once the files were in place: nothing forced it, so it is taken here
        return built

    def proof(self, game_dir: Path, saved: set[Path] | None, start: float,
              placed: list[tuple[str, bytes | None]]) -> None:
        """The proofs of what the saved files change, each put in place as soon as it is drawn; into `placed`,
        what each replaced, to put back if the build after them does not commit."""
        from deckpress.proof import place, proofs

        for output in proofs(self.opts, game_dir, saved):
            interrupts.check()
            if (done := place(self.opts.out, output)) is None:
                break
            placed.append(done)
            self.print(f"deckpress: {game_dir.name}: proof into {self.opts.out / output.path} "
                       f"({time.perf_counter() - start:.2f} s)")

    def build(self, todo: list[Path], fresh: Freshness, start: float) -> bool:
        """Build everything asked for of these games and commit it; whether it committed (no error found)."""
        from deckpress.build import build
        from deckpress.export import stale_said

        press = build(self.opts, todo, self.jobs, fresh)
        errors = self.show(press.findings)
        if errors:
            self.print(f"deckpress: {errors} error{'s' * (errors != 1)}; the earlier build stays")
            return False
        self.print(f"deckpress: {', '.join(press.ids)}: built into {self.opts.out} "
                   f"({time.perf_counter() - start:.2f} s)")
        for line in stale_said(press):  # exports cut from the sources before this change
            self.print(line)
        return True

    def show(self, findings: Findings) -> int:
        """Print the findings (the same problem on many cards once); the number of errors, as printed."""
        grouped = findings.grouped()
        for line in map(str, grouped):
            self.print(line)
        return sum(1 for g in grouped if g.severity == "error")

    def print(self, line: str) -> None:
        print(line, file=self.say, flush=True)

