"""pypdf's text extraction, with each font of a PDF read once: pypdf parses a font's ToUnicode map again for every
form that draws with it (a card's, a pictogram's: thousands in a kit), most of the time of reading a page's text.
The font read once is the font read again, from the same bytes of the same open PDF; each use gets its own copy
(pypdf sets a space width on it). The same text out, to the character: compared over every page of the whole
catalogue (1,286 pages) with and without it."""

from __future__ import annotations

import copy
import weakref
from collections.abc import Callable
from typing import Any

from pypdf import PdfReader
from pypdf.generic import _font

_read: Callable[[Any], Any] = _font.Font.from_font_resource
_cases: weakref.WeakKeyDictionary[PdfReader, dict[tuple[int, int], Any]] = weakref.WeakKeyDictionary()


def _from_font_resource(cls: type, font: Any) -> Any:
    ref = getattr(font, "indirect_reference", None)
    pdf = getattr(ref, "pdf", None)
    if not isinstance(pdf, PdfReader):  # a direct object, or a writer's (which may change): read each time
        return _read(font)
    case = _cases.setdefault(pdf, {})
    key = (ref.idnum, ref.generation)
    if key not in case:
        case[key] = _read(font)
    return copy.copy(case[key])


def set_type_once() -> None:
    """From now on, in this process, each PdfReader reads each of its fonts once."""
    _font.Font.from_font_resource = classmethod(_from_font_resource)  # type: ignore[method-assign,assignment]
