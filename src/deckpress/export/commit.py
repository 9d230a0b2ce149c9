"""An export's commit, as a build's: its files, the manifest (every file with its checksum, under the target's
name), the catalogue linking it and SHA256SUMS, all moved into place at once (deckpress.publish.staging)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from deckpress import interrupts
from deckpress.publish.incremental import catalogue_listings
from deckpress.publish.listing import Listing
from deckpress.publish.manifest import Entry, read_manifest
from deckpress.publish.publications import publications
from deckpress.publish.staging import write_outputs
from deckpress.publish.stale import taken_away
from deckpress.publish.sums import sums_output
from deckpress.publish.write import Output, manifest_output, on_disk

if TYPE_CHECKING:
    from deckpress.build import Prepared


def commit(out: Path, files: list[Output], prepared: Prepared, target: str, edition: str | None,
           left: set[str] | None = None) -> None:
    """Write the files; the manifest keeps every other entry still on disk, but none of an earlier export of these
    games' edition (`None`: each one's first) to this target: its files are this export's now, and those this
    export does not make again go. Another edition's export stays: its files are named apart (export.named); so
    does the earlier export of a game `left` out of this one (a shop's order of nothing)."""
    from deckpress.publish.catalogue import catalogue  # PDFium loads only to publish

    games = {g.id: edition or g.editions[0] for g in prepared.games if g.id not in (left or set())}
    earlier = read_manifest(out)
    kept = [e for e in earlier if on_disk(out, e.path) and not (
        e.component == target and e.game in games and e.edition == games[e.game])]
    listed = {e.path: e for e in kept} | {e.path: e for o in files if (e := o.listed) is not None}
    entries: list[Entry] = [listed[p] for p in sorted(listed)]
    listings = catalogue_listings(out, {g.id: Listing.of(g, prepared.editions[g.id]) for g in prepared.games})
    site = catalogue(out, entries, {o.path: o.data for o in files}, {}, listings)
    manifest = manifest_output(entries)
    shared = publications(out, entries, site, listings, {o.path: o.data for o in files})
    interrupts.check()
    write_outputs(out, [*files, *site, *shared.outputs, sums_output(out, entries, [*site, manifest]), manifest],
                  taken_away(out, entries, site, shared.removed))
