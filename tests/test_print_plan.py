"""The print plan, read back from what a build wrote: its numbers are the PDFs' page counts, the public catalogue's
names nothing private, the host's kit opens with it, and game.yaml's table keys are checked where written."""

from __future__ import annotations

import html
import json
import re
import shlex
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pdfplumber
import pytest
from conftest import LAYOUTS, edit, line_of
from pypdf import PdfReader

from deckpress.publish.manifest import Entry
from deckpress.publish.print_plan import PAPER, Facts, Line, Part, plan
from deckpress.publish.repeated import Repeated, said
from deckpress.words import WORDS

SAY = WORDS["en"]
GAME = "open-secret-exchange"
GAME_YAML = Path("content/pocket-bazaar/game.yaml")
# a file's line on the kit's plan: "Desk cards: <file>, 2 pages, card stock, single-sided: 2 sheets."
ROW = re.compile(r"(?P<file>[a-z0-9-]+\.pdf), (?P<pages>\d+) pages?, (?P<stock>card stock|paper), "
                 r"(?P<sides>single-sided|double-sided): (?P<sheets>\d+) sheets?\.")
KIT_ROW = re.compile(r"(?P<file>[a-z0-9-]+\.pdf), (?P<pages>\d+) pages?, (?:single|double)-sided\.")


class Plans(HTMLParser):
    """The catalogue's plan sections: their text, and each table row's cells after its table's caption."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.plan_text: list[str] = []
        self._depth = 0  # sections deep inside a section of class plan
        self._caption: str | None = None  # the caption being read
        self._table = ""  # the caption of the table being read
        self._row: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "section" and (self._depth or ("class", "plan") in attrs):
            self._depth += 1
        if self._depth and tag == "caption":
            self._caption = ""
        if self._depth and tag == "tr":
            self._row = [self._table]
        if self._row is not None and tag in ("td", "th"):
            self._row.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self._depth:
            self._depth -= 1
        if tag == "caption" and self._caption is not None:
            self._table, self._caption = self._caption.strip(), None
        if tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._depth:
            self.plan_text.append(data)
        if self._caption is not None:
            self._caption += data
        if self._row is not None and len(self._row) > 1:
            self._row[-1] += data.strip()


def plans(index: Path) -> Plans:
    parser = Plans()
    parser.feed(index.read_text(encoding="utf-8"))
    return parser


def manifest(built: Path) -> list[dict]:
    return json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]


def first_page(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return pdf.pages[0].extract_text()


def plan_text(path: Path) -> str:
    """The plan's pages of a host's kit (up to the print check), its lines joined where a file name wrapped."""
    reader = PdfReader(path)
    check = next(reader.get_destination_page_number(o) for o in reader.outline if o.title == SAY["print_check"])
    with pdfplumber.open(path) as pdf:
        text = "\n".join(pdf.pages[i].extract_text() for i in range(check))
    return re.sub(r"-\n", "-", text).replace("\n", " ")


def test_the_catalogues_plan_counts_the_pdfs_pages(built):
    rows = [r for r in plans(built / "index.html").rows if len(r) == 7 and r[2].endswith(".pdf")]
    entries = {e["path"]: e for e in manifest(built)}
    editions = {"Standard edition": "standard", "Large-print edition": "large-print"}
    assert len(rows) >= 40  # every part of every game, edition and paper
    translated = {e["game"] for e in entries.values() if not e.get("language", "en").startswith("en")}
    for caption, _, name, stock, sides, pages, sheets in rows:
        if any(name.startswith(f"{t}-") for t in translated):
            continue  # a translation's plan, in its own words (tests/test_languages_built.py)
        edition = next(e for label, e in editions.items() if f": {label} on " in caption)
        game = next(g for g in {e["game"] for e in entries.values()} if name.startswith(f"{g}-"))
        entry = entries[f"{game}/{edition}/{name}"]
        counted = len(PdfReader(built / entry["path"]).pages)
        assert pages == SAY["catalogue_page" if counted == 1 else "catalogue_pages"].format(pages=counted), name
        assert sides == "single-sided" and sheets.split()[0] == str(counted), name  # single-sided: a page a sheet
        assert stock == ("card stock" if entry.get("cards") is not None or "box" in entry["component"] else "paper")


def test_the_hosts_kit_opens_with_its_plan_whose_numbers_are_the_pdfs(built):
    found = 0
    for kit in sorted((built / GAME).glob(f"*/{GAME}-host-kit-*.pdf")):
        assert first_page(kit).startswith(SAY["plan_heading"].format(game="Open Secret Exchange")), kit.name
        text = plan_text(kit)
        assert "Players: 4–8." in text and "Playing time: about 30–45 minutes." in text
        assert "The host keeps: Answer guide" in text and "The host deals: Desk cards" in text
        assert SAY["plan_files_where"] in text  # the players' files are not in the host's bundle: where they are
        bundle = {p.name: p for p in (built / "host" / GAME).glob("*.pdf")}
        public = {p.name: p for p in (built / "public").rglob("*.pdf")}
        rows = list(ROW.finditer(text)) + list(KIT_ROW.finditer(text))
        assert len(rows) >= 8
        for row in rows:
            pdf = bundle.get(row["file"]) or public[row["file"]]  # named as the host downloads it
            assert int(row["pages"]) == len(PdfReader(pdf).pages), row["file"]
            found += 1
        assert f"{kit.name.replace('-host-kit', '-' + kit.parent.name + '-host-kit')}, " \
               f"{len(PdfReader(kit).pages)} pages" in text  # the kit counts its own plan
    assert found >= 30


def test_the_plans_totals_and_cutting_add_up(built):
    entries = [e for e in manifest(built) if e["game"] == "stone-market" and e["edition"] == "standard"
               and e["paper"] == "a4"]
    parts = [e for e in entries if e["component"] not in ("kit", "host-kit") and "box" not in e["component"]]
    card = sum(e.get("sheets") or e["pages"] for e in parts if e.get("cards") is not None)
    paper = sum(e["pages"] for e in parts if e.get("cards") is None)
    metres = sum(e.get("cut_length_mm") or 0 for e in parts) / 1000
    text = " ".join(plans(built / "index.html").plan_text)
    assert SAY["plan_totals"].format(card=f"{card} sheets", paper=f"{paper} sheets") in text
    assert f", {metres:.1f} m of cut line" in text and "Not counted: Die net." in text
    per = next(e for e in parts if e["component"] == "reference-cards")["per_sheet"]
    # reference cards are one a player: 2 players need one sheet of them, 6 players all of theirs
    score = next(e for e in parts if e["component"] == "score-sheets")
    # score sheets are one a player too, a page each: 2 players need 2 of their 6 pages
    assert score["copies"] == 6 and score["pages"] == 6
    assert SAY["plan_with"].format(players=2, card=f"{card - 2 + 1} sheets", paper=f"{paper - 4} sheets") in text
    assert per == 4 and SAY["plan_with"].format(players=6, card=f"{card} sheets", paper=f"{paper} sheets") in text


def test_the_public_catalogues_plan_names_nothing_private(built):
    secret = [e for e in manifest(built) if e["audience"] != "public"]
    titles = {e["title"] for e in secret if e["component"] not in ("host-kit", "epub", "accessible-html")}
    assert {"Desk cards", "Answer guide"} <= titles
    page = html.unescape((built / "public" / "index.html").read_text(encoding="utf-8"))
    found = plans(built / "public" / "index.html")
    text = " ".join(found.plan_text)
    assert "Players: 4–8." in text and SAY["plan_host_more"] in text  # the plan is there, and says the host has more
    assert [t for t in titles if t in text] == []
    bare = [(e["path"].rsplit("/", 1)[-1], e) for e in secret if e["path"].endswith(".pdf")]
    names = {n for n, e in bare} | {n.replace(f"{e['game']}-", f"{e['game']}-{e['edition']}-", 1) for n, e in bare}
    assert len(names) >= 16 and [n for n in names if n in page] == []
    published = {p.name for p in (built / "public").rglob("*.pdf")}
    files = [r[2] for r in found.rows if len(r) == 7 and r[2].endswith(".pdf")]
    assert len(files) >= 30 and [f for f in files if f not in published] == []  # each names a file it holds
    assert page.count(SAY["kit_incomplete"]) == 4  # the players' kit of each edition and paper says it
    assert page.count(SAY["kit_completes_public"]) == 4


def test_a_kit_that_cannot_be_played_alone_says_so_in_the_full_catalogue(built):
    page = html.unescape((built / "index.html").read_text(encoding="utf-8"))
    assert page.count(SAY["kit_incomplete"]) == 4 and page.count(SAY["kit_completes_tree"]) == 4
    assert "pocket-bazaar" in page and page.count("Not playable alone") == 4  # the complete games say nothing


@pytest.mark.parametrize(("value", "shown"), [("0", "0"), ("[6, 2]", "[6, 2]"), ("four", "'four'"),
                                              ("[2, 4, 6]", "[2, 4, 6]")])
def test_a_bad_players_value_is_a_located_finding(deckpress, value, shown):
    edit(GAME_YAML, "players: [4, 12]", f"players: {value}")
    result = deckpress("check", "pocket-bazaar")
    line = line_of(GAME_YAML, "players: ")
    assert result.status == 1 and "Traceback" not in result.err
    assert result.errors == [f"{GAME_YAML}:{line}:10: error: players must be a whole number 1-99, or the fewest "
                             f"and the most as a list of two such numbers such as [2, 6], got {shown}"]


def test_bad_playing_time_and_supplies_are_located_findings(deckpress):
    edit(GAME_YAML, "playing_time: [20, 30]", "playing_time: 20 minutes")
    edit(GAME_YAML, "supplies: [pens, scissors]", "supplies: [pens, [scissors]]")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1
    assert f"{GAME_YAML}:{line_of(GAME_YAML, 'playing_time:')}:15: error: playing_time must be a whole number " \
           f"1-600, or the fewest and the most as a list of two such numbers such as [2, 6], got '20 minutes'" \
           in result.errors
    assert any(e.startswith(f"{GAME_YAML}:{line_of(GAME_YAML, 'supplies:')}:") for e in result.errors)


def test_a_duplex_builds_plan_counts_both_sides_and_offers_only_the_other_builds(deckpress):
    out = Path("out")
    result = deckpress("build", GAME, "--duplex", "long-edge", "--paper", "a4", "--edition", "standard",
                       "--out", str(out), "--jobs", "1")
    assert result.status == 0, result.err
    kit = out / GAME / "standard" / f"{GAME}-host-kit-a4-duplex-long-edge.pdf"
    text = plan_text(kit)
    assert f".venv/bin/deckpress build {GAME} --fold" in text and f".venv/bin/deckpress build {GAME} --bleed 3" in text
    assert "--duplex" not in text  # this build is the duplex one
    rows = {row["file"]: row for row in ROW.finditer(text)}
    cards = rows[f"{GAME}-standard-desk-cards-a4-duplex-long-edge.pdf"]
    pages = len(PdfReader(out / GAME / "standard" / f"{GAME}-desk-cards-a4-duplex-long-edge.pdf").pages)
    assert cards["sides"] == "double-sided" and int(cards["pages"]) == pages and int(cards["sheets"]) * 2 == pages
    assert f"{kit.name.replace('-host-kit', '-standard-host-kit')}, {len(PdfReader(kit).pages)} pages, " \
           f"double-sided." in text
    slips = rows[f"{GAME}-standard-slips-a4-duplex-long-edge.pdf"]  # no backs: its duplex file is single-sided
    assert slips["sides"] == "single-sided" and slips["pages"] == slips["sheets"]
    apart = {"Ledgers": "ledgers", "Disclosure slips": "slips"}  # handed out one to each desk; cut apart
    reader = PdfReader(kit)
    starts = {o.title: reader.get_destination_page_number(o) for o in reader.outline}
    for title, component in apart.items():
        own = PdfReader(next((out / GAME / "standard").glob(f"{GAME}-{component}-a4*.pdf")))
        for k, page in enumerate(own.pages):  # each page on a front, a blank back behind it
            front = " ".join(reader.pages[starts[title] + 2 * k].extract_text().split())
            back = " ".join(reader.pages[starts[title] + 2 * k + 1].extract_text().split())
            assert " ".join(page.extract_text().split())[:60] in front, (title, k)
            assert SAY["blank_page"] in back and len(back) < 200, (title, k, back)
    guide = starts["Answer guide"]  # the host's own sheet stays double-sided, as the rules do
    assert SAY["blank_page"] not in reader.pages[guide + 1].extract_text()


def test_a_duplex_file_the_same_as_the_single_sided_one_is_not_offered_instead(deckpress):
    """A one-sided part's duplex file is its single-sided file byte for byte: the plan lists that file once."""
    out = Path("out")
    for options in ((), ("--duplex", "long-edge")):
        result = deckpress("build", GAME, *options, "--paper", "a4", "--edition", "standard", "--out", str(out),
                           "--jobs", "1")
        assert result.status == 0, result.err
    folder = out / GAME / "standard"
    assert (folder / f"{GAME}-slips-a4-duplex-long-edge.pdf").read_bytes() == (
        folder / f"{GAME}-slips-a4.pdf").read_bytes()
    for page in (out / "public" / "index.html", out / "index.html"):
        rows = {r[2].replace("-standard-", "-"): r[1] for r in plans(page).rows if len(r) == 7}  # as saved, or
        assert rows[f"{GAME}-slips-a4.pdf"] == "Disclosure slips", page  # published with the edition's name
        assert f"{GAME}-slips-a4-duplex-long-edge.pdf" not in rows, page
    assert rows[f"{GAME}-desk-cards-a4-duplex-long-edge.pdf"] == "Desk cards (instead)"  # another file: offered


def test_after_a_fold_build_the_plan_counts_one_print_set_and_offers_the_other(deckpress):
    out, game = Path("out"), "pocket-bazaar"
    for options in ((), ("--fold",)):
        result = deckpress("build", game, *options, "--paper", "a4", "--edition", "standard", "--out", str(out),
                           "--jobs", "1")
        assert result.status == 0, result.err
    parts = [e for e in manifest(out) if e["edition"] == "standard" and e["path"].endswith(".pdf")
             and "box" not in e["path"] and e["component"] not in ("kit", "host-kit", "calibration")]
    plain = {e["component"]: e for e in parts if not e.get("fold")}
    folded = plain | {e["component"]: e for e in parts if e.get("fold")}
    assert len(parts) > len(plain) == len(folded)  # both builds' files are there

    def totals(files: dict[str, dict]) -> tuple[str, str, str]:
        card = sum(e.get("sheets") or e["pages"] for e in files.values() if e.get("cards") is not None)
        paper = sum(e["pages"] for e in files.values() if e.get("cards") is None)
        metres = sum(e.get("cut_length_mm") or 0 for e in files.values()) / 1000
        return f"{card} sheets", f"{paper} sheets", f"{metres:.1f} m of cut line"

    card, paper, cut = totals(plain)
    assert totals(folded)[0] != card  # the folded lot cards take twice the sheets
    found = plans(out / "public" / "index.html")
    text = " ".join(" ".join(found.plan_text).split())
    assert text.count("In all:") == 1 and SAY["plan_totals"].format(card=card, paper=paper) in text
    assert text.index(cut) < text.index("-fold.pdf files in their place")  # the single-sided set's cutting comes first
    card, paper, cut = totals(folded)
    assert SAY["plan_instead"].format(suffix="-fold", card=card, paper=paper) in text and cut in text
    rows = {r[2]: r for r in found.rows if len(r) == 7 and r[2].endswith(".pdf")}
    lots = rows[f"{game}-standard-lot-cards-a4-fold.pdf"]
    assert lots[1] == "Lot cards (instead)" and "fold along the line, glue the halves, then cut" in lots[4]
    markers = out / game / "standard" / f"{game}-lot-markers-a4"  # no backs: its fold file is the plain one
    assert Path(f"{markers}-fold.pdf").read_bytes() == Path(f"{markers}.pdf").read_bytes()
    assert f"{game}-standard-lot-markers-a4-fold.pdf" not in rows and f"{game}-standard-lot-markers-a4.pdf" in rows
    assert rows[f"{game}-standard-lot-cards-a4.pdf"][1] == "Lot cards"


def test_the_catalogue_and_the_hosts_pages_say_what_a_host_can_act_on(deckpress, tmp_path):
    out = Path("out")
    result = deckpress("build", GAME, "--paper", "a4", "--edition", "standard", "--out", str(out), "--jobs", "1")
    assert result.status == 0, result.err
    page = html.unescape((out / "index.html").read_text(encoding="utf-8"))
    commands = re.findall(r"<code>([^<]*build[^<]*)</code>", page)
    assert len(commands) == 3 and all(c.startswith(f".venv/bin/deckpress build {GAME} --") for c in commands)
    assert ".venv/bin/deckpress build" in (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    # the desk cards' label: their own handling (one to each desk), not the press's "one to each player"
    desk = re.search(r"Desk cards<span.*?<strong>(.*?)</strong>", page)
    assert desk and "one to each desk" in desk[1] and "one to each player" not in desk[1]
    # the full catalogue's flat-folder step works on a flat folder: a file and its .sha256 from public/
    assert "sha256sum -c *.sha256" in page
    flat = tmp_path / "downloads"
    flat.mkdir()
    for name in (f"{GAME}-standard-kit-a4.pdf", f"{GAME}-standard-slips-a4.pdf"):
        found = next((out / "public").rglob(name))
        for path in (found, found.with_name(name + ".sha256")):
            (flat / path.name).write_bytes(path.read_bytes())
    checked = subprocess.run(["sh", "-c", "sha256sum -c *.sha256"], cwd=flat, capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stdout.count(": OK") == 2, checked
    # the host's kit's plan: the players' kit it offers says it cannot be played alone
    text = plan_text(out / GAME / "standard" / f"{GAME}-host-kit-a4.pdf")
    players_kit = text.index(f"{GAME}-standard-kit-a4.pdf")
    assert text.index(" ".join(SAY["plan_kit_incomplete"].split())) > players_kit
    # the host's bundle lists its private pages by title, web pages then braille
    bundle = (out / "host" / GAME / "index.html").read_text(encoding="utf-8")
    titles = [html.unescape(t) for t in re.findall(rf'<a href="{GAME}-[0-9a-f]{{24}}\.(?:html|brf)">([^<]*)', bundle)]
    web, braille = [t for t in titles if not t.endswith("(BRF)")], [t for t in titles if t.endswith("(BRF)")]
    assert len(web) == len(braille) == 9 and titles == web + braille
    desks = [int(n) for n in re.findall(r"desk card (\d+),", " ".join(web))]
    assert desks == list(range(1, 9)) and web == sorted(web) and braille == sorted(braille)


@pytest.mark.parametrize(("key", "span"), [
    ("players", [2, 10_000_000]), ("players", [0, 4]), ("players", [6, 2]), ("players", [2, 100]),
    ("minutes", [30, 601]), ("minutes", [45, 30]), ("minutes", [-5, 30]), ("players", [True, 4]),
])
def test_a_recorded_span_game_yaml_would_not_allow_leaves_the_recorded_facts_unused(key, span):
    """The build state is untrusted: a span past game.yaml's bounds, or reversed, is a lie (the plan would write
    a line for every player count), so the recorded facts are dropped as mistyped ones are."""
    recorded = {"players": [2, 6], "minutes": [30, 45], "supplies": ["pens"],
                "parts": [["desk", "Desk", "card", "public", "", False, False]]}
    assert Facts.from_json(recorded).players == (2, 6)
    assert Facts.from_json({**recorded, "players": [1, 99], "minutes": [1, 600]}).minutes == (1, 600)
    assert Facts.from_json({**recorded, key: span}) == Facts()


@pytest.mark.parametrize(("duplex", "two", "six"), [(None, 2, 6), ("long-edge", 1, 3)])
def test_a_sheet_one_a_player_is_printed_only_for_the_players_at_the_table(duplex, two, six):
    entry = Entry("g/standard/g-score-a4.pdf", "g", "G", "score", "Score sheets", "standard", "a4", 6,
                  duplex=duplex, copies=6)
    part = Part("score", "Score sheets", PAPER, "public", per_player=True)
    made = plan(Facts(players=(2, 6), parts=(part,)), [entry])
    assert made.scales and [made.sheets(PAPER, n) for n in (2, 6)] == [two, six]
    assert Line(entry, part).sheets_for(9) == (5 if duplex else 9)  # more play than it holds: printed again
    assert Line(entry, Part("score", "Score sheets", PAPER, "public")).sheets_for(2) == six  # the table's: all
    mat = Entry("g/standard/g-mat-a4.pdf", "g", "G", "mat", "Player mat", "standard", "a4", 1, copies=1)
    mats = Part("mat", "Player mat", PAPER, "public", per_player=True)  # one player's page, no `copies:`: once each
    assert [plan(Facts(players=(2, 4), parts=(mats,)), [mat]).sheets(PAPER, n) for n in (2, 4)] == [2, 4]


BUILDS = ("--duplex long-edge", "--fold", "--bleed 3")  # the builds a plain build's plan offers


def commands(page: Path) -> list[str]:
    """The commands a catalogue page offers, as a shell reads them."""
    return [html.unescape(c) for c in re.findall(r"<code>(\.venv/bin/deckpress build [^<]*)</code>",
                                                 page.read_text(encoding="utf-8"))]


def test_the_plans_commands_repeat_the_options_of_the_build_that_made_it(deckpress):
    """A host's build of one edition and paper into an out folder of their own: every command its plan offers
    builds the same edition and paper into that folder (it built both papers of every edition into build/, whose
    catalogue the host does not publish); the public catalogue says where the build put them as DIR."""
    out = Path("my prints")  # typed as a relative path, with a space: quoted for a shell
    result = deckpress("build", GAME, "--paper", "a4", "--edition", "standard", "--out", str(out), "--jobs", "1")
    assert result.status == 0, result.err
    # the fixture's --layouts is an absolute folder outside the one the build runs in: DIR
    again = "--edition standard --paper a4 --layouts DIR --out 'my prints'"
    offered = commands(out / "index.html")
    assert offered == [f".venv/bin/deckpress build {GAME} {b} {again}" for b in BUILDS]
    assert commands(out / "public" / "index.html") == [
        f".venv/bin/deckpress build {GAME} {b} --edition standard --paper a4 --layouts DIR --out DIR" for b in BUILDS]
    text = " ".join(plan_text(out / GAME / "standard" / f"{GAME}-host-kit-a4.pdf").split())
    assert [c for c in offered if c not in text] == []  # the host's kit offers the same
    # run as shown (DIR the layouts folder it stands for), the folded build lands beside the first: its catalogue
    # offers the folded files
    folded = [str(LAYOUTS) if w == "DIR" else w for w in shlex.split(offered[1])[1:]]
    result = deckpress(*folded, "--jobs", "1", layouts=())
    assert result.status == 0, result.err
    rows = {r[2]: r[1] for r in plans(out / "index.html").rows if len(r) == 7}
    assert rows[f"{GAME}-desk-cards-a4-fold.pdf"] == "Desk cards (instead)" and not Path("build").exists()
    assert commands(out / "index.html") == [offered[0], offered[2]]  # the folded build is made: not offered


def test_no_page_names_a_folder_of_the_computer_that_built_it(deckpress, tmp_path_factory):
    """An out folder outside the checkout, given as an absolute path (`--out /home/name/prints`), is DIR on every
    page, the host's too: nothing an out folder holds, public/ least of all, names a folder of the machine."""
    elsewhere = tmp_path_factory.mktemp("home") / "prints"
    Path("content").rename("games")
    result = deckpress("build", GAME, "--content", "games", "--paper", "letter", "--edition", "standard",
                       "--out", str(elsewhere), "--jobs", "1")
    assert result.status == 0, result.err
    again = "--edition standard --paper letter --content games --layouts DIR --out DIR"
    assert commands(elsewhere / "index.html") == [f".venv/bin/deckpress build {GAME} {b} {again}" for b in BUILDS]
    public = commands(elsewhere / "public" / "index.html")
    assert public == [c.replace("--content games", "--content DIR") for c in commands(elsewhere / "index.html")]
    kit = " ".join(plan_text(elsewhere / GAME / "standard" / f"{GAME}-host-kit-letter.pdf").split())
    assert f"--duplex long-edge {again}" in kit
    machine = {str(p) for p in (elsewhere, elsewhere.resolve(), Path.cwd(), Path.cwd().resolve(), LAYOUTS)}
    named = [(p, m) for p in elsewhere.rglob("*") if p.is_file() for m in machine if m.encode() in p.read_bytes()]
    assert named == []


@pytest.mark.parametrize("typed", ["../../home/name/prints", "../prints", "sub/../../prints"])
def test_a_relative_folder_climbing_out_of_the_checkout_is_dir_as_its_absolute_path_is(typed):
    """`--out ../../home/name/prints` names the folders `--out /home/name/prints` does: the host's kit, in the out
    folder, printed them (and its bytes differed with how the same folder was typed)."""
    assert said(Path(typed)) == said(Path(typed).resolve()) == "DIR"
    assert Repeated(content=said(Path(typed))).words(Path(typed), public=False) == "--content DIR --out DIR"
    assert said(Path("sub/../prints")) == "sub/../prints"  # stays inside: as typed


@pytest.mark.parametrize(("repeated", "public", "host"), [
    (Repeated(), "", ""),  # the defaults: the plan reads as it always did
    (Repeated(layouts=("my layouts", "DIR"), bold=True, high_contrast="#ffff00-on-#000000"),
     "--layouts DIR --layouts DIR --bold --high-contrast '#ffff00-on-#000000'",
     "--layouts 'my layouts' --layouts DIR --bold --high-contrast '#ffff00-on-#000000'"),
])
def test_the_repeated_options_are_quoted_for_a_shell_and_public_words_name_no_folder(repeated, public, host):
    assert repeated.words(Path("build"), public=True) == public
    assert repeated.words(Path("build"), public=False) == host
    assert Repeated.from_json(repeated.as_json()) == repeated


def test_after_builds_of_two_editions_into_one_folder_the_catalogues_commands_name_neither():
    """The catalogue lists the files of both: its commands make the other builds of both."""
    large = Repeated(edition="large-print", paper="a4", bold=True)
    assert large.over(Repeated(edition="standard", paper="a4")) == Repeated(paper="a4", bold=True)
    assert large.over(Repeated(edition="large-print", paper="letter")) == Repeated(edition="large-print", bold=True)
    assert large.over(large) == large.over(None) == large


@pytest.mark.parametrize("recorded", [
    {"content": "/home/name/games", "layouts": [], "bold": False},  # an absolute folder: no build records one
    {"content": "content", "layouts": "layouts", "bold": False}, {"content": "content", "layouts": [], "bold": 1},
    {"content": "content", "layouts": [], "bold": False, "paper": 4}, [],
    {"content": "../../home/name/games", "layouts": [], "bold": False},  # climbs out: no build records one
    {"content": "content", "layouts": [], "bold": False, "paper": "a4\n<b>"},  # no paper a build takes
    {"content": "content", "layouts": [], "bold": False, "edition": "Large Print; rm"},
    {"content": "content", "layouts": [], "bold": False, "high_contrast": "x'y"},
])
def test_options_a_build_state_records_that_no_build_would_are_not_repeated(recorded):
    assert Repeated.from_json(recorded) is None
