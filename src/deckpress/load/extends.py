"""Load stage, `extends`: a layout file with the files it extends merged underneath it.

A mistake in the chain (a name that is no layout, a circle, a chain too long) is said once, at the `extends`
written, and the layout is left unread: what it lacks without its base would only follow from that mistake.
"""

from __future__ import annotations

import os
from pathlib import Path

from deckpress.findings import Findings, Loc, echoed
from deckpress.hints.spelling import did_you_mean
from deckpress.layout.schemas import LAYOUT_KINDS
from deckpress.load.schema import describe
from deckpress.load.sources import Node, parse_source, read_source
from deckpress.paths import NAME

THEME = "theme"  # the edition's theme file (theme.yaml), beside its layouts
MAX_EXTENDS = 32  # layouts one `extends` chain may pass through: no real layout comes near, a longer one is a mistake


Sought = list[tuple[Path, bytes | None]]  # each file looked for, in turn, with its bytes; None: not there


def extended(dirs: list[Path], edition: str, name: str, findings: Findings, unreadable: set[str],
             sought: Sought) -> Node | None:
    """The layout file, with the files it `extends` merged underneath it: a chain walked, not recursed.
    None: there is none, or it is in error (said, and the layout kept in `unreadable`). Every file looked for
    is noted in `sought`."""
    chain, names, parents, node = [], [name], [], _file(dirs, edition, name, findings, unreadable, sought)
    first = None  # the layout's own `extends` key: where a chain too long is said
    kind = None  # the kind the chain's layouts say they are, the nearest first
    while node is not None and node.is_map and "extends" in node.value:
        kind = kind or _kind(node)
        value, key_locs = dict(node.value), dict(node.key_locs)  # the file's tree is shared: left as read
        parent, first = value.pop("extends"), first or key_locs["extends"]
        del key_locs["extends"]
        parents.append(parent.loc)  # where each of `names` names the next
        chain.append(Node(value, node.loc, key_locs))
        if (wrong := _misnamed(parent.value)) is not None:
            findings.error(parent.loc, wrong)
        elif parent.value in names:
            start = names.index(parent.value)
            _circle(names[start:], parents[start:], findings)
        elif len(names) > MAX_EXTENDS:
            findings.error(first, f"layout '{name}' extends a chain of more than {MAX_EXTENDS} layouts "
                                  f"('{names[1]}' … '{parent.value}'): no layout needs so many, so one "
                                  f"of them is a mistake")
        elif (node := _file(dirs, edition, parent.value, findings, unreadable, sought)) is None:
            if parent.value not in unreadable:  # else said where that file is wrong
                findings.error(parent.loc, f"layout '{echoed(parent.value)}' not found for edition {edition}"
                                           f"{did_you_mean(parent.value, layout_files(dirs, edition))}")
        elif kind is not None and (other := _kind(node)) not in (None, kind):
            # a card layout over a sheet's keys: each of them would be a finding in the press's own file
            findings.error(parent.loc, f"'{parent.value}' is a {other} layout, and this one a {kind} layout: "
                                       f"extends names a layout of its own kind")
        else:
            names.append(parent.value)
            continue
        unreadable.update(names)
        return None
    for child in reversed(chain):
        node = child if node is None else _merge(node, child)
    return node


def _misnamed(value: object) -> str | None:
    """What is wrong with `extends: value` as a layout's name, before any file is looked for; None if nothing."""
    if not isinstance(value, str) or not NAME.fullmatch(value):
        return (f"extends names one layout file of this folder, so it is lowercase letters, digits and hyphens, "
                f"got {describe(value)}")
    if value == THEME:  # its keys are the edition's, none a layout's
        return f"extends names a layout; '{THEME}' is the edition's theme, which every layout of the edition " \
               f"follows already"
    return None


def _kind(node: Node) -> str | None:
    """The kind a layout file says it is (`kind: card`), if it says one (a kind misspelt is its reader's to say)."""
    said = node.value.get("kind") if node.is_map else None
    return said.value if said is not None and said.value in LAYOUT_KINDS else None


def _circle(names: list[str], locs: list[Loc], findings: Findings) -> None:
    """Layouts that extend one another round to the first: said once, whichever was read first, at the
    `extends` value of the first of them by name."""
    first = names.index(min(names))
    turn = names[first:] + names[:first]
    if len(turn) == 1:
        findings.error(locs[first], f"layout '{echoed(turn[0])}' extends itself")
        return
    listed = ", ".join(f"'{echoed(n)}'" for n in turn[:-1]) + f" and '{echoed(turn[-1])}'"
    findings.error(locs[first], f"layouts {listed} extend one another in a circle "
                                f"({' → '.join(map(echoed, [*turn, turn[0]]))}): one of them must extend a layout "
                                f"outside it, or none")


def layout_files(dirs: list[Path], edition: str) -> list[str]:
    """The layouts the edition's folders hold, by name, its theme apart: what a layout not found may have meant."""
    try:
        return [p.stem for folder in dirs if (folder / edition).is_dir()
                for p in (folder / edition).glob("*.yaml") if p.stem != THEME]
    except OSError:
        return []


def _file(dirs: list[Path], edition: str, name: str, findings: Findings, unreadable: set[str],
          sought: Sought) -> Node | None:
    """A layout's own file, the first found (None: there is none, or it is not YAML: said, and kept in `unreadable`)."""
    for folder in dirs:
        path = folder / edition / f"{name}.yaml"
        if not os.path.lexists(path):  # a folder, FIFO or link leading nowhere there too: said, not passed over
            sought.append((path, None))
            continue
        data = read_source(path, str(path), findings)
        sought.append((path, data))
        node = parse_source(data, str(path), findings) if data is not None else None
        if node is None:
            unreadable.add(name)
        return node
    return None


def _merge(base: Node, over: Node) -> Node:
    """Deep-merge two located mappings; `over` wins, lists are replaced whole."""
    if not (base.is_map and over.is_map):
        return over
    value, key_locs = dict(base.value), dict(base.key_locs)
    for key, child in over.value.items():
        value[key] = _merge(base.value[key], child) if key in base.value else child
        key_locs[key] = over.key_locs[key]
    return Node(value, over.loc, key_locs)
