"""A print shop's PDF (`export --to print-shop`): one PDF a deck, a card a page, each printed copy's front then
its back, the page the card and its bleed with TrimBox and BleedBox; every colour CMYK (the palette's `cmyk`
values, as a build with bleed draws them; a colour without them converted here, said in a warning), total ink at
most INK_CAP, no transparency, fonts embedded as the build embeds them, and the PDF/X-1a:2003 keys with an
OutputIntent naming the FOGRA39 characterisation (registered, so no profile is embedded).

Each page is the build's sheet moved under a card-sized MediaBox: the page draws the sheet (one drawing a sheet,
shared by its cards' pages), and what lies outside the MediaBox is not printed (PDF 14.11.2)."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import cast

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    ContentStream,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    RectangleObject,
    StreamObject,
    TextStringObject,
)

from deckpress.colour import Colour
from deckpress.findings import Finding, Findings, Loc
from deckpress.layout.page import MM, Document
from deckpress.model import Card, Game

INK_CAP = 2.4  # 240%: the most total ink DriveThruCards' and most digital presses' stock takes
CONDITION = "FOGRA39"  # ISO 12647-2:2004 coated paper, registered at color.org: PDF/X-1a may name it unembedded
Place = tuple[int, tuple[float, float, float, float]]  # page index, the card's cell in mm from its top-left
Frame = tuple[tuple[float, float], tuple[float, float]]  # a shop product's page (its bleed round it) and trim, mm


def places(game: Game, decks: list[str], doc: Document) -> Iterator[tuple[str, Card, Place, Place | None]]:
    """Each printed copy of the decks' cards: its deck, its card, where its front is and where its back (None:
    its deck has none), in the order printed (a page of fronts, then its page of backs, place for place)."""
    printed = [(d, card) for d in decks for card in game.decks[d].printed]
    at, fronts = 0, list[tuple[int, int, Place]]()
    for n, page in enumerate(doc.pages):
        if page.backs:
            for i, place, front in fronts:
                deck, card = printed[i]
                has = game.decks[deck].back is not None and place < len(page.backs)
                yield deck, card, front, (n, page.backs[place]) if has else None
            fronts = []
        elif page.cells:
            for i, _, front in fronts:
                yield *printed[i], front, None
            fronts = [(at + i, i, (n, cell)) for i, cell in enumerate(page.cells)]
            at += len(page.cells)
    for i, _, front in fronts:
        yield *printed[i], front, None


class Pressed:
    """One deck's print-shop PDF, page by page, its colours made CMYK on the way."""

    def __init__(self, game: Game, pdf: bytes, bleed: float, findings: Findings, frame: Frame | None = None) -> None:
        self.game, self.reader, self.bleed, self.findings = game, PdfReader(io.BytesIO(pdf)), bleed, findings
        self.frame = frame  # a shop's product (`--for`): every page its size, its trim the TrimBox
        self.source = pdf  # the build's PDF, whose digest names this one
        self.writer = PdfWriter()
        self.said: set[str] = set()
        self.sheets: dict[int, tuple[IndirectObject, IndirectObject]] = {}  # page -> its drawing and resources
        self.forms: dict[int, IndirectObject] = {}  # a form of the build's -> the same in CMYK

    def card(self, place: Place, height: float) -> None:
        """The card at `place` on a page of its own: the MediaBox and BleedBox its bleed, the TrimBox its trim (or
        the shop product's, centred on the card). The page draws its sheet's drawing, made CMYK once a sheet and
        shared by the sheet's cards, moved under it."""
        n, (x, y, w, h) = place
        pw, ph, _, _ = self._boxes(place)
        left, bottom = (x + w / 2) * MM - pw / 2, height - (y + h / 2) * MM - ph / 2
        if n not in self.sheets:
            self.sheets[n] = self._sheet(n)
        drawing, resources = self.sheets[n]
        page = self.plain(place)
        page[NameObject("/Resources")] = resources
        page[NameObject("/Contents")] = ArrayObject([self._stream(f"q 1 0 0 1 {-left:.4f} {-bottom:.4f} cm\n"),
                                                     drawing, self._stream("\nQ\n")])

    def _sheet(self, n: int) -> tuple[IndirectObject, IndirectObject]:
        """The sheet's drawing made CMYK, and its resources (their forms made CMYK), in the writer."""
        source = self.reader.pages[n]
        drawing = DecodedStreamObject()
        drawing.set_data(self._cmyk(ContentStream(source.get_contents(), self.reader)).get_data())
        resources = cast(DictionaryObject, source["/Resources"].get_object().clone(self.writer))  # type: ignore[union-attr]
        forms = cast(DictionaryObject, resources.get("/XObject", DictionaryObject()).get_object())
        for name, form in list(forms.items()):
            stream = form.get_object()
            if isinstance(stream, StreamObject) and stream.get("/Subtype") == "/Form":
                if form.idnum not in self.forms:
                    self.forms[form.idnum] = self._form(stream)
                forms[NameObject(name)] = self.forms[form.idnum]
            elif isinstance(stream, StreamObject) and stream.get("/ColorSpace") not in ("/DeviceCMYK", "/DeviceGray"):
                self._say("picture", "a picture on these cards is drawn in RGB: PDF/X-1a takes CMYK and grey only, "
                                     "so this print-shop PDF is not PDF/X-1a until it is given in CMYK", "warning")
        return self.writer._add_object(drawing.flate_encode()), self.writer._add_object(resources)

    def _form(self, form: StreamObject) -> IndirectObject:
        """The form drawn in CMYK: a new stream, whatever filters the old one had."""
        fresh = DecodedStreamObject()
        fresh.update({k: v for k, v in form.items() if k not in ("/Filter", "/DecodeParms", "/Length")})
        fresh.set_data(self._cmyk(ContentStream(form, self.writer)).get_data())
        return self.writer._add_object(fresh.flate_encode())

    def _stream(self, text: str) -> IndirectObject:
        stream = DecodedStreamObject()
        stream.set_data(text.encode("ascii"))
        return self.writer._add_object(stream)

    def plain(self, place: Place) -> PageObject:
        """A blank page the size of the card at `place` and its bleed (or of the shop's product), with its boxes: a
        plain back, or a card's page before it is drawn."""
        pw, ph, tw, th = self._boxes(place)
        page = self.writer.add_blank_page(pw, ph)
        page.bleedbox = RectangleObject([0, 0, pw, ph])
        page.trimbox = RectangleObject([(pw - tw) / 2, (ph - th) / 2, (pw + tw) / 2, (ph + th) / 2])
        return page

    def _boxes(self, place: Place) -> tuple[float, float, float, float]:
        """The page's width and height with its bleed, and its trim's, pt: the card's, or the shop product's."""
        w, h = place[1][2], place[1][3]
        (pw, ph), (tw, th) = self.frame or ((w + 2 * self.bleed, h + 2 * self.bleed), (w, h))
        return pw * MM, ph * MM, tw * MM, th * MM

    def _cmyk(self, content: ContentStream) -> ContentStream:
        """`rg`/`RG` (a colour without CMYK values) become `k`/`K`; every CMYK colour is held to INK_CAP."""
        for i, (operands, op) in enumerate(content.operations):
            if op in (b"rg", b"RG"):
                cmyk = self._converted(tuple(float(v) for v in operands))
                content.operations[i] = ([FloatObject(round(v, 4)) for v in cmyk], b"k" if op == b"rg" else b"K")
            elif op in (b"k", b"K") and sum(float(v) for v in operands) > INK_CAP + 1e-6:
                self._over(tuple(float(v) for v in operands))
        return content

    def _converted(self, rgb: tuple[float, ...]) -> tuple[float, float, float, float]:
        """Full black generation, then the colours beside black cut until the total ink is INK_CAP."""
        k = 1 - max(rgb)
        if max(rgb) - min(rgb) < 0.002:
            return 0.0, 0.0, 0.0, k  # a grey is black ink alone, as a print shop wants it: nothing to say
        cmy = [0.0 if k >= 1 else (1 - v - k) / (1 - k) for v in rgb]
        over = sum(cmy) + k - INK_CAP
        if over > 0:
            cmy = [v * (1 - over / sum(cmy)) for v in cmy]
        self._say(self._named(rgb), f"colour {self._named(rgb)} has no cmyk values: the print-shop PDF converts it "
                                    f"to C{cmy[0]:.0%} M{cmy[1]:.0%} Y{cmy[2]:.0%} K{k:.0%}; give it `cmyk:` in the "
                                    f"palette to choose its inks", "warning")
        return cmy[0], cmy[1], cmy[2], k

    def _over(self, cmyk: tuple[float, ...]) -> None:
        name = next((c.name for c in self.game.colours.values() if c.cmyk and _near(c.cmyk, cmyk)), "a colour")
        self._say(name, f"colour {name}: its cmyk values add up to {sum(cmyk):.0%} of ink, over the "
                        f"{INK_CAP:.0%} a print shop's stock takes; lower them", "error")

    def _named(self, rgb: tuple[float, ...]) -> str:
        known = [c for c in self.game.colours.values() if _near(c.rgb, rgb, 0.003)]
        return known[0].name if known else Colour("", (rgb[0], rgb[1], rgb[2])).hex

    def _say(self, key: str, message: str, severity: str) -> None:
        if key not in self.said:
            self.said.add(key)
            self.findings.add(Finding(_palette_line(self.game.loc.file, key), message, severity=severity))

    def pdf(self, title: str) -> bytes:
        """The PDF, with the PDF/X-1a:2003 keys, its OutputIntent and no clock in it: the same cards, the same bytes."""
        writer = self.writer
        built: dict[str, object] = dict(self.reader.metadata or {})  # its dates: the sources', not the clock's
        writer.add_metadata({**{k: built[k] for k in ("/CreationDate", "/ModDate", "/Author") if k in built},
                             "/Title": title, "/GTS_PDFXVersion": "PDF/X-1a:2003"})
        assert writer._info is not None
        writer._info[NameObject("/Trapped")] = NameObject("/False")  # PDF/X asks for it, as a name
        writer._root_object[NameObject("/OutputIntents")] = ArrayObject([DictionaryObject({
            NameObject("/Type"): NameObject("/OutputIntent"), NameObject("/S"): NameObject("/GTS_PDFX"),
            NameObject("/OutputConditionIdentifier"): TextStringObject(CONDITION),
            NameObject("/RegistryName"): TextStringObject("http://www.color.org"),
            NameObject("/Info"): TextStringObject("Coated FOGRA39 (ISO 12647-2:2004)")})])
        # PDF/X asks for a file identifier: one from the build's PDF and the title, so the same cards, the same bytes
        ident = ByteStringObject(hashlib.md5(self.source + title.encode()).digest())
        writer._ID = ArrayObject([ident, ident])
        out = io.BytesIO()
        writer.write(out)
        return out.getvalue()


def _near(a: tuple[float, ...], b: tuple[float, ...], within: float = 0.002) -> bool:
    return all(abs(x - y) <= within for x, y in zip(a, b, strict=True))


def _palette_line(file: str, colour: str) -> Loc:
    """Where the game's file names the colour (`  harbour-teal: ...`); its first line for a colour it does not name
    (the theme's, or a #rrggbb)."""
    try:
        lines = Path(file).read_text(encoding="utf-8").splitlines()
    except OSError:
        return Loc(file)
    for n, line in enumerate(lines, 1):
        if line.strip().startswith(f"{colour}:"):
            return Loc(file, n, len(line) - len(line.lstrip()) + 1)
    return Loc(file)
