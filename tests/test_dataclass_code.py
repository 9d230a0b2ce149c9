"""The press's dataclasses' methods from a table of compiled code (deckpress.dataclass_code): the same code as
`dataclasses` compiles, a class changed since the table was written compiled anew, a damaged or foreign table
ignored, and the table written only by the process that read it, with what it compiled."""

from __future__ import annotations

import dataclasses
import marshal
import os
import sys
import types
from collections.abc import Iterator
from importlib.util import MAGIC_NUMBER
from pathlib import Path

import pytest

from deckpress import dataclass_code


@pytest.fixture
def module(monkeypatch) -> Iterator[types.ModuleType]:
    """A module of the press's own, to make classes in (what they compile is not kept in the table)."""
    made = types.ModuleType("deckpress.made_in_a_test")
    sys.modules[made.__name__] = made
    monkeypatch.setattr(dataclass_code, "_new", {})
    yield made
    del sys.modules[made.__name__]


def _lot(module: types.ModuleType, source: str) -> type:
    """The class Lot of `source`, made in `module` (its annotations types, not this module's strings)."""
    code = compile(f"from dataclasses import dataclass\n{source}", module.__name__, "exec", dont_inherit=True)
    exec(code, module.__dict__)
    return module.__dict__["Lot"]


def test_every_method_in_the_table_is_the_code_its_text_compiles_to():
    import deckpress.layout.ops  # noqa: F401  (16 frozen classes: 6 methods each written as text)

    assert dataclasses.exec is dataclass_code.compiled  # type: ignore[attr-defined]
    table = {**dataclass_code._known, **dataclass_code._new}
    assert len(table) >= 96
    assert all(compile(text, "<string>", "exec", dont_inherit=True) == code for text, code in table.items())


def test_a_class_made_from_the_table_behaves_as_one_compiled_anew(module, monkeypatch):
    source = "@dataclass(frozen=True)\nclass Lot:\n    label: str\n    price: int = 3\n"
    compiled = _lot(module, source)
    assert any("__create_fn__" in text and "price" in text for text in dataclass_code._new)
    monkeypatch.setattr(dataclass_code, "_known", {**dataclass_code._known, **dataclass_code._new})
    monkeypatch.setattr(dataclass_code, "_new", {})
    from_table = _lot(module, source)
    assert dataclass_code._new == {}  # nothing compiled: every method came from the table
    one, other = compiled("A"), from_table("A")
    assert (repr(one), hash(one), one.price) == (repr(other), hash(other), other.price) == ("Lot(label='A', price=3)",
                                                                                          hash(("A", 3)), 3)
    assert from_table("A") == from_table("A", 3) != from_table("B")
    assert from_table.__init__.__annotations__ == compiled.__init__.__annotations__ == {  # type: ignore[misc]
        "label": str, "price": int, "return": None}  # as `exec` compiles them: no postponed annotations
    with pytest.raises(dataclasses.FrozenInstanceError):
        other.price = 4  # type: ignore[misc]


def test_a_class_changed_since_the_table_was_written_is_compiled_anew(module, monkeypatch):
    _lot(module, "@dataclass\nclass Lot:\n    label: str\n")
    monkeypatch.setattr(dataclass_code, "_known", {**dataclass_code._known, **dataclass_code._new})
    monkeypatch.setattr(dataclass_code, "_new", {})
    changed = _lot(module, "@dataclass\nclass Lot:\n    label: str\n    reserve: int = 0\n")
    assert changed("A", reserve=2).reserve == 2
    assert any("reserve" in text for text in dataclass_code._new)


def test_another_packages_class_is_compiled_as_exec_compiles_it():
    @dataclasses.dataclass
    class Bid:
        amount: int

    assert Bid(2) == Bid(2)
    assert Bid.__init__.__annotations__ == {"amount": "int", "return": None}  # this module's annotation, as written
    assert not any("amount" in text for text in {**dataclass_code._known, **dataclass_code._new})


HEAD = dataclass_code.HEAD
OTHER_PYTHON = HEAD.replace(sys.version.encode(), b"3.11.0 (main)").replace(MAGIC_NUMBER, b"\x00\x00\r\n")


@pytest.mark.parametrize("data", [b"", b"\x00\x01", HEAD + b"\xff\xfe", HEAD + marshal.dumps([1]), HEAD[:-4],
                                  OTHER_PYTHON + marshal.dumps({"def f(): pass": compile("1", "<string>", "exec")}),
                                  HEAD + marshal.dumps({"text": "not code", 3: compile("1", "s", "exec")})])
def test_a_damaged_or_foreign_table_is_ignored(tmp_path, data):
    (tmp_path / "table").write_bytes(data)
    assert dataclass_code.read(tmp_path / "table") == {}
    assert dataclass_code.read(tmp_path / "none") == {}


def test_a_fifo_in_the_tables_place_is_not_waited_for(tmp_path):
    os.mkfifo(tmp_path / "table")
    assert dataclass_code.read(tmp_path / "table") == {}


def test_the_table_is_written_with_what_was_compiled_and_reads_back(tmp_path, monkeypatch):
    code = compile("x = 1", "<string>", "exec")
    monkeypatch.setattr(dataclass_code, "_known", {"a": code})
    monkeypatch.setattr(dataclass_code, "_new", {"b": code})
    monkeypatch.setattr(dataclass_code, "_owner", [os.getpid()])
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    table = tmp_path / "__pycache__" / "table"
    dataclass_code.write(table)
    assert dataclass_code.read(table) == {"a": code, "b": code}
    assert dataclass_code._new == {} and [p.name for p in table.parent.iterdir()] == ["table"]


@pytest.mark.parametrize("why", ["no bytecode", "a forked worker", "nothing new"])
def test_the_table_is_not_written_when_python_is_told_not_to_by_a_worker_or_with_nothing_new(tmp_path, monkeypatch,
                                                                                             why):
    code = compile("x = 1", "<string>", "exec")
    monkeypatch.setattr(dataclass_code, "_new", {} if why == "nothing new" else {"b": code})
    monkeypatch.setattr(dataclass_code, "_owner", [os.getpid() + (why == "a forked worker")])
    monkeypatch.setattr(sys, "dont_write_bytecode", why == "no bytecode")
    dataclass_code.write(tmp_path / "table")
    assert not (tmp_path / "table").exists()


def test_a_table_that_cannot_be_written_leaves_nothing_behind(tmp_path, monkeypatch):
    monkeypatch.setattr(dataclass_code, "_new", {"b": compile("x = 1", "<string>", "exec")})
    monkeypatch.setattr(dataclass_code, "_owner", [os.getpid()])
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (tmp_path / "table").mkdir()  # a folder where the table would go: replacing it fails
    dataclass_code.write(tmp_path / "table")
    assert [p.name for p in tmp_path.iterdir()] == ["table"] and "b" in dataclass_code._new


def test_the_table_lives_beside_the_press_s_compiled_modules():
    assert dataclass_code.TABLE.parent == Path(dataclass_code.__file__).parent / "__pycache__"
    assert sys.implementation.cache_tag in dataclass_code.TABLE.name
