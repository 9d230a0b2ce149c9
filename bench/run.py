"""`make bench`: every benchmark, printed as one table of results."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import solver  # noqa: E402

if __name__ == "__main__":
    print(solver.report(solver.run()))
