"""svglib's reader and ReportLab's graphics, loaded without the two package `__init__`s a drawn icon never uses.

svglib's is its `svg2pdf` command, which reads its own version through importlib.metadata (and so the email
package); `reportlab.platypus`'s is the whole of Platypus (paragraphs, tables, page templates), imported by the
graphics only for the `Flowable` base class of a drawing. Together nearly a twentieth of a second of every
build that draws an icon. Each package is entered bare (its folder, not its code) unless something has already
imported it; the first name asked of it that it lacks runs its `__init__` after all, so any other user of the
package in the same process sees the whole of it.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing


@cache  # the packages are entered once a process
def svg_reader() -> Callable[[Any], Drawing | None]:
    """svglib's `svg2rlg`, loaded when an icon is first drawn (an up-to-date build needs none of it); ReportLab's
    graphics with it."""
    _bare("svglib")
    platypus = _bare("reportlab.platypus")
    if platypus is not None:
        from reportlab.platypus.flowables import Flowable

        platypus.__dict__["Flowable"] = Flowable  # the one name the graphics import from the package
    from svglib.svglib import svg2rlg

    return svg2rlg


def _bare(name: str) -> ModuleType | None:
    """The package `name` entered without running its `__init__` (None if it is already imported or not found)."""
    spec = importlib.util.find_spec(name) if name not in sys.modules else None
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def whole(attribute: str) -> object:
        """A name the bare package lacks: its `__init__` run now, in place, then the name looked up again. An
        `__init__` that fails takes the half-made package away with it: the next import meets the real error."""
        module.__dict__.pop("__getattr__", None)
        try:
            loader.exec_module(module)
        except BaseException:
            sys.modules.pop(name, None)
            raise
        return getattr(module, attribute)

    module.__dict__["__getattr__"] = whole
    sys.modules[name] = module
    return module
