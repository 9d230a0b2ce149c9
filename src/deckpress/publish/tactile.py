"""Tactile card identification: for every deck that gives its cards a short code (`tactile:` in game.yaml), a
label a card in braille, as a braille-ready file for an embosser and as dots on a PDF for swell paper.

The codes are translated uncontracted (grade 1: a code is read letter by letter) and in small letters (a code
is the same in any case, and a capital costs a sign: Greek braille marks each capital Latin letter, so `AAAAP`
would take 11 cells and `aaaap` takes 6), the cards' names beside them in
the embosser's file contracted, as the text edition's braille is. A deck a private or host component prints (even
one a public box also prints) has its labels in the host's files (`<game>-host-tactile-labels...`), the others
in the players'.
"""

from __future__ import annotations

from deckpress.findings import SHOWN_CARDS as SHOWN
from deckpress.findings import Finding, Findings
from deckpress.layout.page import Document
from deckpress.layout.tactile import CELLS, Label, label_document
from deckpress.model import HOST, PUBLIC, Game
from deckpress.publish import phrases
from deckpress.publish.braille import block_lines, paged, translated, translator
from deckpress.publish.braille_grades import grade_of
from deckpress.publish.braille_signs import escaped, unknown_signs
from deckpress.publish.louis import BrailleUnavailable

# codes are read letter by letter, each language's in its uncontracted table (braille_grades.CODES); a language
# with none (Italian, Dutch) has no labels, and a warning says so
Cards = list[tuple[str, str, str]]  # (deck title, code, card label), one a printed card


def coded(game: Game) -> dict[str, Cards]:
    """Audience -> every printed card that has a code, in the order its deck prints: the public decks' and those
    a secret component prints (the host's)."""
    out: dict[str, Cards] = {}
    for deck in game.decks.values():
        printers = [c for c in game.components if deck.id in c.decks]
        if not printers or not any(card.tactile for card in deck.cards):
            continue
        audience = HOST if any(c.secret for c in printers) else PUBLIC  # a secret deck's labels are the host's
        title = printers[0].title
        out.setdefault(audience, []).extend((title, card.tactile, card.label) for card in deck.printed if card.valid)
    return out


def card_names(cards: dict[str, Cards]) -> list[str]:
    """What the embosser's file says beside each code (`Lot cards: Amber 3`), before it is translated; not a name
    of more than one line, which the translator would read as two (the labels' own run says so)."""
    return [n for listed in cards.values() for deck, _, label in listed if "\n" not in (n := _named(deck, label))]


def _named(deck: str, label: str) -> str:
    return f"{deck}: {label}"


def tactile_files(game: Game, findings: Findings, papers: tuple[str, ...], cards: dict[str, Cards],
                  said: dict[str, str]) -> list[tuple[str, str, bytes | Document]]:
    """(name, audience, BRF bytes or the PDF's document) of the game's `coded` cards' labels; none, with a warning,
    without the translator. `said`: card names already translated (with the text edition's braille), not
    translated again."""
    if not cards:
        return []
    program, grade = translator(), grade_of(game.language)
    if program is None or grade is None:
        why = "liblouis's lou_translate is not installed" if program is None else f"no table for {game.language}"
        findings.add(Finding(game.loc, f"tactile labels skipped: {why}", "warning"))
        return []
    try:
        return [made for audience, listed in cards.items()
                for made in _labels(game, audience, listed, (program, grade.text, grade.codes), papers, findings,
                                    said)]
    except BrailleUnavailable as why:
        findings.add(Finding(game.loc, f"tactile labels skipped: {why}", "warning"))
        return []


def _labels(game: Game, audience: str, listed: Cards, tables: tuple[str, str, str], papers: tuple[str, ...],
            findings: Findings, said: dict[str, str]) -> list[tuple[str, str, bytes | Document]]:
    """One audience's labels: the embosser's file and a PDF a paper; none, and a finding, where a code would not
    fit a label."""
    program, table, grade_1 = tables
    codes = translated(program, grade_1, [code.lower() for _, code, _ in listed], game.language)  # no capitals (above)
    long = {code: len(b) for (_, code, _), b in zip(listed, codes, strict=True) if len(b) > CELLS}
    if long:
        _too_long(game, long, grade_1, findings)
        return []
    texts = [_named(deck, label) for deck, _, label in listed]
    known = all(said.get(text) for text in texts)  # each name translated already, where the pages were
    names = [said[text] for text in texts] if known else translated(program, table, texts, game.language)
    unknown = unknown_signs(escaped(texts, names), table, game.language)
    if unknown is not None:
        findings.add(Finding(game.loc, f"tactile labels: {unknown}", "warning"))
    stem = f"{game.id}-{'host-' if audience == HOST else ''}tactile-labels"
    labels = [Label(b, f"{code}: {label}") for (_, code, label), b in zip(listed, codes, strict=True)]
    edition = game.editions[0] if game.editions else "standard"  # the slug's: labels are the same in every one
    return [(f"{stem}.brf", audience, _embosser(codes, names)),
            *[(f"{stem}-{paper}.pdf", audience, label_document(game.id, edition, _title(game, audience), paper,
                                                                labels, audience)) for paper in papers]]


def _too_long(game: Game, long: dict[str, int], table: str, findings: Findings) -> None:
    """Codes that take more cells than a label holds in the game's braille: said at the deck's `tactile:`, with
    the language, the table, each code's cells and what to do."""
    at = {card.tactile: deck.tactile_loc for deck in game.decks.values() for card in deck.cards if card.tactile}
    shown = [f"{code} takes {cells}" for code, cells in sorted(long.items())]
    more = f" and {len(shown) - SHOWN} more" if len(shown) > SHOWN else ""
    findings.error(at.get(min(long)) or game.loc,
                   f"{game.named}: tactile codes take more than the {CELLS} braille cells a label holds in "
                   f"{_english(game.language)} braille ({table}): {', '.join(shown[:SHOWN])}{more}: give the deck "
                   f"shorter codes in its `tactile:` template (each letter or digit takes a cell, and a digit after a "
                   f"letter or a letter after a digit adds a sign; codes are spelt in small letters, without capital "
                   f"signs)")


def _english(language: str) -> str:
    """A language's name in English (`Greek`), as the braille tables are known; its tag where Babel has none."""
    from babel import Locale, UnknownLocaleError  # only for a code too long: a build of good codes needs no Babel

    try:
        return str(Locale.parse(language.split("-")[0]).english_name)
    except (ValueError, UnknownLocaleError):
        return language


def _embosser(codes: list[str], names: list[str]) -> bytes:
    """A line a label: the code from cell 1, the card it goes on from cell 13, its runovers there too."""
    lines = [line for code, name in zip(codes, names, strict=True)
             for line in block_lines(f"{code.ljust(CELLS + 2)}{name}", 0, CELLS + 2)]
    return paged(lines).encode("ascii", "replace")


def _title(game: Game, audience: str) -> str:
    return phrases(game.language)("tactile_title" if audience == PUBLIC else "tactile_host_title")
