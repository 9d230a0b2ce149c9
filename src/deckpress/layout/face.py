"""A card's face: its background, its printed lines, then each element drawn by its kind
(`deckpress.layout.elements`) in its ink and turned as it asks; every text held against what is behind it."""

from __future__ import annotations

from dataclasses import dataclass

from deckpress.layout.art.turn import inner, past_card, quarter
from deckpress.layout.card_table import draw_table, plain
from deckpress.layout.computed.conditions import shown
from deckpress.layout.computed.repetition import Excess, places
from deckpress.layout.context import Job
from deckpress.layout.elements import KINDS, Face
from deckpress.layout.elements.kind import Box, Kind
from deckpress.layout.elements.repeat import Repeat
from deckpress.layout.held import Said
from deckpress.layout.inks import Ground, check_contrast
from deckpress.layout.page import MM, Drawing, Text, WriteIn
from deckpress.layout.readings import lines_beside
from deckpress.layout.shapes.outline import ROUND, Outline
from deckpress.layout.spoken import spoken
from deckpress.layout.structure import ARTIFACT, artifact, card_field, drop_if_empty, form, read_through, tagged
from deckpress.model import Card, CardLayout, Element

# An element's structure by its kind: a picture or a row of pictograms is a figure, named by what the card says
# there (deckpress.layout.spoken); a pattern or a box the card's furniture; any other kind's drawing is one
# paragraph of the card, its words as the card's reading gives them.
REPEAT = Repeat.name
ROLES = {"icon": "Figure", "image": "Figure", "symbol rows": "Figure", "pattern": ARTIFACT, "box": ARTIFACT}


def draw_face(d: Drawing, card: Card, layout: CardLayout, at: tuple[float, float], job: Job,
              bleed: float = 0.0, outline: Outline | None = None) -> None:
    """The face of `card` with its trim's top-left corner at `at` (mm); art at the trim runs on by `bleed`. A
    shaped card (`outline`, else its layout's shape) shows only inside its outline grown by the bleed."""
    shape = outline or layout.shape
    if shape is None:
        _face(d, card, layout, at, job, bleed)
        return
    with d.clipped(shape.grown(bleed).placed(*at)):
        _face(d, card, layout, at, job, bleed, shape)


@dataclass(frozen=True)
class Plan:
    """What a card layout's faces share, worked out once a job: the order its elements are read in, each one's
    structure element (the heading's H1), which are turned off the square, the printed lines each is the label
    of (lines to write on, as the text edition reads them), the columns of its table, and the kind that draws
    each element as it stands (black, upright, no repeat: `_place`'s plainest case; else None)."""

    order: tuple[int, ...]
    roles: tuple[str, ...]
    turned: tuple[bool, ...]
    beside: tuple[tuple[int, ...], ...]
    written: frozenset[int]  # every line some element is the label of
    table: tuple[int, ...]  # its table's columns, by place (`layout.table`'s elements, in layout order)
    plain: tuple[Kind | None, ...]

    @classmethod
    def of(cls, layout: CardLayout) -> Plan:
        elements = layout.elements
        roles = tuple("H1" if e.name == layout.heading else _role(e) for e in elements)
        beside = tuple(lines_beside(e.box, layout) for e in elements)
        table = tuple(n for n, e in enumerate(elements) if e.name in layout.table) if layout.table else ()
        plain = tuple(KINDS[e.kind] if e.kind != REPEAT and e.colour is None and not e.rotate else None
                      for e in elements)
        return cls(tuple(reading_order(layout)), roles, tuple(not quarter(e.rotate) for e in elements),
                   beside, frozenset(n for lines in beside for n in lines), table, plain)


def plan_of(job: Job, layout: CardLayout) -> Plan:
    """The layout's plan, made once for the edition's papers."""
    return job.held.of_layout(layout, Plan.of)


def _face(d: Drawing, card: Card, layout: CardLayout, at: tuple[float, float], job: Job, bleed: float,
          shape: Outline | None = None) -> None:  # long: one card, element after element, each tagged
    x, y = at
    face = Face(d, job, card, job.texts(card))
    job.ts.card = card  # an icon its own texts name, no file has: said where the card writes it
    plan = plan_of(job, layout)
    _printed_lines(face, layout, at, bleed, shape, plan.written)
    words, once = _said(job, card, layout, face)
    trim = (x, y, *layout.size)
    elements, page = layout.elements, d.page
    table = plan.table if plan.table and plain(face, [elements[n] for n in plan.table]) else ()
    with tagged(d, "Sect", title=card.label):  # one card, its heading first, then its elements in the layout's order
        for n in plan.order:
            element, said = elements[n], words[n]
            if n in table:  # its columns drawn together where the first stands, read row by row
                if n == table[0]:
                    d.mark(element.loc, element.name, card)
                    draw_table(face, [(elements[c], (x + elements[c].box[0], y + elements[c].box[1],
                                                     *elements[c].box[2:])) for c in table])
            elif element.when is not None and not shown(face.texts, card, element, job.findings):
                said = ""  # not shown: its lines are printed, with no label to name a field by
            else:
                d.mark(element.loc, element.name, card)  # for findings about the page (a text struck through)
                if plan.turned[n]:  # turned off the square: held to the card (and its bleed)
                    _on_card(job, layout, element, bleed if KINDS[element.kind].bleeds else 0.0)
                role = ARTIFACT if n in once else plan.roles[n]
                actual = said if role in ("P", "H1") else ""
                tags, ops = len(page.tags), len(page.ops)
                box = (x + element.box[0], y + element.box[1], *element.box[2:])
                kind = plan.plain[n]
                with tagged(d, role, alt=said if role == "Figure" else "", actual=actual):
                    if kind is not None and not face.grounds and not (bleed and kind.bleeds):
                        kind.draw(face, element, box)  # most elements: black, upright, on the paper (`_place`)
                    else:
                        _place(face, element, box, trim, bleed)
                if len(page.ops) == ops:
                    drop_if_empty(d, tags, ops)
                elif actual:
                    read_through(d, tags, ops)
            if plan.beside[n]:
                _write_on(face, layout, element, plan.beside[n], at, said)
    d.mark(None, "")
    job.ts.card = None  # set for this face alone: the rules and sheets set after it are no card's


def _said(job: Job, card: Card, layout: CardLayout, face: Face) -> tuple[tuple[str, ...], frozenset[int]]:
    """What each element of the face says, and which its other words say already: read once for the edition's
    papers (and a card's copies), as nothing of it depends on the paper and reading it says nothing."""
    said = job.held.words(card, layout)
    if said is None:
        words, unread = spoken(job, card, face.texts, layout)
        said = Said(card, layout, tuple(words), unread)
        job.held.hold(said)
    return said.words, said.echoed


def _printed_lines(face: Face, layout: CardLayout, at: tuple[float, float], bleed: float,
                   shape: Outline | None, written: frozenset[int]) -> None:
    """The card's background, its rules and its fold lines; not the `written` rules, lines to write on drawn
    after their labels (`_write_on`)."""
    d, (x, y), line = face.d, at, face.job.theme.line_pt
    if layout.background is not None:
        _background(face, layout, (x, y, *layout.size), bleed, shape)
    for n, (x1, y1, x2, y2) in enumerate(layout.rules):
        if n not in written:
            d.line(x + x1, y + y1, x + x2, y + y2, line)
    for x1, y1, x2, y2 in layout.folds:
        d.line(x + x1, y + y1, x + x2, y + y2, line, dash=(3, 2))


def _write_on(face: Face, layout: CardLayout, element: Element, rules: tuple[int, ...], at: tuple[float, float],
              label: str) -> None:
    """The lines to write on beside `element`, each a form field named by its card and what the label says (`Slip
    3, Code`) over the room from the label's top down to the line, so a sheet is filled on screen; the line itself
    is furniture. A label that says nothing names no field: the line is printed as before."""
    d, (x, y), line = face.d, at, face.job.theme.line_pt
    for n in rules:
        x1, y1, x2, y2 = layout.rules[n]
        if not label:
            with artifact(d):
                d.line(x + x1, y + y1, x + x2, y + y2, line)
            continue
        name = card_field(face.job.say, face.card, label)  # the same label on every card of the sheet
        with form(d, name), artifact(d):
            d.line(x + x1, y + y1, x + x2, y + y2, line, field=WriteIn(
                name, height=(y1 - element.box[1]) * MM, size=element.style.size, min_size=face.job.theme.min_size))


def _place(face: Face, element: Element, box: Box, trim: Box, bleed: float) -> None:
    """The element drawn at `box`; a repeat, each of its repetitions shown on the card drawn as its element."""
    kind = KINDS[element.kind]
    if element.kind == REPEAT:
        child = element.keys["repeat"]
        try:
            for place in places(face.texts, face.card, element, box, face.job.findings):
                if child.when is None or shown(place.texts, face.card, child, face.job.findings):
                    _place(Face(face.d, face.job, face.card, place.texts, face.grounds, face.unsure), child,
                           place.box, trim, bleed)
        except Excess:
            if face.texts.repetitions > 1:
                raise  # to the outermost repeat
        return
    if kind.bleeds and bleed and quarter(element.rotate):  # turned off the square, it stays on the card
        box = _bled(box, trim, bleed)
    if element.colour is None and not element.rotate and not face.grounds:
        kind.draw(face, element, box)  # most elements: black, upright, on the paper
    else:
        _draw(face, element, box)


def _role(element: Element) -> str:
    """Its structure element; a repeat's is its element's, a figure where it says what they show (`alt`)."""
    if element.kind != REPEAT:
        return ROLES.get(element.kind, "P")
    return "Figure" if element.keys["alt"] else _role(element.keys["repeat"])


def _draw(face: Face, element: Element, box: Box) -> None:
    """The element in its ink, turned about its box's centre; its text held against the grounds under it."""
    d, kind = face.d, KINDS[element.kind]
    ink = face.ink(element)
    x, y, w, h = box
    drawn = len(d.page.ops)
    d.ink = ink
    try:
        with d.turned(element.rotate, x + w / 2, y + h / 2):
            kind.draw(face, element, inner(box, element.rotate))
    finally:
        d.ink = None
    if kind.styled and not face.unsure and any(isinstance(op, Text) for op in d.page.ops[drawn:]):
        turn = 0.0 if quarter(element.rotate) else element.rotate  # a quarter turn fills its own box
        check_contrast(face.job, face.card, element.name, element.loc, ink, box, face.grounds, turn)


def _on_card(job: Job, layout: CardLayout, element: Element, bleed: float) -> None:
    problem = past_card(layout.name, element.name, element.box, element.rotate, layout.size, bleed)
    if problem is not None:
        job.findings.error(element.loc, problem)  # the same words for every card: listed once


def _background(face: Face, layout: CardLayout, card: Box, bleed: float, shape: Outline | None) -> None:
    """The background colour over the whole card (a shaped card's outline), and its bleed: a ground for every text
    on it."""
    source = layout.background or ""
    colour = face.colour(source, "background", layout.loc)
    if colour is None:
        return
    x, y, w, h = card
    if shape is None:
        face.d.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, 0, fill=colour)
    else:
        face.d.path(shape.grown(bleed).placed(x, y), 0, fill=colour)
    face.grounds.append(Ground(card, colour, ellipse=shape is not None and shape.kind in ROUND))


def _bled(box: Box, card: Box, bleed: float) -> Box:
    """Art that touches the trim runs on past it by the bleed, so a cut a little off shows no white."""
    x, y, w, h = box
    cx, cy, cw, ch = card
    left, top = x <= cx + 1e-6, y <= cy + 1e-6
    right, bottom = x + w >= cx + cw - 1e-6, y + h >= cy + ch - 1e-6
    x2, y2 = x + w + (bleed if right else 0), y + h + (bleed if bottom else 0)
    x, y = x - (bleed if left else 0), y - (bleed if top else 0)
    return x, y, x2 - x, y2 - y


def reading_order(layout: CardLayout) -> list[int]:
    """The elements' order, the heading moved up to be read first: past every element before it that its box does
    not meet, never past one it meets (drawn after it, the heading would be painted under it: a panel behind it)."""
    names = [e.name for e in layout.elements]
    if layout.heading not in names:
        return list(range(len(names)))
    h = names.index(layout.heading)
    at, box = h, layout.elements[h].box
    while at > 0 and not _meets(layout.elements[at - 1].box, box):
        at -= 1
    return [*range(at), h, *(n for n in range(at, len(names)) if n != h)]


def _meets(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
