"""Kits: finished components joined into one PDF, one bookmark each (part of the finish stage).

The parts are this press's own ReportLab files, written a moment before, so the join copies their objects as
bytes rather than parsing them back (parsing every font and page back was a fifth of a clean build). Each page is
copied with what it uses (contents, fonts, images), renumbered; the page tree, the outline, the catalogue and the
document information are written new. A tagged part's structure comes along: its Document becomes a Part of the
kit's Document, its pages' (and its widgets') parent-tree keys follow the parts before it; its form fields come
with their pages, gathered in the kit's form under a field a part. A file unlike ReportLab's (another
cross-reference form, a nested page tree, an outline of its own) is refused, never half-joined."""

from __future__ import annotations

import re
from array import array

from deckpress import interrupts
from deckpress.draw.finish import DocInfo, pdf_text, xmp
from deckpress.draw.forms import KitForm
from deckpress.draw.kit_file import (
    CATALOG,
    DOCUMENT,
    INFO,
    METADATA,
    OUTLINES,
    PAGES,
    PARENT_TREE,
    STRUCTURE,
    VIEWER_PREFERENCES,
    outline,
    pdf_file,
)

# What matters in an object before its stream's data: strings (skipped whole, so their text is never read as a
# reference; ReportLab escapes the parentheses inside them), references, and the keyword that starts the data.
# The hex-string pattern also takes the "< >" of an empty "<< >>", which holds nothing to read either. A string's
# pattern is unrolled (runs of plain bytes between escapes), the same strings read faster than a byte at a time.
_STRING = rb"\([^\\)]*(?:\\.[^\\)]*)*\)|<[0-9A-Fa-f\s]*>|"
_REFERENCES = re.compile(_STRING + rb"(\d+) 0 R", re.S)
_STREAM = re.compile(_STRING + rb"(?<![\w/])(stream\r?\n)", re.S)
_PARENT = re.compile(rb"/Parent \d+ 0 R")
_OBJ = re.compile(rb"(\d+) 0 obj\s*")
# Everything a part's catalogue and page tree may hold: the kit writes its own of each. Anything else (an outline,
# an action, inherited page attributes) would be lost, so such a part is refused.
_CATALOG_ENTRIES = re.compile(rb"/Type\s*/Catalog|/Pages\s+\d+ 0 R|/PageMode\s*/\w+|/ViewerPreferences\s+\d+ 0 R"
                              rb"|/Lang\s*\((?:\\.|[^\\)])*\)|/(?:StructTreeRoot|MarkInfo|Metadata|AcroForm)\s+\d+ 0 R")
# A part's structure tree root, and its mark information: what the kit's own root and catalogue take over.
_ROOT_ENTRIES = re.compile(rb"/Type\s*/StructTreeRoot|/K\s*\[[^\]]*\]|/ParentTree\s+\d+ 0 R|/ParentTreeNextKey\s+\d+")
_MARKED = re.compile(rb"<<\s*/Marked\s+true\s*>>")
_STRUCT_PARENTS = re.compile(rb"(/StructParents?) (\d+)")  # a page's key in the parent tree, or a widget's
_TREE_ENTRIES = re.compile(rb"/Type\s*/Pages|/Count\s+\d+|/Kids\s*\[[^\]]*\]")


class _Part:
    """One component file: its objects by number, read from its cross-reference table, each split into its
    dictionary (or value) and its stream's data."""

    def __init__(self, title: str, pdf: bytes) -> None:
        self.title = title
        start = int(pdf[pdf.rindex(b"startxref") + len(b"startxref"):].split()[0])
        table = re.compile(rb"xref\s+0 (\d+)\s+").match(pdf, start)
        if not pdf.startswith(b"%PDF-") or table is None:
            raise ValueError(f"kit: {title}: not a PDF with one cross-reference table")
        offsets = {}
        for n in range(1, int(table[1])):  # an entry: 10 digits of offset, 5 of generation, n (in use) or f
            entry = pdf[table.end() + 20 * n:table.end() + 20 * n + 18]
            if entry[17:] == b"n":
                if entry[11:16] != b"00000":  # references are read as "N 0 R"
                    raise ValueError(f"kit: {title}: object {n} is of a later generation")
                offsets[n] = int(entry[:10])
        ends = sorted([*offsets.values(), start])
        end_of = dict(zip(ends, ends[1:], strict=False))
        view = memoryview(pdf)  # streams' data stays where it lies in the file (copied only into the kit's)
        self.objects = {n: _object(pdf[at:end_of[at]], at, n, title, view) for n, at in offsets.items()}
        trailer = pdf[pdf.index(b"trailer", start):]
        catalog = self.objects[_ref(trailer, b"/Root", title)][0]
        tree = self.objects[_ref(catalog, b"/Pages", title)][0]
        if not _only(_CATALOG_ENTRIES, catalog) or not _only(_TREE_ENTRIES, tree):
            raise ValueError(f"kit: {title}: its catalogue or page tree has entries a kit would lose")
        self.pages = [int(n) for n in re.findall(rb"(\d+) 0 R", _array(tree, b"/Kids", title))]
        if not self.pages or len(self.pages) != int(_value(tree, b"/Count", title)):
            raise ValueError(f"kit: {title}: its page tree is not one flat list of pages, at least one")
        # Each page's parent is cut now, before the walk from the pages (it would climb into this file's page tree
        # and so reach every page); the copy names the kit's page tree instead.
        for n in self.pages:
            (head, cut), data = _PARENT.subn(b"", self.objects[n][0]), self.objects[n][1]
            if cut != 1:
                raise ValueError(f"kit: {title}: page object {n} has no one parent")
            self.objects[n] = (head, data)
        self.page_set = set(self.pages)
        self.refs: dict[int, array[int]] = {}  # each dictionary's references, once read (_refs)
        self.structure = _Structure(self, catalog) if b"/StructTreeRoot" in catalog else None
        form = re.search(rb"/AcroForm\s+(\d+) 0 R", catalog)  # its fields: each a widget on one of its pages
        self.fields = dict.fromkeys(int(n) for n in re.findall(rb"(\d+) 0 R", _array(  # in order, each found at once
            self.objects[int(form[1])][0], b"/Fields", title))) if form else {}


class _Structure:
    """A tagged part's structure: its root (never copied: the kit writes its own), the Documents under it, its
    parent tree's arrays by key, and how many keys it takes."""

    def __init__(self, part: _Part, catalog: bytes) -> None:
        title, objects = part.title, part.objects
        marked = re.search(rb"/MarkInfo\s+(\d+) 0 R", catalog)
        self.root = _ref(catalog, b"/StructTreeRoot", title)
        head = objects[self.root][0]
        info = objects[int(marked[1])][0].strip() if marked else b""
        if not _MARKED.fullmatch(info) or not _only(_ROOT_ENTRIES, head):
            raise ValueError(f"kit: {title}: its structure tree has entries a kit would lose")
        self.documents = [int(n) for n in re.findall(rb"(\d+) 0 R", _array(head, b"/K", title))]
        nums = _array(objects[_ref(head, b"/ParentTree", title)][0], b"/Nums", title)
        pairs = re.findall(rb"(\d+)\s+(\d+) 0 R", nums)
        if len(pairs) != len(re.findall(rb"\d+ 0 R", nums)):
            raise ValueError(f"kit: {title}: its parent tree is not one flat list of arrays")
        self.arrays = [(int(key), int(n)) for key, n in pairs]
        self.keys = int(_value(head, b"/ParentTreeNextKey", title))


def kit(parts: list[tuple[str | None, bytes]], info: DocInfo, backs: bytes | None = None,
        backed: frozenset[int] = frozenset()) -> bytes:
    """All components in one PDF, one bookmark each (a part titled None has none: a blank back), in the order
    given; each page of the parts numbered in `backed` but its last followed by a copy of the blank back
    `backs` (pages cut apart or handed out one by one, printed duplex)."""
    objects: dict[int, bytes] = {}
    streams: dict[int, memoryview] = {}  # the data of those objects that have a stream, as it lies in its part
    pages: list[int] = []
    marks: list[tuple[str, int]] = []  # each part's title and its first page's number in the kit
    tree, form, read = _Tree(), KitForm(), []
    for title, pdf in parts:
        interrupts.check()
        read.append((title, _Part(title or "blank page", pdf)))
    blank = _Part("blank page", backs) if backs is not None and backed else None
    copies = 0  # the blank backs copied between the pages of backed parts
    first = (METADATA if any(part.structure for _, part in read) else VIEWER_PREFERENCES) + 1  # untagged: no tree
    for i, (title, part) in enumerate(read):
        own = _join(part, title, (objects, streams), (tree, form), first)
        part.objects, part.refs = {}, {}  # copied: the part's own go before the next is joined and the file made
        marks += [(title, own[0])] if title is not None else []
        if blank is None or i not in backed:
            pages += own
            continue
        for page in own[:-1]:
            pages += [page, *_join(blank, None, (objects, streams), (tree, form), first)]
            copies += 1
        pages.append(own[-1])
    objects |= outline(marks, first=max(objects) + 1)
    objects |= form.objects(objects, max(objects) + 1)
    fields = b"".join(b"/%s %s " % (key.encode(), pdf_text(value)) for key, value in info.fields.items())
    objects |= tree.objects(info, every_part=tree.parts == len(parts) + copies)
    objects |= {
        CATALOG: b"<< /Type /Catalog /Pages %d 0 R /Outlines %d 0 R /PageMode /UseOutlines /ViewerPreferences %d 0 R "
                 b"/Lang %s %s%s>>" % (PAGES, OUTLINES, VIEWER_PREFERENCES, pdf_text(info.language), tree.catalog,
                                       form.catalog),
        PAGES: b"<< /Type /Pages /Count %d /Kids [ %s ] >>" % (len(pages), b" ".join(b"%d 0 R" % p for p in pages)),
        INFO: b"<< %s>>" % fields,
        VIEWER_PREFERENCES: b"<< /PrintScaling /None /DisplayDocTitle true >>",
    }
    return pdf_file(objects, streams)


def _join(part: _Part, title: str | None, kit: tuple[dict[int, bytes], dict[int, memoryview]],
          into: tuple[_Tree, KitForm], first: int) -> list[int]:
    """The part's objects copied into the kit's after those there (`kit`: their dictionaries, and their streams'
    data, from `first`), its structure and its form's fields `into` the kit's; its pages' new numbers."""
    (tree, form), (objects, streams) = into, kit
    numbers = _renumbered(part, start=max(objects, default=first - 1) + 1)
    objects |= _copied(part, numbers, tree.keys, streams)
    tree.add(part, numbers, objects, title)
    form.add(title or part.title, [numbers[n] for n in part.fields])
    return [numbers[n] for n in part.pages]


class _Tree:
    """The kit's structure: a Document holding each tagged part's, its parent tree the parts' in turn."""

    def __init__(self) -> None:
        self.documents: list[int] = []
        self.nums: list[tuple[int, int]] = []
        self.keys = 0  # parent-tree keys taken by the parts so far: the next part's start from here
        self.parts = 0

    def add(self, part: _Part, numbers: dict[int, int], objects: dict[int, bytes], title: str | None) -> None:
        if part.structure is None:
            return
        self.parts += 1
        named = b"/S /Part /T %s" % pdf_text(title) if title else b"/S /Part"  # titled as its bookmark
        for old in part.structure.documents:  # a part's Document is a Part of the kit's
            objects[numbers[old]] = objects[numbers[old]].replace(b"/S /Document", named, 1)
            self.documents.append(numbers[old])
        self.nums += [(self.keys + key, numbers[n]) for key, n in part.structure.arrays]
        self.keys += part.structure.keys

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


def _renumbered(part: _Part, start: int) -> dict[int, int]:
    """The part's objects its pages use, then its structure's, old number -> new, in the order they are reached.
    The part's structure root is the kit's Document (its Documents' parent), never copied."""
    fixed = {part.structure.root: DOCUMENT} if part.structure else {}
    roots = part.pages + ([*part.structure.documents, *(n for _, n in part.structure.arrays)]
                          if part.structure else [])
    numbers: dict[int, int] = dict(fixed)
    todo = list(reversed(roots))
    while todo:
        n = todo.pop()
        if n not in numbers:
            numbers[n] = start + len(numbers) - len(fixed)
            todo += reversed(_refs(part, n)[2::3])
    return numbers


def _refs(part: _Part, n: int) -> array[int]:
    """Where object `n`'s dictionary refers to others (start, end, number, flat), read once for walk and copy."""
    found = part.refs.get(n)
    if found is None:
        head = part.objects[n][0]
        found = part.refs[n] = array("q", [v for t in _REFERENCES.finditer(head) if t[1] for v in (
            t.start(), t.end(), int(t[1]))] if b" 0 R" in head else ())  # none without " 0 R": strings not read
    return found


def _copied(part: _Part, numbers: dict[int, int], keys: int, streams: dict[int, memoryview]) -> dict[int, bytes]:
    """The objects renumbered: references rewritten before the stream's data, the data as it was (into
    `streams`); each page's parent-tree key moved on by the `keys` the parts before it took."""
    def moved(key: re.Match[bytes]) -> bytes:
        return b"%s %d" % (key[1], int(key[2]) + keys)

    copied, root = {}, part.structure.root if part.structure else None
    for old, new in numbers.items():
        if old == root:  # the part's structure root: the kit writes its own
            continue
        head, data = part.objects[old]
        pieces, at = [], 0
        refs = _refs(part, old)
        for begin, end, ref in zip(refs[::3], refs[1::3], refs[2::3], strict=True):
            pieces += [head[at:begin], b"%d 0 R" % numbers[ref]]
            at = end
        head = b"".join([*pieces, head[at:]]) if pieces else head
        if old in part.page_set:  # its own parent was cut as the part was read
            head = _STRUCT_PARENTS.sub(moved, head.replace(b"<<", b"<< /Parent %d 0 R" % PAGES, 1))
        elif old in part.fields:  # a widget's key moves on as its page's does
            head = _STRUCT_PARENTS.sub(moved, head)
        copied[new] = head
        if isinstance(data, memoryview):
            streams[new] = data
    return copied


def _object(raw: bytes, at: int, n: int, title: str, pdf: memoryview) -> tuple[bytes, memoryview | bytes]:
    """Object `n` (`raw`, at `at` in the file): its dictionary (or value), and its stream's data (never read: a
    view of it in the file, `pdf`)."""
    head, whole = _OBJ.match(raw), raw.rstrip()
    if head is None or int(head[1]) != n or not whole.endswith(b"endobj"):
        raise ValueError(f"kit: {title}: object {n} is not where its cross-reference table says")
    body, at = whole[head.end():-len(b"endobj")].rstrip(), at + head.end()
    if b"stream" not in body:  # most objects (every structure element) have none: no need to read their strings
        return body, b""
    for token in _STREAM.finditer(body):
        if token[1]:
            return body[:token.end()], pdf[at + token.end():at + len(body)]
    return body, b""


def _only(entries: re.Pattern[bytes], dictionary: bytes) -> bool:
    """Whether the dictionary holds nothing but these entries."""
    return re.sub(rb"\s", b"", entries.sub(b"", dictionary)) == b"<<>>"


def _ref(body: bytes, key: bytes, title: str) -> int:
    return int(_value(body, key, title, rb"(\d+) 0 R"))


def _array(body: bytes, key: bytes, title: str) -> bytes:
    return _value(body, key, title, rb"\[([^\]]*)\]")


def _value(body: bytes, key: bytes, title: str, form: bytes = rb"(\d+)") -> bytes:
    found = re.search(re.escape(key) + rb"\s+" + form, body)
    if found is None:
        raise ValueError(f"kit: {title}: no {key.decode()} where ReportLab writes one")
    return found[1]
