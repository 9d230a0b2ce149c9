"""Form fields: each place a player writes in or ticks (a `WriteIn` on the rectangle that draws it) becomes an
AcroForm field over that rectangle, so a sheet can be filled on screen, by a screen reader's user too.

Each field is one object, field and widget annotation together: a text field over a cell or box to write in, a
check box over a tick box. It is named by what it is (`/TU`, what a screen reader says; `/T`, the same made unique
in the document), prints (`/F 4`), and draws nothing of its own: no border, no background, an empty appearance
until filled, so the printed page is the page as it was. A tick's appearance is a tick drawn in lines (no font to
embed). The structure tree holds each as a `Form` element (opened by the layout, named by its `/Alt`) with an
object reference to its widget; the widget's `/StructParent` is its key in the parent tree (deckpress.draw.tagging).
Written as bytes, as the structure tree is: ReportLab's own form fields draw borders and backgrounds and carry no
structure.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFObject, PDFObjectReference

from deckpress.draw.finish import pdf_text
from deckpress.draw.paths import turning
from deckpress.draw.tagging import Annotation, Raw, Tree, pdf_string
from deckpress.layout.ops import Clip, Line, Rect, Turn
from deckpress.layout.tables.cells import met_again

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from deckpress.layout.ops import WriteIn

Box = tuple[float, float, float, float]  # x1, y1, x2, y2, pt
Matrix = tuple[float, float, float, float, float, float]

FONT = b"Helv"  # the font a viewer types a field's text in: a standard one, named in the form's resources
LOOK = b"/%s 0 Tf 0 g" % FONT  # typed in black, sized to the field: only a field naming no size of its own
PAD = 2.0  # pt: the room a viewer leaves inside a borderless field, 1 pt above the text and 1 below
HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
TICK = ((0.2, 0.5), (0.42, 0.22), (0.8, 0.8))  # the tick's corners, as parts of the box's width and height


class Forms:
    """The fields of one document as its pages are drawn, and the form that lists them."""

    def __init__(self, canvas: Canvas, tree: Tree) -> None:
        self.c, self.tree = canvas, tree
        self.doc: Any = canvas._doc  # type: ignore[attr-defined]  # ReportLab's own document (untyped)
        self.fields: list[PDFObjectReference] = []
        self.names: Counter[str] = Counter()
        self.looks: dict[tuple[str, float, float], PDFObjectReference] = {}  # an appearance by kind and size
        self.turns: list[Turn | None] = []  # the turns the pen is inside, outermost first (None: a clip)

    def add(self, op: object, page: int) -> None:
        """A field over `op` where it is a place to write in, on page `page` (from 0), in the element open round it
        (the layout's `Form`)."""
        if not isinstance(op, Rect | Line) or op.field is None:
            return
        field = op.field
        element = self.tree.stack[-1]  # open round the rectangle, even where the rectangle itself is furniture
        self.names[field.name] += 1
        count = self.names[field.name]
        title = met_again(field.name.replace(".", "\u2024"), count)  # a period parts a name from its parent's
        m: Matrix = (1, 0, 0, 1, 0, 0)
        for turn in reversed(self.turns):  # innermost first: the turns it is drawn in, composed only for a field
            m = _then(m, turning(turn)) if turn is not None else m
        unturned = _box(op)
        box = _placed(unturned, m)
        widget = _Widget(field, title, box, self.tree.annotate(element, page), unturned[3] - unturned[1])
        widget.looks = self._looks(box[2] - box[0], box[3] - box[1], field.tick)
        ref = self.doc.Reference(widget)
        widget.annotation.ref = ref
        self.c._annotationrefs.append(ref)  # type: ignore[attr-defined]  # the page's /Annots, as ReportLab's own
        self.fields.append(ref)

    def enter(self, op: Turn | Clip) -> None:
        """The ops after `op` are turned as it turns them (a clip moves nothing)."""
        self.turns.append(op if isinstance(op, Turn) else None)

    def leave(self) -> None:
        self.turns.pop()

    def write(self) -> None:
        """The form in the catalogue, listing every field, with the font its text fields are typed in."""
        if not self.fields:
            return
        font = self.doc.Reference(Raw([HELVETICA]))
        self.doc.Catalog.AcroForm = self.doc.Reference(Raw([
            b"<< /Fields [ ", *_spaced(self.fields), b" ] /DA (%s) /DR << /Font << /%s " % (LOOK, FONT), font,
            b" >> >> >>"]))

    def _looks(self, w: float, h: float, tick: bool) -> list[bytes | PDFObject]:
        """The field's appearances: empty for a text field (the page's own rules show), off and ticked for a tick
        box (the box is the page's, the tick the field's)."""
        if not tick:  # its own, never shared: a filling program writes what is typed into the field's stream
            return [b" /AP << /N ", self.doc.Reference(_stream(w, h, b"/Tx BMC EMC")), b" >>"]
        empty = self._look("empty", w, h, b"")
        (x1, y1), (x2, y2), (x3, y3) = ((x * w, y * h) for x, y in TICK)
        lines = b"q 0 G %s w 1 J 1 j %s m %s l %s l S Q" % (
            fp_str(max(w / 10, 1)).encode(), fp_str(x1, y1).encode(), fp_str(x2, y2).encode(),
            fp_str(x3, y3).encode())
        ticked = self._look("tick", w, h, lines)
        return [b" /AP << /N << /Yes ", ticked, b" /Off ", empty, b" >> >>"]

    def _look(self, kind: str, w: float, h: float, content: bytes) -> PDFObjectReference:
        """One appearance stream of a tick box, shared by every tick box of its size."""
        key = (kind, round(w, 3), round(h, 3))
        if key not in self.looks:
            self.looks[key] = self.doc.Reference(_stream(w, h, content))
        return self.looks[key]


def _stream(w: float, h: float, content: bytes) -> Raw:
    """An appearance: a form `w` x `h` points drawing `content`."""
    return Raw([b"<< /Type /XObject /Subtype /Form /BBox [ 0 0 %s ] /Resources << >> /Length %d >>\nstream\n%s\n"
                b"endstream" % (fp_str(w, h).encode(), len(content) + 1, content)])


class _Widget(PDFObject):
    """A field and its widget annotation, one object; written as the document saves, when its key in the parent
    tree is known."""

    __RefOnly__ = 1

    def __init__(self, field: WriteIn, title: str, box: Box, annotation: Annotation, height: float) -> None:
        self.field, self.title, self.box, self.annotation = field, title, box, annotation
        self.height = height  # the field's own, upright as its text is: on a turned card not the box's on the page
        self.looks: list[bytes | PDFObject] = []

    def format(self, document: Any) -> bytes:
        field, a = self.field, self.annotation
        kind = b"/FT /Btn /V /Off /AS /Off" if field.tick else b"/FT /Tx /DA (%s)" % _typed(field, self.height)
        page = document.idToObjectNumberAndVersion[f"Page{a.page + 1}"]  # its page, as a reference is written
        return b"<< /Type /Annot /Subtype /Widget %s /T %s /TU %s /F 4 /Rect [ %s ] /P %d %d R /StructParent %d " \
               b"/MK << >>%s >>" % (kind, pdf_string(self.title, document), pdf_string(field.name, document),
                                   fp_str(*self.box).encode(), *page, a.key, Raw(self.looks).format(document))


def _typed(field: WriteIn, height: float) -> bytes:
    """How the field's text is typed: in black, at the layout's size, never the viewer's own (which shrinks it to fit,
    far under 18 pt in large print). Where the field is too low for a line at that size, the size its height allows
    (Helvetica's ascender to descender is under 1 em), so the viewer need not clip it; but never below the
    edition's smallest, for a line a little over its field's edges reads, and text under 18 pt in large print
    does not."""
    if not field.size:
        return LOOK
    size = max(min(field.size, (height - PAD) // 0.5 * 0.5), field.min_size)  # to the half point below
    return b"/%s %s Tf 0 g" % (FONT, fp_str(size).encode())


def _box(op: Rect | Line) -> Box:
    """Where the field goes before any turn: the rectangle, or the room above the line."""
    if isinstance(op, Rect):
        return op.x, op.y, op.x + op.w, op.y + op.h
    height = op.field.height if op.field else 0.0
    return min(op.x1, op.x2), op.y1, max(op.x1, op.x2), op.y1 + height


def _then(m: Matrix, n: Matrix) -> Matrix:
    """`m`, then `n`: one matrix."""
    return (m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2],
            m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5])


def _placed(box: Box, m: Matrix) -> Box:
    """The box turned by `m`: the box round its turned corners (exact for the quarter turns a page makes)."""
    x1, y1, x2, y2 = box
    xs, ys = zip(*((m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]) for x in (x1, x2) for y in (y1, y2)),
                 strict=True)
    return round(min(xs), 4), round(min(ys), 4), round(max(xs), 4), round(max(ys), 4)


def _spaced(items: list[PDFObjectReference]) -> list[bytes | PDFObject]:
    return [part for item in items for part in (item, b" ")]


class KitForm:
    """The kit's form: each part's fields under one named for the part, so that a name two parts share (the same
    sheet in two kits' parts) still names one field; a form only if some part has fields."""

    def __init__(self) -> None:
        self.parts: list[tuple[str, list[int]]] = []  # each part's name and its fields' numbers in the kit
        self.number = 0  # the form's own

    def add(self, title: str, fields: list[int]) -> None:
        """A part's fields, by their numbers in the kit."""
        if fields:
            self.parts.append((title, fields))

    def objects(self, objects: dict[int, bytes], first: int) -> dict[int, bytes]:
        """The form, its font and a field a part, from `first` on; each part's fields (in `objects`, the kit's
        objects as bytes) made its field's kids."""
        if not self.parts:
            return {}
        font, self.number = first, first + 1
        made = {font: HELVETICA}
        names: dict[str, int] = {}
        for parent, (title, fields) in enumerate(self.parts, first + 2):
            names[title] = names.get(title, 0) + 1
            name = met_again(title.replace(".", "\u2024"), names[title])
            made[parent] = b"<< /T %s /Kids [ %s ] >>" % (pdf_text(name), b" ".join(b"%d 0 R" % n for n in fields))
            for n in fields:
                objects[n] = objects[n].replace(b"<<", b"<< /Parent %d 0 R" % parent, 1)
        kids = b" ".join(b"%d 0 R" % n for n in range(first + 2, first + 2 + len(self.parts)))
        made[self.number] = b"<< /Fields [ %s ] /DA (%s) /DR << /Font << /%s %d 0 R >> >> >>" % (
            kids, LOOK, FONT, font)
        return made

    @property
    def catalog(self) -> bytes:
        return b"/AcroForm %d 0 R " % self.number if self.number else b""
