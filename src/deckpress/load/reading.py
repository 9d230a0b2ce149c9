"""What the readers of a game share: the findings to report into, the templates, and the game's folder."""

from __future__ import annotations

import errno
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from deckpress.findings import CONTROLLED, Cleaned, Finding, Findings, Loc, echoed
from deckpress.hints.missing_files import MissingFiles
from deckpress.load.schema import as_text
from deckpress.load.sources import Node, read_yaml
from deckpress.paths import NAME_MAX, PATH_MAX, UNREADABLE, inside
from deckpress.templating import Templates

if TYPE_CHECKING:
    from deckpress.translation.apply import Translation

# What `Texts.evaluate` gives for an expression that could not be evaluated (said already), where what an
# expression gives, nothing included, is the designer's to hear of (a deck `from: none` makes no card).
FAILED: Any = object()


@dataclass(frozen=True)
class Texts:
    """Content text rendered over a context, its problems reported into `findings`."""

    findings: Findings
    templates: Templates

    def reporting(self, findings: Findings) -> Self:
        """The same, reporting into `findings` (a sheet's second copy reports nothing anew)."""
        return replace(self, findings=findings)

    def render(self, source: str, ctx: dict[str, Any], loc: Loc) -> str | None:
        return self.templates.render(source, ctx, loc, self.findings)

    def evaluate(self, expression: str, ctx: dict[str, Any], loc: Loc, failed: Any = None) -> Any:
        return self.templates.evaluate(expression, ctx, loc, self.findings, failed)

    def text(self, node: Node | None, ctx: dict[str, Any]) -> str | None:
        """A text value rendered over `ctx`; None if absent or not text (reported)."""
        if node is None or as_text(node, "text", self.findings) is None:
            return None
        return self.render(node.value, ctx, node.loc)

    def texts(self, nodes: Iterable[Node], ctx: dict[str, Any]) -> list[str]:
        return [t for t in (self.text(n, ctx) for n in nodes) if t is not None]


@dataclass(frozen=True)
class Reading(Texts):
    """One game folder being read (`shown` is how findings name it, e.g. content/pocket-bazaar)."""

    folder: Path
    shown: str
    translation: Translation | None = None  # a language's translations, put in place as each file is read
    missing: MissingFiles = field(default_factory=MissingFiles, compare=False)  # shared by its copies (`replace`)

    def read(self, name: str, at: Loc | None = None) -> Node | None:
        """The YAML file `name` inside the folder, in the language read; paths that leave it are refused. The tree
        is the reader's own: its translations are put in place in it, its plurals made their `one` forms."""
        target = self.path(name, at)
        node = read_yaml(target, f"{self.shown}/{name}", self.findings, own=True) if target is not None else None
        if node is not None and self.translation is not None:
            self.translation.apply(name, node)
        return node

    def named(self, node: Node, key: str) -> Node | None:
        """The YAML file a value of game.yaml names (`rules: rules.yaml`): None, said at the value, when it is no
        text or names no file to read."""
        name = as_text(node, key, self.findings)
        return self.read(name, node.loc) if name is not None else None

    def path(self, name: str, at: Loc | None = None) -> Path | None:
        """The file `name` inside the folder, or None (reported) for a path that leaves it or cannot be read."""
        try:
            target = inside(self.folder, name)
            if target is not None and not target.exists():  # said where it is named, not at a file that is not there
                if not self._written(name, at, lambda shown: f"no file '{shown}' in {self.shown}"):
                    self.findings.error(at or Loc(self.shown), f"no file '{echoed(name)}' in {self.shown}"
                                                               f"{self.missing.like(self.folder, name)}")
                return None
            if target is not None and target.is_dir():  # said where it is named, not at the folder as a file
                if not self._written(name, at, lambda shown: f"'{shown}' is a folder, not a file"):
                    self.findings.error(at or Loc(self.shown), f"'{echoed(name)}' is a folder, not a file")
                return None
        except UNREADABLE as exc:
            why = unreadable(exc)
            if not self._written(name, at, lambda shown: f"'{shown}' {why}"):
                self.findings.error(at or Loc(self.shown), f"'{echoed(name)}' {why}")
            return None
        if target is None:
            self.findings.error(at or Loc(self.shown), f"'{echoed(name)}' must be a file inside {self.shown}")
        else:
            self._written(name, at, lambda shown: f"'{shown}'")  # read by the name without it: said as a name
        return target

    def _written(self, name: str, at: Loc | None, said: Callable[[str], str]) -> bool:
        """Whether `name` was written with a control character, said where it stands (deckpress.load.sources): it is
        said again as a file's name (a name is never printed), once, as written (`said` of it), its control
        character escaped."""
        if not isinstance(name, Cleaned) or at is None:
            return False
        self.findings.rewrite(Finding(at, CONTROLLED.format(control=name.control)),
                              Finding(at, f"{said(echoed(name.written))}: a file's name holds no control character "
                                          f"({name.control}); remove it"))
        return True


def unreadable(exc: Exception) -> str:
    """Why a name names no file, in the designer's terms: too long for the system, or unreadable."""
    if isinstance(exc, OSError) and exc.errno == errno.ENAMETOOLONG:
        return (f"is a name too long for the file system (at most {NAME_MAX} bytes a name, {PATH_MAX:,} a path); "
                "name a file with a shorter one")
    return "cannot be read"
