"""Stone Market: generated decks, the economy proof and its witnesses, validation messages, PDFs."""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from conftest import CONTENT, edit, line_of
from pypdf import PdfReader

from deckpress.cli import main

GAME = Path("content/stone-market")
EXCHANGES, WARES, GAME_YAML = GAME / "exchanges.yaml", GAME / "wares.yaml", GAME / "game.yaml"
VALUES = {"A": 7, "J": 3, "O": 4, "P": 5, "R": 6}  # the committed deck's recorded valuation


def errors(deckpress) -> list[str]:
    result = deckpress("check", "stone-market")
    assert result.status == 1 and "Traceback" not in result.err
    return result.errors


def test_the_committed_deck_is_valid_and_balances_its_recorded_values(deckpress):
    assert deckpress("check", "stone-market").status == 0
    text = EXCHANGES.read_text(encoding="utf-8")
    assert "values: {Amber: 7, Jade: 3, Onyx: 4, Pearl: 5, Ruby: 6}" in text
    for left, right in re.findall(r"- ([A-Z ]+) = ([A-Z ]+)\n", text):
        assert sum(VALUES[s] for s in left.split()) == sum(VALUES[s] for s in right.split())


def test_dump_gives_other_tools_the_deck(deckpress):
    model = json.loads(deckpress("dump", "stone-market").out)
    assert [c["name"] for c in model["colours"]] == ["Amber", "Jade", "Onyx", "Pearl", "Ruby"]
    assert model["colours"][0] == {"name": "Amber", "letter": "A", "shape": "triangle"}
    assert len(model["exchange_cards"]) == 10 and all(len(card) == 5 for card in model["exchange_cards"])
    assert set(model["exchange_cards"][0][0]) == {"left", "right"}
    assert len(model["wares"]) == 45 and all(sum(w["stones"].values()) == 5 for w in model["wares"])
    assert sorted({w["stars"] for w in model["wares"]}) == [0, 1, 2]


def generate(tmp: Path, seed: int) -> tuple[bytes, bytes]:
    folder = tmp / f"seed-{seed}"
    shutil.copytree(CONTENT / "stone-market", folder / "stone-market")
    assert main(["generate", "stone-market", "--seed", str(seed), "--content", str(folder)]) == 0
    return (folder / "stone-market/exchanges.yaml").read_bytes(), (folder / "stone-market/wares.yaml").read_bytes()


def test_the_generator_is_deterministic_and_seeds_differ(tmp_path, capsys):
    first = generate(tmp_path / "a", 7)
    assert generate(tmp_path / "b", 7) == first
    decks = {generate(tmp_path / "c", seed) for seed in (1, 2, 3)} | {first}
    assert len(decks) == 4
    for seed in (1, 2, 3, 7):  # each passes every check of the game
        folder = tmp_path / "c" / f"seed-{seed}" if seed != 7 else tmp_path / "a" / "seed-7"
        layouts = str(CONTENT.parent / "layouts")
        assert main(["check", "stone-market", "--content", str(folder), "--layouts", layouts]) == 0
    assert b"seed: 7" in first[0] and b"version: 1" in first[0]


def replay_pump(start: dict[str, int], trades: list[tuple[str, str]], end: dict[str, int]) -> bool:
    """Independently of the press: pay each left side from the hand, take the right; the hand must grow."""
    hand = dict(start)
    for pay, take in trades:
        for stone in pay.split():
            hand[stone] = hand.get(stone, 0) - 1
            assert hand[stone] >= 0, "a trade the hand cannot pay for"
        for stone in take.split():
            hand[stone] = hand.get(stone, 0) + 1
    assert {k: v for k, v in hand.items() if v} == {k: v for k, v in end.items() if v}
    return all(hand.get(k, 0) >= n for k, n in start.items()) and sum(hand.values()) > sum(start.values())


def tally(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for stone in text.split():
        out[stone] = out.get(stone, 0) + 1
    return out


def test_a_money_pump_is_rejected_with_a_witness_that_really_gains(deckpress):
    edit(EXCHANGES, "- P P P = J R R\n", "- P P P = J R R R\n")  # worth 15 = 21: stones from nothing
    found = [e for e in errors(deckpress) if "make stones from nothing" in e]
    assert len(found) == 9  # card 1 with each of the other nine
    line = line_of(EXCHANGES, "  - equations:")
    first = found[0]
    assert first.startswith(f"{EXCHANGES}:{line}:5: error: exchange cards 1 and 2 make stones from nothing: "
                            "from a hand of ")
    witness = re.search(r"from a hand of (.*?), trade (.*): the hand ends as (.*)$", first)
    trades = [tuple(step.split(" = ")) for step in witness.group(2).split("; ")]
    assert replay_pump(tally(witness.group(1)), trades, tally(witness.group(3)))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("- P P P = J R R\n", "- P P P P P = J R R\n",
         "each side of an equation holds 1-4 stones, got 5 in 'P P P P P = J R R'"),
        ("- P P P = J R R\n", "- P P P = P R R\n",
         "no stone may stand on both sides of an equation, but P does in 'P P P = P R R'"),
        ("- P P P = J R R\n", "- P P P = J R X\n", "'X' is not a stone letter (A, J, O, P, R)"),
        ("- J J O = P P\n", "- J R R = P P P\n",
         "exchange card 1: 'J R R = P P P' repeats another equation of the card"),
    ],
)
def test_equation_rules(deckpress, old, new, message):
    edit(EXCHANGES, old, new)
    line = line_of(EXCHANGES, new.strip()[2:])
    assert f"{EXCHANGES}:{line}:9: error: {message}" in errors(deckpress)


def test_ware_rules(deckpress):
    edit(WARES, "{stones: A J O P R, stars: 0}", "{stones: A J O P, stars: 3}")
    line = line_of(WARES, "{stones: A J O P, stars: 3}")
    found = errors(deckpress)
    assert f"{WARES}:{line}:30: error: stars must be 0-2, got 3" in found
    assert f"{WARES}:{line}:14: error: a ware holds 5 stones, got 4" in found


def test_star_counts_are_as_declared_and_stars_mean_harder(deckpress):
    text = WARES.read_text(encoding="utf-8")
    WARES.write_text(text.replace("stars: 2}", "stars: 0}"), encoding="utf-8")
    found = errors(deckpress)
    line = line_of(GAME_YAML, "star_counts:")
    assert f"{GAME_YAML}:{line}:16: error: star_counts declares [25, 12, 8] wares with 0, 1 and 2 stars; " \
           "the deck has [33, 12, 0]" in found
    swapped = text.replace("stars: 2}", "stars: X}").replace("stars: 0}", "stars: 2}").replace("stars: X}", "stars: 0}")
    WARES.write_text(swapped, encoding="utf-8")
    found = errors(deckpress)
    assert any("two-star wares must be harder than one-star ones" in e for e in found)


def test_scoring_columns(deckpress):
    edit(GAME_YAML, "score_star: [7, 5, 4, 2, 1]", "score_star: [7, 5, 6, 2, 1]")
    edit(GAME_YAML, "score_double: [9, 7, 5, 3, 1]", "score_double: [9, 7, 5, 0, 1]")
    found = errors(deckpress)
    star, double = line_of(GAME_YAML, "score_star:"), line_of(GAME_YAML, "score_double:")
    assert f"{GAME_YAML}:{star}:15: error: score_star must never rise as leftovers grow, got [7, 5, 6, 2, 1]" in found
    assert f"{GAME_YAML}:{double}:17: error: score_double must be at least score_star row by row, " \
           "got [9, 7, 5, 0, 1] and [7, 5, 6, 2, 1]" in found


def pdf(out: Path, component: str) -> Path:
    return out / "stone-market" / "standard" / f"stone-market-{component}-a4.pdf"


def test_cards_read_back_with_their_stones_as_text(built):
    exchange = [p.extract_text() for p in PdfReader(pdf(built, "exchange-cards")).pages]
    assert sum(t.count("Exchange ") for t in exchange) == 10 + len(exchange)  # and the slug names the component
    wares = [p.extract_text() for p in PdfReader(pdf(built, "ware-cards")).pages]
    assert sum(t.count("Ware") for t in wares) == 45 + len(wares)
    letters = " ".join(exchange)
    for stone in "AJOPR":
        assert stone in letters.split()
    assert "Two stars" in " ".join(wares) and "One star" in " ".join(wares)
    tokens = PdfReader(pdf(built, "stones")).pages[0].extract_text().split()
    assert sum(word == "Amber" for word in tokens) == 20 and sum(word == "R" for word in tokens) == 20
    die = PdfReader(pdf(built, "die")).pages[0].extract_text()
    assert all(face in die for face in ("Amber", "Jade", "Onyx", "Pearl", "Ruby", "Choice"))
    assert len(PdfReader(pdf(built, "reference-cards")).pages) == 2


def copied(tmp_path: Path) -> Path:
    """A content folder in tmp_path holding a copy of Stone Market, for a test to change."""
    shutil.copytree(CONTENT / "stone-market", tmp_path / "content" / "stone-market")
    return tmp_path / "content"


def generated(content: Path) -> int:
    """`deckpress generate stone-market --seed 3` over that content: its status."""
    return main(["generate", "stone-market", "--seed", "3", "--content", str(content)])


def test_a_generated_deck_keeps_the_mode_of_the_file_it_replaces(tmp_path, capsys):
    """Written whole and moved into place, not left as a private temporary file (0600) a shared checkout's other
    readers could not read."""
    folder = copied(tmp_path)
    (folder / "stone-market/wares.yaml").chmod(0o644)
    assert generated(folder) == 0
    assert (folder / "stone-market/wares.yaml").stat().st_mode & 0o777 == 0o644


def test_a_generated_deck_never_writes_through_a_link_out_of_the_game(tmp_path, capsys):
    """Each candidate deck is checked in a copy of the game's files: the link in the deck file's place is replaced,
    and what it led to is left as it was."""
    folder, elsewhere = copied(tmp_path), tmp_path / "elsewhere.yaml"
    elsewhere.write_text("not the game's\n", encoding="utf-8")
    (folder / "stone-market/exchanges.yaml").unlink()
    (folder / "stone-market/exchanges.yaml").symlink_to(elsewhere)
    os.mkfifo(folder / "stone-market/notes")  # a FIFO beside: copied no more than read
    assert generated(folder) == 0, capsys.readouterr().err
    assert elsewhere.read_text(encoding="utf-8") == "not the game's\n"
    assert not (folder / "stone-market/exchanges.yaml").is_symlink()


def test_a_folder_in_the_generated_decks_place_is_a_finding_there(tmp_path, capsys):
    folder = copied(tmp_path)
    (folder / "stone-market/exchanges.yaml").unlink()
    (folder / "stone-market/exchanges.yaml").mkdir()
    assert generated(folder) == 1
    assert capsys.readouterr().err.startswith(f"{folder.as_posix()}/stone-market/exchanges.yaml:1:1: error: "
                                              "exchanges.yaml is where the generated deck goes, but it is a folder")


def test_a_generated_deck_no_deck_reads_is_a_finding_and_nothing_is_written(tmp_path, capsys):
    """The wares kept in a CSV: `generate` wrote wares.yaml beside it, read by nothing, and said it had written a
    deck that passes every check (a red team's)."""
    folder = copied(tmp_path)
    game = folder / "stone-market/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("file: wares.yaml", "file: wares.csv"),
                    encoding="utf-8")
    before = {p.name: p.read_bytes() for p in (folder / "stone-market").iterdir() if p.is_file()}
    assert generated(folder) == 1
    err = capsys.readouterr().err
    assert "the generator stone-market writes wares.yaml, which no deck of the game reads" in err, err
    assert {p.name: p.read_bytes() for p in (folder / "stone-market").iterdir() if p.is_file()} == before


def test_a_deck_file_named_with_dot_slash_is_the_generated_one(tmp_path, capsys):
    """`file: ./wares.yaml` is wares.yaml: the loader reads it, and so the generator writes it (a review's: it was
    refused as a file no deck reads)."""
    folder = copied(tmp_path)
    game = folder / "stone-market/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("file: wares.yaml", "file: ./wares.yaml"),
                    encoding="utf-8")
    assert generated(folder) == 0, capsys.readouterr().err


def test_a_game_folder_too_large_to_read_is_said_at_once_by_its_name(tmp_path, capsys):
    folder = copied(tmp_path)
    with (folder / "stone-market/big.bin").open("wb") as big:
        big.truncate(6 * 2**30)  # sparse: nothing is written, but a copy would write it all
    assert generated(folder) == 1
    assert capsys.readouterr().err.startswith(f"deckpress: {folder.as_posix()}/stone-market: error: the folder holds "
                                              "more than 512 MiB")


def test_what_a_generated_deck_fails_in_the_layouts_is_said_of_the_games_own_files(tmp_path, capsys):
    """A candidate is laid out in a copy of the game; what that finds names the game's folder, not the copy's."""
    folder = copied(tmp_path)
    (folder / "stone-market/icons/triangle.svg").unlink()  # the die's net draws it
    assert generated(folder) == 1
    said = capsys.readouterr().err
    assert f"no icon 'triangle' (looked for triangle.svg and triangle.png in {folder.as_posix()}/stone-market/icons" \
           in said and tempfile.gettempdir() not in said.replace(str(tmp_path), ""), said


def test_a_folder_linked_inside_the_game_is_read_through_by_the_candidates_as_by_check(tmp_path, capsys):
    """icons/ a link to icons-real/ in the game: `check` reads through it, and so do the candidates' checks."""
    folder = copied(tmp_path)
    (folder / "stone-market/icons").rename(folder / "stone-market/icons-real")
    (folder / "stone-market/icons").symlink_to("icons-real", target_is_directory=True)
    assert main(["check", "stone-market", "--content", str(folder)]) == 0, capsys.readouterr().err
    assert generated(folder) == 0, capsys.readouterr().err


def test_a_link_to_a_folder_of_the_game_in_the_decks_place_is_replaced_by_the_deck(tmp_path, capsys):
    folder = copied(tmp_path)
    (folder / "stone-market/exchanges.yaml").unlink()
    (folder / "stone-market/exchanges.yaml").symlink_to("icons", target_is_directory=True)
    assert generated(folder) == 0, capsys.readouterr().err
    assert (folder / "stone-market/exchanges.yaml").is_file() and (folder / "stone-market/icons").is_dir()
