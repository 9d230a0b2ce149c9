"""The command line: a value it cannot use is one line and exit 2, before any work; never a traceback."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CONTENT

from deckpress.cli import main


@pytest.mark.parametrize(("arguments", "said"), [
    (["build", "--offset-x", "nan"], "offset must be a number from -20 to 20 mm, got 'nan'"),
    (["build", "--offset-y", "inf"], "offset must be a number from -20 to 20 mm, got 'inf'"),
    (["build", "--offset-x", "21"], "offset must be a number from -20 to 20 mm, got '21'"),
    (["build", "--jobs", "0"], "jobs must be a whole number from 1 to 64, got '0'"),
    (["build", "--jobs", "1000"], "jobs must be a whole number from 1 to 64, got '1000'"),
    (["serve", "--port", "99999"], "port must be a whole number from 0 to 65535, got '99999'"),
    (["build", "--paper", "a5"], "invalid choice: 'a5'"),
    (["build", "--layouts", "no-such"], "argument --layouts: must name an existing folder, got 'no-such'"),
    (["check", "--layouts", "notes.txt"], "must name an existing folder, got 'notes.txt' (a file)"),
    (["export", "--to", "png", "--layouts", "nope"], "must name an existing folder, got 'nope'"),
    (["build", "--layouts", ""], "argument --layouts: must name an existing folder, got an empty name"),
    *(([command, option, name], f"argument {option}: has a name longer than a file system takes (255 bytes; 4095")
      for command, option in (("build", "--out"), ("site", "--out"), ("build", "--content"), ("check", "--layouts"),
                              ("new", "--cards"))
      for name in ("o" * 256, "a/" + "o" * 300 + "/b", "o/" * 2048)),
])
def test_a_value_the_press_cannot_use_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys, arguments, said):
    monkeypatch.chdir(tmp_path)
    Path("notes.txt").write_text("not a folder")
    with pytest.raises(SystemExit) as stop:
        main(arguments)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert len(err.strip().splitlines()) == 1 and said in err
    assert not Path("build").exists()


def test_a_port_in_use_is_said_so(tmp_path):
    (tmp_path / "build").mkdir()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "deckpress", "serve", "--out", "build", "--port", str(port)],
                             cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.strip() == f"deckpress: error: cannot serve on port {port}: Address already in use"


def test_a_game_folder_that_is_no_game_id_is_said_so_before_any_work(deckpress):
    Path("content/index.html").mkdir()
    (Path("content/index.html") / "game.yaml").write_bytes((CONTENT / "pocket-bazaar/game.yaml").read_bytes())
    result = deckpress("build")
    assert result.status == 2 and "content/index.html: error: a game's folder name is its id" in result.err
    assert not Path("build").exists()


@pytest.mark.parametrize(("out", "said"), [
    ("content/harbour/build", "content/harbour/build is inside the source folder content/harbour: every build "
                              "would read the last one's files as sources; choose an out folder outside every game "
                              "and layout folder"),
    ("layouts/pdfs", "layouts/pdfs is inside the source folder layouts"),
    ("extra/x", "extra/x is inside the source folder extra"),
    ("content", "content is the content folder: a build would write into the games' folders"),
])
@pytest.mark.parametrize("command", ["build", "export", "watch"])
def test_an_out_folder_among_the_sources_is_refused(tmp_path, monkeypatch, capsys, out, said, command):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "content/harbour").mkdir(parents=True)
    (tmp_path / "content/harbour/game.yaml").write_text("title: Harbour\n")
    (tmp_path / "layouts").mkdir()
    (tmp_path / "extra").mkdir()
    to = ["--to", "png"] if command == "export" else []
    assert main([command, "--out", out, "--layouts", "extra", *to]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"deckpress: error: --out: {said}")
    assert len(err.strip().splitlines()) == 1
    assert out == "content" or not (tmp_path / out).exists()
