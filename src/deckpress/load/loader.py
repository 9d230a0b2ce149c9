"""The load stage's former single face, kept for callers not yet moved to the entry points of `deckpress.load`
(`load_game`, `load_edition`, `expand_sheets`): each method is one of them."""

from __future__ import annotations

from pathlib import Path

from deckpress.findings import Findings
from deckpress.load import expand_sheets, load_edition, load_game
from deckpress.model import Edition, Game
from deckpress.templating import Templates


class Loader:
    def __init__(self, findings: Findings, templates: Templates | None = None) -> None:
        self.findings = findings
        self.templates = templates or Templates()

    def game(self, folder: Path, shown: str) -> Game | None:
        return load_game(folder, shown, self.findings, self.templates)

    def expand_sheets(self, game: Game) -> None:
        expand_sheets(game, self.findings, self.templates)

    def edition(self, dirs: list[Path], edition: str, names: set[str]) -> Edition | None:
        return load_edition(dirs, edition, names, self.findings)
