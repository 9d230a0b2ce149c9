"""Ctrl-C and SIGTERM end any run within a second or two, even in the middle of a long template, and the earlier
build stays exactly as it was."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import LAYOUTS, by_a_process, edit
from test_interrupt import no_staging_left, tree

SLOW = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_during_long_templates_ends_the_run_within_two_seconds(tmp_path_factory, tmp_path, number):
    shutil.copytree(by_a_process(tmp_path_factory), tmp_path, dirs_exist_ok=True)  # the earlier build, by a process
    out = tmp_path / "build"
    command = [sys.executable, "-m", "deckpress", "build", "--paper", "a4", "--content", "content",
               "--layouts", str(LAYOUTS), "--out", str(out)]
    before = tree(out)
    rules = tmp_path / "content/pocket-bazaar/rules.yaml"
    for item in ("Paper and pens for {{ teams | words }} teams",  # each runs into the template budget
                 "A sheet for the score and {{ rounds | words }} round boxes"):
        edit(rules, f"      - {item}", f"      - '{SLOW}{item}'")
    edit(rules, '      - "{{ deck_size }} printed', f'      - "{SLOW}{{{{ deck_size }}}} printed')
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    catching(process.pid, number)
    time.sleep(1.0)  # inside the long templates: their budget alone would take six seconds
    os.kill(process.pid, number)
    sent = time.monotonic()
    _, err = process.communicate(timeout=60)
    assert time.monotonic() - sent < 2, err
    assert process.returncode == 130, err
    assert "Traceback" not in err and err.strip().endswith("interrupted; nothing was written")
    assert tree(out) == before
    assert no_staging_left(out)


def catching(pid: int, number: int) -> None:
    """Wait until the process has its handler for the signal (its SigCgt mask in /proc): on a busy machine its
    start-up can take longer than any fixed wait, and a signal before then ends it the operating system's way."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        status = Path(f"/proc/{pid}/status").read_text()
        caught = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:")), 16)
        if caught >> (number - 1) & 1:
            return
        time.sleep(0.02)
    raise AssertionError(f"the run never caught signal {number}")
