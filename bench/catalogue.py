"""The full catalogue from a clean out folder, then the rebuild with nothing changed."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from deckpress.build import build
from deckpress.options import Options

ROOT = Path(__file__).resolve().parent.parent


def run() -> dict[str, float]:
    games = sorted(p.parent for p in (ROOT / "content").glob("*/game.yaml"))
    with tempfile.TemporaryDirectory() as scratch:
        opts = Options(content=ROOT / "content", layouts=[ROOT / "layouts"], out=Path(scratch) / "build")
        start = time.perf_counter()
        press = build(opts, games)
        clean = time.perf_counter() - start
        assert not press.findings.errors
        start = time.perf_counter()
        again = build(opts, games)
        rebuild = time.perf_counter() - start
        assert again.up_to_date == [g.name for g in games]
        files = sum(1 for _ in (Path(scratch) / "build").rglob("*.pdf"))
        opts.out = Path(scratch) / "parallel"
        start = time.perf_counter()
        build(opts, games, jobs=2)
        parallel = time.perf_counter() - start
    return {"clean_s": clean, "rebuild_s": rebuild, "pdfs": files, "parallel_s": parallel}


def report(r: dict[str, float]) -> str:
    return (f"catalogue: {r['pdfs']:.0f} PDFs (3 games, 2 editions, 2 papers, kits) from clean in {r['clean_s']:.2f} s; "
            f"--jobs 2 from clean in {r['parallel_s']:.2f} s; "
            f"no-change rebuild {r['rebuild_s']:.3f} s (in process, imports already loaded)")


if __name__ == "__main__":
    print(report(run()))
