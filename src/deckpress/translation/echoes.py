"""A translated game's findings said once: what its source language says at a place of the game's sources, each
translation need not say again in its own words (a cell refused in English and in German, a layout's mistake met
on each language's cards). A source game's findings are heard (`Heard`: where it said what), each translation's
passed on but for those echoing it (`Echoes`); `Voices` gives each game of a build its own."""

from __future__ import annotations

from deckpress.findings import Finding, Findings, Loc
from deckpress.model import Game


class Heard(Findings):
    """A source game's findings, passed on to `parent`, each place it said something at (and how severely)
    remembered: what its translations need not say again (`Echoes`). It lists every finding itself, as a load
    that counts its findings expects."""

    def __init__(self, parent: Findings) -> None:
        super().__init__()
        self.parent, self.said = parent, set[tuple[Loc, str]]()

    def add(self, finding: Finding) -> None:
        super().add(finding)
        self.said.add((finding.loc, finding.severity))
        self.parent.add(finding)

    def rewrite(self, old: Finding, new: Finding) -> None:
        super().rewrite(old, new)
        self.said.add((new.loc, new.severity))
        self.parent.rewrite(old, new)

    def retract(self, finding: Finding) -> None:
        super().retract(finding)
        self.parent.retract(finding)


class Echoes(Findings):
    """A translation's findings, passed on to `parent` but for those at a place of the game's own sources where
    its source language (`source`: a `Heard`'s places) has said as much already: a card value refused in the
    source is refused again in each translation (in its words: `one of Riff, Tang, Sand`), a layout's mistake met
    again on the translated cards. A PO entry is the translation's own place, always said; so is what only a
    translation meets, or meets more severely. It lists every finding itself, as a load that counts its findings
    expects."""

    def __init__(self, parent: Findings, source: set[tuple[Loc, str]]) -> None:
        super().__init__()
        self.parent, self.source = parent, source

    def add(self, finding: Finding) -> None:
        super().add(finding)
        if self._own(finding):
            self.parent.add(finding)

    def rewrite(self, old: Finding, new: Finding) -> None:
        super().rewrite(old, new)
        if self._own(new):  # `old`, at the same place, was passed on too
            self.parent.rewrite(old, new)

    def retract(self, finding: Finding) -> None:
        super().retract(finding)
        if self._own(finding):
            self.parent.retract(finding)

    def _own(self, finding: Finding) -> bool:
        return finding.loc.file.endswith(".po") or (finding.loc, finding.severity) not in self.source


class Voices:
    """Each game's findings as it says them (a game loads, lays out and exports before its translations): a
    source game's heard, each translation's passed on but for what its source said at the same place."""

    def __init__(self, parent: Findings) -> None:
        self.parent, self.heard = parent, dict[str, Heard]()

    def of(self, game: Game) -> Findings:
        if not game.source_game:
            heard = self.heard[game.id] = Heard(self.parent)
            return heard
        source = self.heard.get(game.source_game)
        return self.parent if source is None else Echoes(self.parent, source.said)
