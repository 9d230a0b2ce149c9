"""`; did you mean 'art/fox.png'?` for a file a game names that its folder does not hold: the folder listed once
per load, not once a missing name (2,400 names misspelt alike by one template walked 2,400 art files each, for
minutes), and nothing suggested past MOST_SUGGESTED misses (each still said, without a name to try)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from deckpress.paths import files_like, listing

MOST_SUGGESTED = 20  # missing names answered with a suggestion in one load: past them it is one mistake repeated


class MissingFiles:
    """The suggestions of one load: each folder's files listed at the first miss in it, kept for the next."""

    def __init__(self) -> None:
        self.misses = 0
        self._held: dict[Path, list[PurePosixPath]] = {}

    def like(self, folder: Path, name: str) -> str:
        """`files_like` for `name`, missing from `folder`; '' past MOST_SUGGESTED misses."""
        self.misses += 1
        if self.misses > MOST_SUGGESTED:
            return ""
        if folder not in self._held:
            self._held[folder] = listing(folder)
        return files_like(self._held[folder], name)
