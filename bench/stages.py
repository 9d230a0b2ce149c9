"""Where a build's processor time goes, stage by stage: `python bench/stages.py [N | catalogue]` builds N generated
lot cards (2,400 unless told; `bench/cards.deck`, standard edition, A4) or the shipped catalogue, in this process
(`--jobs 1`), from a clean out folder, and prints each stage's own processor time (a stage inside another is not
counted twice), the imports apart. Processor time, not wall time: the machine is shared, and another engineer's
tests slow a build's wall clock far more than its processor time.
"""

from __future__ import annotations

import importlib
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

START = time.process_time()  # Python's own start-up is not counted: the plain script pays it as well

ROOT = Path(__file__).resolve().parent.parent
# stage name -> the functions (module, name) whose own time is the stage's, outermost stages first
STAGES: dict[str, list[tuple[str, str]]] = {
    "load, check, plan (prepare)": [("deckpress.build", "prepare")],
    "card faces (fronts)": [("deckpress.layout.cards", "_fronts")],
    "backs not printed (proof)": [("deckpress.layout.cards", "_proof_backs")],
    "figure words (spoken)": [("deckpress.layout.spoken", "spoken")],
    "overlap check": [("deckpress.layout.overlap", "overlaps")],
    "slug line": [("deckpress.layout.slug", "with_slug")],
    "drawing ops to ReportLab": [("deckpress.draw.render", "render")],
    "structure tree (tagging)": [("deckpress.draw.tagging", "write")],
    # the press writes the file itself (deckpress.draw.save): its objects, fonts and cross-references
    "saving the PDF": [("deckpress.draw.save", "pdf_data")],
    "text edition: readings": [("deckpress.layout.readings", "read_deck")],
    "text edition: HTML": [("deckpress.publish.text_edition", "html_pages")],
    "braille files (BRF)": [("deckpress.publish.outputs", "braille_outputs")],
    "tactile labels (their drawing apart)": [("deckpress.publish.outputs", "tactile_outputs")],
    "EPUB": [("deckpress.publish.outputs", "epub_outputs")],
    "kit": [("deckpress.publish.kits", "kits")],
    # drawn where the PDFs are made (build.make: a parallel build's workers), the catalogue's for those it lacks
    "thumbnails": [("deckpress.publish.thumbnails", "missing_thumbnails"),
                   ("deckpress.publish.catalogue", "_thumbnail")],
    "catalogue, manifest, write (publish)": [("deckpress.build", "publish")],
}
IMPORTS = "imports"


class Clock:
    """Each stage's own processor time: a stage entered inside another stops the outer one's clock."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self.stack: list[tuple[str, float]] = []

    def enter(self, stage: str) -> None:
        now = time.process_time()
        if self.stack:
            outer, since = self.stack[-1]
            self.spent[outer] = self.spent.get(outer, 0.0) + now - since
        self.stack.append((stage, now))

    def leave(self) -> None:
        now = time.process_time()
        stage, since = self.stack.pop()
        self.spent[stage] = self.spent.get(stage, 0.0) + now - since
        if self.stack:
            self.stack[-1] = (self.stack[-1][0], now)

    def timed(self, stage: str, f: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            self.enter(stage)
            try:
                return f(*args, **kwargs)
            finally:
                self.leave()
        return wrapper


def replaced(module: str, name: str, wrap: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
    """The function `name` of `module` (a method: `Class.method`) replaced by `wrap(it)`, there and wherever a
    module imported it by name."""
    owner: Any = importlib.import_module(module)
    *path, attr = name.split(".")
    for part in path:
        owner = getattr(owner, part)
    original = getattr(owner, attr)
    wrapped = wrap(original)
    setattr(owner, attr, wrapped)
    for other in list(sys.modules.values()):
        for key, value in list(getattr(other, "__dict__", {}).items()):
            if value is original:
                setattr(other, key, wrapped)


def _imports(clock: Clock) -> None:
    """Modules loaded on first use are the imports' time, not the stage's that asked."""
    bootstrap: Any = importlib.import_module("importlib._bootstrap")
    bootstrap._find_and_load = clock.timed(IMPORTS, bootstrap._find_and_load)


def run(what: str = "2400") -> tuple[dict[str, float], float]:
    """Each stage's processor time, and the whole build's (the imports included)."""
    clock = Clock()
    _imports(clock)
    clock.enter(IMPORTS)
    from cards import deck

    from deckpress.build import build
    from deckpress.options import Options
    for stage, functions in STAGES.items():
        for module, name in functions:
            replaced(module, name, partial(clock.timed, stage))
    clock.leave()
    with tempfile.TemporaryDirectory() as scratch:
        papers: tuple[str, ...]
        if what == "catalogue":
            content, papers = ROOT / "content", ("a4", "letter")
        else:
            content, papers = deck(int(what), Path(scratch) / "content").parent, ("a4",)
        games = sorted(p.parent for p in content.glob("*/game.yaml"))
        opts = Options(content=content, layouts=[ROOT / "layouts"], out=Path(scratch) / "build", papers=papers)
        clock.enter("other")
        press = build(opts, games)
        clock.leave()
        assert not press.findings.errors, press.findings[:3]
    return clock.spent, time.process_time() - START


def report(spent: dict[str, float], total: float, what: str) -> str:
    lines = [f"stages: {what}, processor time, in process (--jobs 1), from clean: {total:.2f} s in all",
             f"  {'stage':40} {'s':>6} {'share':>6}"]
    for stage, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        lines.append(f"  {stage:40} {seconds:6.2f} {seconds / total:6.0%}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    which = sys.argv[1] if len(sys.argv) > 1 else "2400"
    print(report(*run(which), which if which == "catalogue" else f"{int(which):,} lot cards"))
