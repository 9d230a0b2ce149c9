"""Art is bounded in work before it is drawn: an SVG icon or pattern tile small on disk that asks for millions of
shapes, style-sheet matches, deep nesting, numbers no PDF holds, a DOCTYPE in any encoding, or a tile laid billions
of times is a finding naming the file at `check`, and `build` ends with it too: no traceback, nothing written. Real
processes under memory and CPU-time limits."""

from __future__ import annotations

import math
import re
import resource
import shutil
import struct
import subprocess
import sys
import time
import warnings
import zlib
from pathlib import Path

import pytest
from conftest import CONTENT, LAYOUTS
from pypdf import PdfReader

from deckpress.draw.finish import DocInfo
from deckpress.draw.render import render
from deckpress.findings import Findings, Loc
from deckpress.layout.elements.pattern import MAX_TILES, draw_pattern, tiles_in
from deckpress.layout.page import Document, Drawing
from deckpress.load.icons import Icons
from deckpress.load.svgwork import MAX_COPIES, MAX_DEPTH, MAX_DRAWN

LOC = Loc("layouts/standard/lot-card.yaml", 12, 5)
NS = 'xmlns="http://www.w3.org/2000/svg"'
FRAME = 'viewBox="0 0 100 100" width="100" height="100"'
RECT = '<rect width="5" height="5"/>'
MEMORY = 1 << 30  # a bomb that got past the bounds fails the run here, not the machine


def svg(body: str, frame: str = FRAME) -> str:
    return f"<svg {NS} {frame}>{body}</svg>"


def use_bomb(fan: int, levels: int) -> str:
    """`levels` groups, each holding `fan` <use> of the one before: fan ** levels rectangles from a few lines."""
    groups = ['<rect id="l0" width="1" height="1"/>']
    groups += [f'<g id="l{i}">' + f'<use href="#l{i - 1}"/>' * fan + "</g>" for i in range(1, levels + 1)]
    return svg("<defs>" + "".join(groups) + f'</defs><use href="#l{levels}"/>')


UTF16_DOCTYPE = ('<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaa">]>'
                 + svg("<title>&a;</title>")).encode("utf-16")
HOSTILE: dict[str, tuple[str | bytes, str]] = {
    "use-bomb": (use_bomb(10, 10), f"more than {MAX_COPIES:,} copies through <use>"),
    "use-wide": (svg('<g id="a">' + RECT * 100 + "</g>" + '<use href="#a"/>' * 120),
                 f"draws more than {MAX_DRAWN:,} elements once its <use> references are expanded"),
    "use-loop": (svg('<g id="a"><g><use href="#a"/></g></g>'), "'a' is drawn inside itself"),
    "clip-loop": (svg('<clipPath id="c"><rect clip-path="url(#c)" width="1" height="1"/></clipPath>'),
                  "'c' is drawn inside itself"),
    "style": (svg("<style>" + " ".join(f"g * rect.c{i} {{fill:red}}" for i in range(600)) + "</style>"
                  + "<g>" * 8 + RECT * 1500 + "</g>" * 8), "selector matches"),
    "style-siblings": (svg("<style>" + "nope ~ rect {fill:red} " * 50 + "</style>" + RECT * 3000),
                       "selector matches"),
    "style-blocks": (svg("<style>" + "@media screen {" * 12 + "rect { fill: red }" + "}" * 12 + "</style>"),
                     "nests blocks more than 8 deep"),
    "nested": (svg("<g>" * 200 + RECT + "</g>" * 200), f"nest more than {MAX_DEPTH} deep"),
    "nested-use": (svg("".join(f'<g id="n{i}"><use href="#n{i + 1}"/></g>' for i in range(60)) + RECT),
                   f"nest more than {MAX_DEPTH} deep"),
    "zero-width": (svg(RECT, 'width="0" height="10"'), "at least 0.01 (its width is '0')"),
    "negative-box": (svg(RECT, 'viewBox="0 0 -10 10"'), "viewBox must be four numbers"),
    "tiny-box": (svg(RECT, 'viewBox="0 0 1e-9 1e-9"'), "viewBox must be four numbers"),
    "nan-width": (svg(RECT, 'width="nan" height="10"'), "its width holds 'nan'"),
    "inf-box": (svg(RECT, 'viewBox="0 0 inf 100"'), "its viewBox holds 'inf'"),
    "far-path": (svg('<path d="M0 0 L1e308 1e308 L-1e308 1e308Z"/>'), "its d holds '1e308'"),
    "far-style": (svg('<rect style="stroke-width: 1e300" width="5" height="5"/>'), "its stroke-width holds"),
    "far-sheet": (svg("<style>rect { stroke-width: 9e99 }</style>" + RECT), "its stroke-width holds"),
    "multiplied": (svg('<g transform="scale(1000)">' * 4 + RECT + "</g>" * 4), "reaches past"),
    "use-nothing": (svg('<use href="#nothing"/>'), "it draws nothing"),
    "scale-zero": (svg('<rect transform="scale(0)" width="5" height="5"/>'), "transform scale(0) flattens"),
    "scale-flat": (svg('<rect transform="scale(0 1)" width="5" height="5"/>'), "transform scale(0 1) flattens"),
    "matrix-flat": (svg('<g transform="matrix(1 2 2 4 0 0)">' + RECT + "</g>"), "transform matrix(1 2 2 4 0 0)"),
    "utf16-doctype": (UTF16_DOCTYPE, "DOCTYPE or ENTITY"),
    "utf16-dtd-only": ('<!DOCTYPE svg SYSTEM "svg.dtd">'.encode("utf-16") + svg("").encode("utf-16")[2:],
                       "DOCTYPE or ENTITY"),
}


def png_header(width: int, height: int, depth: int, colour: int) -> bytes:
    """A PNG that claims `width` x `height` pixels and holds none: its header is all the press may read."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")


def test_a_png_icon_past_the_pixel_limit_is_the_press_s_finding_not_pillow_s_warning(tmp_path):
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons/sun.png").write_bytes(png_header(13_000, 13_000, 8, 6))  # past Pillow's warning, not its error
    icons = Icons([(tmp_path / "icons", "content/game/icons")], Findings())
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        assert icons.get("sun", LOC, "card") is None
    assert not warned, [str(w.message) for w in warned]
    (finding,) = icons.findings
    assert "icon content/game/icons/sun.png is 13000 x 13000 pixels, more than the 4,000,000" in finding.message


@pytest.fixture
def capped():
    """A gigabyte more than the suite holds already: a bomb that got past the bounds fails here."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    used = int(Path("/proc/self/statm").read_text().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (used + MEMORY, hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def icons_with(tmp_path: Path, name: str, data: str | bytes) -> Icons:
    (tmp_path / "icons").mkdir(exist_ok=True)
    (tmp_path / "icons" / f"{name}.svg").write_bytes(data.encode() if isinstance(data, str) else data)
    return Icons([(tmp_path / "icons", "content/game/icons")], Findings())


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_art_that_asks_for_unbounded_work_is_refused_quickly_naming_the_file(tmp_path, capped, name):
    data, why = HOSTILE[name]
    icons, start = icons_with(tmp_path, name, data), time.process_time()
    assert icons.get(name, LOC, "pocket-bazaar lot-cards, card 7 (Teacups 1), corner pictogram") is None
    assert time.process_time() - start < 1  # refused before svglib draws a shape
    (finding,) = icons.findings
    assert finding.loc == LOC
    assert finding.message.startswith(f"pocket-bazaar lot-cards, card 7 (Teacups 1), corner pictogram: icon "
                                      f"content/game/icons/{name}.svg is refused: "), finding.message
    assert why in finding.message, finding.message


BOUNDED = {  # what a careful designer draws stays drawable: references, a style sheet, groups, big frames
    "uses": use_bomb(6, 3),
    "sheet": svg("<style>.a { fill: red } g > rect.b, #c { stroke-width: 2 }</style>"
                 + "<g>" * 6 + '<rect class="a" width="5" height="5"/>' * 200 + "</g>" * 6),
    "deep": svg("<g>" * (MAX_DEPTH - 2) + RECT + "</g>" * (MAX_DEPTH - 2)),  # the svg, the groups, the rect
    "big-frame": svg('<circle cx="5e5" cy="5e5" r="4e5" fill="#1e9999"/>', 'viewBox="0 0 1e6 1e6"'),
    "clipped": svg('<clipPath id="c"><rect width="50" height="50"/></clipPath>'
                   + '<circle clip-path="url(#c)" cx="50" cy="50" r="40"/>' * 50),
}


@pytest.mark.parametrize("name", sorted(BOUNDED))
def test_art_within_the_bounds_is_still_drawn(tmp_path, name):
    icons = icons_with(tmp_path, name, BOUNDED[name])
    icon = icons.get(name, LOC, "card")
    assert icon is not None and not icons.findings, [f.message for f in icons.findings]
    assert icon.width > 0 and all(abs(v) < 10 for v in icon.art)
    d = Drawing((210, 297))
    d.icon(icon, 10, 10, 20, None, 0.5)  # strokes set anew and the drawing copied: each walks every group
    draw_pattern(d, icon, 10, 40, 63, 88, 0.25)
    pdf = render(Document("g", "c", "Icons", "standard", "a4", [d.page]), DocInfo("I", "R", "T", "en-GB"))
    (tmp_path / "art.pdf").write_bytes(pdf)
    forms = PdfReader(tmp_path / "art.pdf").pages[0]["/Resources"]["/XObject"]
    assert len(forms) == 2 and all(math.isfinite(float(v)) for f in forms.values() for v in f.get_object()["/BBox"])


def test_a_tile_is_counted_over_its_box_before_any_is_laid(tmp_path):
    icons = icons_with(tmp_path, "dust", svg('<circle cx="0.01" cy="0.01" r="0.004"/>',
                                             'viewBox="0 0 0.02 0.02" width="0.02" height="0.02"'))
    dust = icons.get("dust", LOC, "card")
    assert dust is not None
    assert tiles_in(dust, 63, 88) == 21 * 1500 * 29 * 1500 > MAX_TILES  # 0.002 mm tiles over 63 x 87 mm of cells
    dots = Icons([(LAYOUTS / "icons", "layouts/icons")], Findings()).get("dots", LOC, "card")
    assert dots is not None and tiles_in(dots, 63, 88) == 21 * 29


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY + 600 * 2**20, MEMORY + 600 * 2**20))
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))


def _run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "deckpress", *args, "pocket-bazaar", "--content", "content",
                           "--layouts", str(LAYOUTS)], cwd=root, capture_output=True, text=True, timeout=300,
                          preexec_fn=_limited)


@pytest.mark.parametrize(("file", "data", "why"), [
    ("teacup.svg", use_bomb(10, 10), "it makes more than 1,000 copies through <use>"),
    ("teacup.svg", HOSTILE["nested"][0], "its elements nest more than 48 deep"),
    ("dots.svg", svg('<circle cx="0.01" cy="0.01" r="0.004"/>', 'viewBox="0 0 0.02 0.02"'),
     r"its tile \(0\.02 units wide\) would be laid 1,370,250,000 times over this 63 x 88 mm box"),
], ids=["use-bomb", "nested", "dust-tile"])
def test_check_and_build_end_with_the_finding_in_bounded_time_and_memory(tmp_path, file, data, why):
    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "content/pocket-bazaar")
    (tmp_path / "content/pocket-bazaar/icons" / file).write_text(data)
    checked = _run(tmp_path, "check")
    shown = re.escape(f"content/pocket-bazaar/icons/{file}")
    assert checked.returncode == 1 and "Traceback" not in checked.stderr, checked.stderr[-2000:]
    assert re.search(rf"^\S*layouts/standard/lot-(card|back)\.yaml:\d+:\d+: error: pocket-bazaar lot-cards, cards? "
                     rf".*: (icon|pattern) {shown} is refused: {why}", checked.stderr, re.M), checked.stderr
    built = _run(tmp_path, "build", "--paper", "a4", "--out", "build", "--jobs", "1")
    assert built.returncode == 1 and "Traceback" not in built.stderr, built.stderr[-2000:]
    assert re.search(why, built.stderr) and not list((tmp_path / "build").rglob("*.pdf"))


RUNS = {  # long runs the bounds' own patterns could rescan at every character: each is read in one pass
    "style-attribute": f'<rect style="{"a" * 400_000}" width="1" height="1"/>',
    "sheet-words": f"<style>{'a' * 400_000}</style>",
    "sheet-comments": f"<style>{'/*' * 200_000}</style>",
    "sheet-braces": f"<style>{'{a' * 200_000}</style>",
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_the_bounds_read_a_long_run_in_one_pass(tmp_path, name):
    icons, start = icons_with(tmp_path, name, svg(RUNS[name])), time.process_time()
    icons.get(name, LOC, "card")
    assert time.process_time() - start < 2
