"""The part a kit keeps whole (the finish stage, beside deckpress.draw.kit): its largest, copied as it lies, each
object under its own number.

Copied object by object, every reference of a deck's 17,000 objects (at 2,400 cards) was read and written again:
most of a kit's time. The largest part keeps its numbers instead. Its pages still name their page tree, and its
Documents their structure root: the kit's page tree and the kit's Document take those numbers. Its pages, widgets
and elements keep their parent-tree keys (the other parts' follow them). Its catalogue and what the catalogue
names (page tree, viewer preferences, structure root, mark information, metadata, form), its information, its
parent tree and its form's font are the kit's own objects now, written in their places; a number left over holds
null. Only its Documents (made Parts) and its form's fields (given their parent) are written again.

Nothing else may refer to the objects the kit replaces. The references to each are counted in the file (as every
writer of this press sets them out: after a space) and must be those of the objects allowed them; any other (or a
stream's bytes that read like one) and the part is copied object by object, as the others are."""

from __future__ import annotations

import re
from array import array

from deckpress.draw.kit_file import Own, Run
from deckpress.draw.kit_part import Part

NAMES = ("catalog", "pages", "outlines", "info", "viewer_preferences", "structure", "document", "parent_tree",
         "metadata")  # the kit's own objects, as `Own` names them (the last four written only for tagged parts)
UNTAGGED = 5


def largest(parts: list[Part]) -> Part | None:
    """The part with the most objects, the first of equals; None for no part."""
    return max(parts, key=lambda part: len(part.at) - part.at.count(0), default=None)


def replaced(part: Part) -> set[int]:
    """The part's objects a kit writes its own of: its catalogue and what the catalogue names, its information, its
    parent tree, and what its form names but its fields (the form's font)."""
    catalog, form = part.head(part.catalog), part.head(part.form) if part.form else b""
    return ({part.catalog, *_named(catalog)} | ({part.info} - {0})
            | ({part.structure.parent_tree} if part.structure else set()) | (_named(form) - set(part.fields)))


def first_numbers(tagged: bool) -> Own:
    """The kit's own objects numbered first, from 1, where no part is kept whole (untagged: no structure's)."""
    names = NAMES if tagged else NAMES[:UNTAGGED]
    return Own(**{name: names.index(name) + 1 if name in names else 0 for name in NAMES})


def own_numbers(kept: Part, gone: set[int], first: int) -> tuple[Own, list[int]]:
    """The numbers of the kit's own objects: those of the kept part's objects they stand for (`gone`: those the kit
    replaces), the numbers it leaves over, then new ones from `first`; and the numbers left over still (each to
    hold null)."""
    root = kept.structure.root if kept.structure else 0
    fixed = {"catalog": kept.catalog, "pages": kept.tree, "info": kept.info, "document": root}
    free, new = sorted(gone - set(fixed.values())), iter(range(first, first + len(NAMES)))
    names = NAMES if kept.structure else NAMES[:UNTAGGED]
    numbers = {name: fixed.get(name) or (free.pop(0) if free else next(new)) for name in names}
    return Own(**{name: numbers.get(name, 0) for name in NAMES}), free


def runs(part: Part, gone: set[int]) -> list[Run] | None:
    """The part's objects copied as they lie (all but those the kit writes again: `gone`, its Documents and its
    form's fields), in runs of objects one after another in the file; None where something else refers to an
    object the kit replaces."""
    apart = gone | set(part.structure.documents if part.structure else ()) | set(part.fields)
    if not _referred_only_as_allowed(part, gone):
        return None
    found: list[Run] = []
    n, count = 1, len(part.at)
    while n < count:
        if not part.at[n] or n in apart:
            n += 1
            continue
        first, starts = n, array("q")
        while n < count and part.at[n] and n not in apart and (n == first or part.at[n] == part.end[n - 1]):
            starts.append(part.place(n)[0] - part.at[first])
            n += 1
        found.append((first, part.view[part.at[first]:part.end[n - 1]], starts))
    return found


def _referred_only_as_allowed(part: Part, gone: set[int]) -> bool:
    """Whether each object the kit replaces (`gone`) is referred to only by those allowed to: the replaced objects
    among themselves, the pages their page tree, the Documents their root (each referrer counted once, however
    often it is named). The file's header holds no reference: the count runs from its start to the table."""
    pages, documents = set(part.pages), set(part.structure.documents if part.structure else ())
    heads = [part.head(n) for n in gone]
    for n in gone:
        mark = b" %d 0 R" % n
        referrers = pages if n == part.tree else documents if part.structure and n == part.structure.root else ()
        allowed = sum(head.count(mark) for head in heads) + sum(part.head(r).count(mark) for r in referrers)
        if part.pdf.count(mark, 0, part.xref) != allowed:
            return False
    return True


def _named(head: bytes) -> set[int]:
    return {int(n) for n in re.findall(rb"(\d+) 0 R", head)}
