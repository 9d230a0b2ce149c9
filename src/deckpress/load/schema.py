"""Typed reading of located YAML mappings.

`Fields` hands out one key at a time with its type checked; every key that was
never asked for is an unknown key. Problems become findings at the offending
value, and reading carries on so that one run reports everything.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

from deckpress.findings import Cleaned, Finding, Findings, echoed, echoed_value
from deckpress.hints.spelling import closest, did_you_mean
from deckpress.hints.yaml_traps import read_as_collection
from deckpress.load.sources import Node

_MISSING = object()


def describe(value: Any) -> str:
    """A value a finding says it got: text quoted, a mapping or list by its kind; long ones cut (findings.echoed)."""
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return echoed_value(value)


def as_text(node: Node, name: str, findings: Findings) -> str | None:
    if isinstance(node.value, str) and node.value.strip():
        return node.value
    if isinstance(node.value, Cleaned):  # control characters alone, said as such where they stand
        return None
    hint = read_as_collection(node.loc) if isinstance(node.value, (dict, list)) else None
    findings.error(node.loc, hint or f"{name} must be non-empty text, got {describe(node.value)}")
    return None


def as_int(node: Node, name: str, findings: Findings, lo: int | None = None, hi: int | None = None) -> int | None:
    value = node.value
    if not isinstance(value, int) or isinstance(value, bool):
        findings.error(node.loc, f"{name} must be a whole number, got {describe(value)}")
        return None
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        findings.error(node.loc, f"{name} must be {_range(lo, hi)}, got {echoed(value)}")
        return None
    return value


def as_number(node: Node, name: str, findings: Findings, lo: float | None = None,
              hi: float | None = None) -> float | None:
    value = node.value
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        findings.error(node.loc, f"{name} must be a number, got {describe(value)}")
        return None
    if not math.isfinite(value):  # .nan passes every comparison, .inf every upper-less range: neither is a size
        findings.error(node.loc, f"{name} must be a finite number, got {echoed(value)}")
        return None
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        findings.error(node.loc, f"{name} must be {_range(lo, hi)}, got {echoed(value)}")
        return None
    return float(value)


def as_list(node: Node, name: str, findings: Findings) -> list[Node] | None:
    if node.is_list:
        items: list[Node] = node.value
        return items
    findings.error(node.loc, f"{name} must be a list, got {describe(node.value)}")
    return None


def as_map(node: Node, name: str, findings: Findings) -> dict[str, Node] | None:
    if node.is_map:
        mapping: dict[str, Node] = node.value
        return mapping
    findings.error(node.loc, f"{name} must be a mapping, got {describe(node.value)}")
    return None


def _range(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo:g}-{hi:g}"
    return f"at least {lo:g}" if lo is not None else f"at most {hi:g}"


def _given(default: Any) -> Any:
    """A missing key's value: its default, or None when it was required (and reported)."""
    return None if default is _MISSING else default


TEMPLATE_MARKS = ("{{", "{%", "{#")  # where Jinja reads a template: in a text printed as written, a mistake


class Fields:
    """Reads the keys of one mapping; `done()` reports the keys nobody asked for."""

    def __init__(self, node: Node, what: str, findings: Findings) -> None:
        self.node = node
        self.what = what
        self.findings = findings
        self.ok = as_map(node, what, findings) is not None
        self.asked: list[str] = []
        self.missing: dict[str, Finding] = {}  # required keys not given, by name: a misspelt key may be one
        self.reported: set[str] = set()  # keys found wrong by their reader in its own words: not also unknown

    def get(self, key: str, required: bool = True) -> Node | None:
        self.asked.append(key)
        if not self.ok:
            return None
        child: Node | None = self.node.value.get(key)
        if child is None and required:
            self.missing[key] = Finding(self.node.loc, f"{self.what} is missing required key '{echoed(key)}'")
            self.findings.add(self.missing[key])
        return child

    def text(self, key: str, default: Any = _MISSING) -> Any:
        node = self.get(key, default is _MISSING)
        return _given(default) if node is None else as_text(node, key, self.findings)

    def words(self, key: str, default: Any = _MISSING) -> Any:
        """A text printed as written (a title, a name, a version): a template in it is a finding, as nothing fills
        it in, and every page would print its braces."""
        node = self.get(key, default is _MISSING)
        if node is None:
            return _given(default)
        text = as_text(node, key, self.findings)
        if text is not None and (mark := next((m for m in TEMPLATE_MARKS if m in text), None)) is not None:
            self.findings.error(node.loc, f"{key} is printed as written: its '{mark}' would print on every page; "
                                          "write the words themselves")
        return text

    def int(self, key: str, lo: int | None = None, hi: int | None = None, default: Any = _MISSING) -> Any:
        node = self.get(key, default is _MISSING)
        return _given(default) if node is None else as_int(node, key, self.findings, lo, hi)

    def number(self, key: str, lo: float | None = None, hi: float | None = None, default: Any = _MISSING) -> Any:
        node = self.get(key, default is _MISSING)
        return _given(default) if node is None else as_number(node, key, self.findings, lo, hi)

    def choice(self, key: str, options: tuple[str, ...], default: Any = _MISSING) -> Any:
        node = self.get(key, default is _MISSING)
        if node is None:
            return _given(default)
        if node.value in options:
            return node.value
        self.findings.error(node.loc, f"{key} must be one of {', '.join(options)}, got {describe(node.value)}"
                                      f"{did_you_mean(str(node.value), options)}")
        return None

    def list(self, key: str, required: bool = True) -> builtins.list[Node]:
        node = self.get(key, required)
        return [] if node is None else (as_list(node, key, self.findings) or [])

    def map(self, key: str, required: bool = True) -> dict[str, Node]:
        node = self.get(key, required)
        return {} if node is None else (as_map(node, key, self.findings) or {})

    def entries(self, key: str, required: bool = True) -> builtins.list[tuple[str, Node, Node]]:
        """(name, key node, value node) for each entry of a mapping, so a finding can point at the name."""
        node = self.get(key, required)
        if node is None or as_map(node, key, self.findings) is None:
            return []
        return [(k, Node(k, node.key_locs[k]), v) for k, v in node.value.items()]

    def numbers(self, key: str, count: builtins.int, lo: float = 0, default: Any = _MISSING,
                hi: float | None = None) -> Any:
        """A fixed-length list of numbers such as a size [w, h] or a box [x, y, w, h]."""
        node = self.get(key, default is _MISSING)
        if node is None:
            return _given(default)
        items = as_list(node, key, self.findings)
        if items is None:
            return None
        if len(items) != count:
            self.findings.error(node.loc, f"{key} must list {count} numbers, got {len(items)}")
            return None
        values = [as_number(item, key, self.findings, lo=lo, hi=hi) for item in items]
        return None if None in values else tuple(values)

    def done(self) -> None:
        if not self.ok:
            return
        for key, loc in self.node.key_locs.items():
            if key not in self.asked and key not in self.reported:
                expected = f"expected: {', '.join(self.asked)}" if self.asked else "it takes no keys"
                self.findings.error(loc, f"unknown key '{echoed(key)}' in {self.what} ({expected})"
                                         f"{did_you_mean(key, self.asked)}")
                self._meant(key)

    def _meant(self, key: str) -> None:
        """A key misspelt is one finding: the required key it most likely means is not also said missing."""
        meant = next(iter(closest(key, self.asked)), None)
        missing = self.missing.pop(meant, None) if meant is not None else None
        if missing is not None:
            self.findings.retract(missing)
