"""Bad input never crashes: mutated sources end in findings at file:line:col, never a traceback."""

from __future__ import annotations

import os
import re
import shutil
import time

from conftest import CONTENT, LAYOUTS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckpress.cli import main

FINDING = re.compile(r"^\S+:\d+:\d+: error: .+$", re.M)
SOURCES = sorted(p.relative_to(CONTENT).as_posix() for p in CONTENT.glob("*/*.yaml"))  # every game's every file
# CI replays the same examples every run; DECKPRESS_FUZZ_EXAMPLES=2000 explores afresh (and remembers failures)
EXPLORE = int(os.environ.get("DECKPRESS_FUZZ_EXAMPLES", 0))


def mutations():
    junk = st.one_of(
        st.text(min_size=0, max_size=40),
        st.sampled_from(["", "~", "[", "{", "}", ":", "- -", "\t", "&a [*a]", "!!python/object:os.system x", "7",
                         "-3.5", "true", "null", "[1, 2]", "{a: 1}", "x" * 100_000, "[" * 2000 + "]" * 2000]),
    )
    line_edit = st.tuples(st.sampled_from(["replace", "delete", "duplicate", "insert", "value"]),
                          st.integers(0, 10_000), junk)
    whole = st.sampled_from(["empty", "truncate", "latin-1", "bom", "bomb"])
    return st.tuples(st.sampled_from(SOURCES), st.one_of(st.lists(line_edit, min_size=1, max_size=3), whole))


def apply(text: str, change) -> bytes:  # type: ignore[no-untyped-def]
    if change == "empty":
        return b""
    if change == "truncate":
        return text[: len(text) // 3].encode()
    if change == "latin-1":
        return (text + "\ncaf\xe9: 1\n").encode("latin-1", errors="replace")
    if change == "bom":
        return b"\xff\xfe" + text.encode()
    if change == "bomb":
        aliases = "".join(f"{c}: &{c} [*{p}, *{p}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True))
        return ("a: &a [x, x]\n" + aliases + text).encode()
    lines = text.splitlines()
    for kind, at, junk in change:
        i = at % max(len(lines), 1)
        if kind == "replace":
            lines[i:i + 1] = [junk]
        elif kind == "delete":
            del lines[i:i + 1]
        elif kind == "duplicate":
            lines[i:i] = lines[i:i + 1]
        elif kind == "insert":
            lines.insert(i, junk)
        elif lines and ":" in lines[i]:
            lines[i] = lines[i].split(":", 1)[0] + ": " + junk
    return "\n".join(lines).encode("utf-8", errors="surrogatepass")


@settings(max_examples=EXPLORE or 40, derandomize=not EXPLORE, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutation=mutations())
def test_mutated_sources_give_findings_not_tracebacks(tmp_path_factory, capsys, mutation):
    root = tmp_path_factory.mktemp("fuzz")
    name, change = mutation
    game = name.split("/")[0]
    shutil.copytree(CONTENT / game, root / "content" / game)
    path = root / "content" / name
    path.write_bytes(apply(path.read_text(encoding="utf-8"), change))
    start = time.perf_counter()
    status = main(["check", game, "--content", str(root / "content"), "--layouts", str(LAYOUTS)])
    err = capsys.readouterr().err
    assert time.perf_counter() - start < 20  # a generous bound: an exponential blow-up would never finish
    assert status in (0, 1), err
    if status == 1:
        assert FINDING.search(err), err
    assert "Traceback" not in err
