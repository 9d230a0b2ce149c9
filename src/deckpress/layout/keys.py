"""Keys of layout YAML as data: name, type, default and one line of documentation.

The same declaration reads a mapping (through `load.schema.Fields`, so findings stay the same) and writes the
layout reference (`deckpress.layout.reference`): the documentation cannot drift from what is read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from deckpress.colour import HEX, NAME
from deckpress.load.schema import Fields


class _Required:
    def __repr__(self) -> str:
        return "required"


REQUIRED: Any = _Required()


@dataclass(frozen=True)
class Key:
    name: str
    type: str  # text | template | colour | angle | number | int | numbers | choice | flag | list | map | style | ...
    default: Any
    doc: str
    lo: float | None = None  # number, int, numbers: the smallest value allowed
    hi: float | None = None
    count: int = 0  # numbers: how many
    choices: tuple[str, ...] = ()  # choice: the values allowed

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    @property
    def templated(self) -> bool:
        """Its value is a template, rendered for each card."""
        return self.type in ("template", "alt")

    def shown_type(self) -> str:
        """The type as the reference shows it, e.g. `number 4-72` or `top | middle | bottom`."""
        if self.type == "choice":
            return " | ".join(self.choices)
        if self.type == "numbers":
            return f"{self.count} numbers" + (f", each at least {self.lo:g}" if self.lo else "")
        if self.type in ("number", "int") and (self.lo is not None or self.hi is not None):
            return f"{self.type} {_range(self.lo, self.hi)}"
        return _SHOWN.get(self.type, self.type)

    def shown_default(self) -> str:
        if self.required:
            return "required"
        if self.default is None or self.default == []:
            return "none"
        if isinstance(self.default, bool):
            return "true" if self.default else "false"
        return f"{self.default:g}" if isinstance(self.default, float) else str(self.default)


_SHOWN = {"flag": "true | false", "template": "template (Jinja)", "role": "font role", "styles": "styles by name",
          "int": "whole number", "colour": "colour: a palette name, #rrggbb, or a template giving one",
          "angle": "0 | 90 | 180 | 270", "palette": "colours by name",
          "alt": "template (Jinja), or '' for nothing", "lengths": "number, or a list of numbers"}
ANGLES = (0, 90, 180, 270)


def _range(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo:g}-{hi:g}"
    return f"at least {lo:g}" if lo is not None else f"at most {hi:g}"


def _whole(bound: float | None) -> int | None:
    return None if bound is None else int(bound)


def _default(key: Key) -> dict[str, Any]:
    return {} if key.required else {"default": key.default}


_READERS: dict[str, Callable[[Fields, Key], Any]] = {
    "text": lambda f, k: f.text(k.name, **_default(k)),
    "template": lambda f, k: f.text(k.name, **_default(k)),
    "alt": lambda f, k: _alt(f, k),
    "colour": lambda f, k: _colour(f, k),
    "angle": lambda f, k: _angle(f, k),
    "number": lambda f, k: f.number(k.name, k.lo, k.hi, **_default(k)),
    "int": lambda f, k: f.int(k.name, _whole(k.lo), _whole(k.hi), **_default(k)),
    "numbers": lambda f, k: f.numbers(k.name, k.count, k.lo or 0, **_default(k)),
    "choice": lambda f, k: f.choice(k.name, k.choices, **_default(k)),
    "list": lambda f, k: f.list(k.name, k.required),
    "map": lambda f, k: f.map(k.name, k.required),
    "styles": lambda f, k: f.map(k.name, k.required),
}


def _alt(f: Fields, key: Key) -> str | None:
    """What a picture says: a template, or '' for nothing (the one text key that may be empty, on purpose)."""
    node = f.get(key.name, key.required)
    if node is None or (isinstance(node.value, str) and not node.value.strip()):
        return key.default if node is None else ""
    value: str | None = f.text(key.name)
    return value


def _colour(f: Fields, key: Key) -> str | None:
    """A colour as written: a palette name or `#rrggbb` (each card's template giving one is checked as drawn)."""
    value: str | None = f.text(key.name, **_default(key))
    if value is None or "{" in value or HEX.fullmatch(value.strip()) or NAME.fullmatch(value.strip()):
        return value
    f.findings.error(f.node.value[key.name].loc, f"{key.name} must be a colour's name (lowercase letters, digits and "
                                                 f"hyphens), \"#rrggbb\" or a template giving one, got {value!r}")
    return None


def _angle(f: Fields, key: Key) -> int | None:
    node = f.get(key.name, required=key.required)
    if node is None:
        return int(key.default)
    if node.value in ANGLES and not isinstance(node.value, bool):
        return int(node.value)
    f.findings.error(node.loc, f"{key.name} must be 0, 90, 180 or 270 (degrees clockwise), got {node.value!r}")
    return None


def read_key(f: Fields, key: Key) -> Any:
    """The key's value as its type reads it; a flag is true only when given as `true`; a style or node is the
    located YAML node itself (or None), for the caller to read."""
    if key.type == "flag":
        node = f.get(key.name, required=False)
        return key.default if node is None else node.value is True
    if key.type in ("style", "node", "palette"):
        return f.get(key.name, required=key.required)
    return _READERS[key.type](f, key)


def read_keys(f: Fields, keys: tuple[Key, ...]) -> dict[str, Any]:
    """Every key, in order (findings come in the order the keys are declared)."""
    return {key.name: read_key(f, key) for key in keys}
