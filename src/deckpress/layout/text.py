"""Line breaking, shrink-to-fit and glyph checks: the typesetting every component shares."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import replace
from functools import lru_cache, partial
from math import ceil
from typing import TypeVar

from deckpress.draw import fonts, scripts
from deckpress.findings import Finding, Findings, Heeded, Loc, Rehearsal
from deckpress.layout.page import MM, Drawing
from deckpress.layout.standing import Fitted as Fitted  # where the layouts have always found it
from deckpress.layout.standing import Rack, depth, dropped, own_height, set_in
from deckpress.layout.standing import draw as draw  # where the layouts have always found it
from deckpress.layout.standing import measure as measure
from deckpress.load.icons import INLINE, IconFile, Icons
from deckpress.model import Card, Style, Theme

F = TypeVar("F", bound=Findings)  # where findings go a while (`Typesetter.sent_to`)
SHRINK_STEP = 0.5  # pt


def wrap(text: str, font: str, size: float, width_pt: float) -> list[str] | None:
    """Greedy line breaking at spaces; None if one word is wider than the line."""
    lines: list[str] = []
    space = fonts.width(font, " ", size)
    for paragraph in text.split("\n"):
        line, line_w = "", 0.0
        for word in paragraph.split():
            word_w = measure(font, word, size)
            if word_w > width_pt:
                return None
            if line and line_w + space + word_w <= width_pt:
                line, line_w = f"{line} {word}", line_w + space + word_w
            else:
                if line:
                    lines.append(line)
                line, line_w = word, word_w
        lines.append(line)
    return lines


@lru_cache(maxsize=4096)  # a sheet's trials, pages and papers wrap the same texts at the same measures
def wrapped(text: str, font: str, size: float, width_pt: float) -> tuple[str, ...] | None:
    """`wrap`, its lines kept."""
    lines = wrap(text, font, size, width_pt)
    return None if lines is None else tuple(lines)


@lru_cache(maxsize=4096)  # card after card sets the same texts in the same boxes
def fit(text: str, font: str, style: Style, width: float, height: float, spacing: float) -> Fitted | None:
    """The largest size from style.size down to style.min_size at which `text` fits the box (mm)."""
    size = style.size
    while size >= style.min_size - 1e-9:
        lines = wrap(text, font, size, width * MM)
        if lines is not None and depth(len(lines), font, size, size * spacing) <= height * MM + 1e-6:
            return Fitted(tuple(lines), font, size, size * spacing)
        size -= SHRINK_STEP
    return None


def translated(loc: Loc) -> bool:
    """Whether a finding's place is a translation's PO entry: a translator's text, told once, not card by card."""
    return loc.file.endswith(".po")


def too_long(text: str, font: str, size: float, width: float, height: float, spacing: float) -> int:
    """About how many characters `text` must lose to fit a box (mm) at `size`: its width set in one line, less
    the lines the box holds (a tenth of each left for the breaks), in its average character's width."""
    lines = max(1, int((height * MM - own_height(font, size, size * spacing)) // (size * spacing)) + 1)
    flat = " ".join(text.split())
    whole = measure(font, flat, size)
    if whole <= 0:  # a blank translation in a box too low for a line: no width to cut, nor a character's
        return 1
    return max(1, ceil((whole - lines * width * MM * 0.9) / (whole / max(len(flat), 1))))


def written(card: Card | None, name: str, where: str) -> tuple[Loc, str] | None:
    """Where the card being set writes the icon `name` in a text of its own (`note: "Wins :tide: ties"`, a cell):
    a name no file has is said there, where it is to be changed, not at the layout element printing it."""
    if card is None:
        return None
    mark = f":{name}:"
    for field, value in card.values.items():
        texts = value if isinstance(value, list) else [value]  # a list's items are printed too (a repeat's)
        if field in card.locs and any(isinstance(t, str) and mark in t for t in texts):
            return card.locs[field], f"{where}, card {card.index} ({card.label}), {field}"
    return None


def per_card(what: str) -> tuple[str, str | None]:
    """`what` as a finding at a translation's PO entry says it: the element alone, and apart the card it was met
    on (`card 9 (ware 9), heading`), so the same words met on every card are printed once, naming the cards."""
    head, _, element = what.rpartition(", ")
    return (element, head[len("card "):]) if head.startswith("card ") else (what, None)


def characters(count: int) -> str:
    return f"{count} character{'' if count == 1 else 's'}"


class Typesetter:
    """Sets text for one component of one game in one edition, reporting what cannot be set. In measuring mode
    (`measuring()`) it reports nothing: what is only measured, or set again, is reported where it is set first."""

    def __init__(self, theme: Theme, findings: Findings, game: str, component: str,
                 entries: dict[str, Loc] | None = None, placed: dict[str, Loc] | None = None,
                 standing: Rack | None = None) -> None:
        self.theme = theme
        self.game = game
        self.component = component
        self._findings = findings
        self._measuring: Findings | None = None
        self.icons: Icons | None = None  # the game's, for icons inline in text (set by the layout plan)
        self.card: Card | None = None  # the card whose face is being set (deckpress.layout.face), if one is
        self.words: dict[str, str] = {}  # a translated game's words for its icons, by name (deckpress.load.icon_words)
        self.entries = entries or {}  # a translated game's PO entries for its layouts' texts, by source text: a
        # problem with one is said there
        self.placed = placed or {}  # its other texts translated (a parameter's, a card's field): their entries, by
        # their translation, so a template that prints one (a token's stone name) is answered for there
        # texts set once, printed card after card, by all that decided them (deckpress.layout.standing): the rack
        # given (an edition's, shared by its components on every paper), else one of its own
        self.standing = Rack() if standing is None else standing

    @property
    def findings(self) -> Findings:
        """Where findings go: the component's, or while measuring a scratch list that is dropped."""
        return self._findings if self._measuring is None else self._measuring

    def measuring(self) -> AbstractContextManager[Findings]:
        return self.sent_to(Findings())

    def rehearsing(self) -> AbstractContextManager[Findings]:
        """Measuring, with what is found kept aside: given to `findings` if the run is kept as the real one."""
        return self.sent_to(Rehearsal(self.findings))

    def heeding(self) -> AbstractContextManager[Heeded]:
        """What is found goes where it would, and is counted as it is met (`Heeded`)."""
        return self.sent_to(Heeded(self.findings))

    @contextmanager
    def sent_to(self, findings: F) -> Iterator[F]:
        """What is found meanwhile goes to `findings`."""
        saved, self._measuring = self._measuring, findings
        try:
            yield findings
        finally:
            self._measuring = saved

    def font(self, style: Style) -> str:
        return self.theme.fonts[style.font]

    def entry(self, text: str, loc: Loc) -> Loc:
        """Where a problem with `text` set at `loc` is said: `loc` if it is a PO entry, else the entry of the
        translated text `text` is (a parameter's value a template prints), else `loc`."""
        return loc if translated(loc) or not self.placed else self.placed.get(" ".join(text.split()), loc)

    def holding(self, missing: list[str], loc: Loc) -> Loc:
        """Where a glyph missing from a text set at `loc` is said: `loc` if it is a PO entry, else the first
        translated text that has one of them, else `loc`."""
        if translated(loc):
            return loc
        return next((at for text, at in self.placed.items() if any(ch in text for ch in missing)), loc)

    def check_glyphs(self, text: str, font: str, loc: Loc, what: str) -> bool:
        missing = fonts.missing_glyphs(font, text)
        if missing:
            at = self.holding(missing, loc)
            where, card = per_card(what) if translated(at) else (what, None)  # at an entry: once, naming its cards
            self.findings.add(Finding(at, f"{self.game} {self.component}, {where}: {self.theme.language}: "
                                          f"{scripts.no_glyph(font, missing)}", card=card))
        return not missing

    def _heard(self, icons: tuple[tuple[str, IconFile], ...]) -> tuple[tuple[str, str], ...]:
        return tuple((name, self.words[name]) for name, _ in icons if name in self.words)

    def inline(self, text: str, loc: Loc, what: str) -> tuple[tuple[str, IconFile], ...] | None:
        """The icons `text` names inline, found; None (reported) when one is not."""
        if ":" not in text:
            return ()
        found = []
        for name in dict.fromkeys(INLINE.findall(text)):
            icon = (self.icons.known(name) or self.icons.get(  # found before: nothing to look up, or to say
                name, loc, f"{self.game} {self.component}, {what}",
                partial(written, self.card, name, f"{self.game} {self.component}"))) if self.icons else None
            if icon is None:
                if self.icons is None:
                    self.findings.error(loc, f"{self.game} {self.component}, {what}: no icons here for ':{name}:'")
                return None
            found.append((name, icon))
        return tuple(found)

    def fit(self, text: str, style: Style, width: float, height: float, loc: Loc, what: str) -> Fitted | None:
        font = self.font(style)
        icons = self.inline(text, loc, what)
        if icons is None or not self.check_glyphs(INLINE.sub("", text), font, loc, what):
            return None
        fitted = fit(text, font, style, width, height, self.theme.line_spacing)
        if fitted is not None and icons:
            fitted = replace(fitted, icons=icons, heard=self._heard(icons))
        if fitted is None:
            self._overflow(text, font, style, (width, height), self.entry(text, loc), what)
        return fitted

    def _overflow(self, text: str, font: str, style: Style, size: tuple[float, float], loc: Loc, what: str) -> None:
        """A text that does not fit its box at its style's minimum size; a translation's said once at its PO
        entry, whichever cards met it (they are named), with about how much to cut."""
        width, height = size
        box = f"its {width:g} x {height:g} mm box at the minimum size of {style.min_size:g} pt " \
              f"({self.theme.edition} edition)"
        if not translated(loc):
            self.findings.error(loc, f"{self.game} {self.component}, {what}: text does not fit {box}")
            return
        cut = too_long(text, font, style.min_size, width, height, self.theme.line_spacing)
        element, card = per_card(what)
        self.findings.error(loc, f"{self.game} {self.component}, {element}: the translation does not fit {box}: "
                                 f"about {characters(cut)} too long", card)

    def lines(self, text: str, style: Style, width: float, loc: Loc, what: str) -> Fitted | None:
        """Text wrapped at its style's size with no height limit (flowing text)."""
        font = self.font(style)
        icons = self.inline(text, loc, what)
        if icons is None or not self.check_glyphs(INLINE.sub("", text), font, loc, what):
            return None
        lines = wrapped(text, font, style.size, width * MM)
        if lines is None:
            room = f"a word is wider than the {width:g} mm line" if width > 0 else "no room is left for a line"
            self.findings.error(loc, f"{self.game} {self.component}, {what}: {room}")
            return None
        return Fitted(lines, font, style.size, style.size * self.theme.line_spacing, icons,
                      self._heard(icons))

    def box(self, d: Drawing, text: str, style: Style, box: tuple[float, float, float, float], loc: Loc, what: str,
            valign: str = "top") -> Fitted | None:
        """Fit `text` into `box` (x, y, w, h in mm) and draw it there; set once for every box of its size
        (`deckpress.layout.standing`) where nothing was found wrong with it."""
        kept = self.reprint(d, text, style, box, valign)
        return kept if kept is not None else set_anew(self, d, text, style, box, loc, what, valign)

    def reprint(self, d: Drawing, text: str, style: Style, box: tuple[float, float, float, float],
                valign: str = "top") -> Fitted | None:
        """`text` drawn in `box` as set before in a box of its size (None, nothing drawn, if it was not)."""
        key = (text, self.font(style), style, box[2], box[3], valign, self.theme.line_spacing)
        return self.standing.reprint(key, d, box, style.align)


def set_anew(ts: Typesetter, d: Drawing, text: str, style: Style, box: tuple[float, float, float, float], loc: Loc,
             what: str, valign: str = "top") -> Fitted | None:
    """`Typesetter.box` for a text not standing yet (its `reprint` found none): fitted, kept where nothing was
    found wrong, and printed."""
    x, y, w, h = box
    fitted = ts.fit(text, style, w, h, loc, what)
    if fitted is None:
        return None
    if fitted.icons:  # its icons looked up card by card, each card answered for
        draw(d, fitted, x, y + dropped(fitted, h, valign), w, style.align)
        return fitted
    made = set_in(fitted, w, h, valign)
    ts.standing.keep((text, ts.font(style), style, w, h, valign, ts.theme.line_spacing), fitted, made)
    made.print(d, x, y, w, style.align)
    return fitted
