"""Source locations and the findings reported against them."""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

SHOWN_CARDS = 3  # a problem on many cards names this many of them, then says how many more
ECHOED = 40  # characters of a written value a finding repeats: enough to know it by, never a file's worth
# Characters that change what a terminal (or a reader) shows rather than showing themselves: C0 and C1 controls but
# tab and newline, DEL, the bidirectional overrides and isolates ("Trojan Source"), and the marks that turn the
# direction of what stands beside them (left-to-right, right-to-left, Arabic letter mark). No language the press
# prints runs right to left (it has no face for one): one that does will need the marks in its own texts.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def escaped(text: str) -> str:
    """`text` with every CONTROL character written as its escape (`\\x1b`, `\\u202e`): a source file's terminal
    escape is shown, never obeyed."""
    return CONTROL.sub(lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100 else f"\\u{ord(m[0]):04x}", text)


LINE_BREAKS = {ord("\t"): "\\x09", ord("\n"): "\\x0a"}  # the two a text may hold that CONTROL leaves


def one_line(text: str) -> str:
    """`text` escaped as `escaped` does, its tabs and line breaks too: a finding or usage error is one line, whatever
    value it repeats (a file's name written `"lo\\nts.yaml"`)."""
    return escaped(text).translate(LINE_BREAKS)


def echoed(value: object) -> str:
    """A value as a finding repeats it: text as it is, anything else as Python writes it; cut after ECHOED
    characters, with "…". The one place that decides it, so a 5,000-digit number or a pasted chapter is never
    printed whole."""
    text = value if isinstance(value, str) else _written(value)
    return text if len(text) <= ECHOED else text[:ECHOED] + "…"


def echoed_value(value: object) -> str:
    """A value as a finding repeats it, text quoted (`'tea'`), cut as `echoed` cuts it."""
    return repr(echoed(value)) if isinstance(value, str) else echoed(value)


def _written(value: object) -> str:
    if isinstance(value, int) and abs(value).bit_length() > 4 * ECHOED:  # more digits than are shown
        # Python refuses to write out a number of over 4,300 digits: only its first digits are worked out
        head = abs(value) // 10 ** (int(abs(value).bit_length() * math.log10(2)) - ECHOED)
        return "-" * (value < 0) + str(head)[:ECHOED] + "…"
    return repr(value)


CONTROLLED = "text holds a control character ({control}), which would print as nothing or change what a reader " \
             "shows; remove it"


class Cleaned(str):
    """A text with its control characters taken out, and as it was `written`: a file it names that is not there is
    said once, as written (deckpress.load.reading), not a second time as it reads without them."""

    written: str
    control: str


def control_character(text: str) -> str | None:
    """The first CONTROL character in `text`, as a finding says it (`U+001B`); None if there is none."""
    found = CONTROL.search(text)
    return None if found is None else f"U+{ord(found[0]):04X}"


class Loc(NamedTuple):
    """A place in a source file: 1-based line and column. A tuple: a big deck has a few hundred thousand."""

    file: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class CellLoc(Loc):
    """A spreadsheet's cell: its row is the line, its column the column, and findings there also name it as the
    spreadsheet does (`C7`), since that is what the designer's program shows."""

    __slots__ = ()

    @property
    def cell(self) -> str:
        return f"{column_letters(self.col)}{self.line}"


def source_lines(loc: Loc) -> list[str] | None:
    """The lines of the text file `loc` is in, read once for however many findings quote it (a mistake repeated
    on 6,000 cards); None for a spreadsheet's cell, whose file's lines are not its text, or a file unread."""
    if isinstance(loc, CellLoc):
        return None
    try:
        stat = os.stat(loc.file)
    except OSError:
        return None
    return _lines(loc.file, stat.st_mtime_ns, stat.st_size)  # a file saved again is read again


@lru_cache(maxsize=16)
def _lines(path: str, mtime: int, size: int) -> list[str] | None:
    try:
        return Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None


def column_letters(col: int) -> str:
    """A spreadsheet's name of the 1-based column `col`: 1 -> A, 26 -> Z, 27 -> AA."""
    letters = ""
    while col > 0:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True)
class Finding:
    """A problem at a place. `card` names the card it was met on when the same words could be said of other cards
    (a layout's template): such findings are printed once, listing their cards. `got` is what that card gave where
    each card gives its own (`count: "{{ card.name }}"`): said of the first card met, not a finding of its own."""

    loc: Loc
    message: str
    severity: str = "error"
    card: str | None = None
    got: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.loc, CellLoc) and not self.message.startswith(named := f"cell {self.loc.cell}: "):
            object.__setattr__(self, "message", named + self.message)  # frozen: set once, as it is made

    def __str__(self) -> str:
        about = f"card {self.card}, " if self.card is not None else ""
        got = f", got {self.got}" if self.got else ""
        return one_line(f"{self.loc}: {self.severity}: {about}{self.message}{got}")

    @property
    def problem(self) -> tuple[Loc, str, str]:
        """What findings printed as one share: the place and the words, whichever card they were met on."""
        return self.loc, self.message, self.severity


class Findings(list[Finding]):
    """An ordered, duplicate-free list of findings (the same overflow may be met on both papers). Adding is
    constant time: a set remembers what is already listed."""

    _set: set[Finding] = set()  # never changed: a list knowing nothing yet makes its own
    _known = 0  # how many of the list's findings `_set` holds

    def error(self, loc: Loc, message: str, card: str | None = None, got: str = "") -> None:
        self.add(Finding(loc, message, card=card, got=got))

    def add(self, finding: Finding) -> None:
        seen = self._seen()
        if finding not in seen:
            seen.add(finding)
            self.append(finding)
            self._known += 1

    def extend(self, findings: Iterable[Finding]) -> None:
        for finding in findings:
            self.add(finding)

    def rewrite(self, old: Finding, new: Finding) -> None:
        """`old`, a finding listed, said as `new` where it stands (a tally's, naming more cards as it meets them);
        `new` added where `old` is not listed. A list that passes its findings on (`Heard`, `Echoes`, `Heeded`)
        rewrites its parent's as well."""
        seen = self._seen()
        if old in seen and new not in seen:
            self[self.index(old)] = new
            seen.discard(old)
            seen.add(new)
            return
        self.retract(old)
        self.add(new)

    def retract(self, finding: Finding) -> None:
        """A finding listed taken back (a key said missing, where a key misspelt stands for it); from the parent
        as well, by a list that passes its findings on."""
        if finding in self._seen():
            self.remove(finding)
            self._known = 0  # cut: the set of what is listed is made again

    def _seen(self) -> set[Finding]:
        """The set of what is listed, brought up to date if the list was changed directly (appended, cut)."""
        seen, known = self._set, self._known
        if known > len(self) or not known:
            seen, known = set(), 0
        seen.update(self[known:])
        self._set, self._known = seen, len(self)
        return seen

    def __reduce__(self) -> tuple[type[Findings], tuple[list[Finding]]]:
        """Sent to and from worker processes as the list alone: the set is made again when next needed."""
        return Findings, (list(self),)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self if f.severity == "error"]

    def grouped(self) -> list[Grouped]:
        """The findings as printed: those that differ only in their card become one, in the order first met."""
        groups: dict[object, Grouped] = {}
        named: dict[object, set[str]] = {}  # each group's cards, to look up (a deck of 24,000 lists them all)
        for finding in self:
            key = finding.problem if finding.card is not None else finding
            group = groups.get(key)
            if group is None:
                groups[key] = Grouped(finding, [])
            if finding.card is not None and finding.card not in named.setdefault(key, set()):  # a card once
                named[key].add(finding.card)
                groups[key].cards.append(finding.card)
        return list(groups.values())


@dataclass(frozen=True)
class Grouped:
    """One printed finding: the first of its kind, and every card it was met on."""

    first: Finding
    cards: list[str]

    @property
    def severity(self) -> str:
        return self.first.severity

    def __str__(self) -> str:
        if len(self.cards) < 2:
            return str(self.first)
        first = self.first
        got = f", got {first.got} on card {first.card}" if first.got else ""
        return one_line(f"{first.loc}: {first.severity}: {first.message}{got} (cards {listed(self.cards)})")


def listed(names: list[str]) -> str:
    """'A and B', 'A, B, C and D', 'A, B, C and 153 more'."""
    if len(names) > SHOWN_CARDS + 1:
        return f"{', '.join(names[:SHOWN_CARDS])} and {len(names) - SHOWN_CARDS} more"
    return f"{', '.join(names[:-1])} and {names[-1]}"


class Rehearsal(Findings):
    """What a run that may stand for the real one finds (`Typesetter.rehearsing`): a finding its parent already
    lists is not listed again, so the run counts findings as it would adding them to the parent, and the parent
    can take them all, in order, if the run is kept."""

    def __init__(self, parent: Findings) -> None:
        super().__init__()
        self.parent = parent

    def add(self, finding: Finding) -> None:
        if finding not in self.parent._seen():
            super().add(finding)


class Heeded(Findings):
    """Findings passed on to `parent` as they are met, each counted (`met`) whether the parent lists it already or
    not: a result that met none may be kept and used again, as it would say nothing anywhere."""

    def __init__(self, parent: Findings) -> None:
        super().__init__()
        self.parent, self.met = parent, 0

    def add(self, finding: Finding) -> None:
        self.met += 1
        self.parent.add(finding)

    def rewrite(self, old: Finding, new: Finding) -> None:
        self.met += 1
        self.parent.rewrite(old, new)

    def retract(self, finding: Finding) -> None:
        self.parent.retract(finding)
