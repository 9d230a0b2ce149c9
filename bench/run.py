"""`make bench`: every benchmark, one after another, the build ratios (issue 24) first."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import cards  # noqa: E402
import catalogue  # noqa: E402
import findings  # noqa: E402
import peaks  # noqa: E402
import png  # noqa: E402
import ratios  # noqa: E402
import solver  # noqa: E402
import watch  # noqa: E402

if __name__ == "__main__":
    print(ratios.report(*ratios.run()), flush=True)
    print(catalogue.report(catalogue.run()), flush=True)
    print(cards.report(cards.run()), flush=True)
    print(solver.report(solver.run()), flush=True)
    print(watch.report(watch.run()), flush=True)
    png.adopt()
    load = os.getloadavg()
    print(png.report(*png.run(1, [300, png.MAX_DPI], None), (load, os.getloadavg())), flush=True)
    print(peaks.report(peaks.run()), flush=True)
    print(findings.report(findings.run()), flush=True)
