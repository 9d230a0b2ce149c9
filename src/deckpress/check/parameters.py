"""The parameters a plugin or a generator reads, typed: each declares what it needs, and a value that does not fit
is a finding where the parameter was written, said in the designer's terms, before the plugin runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckpress.findings import Findings, Loc
from deckpress.load.schema import describe


@dataclass(frozen=True)
class Whole:
    """A whole number from `low` to `high`."""

    low: int
    high: int

    def problem(self, value: Any) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high:
            return None
        return f"must be a whole number from {self.low} to {self.high}"


@dataclass(frozen=True)
class Names:
    """A list of `least` to `most` texts (stones, desks, die faces), each once."""

    least: int = 1
    most: int = 100

    def problem(self, value: Any) -> str | None:
        texts = isinstance(value, list) and all(isinstance(v, str) and v for v in value)
        if texts and len(set(value)) == len(value) and self.least <= len(value) <= self.most:
            return None
        return f"must be a list of {self.least} to {self.most} different names"


@dataclass(frozen=True)
class Numbers:
    """A list of `length` whole numbers, each from 0 to `high`."""

    length: int
    high: int = 1_000_000

    def problem(self, value: Any) -> str | None:
        if isinstance(value, list) and len(value) == self.length and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= self.high for v in value):
            return None
        return f"must be a list of {self.length} whole numbers from 0 to {self.high}"


@dataclass(frozen=True)
class Table:
    """A mapping of names to texts (a stone's letter, a letter's shape)."""

    def problem(self, value: Any) -> str | None:
        if isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
            return None
        return "must be a mapping of names to texts"


Kind = Whole | Names | Numbers | Table


def typed_parameters(params: dict[str, Any], locs: dict[str, Loc], where: Loc, needs: dict[str, Kind], who: str,
                    findings: Findings) -> dict[str, Any] | None:
    """The parameters `needs` names, each checked; None (with every finding) if one is missing or does not fit."""
    errors = len(findings.errors)
    for name, kind in needs.items():
        if name not in params:
            findings.error(where, f"{who} needs the parameter {name} (it {kind.problem(None)})")
        elif (problem := kind.problem(params[name])) is not None:
            findings.error(locs.get(name, where), f"{name} {problem} ({who} reads it), got {describe(params[name])}")
    return None if len(findings.errors) > errors else {name: params[name] for name in needs}
