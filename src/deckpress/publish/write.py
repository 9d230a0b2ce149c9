"""Write stage: every finished file is staged beside the out folder, then all move into place at once.

A build commits once: its PDFs, the catalogue, the build state and, last, the manifest.
Until then nothing in the out folder changes, so a failed or interrupted build leaves it
exactly as it was. Ctrl-C (or SIGTERM) during the moves themselves waits until they are
done, so the folder is always one build or the next, never a mix.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from deckpress import interrupts
from deckpress.paths import relative
from deckpress.publish.manifest import MANIFEST, Entry, manifest_json, read_manifest


@dataclass
class Output:
    path: str  # relative to the out folder, with forward slashes
    data: bytes
    entry: Entry | None = None  # what the manifest says of it (its path the same); None: a file it does not list
    shown: tuple[bytes, int] | None = None  # a PDF and page its thumbnail shows, if not its own first (a cover)

    @cached_property
    def sha256(self) -> str:
        """Hashed once, where the file is made: a parallel build's worker hashes it and the checksum travels along."""
        return hashlib.sha256(self.data).hexdigest()

    @property
    def listed(self) -> Entry | None:
        """The manifest's entry, with the checksum."""
        return None if self.entry is None else replace(self.entry, sha256=self.sha256)


def merged_manifest(out_dir: Path, outputs: list[Output], parts: dict[str, set[str]] | None = None) -> list[Entry]:
    """This build's entries plus earlier ones for other outputs that are still on disk, by path; but not those of a
    game built now (`parts`: game -> the components it has now) for a component it no longer has."""
    parts = parts or {}
    entries = {e.path: e for e in read_manifest(out_dir) if (out_dir / e.path).is_file()
               and (e.game not in parts or e.component in parts[e.game])}
    entries.update({e.path: e for o in outputs if (e := o.listed) is not None})
    return [entries[p] for p in sorted(entries)]


def manifest_output(entries: list[Entry]) -> Output:
    return Output(MANIFEST, manifest_json(entries))


def write_outputs(out_dir: Path, outputs: list[Output]) -> None:
    """Stage every file beside `out_dir`, then move them all into place, in the order given."""
    out_dir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".deckpress-", dir=out_dir.resolve().parent))
    try:
        staged = []
        paths = [o.path for o in outputs]
        if len(set(paths)) != len(paths):  # checked before anything moves: a commit must not stop half-way
            raise ValueError(f"two outputs for {sorted(p for p in set(paths) if paths.count(p) > 1)}")
        for output in outputs:
            if not relative(output.path):
                raise ValueError(f"refusing to write {output.path!r}: outputs stay inside the out folder")
            target = staging / output.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(output.data)
            staged.append((target, out_dir / output.path))
        with interrupts.held():
            for source, target in staged:
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(source, target)  # atomic per file: never a partial PDF
    finally:
        shutil.rmtree(staging, ignore_errors=True)
