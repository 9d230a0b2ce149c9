"""What a commit takes away: the files the new manifest no longer lists. A component or a game removed, or a
component turned private, must not leave its PDFs or a picture of its pages in the out folder, where `serve` would
show them and an upload would carry them. The commit moves them aside with the rest, so a failed commit puts them
back."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from deckpress.publish.catalogue_pages import stale_pages
from deckpress.publish.incremental import recorded_games
from deckpress.publish.manifest import Entry, read_manifest
from deckpress.publish.thumbnails import thumbnail_path
from deckpress.publish.write import Output
from deckpress.translation.tags import translations_in

THUMBNAILS = "thumbnails"  # the press's own folder: every file in it is a thumbnail of a listed PDF, or stale


def taken_away(out_dir: Path, entries: list[Entry], site: Iterable[Output], withdrawn: list[str]) -> list[str]:
    """What a commit of `entries` (the new manifest) and the catalogue's pages `site` takes away: what the manifest
    no longer lists (`unlisted`), what the public catalogue and the host's bundles no longer hold (`withdrawn`), and
    the catalogue's pages in languages no game is in now."""
    return [*unlisted(out_dir, entries), *withdrawn, *stale_pages(out_dir, {o.path for o in site})]


def unlisted(out_dir: Path, entries: list[Entry]) -> list[str]:
    """The files to remove: those the out folder's manifest listed that `entries` (the new manifest) does not, and
    every file in thumbnails/ that no PDF of `entries` is shown by. Files the press never listed stay."""
    listed = {e.path for e in entries}
    earlier = [e.path for e in read_manifest(out_dir) if e.path not in listed and (out_dir / e.path).is_file()]
    shown = {thumbnail_path(e) for e in entries if e.is_pdf and e.path.endswith(".pdf")}  # as the catalogue
    pictures = [p for p in _files(out_dir / THUMBNAILS) if f"{THUMBNAILS}/{p}" not in shown]
    return sorted({*earlier, *(f"{THUMBNAILS}/{p}" for p in pictures)})


def gone_games(out_dir: Path, content: Path) -> set[str]:
    """The games the out folder holds files of (by its manifest) or a build of (by its state) that the content
    folder no longer has: a build of every game takes their files away, as those of a removed component."""
    have = {p.parent.name for p in content.glob("*/game.yaml")} | set(translations_in(content))
    return ({e.game for e in read_manifest(out_dir)} | recorded_games(out_dir)) - have


def _files(folder: Path) -> list[str]:
    """The regular files directly in `folder` (thumbnails are never nested); none if it is missing or a link."""
    if folder.is_symlink() or not folder.is_dir():
        return []
    with os.scandir(folder) as found:
        return sorted(f.name for f in found if f.is_file(follow_symlinks=False))
