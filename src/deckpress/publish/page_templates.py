"""The publish stage's page templates (`publish/templates/`), each compiled once a process: compiling one costs
more than rendering it, and a build renders the catalogue twice (the public one and the tree's), a host's page for
each game with secrets, and an EPUB's pages for each game.

They are the press's own code, not a designer's, so they run outside the sandbox a game's templates get
(deckpress.templating): what they print is a game's, escaped, but what they do is ours. The sandbox checked each of
their 26,000 attribute reads a catalogue, a third of its rendering."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template

TEMPLATES = Path(__file__).parent / "templates"


@cache
def page_template(name: str, finalize: Callable[[Any], Any] | None = None) -> Template:
    """The template `name`, compiled; `finalize` (if any) applied to every value it prints."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                               trim_blocks=True, lstrip_blocks=True, finalize=finalize)
    return env.get_template(name)


def compile_pages() -> None:
    """Compile the catalogue's and the host's pages now: a parallel build does it while its workers draw."""
    for name in ("catalogue.html.j2", "host.html.j2"):
        page_template(name)
