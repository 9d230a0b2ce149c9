"""The players' kit and the host's: secret material only in the host's, each part behind its cover; duplex kits
that start every part on a front side; a print check that says how the kit was built to be printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import CATALOGUE, CONTENT, shared
from pypdf import PdfReader

from deckpress.findings import Findings
from deckpress.load import load_game
from deckpress.model import Game
from deckpress.templating import Templates
from deckpress.words import WORDS, known

GAME = "open-secret-exchange"
SAY = WORDS["en"]


def exchange() -> Game:
    game = load_game(CONTENT / GAME, f"content/{GAME}", Findings(), Templates())
    assert game is not None
    return game


def record_values(game: Game) -> set[str]:
    """Every record value of every desk card, as the content gives them."""
    secret = [c for c in game.components if c.audience == "private" and c.kind == "cards"]
    assert secret
    cards = [card for c in secret for d in c.decks for card in game.decks[d].cards]
    values = {v for card in cards for v in card.values["records"].values()}
    assert len(values) >= 24
    return values


def words(reader: PdfReader, pages: range | None = None) -> str:
    """The text of the pages, every run of white space one space (a value may wrap across lines)."""
    chosen = [reader.pages[i] for i in pages] if pages is not None else reader.pages
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in chosen))


def marks(reader: PdfReader) -> list[tuple[str, int]]:
    return [(o.title, reader.get_destination_page_number(o)) for o in reader.outline]


def cover_title(title: str, audience: str) -> str:
    return SAY["cover_title"].format(title=title, audience=SAY[f"audience_{audience}"])


@pytest.mark.parametrize("edition", ["standard", "large-print"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_players_kit_holds_no_desk_cards_record_and_the_hosts_all(built, edition, paper):
    values = record_values(exchange())
    players = words(PdfReader(built / GAME / edition / f"{GAME}-kit-{paper}.pdf"))
    host = words(PdfReader(built / GAME / edition / f"{GAME}-host-kit-{paper}.pdf"))
    assert [v for v in values if v in players] == []
    assert [v for v in values if v not in host] == []


def test_the_hosts_kit_has_each_secret_part_behind_its_cover(built):
    game = exchange()
    reader = PdfReader(built / GAME / "standard" / f"{GAME}-host-kit-a4.pdf")
    found = marks(reader)
    expected = [SAY["plan_title"], SAY["print_check"]] + [t for c in game.components if not c.optional for t in (
        [cover_title(c.title, c.audience)] if c.secret else []) + [c.title]]  # an optional box: no kit's
    assert [title for title, _ in found] == expected
    pages = dict(found)
    for c in (c for c in game.components if c.secret):
        cover = pages[cover_title(c.title, c.audience)]
        assert pages[c.title] == cover + 1  # the part right behind its one-page cover
        text = words(reader, range(cover, cover + 1))
        heading = SAY[f"cover_{c.audience}"].format(title=c.title)
        assert heading in text and (c.handling or "") in text and c.handling
        assert SAY[f"cover_who_{c.audience}"] in text
    players = PdfReader(built / GAME / "standard" / f"{GAME}-kit-a4.pdf")
    assert [t for t, _ in marks(players)] == [SAY["print_check"]] + [c.title for c in game.components
                                                                 if not c.secret and not c.optional]


def test_a_game_without_secrets_has_the_players_kit_only(built):
    assert list((built / "pocket-bazaar" / "standard").glob("*host-kit*")) == []


@pytest.fixture(scope="module", params=["long-edge", "short-edge"])
def duplex(request, tmp_path_factory) -> tuple[str, Path]:
    """The catalogue printed duplex (both papers: the same build test_slug.py reads): read-only."""
    return request.param, shared(tmp_path_factory, (*CATALOGUE, "--duplex", request.param))


def test_every_part_of_a_duplex_kit_starts_on_a_front_side(duplex):
    flip, out = duplex
    kits = sorted(out.glob(f"*/*/*-kit-a4-duplex-{flip}.pdf"))
    assert len(kits) >= 7 and any("host-kit" in k.name for k in kits)
    for path in kits:
        reader = PdfReader(path)
        say = WORDS[known(str(reader.trailer["/Root"]["/Lang"])) or "en"]  # each kit in its game's language
        found = marks(reader)
        assert [t for t, p in found if p % 2] == [], path.name  # pages from 0: every bookmark on an odd page
        if "host-kit" in path.name:  # the host's opens with the print plan, on a front side of its own
            assert found[0] == (say["plan_title"], 0), path.name
            found = found[1:]
        check = found[0][1]
        assert found[0] == (say["print_check"], check) and found[1] == (say["calibration"], check + 2), path.name
        back = " ".join(reader.pages[check + 1].extract_text().split())  # the print check's back: blank but its slug
        assert say["blank_page"] in back, back
        assert say["slug_page"].format(page=1, pages=1) in back and len(back) < 200


def test_the_print_check_says_how_the_kit_is_printed(built, duplex):
    flip, out = duplex
    edge = SAY[f"edge_{flip.split('-')[0]}"]
    both = words(PdfReader(out / GAME / "standard" / f"{GAME}-kit-a4-duplex-{flip}.pdf"), range(1))
    assert "single-sided" not in both and f"on both sides, flipping on the {edge}" in both
    assert "intentionally blank" in both
    one = words(PdfReader(built / GAME / "standard" / f"{GAME}-kit-a4.pdf"), range(1))
    assert "Print single-sided on A4 paper" in one and "both sides" not in one
