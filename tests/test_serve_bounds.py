"""`deckpress serve` serves folders and regular files inside the out folder only: no symbolic link out of it, and
every bad path answered with a 4xx, never a dropped connection or a traceback."""

from __future__ import annotations

import hashlib
import http.client
import io
import os
import threading
from collections.abc import Iterator
from contextlib import redirect_stderr
from pathlib import Path

import pytest
from conftest import STOP_POLL

from deckpress.publish import serve
from deckpress.publish.serve import server


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, int, io.StringIO]]:
    out = tmp_path / "build"
    (out / "game").mkdir(parents=True)
    (out / "index.html").write_text("<html><body>games</body></html>")
    (out / "game/rules.pdf").write_bytes(b"%PDF-1.7 rules")
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "passwd").write_text("root:x:0:0")
    (out / "out-file").symlink_to(secret / "passwd")
    (out / "out-folder").symlink_to(secret)
    (out / "game/inner").symlink_to(out / "index.html")  # even inside: a link is not followed
    os.mkfifo(out / "game/pipe")
    os.link(secret / "passwd", out / "hard")  # a hard link: served nowhere
    errors = io.StringIO()
    with redirect_stderr(errors):
        running = server(out, 0)
        threading.Thread(target=running.serve_forever, args=(STOP_POLL,), daemon=True).start()
        try:
            yield out, running.server_address[1], errors
        finally:
            running.shutdown()
            running.server_close()


def _status(port: int, path: str, method: str = "GET") -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest(method, path, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_files_and_folders_inside_are_served(served):
    _, port, _ = served
    assert _status(port, "/game/rules.pdf") == (200, b"%PDF-1.7 rules")
    assert _status(port, "/")[0] == 200
    assert _status(port, "/game/")[0] == 200
    assert _status(port, "/game/rules.pdf", "HEAD")[0] == 200


@pytest.mark.parametrize("path", ["/out-file", "/out-folder/passwd", "/out-folder/", "/game/inner", "/game/pipe",
                                  "/hard", "/nothing-here.pdf", "/../secret/passwd", "/%2e%2e/secret/passwd"])
@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_links_pipes_and_missing_files_are_not_found(served, path, method):
    _, port, errors = served
    status, body = _status(port, path, method)
    assert status == 404
    assert b"root:x" not in body
    assert "Traceback" not in errors.getvalue()


@pytest.mark.parametrize(("path", "expected"), [("/game/%00rules.pdf", 400), ("/a%00", 400),
                                                ("/" + "x" * 300, 404), ("/" + "x/" * 200 + "y", 404),
                                                ("/" + "x" * 2000, 414)])
def test_bad_paths_get_a_4xx(served, path, expected):
    _, port, errors = served
    assert _status(port, path)[0] == expected
    assert _status(port, "/game/rules.pdf")[0] == 200  # and the server goes on
    assert "Traceback" not in errors.getvalue()


def test_a_page_larger_than_any_the_press_writes_is_sent_as_it_is_not_read_whole(served, monkeypatch):
    out, port, _ = served
    monkeypatch.setattr(serve, "MAX_RELOADED", 1000)
    (out / "big.html").write_bytes(b"<html><body>" + b"x" * 2000 + b"</body></html>")
    status, body = _status(port, "/big.html")
    assert status == 200 and body == (out / "big.html").read_bytes()  # no reload script: streamed as written
    status, body = _status(port, "/index.html")
    assert status == 200 and b"deckpress serve: reload" in body  # a page of the press's size has it


def test_a_hard_link_is_served_where_a_publication_names_it_with_its_checksum(served):
    """public/'s and the hosts' files are hard links to the build's: each served as its folder's SHA256SUMS names
    it (before, every one was refused, so a served catalogue's downloads and thumbnails were all missing); a link
    under a listed name that holds anything else is not."""
    out, port, errors = served
    public = out / "public"
    (public / "game").mkdir(parents=True)
    os.link(out / "game/rules.pdf", public / "game/rules.pdf")
    os.link(out.parent / "secret/passwd", public / "game/rules-a4.pdf")  # listed below with the rules' checksum
    rules = hashlib.sha256((out / "game/rules.pdf").read_bytes()).hexdigest()
    (public / "SHA256SUMS").write_text(f"{rules}  game/rules.pdf\n{rules}  game/rules-a4.pdf\n")
    assert _status(port, "/public/game/rules.pdf") == (200, b"%PDF-1.7 rules")
    assert _status(port, "/public/game/rules.pdf", "HEAD")[0] == 200
    assert _status(port, "/public/game/rules-a4.pdf")[0] == 404
    (public / "SHA256SUMS").write_text(f"{rules}  game/rules.pdf\n{rules}  game/../hard\n")  # not one the press writes
    assert _status(port, "/public/game/rules.pdf")[0] == 404
    assert "Traceback" not in errors.getvalue()


def test_a_published_hard_link_is_hashed_once_while_it_stands(served, monkeypatch):
    """A catalogue page asks for each thumbnail, every one a hard link: each file (as it stands) is hashed once, and
    its folder's SHA256SUMS read once, until either is replaced."""
    out, port, _ = served
    public = out / "public"
    (public / "game").mkdir(parents=True)
    os.link(out / "game/rules.pdf", public / "game/rules.pdf")
    rules = hashlib.sha256(b"%PDF-1.7 rules").hexdigest()
    (public / "SHA256SUMS").write_text(f"{rules}  game/rules.pdf\n")
    hashed: list[str] = []
    digest = hashlib.file_digest
    monkeypatch.setattr(hashlib, "file_digest", lambda file, name: hashed.append(file.name) or digest(file, name))
    assert [_status(port, "/public/game/rules.pdf")[0] for _ in range(3)] == [200] * 3
    assert len(hashed) == 1
    (out / "game/rules.pdf").unlink()  # a new build: a new file, linked again, its sum listed
    (out / "game/rules.pdf").write_bytes(b"%PDF-1.7 new rules")
    (public / "game/rules.pdf").unlink()
    os.link(out / "game/rules.pdf", public / "game/rules.pdf")
    (public / "SHA256SUMS").write_text(f"{hashlib.sha256(b'%PDF-1.7 new rules').hexdigest()}  game/rules.pdf\n")
    assert _status(port, "/public/game/rules.pdf") == (200, b"%PDF-1.7 new rules")
    assert len(hashed) == 2


@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_a_folders_page_that_is_a_link_is_not_sent_for_the_folder(served, method):
    """A folder's index.html or index.htm, sent by the standard library for the folder's own address, was not held
    to the rules a file is: a symbolic link to anywhere, or a hard link no SHA256SUMS names, was sent (a red team's)."""
    out, port, errors = served
    secret = out.parent / "secret" / "passwd"
    for folder, page, link in (("zz", "index.htm", os.symlink), ("ww", "index.html", os.symlink),
                               ("yy", "index.html", os.link)):
        (out / folder).mkdir()
        link(secret, out / folder / page)
        status, body = _status(port, f"/{folder}/", method)
        assert status == 404 and b"root:x" not in body, (folder, page)
    assert _status(port, "/game/", method)[0] == 200  # a folder with no page: listed as before
    assert "Traceback" not in errors.getvalue()
