"""`deckpress serve`: the out folder over HTTP on this computer only, until Ctrl-C."""

from __future__ import annotations

import sys
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the standard library's name)
        pass


def serve(out: Path, port: int) -> int:
    if not out.is_dir():
        print(f"deckpress: error: {out} does not exist: run deckpress build first", file=sys.stderr)
        return 2
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(_Quiet, directory=str(out)))
    print(f"deckpress: serving {out} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("deckpress: stopped", flush=True)
    finally:
        server.server_close()
    return 0
