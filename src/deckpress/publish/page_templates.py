"""The publish stage's page templates (`publish/templates/`), each compiled once a process: compiling one costs
more than rendering it, and a build renders the catalogue twice (the public one and the tree's), a host's page for
each game with secrets, and an EPUB's pages for each game.

They are the press's own code, not a designer's, so they run outside the sandbox a game's templates get
(deckpress.templating): what they print is a game's, escaped, but what they do is ours. The sandbox checked each of
their 26,000 attribute reads a catalogue, a third of its rendering.

Each one's compiled code is kept beside it, in `templates/__pycache__`, as Python keeps a module's: compiling them
was a tenth of a small build's time, in every process that renders one."""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import CodeType
from typing import Any

import jinja2
from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template
from jinja2.bccache import Bucket, BytecodeCache

from deckpress.paths import open_regular, write_whole
from deckpress.words import in_sentence

TEMPLATES = Path(__file__).parent / "templates"
COMPILED = TEMPLATES / "__pycache__"
MAX_COMPILED = 4 * 1024 * 1024  # bytes: the largest page's code is a hundredth of this; a bigger file is not ours


@cache
def page_template(name: str, finalize: Callable[[Any], Any] | None = None) -> Template:
    """The template `name`, compiled; `finalize` (if any) applied to every value it prints."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, finalize=finalize, bytecode_cache=Compiled())
    env.filters["in_sentence"] = _in_sentence
    return env.get_template(name)


def _in_sentence(title: str, language: str) -> str:
    """`title | in_sentence(language)`: a function of its own name, not a lambda, so the compiled page is kept."""
    return in_sentence(language, title)


class Compiled(BytecodeCache):
    """A page template's code as compiled before: taken only where it was written from that very template's text,
    by this Jinja and this Python, with the same settings; else compiled anew and written again, where Python
    would write a module's (not under PYTHONDONTWRITEBYTECODE, not where the folder may not be written). Whoever
    may write there may change the press's own modules as well."""

    def __init__(self, folder: Path = COMPILED) -> None:
        self.folder = folder

    def get_bucket(self, environment: Environment, name: str, filename: str | None, source: str) -> Bucket:
        settings = _settings(environment)
        key = "" if settings is None else hashlib.sha256(settings.encode()).hexdigest()[:16]
        bucket = Bucket(environment, key and f"{name}.{sys.implementation.cache_tag}.{key}.jinja",
                        self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        if not bucket.key:  # settings another process could not tell apart: never kept
            return
        try:
            with open_regular(self.folder / bucket.key) as file:  # a FIFO there would wait for a writer
                data = file.read(MAX_COMPILED + 1)
        except OSError:
            return
        head = _head(bucket)
        if len(data) > MAX_COMPILED or not data.startswith(head):
            return
        try:
            code = marshal.loads(data[len(head):])
        except (EOFError, ValueError, TypeError):
            return
        if isinstance(code, CodeType):
            bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        if sys.dont_write_bytecode or bucket.code is None or not bucket.key:
            return
        with contextlib.suppress(OSError):  # a cache: one not written is compiled again next time
            self.folder.mkdir(exist_ok=True)
            write_whole(self.folder / bucket.key, _head(bucket) + marshal.dumps(bucket.code))  # all or nothing


def _head(bucket: Bucket) -> bytes:
    """What a compiled template's file must start with to be taken: what it was compiled by, how (its key names the
    settings' digest) and from what."""
    made = [jinja2.__version__, sys.version, bucket.key, bucket.checksum]
    return "\n".join(["deckpress page template", *made, ""]).encode()


def _settings(env: Environment) -> str | None:
    """The environment's settings that shape a template's compiled code: its syntax, and what it calls as it
    compiles (finalize and the filters run on constants); None where one of those is a function another process
    could not tell from another of its name (a closure, a lambda, a partial)."""
    called = [env.finalize, env.autoescape, *(f for _, f in sorted(env.filters.items())),
              *(f for _, f in sorted(env.tests.items()))]
    names = [_named(f) for f in called]
    if None in names:
        return None
    return repr([env.block_start_string, env.block_end_string, env.variable_start_string, env.variable_end_string,
                 env.comment_start_string, env.comment_end_string, env.line_statement_prefix,
                 env.line_comment_prefix, env.trim_blocks, env.lstrip_blocks, env.newline_sequence,
                 env.keep_trailing_newline, sorted(env.extensions), env.optimized, env.is_async,
                 sorted(env.filters), sorted(env.tests), names])


def _named(f: Any) -> str | None:
    """A callable by the module and name it is found by in any process (None: it is not found so, being made
    as the program ran); anything else by its repr."""
    if not callable(f):
        return repr(f)
    module, name = getattr(f, "__module__", None) or "", getattr(f, "__qualname__", None) or ""
    found = getattr(sys.modules.get(module), name, None) if name and "." not in name else None
    return f"{module}.{name}" if found is f else None


def compile_pages() -> None:
    """Compile the catalogue's and the host's pages now: a parallel build does it while its workers draw."""
    for name in ("catalogue.html.j2", "host.html.j2"):
        page_template(name)
