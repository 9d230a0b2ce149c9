"""Element kinds of card layouts: one module each, here or in a game's plugin package, registered as imported.

Importing this package imports every module in it and the plugin packages, so the registry is complete.
"""

from __future__ import annotations

import importlib
import pkgutil

from deckpress.layout.elements.kind import KINDS, SHARED, Face, Kind, register
from deckpress.layout.elements.reading import read_element

for _module in pkgutil.iter_modules(__path__, f"{__name__}."):
    importlib.import_module(_module.name)

import deckpress.check.plugins  # noqa: E402, F401  (the game plugin packages register their kinds)

__all__ = ["KINDS", "SHARED", "Face", "Kind", "read_element", "register"]
