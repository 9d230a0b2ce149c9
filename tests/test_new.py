"""`deckpress new GAME`: a small working game that checks and builds at once, with its layouts in its own folder:
colour, icons of its own, a back layout, both editions."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import LAYOUTS
from pypdf import PdfReader

from deckpress.cli import main

SUN_GOLD = pytest.approx((0.478431, 0.258824, 0.0))  # #7a4200, as the PDF has it


def run(capsys, *args: str) -> tuple[int, list[str]]:
    capsys.readouterr()
    status = main(list(args))
    return status, capsys.readouterr().err.splitlines()


@pytest.fixture
def checkout(monkeypatch, tmp_path) -> Path:
    """A folder like a clean checkout: the shared layouts/, and no content/ yet."""
    shutil.copytree(LAYOUTS, tmp_path / "layouts")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_new_game_checks_and_builds_with_no_finding(capsys, checkout):
    assert run(capsys, "new", "x") == (0, ["deckpress: wrote content/x (11 files); build it with: deckpress build x"])
    assert sorted(p.relative_to("content/x").as_posix() for p in Path("content/x").rglob("*.*")) == [
        "cards.yaml", "game.yaml", "icons/moon.svg", "icons/star.svg", "icons/sun.svg",
        "layouts/large-print/card-back.yaml", "layouts/large-print/card.yaml", "layouts/standard/card-back.yaml",
        "layouts/standard/card.yaml", "rules.yaml", "sheets.yaml"]
    assert run(capsys, "check", "x") == (0, ["deckpress: x: valid"])  # its own layouts, found with no --layouts
    assert run(capsys, "build", "x", "--jobs", "1") == (0, ["deckpress: x: built into build"])
    for edition, per_page in (("standard", 9), ("large-print", 4)):
        with pdfplumber.open(f"build/x/{edition}/x-cards-a4.pdf") as pdf:
            assert len(pdf.pages) == -(-12 // per_page)  # three suits of four ranks
            text = pdf.pages[0].extract_text()
        assert "Suns" in text and "One of Suns" in text and "Two of Suns" in text
    with pdfplumber.open("build/x/standard/x-rules-a4.pdf") as pdf:
        assert "X" in pdf.pages[0].extract_text() and "Highest rank takes the trick" in pdf.pages[0].extract_text()
    with pdfplumber.open("build/x/standard/x-score-sheet-a4.pdf") as pdf:
        assert "X score sheet" in pdf.pages[0].extract_text() and "Player 2" in pdf.pages[0].extract_text()


def test_the_new_game_is_in_colour_with_its_own_icons_and_a_back(capsys, checkout):
    assert run(capsys, "new", "x")[0] == 0
    assert run(capsys, "build", "x", "--jobs", "1", "--paper", "a4", "--duplex", "long-edge")[0] == 0  # no finding:
    for edition in ("standard", "large-print"):  # every text passes the edition's contrast minimum
        pdf = f"build/x/{edition}/x-cards-a4-duplex-long-edge.pdf"
        reader = PdfReader(pdf)
        front, back = (page.get_contents().get_data().decode("latin-1") for page in reader.pages[:2])
        assert re.search(r"1 1 1 rg\nBT [^\n]*\(Suns\) Tj", front)  # white on the band
        forms = {str(k): v.get_object() for k, v in reader.pages[0]["/Resources"]["/XObject"].items()}
        (sun,) = [form for name, form in forms.items() if name.startswith("/FormXob.icon-sun-")]
        assert "7a4200" in next(n for n in forms if "icon-sun-" in n)  # currentColor took the element's colour
        assert b" c\n" in sun.get_data() and "/XObject" not in sun.get("/Resources", {})  # vectors, no image
        assert ".121569 .164706 .266667 rg" in back  # the back layout's background, night
        with pdfplumber.open(pdf) as doc:
            bands = [r for r in doc.pages[0].rects if r["fill"] and r["non_stroking_color"] == SUN_GOLD]
            assert len(bands) == 4  # the four Suns' bands, in sun-gold
            lines = [line["text"] for line in doc.pages[1].extract_text_lines()]
            slug = [line for line in lines if " · " in line or re.fullmatch(r"[0-9a-f]{7}", line)]  # the slug, whole
            assert " ".join(slug).startswith("X · ") and "page 2 of" in " ".join(slug), lines
            assert " ".join(line for line in lines if line not in slug).split() == ["X"] * (9 if edition == "standard"
                                                                                           else 4)
            assert {c["text"] for c in doc.pages[0].chars if c["matrix"][:4] == (-1, 0, 0, -1)} >= {"1", "2"}
    with pdfplumber.open("build/x/standard/x-rules-a4.pdf") as doc:
        assert "Suns sun, Moons moon and Stars star." in doc.pages[0].extract_text().replace("\n", " ")


def test_the_title_is_made_from_the_name(capsys, checkout):
    assert run(capsys, "new", "harbour-lights-2")[0] == 0
    game = Path("content/harbour-lights-2/game.yaml").read_text(encoding="utf-8")
    assert 'title: "Harbour Lights 2"' in game and "deckpress build harbour-lights-2" in game
    back = Path("content/harbour-lights-2/layouts/standard/card-back.yaml").read_text(encoding="utf-8")
    assert 'text: "Harbour Lights 2"' in back
    assert run(capsys, "check", "harbour-lights-2")[0] == 0


def test_an_existing_folder_is_refused_and_left_alone(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "content" / "x").mkdir(parents=True)
    (tmp_path / "content" / "x" / "notes.txt").write_text("mine", encoding="utf-8")
    assert run(capsys, "new", "x") == (2, ["deckpress: error: content/x already exists: choose another name or "
                                           "remove it"])
    assert [p.name for p in (tmp_path / "content" / "x").iterdir()] == ["notes.txt"]


def test_a_link_leading_nowhere_in_the_games_place_is_refused_and_left_alone(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "x").symlink_to(tmp_path / "nowhere")
    assert run(capsys, "new", "x") == (2, ["deckpress: error: content/x already exists: choose another name or "
                                           "remove it"])
    assert (tmp_path / "content" / "x").is_symlink() and not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("made", ["a file", "a FIFO", "a link to itself", "a link leading nowhere"])
def test_a_content_folder_that_is_no_folder_is_refused_and_nothing_written(capsys, monkeypatch, tmp_path, made):
    monkeypatch.chdir(tmp_path)
    content = Path("content")
    {"a file": lambda: content.write_text("x\n"), "a FIFO": lambda: os.mkfifo(content),
     "a link to itself": lambda: content.symlink_to("content"),
     "a link leading nowhere": lambda: content.symlink_to("nowhere/a")}[made]()
    assert main(["new", "newg"]) == 2
    assert capsys.readouterr().err == "deckpress: error: cannot make a game in content: content is not a folder\n"
    assert [p.name for p in tmp_path.iterdir()] == ["content"]


def test_a_game_too_deep_for_the_file_system_is_refused_and_what_was_made_goes(capsys, monkeypatch, tmp_path):
    """The content folder's path is one the file system takes, the game's files' paths are not: refused as it
    writes, and the folders it made go again."""
    monkeypatch.chdir(tmp_path)
    content = "/".join(["d" * 200] * 20 + ["e" * 60])  # 4,080 bytes: the game's files would be past 4,095
    assert main(["new", "newg", "--content", content]) == 2
    said = capsys.readouterr().err
    assert said.startswith(f"deckpress: error: cannot write {content}/newg: File name too long"), said[-300:]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["My-Game", "my_game", "x.y", "x-", "a--b", "../x", "", "x y", "thumbnails",
                                  "public", "host", "a" * 65, "x\x1b[2J"])
def test_a_name_not_of_lowercase_letters_digits_and_hyphens_is_refused(capsys, monkeypatch, tmp_path, name):
    monkeypatch.chdir(tmp_path)
    shown = repr(name)  # a control character as its escape
    assert run(capsys, "new", name) == (2, [f"deckpress: error: a game's name is lowercase letters, digits and "
                                            f"hyphens, at most 64 characters, and not host, public, thumbnails, "
                                            f"got {shown}"])
    assert not (tmp_path / "content").exists()


def test_a_very_long_name_is_refused_in_one_short_line(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    status, said = run(capsys, "new", "a" * 300)
    assert status == 2 and said == [f"deckpress: error: a game's name is lowercase letters, digits and hyphens, at "
                                    f"most 64 characters, and not host, public, thumbnails, got {'a' * 80!r}..."]
    assert not (tmp_path / "content").exists()


def test_a_cell_writing_an_icon_the_new_game_lacks_is_said_at_its_cell_and_nothing_written(capsys, checkout):
    """`:sun:` in a cell: the starter's sun is left out of a spreadsheet's game, so its first build refused the card
    in each edition; `new` says it where it was written, as it says a character the font lacks."""
    Path("tiles.csv").write_text("name,text\nSunrise,Score :sun: twice\nDusk,:moon: and :sun: and :stra:\n"
                                 "Noon,Score :star: on :dots:\n", encoding="utf-8")
    assert run(capsys, "new", "cardgame", "--cards", "tiles.csv") == (1, [
        "tiles.csv:2:2: error: cell B2: text writes ':sun:', an icon the new game does not have (it has checks, "
        "dots, star, stripes): its first build would refuse the card; write it another way, and draw the icon once "
        "the game is made",
        "tiles.csv:3:2: error: cell B3: text writes ':moon:', ':sun:', ':stra:', icons the new game does not have (it "
        "has checks, dots, star, stripes): its first build would refuse the card; write them another way, and draw "
        "the icons once the game is made", "deckpress: 2 errors; nothing was written"])
    assert not Path("content").exists()
    Path("tiles.csv").write_text("name,text\nNoon,Score :star: on :dots:\n", encoding="utf-8")  # the game's, the
    assert run(capsys, "new", "cardgame", "--cards", "tiles.csv")[0] == 0  # layout folder's: as its build finds them
    assert run(capsys, "check", "cardgame") == (0, ["deckpress: cardgame: valid"])


def test_a_list_or_map_cell_its_first_check_refuses_is_said_at_its_cell_as_the_check_says_it(capsys, checkout):
    """`[:star:, b]` is a list cell YAML cannot read: `new` wrote the game and its first check refused the cell;
    each cell is now read as the game's loader reads it, and said in its words."""
    Path("tiles.csv").write_text('name,perks,costs\nDawn,plain,"{coins: \'2\'}"\nDusk,"[:star:, b]",gems: 1\n'
                                 'Noon,"[1, [2]]",plain\n', encoding="utf-8")
    assert run(capsys, "new", "cardgame", "--cards", "tiles.csv") == (1, [
        "tiles.csv:3:2: error: cell B3: YAML syntax: found unexpected ':'",
        "tiles.csv:4:2: error: cell B4: perks must be non-empty text, got 1",
        "tiles.csv:4:2: error: cell B4: perks must be non-empty text, got a list",
        "tiles.csv:4:3: error: cell C4: 'plain' is not 'name: value' (a map's entries are separated by ';')",
        "deckpress: 4 errors; nothing was written"])
    assert not Path("content").exists()
    Path("tiles.csv").write_text('name,perks,costs\nDawn,plain,"{coins: \'2\'}"\nDusk,"[\':star:\', b]",gems: 1\n'
                                 'Noon,"Draw 1; Swap",gems: 2\n', encoding="utf-8")
    assert run(capsys, "new", "cardgame", "--cards", "tiles.csv")[0] == 0
    assert run(capsys, "check", "cardgame") == (0, ["deckpress: cardgame: valid"])


def test_an_icon_a_cell_writes_as_a_template_is_said_as_a_written_one_is(capsys, checkout):
    """`{{ icon('sun') }}` prints `:sun:`: `new` took the cell for a map (it begins with `{`), and its first check
    refused it; a template's icon named as written is now checked as `:sun:` is, without rendering the cell."""
    Path("tiles.csv").write_text("name,text\nSunrise,\"{{ icon('sun') }} twice\"\nDusk,{{ icon('star') }}\n",
                                 encoding="utf-8")
    assert run(capsys, "new", "cardgame", "--cards", "tiles.csv") == (1, [
        "tiles.csv:2:2: error: cell B2: text writes icon('sun'), an icon the new game does not have (it has checks, "
        "dots, star, stripes): its first build would refuse the card; write it another way, and draw the icon once "
        "the game is made", "deckpress: 1 error; nothing was written"])
    assert not Path("content").exists()
    Path("tiles.csv").write_text("name,text\nSunrise,\"{{ icon('dots') }} twice\"\nDusk,{{ icon('star') }}\n",
                                 encoding="utf-8")
    assert run(capsys, "new", "cardgame", "--cards", "tiles.csv")[0] == 0
    assert 'text: {type: text}' in Path("content/cardgame/game.yaml").read_text(encoding="utf-8")
    assert run(capsys, "check", "cardgame") == (0, ["deckpress: cardgame: valid"])


def test_a_cell_reading_a_name_the_new_game_lacks_is_said_at_its_cell_as_the_check_says_it(capsys, checkout):
    """`Score {{ nope }}` in a text cell: `new` wrote the game and its first check refused the cell (`no parameter
    'nope'`); each name a template cell reads is now looked for among what the new game's text sees, its parameters
    and the press's globals, without rendering the cell. A card's text is rendered over the parameters alone: a
    card's own fields, and `card`, are the layouts'."""
    Path("tiles.csv").write_text("name,text,suit\nDawn,Score {{ nope }},sun\nDusk,{{ icon(name) }} and {{ nope }},"
                                 "sun\nNoon,{{ player }} or {{ suit_value | join }},moon\nDark,{{ card.suit }},moon\n"
                                 "Dew,{{ 2 | wordz }} {{ nope }},sun\nFog,{{ nope | default('') }}fog,moon\n"
                                 "Mist,{% for x in suit_values %}x,sun\n",  # a block left open: no template at all
                                 encoding="utf-8")
    assert run(capsys, "new", "cardgame", "--cards", "tiles.csv") == (1, [
        "tiles.csv:2:2: error: cell B2: no parameter 'nope'",
        "tiles.csv:3:2: error: cell B3: no parameter 'name'",
        "tiles.csv:3:2: error: cell B3: no parameter 'nope'",
        "tiles.csv:4:2: error: cell B4: no parameter 'player'; did you mean 'players'?",
        "tiles.csv:4:2: error: cell B4: no parameter 'suit_value'; did you mean 'suit_values'?",
        "tiles.csv:5:2: error: cell B5: no parameter 'card'",
        "tiles.csv:6:2: error: cell B6: no filter 'wordz'; did you mean 'words' or 'wordwrap'?",
        "tiles.csv:8:2: error: cell B8: template syntax: Unexpected end of template. Jinja was looking for the "
        "following tags: 'endfor' or 'else'. The innermost block that needs to be closed is 'for'.",
        "deckpress: 8 errors; nothing was written"])
    assert not Path("content").exists()
    Path("tiles.csv").write_text(
        "name,text,suit\nDawn,Score {{ players }},sun\nDusk,\"{{ icon('star') }} {{ suit_values | join(', ') }}\",sun\n"
        "Noon,{% for n in range(2) %}{{ n | words }}{% endfor %},moon\nDark,{{ nope | default('dark') }},moon\n",
        encoding="utf-8")
    assert run(capsys, "new", "cardgame", "--cards", "tiles.csv")[0] == 0
    assert "suit: {type: choice, from: suit_values}" in Path("content/cardgame/game.yaml").read_text(encoding="utf-8")
    assert run(capsys, "check", "cardgame") == (0, ["deckpress: cardgame: valid"])
