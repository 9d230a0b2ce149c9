"""Read YAML into nodes that remember where each key and value came from.

Only plain data is accepted: the safe loader, no aliases (they can expand
exponentially), no duplicate keys, string keys only.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

import yaml
import yaml.reader

from deckpress.findings import CONTROL, CONTROLLED, Cleaned, Findings, Heeded, Loc, control_character, echoed
from deckpress.hints.yaml_traps import read_as_collection, syntax
from deckpress.load.kept import Kept
from deckpress.paths import open_regular

# A deck of 24,000 cards is about 5 MB of YAML and reads in about 2 s; past this a file is a mistake
MAX_SOURCE_BYTES = 16_000_000
# Values a file may hold (keys, items and scalars): 24,000 cards of a dozen fields are about 300,000. Each takes a
# node in memory, so 16 MB of `[{}, {}, ...]` (5 million) would take gigabytes: refused as it is read
MAX_VALUES = 1_000_000
# Trees parsed without a finding, by their text and the name they are shown as (each node's place names it): a
# few hundred files, at most a million characters (a tree takes some 15 times the memory of its text); a deck
# of thousands of cards is read afresh each time
PARSED: Kept[tuple[str, str], Node] = Kept(entries=400, most=1_000_000)


class _NoKeys(Mapping[str, Loc]):
    """The key locations of a scalar or a list: none. One shared, read-only instance (a big deck has many)."""

    def __getitem__(self, key: str) -> Loc:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __reduce__(self) -> str:
        return "NO_KEYS"  # unpickled as this module's instance


NO_KEYS = _NoKeys()


class Node:
    """A YAML value: dict[str, Node], list[Node] or a scalar, with its location (and a mapping's, its keys')."""

    __slots__ = ("value", "loc", "key_locs")

    def __init__(self, value: Any, loc: Loc, key_locs: Mapping[str, Loc] = NO_KEYS) -> None:
        self.value, self.loc, self.key_locs = value, loc, key_locs

    @property
    def is_map(self) -> bool:
        return isinstance(self.value, dict)

    @property
    def is_list(self) -> bool:
        return isinstance(self.value, list)

    def copy(self) -> Node:
        """The tree with mappings and lists of its own, to change in place: one `parse_yaml` gives may be shared."""
        if self.is_map:
            return Node({k: v.copy() for k, v in self.value.items()}, self.loc, dict(self.key_locs))
        if self.is_list:
            return Node([v.copy() for v in self.value], self.loc)
        return Node(self.value, self.loc)

    def plain(self) -> Any:
        """The value without locations."""
        if self.is_map:
            return {k: v.plain() for k, v in self.value.items()}
        if self.is_list:
            return [v.plain() for v in self.value]
        return self.value


class SourceError(Exception):
    def __init__(self, loc: Loc, message: str) -> None:
        super().__init__(message)
        self.loc = loc
        self.message = message


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's parser where PyYAML has it (about twenty times faster), the pure-Python one otherwise. Each
    plain scalar's type (text, number, true/false) is told once a file: a deck repeats its keys and most values.
    (Quoted scalars are always text, and PyYAML tells them at once.)"""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._tags: dict[str, str] = {}

    def resolve(self, kind: type, value: Any, implicit: Any) -> str:
        if kind is not yaml.ScalarNode or not (isinstance(implicit, tuple) and implicit[0]):
            return super().resolve(kind, value, implicit)  # type: ignore[no-any-return]
        tag = self._tags.get(value)
        if tag is None:
            tag = self._tags[value] = super().resolve(kind, value, implicit)
        return tag


ALIASES = "YAML aliases are not allowed in content"
YAML_TAG = "tag:yaml.org,2002:"
MAP, SEQ = YAML_TAG + "map", YAML_TAG + "seq"
STR = YAML_TAG + "str"
SCALAR_TAGS = {YAML_TAG + t for t in ("int", "float", "bool", "null", "timestamp")}
MAX_DEPTH = 100  # content is a few levels deep; far deeper is a mistake (and would exhaust recursion later)


class _Mark(Protocol):
    """A place in a YAML stream: PyYAML's `Mark` or libyaml's, which the parser's events carry."""

    line: int
    column: int


def _loc(name: str, mark: _Mark | None) -> Loc:
    return Loc(name, mark.line + 1, mark.column + 1) if mark is not None else Loc(name)


def read_yaml(path: Path, shown_as: str, findings: Findings, own: bool = False) -> Node | None:
    """Parse one YAML file; report every problem into `findings`, return None if unusable. `own`: as parse_yaml."""
    data = read_source(path, shown_as, findings)
    return None if data is None else parse_source(data, shown_as, findings, own)


def parse_source(data: bytes, shown_as: str, findings: Findings, own: bool = False) -> Node | None:
    """A source file's bytes parsed as `read_yaml` does: UTF-8 text, then YAML."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        findings.error(Loc(shown_as, line, col), f"file is not valid UTF-8 (byte 0x{data[exc.start]:02x})")
        return None
    return parse_yaml(text, shown_as, findings, own)


def read_source(path: Path, shown_as: str, findings: Findings) -> bytes | None:
    """A source file's bytes, or None (reported) when it cannot be read or is larger than any source may be."""
    try:
        with open_regular(path) as file:  # a FIFO in its place would block the read forever
            data = file.read(MAX_SOURCE_BYTES + 1)  # never more, whatever the file system says of its size
    except OSError as exc:
        findings.error(Loc(shown_as), f"cannot read file: {exc.strerror}")
        return None
    if len(data) > MAX_SOURCE_BYTES:
        findings.error(Loc(shown_as), f"file is larger than {MAX_SOURCE_BYTES:,} bytes")
        return None
    return data


def parse_yaml(text: str, shown_as: str, findings: Findings, own: bool = False) -> Node | None:
    """Parse YAML text (a file's, or a spreadsheet cell's) as `read_yaml` does. A text parsed before without a
    finding, under the same name, gives the same tree again (`PARSED`): it is shared, so never changed in place;
    `own` asks for a tree to change (a copy of one kept; one not kept as it is). One with findings is parsed again
    each time: they are said each time, and a hint in them may quote the file as it now is."""
    tree = PARSED.get((text, shown_as))
    if tree is None:
        heard = Heeded(findings)
        tree = _parse(text, shown_as, heard)
        if tree is None or heard.met or not PARSED.put((text, shown_as), tree, len(text)):
            return tree  # not kept: the caller's own
    return tree.copy() if own else tree


def _parse(text: str, shown_as: str, findings: Findings) -> Node | None:
    loader = None
    try:
        loader = _Loader(text)  # a character YAML does not allow may be found here, before parsing starts
        return _compose(loader, shown_as, findings)
    except SourceError as exc:
        findings.error(exc.loc, exc.message)
    except (yaml.MarkedYAMLError, yaml.reader.ReaderError) as exc:
        findings.error(*syntax(exc, text, shown_as))
    except yaml.YAMLError as exc:
        findings.error(Loc(shown_as), f"YAML syntax: {exc}")
    finally:
        if loader is not None:
            loader.dispose()
    return None


def _compose(loader: Any, name: str, findings: Findings) -> Node | None:
    """Located nodes straight from the parser's events. PyYAML's own tree (a node and two marks for every value)
    took ten times the memory of the file; this keeps only the values and where they are. An alias is refused
    where it stands, so an alias bomb is never expanded."""
    loader.get_event()  # the stream starts
    if loader.check_event(yaml.StreamEndEvent):
        findings.error(Loc(name), "file is empty")
        return None
    loader.get_event()  # the document starts
    open_: list[tuple[Node, list[Any]]] = []  # collections being read; for a mapping, [key, key's place] pending
    for count in itertools.count():
        event = loader.get_event()
        if count > MAX_VALUES:
            raise SourceError(_loc(name, event.start_mark), f"the file holds more than {MAX_VALUES:,} values, more "
                                                            "than any game's source; split it or trim it")
        if isinstance(event, yaml.DocumentEndEvent):
            break
        loc = _loc(name, event.start_mark)
        if isinstance(event, yaml.AliasEvent):
            raise SourceError(loc, ALIASES)
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if len(open_) >= MAX_DEPTH:
                raise SourceError(loc, f"YAML is nested more than {MAX_DEPTH} levels deep")
            mapping = isinstance(event, yaml.MappingStartEvent)
            if event.tag not in (None, "!", MAP if mapping else SEQ):  # `!!python/object/apply [...]`: refused
                raise SourceError(loc, f"YAML tag {event.tag.replace(YAML_TAG, '!!')} is not allowed here")
            open_.append((Node({}, loc, {}) if mapping else Node([], loc), [None, None]))
            continue
        node = open_.pop()[0] if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)) else Node(
            _scalar(loader, event, name), loc)
        _without_controls(node, findings)
        if not open_:
            root = node
            continue
        _attach(open_[-1], node, findings)
    if not loader.check_event(yaml.StreamEndEvent):
        raise SourceError(_loc(name, loader.peek_event().start_mark), "a file holds one YAML document, found more")
    return root


def _without_controls(node: Node, findings: Findings) -> None:
    """A text's control characters said where it stands, then taken out: no later check trips on them again."""
    if isinstance(node.value, str) and (control := control_character(node.value)) is not None:
        findings.error(node.loc, CONTROLLED.format(control=control))
        cleaned = Cleaned(CONTROL.sub("", node.value))
        cleaned.written, cleaned.control = node.value, control
        node.value = cleaned


def _attach(parent: tuple[Node, list[Any]], node: Node, findings: Findings) -> None:
    """Put a finished node into the collection that holds it: a list item, a mapping's key, or its value."""
    holder, pending = parent
    if isinstance(holder.value, list):
        holder.value.append(node)
        return
    key, key_loc = pending
    if key is None:  # this node is a key
        plain = isinstance(node.value, str)
        hint = None if plain else read_as_collection(holder.loc)  # `text: {{ card.x }}`: a mapping in a mapping
        if hint is not None:
            findings.error(holder.loc, hint)  # as reading the text would say it: one finding
        elif not plain:
            findings.error(node.loc, "keys must be plain text")
        elif node.value in holder.value:
            first = holder.key_locs[node.value]
            findings.error(node.loc, f"duplicate key '{echoed(node.value)}' (first at line {first.line})")
            plain = False
        pending[:] = [node.value if plain else _SKIP, node.loc]
        return
    if key is not _SKIP:
        holder.value[key] = node
        holder.key_locs[key] = key_loc  # type: ignore[index]
    pending[:] = [None, None]


_SKIP = object()  # the value of a key already reported


def _scalar(loader: Any, event: yaml.ScalarEvent, name: str) -> Any:
    """Text as it is; a number, true/false or null through PyYAML's safe constructors (a date tagged `!!timestamp`
    too); any other tag (a collection's, a Python object's) refused. A plain date (2026-12-01) is text as written:
    nothing a game holds is a date but its `date:`, read from its text, and a flavour text or a parameter written
    as one is meant as it prints (2026-02-30, no day, too: the key that holds it says what it must be)."""
    tag = event.tag
    if tag is None or tag == "!":
        tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag == YAML_TAG + "timestamp":
            return event.value
    if tag == STR:
        return event.value
    if tag not in SCALAR_TAGS:
        raise SourceError(_loc(name, event.start_mark), f"YAML tag {tag.replace(YAML_TAG, '!!')} is not allowed here")
    # libyaml's marks stand in for PyYAML's here (the stubs allow only the latter): constructors only show them
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)  # type: ignore[arg-type]
    try:
        return loader.yaml_constructors[tag](loader, node)
    except (ValueError, KeyError, AttributeError, TypeError, OverflowError):  # '!!int abc', '!!bool maybe'
        raise SourceError(_loc(name, event.start_mark),
                          f"'{echoed(event.value)}' is not a valid {tag.replace(YAML_TAG, '')}") from None
