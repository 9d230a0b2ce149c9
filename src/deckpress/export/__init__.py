"""Exports: each game for Tabletop Simulator (`--to tts`), Tabletop Playground (`--to ttp`) or print on demand
(`--to png`, `--to print-shop`), from the same
validated sources and the same renderer as a build.

prepare (deckpress.build: load, check, lay out, printed duplex with bleed so every back has a page and no cut
line lies on a trim) -> render each component's PDF and cut each card from its page (cutting) -> the target's
files (targets: tts, png; images in sprites) -> one commit with the manifest and the catalogue (commit). Files go
to `<out>/<game>/export/<target>/`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from deckpress.findings import Findings
from deckpress.options import Options

if TYPE_CHECKING:
    from deckpress.build import Press
    from deckpress.model import Edition, Game

TARGETS = ("tts", "ttp", "png", "print-shop")
POD_BLEED_MM = 3.175  # 1/8 in: what print-on-demand shops ask for
POD_DPI = 300
TTS_DPI_CAP = 300  # sheets at most this fine, however few cards they hold
GROWN_BLEED_MM = 10.0  # a shop's order: the pages' bleed, from which each card's own is cut to the shop's pixels
TTS_BLEED_MM = 1.0  # cut at the trim: a little bleed moves the cut lines (on the trim without one) off the cards


@dataclass(frozen=True)
class Request:
    """What `deckpress export` was asked for."""

    target: str  # tts | png
    out: Path  # the out folder (build/): each game's export goes under <game>/export/<target>/
    edition: str | None = None  # None: each game's first edition
    base_url: str | None = None  # tts: where a host uploads the files; None: file:/// addresses on this computer
    dpi: int | None = None  # png: the images' resolution (POD_DPI); tts: the sheets' finest (TTS_DPI_CAP)
    bleed: float | None = None  # png: mm past the trim (POD_BLEED_MM)
    vendor: str | None = None  # png, print-shop: the shop whose products the cards are made at (export.vendors)
    px: tuple[int, int] | None = None  # png: every card at these pixels, the bleed grown round its trim
    named: tuple[str, ...] = ()  # the games named on the command line (none: every game)

    @property
    def grown(self) -> bool:
        """Whether each card's bleed is grown to a shop's pixels rather than given in mm."""
        return self.target in ("png", "print-shop") and (self.vendor is not None or self.px is not None)


def folder(game: str, target: str) -> str:
    """Where a game's export goes, from the out folder."""
    return f"{game}/export/{target}"


def places(out: Path, games: list[str], target: str) -> str:
    """Where the games' exports went (a translation's too), as the command says it."""
    return ", ".join(str(out / folder(g, target)) for g in games)


def named(game: Game, edition: Edition) -> str:
    """How a game's exported files' names start: the game's id for its first edition, as ever, and the id and the
    edition for another (`pocket-bazaar-large-print.json`), so two editions exported into one folder never clash."""
    first = edition.theme.edition == game.editions[0]
    return game.id if first else f"{game.id}-{edition.theme.edition}"


def export(opts: Options, game_dirs: list[Path], request: Request) -> tuple[Findings, list[str]]:
    """Export the games; nothing is written if any finding is an error (the out folder is as it was). With the
    findings, the games exported, each translation after its source (`pocket-bazaar-de-de`): each a folder."""
    from deckpress.build import prepare
    from deckpress.export.commit import commit
    from deckpress.export.targets import exported
    from deckpress.translation.games import labelled

    bleed = GROWN_BLEED_MM if request.grown else (request.bleed if request.bleed is not None else POD_BLEED_MM) \
        if request.target not in ("tts", "ttp") else TTS_BLEED_MM
    opts.out, opts.edition, opts.papers = request.out, request.edition, opts.papers[:1]
    opts.first_edition = request.edition is None  # the edition exported: what is laid out, and so checked
    # every back on a page of its own, and no fold or offset a game's content may ask for
    opts.printing = {"duplex": "long-edge", "fold": False, "offset_x": 0.0, "offset_y": 0.0, "bleed_mm": bleed}
    prepared = prepare(opts, game_dirs, every_page=False)
    made, left = ([], set()) if prepared.findings.errors else exported(prepared, request, bleed)
    files = labelled(made, prepared.games)
    if not prepared.findings.errors:  # a game left out (a shop's order of nothing) keeps its earlier export
        commit(request.out, files, prepared, request.target, request.edition, left)
    return prepared.findings, list(dict.fromkeys(o.entry.game for o in files if o.entry is not None))


def stale_said(press: Press) -> list[str]:
    """A line for each game whose exports the build took away (cut from older sources), in the game's words."""
    from deckpress.publish import phrases

    return [f"deckpress: {phrases(press.listings[g].language if g in press.listings else 'en')('export_stale', game=g)}"
            for g in press.stale]
