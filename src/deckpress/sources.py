"""Read YAML into nodes that remember where each key and value came from.

Only plain data is accepted: the safe loader, no aliases (they can expand
exponentially), no duplicate keys, string keys only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
import yaml.reader

from deckpress.findings import Findings, Loc

MAX_SOURCE_BYTES = 1_000_000


@dataclass
class Node:
    """A YAML value: dict[str, Node], list[Node] or a scalar, with its location."""

    value: Any
    loc: Loc
    key_locs: dict[str, Loc] = field(default_factory=dict)

    @property
    def is_map(self) -> bool:
        return isinstance(self.value, dict)

    @property
    def is_list(self) -> bool:
        return isinstance(self.value, list)

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


# libyaml's parser where PyYAML has it (about twenty times faster), the pure-Python one otherwise
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
ALIASES = "YAML aliases are not allowed in content"


def _loc(name: str, mark: yaml.Mark) -> Loc:
    return Loc(name, mark.line + 1, mark.column + 1)


def read_yaml(path: Path, shown_as: str, findings: Findings) -> Node | None:
    """Parse one YAML file; report every problem into `findings`, return None if unusable."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        findings.error(Loc(shown_as), f"cannot read file: {exc.strerror}")
        return None
    if len(data) > MAX_SOURCE_BYTES:
        findings.error(Loc(shown_as), f"file is larger than {MAX_SOURCE_BYTES} bytes")
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        findings.error(Loc(shown_as, line, col), f"file is not valid UTF-8 (byte 0x{data[exc.start]:02x})")
        return None
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow, found before parsing starts
        findings.error(_position(text, exc.position, shown_as), f"YAML syntax: {exc.reason} (U+{exc.character:04X})")
        return None
    try:
        root = loader.get_single_node()
        if root is None:
            findings.error(Loc(shown_as), "file is empty")
            return None
        return _convert(loader, shown_as, root, findings, Loc(shown_as), set())
    except SourceError as exc:
        findings.error(exc.loc, exc.message)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _loc(shown_as, mark) if mark else Loc(shown_as)
        tab = mark is not None and 0 <= mark.index < len(text) and text[mark.index] == "\t"
        findings.error(where, f"YAML syntax: {exc.problem or exc.context}" + (" (a tab: indent with spaces)" if tab else ""))
    except yaml.reader.ReaderError as exc:
        findings.error(_position(text, exc.position, shown_as), f"YAML syntax: {exc.reason} (U+{exc.character:04X})")
    except yaml.YAMLError as exc:
        findings.error(Loc(shown_as), f"YAML syntax: {exc}")
    except RecursionError:
        findings.error(Loc(shown_as), "YAML is nested too deeply")
    finally:
        loader.dispose()
    return None


def _position(text: str, offset: int, shown_as: str) -> Loc:
    line = text.count("\n", 0, offset) + 1
    return Loc(shown_as, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


def _convert(loader: Any, name: str, node: yaml.Node, findings: Findings, at: Loc, seen: set[int]) -> Node:
    """Located nodes from YAML nodes. An alias is the same node met twice: it is refused where it is used
    (`at`, the key or list that holds it), so an alias bomb is never expanded."""
    if id(node) in seen:
        raise SourceError(at, ALIASES)
    seen.add(id(node))
    loc = _loc(name, node.start_mark)
    if isinstance(node, yaml.MappingNode):
        out = Node({}, loc)
        for key_node, value_node in node.value:
            key_loc = _loc(name, key_node.start_mark)
            if not isinstance(key_node, yaml.ScalarNode) or not isinstance(
                key := loader.construct_object(key_node), str
            ):
                findings.error(key_loc, "keys must be plain text")
                continue
            if key in out.value:
                first = out.key_locs[key]
                findings.error(key_loc, f"duplicate key '{key}' (first at line {first.line})")
                continue
            out.key_locs[key] = key_loc
            out.value[key] = _convert(loader, name, value_node, findings, key_loc, seen)
        return out
    if isinstance(node, yaml.SequenceNode):
        return Node([_convert(loader, name, item, findings, loc, seen) for item in node.value], loc)
    return Node(loader.construct_object(node), loc)


def yaml_editions(path: Path) -> list[str]:
    """The `editions` a game.yaml lists, or [] if it cannot be read (the full load reports why)."""
    node = read_yaml(path, str(path), Findings())
    if node is None or not node.is_map or "editions" not in node.value:
        return []
    editions = node.value["editions"].plain()
    return [e for e in editions if isinstance(e, str)] if isinstance(editions, list) else []
