"""A kit's part read (the finish stage, beside deckpress.draw.kit): one component file, this press's own ReportLab
file written a moment before, and where each of its objects lies. A file unlike ReportLab's (another
cross-reference form, a nested page tree, an outline of its own) is refused, never half-read."""

from __future__ import annotations

import re
from array import array

# What matters in an object before its stream's data: strings (skipped whole, so their text is never read as a
# reference; ReportLab escapes the parentheses inside them), references, and the keyword that starts the data.
# The hex-string pattern also takes the "< >" of an empty "<< >>", which holds nothing to read either. A string's
# pattern is unrolled (runs of plain bytes between escapes), the same strings read faster than a byte at a time.
_STRING = rb"\([^\\)]*(?:\\.[^\\)]*)*\)|<[0-9A-Fa-f\s]*>|"
REFERENCES = re.compile(_STRING + rb"(\d+) 0 R", re.S)
_STREAM = re.compile(_STRING + rb"(?<![\w/])(stream\r?\n)", re.S)
_PARENT = re.compile(rb"/Parent \d+ 0 R")
_OBJ = re.compile(rb"(\d+) 0 obj\s*")
_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_XREF = re.compile(rb"xref\s+0 (\d+)\s+")
_IN_USE = ord("n")
# Everything a part's catalogue and page tree may hold: the kit writes its own of each. Anything else (an outline,
# an action, inherited page attributes) would be lost, so such a part is refused.
_CATALOG_ENTRIES = re.compile(rb"/Type\s*/Catalog|/Pages\s+\d+ 0 R|/PageMode\s*/\w+|/ViewerPreferences\s+\d+ 0 R"
                              rb"|/Lang\s*\((?:\\.|[^\\)])*\)|/(?:StructTreeRoot|MarkInfo|Metadata|AcroForm)\s+\d+ 0 R")
# A part's structure tree root, and its mark information: what the kit's own root and catalogue take over.
_ROOT_ENTRIES = re.compile(rb"/Type\s*/StructTreeRoot|/K\s*\[[^\]]*\]|/ParentTree\s+\d+ 0 R|/ParentTreeNextKey\s+\d+")
_MARKED = re.compile(rb"<<\s*/Marked\s+true\s*>>")
_TREE_ENTRIES = re.compile(rb"/Type\s*/Pages|/Count\s+\d+|/Kids\s*\[[^\]]*\]")


class Part:
    """One component file: where each of its objects lies, by number, read from its cross-reference table; each
    object split into its dictionary (or value) and its stream's data as it is first asked for. Places, not
    copies: a deck of 24,000 cards has 170,000 objects, and each is read once more only as it is copied (or, in
    the part a kit keeps whole, never)."""

    def __init__(self, title: str, pdf: bytes, again: bool = False) -> None:
        self.title, self.again = title, again  # again: copied more than once (the blank back), its reading kept
        start, table, trailer = _table(pdf, title)
        self.pdf, self.view = pdf, memoryview(pdf)  # streams' data stays where it lies (copied only into the kit)
        self.at, self.end = _places(pdf, table, start, title)  # object n: where it starts and ends (0: not in use)
        self.xref = start  # where the objects end and the cross-reference table starts
        self.spans = array("q", bytes(32 * len(self.at)))  # object n: its head's start and end, its data's
        self.cut: dict[int, bytes] = {}  # the heads changed as they are read: the pages'
        self.info = int(found[1]) if (found := re.search(rb"/Info (\d+) 0 R", pdf[trailer:])) else 0
        self.catalog = _ref(pdf[trailer:], b"/Root", title)
        catalog = self.head(self.catalog)
        self.tree = _ref(catalog, b"/Pages", title)
        tree = self.head(self.tree)
        if not _only(_CATALOG_ENTRIES, catalog) or not _only(_TREE_ENTRIES, tree):
            raise ValueError(f"kit: {title}: its catalogue or page tree has entries a kit would lose")
        self.pages = [int(n) for n in re.findall(rb"(\d+) 0 R", _array(tree, b"/Kids", title))]
        if not self.pages or len(self.pages) != int(_value(tree, b"/Count", title)):
            raise ValueError(f"kit: {title}: its page tree is not one flat list of pages, at least one")
        self.page_set = set(self.pages)
        self.refs: dict[int, array[int]] = {}  # each dictionary's references, once read (_refs)
        self.structure = Structure(self, catalog) if b"/StructTreeRoot" in catalog else None
        found = re.search(rb"/AcroForm\s+(\d+) 0 R", catalog)  # its fields: each a widget on one of its pages
        self.form = int(found[1]) if found else 0
        self.fields = dict.fromkeys(int(n) for n in re.findall(rb"(\d+) 0 R", _array(  # in order, each found at once
            self.head(self.form), b"/Fields", title))) if self.form else {}

    def cut_parents(self) -> None:
        """Each page's parent cut, before the walk from the pages (it would climb into this file's page tree and so
        reach every page); the copy names the kit's page tree instead. Once: the blank back is joined again and
        again."""
        if self.cut:
            return
        for n in self.pages:
            self.cut[n], cut = _PARENT.subn(b"", self.head(n))
            if cut != 1:
                raise ValueError(f"kit: {self.title}: page object {n} has no one parent")

    def head(self, n: int) -> bytes:
        """Object `n`'s dictionary (or value)."""
        if n in self.cut:
            return self.cut[n]
        start, end = self._span(n)
        return self.pdf[start:end]

    def place(self, n: int) -> tuple[int, int]:
        """Where object `n` starts and ends in the file, checked to be there whole (as it is copied unread)."""
        at, end = self.at[n], self.end[n]
        if not self.pdf.startswith(b"%d 0 obj" % n, at) or not self.pdf[max(at, end - 16):end].rstrip().endswith(
                b"endobj"):
            raise ValueError(_misplaced(self.title, n))
        return at, end

    def data(self, n: int) -> memoryview | None:
        """Object `n`'s stream's data, where it lies in the file; None: it has no stream."""
        self._span(n)
        start, end = self.spans[4 * n + 2:4 * n + 4]
        return self.view[start:end] if end else None

    def _span(self, n: int) -> tuple[int, int]:
        """Where object `n`'s dictionary lies, read now if it was not before."""
        if not 0 < n < len(self.at) or not self.at[n]:
            raise ValueError(f"kit: {self.title}: object {n} is referred to but not in the file")
        if not self.spans[4 * n + 1]:
            at = self.at[n]
            self.spans[4 * n:4 * n + 4] = array("q", _object(self.pdf[at:self.end[n]], at, n, self.title))
        return self.spans[4 * n], self.spans[4 * n + 1]

    def release(self) -> None:
        """Copied into the kit: what was read of the part goes before the next is joined and the file made."""
        self.spans, self.cut, self.refs = array("q"), {}, {}


class Structure:
    """A tagged part's structure: its root (never copied: the kit writes its own), the Documents under it, its
    parent tree's arrays by key, and how many keys it takes."""

    def __init__(self, part: Part, catalog: bytes) -> None:
        title = part.title
        marked = re.search(rb"/MarkInfo\s+(\d+) 0 R", catalog)
        self.root = _ref(catalog, b"/StructTreeRoot", title)
        head = part.head(self.root)
        info = part.head(int(marked[1])).strip() if marked else b""
        if not _MARKED.fullmatch(info) or not _only(_ROOT_ENTRIES, head):
            raise ValueError(f"kit: {title}: its structure tree has entries a kit would lose")
        self.documents = [int(n) for n in re.findall(rb"(\d+) 0 R", _array(head, b"/K", title))]
        self.parent_tree = _ref(head, b"/ParentTree", title)
        nums = _array(part.head(self.parent_tree), b"/Nums", title)
        pairs = re.findall(rb"(\d+)\s+(\d+) 0 R", nums)
        if len(pairs) != len(re.findall(rb"\d+ 0 R", nums)):
            raise ValueError(f"kit: {title}: its parent tree is not one flat list of arrays")
        self.arrays = [(int(key), int(n)) for key, n in pairs]
        self.keys = int(_value(head, b"/ParentTreeNextKey", title))


def _places(pdf: bytes, table: re.Match[bytes], start: int, title: str) -> tuple[array[int], array[int]]:
    """Where each object in use starts and ends, by number (0: not in use), from the cross-reference table; an
    object ends where the next in the file starts (the last, at the table)."""
    count = int(table[1])
    at, end = array("q", bytes(8 * count)), array("q", bytes(8 * count))
    entries = pdf[table.end():table.end() + 20 * count]
    # an entry: 10 digits of offset, 5 of generation, n (in use) or f; each entry's kind, all read at once
    used = [n for n, kind in enumerate(entries[17::20]) if kind == _IN_USE and n]
    for n in used:
        offset = entries[20 * n:20 * n + 10]
        if entries[20 * n + 11:20 * n + 16] != b"00000":  # references are read as "N 0 R"
            raise ValueError(f"kit: {title}: object {n} is of a later generation")
        if not offset.isdigit() or not 0 < (place := int(offset)) < start:
            raise ValueError(f"kit: {title}: object {n} lies outside the file's objects")
        at[n] = place
    order = sorted(used, key=at.__getitem__)
    for n, after in zip(order, [*order[1:], 0], strict=True):
        end[n] = at[after] if after else start
    return at, end


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
        raise ValueError(_misplaced(title, n))
    body, at = whole[head.end():-len(b"endobj")].rstrip(), at + head.end()
    if b"stream" not in body:  # most objects (every structure element) have none: no need to read their strings
        return at, at + len(body), 0, 0
    for token in _STREAM.finditer(body):
        if token[1]:
            return at, at + token.end(), at + token.end(), at + len(body)
    return at, at + len(body), 0, 0


def _misplaced(title: str, n: int) -> str:
    return f"kit: {title}: object {n} is not where its cross-reference table says"


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
