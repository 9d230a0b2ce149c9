"""The house rules of the code itself: small modules, small classes, small functions."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "deckpress"
MODULE_LINES, CLASS_LINES, FUNCTION_LINES = 300, 150, 40
# The route solver is one search; splitting it would scatter one argument over files.
EXEMPT_MODULES = {"plugins/open_secret_exchange/routes.py"}


def _modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def _span(node: ast.AST) -> int:
    return node.end_lineno - node.lineno + 1  # type: ignore[attr-defined, operator]


def test_no_module_over_300_lines() -> None:
    long = {p.relative_to(SRC).as_posix(): n for p in _modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MODULE_LINES}
    assert {k: v for k, v in long.items() if k not in EXEMPT_MODULES} == {}


def test_no_class_over_150_lines() -> None:
    long = [f"{p.relative_to(SRC)}:{node.lineno} {node.name} ({_span(node)} lines)"
            for p in _modules() if p.relative_to(SRC).as_posix() not in EXEMPT_MODULES
            for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
            if isinstance(node, ast.ClassDef) and _span(node) > CLASS_LINES]
    assert long == []


def test_no_long_function_without_a_reason() -> None:
    """A function over 40 lines says why in a comment `# long: ...` among its first lines."""
    long = []
    for path in _modules():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _span(node) > FUNCTION_LINES:
                head = lines[node.lineno - 1:node.lineno + 8]
                if not any("# long:" in line for line in head):
                    long.append(f"{path.relative_to(SRC)}:{node.lineno} {node.name} ({_span(node)} lines)")
    assert long == []


def _imports(path: Path) -> set[str]:
    """The project's modules (and names in them) that a module imports, type-checking imports included."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("deckpress"):
            found |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
    return found


def test_no_two_modules_import_each_other() -> None:
    """An import circle, even one for types only, ties two modules into one: neither can be read or moved alone.
    (A package and the modules it gathers in its `__init__` are one thing.)"""
    names = {p: "deckpress." + ".".join(p.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
             for p in _modules()}
    imports = {names[p]: _imports(p) for p in _modules()}
    circles = sorted({tuple(sorted((a, b))) for a, deps in imports.items() for b in deps
                      if b in imports and a in imports[b] and a != b
                      and not (a.startswith(b + ".") or b.startswith(a + "."))})
    assert circles == []
