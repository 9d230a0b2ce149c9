"""The publish stage's page templates keep their compiled code beside them, as Python keeps a module's: taken only
where it was compiled from the same text, by the same Jinja and Python, with the same settings."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader

from deckpress.publish.page_templates import MAX_COMPILED, Compiled

PAGE = "{% for lot in lots %}\n  <li>{{ lot }}</li>\n{% endfor %}\n"


def rendered(folder: Path, **settings: bool) -> str:
    """page.j2 in `folder`, its code kept in `folder`/compiled, as a page template is set up."""
    env = Environment(loader=FileSystemLoader(folder), autoescape=True, bytecode_cache=Compiled(folder / "compiled"),
                      **{"trim_blocks": True, "lstrip_blocks": True, **settings})
    return env.get_template("page.j2").render(lots=["Lantern", "<Teacup>"])


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (tmp_path / "page.j2").write_text(PAGE, encoding="utf-8")
    return tmp_path


def compiling(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The templates compiled from here on, by name."""
    names: list[str] = []
    compile_ = Environment.compile

    def counted(self: Environment, source: str, name: str | None = None, *args: object, **kw: object) -> object:
        names.append(str(name))
        return compile_(self, source, name, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Environment, "compile", counted)
    return names


def test_a_page_compiled_once_is_taken_from_its_file_after(folder, monkeypatch):
    first = rendered(folder)
    assert first == "  <li>Lantern</li>\n  <li>&lt;Teacup&gt;</li>\n"
    assert len(list((folder / "compiled").glob("page.j2.*.jinja"))) == 1
    compiled = compiling(monkeypatch)
    assert rendered(folder) == first and compiled == []


def test_a_page_changed_or_set_up_otherwise_is_compiled_anew(folder, monkeypatch):
    rendered(folder)
    compiled = compiling(monkeypatch)
    (folder / "page.j2").write_text(PAGE.replace("<li>", "<li class=lot>"), encoding="utf-8")
    assert rendered(folder).startswith("  <li class=lot>Lantern")
    assert rendered(folder).startswith("  <li class=lot>Lantern")
    assert compiled == ["page.j2"]  # once: the second took what the first wrote
    assert rendered(folder, trim_blocks=False).startswith("\n  <li class=lot>")  # the settings shape the code
    assert compiled == ["page.j2", "page.j2"]


def test_a_fifo_where_the_code_is_kept_is_passed_by(folder, monkeypatch):
    first = rendered(folder)
    (kept,) = (folder / "compiled").glob("page.j2.*.jinja")
    kept.unlink()
    os.mkfifo(kept)  # read as a file, it would wait for ever for a writer
    compiled = compiling(monkeypatch)
    assert rendered(folder) == first and compiled == ["page.j2"]
    assert kept.is_file()  # written again in its place


@pytest.mark.parametrize("spoilt", ["garbage", "cut short", "another head", "too long"])
def test_a_spoilt_file_is_compiled_anew_and_written_again(folder, monkeypatch, spoilt):
    first = rendered(folder)
    (kept,) = (folder / "compiled").glob("page.j2.*.jinja")
    data = kept.read_bytes()
    kept.write_bytes({"garbage": b"\x00\xff" * 50, "cut short": data[:-20],
                      "another head": data.replace(b"deckpress page template", b"someone's page template"),
                      "too long": data + b"\x00" * MAX_COMPILED}[spoilt])
    compiled = compiling(monkeypatch)
    assert rendered(folder) == first and compiled == ["page.j2"]
    assert kept.read_bytes() == data  # written again, whole


def test_nothing_is_written_where_python_writes_no_byte_code_or_may_not_write(folder, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert rendered(folder) and not (folder / "compiled").exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (folder / "compiled").write_text("a file where the folder would be", encoding="utf-8")
    assert rendered(folder) == rendered(folder)  # compiled each time, no error
    assert list(folder.glob("compiled*")) == [folder / "compiled"]

