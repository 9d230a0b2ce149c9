"""The text edition's pages as EPUB content documents: each page's <body>, read as XML, becomes a chapter.

Only a page's <title> and <body> are read, so its head (styles, meta elements) stays the HTML edition's own. Every
heading gets an id (the navigation document points at it); a link to another packed page leads to its chapter, and
a link to a page left out of the book (a secret page, in the public book) is unwrapped to its text.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from markupsafe import Markup, escape

_BODY = re.compile(r"<body\b[^>]*>(.*)</body>", re.S)
_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title>", re.S)
HEADINGS = {f"h{n}": n for n in range(1, 7)}


class PageError(ValueError):
    """A page the press wrote that is not well-formed XML: a fault of the text edition's template."""


@dataclass(frozen=True)
class Heading:
    level: int
    target: str  # chapter#id
    text: str
    children: list[Heading] = field(default_factory=list)  # the headings under it, for the table of contents


@dataclass(frozen=True)
class PageBreak:
    """Where a page of the printed rules begins (`deckpress.publish.page_list`): the page list's entries."""

    label: str
    target: str  # chapter#id
    source: str  # the printed file the numbers are those of


@dataclass(frozen=True)
class Chapter:
    name: str  # the content document's file name in the book
    title: str
    body: str  # the body's content, serialised as XHTML
    headings: tuple[Heading, ...]
    breaks: tuple[PageBreak, ...] = ()


def chapter_name(page: str) -> str:
    """`pocket-bazaar.html` -> `pocket-bazaar.xhtml`."""
    return page.removesuffix(".html") + ".xhtml"


def chapters(pages: dict[str, str]) -> list[Chapter]:
    """Page file name -> HTML, as chapters in the same order (the book's reading order)."""
    names = {page: chapter_name(page) for page in pages}
    return [_chapter(page, text, names) for page, text in pages.items()]


def contents(chapters: list[Chapter]) -> list[Heading]:
    """Every chapter's headings as a tree: each under the nearest heading before it of a higher rank in its
    chapter (a chapter's first heading is a root, whatever its rank)."""
    roots: list[Heading] = []
    for chapter in chapters:
        stack: list[Heading] = []
        for h in chapter.headings:
            node = Heading(h.level, h.target, h.text)
            while stack and stack[-1].level >= node.level:
                stack.pop()
            (stack[-1].children if stack else roots).append(node)
            stack.append(node)
    return roots


def listed(headings: list[Heading]) -> Markup:
    """The table of contents' items, each heading's own under it: markup made here rather than in the navigation
    document's template, where every attribute a sandboxed template reads is checked (a deck's page has a heading
    a card)."""
    return Markup("".join(f'<li><a href="{escape(h.target)}">{escape(h.text)}</a>'
                          f'{f"<ol>{chr(10)}{listed(h.children)}</ol>" if h.children else ""}</li>{chr(10)}'
                          for h in headings))


def _chapter(page: str, text: str, names: dict[str, str]) -> Chapter:
    body = _body(page, text)
    _name_headings(body)
    _relink(body, names)
    name = names[page]
    headings = tuple(Heading(HEADINGS[e.tag], f"{name}#{e.get('id')}", _words(e))
                     for e in body.iter() if e.tag in HEADINGS)
    title = _title(text) or (headings[0].text if headings else name)
    inner = html.escape(body.text or "", quote=False) + "".join(ET.tostring(child, encoding="unicode")
                                                                for child in body)
    breaks = tuple(PageBreak(e.get("title") or "", f"{name}#{e.get('id')}", e.get("data-source") or "")
                   for e in body.iter() if e.get("role") == "doc-pagebreak" and e.get("id"))
    return Chapter(name, title, inner, headings, breaks)


def _body(page: str, text: str) -> ET.Element:
    found = _BODY.search(text)
    if found is None:
        raise PageError(f"{page}: the page has no <body>")
    try:
        return ET.fromstring(f"<body>{found.group(1)}</body>")
    except ET.ParseError as e:
        line, column = e.position
        line += text.count("\n", 0, found.start(1))
        raise PageError(f"{page}:{line}:{column}: the page's body is not well-formed XML: {e.msg}") from None


def _title(text: str) -> str:
    found = _TITLE.search(text)
    return " ".join(html.unescape(found.group(1)).split()) if found else ""


def _words(element: ET.Element) -> str:
    return " ".join("".join(element.itertext()).split())


def _name_headings(body: ET.Element) -> None:
    """An id on every heading that has none, unlike any id on the page."""
    taken = {e.get("id") for e in body.iter()} - {None}
    number = 0
    for e in body.iter():
        if e.tag in HEADINGS and not e.get("id"):
            number += 1
            while f"h-{number}" in taken:
                number += 1
            e.set("id", f"h-{number}")


def _relink(body: ET.Element, names: dict[str, str]) -> None:
    """Links to packed pages lead to their chapters; links to any other page of the edition become text."""
    for parent in list(body.iter()):
        for child in list(parent):
            href = child.get("href") if child.tag == "a" else None
            if href is None or href.startswith("#") or urlsplit(href).scheme:
                continue  # not a link, a link within the page, or one to the web
            page, hash_, fragment = href.partition("#")
            if page in names:
                child.set("href", names[page] + hash_ + fragment)
            else:
                _unwrap(parent, child)


def _unwrap(parent: ET.Element, child: ET.Element) -> None:
    """`child` replaced by its content, its text and tail kept in place."""
    index = list(parent).index(child)
    kids = list(child)
    lead = child.text or ""
    if kids:
        kids[-1].tail = (kids[-1].tail or "") + (child.tail or "")
    else:
        lead += child.tail or ""
    if index == 0:
        parent.text = (parent.text or "") + lead
    else:
        parent[index - 1].tail = (parent[index - 1].tail or "") + lead
    parent.remove(child)
    for offset, kid in enumerate(kids):
        parent.insert(index + offset, kid)
