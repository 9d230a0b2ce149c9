"""An icon, or a row of them: an SVG or PNG of the game's `icons/` or a shared one (`deckpress.load.icons`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from deckpress.findings import Loc, echoed
from deckpress.layout.art.fit import FITS, clipped_if, reaches_past, row
from deckpress.layout.elements.kind import Box, Face, Kind, Reading, register
from deckpress.layout.keys import Key
from deckpress.load.counted import PLURALS
from deckpress.load.counted import said as counted_said
from deckpress.load.icon_words import heard
from deckpress.load.icon_words import said as said_as
from deckpress.model import Element
from deckpress.numerals import MAX_COUNT, whole
from deckpress.templating import ORIGINS

WORD = re.compile(r"\w+")


@register
class Icon(Kind):
    name = "icon"
    doc = ("an icon as large as fits the box, centred, its shape kept (see `fit`); or `count` of them in a row. The "
           "icon `lantern` is `icons/lantern.svg` (or `.png`) in the game's folder, else in the shared `icons/` of the "
           "layout folders")
    keys = (
        Key("icon", "template", None, "the icon's name, e.g. `{{ pictograms[card.collection] }}`; an SVG's "
                                      "`currentColor` takes the element's `colour`"),
        Key("count", "count", None, "how many to draw in a row, e.g. `3` or `{{ card.stars }}`"),
        Key("stroke_pt", "number", None, "every stroke of an SVG icon this wide, in points, whatever the icon's size "
                                         "(none: as the SVG draws them, scaled with the icon)", lo=0.01, hi=20),
        Key("alt", "alt", None, "what the icon says in the text edition, e.g. `a {{ card.collection }} "
                                     "pictogram` (none: its name, `-` and `_` read as spaces); `''`: nothing"),
        Key("fit", "choice", "contain", "how the icon's shape (its viewBox, or width and height) meets the box: "
                                        "`contain` all of it inside, centred; `cover` the box filled, centred, what "
                                        "runs past the box cut off; `stretch` its frame onto the box, its shape "
                                        "not kept. Art never shows past its box", choices=FITS),
    )
    leads = ("icon",)
    styled = False
    pictogram = True

    def draw(self, face: Face, element: Element, box: Box) -> None:
        name = face.render(element, "icon")
        icons = face.job.icons
        if name is None or icons is None:
            return
        icon = icons.known(name) or icons.get(name, element.at("icon"), f"{face.job.where}, {face.what(element)}",
                                              lambda: _named_at(face, element, name))
        if icon is None:
            return
        count = _count(face, element)
        ink, stroke, d = face.ink(element), element.keys["stroke_pt"], face.d
        for (x, y, w, h), cell in row((icon.width, icon.height), box, count, element.keys["fit"]):
            with clipped_if(d, reaches_past(icon.art, (x, y, w, h), cell), cell):
                d.icon(icon, x, y, w, ink, stroke, height=h)

    def read(self, reading: Reading, element: Element) -> list[str] | None:
        """The icon by its name (or its `alt`); a row of them with their number: `2 stars` where the game gives the
        word its plural (deckpress.load.counted), else `2 × star`."""
        shown = _shown(reading, element)
        if shown is None:
            return None
        said, count = shown
        return [said if count == 1 else counted_said(count, said, reading.params) or
                reading.say("html_icons", count=count, name=said)]

    def said_by(self, reading: Reading, element: Element, texts: list[str]) -> bool:
        """A text naming the icon (`Lanterns` beside a lantern, `Laternen` beside a `Laterne`, or any form the
        game's translation gives its word: `Stühle` for a `Stuhl`) with its count, in figures or words (`Two stars`
        beside two stars), says it."""
        shown = _shown(reading, element)
        if shown is None:
            return False
        said, count = shown
        forms = (reading.params.get(PLURALS) or {}).get(said) or {}  # the word's forms, where the game gives them
        stems = _stems(said, tuple(forms.values()))
        counts = None if count == 1 else _counts(count, _numbers(reading.say))
        for text in texts:  # `any`, without a generator: asked of every pictogram of every card
            if _names(text, stems, counts):
                return True
        return False


def _named_at(face: Face, element: Element, name: str) -> tuple[Loc, str] | None:
    """Where an icon's name was written, if in the game's parameter the element reads it from (`pictograms:
    {Lanterns: lanternn}`: a name no file has said there once, whatever the card or language)."""
    texts = face.texts
    origins = texts.params.get(ORIGINS, {})  # the game's own: its pages may be laid out after the next's load
    read = texts.templates.of(element.keys["icon"]).names or ()
    for param in read:
        value = texts.params.get(param)
        held = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
        if param in origins and name in held:
            return origins[param], f"parameter {param}"
    return None


def _count(face: Face, element: Element) -> int:
    """How many of the icon to draw: 1 unless its `count` says; none where that gives no whole number, or more
    than a card takes (a row inside a repeat's repetitions counts each time)."""
    if element.keys["count"] is None:
        return 1
    said = face.render(element, "count")
    count = None if said is None else _row(said, face.texts.repetitions)
    if count is None and said is not None:
        face.job.findings.error(element.at("count"), f"element {element.name}: count must give a whole number "
                                                     f"from 0 to {MAX_COUNT // face.texts.repetitions:,}",
                                face.card.label or str(face.card.index), f"'{echoed(said.strip())}'")
    return count or 0


def _row(said: str, repetitions: int) -> int | None:
    """The icons a row holds as its count's text says (none for an empty one), at most what a card takes where the
    row is drawn `repetitions` times; None where it gives no such number."""
    return whole(said or "0", MAX_COUNT // repetitions)


@lru_cache(maxsize=64)
def _numbers(say: Callable[..., str]) -> tuple[str, ...]:
    """The numbers in words in the press's language (`zero one two...`)."""
    return tuple(say("html_numbers").split())


@lru_cache(maxsize=1024)  # card after card shows the same icons: one set of stems each, its hash kept
def _stems(said: str, forms: tuple[str, ...]) -> frozenset[str]:
    """The words an icon said as `said` is named by in a text (the last word of each of its forms, casefolded)."""
    return frozenset(w.casefold().split()[-1] for w in [said, *forms] if w.split())


@lru_cache(maxsize=1024)
def _counts(count: int, numbers: tuple[str, ...]) -> frozenset[str]:
    """How a text says `count`: in figures, or in words where the language has a word for it."""
    return frozenset({str(count)} | ({numbers[count]} if count < len(numbers) else set()))


@lru_cache(maxsize=8192)  # the same texts recur card after card
def _names(text: str, stems: frozenset[str], counts: frozenset[str] | None) -> bool:
    """Whether `text` names the icon (a word starting with one of its forms' `stems`), with its count (one of
    `counts`) where a row of them is drawn."""
    words = set(WORD.findall(text.casefold()))
    return any(w.startswith(stem) for w in words for stem in stems) and (counts is None or bool(counts & words))


def _shown(reading: Reading, element: Element) -> tuple[str, int] | None:
    """The icon's name as read and how many are drawn; None when none is. Worked out once a card: its reading
    and the check of whether its words say it both ask."""
    if id(element) in reading.kept:
        return reading.kept[id(element)]  # type: ignore[no-any-return]
    shown = reading.kept[id(element)] = _worked_out(reading, element)
    return shown


def _worked_out(reading: Reading, element: Element) -> tuple[str, int] | None:
    name = reading.render(element, "icon")
    alt = element.keys["alt"]
    said = reading.render(element, "alt") if alt is not None else name and said_as(heard(name, reading.params))
    shown = None if element.keys["count"] is None else reading.render(element, "count")
    count = 1 if element.keys["count"] is None else _row(shown or "", reading.texts.repetitions) or 0
    return (said, count) if name and said and said.strip() and count else None
