"""The kits of one edition and paper, from its rendered documents: which parts each holds, in which order.

The players' kit holds the public material only; where a game has private or host material, the host's kit holds
everything, each private or host component behind its cover (deckpress.layout.cover). Both open with the print
check (and, duplex, the calibration pages); duplex, every part starts on a front side, a blank back after each part
of an odd number of pages, and after every page of a part whose pages part company (cards without backs, a sheet
handed out one by one: Document.apart). The components' own files come from the same documents; an optional
component (a tuck box) has its files only.
"""

from __future__ import annotations

from dataclasses import replace

from deckpress.layout.cover import BLANK, COVER, cover_of, kit_only
from deckpress.layout.imposition import PrintSetup
from deckpress.layout.page import Document
from deckpress.layout.plan_page import PLAN
from deckpress.model import HOST, PUBLIC, Game
from deckpress.publish import outputs
from deckpress.publish.write import Output

PRINT_CHECK = "print-check"  # the layout of the page a kit opens with, and its component id
CALIBRATION = "calibration"
OPENING = (PRINT_CHECK, CALIBRATION)

Part = tuple[Document, bytes]  # a document and its finished PDF


def files(game: Game, rendered: list[Part], setup: PrintSetup) -> list[Output]:
    """Each component's own file (and the calibration pages'); a secret one's catalogue picture is its cover."""
    covers = {doc.component: pdf for doc, pdf in rendered if doc.component.startswith(COVER)}
    return [replace(outputs.pdf_output(game, doc, doc.setup or setup, pdf),
                    shown=_cover(covers.get(cover_of(doc.component))))
            for doc, pdf in rendered if doc.component != PRINT_CHECK and not kit_only(doc)]


def kits(game: Game, rendered: list[Part], edition: str, paper: str, setup: PrintSetup,
         plan: Part | None = None) -> list[Output]:
    """The players' kit and, with secret material, the host's (its first pages the print `plan`, if given)."""
    found = kit_parts(rendered, setup, plan)
    return [_kit(game, parts, edition, paper, setup, audience) for audience, parts in found.items()]


def kit_parts(rendered: list[Part], setup: PrintSetup, plan: Part | None = None) -> dict[str, list[Part]]:
    """Audience -> the kit's parts in order: the players' (public) and, with secret material, the host's, which
    opens with the print plan when there is one."""
    opening = [p for p in rendered if p[0].component in OPENING]
    covers = {p[0].component: p for p in rendered if p[0].component.startswith(COVER)}
    blank = next((p for p in rendered if p[0].component == BLANK), None)
    parts = [p for p in rendered if p[0].component not in OPENING and not kit_only(p[0]) and p[0].in_kit]
    found = {PUBLIC: opening + [p for p in parts if p[0].audience == PUBLIC]}
    if any(p[0].audience != PUBLIC for p in parts):
        found[HOST] = opening + [q for p in parts for q in ([covers[cover_of(p[0].component)]]
                                                            if p[0].audience != PUBLIC else []) + [p]]
        found[HOST] = ([plan] if plan is not None else []) + found[HOST]
    if setup.duplex and blank is not None:
        found = {a: [q for p in kit for q in ([p, blank] if len(p[0].pages) % 2 or p[0].apart else [p])]
                 for a, kit in found.items()}
    return found


def backed(parts: list[Part], setup: PrintSetup) -> frozenset[int]:
    """The parts whose every page takes a blank back in a duplex kit (each but the last from the kit's join; the
    last's follows it): cards without backs, sheets handed out one by one."""
    return frozenset(i for i, (doc, _) in enumerate(parts) if setup.duplex and doc.apart)


def kit_pages(parts: list[Part], setup: PrintSetup) -> int:
    """A kit's pages, the blank backs between the pages of a backed part's counted."""
    between = sum(len(parts[i][0].pages) - 1 for i in backed(parts, setup))
    return sum(len(doc.pages) for doc, _ in parts) + between


def _kit(game: Game, parts: list[Part], edition: str, paper: str, setup: PrintSetup, audience: str) -> Output:
    """One kit: its parts joined, a bookmark each (none for a blank back); its catalogue picture its first part."""
    from deckpress.draw.kit import kit  # drawing loads lazily

    blank = next((data for doc, data in parts if doc.component == BLANK), None)
    pdf = kit([(None if doc.component == BLANK else doc.title, data) for doc, data in parts],
              outputs.doc_info(game, outputs.kit_title(game, audience), paper), blank, backed(parts, setup))
    output = outputs.kit_output(game, edition, paper, setup, pdf, kit_pages(parts, setup), audience)
    return replace(output, shown=_pictured(parts) or (pdf, 0))


def _cover(pdf: bytes | None) -> tuple[bytes, int] | None:
    return None if pdf is None else (pdf, 0)


def _pictured(parts: list[Part]) -> tuple[bytes, int] | None:
    """The page a kit's catalogue picture shows: the first after the print plan, the print check, the calibration
    and their blank backs, which every kit shares; None if it has none. That page is its part's first, copied into
    the kit as it is: it is drawn from the part's own file, whose picture the build has drawn already (the kit,
    opened for it, took as long again)."""
    return next(((pdf, 0) for doc, pdf in parts if doc.component not in (*OPENING, BLANK, PLAN)), None)
