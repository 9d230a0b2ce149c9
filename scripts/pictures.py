"""`make docs`: the pictures of shapes, boards, boxes and standees in docs/designing.md, rendered from the example
games that the suite builds (tests/fixtures/<part>/content/), so every picture shows what the press prints.

Each game is built (standard edition, A4) into a temporary folder; one page of one component's PDF is rendered
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
# (picture, example folder, game, component, page): what each section of the guide shows
PICTURES = (
    ("hex-tiles", "shapes", "shape-trial", "hexes", 1),
    ("round-tokens", "shapes", "shape-trial", "tokens", 1),
    ("board-assembly", "boards", "river-run", "score-board", 1),
    ("board-piece", "boards", "river-run", "score-board", 2),
    ("tuck-box", "boxes", "crates", "goods-box", 1),
    ("standees", "boxes", "crates", "traders", 1),
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
        built: set[tuple[str, str]] = set()
        for name, folder, game, component, page in PICTURES:
            content = ROOT / "tests" / "fixtures" / folder / "content"
            out = Path(tmp) / folder
            if (folder, game) not in built:
                status = deckpress(["build", game, "--content", str(content), "--out", str(out), "--edition",
                                    "standard", "--paper", "a4", "--jobs", "1"])
                if status:
                    raise SystemExit(f"pictures: {folder}/{game} did not build")
                built.add((folder, game))
            pdf = out / game / "standard" / f"{game}-{component}-a4.pdf"
            (OUT / f"{name}.png").write_bytes(render(pdf, page))
    print(f"pictures: {len(PICTURES)} pictures in {OUT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
