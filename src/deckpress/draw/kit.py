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
from deckpress.draw.finish import DocInfo, pdf_text
from deckpress.draw.forms import KitForm
from deckpress.draw.kit_file import (
    CATALOG,
    DOCUMENT,
    INFO,
    METADATA,
    OUTLINES,
    PAGES,
    VIEWER_PREFERENCES,
    outline,
    pdf_file,
)
from deckpress.draw.kit_tree import KitTree

# What matters in an object before its stream's data: strings (skipped whole, so their text is never read as a
# reference; ReportLab escapes the parentheses inside them), references, and the keyword that starts the data.
# The hex-string pattern also takes the "< >" of an empty "<< >>", which holds nothing to read either. A string's
# pattern is unrolled (runs of plain bytes between escapes), the same strings read faster than a byte at a time.
_STRING = rb"\([^\\)]*(?:\\.[^\\)]*)*\)|<[0-9A-Fa-f\s]*>|"
_REFERENCES = re.compile(_STRING + rb"(\d+) 0 R", re.S)
_STREAM = re.compile(_STRING + rb"(?<![\w/])(stream\r?\n)", re.S)
_PARENT = re.compile(rb"/Parent \d+ 0 R")
_OBJ = re.compile(rb"(\d+) 0 obj\s*")
_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_XREF = re.compile(rb"xref\s+0 (\d+)\s+")
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
    """One component file: where each of its objects lies, by number, read from its cross-reference table, each
    split into its dictionary (or value) and its stream's data. Places, not copies: a deck of 24,000 cards has
    170,000 objects, and each is read once more only as it is copied."""

    def __init__(self, title: str, pdf: bytes, again: bool = False) -> None:
        self.title, self.again = title, again  # again: copied more than once (the blank back), its reading kept
        start, table, trailer = _table(pdf, title)
        offsets = {}
        for n in range(1, int(table[1])):  # an entry: 10 digits of offset, 5 of generation, n (in use) or f
            entry = pdf[table.end() + 20 * n:table.end() + 20 * n + 18]
            if entry[17:] == b"n":
                if entry[11:16] != b"00000":  # references are read as "N 0 R"
                    raise ValueError(f"kit: {title}: object {n} is of a later generation")
                if not entry[:10].isdigit() or not 0 < int(entry[:10]) < start:
                    raise ValueError(f"kit: {title}: object {n} lies outside the file's objects")
                offsets[n] = int(entry[:10])
        ends = sorted([*offsets.values(), start])
        end_of = dict(zip(ends, ends[1:], strict=False))
        self.pdf, self.view = pdf, memoryview(pdf)  # streams' data stays where it lies (copied only into the kit)
        self.spans = array("q", bytes(32 * int(table[1])))  # object n: its head's start and end, its data's
        self.cut: dict[int, bytes] = {}  # the heads changed as they are read: the pages'
        for n, at in offsets.items():
            self.spans[4 * n:4 * n + 4] = array("q", _object(pdf[at:end_of[at]], at, n, title))
        catalog = self.head(_ref(pdf[trailer:], b"/Root", title))
        tree = self.head(_ref(catalog, b"/Pages", title))
        if not _only(_CATALOG_ENTRIES, catalog) or not _only(_TREE_ENTRIES, tree):
            raise ValueError(f"kit: {title}: its catalogue or page tree has entries a kit would lose")
        self.pages = [int(n) for n in re.findall(rb"(\d+) 0 R", _array(tree, b"/Kids", title))]
        if not self.pages or len(self.pages) != int(_value(tree, b"/Count", title)):
            raise ValueError(f"kit: {title}: its page tree is not one flat list of pages, at least one")
        # Each page's parent is cut now, before the walk from the pages (it would climb into this file's page tree
        # and so reach every page); the copy names the kit's page tree instead.
        for n in self.pages:
            self.cut[n], cut = _PARENT.subn(b"", self.head(n))
            if cut != 1:
                raise ValueError(f"kit: {title}: page object {n} has no one parent")
        self.page_set = set(self.pages)
        self.refs: dict[int, array[int]] = {}  # each dictionary's references, once read (_refs)
        self.structure = _Structure(self, catalog) if b"/StructTreeRoot" in catalog else None
        form = re.search(rb"/AcroForm\s+(\d+) 0 R", catalog)  # its fields: each a widget on one of its pages
        self.fields = dict.fromkeys(int(n) for n in re.findall(rb"(\d+) 0 R", _array(  # in order, each found at once
            self.head(int(form[1])), b"/Fields", title))) if form else {}

    def head(self, n: int) -> bytes:
        """Object `n`'s dictionary (or value)."""
        if n in self.cut:
            return self.cut[n]
        start, end = self.spans[4 * n:4 * n + 2] if 0 < n < len(self.spans) // 4 else (0, 0)
        if not end:
            raise ValueError(f"kit: {self.title}: object {n} is referred to but not in the file")
        return self.pdf[start:end]

    def data(self, n: int) -> memoryview | None:
        """Object `n`'s stream's data, where it lies in the file; None: it has no stream."""
        start, end = self.spans[4 * n + 2:4 * n + 4]
        return self.view[start:end] if end else None

    def release(self) -> None:
        """Copied into the kit: what was read of the part goes before the next is joined and the file made."""
        self.spans, self.cut, self.refs = array("q"), {}, {}


class _Structure:
    """A tagged part's structure: its root (never copied: the kit writes its own), the Documents under it, its
    parent tree's arrays by key, and how many keys it takes."""

    def __init__(self, part: _Part, catalog: bytes) -> None:
        title = part.title
        marked = re.search(rb"/MarkInfo\s+(\d+) 0 R", catalog)
        self.root = _ref(catalog, b"/StructTreeRoot", title)
        head = part.head(self.root)
        info = part.head(int(marked[1])).strip() if marked else b""
        if not _MARKED.fullmatch(info) or not _only(_ROOT_ENTRIES, head):
            raise ValueError(f"kit: {title}: its structure tree has entries a kit would lose")
        self.documents = [int(n) for n in re.findall(rb"(\d+) 0 R", _array(head, b"/K", title))]
        nums = _array(part.head(_ref(head, b"/ParentTree", title)), b"/Nums", title)
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
    tree, form, read = KitTree(), KitForm(), []
    for title, pdf in parts:
        interrupts.check()
        read.append((title, _Part(title or "blank page", pdf)))
    blank = _Part("blank page", backs, again=True) if backs is not None and backed else None
    copies = 0  # the blank backs copied between the pages of backed parts
    first = (METADATA if any(part.structure for _, part in read) else VIEWER_PREFERENCES) + 1  # untagged: no tree
    for i, (title, part) in enumerate(read):
        own = _join(part, title, (objects, streams), (tree, form), first)
        part.release()
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
          into: tuple[KitTree, KitForm], first: int) -> list[int]:
    """The part's objects copied into the kit's after those there (`kit`: their dictionaries, and their streams'
    data, from `first`), its structure and its form's fields `into` the kit's; its pages' new numbers."""
    (tree, form), (objects, streams) = into, kit
    numbers = _renumbered(part, start=max(objects, default=first - 1) + 1)
    objects |= _copied(part, numbers, tree.keys, streams)
    tree.add(part.structure, numbers, objects, title)
    form.add(title or part.title, [numbers[n] for n in part.fields])
    return [numbers[n] for n in part.pages]


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
    """Where object `n`'s dictionary refers to others (start, end, number, flat), read once for the walk and the
    copy."""
    found = part.refs.get(n)
    if found is None:
        head = part.head(n)
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
        head, data = part.head(old), part.data(old)
        pieces, at = [], 0
        # read in the walk; let go as the copies grow (a big deck's peak) unless the part is copied again
        refs = part.refs[old] if part.again else part.refs.pop(old)
        for begin, end, ref in zip(refs[::3], refs[1::3], refs[2::3], strict=True):
            pieces += [head[at:begin], b"%d 0 R" % numbers[ref]]
            at = end
        head = b"".join([*pieces, head[at:]]) if pieces else head
        if old in part.page_set:  # its own parent was cut as the part was read
            head = _STRUCT_PARENTS.sub(moved, head.replace(b"<<", b"<< /Parent %d 0 R" % PAGES, 1))
        elif old in part.fields:  # a widget's key moves on as its page's does
            head = _STRUCT_PARENTS.sub(moved, head)
        copied[new] = head
        if data is not None:
            streams[new] = data
    return copied


def _table(pdf: bytes, title: str) -> tuple[int, re.Match[bytes], int]:
    """Where the cross-reference table starts, the table's head (its count), and where the trailer starts. Every
    entry is 20 bytes and lies before the trailer: a table that says more (a cut file) is refused, never read on."""
    pointer = _STARTXREF.search(pdf, max(0, len(pdf) - 64))  # at the file's end, as ReportLab writes it
    start = int(pointer[1]) if pointer else -1
    table = _XREF.match(pdf, start) if 0 <= start < len(pdf) else None
    trailer = pdf.find(b"trailer", table.end()) if table else -1
    if not pdf.startswith(b"%PDF-") or table is None or trailer < table.end() + 20 * int(table[1]):
        raise ValueError(f"kit: {title}: not a PDF with one cross-reference table")
    return start, table, trailer


def _object(raw: bytes, at: int, n: int, title: str) -> tuple[int, int, int, int]:
    """Object `n` (`raw`, at `at` in the file): where its dictionary (or value) lies, and its stream's data (0, 0:
    none)."""
    head, whole = _OBJ.match(raw), raw.rstrip()
    if head is None or int(head[1]) != n or not whole.endswith(b"endobj"):
        raise ValueError(f"kit: {title}: object {n} is not where its cross-reference table says")
    body, at = whole[head.end():-len(b"endobj")].rstrip(), at + head.end()
    if b"stream" not in body:  # most objects (every structure element) have none: no need to read their strings
        return at, at + len(body), 0, 0
    for token in _STREAM.finditer(body):
        if token[1]:
            return at, at + token.end(), at + token.end(), at + len(body)
    return at, at + len(body), 0, 0


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
