"""What a build was asked for: kept apart from the pipeline so that an up-to-date check loads nothing heavy."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckpress.paths import real
from deckpress.publish.braille import translator  # whether the braille files can be made changes what is built

if TYPE_CHECKING:
    from deckpress.publish.repeated import Repeated

PAPERS = ("a4", "letter")
DUPLEX = ("long-edge", "short-edge")  # the edge a duplex printer turns the sheet on


@dataclass
class Options:
    """What the command line asks of a build: where to read and write, which games, editions and papers, and how
    to print."""

    content: Path = Path("content")
    layouts: list[Path] = field(default_factory=lambda: [Path("layouts")])
    out: Path = Path("build")
    games: list[str] = field(default_factory=list)  # empty: every game
    edition: str | None = None  # None: every edition a game defines
    papers: tuple[str, ...] = PAPERS
    # duplex, offset_x, offset_y, fold, bleed_mm: over the game's own
    printing: dict[str, Any] = field(default_factory=dict)
    bold: bool = False  # body text in each edition's bold font
    high_contrast: str | None = None  # every page reversed out in this pair (deckpress.layout.reverse.PAIRS)
    fallback: bool = False  # --fallback-language: a text not translated prints in the source language (a warning)
    # an export with no --edition: each game's first edition alone is laid out (and checked), as it alone is exported
    first_edition: bool = False
    # deckpress translations: the source language alone is checked, its translations being what it brings up to date
    source_only: bool = False
    # the options above as the command line gave them, which a print plan's commands repeat: kept once said, as a
    # parallel build's tasks are each given an edition of their own (deckpress.publish.repeated)
    repeated: Repeated | None = None

    def key(self) -> dict[str, Any]:
        """The options that change what is built: part of every game's fingerprint."""
        epoch = os.environ.get("SOURCE_DATE_EPOCH")  # dates every PDF: a new one builds again
        return {"edition": self.edition, "papers": list(self.papers), "printing": self.printing,
                **({"fallback_language": True} if self.fallback else {}),
                **({"source_date_epoch": epoch} if epoch else {}), "braille": translator() is not None,
                **({"bold": True} if self.bold else {}),
                **({"high_contrast": self.high_contrast} if self.high_contrast else {})}


def layout_folders(given: list[Path] | None) -> list[Path]:
    """--layouts' folders, searched before the shared layouts/ (and after a game's own layouts/): each once, as it
    was first named (`--layouts layouts` names the folder searched unless told: read and hashed twice, the same
    sources would count as changed)."""
    folders: dict[Path, Path] = {}
    for folder in [*(given or []), Path("layouts")]:
        folders.setdefault(real(folder), folder)
    return list(folders.values())
