"""The braille translator is a process the press does not trust: one that hangs, floods its output, writes what
is not text, fails, is killed or cannot find its table gives a reason to skip the braille files, never a
traceback, and leaves no process of its own behind."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

# tactile imported here, not after braille.translator is patched: it would take the fake as its own translator,
# and keep it once the patch is undone (its import binds braille's function by name)
from deckpress.publish import braille, louis, tactile
from deckpress.publish.louis import BrailleUnavailable, run_translator

FAKES = {
    "hangs": "sleep {marker} & sleep {marker}",
    "floods": "yes braille",
    "fails": "printf '\\033]0;title\\007bad table\\n' >&2; exit 1",
    "is killed": "kill -9 $$",
    "writes bytes": "printf '\\377\\376\\n'",
    "says nothing": "cat > /dev/null",
    "complains": "cat; echo 'error: invalid escape' >&2",
}


def fake(tmp_path: Path, name: str) -> str:
    script = tmp_path / "lou_translate"
    script.write_text(f"#!/bin/sh\n{FAKES[name].format(marker=_marker(tmp_path))}\n", encoding="utf-8")
    script.chmod(0o755)
    return str(script)


def _marker(tmp_path: Path) -> int:
    """A sleep of this test's own length: its processes told apart from any other test's."""
    return 100_000 + sum(map(ord, str(tmp_path))) % 100_000


def _sleepers(tmp_path: Path) -> set[str]:
    found = subprocess.run(["pgrep", "-f", f"sleep {_marker(tmp_path)}"], capture_output=True, text=True)
    return set(found.stdout.split())


@pytest.mark.parametrize("name", FAKES)
def test_a_translator_that_misbehaves_is_a_reason_not_a_traceback(tmp_path, monkeypatch, name):
    monkeypatch.setattr(louis, "TIMEOUT_S", 2)
    before = _sleepers(tmp_path)
    start = time.monotonic()
    with pytest.raises(BrailleUnavailable) as why:
        braille.translated(fake(tmp_path, name), "en-ueb-g2.ctb", ["A line of rules.", "Another."], "en-GB")
    assert time.monotonic() - start < 10
    assert "\x1b" not in str(why.value) and "\x07" not in str(why.value)
    time.sleep(0.2)
    assert _sleepers(tmp_path) <= before  # nothing it started outlives it


def test_a_flood_is_cut_at_its_cap_in_bounded_memory(tmp_path, monkeypatch):
    monkeypatch.setattr(louis, "TIMEOUT_S", 5)
    with pytest.raises(BrailleUnavailable) as why:
        run_translator([fake(tmp_path, "floods")], "x" * 100)
    assert "gave no answer" not in str(why.value)  # stopped by its limit on what it writes, not by the clock
    assert not [p for p in os.listdir(tmp_path) if p.startswith("tmp")]


def test_the_translator_runs_with_its_arguments_as_given_and_its_limit_set(tmp_path):
    script = tmp_path / "lou_translate"
    script.write_text('#!/bin/sh\nprintf \'%s|\' "$@"; ulimit -f; cat\n', encoding="utf-8")
    script.chmod(0o755)
    said = run_translator([str(script), "--forward", "a b,c$d", ""], "text")
    blocks = -(-(louis.OUTPUT_FACTOR * 4 + louis.MEGABYTE) // 512)
    assert said == f"--forward|a b,c$d||{blocks}\ntext"


def test_a_build_with_a_failing_translator_makes_everything_else_and_warns(deckpress, tmp_path, monkeypatch):
    program = fake(tmp_path, "fails")
    monkeypatch.setattr(braille, "translator", lambda: program)
    monkeypatch.setattr(tactile, "translator", lambda: program)
    result = deckpress("build", "pocket-bazaar", "--paper", "a4", "--edition", "standard", "--jobs", "1")
    assert result.status == 0, result.err
    assert "warning: braille files skipped: lou_translate failed (exit 1): \\x1b]0;title\\x07bad table" in result.err
    assert "warning: tactile labels skipped" in result.err and "Traceback" not in result.err
    assert not list((tmp_path / "build").rglob("*.brf")) and list((tmp_path / "build").rglob("*.html"))


def test_a_translator_that_cannot_be_run_is_said_so_not_as_a_shell_s_failure(tmp_path):
    with pytest.raises(BrailleUnavailable, match="^lou_translate could not be started: not an executable file$"):
        run_translator([str(tmp_path / "lou_translate")], "text")


def test_what_passes_the_cap_is_refused_whatever_limit_the_shell_set(tmp_path, monkeypatch):
    monkeypatch.setattr(louis, "LIMITED", 'shift; exec "$@"')  # a shell that set no limit
    monkeypatch.setattr(louis, "TIMEOUT_S", 5)
    script = tmp_path / "lou_translate"
    script.write_text("#!/bin/sh\nhead -c 2000000 /dev/zero | tr '\\0' 'x'\n", encoding="utf-8")
    script.chmod(0o755)
    with pytest.raises(BrailleUnavailable, match="^lou_translate wrote more than 1,049,088 bytes for 4: a runaway$"):
        run_translator([str(script)], "text")
