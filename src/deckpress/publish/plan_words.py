"""The print plan in words (deckpress.words), for the catalogue's page and the host's kit's first page.

`about` says the game's table and who gets what, once a game; `printing` what to print for one edition and
paper; `blocks` the whole, as the host's kit lays it out (deckpress.layout.plan_page).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from deckpress.layout.imposition import PrintSetup
from deckpress.layout.plan_page import HEADING, PARAGRAPH, SUBHEADING, Block
from deckpress.publish.manifest import Entry
from deckpress.publish.outputs import KIT
from deckpress.publish.print_plan import CARD, PAPER, Facts, Line, Part, Plan, handed

Say = Callable[..., str]
COMMAND = ".venv/bin/deckpress"  # as the README has a user run it, from the checkout, after `make decks`
# the builds a host may want besides the default, and how a kit's entry says it is one of them
BUILDS: tuple[tuple[str, Callable[[Entry], bool]], ...] = (
    ("--duplex long-edge", lambda e: e.duplex is not None), ("--fold", lambda e: e.fold),
    ("--bleed 3", lambda e: bool(e.bleed_mm)))


@dataclass(frozen=True)
class Printing:
    """What to print for one edition and paper: a row a file, then the totals, the kits, the cutting."""

    rows: tuple[dict[str, str], ...]
    totals: tuple[str, ...]


def about(facts: Facts, say: Say, public: bool) -> tuple[str, ...]:
    """Players, playing time, supplies; then who gets what (the public page names no secret part)."""
    said = []
    if facts.players:
        said.append(say("plan_players", players=_span(facts.players, say)))
    if facts.minutes:
        said.append(say("plan_minutes", minutes=_span(facts.minutes, say)))
    if facts.supplies:
        said.append(say("plan_supplies", supplies=", ".join(facts.supplies)))
    keys = {"host": "plan_host_keeps", "dealt": "plan_host_deals", "player": "plan_player_gets",
            "table": "plan_on_table"}
    for who, parts in handed(facts, public).items():
        if parts:
            said.append(say(keys[who], parts=say("list_separator").join(_handled(p, say) for p in parts)) + ".")
    if public and facts.incomplete:
        said.append(say("plan_host_more"))
    return tuple(said)


def printing(plan: Plan, say: Say, name: Callable[[Entry], str]) -> Printing:
    """The rows and totals of one edition and paper; `name` gives a file's name as its reader finds it."""
    counted = set(plan.counted)
    rows = tuple(_row(line, say, name, line in counted) for line in plan.lines)
    totals = [say("plan_totals", card=_sheets(plan.sheets(CARD), say), paper=_sheets(plan.sheets(PAPER), say))]
    if plan.scales:
        totals += [say("plan_with", players=n, card=_sheets(plan.sheets(CARD, n), say),
                       paper=_sheets(plan.sheets(PAPER, n), say)) for n in plan.player_counts()]
    elif plan.facts.players:
        totals.append(say("plan_same_for", players=_span(plan.facts.players, say)))
    totals += [*_kits(plan, say, name), _cutting(plan, say)]
    for other in plan.others():  # another build's files: a print set of its own, in place of these
        totals += [say("plan_instead", suffix=_suffix(other), card=_sheets(other.sheets(CARD), say),
                       paper=_sheets(other.sheets(PAPER), say)), *_kits(other, say, name), _cutting(other, say)]
    return Printing(rows, tuple(totals))


def _kits(plan: Plan, say: Say, name: Callable[[Entry], str]) -> list[str]:
    """A line a kit of the plan's build; the players' kit says so where the game needs more than it holds."""
    alone = {KIT: say("plan_kit_incomplete") if plan.facts.incomplete else ""}
    return [" ".join(filter(None, (say("plan_kit_whole", title=k.title, file=name(k), pages=_pages(k.pages or 0, say),
                                       sides=say("plan_sides_double" if k.duplex else "plan_sides_single")),
                                   alone.get(k.component)))) for k in plan.own_kits]


def _suffix(plan: Plan) -> str:
    duplex, fold, bleed = plan.build
    return PrintSetup(duplex, fold=fold, bleed=bleed or 0.0).suffix()


def builds(game: str, kits: Iterable[Entry], repeated: str = "") -> tuple[str, ...]:
    """The exact commands that make the builds none of these `kits` is: duplex, folded, bled; each followed by the
    options of the build that made the kits, `repeated` (deckpress.publish.repeated), so that it reads the same
    sources and lands beside them, in the out folder whose catalogue offers its files."""
    made = list(kits)
    return tuple(" ".join(filter(None, (COMMAND, "build", game, option, repeated)))
                 for option, built in BUILDS if not any(map(built, made)))


def blocks(heading: str, subheading: str, said: tuple[str, ...], shown: Printing, more: tuple[str, ...],
           say: Say) -> list[Block]:
    """The plan as the host's kit lays it out: its heading, its edition and paper, the table's facts, every
    file as a paragraph, the totals."""
    return [(HEADING, heading), (SUBHEADING, subheading), *((PARAGRAPH, s) for s in said),
            (SUBHEADING, say("plan_what")),
            *((PARAGRAPH, say("plan_row", **row)) for row in shown.rows),
            *((PARAGRAPH, s) for s in shown.totals), *([(PARAGRAPH, say("plan_builds"))] if more else []),
            *((PARAGRAPH, command) for command in more)]


def _row(line: Line, say: Say, name: Callable[[Entry], str], counted: bool) -> dict[str, str]:
    """A file's row; one the totals do not count (another build's) says it is printed instead."""
    e = line.entry
    title = say("plan_optional", title=line.part.title) if line.part.optional else line.part.title
    title = title if counted else say("plan_other_build", title=title)
    sides = say("plan_sides_double" if line.two_sided else "plan_sides_single")
    return {"title": title, "file": name(e), "pages": _pages(e.pages or 0, say),
            "stock": say(f"plan_stock_{line.part.stock}"),
            "sides": say("plan_sides_fold", sides=sides) if line.folded else sides,
            "sheets": _sheets(line.sheets, say)}


def _cutting(plan: Plan, say: Say) -> str:
    if not plan.cut_mm and not plan.unmeasured:
        return say("plan_cut_none")
    cut = say("plan_cut", minutes=plan.cut_minutes, metres=plan.cut_mm / 1000)
    unmeasured = say("plan_cut_unmeasured", parts=", ".join(plan.unmeasured)) if plan.unmeasured else ""
    return f"{cut} {unmeasured}".strip()


def _handled(part: Part, say: Say) -> str:
    return say("plan_handled", title=part.title, handling=part.handling.rstrip(".")) if part.handling else part.title


def _span(span: tuple[int, int], say: Say) -> str:
    low, high = span
    return str(low) if low == high else say("plan_span", low=low, high=high)


def _pages(pages: int, say: Say) -> str:
    return say("catalogue_page" if pages == 1 else "catalogue_pages", pages=pages)


def _sheets(sheets: int, say: Say) -> str:
    return say("plan_sheet_count" if sheets == 1 else "plan_sheet_counts", sheets=sheets)
