"""`deckpress watch`: a save builds the game again (once), a bad save prints its finding and leaves the earlier build,
Ctrl-C ends it; `deckpress serve` makes its pages reload when a build lands. Nothing here can hang: every wait is
bounded."""

from __future__ import annotations

import hashlib
import io
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pdfplumber
import pytest
from conftest import LAYOUTS, STOP_POLL, edit
from watchfiles import Change

from deckpress.options import Options
from deckpress.publish.serve import BUILD_STATE, server
from deckpress.scaffold import new_game
from deckpress.watch import Sources, Watcher

CARD = Path("content/x/layouts/standard/card.yaml")
PDF = Path("build/x/standard/x-cards-a4.pdf")
WAIT = 60  # seconds: far more than any build here takes, on a busy machine


def wait_for(what: Callable[[], bool], seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.fixture
def watching(tmp_path, monkeypatch) -> Iterator[io.StringIO]:
    """A new game `x`, watched in a thread of this process; what it says."""
    monkeypatch.chdir(tmp_path)
    new_game(Path("content"), "x")
    said, stop = io.StringIO(), threading.Event()
    opts = Options(layouts=[Path("content/x/layouts"), LAYOUTS], out=Path("build"))
    thread = threading.Thread(target=Watcher(opts, ["x"], say=said).run, args=(stop,), daemon=True)
    thread.start()
    try:
        wait_for(lambda: "watching" in said.getvalue())
        yield said
    finally:
        stop.set()
        thread.join(WAIT)
        assert not thread.is_alive()


def builds(said: io.StringIO) -> int:
    return said.getvalue().count("x: built into build")


def text_of(pdf: Path) -> str:
    with pdfplumber.open(pdf) as doc:
        return doc.pages[0].extract_text()


def test_a_save_builds_the_game_again_once(watching):
    assert builds(watching) == 1 and "One of Suns" in text_of(PDF)
    edit(CARD, "of {{ card.suit }}", "of the {{ card.suit }}")
    wait_for(lambda: builds(watching) == 2)
    time.sleep(0.5)  # nothing more comes of one save
    lines = watching.getvalue().splitlines()
    after = lines[lines.index(next(line for line in lines if "watching" in line)) + 1:]
    # the proof first: the PDF of the one component the card layout makes, then the whole game
    assert [line.split(" (")[0] for line in after] == [f"deckpress: x: proof into {PDF}",
                                                        "deckpress: x: built into build"]
    assert "One of the Suns" in text_of(PDF)
    assert "One of Suns" in text_of(Path("build/x/large-print/x-cards-a4.pdf"))  # its own layout did not change


def test_a_bad_save_prints_its_finding_and_leaves_the_earlier_build(watching):
    before = {p: p.read_bytes() for p in Path("build").rglob("*") if p.is_file()}
    edit(CARD, "card.rank | words", "card.rnak | words")
    wait_for(lambda: "the earlier build stays" in watching.getvalue())
    line = next(n for n, text in enumerate(CARD.read_text(encoding="utf-8").splitlines(), 1) if "rnak" in text)
    assert watching.getvalue().splitlines()[-2:] == [
        f"{CARD}:{line}:20: error: element rank in words: no field 'rnak'; did you mean 'rank'? "
        "(cards Suns 1, Suns 2, Suns 3 and 9 more)",
        "deckpress: 1 error; the earlier build stays"]
    assert {p: p.read_bytes() for p in Path("build").rglob("*") if p.is_file()} == before
    assert not list(Path(".").glob(".deckpress-*"))


def test_the_out_folder_and_editors_temporary_files_are_not_sources(tmp_path):
    sources = Sources(tmp_path / "build")
    game = tmp_path / "content" / "x"
    for ignored in (tmp_path / "build" / "x" / "x-kit-a4.pdf", tmp_path / ".deckpress-1234" / "manifest.json",
                    game / ".game.yaml.swp", game / "4913", game / "#rules.yaml#", game / "rules.yaml~",
                    game / ".#rules.yaml", game / "rules.yaml.tmp"):
        assert not sources(Change.modified, str(ignored)), ignored
    assert sources(Change.modified, str(game / "rules.yaml"))


def test_a_game_is_built_again_for_its_own_files_and_every_game_for_a_layout(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("a", "b"):
        new_game(Path("content"), name)
    watcher = Watcher(Options(layouts=[tmp_path / "layouts"]), [])
    assert [d.name for d in watcher.changed({str(tmp_path / "content/b/rules.yaml")})] == ["b"]
    assert [d.name for d in watcher.changed({str(tmp_path / "layouts/standard/sheet.yaml")})] == ["a", "b"]
    assert watcher.paths() == [Path("content")]  # the whole folder: a new game is seen too


def _watched(tmp_path: Path, then: Callable[[subprocess.Popen[str]], object]) -> tuple[int | None, list[str]]:
    """`deckpress watch` of a new game in a process of its own: `then` done to it once it watches; its status and
    what it said."""
    new_game(tmp_path / "content", "x")
    command = [sys.executable, "-u", "-m", "deckpress", "watch", "x", "--layouts", "content/x/layouts",
               "--layouts", str(LAYOUTS)]
    lines: queue.Queue[str] = queue.Queue()
    said = []
    with subprocess.Popen(command, cwd=tmp_path, stderr=subprocess.PIPE, text=True) as watcher:
        reader = threading.Thread(target=lambda: [lines.put(line) for line in watcher.stderr], daemon=True)
        reader.start()
        try:
            while not any("watching" in line for line in said):
                said.append(lines.get(timeout=WAIT))
            then(watcher)
            watcher.wait(WAIT)
        finally:
            watcher.kill()
            reader.join(WAIT)
    while not lines.empty():
        said.append(lines.get())
    return watcher.returncode, said


def test_ctrl_c_stops_watching_with_status_130(tmp_path):
    status, said = _watched(tmp_path, lambda watcher: watcher.send_signal(signal.SIGINT))
    assert status == 130
    assert said[-1] == "deckpress: stopped watching\n" and not any("Traceback" in line for line in said)


def test_a_file_name_the_watcher_cannot_read_is_said_not_a_traceback(tmp_path):
    """A name that is not UTF-8, saved in a game's folder: the watcher cannot report it, and says so."""
    odd = tmp_path / os.fsdecode(b"content/x/\xff.txt")
    status, said = _watched(tmp_path, lambda watcher: odd.write_text("x\n", encoding="utf-8"))
    assert status == 1 and not any("Traceback" in line for line in said), said
    assert said[-1].startswith("deckpress: error: stopped watching: ") and said[-1].endswith("; rename it\n"), said


def test_served_pages_reload_when_a_build_lands(tmp_path):
    out = tmp_path / "build"
    out.mkdir()
    page = b"<!doctype html><html><body><h1>Games</h1></body></html>"
    (out / "index.html").write_bytes(page)
    (out / "manifest.json").write_text('{"outputs": []}\n', encoding="utf-8")
    (out / "a.pdf").write_bytes(b"%PDF-1.4 not html </body>")
    running = server(out, 0)
    threading.Thread(target=running.serve_forever, args=(STOP_POLL,), daemon=True).start()
    url = f"http://127.0.0.1:{running.server_address[1]}"

    def get(path: str) -> bytes:
        with urllib.request.urlopen(url + path, timeout=WAIT) as response:
            return response.read()

    try:
        first = hashlib.sha256((out / "manifest.json").read_bytes()).hexdigest()
        served = get("/")
        assert served.startswith(b"<!doctype html><html><body><h1>Games</h1><script>") and served.endswith(
            b"</script>\n</body></html>")
        assert f'var seen = "{first}";'.encode() in served and BUILD_STATE.encode() in served
        assert get("/index.html") == served and (out / "index.html").read_bytes() == page  # served, not written
        assert get("/a.pdf") == b"%PDF-1.4 not html </body>"
        assert json.loads(get(BUILD_STATE)) == {"manifest": first}
        (out / "manifest.json").write_text('{"outputs": [1]}\n', encoding="utf-8")
        later = hashlib.sha256((out / "manifest.json").read_bytes()).hexdigest()
        assert json.loads(get(BUILD_STATE)) == {"manifest": later} != {"manifest": first}
    finally:
        running.shutdown()
        running.server_close()


def test_a_stop_asked_for_as_the_build_lands_ends_the_watcher(tmp_path, monkeypatch):
    """SIGTERM once the files are committed, before the watcher is back to watching: nothing forces a stop there,
    and the request was once lost, the watcher watching on (a benchmark waited for it for ever)."""
    monkeypatch.chdir(tmp_path)
    new_game(Path("content"), "x")
    watcher = Watcher(Options(layouts=[Path("content/x/layouts"), LAYOUTS], out=Path("build")), ["x"])
    said: list[str] = []

    def say(line: str) -> None:
        said.append(line)
        if ": built into " in line:  # committed, and still inside the build
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(watcher, "print", say)
    with pytest.raises(KeyboardInterrupt):
        watcher.rebuild(watcher.game_dirs())
    assert PDF.is_file() and ": built into " in said[-1]  # the build stands: the stop came after it
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL  # and SIGTERM is the system's again


def test_a_proof_is_taken_back_when_the_build_after_it_does_not_commit(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    new_game(Path("content"), "x")
    said = io.StringIO()
    watcher = Watcher(Options(layouts=[Path("content/x/layouts"), LAYOUTS], out=Path("build")), ["x"], say=said)
    assert watcher.rebuild(watcher.game_dirs())
    before = {p: p.read_bytes() for p in Path("build").rglob("*") if p.is_file()}
    edit(CARD, "of {{ card.suit }}", "of the {{ card.suit }}")
    monkeypatch.setattr(watcher, "build", lambda *args: False)  # as if another edition had an error
    assert not watcher.rebuild(watcher.game_dirs(), {CARD})
    assert f"proof into {PDF}" in said.getvalue()
    assert {p: p.read_bytes() for p in Path("build").rglob("*") if p.is_file()} == before


def test_a_translated_game_shows_a_changed_source_text_at_once_its_translations_behind_it(tmp_path, monkeypatch):
    """Watching is editing: an English text changed in a game translated into German and French is drawn at once;
    each translation, now behind it, prints the English with a warning until it is brought up to date."""
    import shutil

    from conftest import FIXTURES

    monkeypatch.chdir(tmp_path)
    for part in ("content", "layouts"):
        shutil.copytree(FIXTURES / "languages" / part, part)
    said, stop = io.StringIO(), threading.Event()
    watcher = Watcher(Options(layouts=[Path("layouts"), LAYOUTS], out=Path("build")), ["harbour-tongues"], say=said)
    thread = threading.Thread(target=watcher.run, args=(stop,), daemon=True)
    thread.start()
    try:
        wait_for(lambda: "watching" in said.getvalue())
        edit(Path("content/harbour-tongues/cards.yaml"), "Hold fast.", "Hold on fast.", translations=False)
        wait_for(lambda: said.getvalue().count("harbour-tongues: built into build") == 2)
    finally:
        stop.set()
        thread.join(WAIT)
    assert "Hold on fast." in text_of(Path("build/harbour-tongues/standard/harbour-tongues-cards-a4.pdf"))
    german = Path("build/harbour-tongues-de-de/standard/harbour-tongues-de-de-cards-a4.pdf")
    assert "Hold on fast." in text_of(german)
    assert "warning: de-DE: the source text changed since it was translated" in said.getvalue()
