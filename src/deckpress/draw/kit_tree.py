"""A kit's structure tree: a Document holding each tagged part's (the finish stage, beside deckpress.draw.kit)."""

from __future__ import annotations

from typing import Protocol

from deckpress.draw.finish import DocInfo, pdf_text, xmp
from deckpress.draw.kit_file import DOCUMENT, METADATA, PARENT_TREE, STRUCTURE


class Structure(Protocol):
    """What a tagged part's structure gives the kit: its Documents, its parent tree's arrays by key, its keys."""

    documents: list[int]
    arrays: list[tuple[int, int]]
    keys: int


class KitTree:
    """The kit's structure: a Document holding each tagged part's, its parent tree the parts' in turn."""

    def __init__(self) -> None:
        self.documents: list[int] = []
        self.nums: list[tuple[int, int]] = []
        self.keys = 0  # parent-tree keys taken by the parts so far: the next part's start from here
        self.parts = 0

    def add(self, structure: Structure | None, numbers: dict[int, int], objects: dict[int, bytes],
            title: str | None) -> None:
        if structure is None:
            return
        self.parts += 1
        named = b"/S /Part /T %s" % pdf_text(title) if title else b"/S /Part"  # titled as its bookmark
        for old in structure.documents:  # a part's Document is a Part of the kit's
            objects[numbers[old]] = objects[numbers[old]].replace(b"/S /Document", named, 1)
            self.documents.append(numbers[old])
        self.nums += [(self.keys + key, numbers[n]) for key, n in structure.arrays]
        self.keys += structure.keys

    @property
    def catalog(self) -> bytes:
        return b"/StructTreeRoot %d 0 R /MarkInfo << /Marked true >> /Metadata %d 0 R " % (STRUCTURE, METADATA) \
            if self.parts else b""

    def objects(self, info: DocInfo, every_part: bool) -> dict[int, bytes]:
        """The kit's root, Document, parent tree and metadata; none unless some part is tagged, and its mark
        information only if every part is (`catalog`)."""
        if not self.parts:
            return {}
        if not every_part:
            raise ValueError("kit: some parts are tagged and some not: the kit would be neither")
        packet = xmp(info)
        kids = b" ".join(b"%d 0 R" % n for n in self.documents)
        return {
            STRUCTURE: b"<< /Type /StructTreeRoot /K [ %d 0 R ] /ParentTree %d 0 R /ParentTreeNextKey %d >>" % (
                DOCUMENT, PARENT_TREE, self.keys),
            DOCUMENT: b"<< /Type /StructElem /S /Document /P %d 0 R /K [ %s ] >>" % (STRUCTURE, kids),
            PARENT_TREE: b"<< /Nums [ %s ] >>" % b" ".join(b"%d %d 0 R" % pair for pair in self.nums),
            METADATA: b"<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n%sendstream" % (len(packet), packet),
        }
