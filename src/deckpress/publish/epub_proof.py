"""What a book's accessibility summary may claim: checks run over its content documents as it is packed.

The summary states what these checks proved of this book (its pages' language and titles, the order of its
headings, its tables' header cells, its links' and images' text, its form fields' labels), with counts, and names
any that failed; the book claims conformance to WCAG only when every check held. The checks read the pages the
book holds, as XML, so a change to the text edition's template that breaks one shows in the summary (and as a
warning of the build) instead of behind a fixed text.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass

_X = "{http://www.w3.org/1999/xhtml}"
_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_HEADINGS = {f"{_X}h{n}": n for n in range(1, 7)}
_CONTROLS = (f"{_X}input", f"{_X}select", f"{_X}textarea")


@dataclass(frozen=True)
class Proof:
    """One check over the book: how many things it looked at, and what broke it (empty: it held)."""

    key: str  # the words' key (deckpress.words) that says what it proved
    count: int
    failures: tuple[str, ...]

    @property
    def held(self) -> bool:
        return not self.failures


def proofs(pages: dict[str, bytes], language: str) -> list[Proof]:
    """Every check over the book's content documents (name -> bytes)."""
    roots = {name: ET.fromstring(data) for name, data in pages.items()}
    return [check(roots, language) for check in CHECKS]


def _each(roots: dict[str, ET.Element], tags: tuple[str, ...]) -> Iterator[tuple[str, ET.Element]]:
    for name, root in roots.items():
        for tag in tags:
            for element in root.iter(tag):
                yield name, element


def _text(element: ET.Element) -> str:
    return " ".join("".join(element.itertext()).split())


def _languages(roots: dict[str, ET.Element], language: str) -> Proof:
    wrong = [n for n, r in roots.items() if r.get("lang") != language or r.get(_LANG) != language]
    titles = {n: r.find(f"{_X}head/{_X}title") for n, r in roots.items()}
    titled = [f"{n}: no title" for n, title in titles.items() if title is None or not _text(title)]
    return Proof("epub_proof_pages", len(roots), tuple(wrong + titled))


def _headings(roots: dict[str, ET.Element], language: str) -> Proof:
    """Headings in reading order, each at most one level below the one before it (a page's first at h1 or h2),
    none empty."""
    count, broken = 0, []
    for name, root in roots.items():
        last = 1
        for element in root.iter():
            level = _HEADINGS.get(element.tag)
            if level is None:
                continue
            count += 1
            if level > last + 1 or not _text(element):
                broken.append(f"{name}: {_text(element) or 'an empty heading'}")
            last = level
    return Proof("epub_proof_headings", count, tuple(broken))


def _tables(roots: dict[str, ET.Element], language: str) -> Proof:
    """Every table has header cells, each scoped to its row or column and saying something."""
    tables = list(_each(roots, (f"{_X}table",)))
    broken = []
    for name, table in tables:
        heads = list(table.iter(f"{_X}th"))
        if not heads or any(th.get("scope") not in ("col", "row", "colgroup", "rowgroup") or not _text(th)
                            for th in heads):
            broken.append(f"{name}: a table")
    return Proof("epub_proof_tables", len(tables), tuple(broken))


def _links(roots: dict[str, ET.Element], language: str) -> Proof:
    links = list(_each(roots, (f"{_X}a",)))
    return Proof("epub_proof_links", len(links),
                 tuple(f"{n}: {a.get('href')}" for n, a in links if not (_text(a) or a.get("aria-label"))))


def _images(roots: dict[str, ET.Element], language: str) -> Proof:
    images = list(_each(roots, (f"{_X}img",)))
    return Proof(IMAGES, len(images),
                 tuple(f"{n}: {i.get('src')}" for n, i in images if i.get("alt") is None))


def _controls(roots: dict[str, ET.Element], language: str) -> Proof:
    """Every form field has a name a reader says: a label that names it, or its own aria-label."""
    labelled = {label.get("for") for _, label in _each(roots, (f"{_X}label",))}
    controls = [(n, c) for n, c in _each(roots, _CONTROLS) if c.get("type") != "hidden"]
    return Proof("epub_proof_controls", len(controls),
                 tuple(f"{n}: {c.get('name') or c.get('id')}" for n, c in controls
                       if c.get("id") not in labelled and not c.get("aria-label")))


def summary(found: list[Proof], say: Callable[..., str]) -> str:
    """What the checks proved, in words, with counts; what they did not, named."""
    claims = [say(p.key if p.count else f"{p.key}_none", count=p.count) for p in found
              if p.held and (p.count or p.key == IMAGES)]  # no images: said, as readers ask; no tables: not
    text = say("epub_proof_intro", claims=say("list_separator").join(claims))
    failed = [f"{say(p.key, count=p.count)} ({', '.join(p.failures[:3])})" for p in found if not p.held]
    return f"{text} {say('epub_proof_failed', checks=say('list_separator').join(failed))}" if failed else text


IMAGES = "epub_proof_images"
CHECKS: tuple[Callable[[dict[str, ET.Element], str], Proof], ...] = (
    _languages, _headings, _tables, _links, _images, _controls)
