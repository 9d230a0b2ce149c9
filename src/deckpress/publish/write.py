"""Write stage: the files a build makes (`Output`), the manifest merged over what the out folder holds, and where a
commit stages its files; the commit itself, all of a build's files moved into place at once, is `publish.staging`.
"""

from __future__ import annotations

import glob
import hashlib
import os
import re
import stat
import tempfile
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from deckpress.paths import real
from deckpress.publish.manifest import MANIFEST, TEXT_EDITION, Entry, manifest_json, read_json, read_manifest


@dataclass
class Output:
    """A file the build makes, not yet written: its path in the out folder, its bytes, and its manifest entry."""

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


def merged_manifest(out_dir: Path, outputs: list[Output], parts: dict[str, set[str]] | None = None,
                    versions: dict[str, str] | None = None) -> list[Entry]:
    """This build's entries plus earlier ones for other outputs that are still on disk, by path; but not those of a
    game built now (`parts`: game -> the components it has now) for a component it no longer has, nor its exports
    cut from other sources than it has now (`versions`: game -> its sources' version; see `stale_exports`), nor its
    text edition's files (pages, books, braille, labels), which every build of a game makes whole."""
    parts = parts or {}
    stale = {e.path for e in stale_exports(out_dir, versions or {})}
    entries = {e.path: e for e in read_manifest(out_dir) if on_disk(out_dir, e.path) and e.path not in stale
               and (e.game not in parts or e.is_export  # exports stay listed
                    or (e.component in parts[e.game] and e.edition != TEXT_EDITION))}  # made whole every build
    entries.update({e.path: e for o in outputs if (e := o.listed) is not None})
    return [entries[p] for p in sorted(entries)]


def stale_exports(out_dir: Path, versions: dict[str, str]) -> list[Entry]:
    """The export files in the manifest of the games in `versions` (game -> its sources' version now) that were cut
    from other sources (or say not which): decided by what the manifest records, not by the files' times."""
    return [e for e in read_manifest(out_dir) if e.is_export and e.game in versions
            and e.source != versions[e.game] and on_disk(out_dir, e.path)]


def manifest_output(entries: list[Entry]) -> Output:
    return Output(MANIFEST, manifest_json(entries))


# Far past any file the press writes (a 24,000-card deck's PDF is a few tens of megabytes): a larger file is
# refused as it is staged, and one found in the out folder was not written by the press and is not read.
MAX_OUTPUT_BYTES = 1 << 30


def on_disk(out_dir: Path, path: str) -> bool:
    """Whether the out folder holds at `path` what can be an earlier output: a regular file no larger than any
    output (reached as `Path.is_file` reaches it: a link on the way is refused when the folder is written). What
    an earlier build wrote may have been replaced since by anything (deckpress.publish.earlier reads it)."""
    try:
        found = os.stat(out_dir / path)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(found.st_mode) and found.st_size <= MAX_OUTPUT_BYTES


class CommitError(Exception):
    """The out folder could not take this build; it is as the earlier build left it (the message says why)."""


def check_out(out_dir: Path) -> str | None:
    """Why the out folder cannot take a build, or None: asked before any work, so a build is not drawn in vain."""
    if os.path.lexists(out_dir) and not out_dir.is_dir():  # a file, or a link leading nowhere or to itself
        return f"{out_dir} is not a folder"
    if out_dir.is_dir() and (link := _linked(out_dir)) is not None:
        return f"{link} is a symbolic link: the press writes only inside the out folder; remove the link"
    # Judged where it leads, as the staging folder is placed (`..` and links followed): `--out ../build` typed in
    # build/public is that build, not a folder inside it
    led = real(out_dir)
    there = next(p for p in (led, *led.parents) if p.exists())  # nothing is made yet
    if not there.is_dir():
        return f"cannot write to {out_dir}: {there} is not a folder"
    beside = there if there != led else there.parent
    # The staging folder goes beside the out folder, and the commit writes into the out folder itself: a trial
    # folder in each, removed at once (the out folder may be read-only where its parent is not).
    for folder in dict.fromkeys((beside, there)):
        try:
            Path(tempfile.mkdtemp(prefix=".deckpress-", dir=folder)).rmdir()
        except OSError as exc:
            return f"cannot write to {out_dir}: {exc.strerror or exc}"
    if there == led and there.stat().st_dev != beside.stat().st_dev:  # a commit moves, never copies
        return (f"{out_dir} is a disk of its own (a mount point), and a build is staged beside it and moved in, "
                f"which cannot cross disks: build into a folder inside it, such as {out_dir / 'build'}")
    return _nested(out_dir, led)


def _nested(out_dir: Path, led: Path) -> str | None:
    """Why the out folder cannot be inside another build's (its public/ above all), or None. A build there would
    put its host's material in the folder the other says to upload, and the other's next commit makes its
    publications again, taking this build's files away. Told by a manifest of the press's shape above it: a web
    site's own manifest.json (a web app's) is no out folder. `led`: where the out folder leads, links followed."""
    for above in led.parents:
        found = read_json(above / MANIFEST)
        if isinstance(found, dict) and {"publication", "outputs"} <= found.keys():
            return (f"{out_dir} is inside {above}, another build's out folder (its public/ is the folder to upload): "
                    f"a build there would mix its files, the host's with them, into that one's; choose an out folder "
                    f"outside {above}")
    return None


def _linked(out_dir: Path) -> Path | None:
    """A symbolic link inside the out folder (not followed), if there is one: a write through it would land
    outside."""
    for folder, names, files in os.walk(out_dir):
        for name in [*names, *files]:
            if (Path(folder) / name).is_symlink():
                return Path(folder) / name
    return None


def staging_prefix(out_dir: Path) -> str:
    """The name a build's staging folder starts with: the out folder's, so that a build holding the out folder's
    lock knows which leftovers (of a build killed mid-commit) are its folder's."""
    return f".deckpress-{out_dir.resolve().name}-"


def leftovers(out_dir: Path) -> list[Path]:
    """Staging folders of earlier builds into `out_dir` that never finished (killed with SIGKILL: nothing could
    clean up). Only a build holding the out folder's lock may take them away."""
    prefix = staging_prefix(out_dir)
    name = re.compile(re.escape(prefix) + r"[a-z0-9_]{8}")  # what mkdtemp adds to the prefix
    parent = out_dir.resolve().parent
    return sorted(p for p in parent.glob(glob.escape(prefix) + "*") if name.fullmatch(p.name) and p.is_dir()
                  and not p.is_symlink())
