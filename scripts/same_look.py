"""`make same-look REF=<commit>`: every page of every PDF built by REF and by the working tree, rendered and
compared pixel by pixel: for a change that may alter the bytes (an icon drawn from SVG rather than from shapes)
but must not alter what a reader sees.

Both sides build the catalogue with their own code, content and layouts, the three ways same-bytes does (plain;
duplex long-edge with 3 mm bleed; fold-and-glue). Each page of each PDF the two share is rendered with PDFium at
50 dpi in grey; a page differs when any pixel differs by more than TOLERANCE levels (anti-aliasing moves edges by
a few) or the sizes differ. Exit 0 when no page differs.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pypdfium2
from PIL import Image, ImageChops
from same_bytes import BUILDS, ROOT, build, checkout

DPI, TOLERANCE = 50, 48


def pages(pdf: Path) -> list[Image.Image]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L") for page in document]
    finally:
        document.close()


def differs(a: Image.Image, b: Image.Image) -> int:
    """The largest difference of a pixel, 0-255 (256 for pages of different sizes)."""
    if a.size != b.size:
        return 256
    low, high = ImageChops.difference(a, b).getextrema()
    return int(high)


def compare(ref: str) -> list[str]:
    differences = []
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        ref_tree = checkout(ref, base)
        for name, options in BUILDS.items():
            build(ref_tree, base / f"ref-{name}", options)
            build(ROOT, base / f"work-{name}", options)
            differences += [f"{name}: {line}" for line in _compared(base / f"ref-{name}", base / f"work-{name}")]
    return differences


def _compared(ref: Path, work: Path) -> list[str]:
    before = {p.relative_to(ref).as_posix() for p in ref.rglob("*.pdf")}
    after = {p.relative_to(work).as_posix() for p in work.rglob("*.pdf")}
    differences = [f"{p}: only in ref" for p in sorted(before - after)]
    differences += [f"{p}: only in work" for p in sorted(after - before)]
    for path in sorted(before & after):
        old, new = pages(ref / path), pages(work / path)
        if len(old) != len(new):
            differences.append(f"{path}: {len(old)} pages in ref, {len(new)} in work")
            continue
        for number, (a, b) in enumerate(zip(old, new, strict=True), 1):
            if (worst := differs(a, b)) > TOLERANCE:
                differences.append(f"{path}: page {number} differs (by up to {worst} levels)")
    print(f"same-look: {len(before & after)} PDFs compared page by page", file=sys.stderr)
    return differences


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: same_look.py REF", file=sys.stderr)
        return 2
    differences = compare(argv[0])
    for line in differences:
        print(line)
    print(f"same-look: {'no page differs' if not differences else f'{len(differences)} differences'} against "
          f"{argv[0]}", file=sys.stderr)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
