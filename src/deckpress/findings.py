"""Source locations and the findings reported against them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple


class Loc(NamedTuple):
    """A place in a source file: 1-based line and column. A tuple: a big deck has a few hundred thousand."""

    file: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Finding:
    loc: Loc
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        return f"{self.loc}: {self.severity}: {self.message}"


class Findings(list[Finding]):
    """An ordered, duplicate-free list of findings (the same overflow may be met on both papers)."""

    def error(self, loc: Loc, message: str) -> None:
        self.add(Finding(loc, message))

    def add(self, finding: Finding) -> None:
        if finding not in self:
            self.append(finding)

    def extend(self, findings: Iterable[Finding]) -> None:
        for finding in findings:
            self.add(finding)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self if f.severity == "error"]
