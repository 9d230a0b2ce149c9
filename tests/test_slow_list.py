"""tests/slow.txt names tests by module and function: a renamed or removed test must leave it too, or the new name
would silently return to `make test-quick`."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from conftest import SLOW

ROOT = Path(__file__).resolve().parent.parent


@cache
def _tests_in(module: str) -> frozenset[str]:
    path = ROOT / module
    if not path.is_file():
        return frozenset()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return frozenset(n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))


def test_every_test_listed_slow_is_still_a_test_of_that_name():
    stale = sorted(line for line in SLOW if line.partition("::")[2] not in _tests_in(line.partition("::")[0]))
    assert stale == [], "tests/slow.txt lists tests that no longer exist (renamed? list the new name): " + ", ".join(
        stale)
