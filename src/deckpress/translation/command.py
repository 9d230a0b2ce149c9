"""`deckpress translations GAME`: the game's POT and its PO files written, what was written said."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from deckpress.findings import Findings
from deckpress.translation.catalogues import write_catalogues


def translations(folder: Path, shown: str, report: Callable[[Findings], int], layouts: Sequence[Path] = ()) -> int:
    """Write them (the editions' names from the themes in the game's layouts or `layouts`); the exit status
    `report` gives for the findings (0 when there are none)."""
    findings = Findings()
    written = write_catalogues(folder, shown, findings, layouts)
    status = report(findings)
    if status == 0 and written:
        names = ", ".join(f"{shown}/{p.parent.name}/{p.name}" for p in written)
        print(f"deckpress: wrote {names}", file=sys.stderr)
        if len(written) == 1:
            print(f"deckpress: {folder.name} is in one language: declare the others with languages: in game.yaml "
                  f"([{'en-GB'}, de-DE]) and run this again for their PO files", file=sys.stderr)
    return status
