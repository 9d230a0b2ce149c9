"""The press's own setting out of ReportLab's dictionaries and arrays (deckpress.draw.set_out) gives ReportLab's
bytes, whatever they hold, and is ReportLab's again once the last save ends."""

from __future__ import annotations

import io
from collections import OrderedDict
from typing import Any

import pytest
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFArrayCompact,
    PDFDictionary,
    PDFName,
    PDFObjectReference,
    PDFStream,
    PDFString,
)
from reportlab.pdfgen.canvas import Canvas

from deckpress.draw import set_out


def _document() -> Any:
    doc: Any = Canvas(io.BytesIO(), invariant=1)._doc  # type: ignore[attr-defined]
    doc.Reference(PDFStream(content=b"q Q"), "Kept")
    return doc


def _values() -> list[Any]:
    """Every kind of value a dictionary or an array may hold: numbers (a bool is not one), names, texts (one
    outside ASCII), references, nested dictionaries and arrays, a string object, an object written by
    reference."""
    return [0, -3, 12.5, 1e-7, 10_000_000, True, None, "/Font", "true", "Caf\u00e9", PDFName("Lot #3"),
            PDFObjectReference("Kept"), PDFString("(Lot) \u00e9"), PDFArray([1, 2.25, "/A"]),
            PDFDictionary({"B": 1, "A": PDFArray([])}), PDFStream(content=b"x")]


def _dictionaries() -> list[PDFDictionary]:
    values = _values()
    plain = PDFDictionary({f"K{i:02d}": v for i, v in enumerate(values)})
    ordered = PDFDictionary()
    ordered.dict = OrderedDict((f"Z{i}", v) for i, v in enumerate(values))  # its own order, not sorted
    few = PDFDictionary({"Type": "/Page", "Rotate": 0})
    odd = PDFDictionary({"A B": 1, "#x": "/y"})  # names ReportLab escapes
    for many in (plain, ordered):
        many.multiline = False  # six a line
    forced = PDFDictionary(dict.fromkeys("abcdefgh", 1))
    forced.multiline = "forced"
    return [plain, ordered, few, odd, forced, PDFDictionary()]


def _arrays() -> list[PDFArray]:
    values = _values()
    lined, compact = PDFArray(values * 3), PDFArrayCompact(values * 3)  # one a line; ten a line
    return [lined, compact, PDFArray([]), PDFArrayCompact(list(range(10))), PDFArrayCompact(list(range(11)))]


@pytest.mark.parametrize("multiline", [0, 1])
def test_dictionaries_and_arrays_are_set_out_as_reportlab_sets_them_out(monkeypatch, multiline):
    monkeypatch.setattr("reportlab.rl_config.pdfMultiLine", multiline)
    for made in (_dictionaries, _arrays):
        theirs = _formatted(made())
        with set_out.quickly():
            ours = _formatted(made())
            again = _formatted(made())  # names and texts taken as set out before
        assert ours == again == theirs


def _formatted(objects: list[Any]) -> list[bytes]:
    """The objects set out in one document (each made anew: an object written by reference is its document's)."""
    doc = _document()
    return [o.format(doc) for o in objects]


def test_a_reference_not_found_is_refused_as_reportlab_refuses_it():
    with set_out.quickly(), pytest.raises(KeyError, match="forward reference"):
        PDFArray([PDFObjectReference("Nowhere")]).format(_document())


def test_reportlabs_own_are_back_once_the_last_save_ends():
    own = (PDFDictionary.format, PDFArray.format)
    with set_out.quickly():
        with set_out.quickly():  # another save meanwhile (another thread's)
            pass
        assert PDFDictionary.format is set_out.dictionary  # the first save is not done yet
    assert (PDFDictionary.format, PDFArray.format) == own == set_out.REPORTLABS
    with pytest.raises(RuntimeError), set_out.quickly():
        raise RuntimeError("a save that fails")
    assert (PDFDictionary.format, PDFArray.format) == own
