"""Every font subset in a kit has a name of its own: the kits join many files, each with its own subsets of the
same face, and a printer driver that caches fonts by name prints one subset's glyphs for another's."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from deckpress.draw.fonts import subset_tag


def _subsets(pdf: Path) -> dict[str, set[str]]:
    """Each subset name in the file -> the hashes of the font programs embedded under it."""
    reader, found = PdfReader(pdf), {}
    for number in _maybe_descriptors(reader, pdf.read_bytes()):
        thing = reader.get_object(number)
        if isinstance(thing, DictionaryObject) and thing.get("/Type") == "/FontDescriptor":
            program = thing["/FontFile2"].get_object().get_data()
            found.setdefault(str(thing["/FontName"]), set()).add(hashlib.sha256(program).hexdigest())
    return found


# What an object's bytes hold wherever its type could read /FontDescriptor: the letters themselves, or a name
# written with # escapes, a string with backslash escapes, in hex or in UTF-16 (a string "/FontDescriptor" equals
# the name as pypdf compares them; a reference to one does not).
DOUBT = re.compile(rb"FontDescriptor|[#\\]|(?<!<)<(?!<)|\xfe\xff|\xff\xfe")


def _maybe_descriptors(reader: PdfReader, data: bytes) -> Iterator[int]:
    """The numbers of the file's objects (generation 0, as `get_object(number)` reads them) that may be font
    descriptors: each number, but those of objects written out whole at the place the cross-reference table
    gives (its `number 0 obj` there and its `endobj` before the next object's place) whose bytes show none of
    the ways the type could be written. Parsing every object is most of the time of a reading of every kit,
    and nine in ten of them are passed over so; pypdf reads the rest as before."""
    table = reader.xref.get(0, {})
    starts = sorted({offset for entries in reader.xref.values() for offset in entries.values()})
    ends = dict(zip(starts, [*starts[1:], len(data)], strict=True))
    for number in range(1, int(reader.trailer["/Size"])):
        start = table.get(number)
        if (number in reader.xref_objStm or start not in ends or not data.startswith(b"%d 0 obj" % number, start)
                or data.find(b"endobj", start, ends[start]) < 0 or DOUBT.search(data, start, ends[start])):
            yield number


def test_every_subset_in_every_kit_has_its_own_name(built: Path) -> None:
    kits = sorted(built.glob("*/*/*-kit-*.pdf"))
    assert len(kits) >= 8
    for kit in kits:
        subsets = _subsets(kit)
        assert len(subsets) >= 2, kit.name  # the kits join many parts: more than one subset each
        shared = {name: len(programs) for name, programs in subsets.items() if len(programs) > 1}
        assert not shared, (kit.name, shared)
        for name in subsets:
            assert re.fullmatch(r"/[A-Z]{6}\+AtkinsonHyperlegible-\w+", name), (kit.name, name)


def test_a_descriptor_whose_type_is_written_with_escapes_is_found_as_one_written_plainly(built: Path,
                                                                                        tmp_path: Path) -> None:
    """The bytes that let an object be passed over, planted: each font descriptor's type written /Font#44escriptor
    (a space of the same object taken out, so that every object stays where the table places it)."""
    plain = built / "pocket-bazaar/standard/pocket-bazaar-rules-a4.pdf"
    data = plain.read_bytes()
    count = data.count(b"/Type /FontDescriptor")
    planted = re.sub(rb"R \n  (/FontName [^\n]*)/Type /FontDescriptor\n", rb"R\n \1/Type /Font#44escriptor\n", data)
    assert count >= 2 and planted.count(b"/Font#44escriptor") == count and len(planted) == len(data)
    (tmp_path / "planted.pdf").write_bytes(planted)
    assert _subsets(tmp_path / "planted.pdf") == _subsets(plain) and len(_subsets(plain)) == count


def test_a_subset_tag_follows_its_font_and_characters() -> None:
    regular = "AtkinsonHyperlegible-Regular"
    tag = subset_tag(regular, [65, 66, 67])
    assert re.fullmatch(r"[A-Z]{6}", tag)
    assert subset_tag(regular, [65, 66, 67]) == tag
    assert subset_tag(regular, [65, 67, 66]) != tag  # the same characters at other codes: another subset
    assert subset_tag("AtkinsonHyperlegible-Bold", [65, 66, 67]) != tag
    assert len({subset_tag(regular, [n]) for n in range(2000)}) == 2000
