"""The out folder's earlier outputs, read as untrusted: what an earlier build wrote may have been replaced since by
anything. A FIFO in a file's place would block a read forever, a folder fail it, and a huge file (sparse, so it
costs no disk) fill the memory and, copied into public/, the disk: none of them is taken for an output."""

from __future__ import annotations

import errno
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from deckpress.paths import Digests, read_bounded, sha256_bounded
from deckpress.publish.write import MAX_OUTPUT_BYTES, CommitError, on_disk

if TYPE_CHECKING:
    from deckpress.publish.manifest import Entry


def not_on_disk(out_dir: Path, entries: Iterable[Entry]) -> list[str]:
    """A line for each file the manifest lists that is not there to publish (`site` publishes what is built)."""
    return [f"{(out_dir / e.path).as_posix()}: error: manifest.json lists it, but it is missing, or is no file the "
            "press writes (a folder, a FIFO, a file larger than any output)" for e in entries
            if not on_disk(out_dir, e.path)]


def reader(out_dir: Path, fresh: Mapping[str, bytes]) -> Callable[[str], bytes]:
    """The bytes of a file after this commit: `fresh` (path -> bytes, about to be written), else the earlier file
    (`read_earlier`). One that cannot be read (replaced since it was looked at) ends the command in one line."""
    def read(path: str) -> bytes:
        if path in fresh:
            return fresh[path]
        try:
            return read_earlier(out_dir, path)
        except OSError as exc:
            raise CommitError(f"cannot read {out_dir / path}: {exc.strerror or exc}; build again") from None
    return read


def read_earlier(out_dir: Path, path: str) -> bytes:
    """An earlier output's bytes; OSError if it is not a regular file, or larger than any output (whatever the file
    system said of it when it was looked at)."""
    data = read_bounded(out_dir / path, MAX_OUTPUT_BYTES)
    if data is None:
        raise OSError(errno.EFBIG, "larger than any file the press writes", str(out_dir / path))
    return data


def sha256_of(out_dir: Path, path: str, seen: Digests | None = None) -> str | None:
    """An earlier output's SHA-256, read a piece at a time; None if it is no output (`on_disk`) or cannot be read.
    `seen`: the files read already in this look (`paths.sha256_bounded`)."""
    return sha256_bounded(out_dir / path, MAX_OUTPUT_BYTES, seen)
