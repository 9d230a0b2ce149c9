"""ReportLab's dictionaries and arrays set out as ReportLab sets them out, for less: while the press writes a file
(deckpress.draw.save), each key's name, each plain name or text, each number and each reference is set out without
ReportLab's four calls a piece (a name escaped, then encoded by a codec looked up by name). The catalogue's files
have some 20,000 keys; setting them out was a third of writing the files. Only the press's own saves use these:
ReportLab's `getpdfdata`, which the tests compare the press's files with, keeps its own.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFObjectReference, format

REPORTLABS = (PDFDictionary.format, PDFArray.format)  # ReportLab's own: put back as the last save ends
_LOCK = threading.Lock()
_saving = 0  # the saves under way (a thread's each): the first swaps the methods in, the last puts ReportLab's back

# a key's name, and a plain name or text, set out: pure functions of the text (no file encrypts a name)
_NAMES: dict[str, bytes] = {}
_TEXTS: dict[str, bytes] = {}
_HELD = 4096  # a catalogue has a few hundred of each; past this, start afresh


@contextmanager
def quickly() -> Iterator[None]:
    """ReportLab's dictionaries and arrays set out by `dictionary` and `array` meanwhile."""
    global _saving
    with _LOCK:
        _saving += 1
        PDFDictionary.format, PDFArray.format = dictionary, array  # type: ignore[method-assign]
    try:
        yield
    finally:
        with _LOCK:
            _saving -= 1
            if not _saving:
                PDFDictionary.format, PDFArray.format = REPORTLABS  # type: ignore[method-assign]


def dictionary(self: Any, document: Any, IND: bytes = b"\n ") -> bytes:  # noqa: N803 (ReportLab's)
    """PDFDictionary.format: keys sorted (an OrderedDict's in its order), one a line or six a line."""
    entries = self.dict
    keys = list(entries)
    if not isinstance(entries, OrderedDict):
        keys.sort()
    lines = [_name(key) + b" " + value(entries[key], document) for key in keys]
    if (self.multiline and rl_config.pdfMultiLine) or self.multiline == "forced":
        return b"<<\n" + IND.join(lines) + b"\n>>"
    for i in reversed(range(6, len(lines), 6)):
        lines.insert(i, b"\n ")
    return b"<<\n" + b" ".join(lines) + b"\n>>"


def array(self: Any, document: Any, IND: bytes = b"\n ") -> bytes:  # noqa: N803 (ReportLab's)
    """PDFArray.format: one element a line, or ten a line."""
    items = [value(item, document) for item in self.sequence]
    if (self.multiline and rl_config.pdfMultiLine) or self.multiline == "forced":
        return b"[ " + IND.join(items) + b" ]"
    for i in reversed(range(10, len(items), 10)):
        items.insert(i, b"\n ")
    return b"[ " + b" ".join(items) + b" ]"


def value(item: Any, document: Any) -> bytes:
    """ReportLab's `format` of a dictionary's value or an array's element."""
    kind = type(item)
    if kind is str:
        return _set_out(_TEXTS, item, item)
    if kind is int or kind is float:  # a bool is neither, as ReportLab tells them
        return fp_str(item).encode()  # digits, a sign, a point: the same in PDFDocEncoding
    if kind is PDFObjectReference:
        found = document.idToObjectNumberAndVersion.get(item.name)
        if found is not None:
            return b"%d %d R" % found
    return format(item, document)  # type: ignore[no-any-return]  # anything else (and a reference not found) as ReportLab has it


def _name(key: str) -> bytes:
    found = _NAMES.get(key)
    return found if found is not None else _set_out(_NAMES, key, PDFName(key))


def _set_out(held: dict[str, bytes], key: str, text: str) -> bytes:
    found = held.get(key)
    if found is None:
        if len(held) >= _HELD:
            held.clear()
        found = held[key] = format(text, None)
    return found
