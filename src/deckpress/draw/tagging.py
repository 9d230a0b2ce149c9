"""Tagged PDF: the structure tree of one document, grown as its pages are drawn (deckpress.layout.structure says
what each op is), then written into the ReportLab document before it saves: the catalogue's StructTreeRoot,
MarkInfo and Metadata, each page's StructParents and Tabs, and the parent tree from each page's marked-content
ids back to their elements. ReportLab writes none of these itself.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from reportlab.pdfbase.pdfdoc import (
    DummyDoc,
    NoEncryption,
    PDFDictionary,
    PDFName,
    PDFObject,
    PDFObjectReference,
    PDFString,
)

from deckpress.draw.save import Elements
from deckpress.layout.structure import ARTIFACT, Begin, Tag

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

# The page keys ReportLab writes, and the two a tagged page adds (PDF/UA: tab order follows the structure).
_PAGE_KEYS = ["StructParents", "Tabs"]


class Annotation:
    """An annotation in the structure (a form field's widget): its object, its page (from 0), and its key in the
    parent tree, given as the tree is written."""

    __slots__ = ("ref", "page", "key")

    def __init__(self, page: int) -> None:
        self.ref: PDFObjectReference | None = None
        self.page, self.key = page, -1


class Element:
    """A structure element: its type, and its kids in reading order (elements, (page, marked-content id), or
    annotations)."""

    __slots__ = ("role", "alt", "named", "scope", "actual", "title", "parent", "kids", "number")

    def __init__(self, role: str, parent: Element | None, alt: str = "", scope: str = "", actual: str = "",
                 title: str = "") -> None:
        self.role, self.parent, self.alt, self.scope, self.actual = role, parent, alt, scope, actual
        self.title = title
        self.named = bool(alt)  # by the layout; else a figure is named by what the pen draws in it
        self.kids: list[Element | tuple[int, int] | Annotation] = []
        self.number = 0  # its object's number in the file, once written


class Tree:
    """The document's structure as the pen reaches each tag; `current` is what the next op drawn belongs to."""

    def __init__(self) -> None:
        self.root = Element("Document", None)
        self.stack = [self.root]
        self.hidden = 0  # artifacts open
        # the element the next op drawn belongs to; None: furniture (outside every element, or marked so). Kept as
        # each tag applies: the pen asks for it at every op
        self.current: Element | None = None
        self.marks: list[list[Element]] = []  # each page's marked-content ids -> their element
        self.annotations: list[tuple[Annotation, Element]] = []  # each annotation and the element it is of

    def new_page(self) -> None:
        """Each page closes what it opened: its next page starts at the document again."""
        self.stack, self.hidden, self.current = [self.root], 0, None
        self.marks.append([])

    def apply(self, tag: Tag) -> None:
        stack = self.stack
        if not isinstance(tag, Begin):
            if self.hidden:
                self.hidden -= 1
            elif len(stack) > 1:
                stack.pop()
        elif self.hidden or tag.role == ARTIFACT:  # inside furniture, everything is furniture
            self.hidden += 1
        else:
            parent = stack[-1]
            last = parent.kids[-1] if parent.kids else None
            if tag.cont and isinstance(last, Element) and last.role == tag.role:
                element = last
            else:
                element = Element(tag.role, parent, tag.alt, tag.scope, tag.actual, tag.title)
                parent.kids.append(element)
            stack.append(element)
        self.current = None if self.hidden or len(stack) == 1 else stack[-1]

    def mark(self, element: Element) -> int:
        """A new marked-content id on this page, for `element`."""
        marks = self.marks[-1]
        marks.append(element)
        element.kids.append((len(self.marks) - 1, len(marks) - 1))
        return len(marks) - 1

    def annotate(self, element: Element, page: int) -> Annotation:
        """An annotation on page `page`, of `element`: its next kid."""
        annotation = Annotation(page)
        element.kids.append(annotation)
        self.annotations.append((annotation, element))
        return annotation


def write(canvas: Canvas, tree: Tree, xmp: bytes) -> Elements:
    """The structure tree, the parent tree, the metadata and the page entries, into the canvas's document. Each
    element takes the next object number now, in reading order, and is set out in bytes only as the document
    saves (`save.pdf_data`): a deck of 24,000 cards has 150,000 elements, too many to hold as ReportLab's
    objects. Each page's entry of the parent tree is registered with ReportLab."""
    doc: Any = canvas._doc  # type: ignore[attr-defined]  # ReportLab's own document (untyped), before it saves
    for n, page in enumerate(doc.Pages.pages):
        page.StructParents, page.Tabs = n, PDFName("S")
        page.__NoDefault__ = [*type(page).__NoDefault__, *_PAGE_KEYS]
    root = Raw([])
    doc.Catalog.StructTreeRoot = doc.Reference(root, "StructTreeRoot")
    elements = _numbered(doc, tree.root)
    nums: list[bytes | PDFObject] = []
    for n, marks in enumerate(tree.marks):
        nums += [b" %d " % n, doc.Reference(_ParentEntry(marks))]
    for key, (annotation, element) in enumerate(tree.annotations, len(tree.marks)):  # keys after the pages'
        annotation.key = key
        nums.append(b" %d %d 0 R" % (key, element.number))
    parent_tree = doc.Reference(Raw([b"<< /Nums [", *nums, b" ] >>"]))
    root.parts += [b"<< /Type /StructTreeRoot /K [ %d 0 R ] /ParentTree " % tree.root.number, parent_tree,
                   b" /ParentTreeNextKey %d >>" % (len(tree.marks) + len(tree.annotations))]
    doc.Catalog.MarkInfo = PDFDictionary({"Marked": "true"})
    doc.Catalog.Metadata = doc.Reference(_Metadata(xmp), "Metadata")
    return elements


def _numbered(doc: Any, top: Element) -> Elements:
    """Each element under `top` (and itself) given the document's next object number, in reading order (an
    element before its kids): the numbers ReportLab would have given them as objects of its own."""
    elements: list[Element] = []
    todo = [top]
    while todo:
        element = todo.pop()
        elements.append(element)
        element.number = doc.objectcounter + len(elements)
        todo += reversed([k for k in element.kids if isinstance(k, Element)])
    first, doc.objectcounter = doc.objectcounter + 1, doc.objectcounter + len(elements)
    return Elements(first, elements, _struct_elem)


def let_go(elements: Elements) -> None:
    """The tree, its file written, made free of cycles: each element's parent dropped. An element and its parent
    refer to each other, so only Python's collector could free a tree (a catalogue's 16,000 elements, with their
    kids, ids and widgets' annotations, 50,000 objects: most of what its collections free, and a collection a
    build more); without the cycles each tree goes as its document does."""
    for element in elements.items:
        element.parent = None


def _struct_elem(element: Element, document: Any) -> bytes:
    """A structure element as the document saves: its type, parent, first page and kids (an id on another page
    as a marked-content reference naming its page). Written for 150,000 elements at 24,000 cards: a kid that is
    an element or an id on the first page (nearly all) is set out here, the others by `_kid`."""
    numbers = document.idToObjectNumberAndVersion
    parent = element.parent.number if element.parent is not None else numbers["StructTreeRoot"][0]
    out = [b"<< /Type /StructElem /S /%s /P %d 0 R" % (element.role.encode(), parent)]
    kids = element.kids
    first = next((k[0] for k in kids if type(k) is tuple), None)
    if first is not None:
        out.append(b" /Pg %d %d R" % numbers[f"Page{first + 1}"])
    if kids:
        out.append(b" /K [ %s ]" % b" ".join([
            b"%d 0 R" % k.number if type(k) is Element else b"%d" % k[1] if type(k) is tuple and k[0] == first
            else _kid(k, first, numbers) for k in kids]))
    if element.alt:
        out.append(b" /Alt %s" % _pdf_string(element.alt))
    if element.actual:
        out.append(b" /ActualText %s" % _pdf_string(element.actual))
    if element.title:
        out.append(b" /T %s" % _pdf_string(element.title))
    if element.scope:
        out.append(b" /A << /O /Table /Scope /%s >>" % element.scope.encode())
    out.append(b" >>")
    return b"".join(out)


@lru_cache(maxsize=4096)  # a deck's alt texts and titles recur card after card
def _pdf_string(text: str) -> bytes:
    """A text string as ReportLab writes it in an unencrypted file."""
    return PDFString(text).format(DummyDoc())


def pdf_string(text: str, document: Any) -> bytes:
    """A text string as ReportLab writes it in `document`: set out once where the file is not encrypted (a form's
    field names recur card after card too)."""
    if isinstance(document.encrypt, NoEncryption):
        return _pdf_string(text)
    return PDFString(text).format(document)


def _kid(kid: Element | tuple[int, int] | Annotation, first: int | None, numbers: dict[str, tuple[int, int]]
         ) -> bytes:
    if isinstance(kid, Element):
        return b"%d 0 R" % kid.number
    if isinstance(kid, Annotation):
        assert kid.ref is not None
        return b"<< /Type /OBJR /Pg %d %d R /Obj %d %d R >>" % (*numbers[f"Page{kid.page + 1}"],
                                                                *numbers[kid.ref.name])
    if kid[0] == first:
        return b"%d" % kid[1]
    return b"<< /Type /MCR /Pg %d %d R /MCID %d >>" % (*numbers[f"Page{kid[0] + 1}"], kid[1])


class _ParentEntry(PDFObject):
    """A page's entry in the parent tree: the element of each of its marked-content ids, in order."""

    __RefOnly__ = 1
    __slots__ = ("marks", "__InternalName__")

    def __init__(self, marks: list[Element]) -> None:
        self.marks = marks

    def format(self, document: Any) -> bytes:
        return b"[ %s ]" % b" ".join(b"%d 0 R" % e.number for e in self.marks)


def _spaced(items: list[bytes | PDFObject]) -> list[bytes | PDFObject]:
    return [part for item in items for part in (item, b" ")][:-1]


class Raw(PDFObject):
    """An object written as its bytes, the references and strings in it formatted as the document saves."""

    __RefOnly__ = 1

    def __init__(self, parts: list[bytes | PDFObject]) -> None:
        self.parts = parts

    def format(self, document: Any) -> bytes:
        numbers = document.idToObjectNumberAndVersion  # a reference as ReportLab writes it, without its call
        return b"".join(p if isinstance(p, bytes) else b"%d %d R" % numbers[p.name]
                        if type(p) is PDFObjectReference else p.format(document)  # type: ignore[attr-defined]
                        for p in self.parts)  # (the stubs leave `format` to each kind of object)


class _Metadata(PDFObject):
    """The XMP packet, uncompressed, as PDF/UA asks (a reader finds the title and conformance without inflating)."""

    __RefOnly__ = 1

    def __init__(self, xmp: bytes) -> None:
        self.xmp = xmp

    def format(self, document: Any) -> bytes:
        return b"<< /Length %d /Subtype /XML /Type /Metadata >>\nstream\n%sendstream\n" % (len(self.xmp), self.xmp)
