"""The options of the build that made a print plan, as the plan's commands for the other builds repeat them.

Run as the plan shows it, a duplex, folded or bled build must read the same sources and layouts, make the same
editions and papers (in bold, in high contrast) and land in the same out folder, whose catalogue then offers its
files: a command without them built every edition on both papers into build/, and the host's own catalogue never
offered those files. Only what differs from the defaults is said, so the usual plan reads as it always did
(`deckpress build GAME --fold`).

A folder is said as it was typed where that names no folder of the computer's own: a relative path that stays
inside the checkout the commands are run from (an absolute one inside it is said from there). Any other path,
an absolute one (`--out /home/name/prints`) or one climbing out with `..` (`--out ../../home/name/prints`, which
names the same folders), is `DIR`, as the README's synopsis says it: an out folder keeps no path of the
machine that built it, so that a copy of it is what a build there leaves, and nothing it publishes tells where
the host keeps their files. The public catalogue, uploaded for anyone, says `DIR` for every folder; the host's own
pages (the full catalogue, never uploaded, and the host's kit) say the rest as typed, quoted for a shell.
`--fallback-language` is not repeated: without it a build says which text is not translated and how to print it
anyway, where the options above would go wrong silently.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from deckpress.layout.page import PAPERS  # the papers a build prints on, by their sizes
from deckpress.paths import NAME

PLACEHOLDER = "DIR"  # a folder a page may not name: the host's own is not the public's to know
CONTENT, LAYOUTS, OUT = "content", "layouts", "build"  # the defaults (deckpress.arguments), as a page says them


class Given(Protocol):
    """What a build was asked for (deckpress.options.Options, which names this module)."""

    content: Path
    layouts: list[Path]
    edition: str | None
    papers: tuple[str, ...]
    bold: bool
    high_contrast: str | None
    repeated: Repeated | None


@dataclass(frozen=True)
class Repeated:
    """A build's options a plan's command repeats, each folder as a host's page says it (`said`)."""

    content: str = CONTENT
    layouts: tuple[str, ...] = ()  # --layouts as given, in order; the shared layouts/ searched after them unsaid
    edition: str | None = None
    paper: str | None = None
    bold: bool = False
    high_contrast: str | None = None

    @classmethod
    def of(cls, opts: Given) -> Repeated:
        """The options as the command line gave them: kept in `opts.repeated` once said, before a parallel build
        gives each of its tasks an edition of its own (deckpress.pool)."""
        if opts.repeated is not None:
            return opts.repeated
        layouts = [said(p) for p in opts.layouts]
        if layouts and layouts[-1] == LAYOUTS:
            # deckpress.options.layout_folders puts the shared layouts/ last unless it was named before: said
            # again, the same folders are searched in the same order
            layouts.pop()
        return cls(said(opts.content), tuple(layouts), opts.edition,
                   opts.papers[0] if len(opts.papers) == 1 else None, opts.bold, opts.high_contrast)

    def over(self, earlier: Repeated | None) -> Repeated:
        """These options over those of the `earlier` build of the game into the same out folder, whose files of
        another edition or paper the catalogue still lists beside these: every edition (or paper) where the two
        made different ones, so the commands make the other builds of all the files the catalogue offers."""
        if earlier is None:
            return self
        return Repeated(self.content, self.layouts, self.edition if self.edition == earlier.edition else None,
                        self.paper if self.paper == earlier.paper else None, self.bold, self.high_contrast)

    def words(self, out: Path, public: bool) -> str:
        """The options as words of a command line, after the build's own (`--fold`): each folder quoted for a
        shell, the out folder `out` (where the plan is read) among them; in `public` words, DIR for each."""
        def folder(path: str) -> str:
            return PLACEHOLDER if public else shlex.quote(path)

        place = said(out)
        words = [*(("--edition", shlex.quote(self.edition)) if self.edition else ()),
                 *(("--paper", shlex.quote(self.paper)) if self.paper else ()),
                 *(("--content", folder(self.content)) if self.content != CONTENT else ()),
                 *(w for layouts in self.layouts for w in ("--layouts", folder(layouts))),
                 *(("--out", folder(place)) if place != OUT else ()),
                 *(("--bold",) if self.bold else ()),
                 *(("--high-contrast", shlex.quote(self.high_contrast)) if self.high_contrast else ())]
        return " ".join(words)

    def as_json(self) -> dict[str, Any]:
        return {"content": self.content, "layouts": list(self.layouts), "edition": self.edition, "paper": self.paper,
                "bold": self.bold, "high_contrast": self.high_contrast}

    @classmethod
    def from_json(cls, data: Any) -> Repeated | None:
        """The options a build state recorded, or None where it holds anything else (an untrusted file)."""
        if not isinstance(data, dict):
            return None
        layouts = data.get("layouts")
        if not (isinstance(data.get("content"), str) and isinstance(layouts, list)
                and all(isinstance(p, str) and said(Path(p)) == p for p in [data["content"], *layouts])
                and (data.get("edition") is None or _named(data["edition"]))
                and data.get("paper") in (None, *PAPERS) and isinstance(data.get("bold"), bool)
                and (data.get("high_contrast") is None or _reversed(data["high_contrast"]))):
            return None
        return cls(data["content"], tuple(layouts), data.get("edition"), data.get("paper"), data["bold"],
                   data.get("high_contrast"))


def _named(value: Any) -> bool:
    """An edition's name as a build takes it (`large-print`): a recorded `Large Print; rm` is no build's."""
    return isinstance(value, str) and NAME.fullmatch(value) is not None


def _reversed(value: Any) -> bool:
    """A high-contrast pair as `--high-contrast` takes it (`yellow-on-black`, `#ffff00-on-#000000`)."""
    from deckpress.layout.reverse import pair

    return isinstance(value, str) and pair(value) is not None


def said(path: Path) -> str:
    """A folder as a host's page says it: as typed where relative and inside the folder the command runs in (the
    checkout); an absolute one inside it, from there; any other DIR, a folder of the machine's: `../../home/name`
    names the folders `/home/name` does, and the out folder's files would differ with the way it was typed."""
    if not path.is_absolute():
        return PLACEHOLDER if os.path.normpath(path).split(os.sep)[0] == os.pardir else str(path)
    try:
        here = Path.cwd()
    except OSError:  # the folder it runs in is gone: nothing is said from it
        return PLACEHOLDER
    return str(path.relative_to(here)) if path.is_relative_to(here) else PLACEHOLDER
