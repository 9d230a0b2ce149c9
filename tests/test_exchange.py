"""Open Secret Exchange: its validation rules, `deckpress solve`, and the PDFs read back."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from conftest import CONTENT, edit, line_of
from pypdf import PdfReader

from deckpress.plugins.open_secret_exchange.routes import Exchange, Market

GAME = Path("content/open-secret-exchange")
DESKS, GAME_YAML = GAME / "desks.yaml", GAME / "game.yaml"


def errors(deckpress) -> list[str]:
    result = deckpress("check", "open-secret-exchange")
    assert result.status == 1 and "Traceback" not in result.err
    return result.errors


def col(path: Path, line: int, needle: str) -> int:
    return path.read_text(encoding="utf-8").splitlines()[line - 1].index(needle) + 1


def test_the_content_is_valid(deckpress):
    assert deckpress("check", "open-secret-exchange").status == 0


def test_exactly_eight_desk_cards(deckpress):
    text = DESKS.read_text(encoding="utf-8")
    DESKS.write_text(text[: text.rindex("  - market: 2")], encoding="utf-8")
    line = line_of(GAME_YAML, "count: desks | length * markets")
    found = errors(deckpress)
    assert f"{GAME_YAML}:{line}:12: error: deck desk-cards must have exactly 8 cards, got 7" in found
    deck_line = line_of(GAME_YAML, "  desk-cards:")
    assert f"{GAME_YAML}:{deck_line}:3: error: deck desk-cards has no card with market 2, desk D" in found


def test_codes_belong_to_their_desk(deckpress):
    edit(DESKS, "A2: brass button", "B7: brass button")
    line = line_of(DESKS, "B7: brass button")
    assert f"{DESKS}:{line}:7: error: code B7 on the card of desk A must be A followed by a number" in errors(deckpress)


def test_no_desk_requests_its_own_code(deckpress):
    edit(DESKS, "requests: [B1, B2, C3]", "requests: [B1, A2, C3]")
    line = line_of(DESKS, "requests: [B1, A2, C3]")
    expected = f"{DESKS}:{line}:{col(DESKS, line, 'A2')}: error: desk A of market 1 requests its own code A2"
    assert expected in errors(deckpress)


def test_every_request_names_a_code_of_the_market(deckpress):
    edit(DESKS, "requests: [C1, C2, D3]", "requests: [C1, C2, D4]")
    line = line_of(DESKS, "requests: [C1, C2, D4]")
    expected = (f"{DESKS}:{line}:{col(DESKS, line, 'D4')}: error: desk B of market 1 requests D4, "
                "which is no record of that market")
    assert expected in errors(deckpress)


def test_values_are_unique_within_a_market(deckpress):
    edit(DESKS, "B2: linen flag", "B2: paper bridge")
    line = line_of(DESKS, "B2: paper bridge")
    assert f"{DESKS}:{line}:7: error: value 'paper bridge' is used twice in market 1 (A1 and B2)" in errors(deckpress)


def test_each_desk_has_three_records(deckpress):
    edit(DESKS, "      A3: velvet spool\n", "")
    line = line_of(DESKS, "A1: paper bridge")
    assert f"{DESKS}:{line}:7: error: records must have 3 entries, got 2" in errors(deckpress)


def test_the_turn_order_names_only_desks_and_is_fair(deckpress):
    edit(GAME_YAML, "turn_order: [A, B, C, D, B, C, D, A]", "turn_order: [A, B, C, E, B, C, D, A]")
    line = line_of(GAME_YAML, "turn_order:")
    found = errors(deckpress)
    assert f"{GAME_YAML}:{line}:15: error: the turn order names desk 'E', which is not one of A, B, C, D" in found
    assert f"{GAME_YAML}:{line}:15: error: every desk must initiate equally often, " \
           "but the turn order gives A 2, B 2, C 2, D 1" in found


def test_a_market_with_too_few_turns_is_explained(deckpress):
    edit(GAME_YAML, "laps: 2\n  turn_order: [A, B, C, D, B, C, D, A]", "laps: 1\n  turn_order: [A, B, C, D]")
    first_card = line_of(DESKS, "  - market: 1")
    expected = (f"{DESKS}:{first_card}:5: error: market 1 has no route that completes every request: the desks need "
                "8 facts beyond what their own turns can bring, but the 4 remaining turns have only 4 partner places")
    assert expected in errors(deckpress)


def test_a_market_only_an_exhaustive_search_rules_out(deckpress):
    edit(GAME_YAML, "turn_order: [A, B, C, D, B, C, D, A]", "turn_order: [A, B, C, D, A, D, B, C]")
    for old, new in [("[B1, B2, C3]", "[C1, C2, C3]"), ("[C1, C2, D3]", "[C1, C2, C3]"),
                     ("[A3, D1, D2]", "[B1, B2, B3]"), ("[A1, A2, B3]", "[A1, A2, A3]")]:
        edit(DESKS, f"requests: {old}", f"requests: {new}")
    found = [e for e in errors(deckpress) if "market 1" in e]
    assert len(found) == 1
    assert found[0].endswith("error: market 1 has no route that completes every request: an exhaustive search of "
                             + found[0].split("an exhaustive search of ")[1].split(" ")[0] + " states found no route")


def test_solve_prints_each_markets_route_and_the_route_replays(deckpress):
    result = deckpress("solve", "open-secret-exchange")
    assert result.status == 0
    solution = json.loads(result.out)
    assert [m["market"] for m in solution["markets"]] == [1, 2]
    import yaml

    cards = yaml.safe_load((CONTENT / "open-secret-exchange/desks.yaml").read_text(encoding="utf-8"))["cards"]
    for market in solution["markets"]:
        assert market["solvable"] is True
        assert set(market["turns"][0]) == {"turn", "initiator", "partner", "initiator_gives", "partner_gives"}
        mine = {c["desk"]: c for c in cards if c["market"] == market["market"]}
        m = Market(tuple("ABCD"), {d: tuple(c["records"]) for d, c in mine.items()},
                   {d: tuple(c["requests"]) for d, c in mine.items()}, tuple("ABCDBCDA"))
        route = tuple(Exchange(**t) for t in market["turns"])
        from test_routes import independent_replay

        assert independent_replay(m, route)


def test_solve_needs_a_game_with_a_solver(deckpress):
    result = deckpress("solve", "pocket-bazaar")
    assert (result.status, result.err.strip()) == (2, "deckpress: error: pocket-bazaar has no solver among its checks")


def pdf(out: Path, component: str, paper: str = "a4") -> Path:
    return out / "open-secret-exchange" / "standard" / f"open-secret-exchange-{component}-{paper}.pdf"


def test_the_eight_desk_cards_read_back(built):
    text = " ".join(p.extract_text() for p in PdfReader(pdf(built, "desk-cards")).pages)
    for market in (1, 2):
        for desk in "ABCD":
            assert f"Market {market} / private" in text and f"desk {desk}" in text
    for value in ("paper bridge", "velvet spool", "leather star", "willow basket", "stone cup"):
        assert value in text
    assert text.count("Your three requests") == 8
    assert text.count("Collect these values") == 8


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_answer_guide_shows_the_route_solve_prints(built, deckpress, paper):
    solution = json.loads(deckpress("solve", "open-secret-exchange").out)
    with pdfplumber.open(pdf(built, "answer-guide", paper)) as doc:  # groups each table row into one line
        pages = [p.extract_text() for p in doc.pages]
    assert len(pages) == 2
    for page, market in zip(pages, solution["markets"], strict=True):
        assert f"Answer guide: Market {market['market']}" in page
        assert "Contains solutions. Keep covered until reports lock." in page
        rows = [" ".join(line.split()) for line in page.splitlines()]
        for t in market["turns"]:
            expected = (f"Turn {t['turn']} Desk {t['initiator']} Desk {t['partner']} "
                        f"{t['initiator_gives']} {t['partner_gives']}")
            assert expected in rows


def test_ledgers_turn_order_and_slips(built):
    ledgers = PdfReader(pdf(built, "ledgers")).pages
    assert len(ledgers) == 8
    assert "Private information ledger: desk C, market 2" in ledgers[6].extract_text()
    assert "Score out of 3" in ledgers[0].extract_text()  # a box to write the score in (a form field)
    names = [a.get_object().get("/TU") for a in ledgers[0].get("/Annots", [])]
    assert "Private information ledger: desk A, market 1, Score out of 3" in names
    order = PdfReader(pdf(built, "turn-order")).pages[0].extract_text()
    assert "Turn 8" in order and "Second lap" in order and "FIRST LAP: A, B, C, D." in order
    slips = PdfReader(pdf(built, "slips")).pages
    assert len(slips) == 2 and slips[0].extract_text().count("Code") == 18
