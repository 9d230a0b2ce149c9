"""A kit's structure tree: a Document holding each tagged part's (the finish stage, beside deckpress.draw.kit)."""

from __future__ import annotations

from deckpress.draw.finish import DocInfo, pdf_text, xmp
from deckpress.draw.kit_file import Own
from deckpress.draw.kit_part import Structure


class KitTree:
    """The kit's structure: a Document holding each tagged part's, its parent tree the parts' in turn."""

    def __init__(self, own: Own, kept: int = 0) -> None:
        self.own = own
        self.documents: list[int] = []
        self.nums: list[tuple[int, int]] = []
        self.keys = kept  # parent-tree keys taken so far (first, the keys of the part kept whole): the next part's
        self.parts = 0

    def add(self, structure: Structure | None, numbers: dict[int, int] | None, objects: dict[int, bytes],
            title: str | None) -> None:
        """A part's structure, its objects renumbered by `numbers` (None: the part kept whole, its numbers and
        parent-tree keys its own) and its Documents among the kit's `objects`."""
        if structure is None:
            return
        self.parts += 1
        named = b"/S /Part /T %s" % pdf_text(title) if title else b"/S /Part"  # titled as its bookmark
        new = (lambda n: n) if numbers is None else numbers.__getitem__
        for old in structure.documents:  # a part's Document is a Part of the kit's
            objects[new(old)] = objects[new(old)].replace(b"/S /Document", named, 1)
            self.documents.append(new(old))
        keys = 0 if numbers is None else self.keys  # the kept part's keys its own (reserved as the tree began)
        self.nums += [(keys + key, new(n)) for key, n in structure.arrays]
        self.keys = max(self.keys, keys + structure.keys)

    @property
    def catalog(self) -> bytes:
        return b"/StructTreeRoot %d 0 R /MarkInfo << /Marked true >> /Metadata %d 0 R " % (
            self.own.structure, self.own.metadata) if self.parts else b""

    def objects(self, info: DocInfo, every_part: bool) -> dict[int, bytes]:
        """The kit's root, Document, parent tree and metadata; none unless some part is tagged, and its mark
        information only if every part is (`catalog`)."""
        if not self.parts:
            return {}
        if not every_part:
            raise ValueError("kit: some parts are tagged and some not: the kit would be neither")
        packet, own = xmp(info), self.own
        kids = b" ".join(b"%d 0 R" % n for n in self.documents)
        return {
            own.structure: b"<< /Type /StructTreeRoot /K [ %d 0 R ] /ParentTree %d 0 R /ParentTreeNextKey %d >>" % (
                own.document, own.parent_tree, self.keys),
            own.document: b"<< /Type /StructElem /S /Document /P %d 0 R /K [ %s ] >>" % (own.structure, kids),
            own.parent_tree: b"<< /Nums [ %s ] >>" % b" ".join(b"%d %d 0 R" % pair for pair in sorted(self.nums)),
            own.metadata: b"<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n%sendstream" % (
                len(packet), packet),
        }
