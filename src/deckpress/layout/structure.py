"""The structure of a page, for tagged PDFs: which ops are a heading, a paragraph, a list, a table, a card or a
figure, in reading order. Anything drawn outside every element is the page's furniture (an artifact: the slug
line, marks, cut lines), and so is what is marked `ARTIFACT` inside one (a table's rules, a repeated header).

Tags sit beside the ops (`Page.tags`, by op index) rather than among them, so every check that walks the ops sees
only what is drawn. Each page closes what it opens; an element that runs on to the next page (a paragraph, a
table) is opened there again with `cont`, and the PDF holds it as one element over both pages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from deckpress.layout.ops import END, Begin, End, Tag

if TYPE_CHECKING:
    from deckpress.layout.page import Drawing
    from deckpress.model import Card

__all__ = ["ARTIFACT", "END", "ROLES", "Begin", "End", "Tag", "artifact", "begin", "card_field", "drop_if_empty",
           "end", "form", "nested", "read_through", "tagged"]

ARTIFACT = "Artifact"
# PDF's standard structure types that the layouts use; no role map is needed for any of them
ROLES = frozenset({"Sect", "Div", "H1", "H2", "H3", "H4", "H5", "H6", "P", "L", "LI", "Lbl", "LBody", "Table", "TR",
                   "TH", "TD", "Figure", "Form", ARTIFACT})




def begin(d: Drawing, role: str, alt: str = "", cont: bool = False, scope: str = "", actual: str = "",
          title: str = "") -> None:
    """Open an element before the next op drawn on `d`."""
    d.page.tags.append((len(d.page.ops), _begin(role, alt, cont, scope, actual, title)))


def end(d: Drawing, n: int = 1) -> None:
    """Close the `n` innermost open elements after the last op drawn."""
    d.page.tags += [(len(d.page.ops), END)] * n


class _Element(AbstractContextManager[None]):
    """An element open while its context is: a class, not a generator, as a big deck opens millions of them."""

    __slots__ = ("d", "tag")

    def __init__(self, d: Drawing, tag: Begin) -> None:
        self.d, self.tag = d, tag

    def __enter__(self) -> None:
        self.d.page.tags.append((len(self.d.page.ops), self.tag))

    def __exit__(self, *exc: object) -> None:
        self.d.page.tags.append((len(self.d.page.ops), END))


def tagged(d: Drawing, role: str, alt: str = "", cont: bool = False, scope: str = "",
           actual: str = "", title: str = "") -> AbstractContextManager[None]:
    """What is drawn inside is one element (or, `ARTIFACT`, furniture)."""
    return _Element(d, _begin(role, alt, cont, scope, actual, title))


@lru_cache(maxsize=4096)
def _begin(role: str, alt: str, cont: bool, scope: str, actual: str, title: str) -> Begin:
    """One tag for the same element opened again (a table's every row, a deck's every card's panels): a frozen
    dataclass costs more to make than to look up."""
    if role not in ROLES:
        raise ValueError(f"not a structure type the press writes: {role}")
    return Begin(role, alt, cont, scope, actual, title)


@contextmanager
def nested(d: Drawing, roles: Sequence[str], cont: Sequence[bool] = ()) -> Iterator[None]:
    """Elements one inside the next (a list, its item, the item's body), each run on where `cont` says."""
    for n, role in enumerate(roles):
        begin(d, role, cont=n < len(cont) and cont[n])
    try:
        yield
    finally:
        end(d, len(roles))


def artifact(d: Drawing) -> AbstractContextManager[None]:
    """What is drawn inside is furniture, even inside an element."""
    return tagged(d, ARTIFACT)


def form(d: Drawing, name: str) -> AbstractContextManager[None]:
    """What is drawn inside is a place to write or tick (a form field), named as a reader says it."""
    return tagged(d, "Form", alt=name)


def card_field(say: Callable[..., str], card: Card, what: str) -> str:
    """A card's place to write as a reader names it: its card, as the text edition names the card, then what it is
    (`Market 1, desk A, B1`; `Slip 3, Code`): one name a sheet of many alike cards does not repeat."""
    return say("field_cell", row=card.label[:1].upper() + card.label[1:], column=what)


def read_through(d: Drawing, tags: int, ops: int) -> None:
    """The element opened at tag `tags` is read by what it holds, not an /ActualText in its place, where a form
    field was drawn in it since op `ops` (a desk card's lines to write on): the text would hide the field."""
    if tags >= len(d.page.tags):
        return
    at, tag = d.page.tags[tags]  # most elements have a text and no field: the tag is looked at first
    if isinstance(tag, Begin) and tag.actual and any(getattr(op, "field", None) is not None
                                                     for op in d.page.ops[ops:]):
        d.page.tags[tags] = (at, replace(tag, actual=""))


def drop_if_empty(d: Drawing, tags: int, ops: int) -> None:
    """The element opened at tag `tags` (when `ops` ops were drawn) goes if nothing was drawn in it since: an
    empty element says nothing (a row of no icons, a blank cell)."""
    if len(d.page.ops) == ops:
        del d.page.tags[tags:]
