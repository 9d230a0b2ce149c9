"""Output names and manifest entries: what each finished file is called, and what the manifest says of it.

File names carry the print options of what is printed with them (card components, calibration pages, kits), so
a duplex build never overwrites a single-sided one. Titles the press gives its own parts are in the game's
language (deckpress.words); the game's components keep the titles the game gives them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from deckpress.draw.finish import DocInfo, pdf_date
from deckpress.findings import Finding, Findings
from deckpress.layout.imposition import SINGLE_SIDED, PrintSetup
from deckpress.layout.page import Document
from deckpress.layout.shapes.cuts import Cutting
from deckpress.layout.slug import Stamp, stamped
from deckpress.model import HOST, PUBLIC, Game
from deckpress.publish import phrases
from deckpress.publish.manifest import TEXT_EDITION, Entry
from deckpress.publish.write import Output

if TYPE_CHECKING:
    from deckpress.publish.tactile import Cards

KIT, HOST_KIT, TEXT_EDITION_COMPONENT, EPUB_COMPONENT = "kit", "host-kit", "accessible-html", "epub"
BRAILLE_COMPONENT = "braille"  # the text edition's pages as braille-ready files
TACTILE_COMPONENT = "tactile-labels"  # braille labels for the cards: a BRF, and dots for swell paper
TEXT_EDITION_FONT = "accessible-font"  # the text edition's font files beside its pages
KITS = {PUBLIC: KIT, HOST: HOST_KIT}  # the players' kit (public material only) and the host's (everything)
PRINTED_WITH_OPTIONS = {KIT, HOST_KIT, "calibration"}  # besides card components
# what the press adds to every game's components
OWN_PARTS = {KIT, HOST_KIT, "calibration", TEXT_EDITION_COMPONENT, TEXT_EDITION_FONT, EPUB_COMPONENT,
             BRAILLE_COMPONENT, TACTILE_COMPONENT}


def say(game: Game, key: str, /, **fields: object) -> str:
    """One of the press's own phrases, in the game's language."""
    return phrases(game.language)(key, **fields)


def doc_info(game: Game, what: str, paper: str) -> DocInfo:
    """A PDF's document information: its title names the game, the part and the paper."""
    title = say(game, "pdf_title", game=game.title, what=what, paper=say(game, f"paper_{paper}"))
    return DocInfo(title, game.publisher, game.subject, game.language, pdf_date(game.date))


def kit_title(game: Game, audience: str = PUBLIC) -> str:
    return say(game, "kit_title" if audience == PUBLIC else "host_kit_title")


def pdf_output(game: Game, doc: Document, setup: PrintSetup, pdf: bytes) -> Output:
    """A component's PDF (or the calibration pages'), named and listed."""
    printed = doc.cards is not None or doc.options or doc.component in PRINTED_WITH_OPTIONS
    return _pdf(game, doc.component, doc.title, doc.edition, doc.paper, len(doc.pages), setup if printed else None,
                pdf, doc.cards, doc.audience, doc.cutting, doc.copies)


def kit_output(game: Game, edition: str, paper: str, setup: PrintSetup, pdf: bytes, pages: int,
               audience: str = PUBLIC) -> Output:
    """The players' kit (`kit`, public) or the host's (`host-kit`, host)."""
    return _pdf(game, KITS[audience], kit_title(game, audience), edition, paper, pages, setup, pdf, None, audience)


def kit_entry(game: Game, edition: str, paper: str, setup: PrintSetup, pages: int, audience: str = PUBLIC) -> Entry:
    """What the manifest will say of a kit of so many pages, before it is made (its print plan counts it)."""
    return _entry(game, KITS[audience], kit_title(game, audience), edition, paper, pages, setup, None, audience)


def _pdf(game: Game, component: str, title: str, edition: str, paper: str, pages: int, setup: PrintSetup | None,
         pdf: bytes, cards: int | None = None, audience: str = PUBLIC, cut: Cutting | None = None,
         copies: int | None = None) -> Output:
    entry = _entry(game, component, title, edition, paper, pages, setup, cards, audience, cut, copies)
    return Output(entry.path, pdf, entry)


def _entry(game: Game, component: str, title: str, edition: str, paper: str, pages: int, setup: PrintSetup | None,
           cards: int | None = None, audience: str = PUBLIC, cut: Cutting | None = None,
           copies: int | None = None) -> Entry:
    options = setup or SINGLE_SIDED
    path = f"{game.id}/{edition}/{game.id}-{component}-{paper}{options.suffix()}.pdf"
    duplex = options.duplex
    entry = Entry(path, game.id, game.title, component, title, edition, paper, pages, cards, audience, duplex,
                  options.offset[0] if duplex else None, options.offset[1] if duplex else None, options.fold,
                  options.bleed or None, copies=copies)
    if cut is not None:
        entry = replace(entry, per_sheet=cut.per_sheet, sheets=cut.sheets, cut_length_mm=cut.cut_length_mm)
    return entry


def text_edition_outputs(game: Game, pages: dict[str, tuple[str, str]]) -> list[Output]:
    """The text edition's pages (file name -> audience and HTML): the game's own page is public."""
    title = say(game, "text_edition_title")
    out = []
    for name, (audience, page) in pages.items():
        path = f"{game.id}/{name}"
        entry = Entry(path, game.id, game.title, TEXT_EDITION_COMPONENT, title, TEXT_EDITION, None, None,
                      audience=audience)
        out.append(Output(path, page.encode("utf-8"), entry))
    return out + epub_outputs(game, pages)


def epub_outputs(game: Game, pages: dict[str, tuple[str, str]]) -> list[Output]:
    """The same pages as EPUB 3 books: the players' (public) and, with secret material, the host's."""
    from deckpress.publish.epub import books

    out = []
    for path, audience, data in books(game, pages):
        title = say(game, "epub_title" if audience == PUBLIC else "epub_host_title")
        entry = Entry(path, game.id, game.title, EPUB_COMPONENT, title, TEXT_EDITION, None, None, audience=audience)
        out.append(Output(path, data, entry))
    return out


def braille_and_labels(game: Game, pages: dict[str, tuple[str, str]], findings: Findings, papers: tuple[str, ...],
                       mark: Stamp) -> list[Output]:
    """The text edition's braille files, then the tactile labels', the labels' card names translated in the same run
    of the translator as the pages (a process, and a load of its table, fewer)."""
    from deckpress.publish.tactile import card_names, coded

    cards = coded(game)
    brf, said = braille_outputs(game, pages, findings, card_names(cards))
    return brf + tactile_outputs(game, findings, papers, mark, cards, said)


def braille_outputs(game: Game, pages: dict[str, tuple[str, str]], findings: Findings,
                    also: list[str]) -> tuple[list[Output], dict[str, str]]:
    """Each page of the text edition as a braille-ready file beside it (`<page>.brf`), with its page's audience;
    none, and a warning saying why, where the translator cannot be had. And `also`, more texts translated with
    them: each text -> its braille."""
    from deckpress.publish.braille import brf_files
    from deckpress.publish.louis import BrailleUnavailable

    try:
        files, said = brf_files({name: page for name, (_, page) in pages.items()}, game.language,
                                lambda why: findings.add(Finding(game.loc, f"braille files: {why}", "warning")), also)
    except BrailleUnavailable as why:
        findings.add(Finding(game.loc, f"braille files skipped: {why}", "warning"))
        return [], {}
    title = say(game, "braille_title")
    out = []
    for name, data in files.items():
        path = f"{game.id}/{name.removesuffix('.html')}.brf"
        entry = Entry(path, game.id, game.title, BRAILLE_COMPONENT, title, TEXT_EDITION, None, None,
                      audience=pages[name][0])
        out.append(Output(path, data, entry))
    return out, said


def tactile_outputs(game: Game, findings: Findings, papers: tuple[str, ...], mark: Stamp, cards: dict[str, Cards],
                    said: dict[str, str]) -> list[Output]:
    """The braille labels for the game's `coded` cards (deckpress.publish.tactile): the embosser's file, and the
    swell paper's PDF on each paper, with its slug, beside the text edition. `said`: card names already in
    braille."""
    from deckpress.draw.render import render
    from deckpress.publish.tactile import tactile_files

    out = []
    for name, audience, made in tactile_files(game, findings, papers, cards, said):
        path = f"{game.id}/{name}"
        if isinstance(made, bytes):
            title = say(game, "tactile_brf_title" if audience == PUBLIC else "tactile_host_brf_title")  # as its PDF's
            entry = Entry(path, game.id, game.title, TACTILE_COMPONENT, title, TEXT_EDITION, None, None,
                          audience=audience)
            out.append(Output(path, made, entry))
            continue
        (doc,) = stamped([made], {game.id: mark}, findings)
        pdf = render(doc, doc_info(game, doc.title, doc.paper))
        entry = Entry(path, game.id, game.title, TACTILE_COMPONENT, doc.title, TEXT_EDITION, doc.paper,
                      len(doc.pages), audience=audience)
        out.append(Output(path, pdf, entry))
    return out


def font_outputs(game: Game, files: dict[str, bytes]) -> list[Output]:
    """The text edition's font files (path beside its pages -> bytes), listed so the checksums cover them."""
    title = say(game, "text_edition_font_title")
    return [Output(f"{game.id}/{name}", data, Entry(f"{game.id}/{name}", game.id, game.title, TEXT_EDITION_FONT,
                                                    title, TEXT_EDITION, None, None))
            for name, data in files.items()]
