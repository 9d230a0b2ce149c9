"""`make docs`: a picture of every icon and pattern the press ships, for docs/designing.md.

Each SVG in `layouts/icons/` (shared: the pattern tiles, shown repeated) and `content/<game>/icons/`
is checked and read as deckpress reads it (deckpress.load.icons, svglib), rendered with PDFium at 96 dpi and saved
as `docs/icons/<folder>-<name>.png`.
"""

from __future__ import annotations

import copy
import io
import subprocess
import sys
from pathlib import Path

import pypdfium2
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas

from deckpress.load.icons import checked, vectors

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "icons"
SIZE = 72  # pt: one inch, rendered at 96 dpi


def folders() -> list[tuple[str, Path]]:
    """(label, folder) for the shared icons and each shipped game's own: the games the repository holds, not one a
    designer is making in content/."""
    tracked = subprocess.run(["git", "-C", str(ROOT), "ls-files", "content/*/icons/*.svg"], check=True,
                             capture_output=True, text=True).stdout.split()
    games = sorted({Path(path).parts[1] for path in tracked})
    return [("shared", ROOT / "layouts" / "icons")] + [(game, ROOT / "content" / game / "icons") for game in games]


def picture(svg: Path, tiled: bool = False) -> bytes:
    """The icon drawn in black in a one-inch square, as a PNG; a pattern's tile repeated over a band of 6 x 2."""
    icon = checked(svg.stem, svg, svg.as_posix())
    if isinstance(icon, str) or icon.svg is None:
        raise SystemExit(f"icon_gallery: {svg}: {icon if isinstance(icon, str) else 'not an SVG'}")
    shared = vectors(icon.svg, "#000000")  # remembered by deckpress: scaled here on a copy
    if shared is None:
        raise SystemExit(f"icon_gallery: {svg}: svglib could not read it")
    drawing = copy.deepcopy(shared)
    across, down = (6, 2) if tiled else (1, 1)
    tile = SIZE / 3 if tiled else SIZE * 0.8
    scale = tile / max(drawing.width, drawing.height)
    drawing.scale(scale, scale)
    pdf = io.BytesIO()
    width, height = (tile * across, tile * down) if tiled else (SIZE, SIZE)
    canvas = Canvas(pdf, pagesize=(width, height), invariant=1)
    for column in range(across):
        for row in range(down):
            left, bottom = (column * tile, row * tile) if tiled else (SIZE * 0.1, SIZE * 0.1)
            renderPDF.draw(drawing, canvas, left, bottom)
    canvas.showPage()
    canvas.save()
    document = pypdfium2.PdfDocument(pdf.getvalue())
    try:
        image = document[0].render(scale=96 / 72).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    written = 0
    for label, folder in folders():
        for svg in sorted(folder.glob("*.svg")):
            (OUT / f"{label}-{svg.stem}.png").write_bytes(picture(svg, tiled=label == "shared"))
            written += 1
    print(f"icon_gallery: {written} pictures in {OUT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
