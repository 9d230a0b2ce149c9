"""The PDF readers the tests use, each reading once what an open PDF holds once.

pypdf parses a font's ToUnicode map again for every form that draws with it (a card's, a pictogram's: thousands
in a kit), most of the time of reading a page's text: each font of an open PDF is read once, and each use gets
its own copy (pypdf sets a space width on it). pdfminer, pdfplumber's reader, parses a form's content again each
time a page draws it: each is parsed once and replayed. The same text and the same objects out, to the
character and the point: compared over every page of the whole catalogue (pypdf, 1,286 pages) and over the duplex
lot cards and three kits (pdfplumber's objects and text, 112 pages) with and without them."""

from __future__ import annotations

import copy
import weakref
from collections.abc import Callable
from typing import Any

from pdfminer import pdfinterp
from pdfminer.psparser import PSEOF
from pypdf import PdfReader

try:  # pypdf's own font reader (private, pypdf 6 and later): without it, fonts are read as pypdf reads them
    from pypdf.generic import _font
except ImportError:  # pragma: no cover
    _font = None  # type: ignore[assignment]

_read: Callable[[Any], Any] | None = getattr(getattr(_font, "Font", None), "from_font_resource", None)
_cases: weakref.WeakKeyDictionary[PdfReader, dict[tuple[int, int], Any]] = weakref.WeakKeyDictionary()


def _from_font_resource(cls: type, font: Any) -> Any:
    ref = getattr(font, "indirect_reference", None)
    pdf = getattr(ref, "pdf", None)
    assert _read is not None
    if not isinstance(pdf, PdfReader):  # a direct object, or a writer's (which may change): read each time
        return _read(font)
    case = _cases.setdefault(pdf, {})
    key = (ref.idnum, ref.generation)
    if key not in case:
        case[key] = _read(font)
    return copy.copy(case[key])


def set_type_once() -> None:
    """From now on, in this process, each PdfReader reads each of its fonts once (where its pypdf has the reader)."""
    if _read is None:
        return
    _font.Font.from_font_resource = classmethod(_from_font_resource)  # type: ignore[method-assign,assignment]


class _Replay:
    """A form's content read before: its objects again, in order, as pdfminer's parser gives them."""

    def __init__(self, objects: list[Any]) -> None:
        self._objects = iter(objects)

    def nextobject(self) -> Any:
        try:
            return next(self._objects)
        except StopIteration:
            raise PSEOF("end of the form's content") from None


_parse: Callable[[Any], Any] = pdfinterp.PDFContentParser
_forms: weakref.WeakKeyDictionary[Any, list[Any]] = weakref.WeakKeyDictionary()


def _content_parser(streams: list[Any]) -> Any:
    """pdfminer (pdfplumber's reader) parses a form's content again each time a page draws it (a back's
    pattern: thousands of times a page): each stream of an open PDF is parsed once, then replayed."""
    parser = _parse(streams)
    if len(streams) != 1:
        return parser
    if streams[0] in _forms:
        return _Replay(_forms[streams[0]])
    objects = []
    try:
        while True:
            objects.append(parser.nextobject())
    except PSEOF:
        pass
    except Exception:  # noqa: BLE001 - a stream pdfminer cannot read: read as pdfminer reads it, uncached
        return _parse(streams)
    _forms[streams[0]] = objects
    return _Replay(objects)


def set_forms_once() -> None:
    """From now on, in this process, pdfminer parses each content stream of an open PDF once."""
    pdfinterp.PDFContentParser = _content_parser  # type: ignore[assignment,misc]
