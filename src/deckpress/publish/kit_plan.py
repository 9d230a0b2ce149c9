"""The print plan that opens the host's kit: computed from the files of its edition and paper, as the catalogue's,
laid out (deckpress.layout.plan_page), slugged and drawn like any part of the kit.

The plan names its kits' page counts, which count the plan's own pages: it is laid out again until its length
holds (once, but for a plan longer than a page).
"""

from __future__ import annotations

from deckpress.findings import Findings
from deckpress.layout.cover import BLANK
from deckpress.layout.imposition import PrintSetup
from deckpress.layout.page import Document
from deckpress.layout.plan_page import Block, lay_out_plan
from deckpress.layout.slug import Stamp, slugged
from deckpress.model import HOST, PUBLIC, Edition, Game
from deckpress.publish import kits, outputs, phrases
from deckpress.publish.kits import Part, kit_pages, kit_parts
from deckpress.publish.manifest import Entry
from deckpress.publish.outputs import KITS
from deckpress.publish.plan_words import about, blocks, builds, printing
from deckpress.publish.print_plan import Facts, plan
from deckpress.publish.publications import published_name
from deckpress.publish.write import Output

TRIES = 3  # a plan's length settles at once or on the second pass: its page counts move by a digit at most


def drawn_files(game: Game, docs: list[Document], editions: tuple[dict[str, Edition], str], paper: str,
                setup: PrintSetup, mark: Stamp, findings: Findings, again: str = "") -> list[Output]:
    """Each component's file of one edition (the game's editions loaded, and which) and paper, drawn from its
    documents, and its kits: the host's opens with the print plan, counted from them and slugged with the game's
    `mark`, its commands for the other builds followed by the options of this one, `again`."""
    from deckpress.draw.render import render  # drawing loads lazily: an up-to-date build needs none of it

    rendered = [(doc, render(doc, outputs.doc_info(game, doc.title, paper))) for doc in docs]
    files = kits.files(game, rendered, setup)
    loaded, edition = editions
    plan = plan_part(game, loaded[edition], paper, setup, rendered, files, findings, mark, again)
    return files + kits.kits(game, rendered, edition, paper, setup, plan)


def plan_part(game: Game, edition: Edition, paper: str, setup: PrintSetup, rendered: list[Part], files: list[Output],
              findings: Findings, mark: Stamp | None, again: str = "") -> Part | None:
    """The plan's pages, finished, for the host's kit; None where there is no host's kit."""
    from deckpress.draw.render import render  # drawing loads lazily

    found = kit_parts(rendered, setup)
    if HOST not in found:
        return None
    entries = [o.entry for o in files if o.entry is not None]
    own, doc = 1, None
    for _ in range(TRIES):
        made = [outputs.kit_entry(game, edition.theme.edition, paper, setup, _pages(found, a, own, rendered, setup), a)
                for a in (PUBLIC, HOST)]
        doc = lay_out_plan(game, edition, paper, _blocks(game, edition, paper, entries + made, again), findings)
        if len(doc.pages) == own:
            break
        own = len(doc.pages)
    assert doc is not None
    doc = slugged(doc, mark, findings)
    return doc, render(doc, outputs.doc_info(game, doc.title, paper))


def _pages(found: dict[str, list[Part]], audience: str, own: int, rendered: list[Part], setup: PrintSetup) -> int:
    """A kit's pages, the host's with the plan's `own` (and, duplex, the blank back after an odd count)."""
    pages = kit_pages(found[audience], setup)
    if audience != HOST:
        return pages
    blank = setup.duplex is not None and own % 2 == 1 and any(d.component == BLANK for d, _ in rendered)
    return pages + own + int(blank)


def _blocks(game: Game, edition: Edition, paper: str, entries: list[Entry], again: str) -> list[Block]:
    """The plan's words, naming each file as the host's bundle and the public catalogue name it; the host's own,
    so its commands say the build's folders as they were typed (deckpress.publish.repeated)."""
    say = phrases(game.language)
    facts = Facts.of(game)
    shown = printing(plan(facts, entries), say, lambda e: published_name(e).rsplit("/", 1)[-1])
    where = say("catalogue_paper", edition=edition.theme.label, paper=say(f"paper_{paper}"))
    said = (*about(facts, say, public=False), say("plan_files_where"))  # its files are in two folders
    return blocks(say("plan_heading", game=game.title), where, said, shown,
                  builds(game.source_game or game.id, [e for e in entries if e.component in KITS.values()], again),
                  say)
