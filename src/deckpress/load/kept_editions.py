"""Load stage, editions kept standing: an edition read before from the same files, found in the same folders, is
the same edition, and is not read again (its theme's and layouts' keys checked, every element's box measured
against its card's shape: most of a warm check's load of the layouts, each time).

An edition is kept only when its reading said no finding: one that did is read again each time, so its findings
are said each time. What its reading depended on is every file it looked for, each layout's folders in turn and
the files its `extends` chain names, and what it found: there or not, and the bytes. An edition is kept against
those, and used again only if each is as it was. Nothing changes an edition once read (`load_edition` sets its
build's options on a copy of it and of its theme), so one may be shared by every build of a process.
"""

from __future__ import annotations

import os
from pathlib import Path

from deckpress.findings import Findings, Heeded
from deckpress.load.extends import Sought
from deckpress.load.kept import Kept
from deckpress.load.layouts import LayoutReader
from deckpress.load.sources import read_source
from deckpress.model import Edition

# By the folders searched, the edition and the layouts asked for: a game's own layouts beside the shared ones, or
# the shared ones alone, in each edition. A few dozen, weighed by the bytes they were read from (the shipped
# layouts are some 25 kB an edition), whatever a long watch or the test suite reads.
EDITIONS: Kept[tuple[tuple[Path, ...], str, frozenset[str]], tuple[Sought, Edition]] = Kept(entries=32,
                                                                                            most=4_000_000)


def kept_edition(dirs: list[Path], edition: str, names: set[str], findings: Findings) -> Edition | None:
    """The edition's theme and the layouts named `names` (`LayoutReader.edition`): the one kept, if every file it
    was read from is as it was; else read, and kept if its reading said nothing. Shared: never changed."""
    key = (tuple(dirs), edition, frozenset(names))
    kept = EDITIONS.get(key)
    if kept is not None and unchanged(kept[0]):
        return kept[1]
    heard = Heeded(findings)
    reader = LayoutReader(heard)
    found = reader.edition(dirs, edition, names)
    if found is not None and not heard.met:
        EDITIONS.put(key, (reader.sought, found), sum(len(data or b"") for _, data in reader.sought))
    return found


def unchanged(sought: Sought) -> bool:
    """Whether each file looked for is as it was found: still not there, or there with the same bytes."""
    for path, data in sought:
        if data is None and os.path.lexists(path):
            return False
        if data is not None and read_source(path, str(path), Findings()) != data:
            return False
    return True
