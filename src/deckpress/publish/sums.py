"""SHA256SUMS: the checksum of every published file, in the form `sha256sum -c SHA256SUMS` reads (also
`shasum -a 256 -c` on macOS): 64 hex digits, two spaces, the path from the out folder, one file a line.

It lists what the manifest lists, the catalogue and its thumbnails, and manifest.json itself: the manifest is
written last, so its sum is taken over the bytes about to be written. SHA256SUMS does not list itself.
"""

from __future__ import annotations

from pathlib import Path

from deckpress.publish.earlier import sha256_of
from deckpress.publish.manifest import MANIFEST, Entry
from deckpress.publish.thumbnails import thumbnail_path
from deckpress.publish.write import Output

SUMS = "SHA256SUMS"
CATALOGUE = "index.html"


def sums_output(out_dir: Path, entries: list[Entry], written: list[Output]) -> Output:
    """The sums of the files after this commit: `written` (about to be), the others as they are on disk."""
    sums = {e.path: e.sha256 for e in entries}
    sums |= {o.path: o.sha256 for o in written if o.path != SUMS}
    for path in [*(thumbnail_path(e) for e in entries if e.path.endswith(".pdf")), CATALOGUE, MANIFEST]:
        if path not in sums and (found := sha256_of(out_dir, path)) is not None:
            sums[path] = found
    return Output(SUMS, "".join(f"{sums[p]}  {p}\n" for p in sorted(sums)).encode())
