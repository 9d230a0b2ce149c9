"""Keys of layout YAML as data: name, type, default and one line of documentation.

The same declaration reads a mapping (through `load.schema.Fields`, so findings stay the same) and writes the
layout reference (`deckpress.layout.reference`): the documentation cannot drift from what is read.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from deckpress.colour import HEX, NAME
from deckpress.load.schema import Fields, describe
from deckpress.numerals import MAX_COUNT


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
            return f"{self.count} numbers" + (f", each {_range(self.lo, self.hi)}" if self.hi is not None else
                                              f", each at least {self.lo:g}" if self.lo else "")
        if self.type == "span":  # a whole number, or a list of the least and the greatest
            return f"whole number {_range(self.lo, self.hi)}, or [fewest, most]"
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
          "angle": "degrees clockwise, any finite number", "palette": "colours by name",
          "alt": "template (Jinja), or '' for nothing", "shape": "rectangle | circle | ellipse | hexagon, or a mapping",
          "condition": "true | false, or a template giving one",
          "count": "whole number, or a template giving one", "element": "an element (see Elements)",
          "path": "{rectangle: [x, y, w, h]} | {circle: [cx, cy, r]}, mm", "lengths": "number, or a list of numbers",
          "sizes": "a mapping of sizes", "span": "whole number, or [fewest, most]"}
PATHS = {"rectangle": 4, "circle": 3}  # a path's shape and how many numbers give it


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
    "numbers": lambda f, k: f.numbers(k.name, k.count, k.lo or 0, hi=k.hi, **_default(k)),
    "choice": lambda f, k: f.choice(k.name, k.choices, **_default(k)),
    "list": lambda f, k: f.list(k.name, k.required),
    "map": lambda f, k: f.map(k.name, k.required),
    "styles": lambda f, k: f.map(k.name, k.required),
    "condition": lambda f, k: _condition(f, k),
    "count": lambda f, k: _count(f, k),
    "path": lambda f, k: _path(f, k),
}


def _alt(f: Fields, key: Key) -> str | None:
    """What a picture says: a template, or '' for nothing (the one text key that may be empty, on purpose)."""
    node = f.get(key.name, key.required)
    if node is None or (isinstance(node.value, str) and not node.value.strip()):
        return key.default if node is None else ""
    value: str | None = f.text(key.name)
    return value


def _condition(f: Fields, key: Key) -> str | None:
    """Whether an element is drawn: `true`, `false`, or a template giving one for each card (kept as its source)."""
    node = f.get(key.name, key.required)
    if node is None or isinstance(node.value, bool):
        return key.default if node is None else str(node.value).lower()
    value = node.value
    if isinstance(value, str) and ("{" in value or value.strip().lower() in ("true", "false")):
        return value
    f.findings.error(node.loc, f"{key.name} must be true, false or a template giving one (e.g. \"{{{{ card.kind == "
                               f"'ruin' }}}}\"), got {describe(value)}")
    return None


def _count(f: Fields, key: Key) -> str | None:
    """How many: a whole number, or a template giving one for each card (kept as text, rendered as drawn)."""
    node = f.get(key.name, key.required)
    if node is None:
        return key.default  # type: ignore[no-any-return]
    value = node.value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT:
        return str(value)
    if isinstance(value, str) and "{" in value:
        return value
    f.findings.error(node.loc, f"{key.name} must be a whole number from 0 to {MAX_COUNT:,} or a template giving "
                               f"one, got {describe(value)}")
    return None


def _path(f: Fields, key: Key) -> tuple[str, tuple[float, ...]] | None:
    """A path to lay things along: a rectangle's edge `{rectangle: [x, y, w, h]}` or a circle `{circle: [cx, cy,
    r]}`, in mm; its sides and radius more than 0."""
    node = f.get(key.name, key.required)
    if node is None:
        return None
    shapes = [name for name in PATHS if node.is_map and name in node.value]
    if not node.is_map or len(node.value) != 1 or len(shapes) != 1:
        f.findings.error(node.loc, f"{key.name} must be {{rectangle: [x, y, w, h]}} or {{circle: [cx, cy, r]}}, "
                                   f"got {describe(node.value)}")
        return None
    shape = shapes[0]
    numbers = Fields(node, key.name, f.findings).numbers(shape, PATHS[shape])
    if numbers is None:
        return None
    if min(numbers[2:]) <= 0:
        sizes = ", ".join(f"{n:g}" for n in numbers[2:])
        part = "radius" if shape == "circle" else "sides"
        f.findings.error(node.value[shape].loc, f"{key.name}: the {shape}'s {part} must be more than 0 mm, got {sizes}")
        return None
    return shape, numbers


def _colour(f: Fields, key: Key) -> str | None:
    """A colour as written: a palette name or `#rrggbb` (each card's template giving one is checked as drawn)."""
    value: str | None = f.text(key.name, **_default(key))
    if value is None or "{" in value or HEX.fullmatch(value.strip()) or NAME.fullmatch(value.strip()):
        return value
    f.findings.error(f.node.value[key.name].loc, f"{key.name} must be a colour's name (lowercase letters, digits and "
                                                 "hyphens), \"#rrggbb\" or a template giving one, got "
                                                 f"{describe(value)}")
    return None


def _angle(f: Fields, key: Key) -> float | None:
    """Degrees clockwise, any finite number, read as its turn within one revolution (-90 is 270, 450 is 90)."""
    node = f.get(key.name, required=key.required)
    if node is None:
        return float(key.default)
    value = node.value
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        f.findings.error(node.loc, f"{key.name} must be a finite number of degrees (clockwise), got "
                                   f"{describe(value)}")
        return None
    return value % 360 + 0  # + 0: no -0


def read_key(f: Fields, key: Key) -> Any:
    """The key's value as its type reads it; a flag is true only when given as `true`; a style or node is the
    located YAML node itself (or None), for the caller to read."""
    if key.type == "flag":
        node = f.get(key.name, required=False)
        return key.default if node is None else node.value is True
    if key.type in ("style", "node", "palette", "shape", "element"):
        return f.get(key.name, required=key.required)
    return _READERS[key.type](f, key)


def read_keys(f: Fields, keys: tuple[Key, ...]) -> dict[str, Any]:
    """Every key, in order (findings come in the order the keys are declared)."""
    return {key.name: read_key(f, key) for key in keys}
