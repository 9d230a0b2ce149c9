"""The methods `dataclasses` writes for each of the press's dataclasses (`__init__`, `__eq__`, `__hash__`...),
compiled once and kept, as Python keeps a module's compiled code in `__pycache__`: the standard library writes
each as text and compiles it in every process, 610 functions for the 124 classes a build loads: a fifth of the
command's work before its workers start.

`dataclasses` compiles each text with `exec`; its module's name `exec` is pointed here, at `compiled`, which
looks the text up in a table of code objects read from `__pycache__` (the text itself is the key: a changed class
writes a changed text, which is compiled anew) and compiles only what the table lacks, as `exec` would. The table
is written back, whole, by a process that compiled something new, unless Python is told not to write bytecode.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

from deckpress.paths import open_regular, write_whole

TABLE = Path(__file__).parent / "__pycache__" / f"dataclass-methods.{sys.implementation.cache_tag}.marshal"
HEAD = f"deckpress dataclass methods\n{sys.version}\n".encode() + MAGIC_NUMBER  # what compiled the table's code
MAX_ENTRIES = 5_000  # past this (texts of classes long changed), a table starts again from one process's own
MAX_TABLE = 16 * 1024 * 1024  # bytes: the press's methods take a twentieth of this; a bigger file is not ours
_known: dict[str, CodeType] = {}  # read from the table
_new: dict[str, CodeType] = {}  # compiled by this process, not yet in the table
_owner = [0]  # the process that read the table: only it writes it (a forked worker's compiles die with it)


def compiled(source: Any, globals: dict[str, Any] | None = None, locals: dict[str, Any] | None = None) -> None:
    """`exec` for `dataclasses`: the text of a method of one of the press's classes run from its compiled code,
    compiled only if the table lacks it; another package's compiled anew. Either as `exec` compiles a text of
    `dataclasses`, whose code has no compiler flags (not this module's `annotations`)."""
    if not isinstance(source, str):
        builtins.exec(source, globals, locals)
        return
    ours = str((globals or {}).get("__name__", "")).startswith("deckpress.")
    code = (_known.get(source) or _new.get(source)) if ours else None
    if code is None:
        code = compile(source, "<string>", "exec", dont_inherit=True)
        if ours:
            _new[source] = code
    builtins.exec(code, globals, locals)


def read(path: Path = TABLE) -> dict[str, CodeType]:
    """The table at `path`: {} if there is none, or it is damaged, or another Python wrote it."""
    try:
        with open_regular(path) as file:  # a FIFO there would wait for a writer
            data = file.read(MAX_TABLE + 1)
        if len(data) > MAX_TABLE or not data.startswith(HEAD):
            return {}
        table = marshal.loads(data[len(HEAD):])
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {k: v for k, v in table.items() if isinstance(k, str) and isinstance(v, CodeType)}


def write(path: Path = TABLE) -> None:
    """What this process compiled, added to the table, where Python would write a module's compiled code (not
    under PYTHONDONTWRITEBYTECODE, not where the folder may not be written; whoever may write there may change the
    press's own modules as well), all or nothing; nothing if it compiled nothing new or is a forked worker."""
    if not _new or sys.dont_write_bytecode or os.getpid() != _owner[0]:
        return
    table = {**_known, **_new} if len(_known) + len(_new) <= MAX_ENTRIES else dict(_new)
    with contextlib.suppress(OSError):  # a table not written: compiled again next time
        path.parent.mkdir(exist_ok=True)
        write_whole(path, HEAD + marshal.dumps(table))
        _known.update(_new)
        _new.clear()


def install() -> None:
    """The table read and `dataclasses` pointed at `compiled`, once a process; the table written at its exit."""
    if getattr(dataclasses, "exec", None) is compiled:
        return
    import atexit

    _owner[0] = os.getpid()
    _known.update(read())
    dataclasses.exec = compiled  # type: ignore[attr-defined]  # the module's own name, over the builtin
    atexit.register(write)
