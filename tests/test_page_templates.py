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


def rendered(folder: Path, page: str = "page.j2", **settings: object) -> str:
    """`page` in `folder`, its code kept in `folder`/compiled, as a page template is set up."""
    env = Environment(loader=FileSystemLoader(folder), autoescape=True, bytecode_cache=Compiled(folder / "compiled"),
                      **{"trim_blocks": True, "lstrip_blocks": True, **settings})  # type: ignore[arg-type]
    return env.get_template(page).render(lots=["Lantern", "<Teacup>"])


def shout(value: object) -> object:
    return value.upper() if isinstance(value, str) else value


def whisper(value: object) -> object:
    return value.lower() if isinstance(value, str) else value


def told(word: str) -> object:
    return lambda value: word  # a finalize made as the program runs: two of them share a name


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



def test_what_a_page_calls_as_it_compiles_keeps_its_code_apart(folder, monkeypatch):
    """Jinja applies finalize to a constant as it compiles: each finalize its own code, a nameless one none."""
    (folder / "sign.j2").write_text('{{ "Lantern" }}', encoding="utf-8")
    signs = ["Lantern", "LANTERN", "lantern"]
    assert [rendered(folder, "sign.j2", finalize=f) for f in (None, shout, whisper)] == signs
    compiled = compiling(monkeypatch)
    assert [rendered(folder, "sign.j2", finalize=f) for f in (None, shout, whisper)] == signs
    assert compiled == []  # each taken from its own file
    assert [rendered(folder, "sign.j2", finalize=told(w)) for w in ("lots", "wares")] == ["lots", "wares"]
    assert compiled == ["sign.j2", "sign.j2"]  # never kept: another process could not tell the two apart
    assert len(list((folder / "compiled").glob("sign.j2.*"))) == 3


def test_code_another_jinja_or_python_compiled_is_compiled_anew(folder, monkeypatch):
    first = rendered(folder)
    (kept,) = (folder / "compiled").glob("page.j2.*.jinja")
    data = kept.read_bytes()
    head = data.split(b"\n")
    for line in (1, 2):  # Jinja's version, Python's
        kept.write_bytes(b"\n".join([*head[:line], head[line] + b"0", *head[line + 1:]]))
        compiled = compiling(monkeypatch)
        assert rendered(folder) == first and compiled == ["page.j2"]
        assert kept.read_bytes() == data


def test_the_press_s_own_pages_are_set_up_so_their_code_is_kept():
    """A filter that is a lambda (or a closure) could be another process's under the same name, so a page set up
    with one is compiled anew by every build (the catalogue: 70 ms, each time): the press's own are named."""
    from deckpress.publish.page_templates import TEMPLATES, _settings, page_template

    for name in sorted(p.name for p in TEMPLATES.glob("*.j2")):
        assert _settings(page_template(name).environment) is not None, name
