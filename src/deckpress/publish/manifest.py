"""The manifest: one entry per output (a component's PDF, a kit, a text edition page), and manifest.json.

One type for the build, the kits, the catalogue and the incremental state. manifest.json keeps the key order and
values it has always had, so hosts' scripts and diffs of it keep working; an earlier one is read back as untrusted
data: an entry that does not fit is skipped.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields
from pathlib import Path, PurePosixPath
from typing import Any

from deckpress.model import AUDIENCES, HOST, PUBLIC
from deckpress.paths import read_bounded, relative

MANIFEST = "manifest.json"
MAX_COUNT = 1_000_000  # pages, sheets or pieces of one file: a game prints at most 60,000 cards (MAX_GAME_PRINTED)
MAX_STATE_BYTES = 64 << 20  # a manifest of 100,000 files is 40 MB: a larger state file is not the press's
TEXT_EDITION = "accessible"  # the edition the text editions are listed under
EXPORTS = ("tts", "ttp", "png", "print-shop")  # the components `deckpress export` lists its files under
TREE = ("The press's full tree, with the host's material: never upload it. public/ is the public catalogue to "
        "upload; host/<game>/ is each game's bundle for the host.")
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Entry:
    """What the manifest says of one output besides its checksum; `sha256` is set once the file is made."""

    path: str  # relative to the out folder, with forward slashes
    game: str
    game_title: str | None  # None only in manifests from before titles were listed
    component: str
    title: str
    edition: str
    paper: str | None  # None for the text editions
    pages: int | None
    cards: int | None = None  # card components only
    audience: str = PUBLIC  # who may see it: public | private (a player's own) | host (the host's alone)
    duplex: str | None = None  # the print options, for card components, calibration pages and kits
    offset_x_mm: float | None = None
    offset_y_mm: float | None = None
    fold: bool = False
    bleed_mm: float | None = None
    sha256: str = ""
    source: str | None = None  # an export's: the version of its game's sources it was cut from (the slug's)
    per_sheet: int | None = None  # card components: the pieces a sheet holds, the sheets they take, and the
    sheets: int | None = None  # length of cut round them all, mm (an edge two pieces share counted once)
    cut_length_mm: float | None = None
    language: str | None = None  # a game in several languages: the one this file is in (a BCP 47 tag)
    vendor: str | None = None  # an export for a print shop (`--for`): the shop's preset, and the product its file
    product: str | None = None  # is made at (`poker`; `825 x 1125 px` for `--px`); None: a file of the whole order
    copies: int | None = None  # sheet components: the copies (one a player's, or a team's) its pages hold

    @property
    def secret(self) -> bool:
        """Kept from the table: its catalogue picture is its cover, the public text edition does not link it."""
        return self.audience != PUBLIC

    @property
    def is_pdf(self) -> bool:
        return self.edition != TEXT_EDITION and not self.is_export

    @property
    def is_export(self) -> bool:
        """A file of an export (Tabletop Simulator, print on demand): listed as a text edition's page is."""
        return self.component in EXPORTS and self.paper is None

    def as_json(self) -> dict[str, Any]:
        """The entry as manifest.json has it: a PDF's optional keys only when set; a text edition's paper, pages
        and audience always, and its game title after them (an export's source then); every entry's audience where
        `private` once was."""
        if not self.is_pdf:
            return {"path": self.path, "game": self.game, "component": self.component, "title": self.title,
                    "edition": self.edition, "paper": self.paper, "pages": self.pages, "audience": self.audience,
                    **_given(game_title=self.game_title, source=self.source, language=self.language,
                             vendor=self.vendor, product=self.product),
                    "sha256": self.sha256}
        options = _given(duplex=self.duplex, offset_x_mm=self.offset_x_mm, offset_y_mm=self.offset_y_mm,
                         fold=self.fold or None, bleed_mm=self.bleed_mm)
        return {"path": self.path, "game": self.game, **_given(game_title=self.game_title),
                "component": self.component, "title": self.title, "edition": self.edition, "paper": self.paper,
                "pages": self.pages, **_given(cards=self.cards, copies=self.copies, per_sheet=self.per_sheet,
                                                sheets=self.sheets, cut_length_mm=self.cut_length_mm),
                "audience": self.audience, **options,
                **_given(language=self.language),
                "sha256": self.sha256}

    @classmethod
    def read(cls, data: object) -> Entry | None:
        """An entry of an earlier manifest, or None when it does not fit (a key unknown or of the wrong type, a
        number past the press's bounds)."""
        if not isinstance(data, dict) or not data.keys() <= _TYPES.keys():
            return None
        if any(not _fits(data.get(key), types) for key, types in _TYPES.items()):
            return None
        if not _as_written(data["path"]) or not _SHA256.fullmatch(data["sha256"]):  # both name files read or written
            return None
        if data.get("audience", PUBLIC) not in AUDIENCES:
            return None
        if any(data.get(key) is not None and not low <= data[key] <= high for key, (low, high) in _BOUNDS.items()):
            return None  # a number not finite (NaN fails too) or past what the press writes: a lie, not a count
        values: dict[str, Any] = {f.name: data.get(f.name) for f in fields(cls)}
        audience = values["audience"] or (HOST if data.get("private") else PUBLIC)  # a manifest of before audiences
        return cls(**{**values, "audience": audience, "fold": bool(values["fold"])})


def _as_written(path: str) -> bool:
    """A path as the press writes one: below the out folder and in its one spelling (`./g/x.pdf` or `g//x.pdf` names
    a file the manifest lists already, and would be listed, checked and published twice)."""
    return relative(path) and str(PurePosixPath(path)) == path


def _given(**values: object) -> dict[str, object]:
    return {k: v for k, v in values.items() if v is not None}


def _fits(value: object, types: tuple[type, ...]) -> bool:
    if isinstance(value, bool):  # a bool is an int to Python, never to the manifest
        return bool in types
    return isinstance(value, types)


# What each key may hold in an earlier manifest; None where a key may be left out.
_NONE = type(None)
_TYPES: dict[str, tuple[type, ...]] = {
    **{f.name: (str, _NONE) for f in fields(Entry)},
    "path": (str,), "game": (str,), "component": (str,), "title": (str,), "edition": (str,), "sha256": (str,),
    "pages": (int, _NONE), "cards": (int, _NONE), "copies": (int, _NONE), "per_sheet": (int, _NONE),
    "sheets": (int, _NONE),
    "cut_length_mm": (int, float, _NONE), "fold": (bool, _NONE), "private": (bool, _NONE),
    "offset_x_mm": (int, float, _NONE), "offset_y_mm": (int, float, _NONE), "bleed_mm": (int, float, _NONE),
}

# The bounds of each number an entry may hold: the press writes none past them (offsets take -20 to 20 mm and a
# bleed 0 to 10, on the command line and in game.yaml); a lie past them would be printed into the catalogue or
# overflow the plan's sums.
_BOUNDS: dict[str, tuple[float, float]] = {
    **dict.fromkeys(("pages", "cards", "copies", "per_sheet", "sheets"), (0, MAX_COUNT)),
    "cut_length_mm": (0, MAX_COUNT * 100_000.0),  # 100 m of cut a sheet: far past a sheet of the smallest tokens
    "offset_x_mm": (-20, 20), "offset_y_mm": (-20, 20), "bleed_mm": (0, 10),
}


def manifest_json(entries: list[Entry], publication: str = TREE) -> bytes:
    """manifest.json: which publication it describes (the full tree, the public catalogue, a host's bundle), then
    its outputs."""
    data = {"publication": publication, "outputs": [e.as_json() for e in entries]}
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()


def read_manifest(out_dir: Path) -> list[Entry]:
    """The entries of the manifest in `out_dir` that fit; none if there is none or it is not one."""
    listed = listed_outputs(out_dir)
    return [e for item in listed if (e := Entry.read(item)) is not None] if isinstance(listed, list) else []


def listed_outputs(out_dir: Path) -> object:
    """The manifest's list of outputs as written (not yet read entry by entry); None if there is no manifest that
    can be read (none, too large, not JSON, not of the manifest's shape)."""
    data = read_json(out_dir / MANIFEST)
    return data.get("outputs") if isinstance(data, dict) else None


def read_json(path: Path) -> object:
    """A state file of the press, as untrusted input: None if it is missing, not a regular file (a FIFO in its
    place would block the read forever), larger than any the press writes, or not JSON."""
    try:
        data = read_bounded(path, MAX_STATE_BYTES)
        return None if data is None else json.loads(data.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
