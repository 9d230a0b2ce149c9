"""'Did you mean': the known names closest to one that is not known, British and US spellings taken as one
(`color` finds `colour`, `center` finds `centre`)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

# US spelling -> British, the press's own: a name written either way is the same name
SPELLINGS = {"color": "colour", "center": "centre", "gray": "grey", "meter": "metre", "favor": "favour",
             "catalog": "catalogue", "labeled": "labelled", "canceled": "cancelled", "honor": "honour"}
_US = re.compile("|".join(SPELLINGS))
SHOWN = 3  # suggestions offered at most


def british(name: str) -> str:
    """`name` with US spellings of its words made British, lower case: `Background-Color` -> `background-colour`."""
    return _US.sub(lambda m: SPELLINGS[m.group(0)], name.lower())


def closest(name: str, known: Iterable[str]) -> list[str]:
    """The known names `name` most likely means, best first: the same name spelt the British or US way, then
    the closest by letters."""
    names = sorted({str(k) for k in known})
    by_spelling: dict[str, list[str]] = {}
    for known_name in names:
        by_spelling.setdefault(british(known_name), []).append(known_name)
    wanted = british(name)
    same = [k for k in by_spelling.get(wanted, []) if k != name]
    close = difflib.get_close_matches(wanted, list(by_spelling), n=SHOWN)
    found = same + [k for spelt in close for k in by_spelling[spelt] if k not in same and k != name]
    return found[:SHOWN]


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`; did you mean 'colour'?` (or `'a' or 'b'`), or '' when no known name is close."""
    return suggested(closest(str(name), known))


def suggested(names: list[str]) -> str:
    """`; did you mean 'colour'?` (or `'a' or 'b'`) for the names found close, '' for none."""
    quoted = [f"'{c}'" for c in names]
    if not quoted:
        return ""
    return f"; did you mean {', '.join(quoted[:-1]) + ' or ' if len(quoted) > 1 else ''}{quoted[-1]}?"
