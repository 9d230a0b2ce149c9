"""Tagged PDF: the structure tree of one document, grown as its pages are drawn (deckpress.layout.structure says
what each op is), then written into the ReportLab document before it saves: the catalogue's StructTreeRoot,
MarkInfo and Metadata, each page's StructParents and Tabs, and the parent tree from each page's marked-content
ids back to their elements. ReportLab writes none of these itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFObject, PDFObjectReference, PDFString

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

    __slots__ = ("role", "alt", "named", "scope", "actual", "title", "parent", "kids")

    def __init__(self, role: str, parent: Element | None, alt: str = "", scope: str = "", actual: str = "",
                 title: str = "") -> None:
        self.role, self.parent, self.alt, self.scope, self.actual = role, parent, alt, scope, actual
        self.title = title
        self.named = bool(alt)  # by the layout; else a figure is named by what the pen draws in it
        self.kids: list[Element | tuple[int, int] | Annotation] = []


class Tree:
    """The document's structure as the pen reaches each tag; `current` is what the next op drawn belongs to."""

    def __init__(self) -> None:
        self.root = Element("Document", None)
        self.stack = [self.root]
        self.hidden = 0  # artifacts open
        self.marks: list[list[Element]] = []  # each page's marked-content ids -> their element
        self.annotations: list[tuple[Annotation, Element]] = []  # each annotation and the element it is of

    def new_page(self) -> None:
        """Each page closes what it opened: its next page starts at the document again."""
        self.stack, self.hidden = [self.root], 0
        self.marks.append([])

    def apply(self, tag: Tag) -> None:
        if not isinstance(tag, Begin):
            if self.hidden:
                self.hidden -= 1
            elif len(self.stack) > 1:
                self.stack.pop()
            return
        if self.hidden or tag.role == ARTIFACT:  # inside furniture, everything is furniture
            self.hidden += 1
            return
        parent = self.stack[-1]
        last = parent.kids[-1] if parent.kids else None
        if tag.cont and isinstance(last, Element) and last.role == tag.role:
            element = last
        else:
            element = Element(tag.role, parent, tag.alt, tag.scope, tag.actual, tag.title)
            parent.kids.append(element)
        self.stack.append(element)

    @property
    def current(self) -> Element | None:
        """The element the next op drawn belongs to; None: furniture (outside every element, or marked so)."""
        return None if self.hidden or len(self.stack) == 1 else self.stack[-1]

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


def write(canvas: Canvas, tree: Tree, xmp: bytes) -> None:
    """The structure tree, the parent tree, the metadata and the page entries, into the canvas's document."""
    doc: Any = canvas._doc  # type: ignore[attr-defined]  # ReportLab's own document (untyped), before it saves
    for n, page in enumerate(doc.Pages.pages):
        page.StructParents, page.Tabs = n, PDFName("S")
        page.__NoDefault__ = [*type(page).__NoDefault__, *_PAGE_KEYS]
    root = Raw([])
    doc.Catalog.StructTreeRoot = ref = doc.Reference(root, "StructTreeRoot")
    refs: dict[int, PDFObjectReference] = {}
    _elements(doc, tree.root, ref, refs)
    nums: list[bytes | PDFObject] = []
    for n, marks in enumerate(tree.marks):
        nums += [b" %d " % n, doc.Reference(Raw([b"[ ", *_spaced([refs[id(e)] for e in marks]), b" ]"]))]
    for key, (annotation, element) in enumerate(tree.annotations, len(tree.marks)):  # keys after the pages'
        annotation.key = key
        nums += [b" %d " % key, refs[id(element)]]
    parent_tree = doc.Reference(Raw([b"<< /Nums [", *nums, b" ] >>"]))
    root.parts += [b"<< /Type /StructTreeRoot /K [ ", refs[id(tree.root)], b" ] /ParentTree ", parent_tree,
                   b" /ParentTreeNextKey %d >>" % (len(tree.marks) + len(tree.annotations))]
    doc.Catalog.MarkInfo = PDFDictionary({"Marked": "true"})
    doc.Catalog.Metadata = doc.Reference(_Metadata(xmp), "Metadata")


def _elements(doc: Any, element: Element, parent: PDFObjectReference,
              refs: dict[int, PDFObjectReference]) -> None:
    """Each element one object, in reading order: its type, parent, first page and kids (an id on another page
    as a marked-content reference naming its page). Written as bytes: a deck has thousands, and ReportLab's
    general dictionaries took a third of drawing them."""
    made = Raw([b"<< /Type /StructElem /S /%s /P " % element.role.encode(), parent])
    ref = refs[id(element)] = doc.Reference(made)
    pages = [k[0] for k in element.kids if isinstance(k, tuple)]
    first = pages[0] if pages else None
    if first is not None:
        made.parts += [b" /Pg ", page_ref(first)]
    kids: list[bytes | PDFObject] = []
    for kid in element.kids:
        if isinstance(kid, Element):
            _elements(doc, kid, ref, refs)
            kids.append(refs[id(kid)])
        elif isinstance(kid, Annotation):
            assert kid.ref is not None
            kids.append(Raw([b"<< /Type /OBJR /Pg ", page_ref(kid.page), b" /Obj ", kid.ref, b" >>"]))
        elif kid[0] == first:
            kids.append(b"%d" % kid[1])
        else:
            kids.append(Raw([b"<< /Type /MCR /Pg ", page_ref(kid[0]), b" /MCID %d >>" % kid[1]]))
    if kids:
        made.parts += [b" /K [ ", *_spaced(kids), b" ]"]
    if element.alt:
        made.parts += [b" /Alt ", PDFString(element.alt)]
    if element.actual:
        made.parts += [b" /ActualText ", PDFString(element.actual)]
    if element.title:
        made.parts += [b" /T ", PDFString(element.title)]
    if element.scope:
        made.parts.append(b" /A << /O /Table /Scope /%s >>" % element.scope.encode())
    made.parts.append(b" >>")


def _spaced(items: list[bytes | PDFObject]) -> list[bytes | PDFObject]:
    return [part for item in items for part in (item, b" ")][:-1]


def page_ref(n: int) -> PDFObjectReference:
    return PDFObjectReference(f"Page{n + 1}")  # ReportLab names page n (from 1) so


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
