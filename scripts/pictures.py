"""`make docs`: the pictures of shapes, boards, boxes and standees in docs/designing.md, rendered from the example
game that the suite builds (tests/fixtures/every-shape/content/), so every picture shows what the press prints.

The game is built (standard edition, A4) into a temporary folder; one page of one component's PDF is rendered
with PDFium at 50 dpi and saved as `docs/pictures/<name>.png`.
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

import pypdfium2

from deckpress.cli import main as deckpress

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "pictures"
DPI = 50
GAME = "every-shape"
CONTENT = ROOT / "tests" / "fixtures" / GAME / "content"
# (picture, component, page): what each section of the guide shows
PICTURES = (
    ("hex-tiles", "hexes", 1),
    ("round-tokens", "tokens", 1),
    ("board-assembly", "score-board", 1),
    ("board-piece", "score-board", 2),
    ("tuck-box", "goods-box", 1),
    ("standees", "traders", 1),
)


def render(pdf: Path, page: int) -> bytes:
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[page - 1].render(scale=DPI / 72).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        status = deckpress(["build", GAME, "--content", str(CONTENT), "--out", tmp, "--edition", "standard",
                            "--paper", "a4", "--jobs", "1"])
        if status:
            raise SystemExit(f"pictures: {GAME} did not build")
        for name, component, page in PICTURES:
            pdf = Path(tmp) / GAME / "standard" / f"{GAME}-{component}-a4.pdf"
            (OUT / f"{name}.png").write_bytes(render(pdf, page))
    print(f"pictures: {len(PICTURES)} pictures in {OUT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
