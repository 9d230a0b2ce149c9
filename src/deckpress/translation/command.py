"""`deckpress translations GAME`: the game's POT and its PO files written, what was written said."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from deckpress.findings import Findings
from deckpress.options import Options
from deckpress.translation.catalogues import catalogues, write_catalogues


def translations(folder: Path, opts: Options, report: Callable[[Findings, str], int]) -> int:
    """Write them (the editions' names from the themes in the game's layouts or `opts.layouts`) from a game
    `deckpress check` finds no error in; the exit status `report` gives for the findings (0 when there are none)."""
    from deckpress.build import prepare  # the pipeline, as in the other commands: loaded only when asked for

    shown = f"{opts.content.as_posix()}/{folder.name}"
    # read as check reads it, the source language alone (a PO file behind its source is what this brings up to
    # date), while a source with an error would set its translators' work aside as obsolete (a key misspelt); its
    # pages are not laid out, which says only where a text is too long: a check's work again, a run's cost twice
    findings = prepare(replace(opts, source_only=True), [folder], every_page=False).findings
    texts = catalogues(folder, shown, findings, opts.layouts) if not findings.errors else {}
    if findings.errors:  # the source's, or a catalogue's (a PO file that cannot be read): each file as it was
        return report(findings, "; nothing was written")
    written = write_catalogues(texts, shown, findings)
    status = report(findings, "")
    if status == 0 and written:
        names = ", ".join(f"{shown}/{p.parent.name}/{p.name}" for p in written)
        print(f"deckpress: wrote {names}", file=sys.stderr)
        if len(written) == 1:
            print(f"deckpress: {folder.name} is in one language: declare the others with languages: in game.yaml "
                  f"([{'en-GB'}, de-DE]) and run this again for their PO files", file=sys.stderr)
    return status
