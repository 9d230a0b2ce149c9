"""`deckpress serve`: the public catalogue (<out>/public/) over HTTP on this computer only, until Ctrl-C; with
`--full`, the whole out folder, the host's material with it.

Pages reload themselves when a build lands: every HTML page is served (not written) with a small script that asks
`/.deckpress/build.json` for the manifest's checksum every second and reloads the page when it changes. So
`deckpress watch` in one terminal and `deckpress serve` in another show each save in the browser.
"""

from __future__ import annotations

import json
import os
import sys
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from deckpress.paths import Digests, read_bounded, sha256_bounded
from deckpress.publish.manifest import MANIFEST, MAX_STATE_BYTES
from deckpress.publish.published import PUBLIC_FOLDER, sums_in
from deckpress.publish.sums import SUMS
from deckpress.publish.write import MAX_OUTPUT_BYTES

BUILD_STATE = "/.deckpress/build.json"  # what the pages ask: {"manifest": sha256 of manifest.json, or null}
POLL_MS = 1000
MAX_PATH = 1024  # longer than any path a build writes; a longer request is refused before the disk is asked
MAX_RELOADED = 64 << 20  # a page read whole to add the reload script: far past any the press writes
MAX_HELD = 100_000  # files' checksums and folders' SHA256SUMS kept between requests: a catalogue has a thousand
RELOAD = """<script>
  // deckpress serve: reload this page when a new build lands (not in the file itself, only as served).
  (function () {{
    var seen = {seen};
    setInterval(function () {{
      fetch("{url}", {{cache: "no-store"}}).then(function (r) {{ return r.json(); }}).then(function (state) {{
        if (state.manifest !== seen) {{ location.reload(); }}
      }}).catch(function () {{}});
    }}, {poll});
  }})();
</script>
"""


def manifest_checksum(out: Path) -> str | None:
    """The SHA-256 of the out folder's manifest (written last by every build); None when nothing is built."""
    return sha256_bounded(out / MANIFEST, MAX_STATE_BYTES)  # not waiting on a FIFO in its place


def reload_script(out: Path) -> bytes:
    seen = json.dumps(manifest_checksum(out))
    return RELOAD.format(seen=seen, url=BUILD_STATE, poll=POLL_MS).encode()


def with_reload(page: bytes, script: bytes) -> bytes:
    """The page with the script just before `</body>` (at the end if it has none)."""
    at = page.lower().rfind(b"</body>")
    return page + script if at < 0 else page[:at] + script + page[at:]


class Checked:
    """What the server has read of the publications' checksums, kept while their files stand as they were: a
    catalogue page asks for each of its thumbnails, every one a hard link to check."""

    def __init__(self) -> None:
        self.seen: Digests = {}  # each file hashed once (paths.sha256_bounded), while it is not replaced
        self.sums: dict[Path, tuple[tuple[int, int, int], dict[str, str] | None]] = {}  # a folder's, as it stood

    def sums_in(self, folder: Path) -> dict[str, str] | None:
        try:
            status = (folder / SUMS).stat()
        except OSError:
            return None
        stood = (status.st_ino, status.st_size, status.st_ctime_ns)  # as paths.sha256_bounded keys a file
        if len(self.sums) > MAX_HELD or len(self.seen) > MAX_HELD:  # a long session's builds: start again
            self.sums.clear()
            self.seen.clear()
        held = self.sums.get(folder)
        if held is None or held[0] != stood:
            held = self.sums[folder] = stood, sums_in(folder)
        return held[1]


class Handler(SimpleHTTPRequestHandler):
    """The out folder's files; HTML pages with the reload script; the build's checksum at BUILD_STATE."""

    def __init__(self, *args: object, directory: str, built: str, checked: Checked, **kwargs: object) -> None:
        self.out = Path(directory)
        self.built = Path(built)  # the out folder, whose manifest a build writes last
        self.checked = checked
        super().__init__(*args, directory=directory, **kwargs)  # type: ignore[arg-type]

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the standard library's name)
        pass

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        path = urlsplit(self.path).path
        if (refused := self._refused(path)) is not None:
            self.send_error(refused)
            return
        if path == BUILD_STATE:
            self._send(json.dumps({"manifest": manifest_checksum(self.built)}).encode(), "application/json")
            return
        page = self._html_page(path)
        try:
            read = None if page is None else read_bounded(page, MAX_RELOADED)
        except OSError:  # replaced since it was looked at (a FIFO is not waited on)
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        if read is None:  # not a page, or larger than any the press writes: sent as it is, streamed
            super().do_GET()
            return
        self._send(with_reload(read, reload_script(self.built)), "text/html; charset=utf-8")

    def do_HEAD(self) -> None:  # noqa: N802 (the standard library's name)
        if (refused := self._refused(urlsplit(self.path).path)) is not None:
            self.send_error(refused)
            return
        super().do_HEAD()

    def _refused(self, path: str) -> HTTPStatus | None:
        """Why a request is answered with an error, or None: only folders and regular files inside the out folder
        are served, reached without a symbolic link (a link could lead anywhere on this computer)."""
        if len(self.path) > MAX_PATH:
            return HTTPStatus.REQUEST_URI_TOO_LONG
        if path == BUILD_STATE:
            return None
        try:
            local = Path(self.translate_path(path))
            if "\0" in str(local) or "\0" in unquote(path):
                return HTTPStatus.BAD_REQUEST
            if _linked(self.out, local) or not (local.is_dir() or local.is_file()):
                return HTTPStatus.NOT_FOUND
            if local.is_dir() and (index := _index(local)) is not None:
                local = index  # what the standard library sends for a folder: held to the same as a file
                if local.is_symlink() or not local.is_file():
                    return HTTPStatus.NOT_FOUND
            if local.is_file() and local.stat().st_nlink > 1 and not self._published(local):
                return HTTPStatus.NOT_FOUND
        except OSError:  # a name too long for the file system: no file has it
            return HTTPStatus.NOT_FOUND
        except ValueError:  # a name it cannot take at all
            return HTTPStatus.BAD_REQUEST
        return None

    def _published(self, local: Path) -> bool:
        """Whether a file with other names (a hard link, whose other name may be anywhere on this computer) holds
        what a publication's SHA256SUMS says of it: public/'s and the hosts' files are the build's, linked."""
        folder = local.parent
        while folder.is_relative_to(self.out):
            sums = self.checked.sums_in(folder)
            name = local.relative_to(folder).as_posix()
            if sums is not None and name in sums:
                return sha256_bounded(local, MAX_OUTPUT_BYTES, self.checked.seen) == sums[name]
            folder = folder.parent
        return False

    def _html_page(self, path: str) -> Path | None:
        """The HTML file a request names (a folder's index.html), if it is one inside the out folder."""
        local = Path(self.translate_path(path))
        if local.is_dir() and path.endswith("/"):  # without the slash the standard library redirects first
            local = local / "index.html"
        inside = local.resolve().is_relative_to(self.out.resolve())
        return local if inside and local.suffix == ".html" and local.is_file() else None

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def _index(folder: Path) -> Path | None:
    """The page the standard library sends for a folder (its index.html, else index.htm), if it has one."""
    return next((page for page in (folder / "index.html", folder / "index.htm") if os.path.lexists(page)), None)


def _linked(out: Path, local: Path) -> bool:
    """Whether a symbolic link lies on the way from the out folder to `local` (or `local` is outside it)."""
    if not local.is_relative_to(out):
        return True
    at = out
    for part in local.relative_to(out).parts:
        at = at / part
        if at.is_symlink():
            return True
    return False


def server(out: Path, port: int, served: Path | None = None) -> ThreadingHTTPServer:
    """The server of `served` (the out folder unless told), bound to this computer only (port 0: a free one), not
    yet serving; pages reload when a build lands in `out`."""
    handler = partial(Handler, directory=str((served or out).absolute()), built=str(out.absolute()), checked=Checked())
    return ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(out: Path, port: int, full: bool = False) -> int:
    """The public catalogue, or with `full` the whole out folder."""
    if not out.is_dir():
        print(f"deckpress: error: {out} does not exist: run deckpress build first", file=sys.stderr)
        return 2
    served = out if full else out / PUBLIC_FOLDER
    try:
        running = server(out, port, served)
    except OSError as exc:  # the port is in use, or reserved
        print(f"deckpress: error: cannot serve on port {port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if not served.is_dir():
        running.server_close()
        print(f"deckpress: error: {served} does not exist: run deckpress build (or serve --full for the whole out "
              "folder)", file=sys.stderr)
        return 2
    print(f"deckpress: serving {served} at http://127.0.0.1:{running.server_address[1]}/ (Ctrl-C stops; pages reload "
          "when a build lands)", flush=True)
    try:
        running.serve_forever()
    except KeyboardInterrupt:
        print("deckpress: stopped", flush=True)
    finally:
        running.server_close()
    return 0
