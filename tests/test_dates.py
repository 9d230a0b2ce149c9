"""PDF dates from the game's `date:` (SOURCE_DATE_EPOCH overrides), kits too; and the version in the slug: the
game's declared edition and a short hash of its sources, the same for the same sources."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import CONTENT, LAYOUTS, kept_current
from pypdf import PdfReader

from deckpress.cli import main


def _copy(tmp_path: Path, game: str = "pocket-bazaar") -> Path:
    content = tmp_path / "content"
    shutil.copytree(CONTENT / game, content / game)
    return content


def _build(content: Path, out: Path) -> int:
    return main(["build", "--content", str(content), "--layouts", str(LAYOUTS), "--out", str(out), "--jobs", "1",
                 "--paper", "a4", "--edition", "standard"])


def _set(content: Path, key: str, value: str, game: str = "pocket-bazaar") -> None:
    path = content / game / "game.yaml"
    was = re.search(rf"(?m)^{key}: *(.*?)(?: +#.*)?$", path.read_text(encoding="utf-8"))
    if was is not None and was[1]:
        kept_current(path.parent / "translations", was[1], value)  # a translated game's translation stays current
    text = re.sub(rf"(?m)^{key}:.*\n", "", path.read_text(encoding="utf-8"))
    language = re.search(r"(?m)^languages?:.*\n", text)  # a game in one language or in several
    assert language is not None
    path.write_text(text.replace(language[0], f"{language[0]}{key}: {value}\n", 1), encoding="utf-8")


def _dates(pdf: Path) -> tuple[str, str]:
    info = PdfReader(pdf).metadata
    assert info is not None
    return str(info["/CreationDate"]), str(info["/ModDate"])


def test_every_pdf_is_dated_from_the_games_date_and_rebuilds_the_same(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    content = _copy(tmp_path)
    _set(content, "date", "2026-03-14")
    assert _build(content, tmp_path / "a") == 0
    pdfs = sorted((tmp_path / "a").rglob("*.pdf"))
    assert any("-kit-" in p.name for p in pdfs)
    for pdf in pdfs:
        assert _dates(pdf) == ("D:20260314000000+00'00'",) * 2, pdf.name
    assert _build(content, tmp_path / "b") == 0
    for pdf in pdfs:
        assert pdf.read_bytes() == (tmp_path / "b" / pdf.relative_to(tmp_path / "a")).read_bytes()


def test_source_date_epoch_overrides_the_declared_date(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content = _copy(tmp_path)
    _set(content, "date", "2026-03-14")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14 22:13:20 UTC
    assert _build(content, tmp_path / "out") == 0
    for pdf in (tmp_path / "out").rglob("*.pdf"):
        assert _dates(pdf) == ("D:20231114221320+00'00'",) * 2, pdf.name


@pytest.mark.parametrize("epoch", ["abc", "-1", "17.5", "253402300800", "1e9", "\x1b[31m", " 12", "12\n", "\t12",
                                   "+12", "1_000", "\uff11\uff12"])
@pytest.mark.parametrize("command", ["build", "check", "export"])
def test_a_source_date_epoch_that_is_no_date_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch, epoch: str,
                                                                    command: str) -> None:
    """ReportLab reads the variable too, and ended a build in a traceback over `abc`; the press refuses it first,
    as the variable's specification asks (ASCII digits alone: ` 12` and `12\\n` too), and writes nothing."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    args = {"build": ["--out", str(tmp_path / "out")], "check": [],
            "export": ["--to", "tts", "--out", str(tmp_path / "out")]}[command]
    with pytest.raises(SystemExit) as leaving:
        main([command, "--content", str(CONTENT), *args])
    assert leaving.value.code == 2
    err = capsys.readouterr().err
    shown = epoch.replace("\x1b", "\\x1b").replace("\n", "\\x0a").replace("\t", "\\x09")
    assert err == ("deckpress: error: SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 (UTC), "
                   f"at most 253402300799, got '{shown}'\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("written", "said"), [("2026-02-30", "date must be a real day written YYYY-MM-DD"),
                                               ("2026-13-01", "date must be a real day written YYYY-MM-DD"),
                                               ('"March 2026"', "date must be a real day written YYYY-MM-DD")])
def test_a_date_that_is_no_day_is_a_located_finding(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    written: str, said: str) -> None:
    content = _copy(tmp_path)
    _set(content, "date", written)
    assert main(["check", "--content", str(content), "--layouts", str(LAYOUTS)]) != 0
    err = capsys.readouterr().err
    assert re.search(r"pocket-bazaar/game.yaml:6:7: error: " + re.escape(said), err), err


def test_a_date_that_is_no_day_hides_no_other_finding_of_the_file(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """YAML reads 2026-02-30 as a date it cannot make: said as the date's own finding, not as the file's only one."""
    content = _copy(tmp_path)
    for key, value in (("date", "2026-02-30"), ("players", "[6, 2]"), ("playing_time", "700")):
        _set(content, key, value)
    assert main(["check", "--content", str(content), "--layouts", str(LAYOUTS)]) == 1
    said = [line.split(": error: ") for line in capsys.readouterr().err.splitlines() if ": error: " in line]
    assert sorted((where.removeprefix(f"{content}/"), what.split(",")[0]) for where, what in said) == [
        ("pocket-bazaar/game.yaml:6:15", "playing_time must be a whole number 1-600"),
        ("pocket-bazaar/game.yaml:7:10", "players must be a whole number 1-99"),
        ("pocket-bazaar/game.yaml:8:7", "date must be a real day written YYYY-MM-DD")]


def _version(out: Path) -> str:
    pdf = pdfium.PdfDocument(out / "pocket-bazaar/standard/pocket-bazaar-rules-a4.pdf")
    words = " ".join(pdf[0].get_textpage().get_text_range().split())
    found = re.search(r"page 1 of \d+ · (.*?) · ([0-9a-f]{7})\b", words)
    assert found, words[-200:]
    return f"{found[1]} · {found[2]}"


def test_the_version_names_the_declared_edition_and_tells_sources_apart(tmp_path: Path) -> None:
    content = _copy(tmp_path)
    _set(content, "version", "Second printing, 2027")
    assert _build(content, tmp_path / "one") == 0
    assert _build(content, tmp_path / "two") == 0
    first = _version(tmp_path / "one")
    assert first.startswith("Second printing, 2027 · ") and first == _version(tmp_path / "two")
    cards = content / "pocket-bazaar" / "lots.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "\n# a change\n", encoding="utf-8")
    assert _build(content, tmp_path / "three") == 0
    assert _version(tmp_path / "three") != first


def test_the_version_is_the_same_however_the_layout_folder_is_named(tmp_path: Path, monkeypatch) -> None:
    """`--layouts` naming layouts/ from the folder that holds it names it twice (it is searched there unless told):
    the same sources, so the same hash, as from a folder without one, or with an empty one (which a build's
    fingerprint does not tell from none: the slug must not either, or a build kept as current would print
    another version than a clean one)."""
    content = _copy(tmp_path)
    monkeypatch.chdir(LAYOUTS.parent)
    assert _build(content, tmp_path / "twice") == 0
    monkeypatch.chdir(tmp_path)
    assert _build(content, tmp_path / "once") == 0
    (tmp_path / "layouts" / "cards").mkdir(parents=True)
    assert _build(content, tmp_path / "empty") == 0
    assert _version(tmp_path / "twice") == _version(tmp_path / "once") == _version(tmp_path / "empty")
