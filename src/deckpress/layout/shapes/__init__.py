"""Shaped pieces: a card layout's outline (circle, ellipse, hexagon, polygon, SVG path), read from its `shape`
key; pieces imposed to save cuts (hexes sharing their edges, rounds in offset rows); their cut lines and lengths.

A rectangle is no shape: a layout without `shape` (or `shape: rectangle`) is laid out as it always was."""

from deckpress.layout.shapes.outline import Outline

__all__ = ["Outline"]
