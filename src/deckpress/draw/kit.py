"""Kits: finished components joined into one PDF, one bookmark each (part of the finish stage).

The parts are this press's own ReportLab files, written a moment before, so the join copies their objects as
bytes rather than parsing them back (parsing every font and page back was a fifth of a clean build). The largest
part is kept whole, its objects under their own numbers (deckpress.draw.kit_kept); of each other part, each page
is copied with what it uses (contents, fonts, images), renumbered. The page tree, the outline, the catalogue and
the document information are written new. A tagged part's structure comes along: its Document becomes a Part of
the kit's Document, its pages' (and its widgets') parent-tree keys follow those taken before it (the kept part's
first); its form fields come with their pages, gathered in the kit's form under a field a part. A file unlike
ReportLab's (another cross-reference form, a nested page tree, an outline of its own) is refused, never
half-joined."""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass, field

from deckpress import interrupts
from deckpress.draw.finish import DocInfo, pdf_text
from deckpress.draw.forms import KitForm
from deckpress.draw.kit_file import Own, Run, outline, pdf_file
from deckpress.draw.kit_kept import first_numbers, largest, own_numbers, replaced, runs
from deckpress.draw.kit_part import REFERENCES, Part
from deckpress.draw.kit_tree import KitTree

_STRUCT_PARENTS = re.compile(rb"(/StructParents?) (\d+)")  # a page's key in the parent tree, or a widget's


@dataclass
class _Kit:
    """The kit as its parts are joined: its own objects' numbers, the objects copied (their dictionaries, and the
    data of those with a stream, as it lies in its part), the kept part's runs, the highest number taken (every
    object is added through `add`, which keeps it)."""

    own: Own
    top: int
    objects: dict[int, bytes] = field(default_factory=dict)
    streams: dict[int, memoryview] = field(default_factory=dict)
    kept: list[Run] = field(default_factory=list)

    def add(self, objects: dict[int, bytes]) -> None:
        self.objects |= objects
        self.top = max(self.top, max(objects, default=0))


def kit(parts: list[tuple[str | None, bytes]], info: DocInfo, backs: bytes | None = None,
        backed: frozenset[int] = frozenset()) -> bytes:
    """All components in one PDF, one bookmark each (a part titled None has none: a blank back), in the order
    given; each page of the parts numbered in `backed` but its last followed by a copy of the blank back
    `backs` (pages cut apart or handed out one by one, printed duplex)."""
    read = []
    for title, pdf in parts:
        interrupts.check()
        read.append((title, Part(title or "blank page", pdf)))
    blank = Part("blank page", backs, again=True) if backs is not None and backed else None
    joined, kept = _begun([part for _, part in read])
    tree, form = KitTree(joined.own, kept.structure.keys if kept and kept.structure else 0), KitForm()
    pages: list[int] = []
    marks: list[tuple[str, int]] = []  # each part's title and its first page's number in the kit
    copies = 0  # the blank backs copied between the pages of backed parts
    for i, (title, part) in enumerate(read):
        own = (_keep if part is kept else _join)(part, title, joined, (tree, form))
        part.release()
        marks += [(title, own[0])] if title is not None else []
        if blank is None or i not in backed:
            pages += own
            continue
        for page in own[:-1]:
            pages += [page, *_join(blank, None, joined, (tree, form))]
            copies += 1
        pages.append(own[-1])
    joined.add(outline(marks, joined.top + 1, joined.own.outlines))
    joined.add(form.objects(joined.objects, joined.top + 1))
    joined.add(tree.objects(info, every_part=tree.parts == len(parts) + copies))
    joined.add(_catalogue(joined.own, info, pages, tree.catalog + form.catalog))
    return pdf_file(joined.objects, joined.streams, joined.own.catalog, joined.own.info, joined.kept)


def _begun(parts: list[Part]) -> tuple[_Kit, Part | None]:
    """The kit before its parts are joined: its own objects numbered, and the part it keeps whole (if any can be)
    with its runs of objects; the numbers it leaves over hold null."""
    kept = largest(parts)
    gone = replaced(kept) if kept is not None else set()
    found = runs(kept, gone) if kept is not None else None
    if kept is None or found is None:
        own = first_numbers(any(part.structure for part in parts))
        return _Kit(own, max(vars(own).values())), None
    own, left = own_numbers(kept, gone, len(kept.at))
    joined = _Kit(own, max(len(kept.at) - 1, *vars(own).values()), kept=found)
    unused = [n for n in range(1, len(kept.at)) if not kept.at[n]]
    joined.add(dict.fromkeys([*left, *unused], b"null"))  # no number of the kit's without its object
    return joined, kept


def _catalogue(own: Own, info: DocInfo, pages: list[int], entries: bytes) -> dict[int, bytes]:
    """The kit's catalogue, page tree, information and viewer preferences."""
    fields = b"".join(b"/%s %s " % (key.encode(), pdf_text(value)) for key, value in info.fields.items())
    return {
        own.catalog: b"<< /Type /Catalog /Pages %d 0 R /Outlines %d 0 R /PageMode /UseOutlines /ViewerPreferences "
                     b"%d 0 R /Lang %s %s>>" % (own.pages, own.outlines, own.viewer_preferences,
                                                pdf_text(info.language), entries),
        own.pages: b"<< /Type /Pages /Count %d /Kids [ %s ] >>" % (len(pages), b" ".join(b"%d 0 R" % p for p in pages)),
        own.info: b"<< %s>>" % fields,
        own.viewer_preferences: b"<< /PrintScaling /None /DisplayDocTitle true >>",
    }


def _keep(part: Part, title: str | None, kit: _Kit, into: tuple[KitTree, KitForm]) -> list[int]:
    """The kept part: its runs copied as they lie, its Documents and its form's fields into the kit's objects
    under their own numbers (each is written again); its pages' numbers, its own."""
    tree, form = into
    for n in [*(part.structure.documents if part.structure else []), *part.fields]:
        kit.add({n: part.head(n)})
        if (data := part.data(n)) is not None:
            kit.streams[n] = data
    tree.add(part.structure, None, kit.objects, title)
    form.add(title or part.title, list(part.fields))
    return list(part.pages)


def _join(part: Part, title: str | None, kit: _Kit, into: tuple[KitTree, KitForm]) -> list[int]:
    """The part's objects copied into the kit after those there, its structure and its form's fields `into` the
    kit's; its pages' new numbers."""
    tree, form = into
    part.cut_parents()
    numbers = _renumbered(part, kit.top + 1, kit.own.document)
    kit.add(_copied(part, numbers, (tree.keys, kit.own.pages), kit.streams))
    tree.add(part.structure, numbers, kit.objects, title)
    form.add(title or part.title, [numbers[n] for n in part.fields])
    return [numbers[n] for n in part.pages]


def _renumbered(part: Part, start: int, document: int) -> dict[int, int]:
    """The part's objects its pages use, then its structure's, old number -> new, in the order they are reached.
    The part's structure root is the kit's Document (its Documents' parent), never copied."""
    fixed = {part.structure.root: document} if part.structure else {}
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


def _refs(part: Part, n: int) -> array[int]:
    """Where object `n`'s dictionary refers to others (start, end, number, flat), read once for the walk and the
    copy."""
    found = part.refs.get(n)
    if found is None:
        head = part.head(n)
        found = part.refs[n] = array("q", [v for t in REFERENCES.finditer(head) if t[1] for v in (
            t.start(), t.end(), int(t[1]))] if b" 0 R" in head else ())  # none without " 0 R": strings not read
    return found


def _copied(part: Part, numbers: dict[int, int], kit: tuple[int, int], streams: dict[int, memoryview]
            ) -> dict[int, bytes]:
    """The objects renumbered: references rewritten before the stream's data, the data as it was (into
    `streams`); each page's parent-tree key moved on by the keys the parts before it took, its parent the kit's
    page tree (`kit`: those keys, and the tree's number)."""
    keys, tree = kit

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
        if old in part.page_set:  # its own parent was cut before the walk
            head = _STRUCT_PARENTS.sub(moved, head.replace(b"<<", b"<< /Parent %d 0 R" % tree, 1))
        elif old in part.fields:  # a widget's key moves on as its page's does
            head = _STRUCT_PARENTS.sub(moved, head)
        copied[new] = head
        if data is not None:
            streams[new] = data
    return copied
