"""Every page of the text edition in a real browser: axe-core (npm `axe-core`, injected into headless Chromium)
finds no violation, and in a 320 px wide viewport the page reflows without scrolling sideways."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / ".tools/node_modules/axe-core/axe.min.js"  # where .ci/run installs it (npm install --prefix .tools)
WIDTH = 320  # CSS px: WCAG 2 reflow (1.4.10)
# Loads each page in turn into a frame 320 px wide (Chromium's window cannot be that narrow), injects axe into it,
# runs it, measures the page's width and, after the last page, writes all it found into the DOM for --dump-dom.
HARNESS = """<!DOCTYPE html><html lang="en"><head><title>axe</title></head><body>
<iframe id="frame" title="page" style="width: %(width)dpx; height: 800px; border: 0"></iframe>
<script>
const pages = %(pages)s, found = {}, frame = document.getElementById("frame");
function next(i) {
  if (i === pages.length) {
    document.documentElement.setAttribute("data-found", JSON.stringify(found));
    return;
  }
  frame.onload = () => {
    const page = frame.contentDocument, script = page.createElement("script");
    script.src = %(axe)s;
    script.onload = () => frame.contentWindow.axe.run(page, {resultTypes: ["violations"]}).then(result => {
      found[pages[i]] = {
        violations: result.violations.map(v => ({id: v.id, help: v.help, nodes: v.nodes.map(n => n.target.join(" "))})),
        scroll: page.documentElement.scrollWidth, width: frame.contentWindow.innerWidth};
      next(i + 1);
    }, error => { found[pages[i]] = {error: String(error)}; next(i + 1); });
    page.head.appendChild(script);
  };
  frame.src = pages[i];
}
next(0);
</script></body></html>"""


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("no Chromium on this machine (.ci/run installs Debian's chromium)")
    if not AXE.is_file():
        pytest.skip(f"no axe-core at {AXE} (.ci/run installs it with npm into .tools)")
    return found


def axe_found(pages: list[str], tmp_path: Path) -> dict[str, dict[str, object]]:
    """What axe found on each page (by its URL), run in headless Chromium at 320 px, with the page's widths."""
    browser = chromium()
    harness = tmp_path / "harness.html"
    harness.write_text(HARNESS % {"width": WIDTH, "pages": json.dumps(pages), "axe": json.dumps(AXE.as_uri())},
                       encoding="utf-8")
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--hide-scrollbars", "--allow-file-access-from-files", f"--user-data-dir={tmp_path / 'profile'}",
               "--virtual-time-budget=120000", "--dump-dom", harness.as_uri()]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    result = re.search(r'data-found="([^"]*)"', run.stdout)
    assert result, f"axe did not finish: {run.stderr[-2000:]}"
    found: dict[str, dict[str, object]] = json.loads(unescape(result.group(1)))
    assert sorted(found) == sorted(pages)
    return found


def test_axe_finds_no_violation_and_every_page_reflows_at_320_px(built, tmp_path):
    pages = [p.as_uri() for p in sorted(built.glob("*/*.html"))]
    assert len(pages) >= 13  # three games' pages, Open Secret Exchange's host and private pages among them
    for page, said in axe_found(pages, tmp_path).items():
        assert said.get("violations") == [], f"{page}: {said}"
        assert said["width"] == WIDTH and said["scroll"] <= WIDTH, f"{page}: {said}"
