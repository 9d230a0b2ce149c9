"""Card files kept as spreadsheets (CSV, .xlsx, .ods): the same cards as their YAML twin, every value checked as
in YAML and every finding at its row and column, naming the cell; formulas read as their saved values; every file
bounded, however it is made."""

from __future__ import annotations

import csv
import dataclasses
import io
import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
import yaml
from conftest import CONTENT, LAYOUTS
from pypdf import PdfReader
from test_bounds import capped  # noqa: F401  (a fixture: the memory a bomb may not exceed)
from watchfiles import Change

from deckpress.cli import main
from deckpress.export.safe_csv import csv_bytes, safe_cell
from deckpress.findings import CellLoc, Findings, Loc, column_letters
from deckpress.layout.plan import lay_out_component
from deckpress.load import expand_sheets, load_edition, load_game
from deckpress.load.fields import read_cells
from deckpress.load.sources import Node
from deckpress.load.spreadsheets.cards import UNCACHED_WORDS
from deckpress.load.spreadsheets.cells import cell_node
from deckpress.templating import Templates
from deckpress.watch import Sources

SHOWN = "content/pocket-bazaar"
COLUMNS = ["collection", "points", "flavour", "reminder"]
ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')


def lots() -> list[list[object]]:
    """Pocket Bazaar's lots as a sheet: the header, then one row a card, its defaults written out."""
    data = yaml.safe_load((CONTENT / "pocket-bazaar" / "lots.yaml").read_text(encoding="utf-8"))
    return [COLUMNS, *([card.get(k, data["defaults"].get(k)) for k in COLUMNS] for card in data["cards"])]


def write_csv(path: Path, rows: list[list[object]], bom: bool = False, delimiter: str = ",") -> None:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    path.write_text(("\ufeff" if bom else "") + out.getvalue(), encoding="utf-8", newline="")


def write_xlsx(path: Path, rows: list[list[object]], sheet: str = "Lots") -> None:
    workbook = openpyxl.Workbook()
    workbook.active.title = "Notes"  # the deck's sheet is not the first: `sheet` picks it
    workbook.active.append(["These are not cards"])
    lots_sheet = workbook.create_sheet(sheet)
    for row in rows:
        lots_sheet.append(row)
    workbook.save(path)


def ods_cell(value: object) -> str:
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, str) and value.startswith("="):  # a formula; `=...|4` saved with the value 4
        formula, _, saved = value.partition("|")
        shown = f' office:value-type="float" office:value="{saved}"><text:p>{saved}</text:p' if saved else ""
        return f'<table:table-cell table:formula="of:{formula}"{shown or "/"}>' + (
            "</table:table-cell>" if saved else "")
    if isinstance(value, (int, float)):
        return f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p>' \
               f'</table:table-cell>'
    text = str(value).replace("&", "&amp;").replace("<", "&lt;")
    return f'<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>'


def write_ods(path: Path, rows: list[list[object]], sheet: str = "Lots", tail: str = "") -> None:
    """An OpenDocument spreadsheet as LibreOffice writes one, down to the empty rows repeated to the sheet's end."""
    body = "".join("<table:table-row>" + "".join(map(ods_cell, row)) + "</table:table-row>" for row in rows)
    tail = tail or ('<table:table-row table:number-rows-repeated="1048550">'
                    '<table:table-cell table:number-columns-repeated="1024"/></table:table-row>')
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODS_NS} office:version="1.3">'
               f'<office:body><office:spreadsheet><table:table table:name="Notes"><table:table-row>'
               f'{ods_cell("These are not cards")}</table:table-row></table:table><table:table table:name="{sheet}">'
               f'{body}{tail}</table:table></office:spreadsheet></office:body></office:document-content>')
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
        archive.writestr("META-INF/manifest.xml", '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                         'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry '
                         'manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                         '</manifest:manifest>', zipfile.ZIP_DEFLATED)


WRITERS = {"csv": write_csv, "xlsx": write_xlsx, "ods": write_ods}


def game_with(tmp_path: Path, kind: str, rows: list[list[object]] | None = None, **keys: str) -> Path:
    """Pocket Bazaar with its lots in `lots.<kind>` (the sheet Lots of a workbook), written from `rows`."""
    game = tmp_path / "content" / "pocket-bazaar"
    if not game.exists():
        shutil.copytree(CONTENT / "pocket-bazaar", game)
    WRITERS[kind](game / f"lots.{kind}", lots() if rows is None else rows)
    sheet = "\n    sheet: Lots" if kind != "csv" else ""
    extra = "".join(f"\n    {k}: {v}" for k, v in keys.items())
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("file: lots.yaml", f"file: lots.{kind}{sheet}{extra}"),
                                    encoding="utf-8")
    return game


def load(game: Path):
    findings, templates = Findings(), Templates()
    loaded = load_game(game, SHOWN, findings, templates)
    if loaded is not None:
        expand_sheets(loaded, findings, templates)
    return loaded, findings, templates


def errors(game: Path) -> list[str]:
    return [str(f) for f in load(game)[1]]


def drawing_log(game: Path, edition: str) -> list[str]:
    """Every drawing op of the lot cards (fronts and backs) on A4, as text."""
    loaded, findings, templates = load(game)
    layouts = load_edition([game / "layouts", LAYOUTS], edition,
                           {c.layout for c in loaded.components} | {"lot-back"}, findings)
    component = next(c for c in loaded.components if c.id == "lot-cards")
    doc = lay_out_component(loaded, component, layouts, "a4", templates, findings)
    assert list(findings) == []
    return [f"{type(op).__name__}{dataclasses.astuple(op)}".replace(str(game), "GAME") for page in doc.pages
            for op in page.ops]


# --- the same cards as YAML --------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
def test_a_spreadsheet_twin_of_the_lots_holds_the_same_cards(tmp_path, kind):
    yaml_game, *_ = load(CONTENT / "pocket-bazaar")
    sheet_game, findings, _ = load(game_with(tmp_path, kind))
    assert list(findings) == []
    ours, theirs = sheet_game.decks["lots"].cards, yaml_game.decks["lots"].cards
    assert [(c.index, c.label, c.values, c.copies, c.valid) for c in ours] == [
        (c.index, c.label, c.values, c.copies, c.valid) for c in theirs]
    assert ours[6].locs["points"] == CellLoc(f"{SHOWN}/lots.{kind}", 8, 2)  # the seventh card: row 8, column B


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
def test_a_spreadsheet_twin_lays_out_the_same_drawing(tmp_path, kind):
    for edition in ("standard", "large-print"):
        ours, theirs = drawing_log(game_with(tmp_path / edition, kind), edition), drawing_log(CONTENT / "pocket-bazaar",
                                                                                               edition)
        assert len(ours) > 300 and any("Teacups" in op for op in ours) and ours == theirs


def test_a_spreadsheet_twin_prints_the_same_pdfs_but_for_the_sources_hash(tmp_path, monkeypatch, capsys):
    game_with(tmp_path / "sheet", "xlsx")
    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "yaml" / "content" / "pocket-bazaar")
    pages = {}
    for twin in ("yaml", "sheet"):
        monkeypatch.chdir(tmp_path / twin)
        english = Path("content/pocket-bazaar/game.yaml")  # in English only: the German PO translates lots.yaml
        english.write_text(re.sub(r"^languages: .*$", "language: en-GB", english.read_text(encoding="utf-8"),
                                  flags=re.M), encoding="utf-8")
        assert main(["build", "pocket-bazaar", "--edition", "standard", "--paper", "a4", "--jobs", "1",
                     "--layouts", str(LAYOUTS)]) == 0, capsys.readouterr().err
        reader = PdfReader("build/pocket-bazaar/standard/pocket-bazaar-lot-cards-a4.pdf")
        pages[twin] = [(page.extract_text(), page.get_contents().get_data()) for page in reader.pages]
    hashes = {t: {m for text, _ in p for m in re.findall(r"\b[0-9a-f]{7}\b", text)} for t, p in pages.items()}
    assert len(hashes["yaml"]) == len(hashes["sheet"]) == 1 and hashes["yaml"] != hashes["sheet"]
    (ours,), (theirs,) = hashes["sheet"], hashes["yaml"]
    assert len(pages["sheet"]) == len(pages["yaml"]) == 3
    for (text, ops), (yaml_text, yaml_ops) in zip(pages["sheet"], pages["yaml"], strict=True):
        assert text.replace(ours, theirs) == yaml_text
        assert aside(ops, ours) == aside(yaml_ops, theirs) and len(aside(ops, ours)) > 5_000


def aside(ops: bytes, mark: str) -> bytes:
    """A page's drawing without its slug line, the one op that holds the sources' hash (centred, so placed by it)."""
    (slug,) = [line for line in ops.split(b"\n") if mark.encode() in line]
    return ops.replace(slug, b"")


def test_a_csv_with_a_byte_order_mark_or_semicolons_reads_the_same(tmp_path):
    game = game_with(tmp_path, "csv")
    for bom, delimiter in ((True, ","), (False, ";"), (True, "\t")):
        write_csv(game / "lots.csv", lots(), bom=bom, delimiter=delimiter)
        loaded, findings, _ = load(game)
        assert list(findings) == [] and loaded.decks["lots"].cards[0].values["collection"] == "Lanterns"


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_a_number_past_a_sheets_whole_numbers_is_said_and_printed_as_the_sheet_shows_it(tmp_path, kind):
    """A cell typed 1E+30 was read as the whole number 1000000000000000019884624838656 (a double's nearest), said
    so in a finding and printed so in a text; 2**53, the last a double holds exactly, is still a whole number."""
    rows = lots()
    rows[6][1] = 1e30
    rows[7][1] = 2**53
    rows[8][2] = 1e30
    found = errors(game_with(tmp_path, kind, rows))
    assert found[:2] == [f"{SHOWN}/lots.{kind}:7:2: error: cell B7: points must be a whole number, got 1e+30",
                         f"{SHOWN}/lots.{kind}:8:2: error: cell B8: points must be 1-6, got 9007199254740992"]
    game = load_game(tmp_path / "content" / "pocket-bazaar", SHOWN, Findings(), Templates())
    assert game.decks["lots"].cards[7].values["flavour"] == "1e+30"


# --- findings at the cell ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
def test_a_value_is_checked_as_in_yaml_and_found_at_its_cell(tmp_path, kind):
    rows = lots()
    rows[6][1] = 7  # row 7, column B
    rows[3][0] = "Lantern"
    rows[9][2] = None
    rows[12][1] = "seven"
    rows[15][0] = " Keys  "  # spaces round a text are dropped, as YAML drops them
    assert errors(game_with(tmp_path, kind, rows)) == [
        f"{SHOWN}/lots.{kind}:7:2: error: cell B7: points must be 1-6, got 7",
        f"{SHOWN}/lots.{kind}:10:3: error: cell C10: flavour must be non-empty text, got nothing",
        f"{SHOWN}/lots.{kind}:13:2: error: cell B13: points must be a whole number, got 'seven'",
        # a wrong choice is said once the deck is read, naming every card that gives it (here one)
        f"{SHOWN}/lots.{kind}:4:1: error: cell A4: collection must be one of Lanterns, Teacups, Keys, Maps, "
        f"got 'Lantern'; did you mean 'Lanterns'?"]


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
def test_a_card_twice_names_the_first_cards_cell_not_its_line(capsys, checkout, kind):
    """A spreadsheet's duplicate was said "(first at line 2)", where every other finding in a sheet names the
    cell: the first card is named by its cell as the second is (a YAML deck keeps its line)."""
    rows = lots()
    rows[7][2] = rows[2][2]  # unique: [flavour]: C8 repeats C3
    rows[9][:2] = rows[4][:2]  # grid: [collection, points]: row 10 repeats row 5, said at its collection
    game_with(checkout, kind, rows)
    status, said = run(capsys, "check", "pocket-bazaar")
    shown = f"content/pocket-bazaar/lots.{kind}"
    flavour = rows[2][2]
    assert status == 1 and [e for e in said if "appears twice" in e] == [
        f"{shown}:8:3: error: cell C8: deck lots: {flavour} appears twice (first at cell C3)",
        f"{shown}:10:1: error: cell A10: deck lots: {rows[4][0]} {rows[4][1]} appears twice (first at cell A5)"]


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
def test_a_bad_header_is_found_at_its_cell(tmp_path, kind):
    rows = lots()
    rows[0] = ["collection", "points", "flavour", "reminder", "points", None, "pionts"]
    rows[1] += [3, "a value with no column name", "x"]
    assert errors(game_with(tmp_path, kind, rows)) == [
        f"{SHOWN}/lots.{kind}:1:5: error: cell E1: column 'points' is named twice (first in B1)",
        f"{SHOWN}/lots.{kind}:1:6: error: cell F1: this column holds values but no name: name its field here",
        f"{SHOWN}/lots.{kind}:1:7: error: cell G1: column 'pionts' is not a field of deck lots (columns: "
        f"collection, points, flavour, reminder, copies); did you mean 'points'?"]


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
def test_a_value_past_the_header_s_last_column_is_found_at_the_header_cell_it_lacks(tmp_path, kind):
    rows = lots()  # a CSV row longer than its header line: the value is not dropped
    rows[2] = [*rows[2], None, "extra"]
    assert errors(game_with(tmp_path, kind, rows)) == [
        f"{SHOWN}/lots.{kind}:1:{len(COLUMNS) + 2}: error: cell {chr(ord('A') + len(COLUMNS) + 1)}1: this column "
        f"holds values but no name: name its field here"]


def test_a_field_with_no_column_is_a_finding_at_the_header(tmp_path):
    rows = [[c for c in row[:3]] for row in lots()]
    assert errors(game_with(tmp_path, "csv", rows)) == [
        f"{SHOWN}/lots.csv:1:1: error: cell A1: deck lots: the header row has no column for field 'reminder' "
        f"(the first row names each column's field)"]


def test_copies_print_a_row_more_than_once_and_are_checked(tmp_path):
    rows = [[*row, "copies" if n == 0 else None] for n, row in enumerate(lots())]
    rows[1][4], rows[2][4] = 2, 1
    rows = rows[:-1]  # the 24th lot goes: the first is printed twice
    loaded, findings, _ = load(game_with(tmp_path, "csv", rows))
    assert list(findings) == []
    cards = loaded.decks["lots"].cards
    assert [c.copies for c in cards[:3]] == [2, 1, 1] and len(loaded.decks["lots"].printed) == 24
    rows[1][4], rows[3][4] = 0, "many"
    assert errors(game_with(tmp_path, "csv", rows)) == [
        f"{SHOWN}/lots.csv:2:5: error: cell E2: copies must be 1-1000, got 0",
        f"{SHOWN}/lots.csv:4:5: error: cell E4: copies must be a whole number, got 'many'"]


def test_a_text_value_is_a_template_and_its_mistake_is_at_its_cell(tmp_path):
    rows = lots()
    rows[5][2] = "A lantern for {{ lanterns }} journeys."
    (finding,) = load(game_with(tmp_path, "csv", rows))[1]
    assert str(finding.loc) == f"{SHOWN}/lots.csv:6:3" and finding.message.startswith("cell C6: ")


def test_a_csv_that_is_not_utf8_is_a_finding_at_the_cell_of_the_bad_byte(tmp_path):
    game = game_with(tmp_path, "csv")
    data = (game / "lots.csv").read_bytes().replace("bazaar’s".encode(), "bazaar\x92s".encode("latin-1"))
    (game / "lots.csv").write_bytes(data)
    row = 1 + next(n for n, r in enumerate(lots()) if "bazaar’s" in str(r[2]))
    assert errors(game) == [f"{SHOWN}/lots.csv:{row}:3: error: cell C{row}: file is not valid UTF-8 (byte 0x92): "
                            f"save it as \"CSV UTF-8\""]


def misquoted(tmp_path: Path, delimiter: str, row: int, cell: str) -> Path:
    """Pocket Bazaar's lots as CSV, column C of `row` written as `cell` (its quote marks as they stand); the row
    before it holds a cell of two lines, one row as the reader counts them."""
    rows = lots()
    rows[row - 2][2] = "Two lines\nof flavour"
    rows[row - 1][2] = "@"
    game = game_with(tmp_path / repr(delimiter), "csv")
    write_csv(game / "lots.csv", rows, delimiter=delimiter)
    text = (game / "lots.csv").read_text(encoding="utf-8")
    (game / "lots.csv").write_text(text.replace("@", cell), encoding="utf-8", newline="")
    return game


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_a_quote_left_open_is_a_finding_at_its_cell(tmp_path, delimiter):
    game = misquoted(tmp_path, delimiter, 8, '"A lantern')
    assert errors(game) == [f"{SHOWN}/lots.csv:8:3: error: cell C8: a quote opens this cell and is never closed: "
                            f"close it, or write the cell's quote marks doubled (\"\")"]


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_text_after_a_closing_quote_is_a_finding_at_its_cell(tmp_path, delimiter):
    game = misquoted(tmp_path, delimiter, 5, '"A" little ""lantern""')
    assert errors(game) == [f"{SHOWN}/lots.csv:5:3: error: cell C5: text follows the closing quote: put the whole "
                            f"cell in quotes, its own quote marks doubled (\"\")"]


def test_a_cell_past_the_csv_readers_limit_is_a_finding_at_that_cell(tmp_path):
    rows, limit = lots(), csv.field_size_limit()
    rows[4][2] = "x" * (limit + 1)
    game = game_with(tmp_path, "csv", rows)
    assert errors(game) == [f"{SHOWN}/lots.csv:5:3: error: cell C5: more than {limit:,} characters, more than a "
                            "card could print: shorten it (or close a quote left open)"]
    assert csv.field_size_limit() == limit  # the reader's own again, for every other file


def test_the_sheet_is_named_and_a_missing_one_is_a_finding_at_the_key(tmp_path):
    game = game_with(tmp_path, "xlsx")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("sheet: Lots", "sheet: Lost"), encoding="utf-8")
    line = 1 + text.splitlines().index("    sheet: Lots")
    assert errors(game) == [f"{SHOWN}/game.yaml:{line}:12: error: {SHOWN}/lots.xlsx has no sheet 'Lost'; its sheets: "
                            f"Notes, Lots"]
    (game / "game.yaml").write_text(text.replace("lots.xlsx", "lots.yaml"), encoding="utf-8")
    assert errors(game) == [f"{SHOWN}/game.yaml:{line}:12: error: deck lots: 'sheet' names a sheet of a workbook "
                            f"file (.xlsx, .ods), and the deck has none"]


def test_cell_names_run_past_z():
    assert [column_letters(n) for n in (1, 26, 27, 52, 703, 16384)] == ["A", "Z", "AA", "AZ", "AAA", "XFD"]


# --- formulas ----------------------------------------------------------------------------------------------------


def with_saved_value(path: Path, cell: str, value: str) -> None:
    """Give the formula in `cell` of the workbook's sheet Lots the value a calculating program saves with it."""
    parts = {}
    with zipfile.ZipFile(path) as archive:
        parts = {i.filename: archive.read(i) for i in archive.infolist()}
    sheet = "xl/worksheets/sheet2.xml"
    parts[sheet] = re.sub(rf'(<c r="{cell}"[^>]*>)<f>([^<]*)</f><v\s*/?>(</v>)?'.encode(),
                          rf"\1<f>\2</f><v>{value}</v>".encode(), parts[sheet])
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def test_a_formula_reads_as_its_saved_value_and_one_with_none_is_a_finding(tmp_path):
    rows = lots()
    rows[2][1], rows[3][1] = "=B2+1", "=B3+1"  # 2 and 3, as the YAML has them
    game = game_with(tmp_path, "xlsx", rows)
    with_saved_value(game / "lots.xlsx", "B3", "2")
    assert errors(game) == [f"{SHOWN}/lots.xlsx:4:2: error: cell B4: {UNCACHED_WORDS}"]
    with_saved_value(game / "lots.xlsx", "B4", "3")
    loaded, findings, _ = load(game)
    assert list(findings) == [] and [c.values["points"] for c in loaded.decks["lots"].cards[:3]] == [1, 2, 3]


def test_an_opendocument_formula_reads_as_its_saved_value_and_one_with_none_is_a_finding(tmp_path):
    rows = lots()
    rows[2][1], rows[3][1] = "=[.B2]+1|2", "=[.B3]+1"
    assert errors(game_with(tmp_path, "ods", rows)) == [f"{SHOWN}/lots.ods:4:2: error: cell B4: {UNCACHED_WORDS}"]
    rows[3][1] = "=[.B3]+1|3"
    loaded, findings, _ = load(game_with(tmp_path, "ods", rows))
    assert list(findings) == [] and [c.values["points"] for c in loaded.decks["lots"].cards[:3]] == [1, 2, 3]


# --- lists and maps in a cell ------------------------------------------------------------------------------------


def test_a_list_cell_is_separated_by_semicolons_or_a_flow_list():
    loc, findings = CellLoc("x.csv", 3, 4), Findings()
    assert cell_node("list", "Draw 1; Swap a lot;", loc, findings).plain() == ["Draw 1", "Swap a lot"]
    assert cell_node("list", '[Draw 1, "Pay; then draw"]', loc, findings).plain() == ["Draw 1", "Pay; then draw"]
    assert cell_node("list", None, loc, findings).plain() == []
    assert cell_node("map", "coins: 2; gems: 1", loc, findings).plain() == {"coins": "2", "gems": "1"}
    assert cell_node("map", '{coins: "2"}', loc, findings).plain() == {"coins": "2"}
    assert list(findings) == []
    assert cell_node("map", "coins 2", loc, findings) is None
    assert cell_node("map", "coins: 2; coins: 3", loc, findings) is None
    assert cell_node("list", "[&a x, *a]", loc, findings) is None
    assert [str(f) for f in findings] == [
        "x.csv:3:4: error: cell D3: 'coins 2' is not 'name: value' (a map's entries are separated by ';')",
        "x.csv:3:4: error: cell D3: the map names 'coins' twice",
        "x.csv:3:4: error: cell D3: YAML aliases are not allowed in content"]


def test_list_and_map_fields_read_from_cells_with_their_checks(tmp_path):
    game = game_with(tmp_path, "csv")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace(
        "      reminder: {type: text}\n",
        "      reminder: {type: text}\n      perks: {type: list, length: 2}\n      prices: {type: map}\n"),
        encoding="utf-8")
    rows = [[*row, "perks", "prices"] if n == 0 else [*row, "Draw 1; Swap", "coins: 2; gems: 1"]
            for n, row in enumerate(lots())]
    write_csv(game / "lots.csv", rows)
    loaded, findings, _ = load(game)
    assert list(findings) == []
    card = loaded.decks["lots"].cards[0]
    assert card.values["perks"] == ["Draw 1", "Swap"] and card.values["prices"] == {"coins": "2", "gems": "1"}
    assert card.locs["perks[2]"] == CellLoc(f"{SHOWN}/lots.csv", 2, 5)
    rows[3][4], rows[4][5] = "Draw 1", "{coins: 2}"
    write_csv(game / "lots.csv", rows)
    assert errors(game) == [f"{SHOWN}/lots.csv:4:5: error: cell E4: perks must have 2 entries, got 1",
                            f"{SHOWN}/lots.csv:5:6: error: cell F5: prices must be non-empty text, got 2"]


# --- bounds ------------------------------------------------------------------------------------------------------


def only_error(game: Path) -> str:
    (finding,) = errors(game)
    return finding


def test_a_huge_csv_is_a_finding(tmp_path, capped):  # noqa: F811
    game = game_with(tmp_path, "csv")
    with (game / "lots.csv").open("a", encoding="utf-8") as out:
        out.write(("Keys,1,x,y\n" * 100_000) * 16)
    assert only_error(game) == f"{SHOWN}/lots.csv:1:1: error: file is larger than 16,000,000 bytes"
    (game / "lots.csv").write_text("collection,points\n" + "Keys,1\n" * 50_000, encoding="utf-8")
    assert only_error(game) == (f"{SHOWN}/lots.csv:50001:1: error: cell A50001: the sheet reaches this cell: more "
                                f"than the 50,000 rows, 500 columns or 1,000,000 cells a deck's sheet may have")
    (game / "lots.csv").write_text("collection,points\n" + ("," * 499 + "\n") * 2005, encoding="utf-8")
    assert only_error(game) == (f"{SHOWN}/lots.csv:2001:500: error: cell SF2001: the sheet reaches this cell: more "
                                f"than the 50,000 rows, 500 columns or 1,000,000 cells a deck's sheet may have")
    (game / "lots.csv").write_text("collection,points\nKeys,1" + "," * 500 + "\n", encoding="utf-8")
    assert only_error(game) == (f"{SHOWN}/lots.csv:2:501: error: cell SG2: the sheet reaches this cell: more "
                                f"than the 50,000 rows, 500 columns or 1,000,000 cells a deck's sheet may have")


def test_a_cell_at_the_sheets_far_corner_is_a_finding_not_a_crash(tmp_path, capped):  # noqa: F811
    rows = lots()
    game = game_with(tmp_path, "xlsx", rows)
    workbook = openpyxl.load_workbook(game / "lots.xlsx")
    workbook["Lots"]["XFD1048576"] = "far"
    workbook.save(game / "lots.xlsx")
    assert only_error(game) == (f"{SHOWN}/lots.xlsx:1048576:16384: error: cell XFD1048576: the sheet reaches this "
                                f"cell: more than the 50,000 rows, 500 columns or 1,000,000 cells a deck's sheet may "
                                f"have")


def test_a_row_repeated_a_million_times_is_a_finding(tmp_path, capped):  # noqa: F811
    repeated = ('<table:table-row table:number-rows-repeated="1000000"><table:table-cell '
                'table:number-columns-repeated="200" office:value-type="float" office:value="1"/></table:table-row>')
    game = game_with(tmp_path, "ods")
    write_ods(game / "lots.ods", lots(), tail=repeated)
    assert only_error(game) == (f"{SHOWN}/lots.ods:1000025:200: error: cell GR1000025: the sheet reaches this "
                                f"cell: more than the 50,000 rows, 500 columns or 1,000,000 cells a deck's sheet "
                                f"may have")


def test_a_zip_bomb_and_a_part_that_lies_about_its_size_are_findings(tmp_path, capped):  # noqa: F811
    game = game_with(tmp_path, "xlsx")
    with zipfile.ZipFile(game / "lots.xlsx", "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/bomb.xml", b"<a>" + b" " * 70_000_000 + b"</a>")
    assert only_error(game) == f"{SHOWN}/lots.xlsx:1:1: error: the workbook unpacks to more than 64,000,000 bytes"
    game = game_with(tmp_path / "lies", "xlsx")
    data = (game / "lots.xlsx").read_bytes()
    with zipfile.ZipFile(game / "lots.xlsx") as archive:
        info = archive.getinfo("xl/worksheets/sheet2.xml")
    size = info.file_size.to_bytes(4, "little")
    (game / "lots.xlsx").write_bytes(data.replace(size, (100).to_bytes(4, "little")))  # both headers understate it
    assert only_error(game).startswith(f"{SHOWN}/lots.xlsx:1:1: error: the workbook's part xl/worksheets/sheet2.xml "
                                       f"cannot be read (Bad CRC-32")


def test_entities_in_a_workbooks_xml_are_refused(tmp_path, capped):  # noqa: F811
    game = game_with(tmp_path, "xlsx")
    with zipfile.ZipFile(game / "lots.xlsx") as archive:
        parts = {i.filename: archive.read(i) for i in archive.infolist()}
    laughs = b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa">' + b"".join(
        b'<!ENTITY %c "&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;">' % ((98 + n,) + (97 + n,) * 10) for n in range(9))
    parts["xl/sharedStrings.xml"] = laughs + b"]><sst><si><t>&j;</t></si></sst>"
    with zipfile.ZipFile(game / "lots.xlsx", "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    assert only_error(game) == f"{SHOWN}/lots.xlsx:1:1: error: the workbook's XML declares entities"


def test_a_file_that_is_no_workbook_is_a_finding(tmp_path):
    game = game_with(tmp_path, "xlsx")
    (game / "lots.xlsx").write_text("collection,points\n", encoding="utf-8")
    assert only_error(game) == (f"{SHOWN}/lots.xlsx:1:1: error: not a workbook: the file is not a zip container "
                                f"(File is not a zip file)")


# --- the press's own CSV -----------------------------------------------------------------------------------------


def test_the_press_writes_no_csv_cell_a_spreadsheet_would_run_as_a_formula():
    assert [safe_cell(t) for t in ("=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "Keys 3", "a=b")] == [
        "'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "'\rx", "Keys 3", "a=b"]
    data = csv_bytes(("file", "label"), [("lots-001-front.png", '=HYPERLINK("http://x","y")')])
    assert data == b'file,label\nlots-001-front.png,"\'=HYPERLINK(""http://x"",""y"")"\n'
    assert list(csv.reader(io.StringIO(data.decode()))) == [["file", "label"],
                                                            ["lots-001-front.png", "'=HYPERLINK(\"http://x\",\"y\")"]]


# --- deckpress new --cards ---------------------------------------------------------------------------------------


@pytest.fixture
def checkout(monkeypatch, tmp_path) -> Path:
    shutil.copytree(LAYOUTS, tmp_path / "layouts")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *args: str) -> tuple[int, list[str]]:
    capsys.readouterr()
    status = main(list(args))
    return status, capsys.readouterr().err.splitlines()


SHOPS = [["name", "cost", "kind", "effects", "copies"], ["Baker", 2, "Shop", "[Draw 2]", 2],
         ["Smith", 3, "Shop", "[Gain 1, Pay 1]", None], ["Inn", 4, "Rest", "[]", None],
         ["Mill", 1, "Rest", "[Draw 1]", None]]


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_new_starts_a_game_from_a_spreadsheet_typed_by_its_columns(capsys, checkout, kind):
    WRITERS[kind](Path(f"shops.{kind}"), SHOPS)
    sheet = ["--sheet", "Lots"] if kind == "xlsx" else []
    assert run(capsys, "new", "shops", "--cards", f"shops.{kind}", *sheet) == (
        0, ["deckpress: wrote content/shops (9 files); build it with: deckpress build shops"])
    assert Path(f"content/shops/cards.{kind}").read_bytes() == Path(f"shops.{kind}").read_bytes()
    assert not Path("content/shops/cards.yaml").exists()
    game = yaml.safe_load(Path("content/shops/game.yaml").read_text(encoding="utf-8"))
    deck = game["decks"]["cards"]
    assert deck["fields"] == {"name": {"type": "text"}, "cost": {"type": "int", "min": 1, "max": 4},
                              "kind": {"type": "choice", "from": "kind_values"}, "effects": {"type": "list"}}
    assert game["parameters"]["kind_values"] == ["Shop", "Rest"] and deck["file"] == f"cards.{kind}"
    assert deck.get("sheet") == ("Lots" if kind == "xlsx" else None)
    assert run(capsys, "check", "shops") == (0, ["deckpress: shops: valid"])
    assert run(capsys, "build", "shops", "--jobs", "1", "--paper", "a4") == (0, ["deckpress: shops: built into build"])
    text = PdfReader("build/shops/standard/shops-cards-a4.pdf").pages[0].extract_text()
    assert "Baker" in text and "Gain 1, Pay 1" in text and text.count("Baker") == 2  # copies: 2


ATLAS = [["name", "terrain", "time", "shape", "note"], ["Great River", "Water", 1, "[[0,0],[1,0],[2,0]]", None],
         ["Homestead", "Village", None, "0,0; 0,1; 1,1", "Build here"], ["Orchard", "Farm", 1, "0,0; 1,0", None],
         ["Hamlet", "Village", 2, "0,0", None], ["Treetop", "Forest", 1, "0,0; 0,1", None],
         ["Grove", "Forest", 2, "0,0; 1,1", None], ["Fishing", "Water", 1, "0,0", None],
         ["Field", "Farm", 2, "0,0; 0,1; 0,2", None]]


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_new_types_empty_cells_as_optional_and_cells_as_cells_and_leaves_no_suits(capsys, checkout, kind):
    WRITERS[kind](Path(f"atlas.{kind}"), ATLAS)
    sheet = ["--sheet", "Lots"] if kind == "xlsx" else []
    assert run(capsys, "new", "atlas", "--cards", f"atlas.{kind}", *sheet)[0] == 0
    game = yaml.safe_load(Path("content/atlas/game.yaml").read_text(encoding="utf-8"))
    assert game["decks"]["cards"]["fields"] == {
        "name": {"type": "text"}, "terrain": {"type": "choice", "from": "terrain_values"},
        "time": {"type": "int", "min": 0, "max": 2, "default": 0}, "shape": {"type": "cells"},
        "note": {"type": "text", "optional": True}}
    assert game["parameters"] == {"players": 2, "terrain_values": ["Water", "Village", "Farm", "Forest"]}
    assert list(game["colours"]) == ["night"] and len(game["checks"]) == 1
    written = " ".join(p.read_text(encoding="utf-8") for p in Path("content/atlas").rglob("*.yaml"))
    assert not re.search(r"suit|:sun:|:moon:|tricks", written)
    assert sorted(p.name for p in Path("content/atlas/icons").iterdir()) == ["star.svg"]  # the back's emblem
    assert run(capsys, "check", "atlas") == (0, ["deckpress: atlas: valid"])
    assert run(capsys, "build", "atlas", "--jobs", "1", "--paper", "a4") == (0, ["deckpress: atlas: built into build"])
    text = PdfReader("build/atlas/standard/atlas-cards-a4.pdf").pages[0].extract_text()
    assert "0,0; 0,1; 1,1" in text and "Build here" in text and "Great River" in text


def test_new_refuses_a_header_no_layout_could_name_and_writes_nothing(capsys, checkout):
    write_csv(Path("shops.csv"), [["Card Name", "cost"], ["Baker", 2]])
    assert run(capsys, "new", "shops", "--cards", "shops.csv") == (1, [
        "shops.csv:1:1: error: cell A1: column 'Card Name': a field's name is a letter, then letters, digits or _, "
        "and names one column: rename it in the sheet", "deckpress: 1 error; nothing was written"])
    assert run(capsys, "new", "shops", "--cards", "shops.txt") == (2, [
        "deckpress: error: --cards takes a spreadsheet (.csv, .xlsx, .ods), got shops.txt"])
    assert run(capsys, "new", "shops", "--cards", "shops.csv", "--sheet", "Lots") == (2, [
        "deckpress: error: --sheet names a sheet of a workbook (.xlsx, .ods), and shops.csv is a CSV file"])
    assert run(capsys, "new", "shops", "--sheet", "Lots") == (2, [
        "deckpress: error: --sheet names a sheet of the --cards workbook: give --cards too"])
    write_csv(Path("shops.csv"), [["name", "cost"], ["Bak\x1b[2Jer", 2]])  # its first build would refuse it
    assert run(capsys, "new", "shops", "--cards", "shops.csv") == (1, [
        "shops.csv:2:1: error: cell A2: text holds a control character (U+001B), which would print as nothing or "
        "change what a reader shows; remove it", "deckpress: 1 error; nothing was written"])
    assert not Path("content/shops").exists()


@pytest.mark.parametrize(("rows", "said"), [
    ([["name", "points"]], ["shops.csv:1:1: error: cell A1: the sheet holds no card under its header row: a deck "
                            "needs at least one"]),
    ([["", "points"], ["x", 1]], ["shops.csv:1:1: error: cell A1: this column holds values but no name: name its "
                                  "field here"]),
    ([["name", "copies"], ["A", "x"], ["B", 0]], ["shops.csv:2:2: error: cell B2: copies must be a whole number, got "
                                                  "'x'", "shops.csv:3:2: error: cell B3: copies must be 1-1000, "
                                                  "got 0"]),
])
def test_new_refuses_cells_no_field_reads_that_the_first_check_would_and_writes_nothing(capsys, checkout, rows,
                                                                                         said):
    """A sheet of no card, a column of values with no name, a card's copies out of bounds: `new` wrote a game its
    first check refused (a red team's)."""
    write_csv(Path("shops.csv"), rows)
    status, lines = run(capsys, "new", "shops", "--cards", "shops.csv")
    assert (status, lines[:-1]) == (1, said) and "nothing was written" in lines[-1]
    assert not Path("content/shops").exists()


def test_new_refuses_a_header_read_as_a_value_and_a_formula_without_its_value_and_writes_nothing(capsys, checkout):
    """What the game's first check would refuse (a field named `null` is no name in YAML, one named `none` a value
    in a template; a formula saved without its value no card's), said by `new` where it stands."""
    write_csv(Path("shops.csv"), [["null", "yes", "none", "self", "cost"], ["Baker", "a", "b", "c", 2]])
    assert run(capsys, "new", "shops", "--cards", "shops.csv") == (1, [
        *(f"shops.csv:1:{c}: error: cell {'ABCD'[c - 1]}1: column '{word}': YAML or the templates read this word as "
          "a value or an operator, not a field's name: rename it in the sheet"
          for c, word in enumerate(("null", "yes", "none", "self"), start=1)),
        "deckpress: 4 errors; nothing was written"])
    write_xlsx(Path("shops.xlsx"), [["name", "cost"], ["Baker", "=1/0"]])
    assert run(capsys, "new", "shops", "--cards", "shops.xlsx", "--sheet", "Lots") == (1, [
        f"shops.xlsx:2:2: error: cell B2: {UNCACHED_WORDS}", "deckpress: 1 error; nothing was written"])
    assert not Path("content/shops").exists()


def test_new_refuses_a_cell_the_font_cannot_print_and_writes_nothing(capsys, checkout):
    market = "\u6771\u4eac\u306e\u5e02\u5834\u3067\u3059"  # seven characters, none in the font
    write_csv(Path("shops.csv"), [["name", "cost"], ["Baker", 2], ["Snow \u2603 man", 3], [market, 4]])
    assert run(capsys, "new", "shops", "--cards", "shops.csv") == (1, [
        "shops.csv:3:1: error: cell A3: text holds '\u2603' (U+2603), not in the game's font, Atkinson Hyperlegible: "
        "it would print as an empty box; write it another way",
        "shops.csv:4:1: error: cell A4: text holds '\u6771' (U+6771), '\u4eac' (U+4EAC), '\u306e' (U+306E), "
        "'\u5e02' (U+5E02), '\u5834' (U+5834) and 2 more, not in the game's font, Atkinson Hyperlegible: it would "
        "print as an empty box; write it another way", "deckpress: 2 errors; nothing was written"])
    assert not Path("content/shops").exists()
    write_csv(Path("shops.csv"), [["name", "cost"], ["Caf\u00e9 \u2013 \u201cBaker\u201d", 2]])  # the font has these
    assert run(capsys, "new", "shops", "--cards", "shops.csv")[0] == 0
    assert run(capsys, "check", "shops") == (0, ["deckpress: shops: valid"])  # as its first build finds


def test_a_spreadsheet_programs_lock_file_is_no_source_to_watch(tmp_path):
    sources, game = Sources(tmp_path / "build"), tmp_path / "content" / "x"
    for ignored in ("~$lots.xlsx", ".~lock.lots.ods#", ".~lock.lots.csv#"):
        assert not sources(Change.modified, str(game / ignored)), ignored
    assert sources(Change.modified, str(game / "lots.xlsx")) and sources(Change.modified, str(game / "lots.csv"))


# --- a polyomino's cells, optional fields and defaults, a misspelt header --------------------------------------


def with_field(game: Path, field: str) -> Path:
    """The lots deck given one more field, `shape: {type: cells}` say, after its `reminder` field."""
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("      reminder: {type: text}\n",
                                                 f"      reminder: {{type: text}}\n      {field}\n", 1),
                                    encoding="utf-8")
    return game


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
def test_a_cells_field_reads_a_cell_as_pairs_or_as_a_list_and_says_the_form_it_expects(tmp_path, kind):
    rows = [[*row, "shape" if n == 0 else "0,0; 0,1; 1,1"] for n, row in enumerate(lots())]
    rows[2][-1], rows[3][-1], rows[4][-1] = "[[0,0],[0,1]]", "0 0; 1", None
    game = with_field(game_with(tmp_path, kind, rows), "shape: {type: cells}")
    loaded, findings, _ = load(game)
    assert [str(f) for f in findings] == [
        f"{SHOWN}/lots.{kind}:4:5: error: cell E4: shape must be cells written as column,row pairs separated by ';' "
        f"(0,0; 0,1; 1,1) or as a list of pairs ([[0, 0], [0, 1], [1, 1]]), got '0 0; 1'"]
    cards = loaded.decks["lots"].cards
    assert [c.values["shape"] for c in cards[:2]] == [[[0, 0], [0, 1], [1, 1]], [[0, 0], [0, 1]]]
    assert cards[3].values["shape"] == []  # an empty cell is no cells, as it is an empty list


def test_a_cells_field_in_a_card_file_takes_the_same_text():
    findings = Findings()
    # the one reader of cells, a card file's and a cell's
    assert read_cells("shape", Node("0,0; 1,0", Loc("cards.yaml", 3, 12)), findings) == [[0, 0], [1, 0]]
    assert read_cells("shape", Node(7, Loc("cards.yaml", 4, 12)), findings) is None
    assert [str(f) for f in findings] == [
        "cards.yaml:4:12: error: shape must be cells written as column,row pairs separated by ';' (0,0; 0,1; 1,1) or "
        "as a list of pairs ([[0, 0], [0, 1], [1, 1]]), got 7"]


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_an_optional_field_left_empty_takes_its_default_or_nothing(tmp_path, kind):
    rows = [[*row, "note" if n == 0 else None] for n, row in enumerate(lots())]
    rows[1][-1] = "Bring a lamp"
    rows[2][3] = None  # the reminder, optional too
    game = with_field(game_with(tmp_path, kind, rows), 'note: {type: text, default: "Nothing to note"}')
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("reminder: {type: text}", "reminder: {type: text, optional: true}"),
                                    encoding="utf-8")
    loaded, findings, _ = load(game)
    assert [str(f) for f in findings] == []
    cards = loaded.decks["lots"].cards
    assert [c.values["note"] for c in cards[:3]] == ["Bring a lamp", "Nothing to note", "Nothing to note"]
    assert cards[1].values["reminder"] == "" and cards[0].values["reminder"]
    assert all(c.valid for c in cards)


def test_an_optional_field_needs_no_column(tmp_path):
    game = with_field(game_with(tmp_path, "csv"), "note: {type: list, optional: true}")
    loaded, findings, _ = load(game)
    assert [str(f) for f in findings] == []
    assert {str(c.values["note"]) for c in loaded.decks["lots"].cards} == {"[]"}


def test_a_default_is_checked_as_any_value_once_where_it_is_written(tmp_path):
    game = game_with(tmp_path, "csv")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("points: {type: int, min: 1, max: 6}", "points: {type: int, min: 1, max: 6, default: 9}")
    text = text.replace("collection: {type: choice, from: collections}",
                        "collection: {type: choice, from: collections, default: Lantern}")
    text = text.replace("flavour: {type: text}", "flavour: {type: text, optional: yes please}")
    text = text.replace("reminder: {type: text}", "reminder: {type: text}\n      extra: {type: int, optional: true}")
    (game / "game.yaml").write_text(text, encoding="utf-8")
    lines = text.splitlines()

    def at(needle: str, key: str) -> str:
        line = next(n for n, t in enumerate(lines, 1) if needle in t)
        return f"{SHOWN}/game.yaml:{line}:{lines[line - 1].index(key) + 1}"
    assert errors(game) == [
        f"{at('optional: yes', 'yes')}: error: optional must be true or false, got 'yes please'",
        f"{at('extra:', 'true')}: error: field extra: an optional int field needs a 'default', the value a card "
        f"that leaves it out has",
        f"{at('default: 9', '9')}: error: points must be 1-6, got 9",
        f"{at('default: Lantern', 'Lantern')}: error: collection must be one of Lanterns, Teacups, Keys, Maps, "
        f"got 'Lantern'; did you mean 'Lanterns'?"]


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
def test_a_misspelt_header_suggests_the_field_at_its_cell_and_says_nothing_more(tmp_path, kind):
    rows = lots()
    rows[0] = ["collection", "points", "flavour", "remindr"]
    assert errors(game_with(tmp_path, kind, rows)) == [
        f"{SHOWN}/lots.{kind}:1:4: error: cell D1: column 'remindr' is not a field of deck lots (columns: "
        f"collection, points, flavour, reminder, copies); did you mean 'reminder'?"]


def with_parts(path: Path, parts: dict[str, str]) -> None:
    """The workbook with these parts (by path) put in or replaced."""
    with zipfile.ZipFile(path) as archive:
        kept = {i.filename: archive.read(i) for i in archive.infolist()}
    kept |= {name: text.encode() for name, text in parts.items()}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in kept.items():
            archive.writestr(name, data)


def test_a_sheet_in_a_namespace_of_its_own_is_still_measured_before_it_is_read(tmp_path):
    """The reader knows a sheet's cells by their local names: one in another namespace passed the measuring
    unmeasured, and the reader asked for 550 GB (the process aborted)."""
    game = game_with(tmp_path, "xlsx")
    with_parts(game / "lots.xlsx", {"xl/worksheets/sheet2.xml": '<worksheet xmlns="urn:other"><sheetData><row r="1">'
               '<c r="A1" t="inlineStr"><is><t>collection</t></is></c></row><row r="1048576"><c r="XFD1048576">'
               '<v>1</v></c></row></sheetData></worksheet>'})
    said = "lots.xlsx:1048576:16384: error: cell XFD1048576: the sheet reaches this cell"
    assert any(said in e for e in errors(game))


def test_a_long_shared_text_counts_at_every_cell_that_shows_it(tmp_path):
    """One shared text of 30 million characters shown by a thousand cells: a 36 KB file, 30 GB read."""
    game = game_with(tmp_path, "xlsx")
    cells = "".join(f'<row r="{r}"><c r="C{r}" t="s"><v>0</v></c></row>' for r in range(2, 1000))
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    with_parts(game / "lots.xlsx", {"xl/strings.xml": f'<sst xmlns="{main}"><si><t>{"x" * 100_000}</t></si></sst>',
                                    "xl/worksheets/sheet2.xml": f'<worksheet xmlns="{main}"><sheetData>{cells}'
                                                                '</sheetData></worksheet>',
                                    "xl/_rels/workbook.xml.rels": _with_strings(game / "lots.xlsx")})
    assert any("error: the sheet's cells hold more than 64,000,000 characters together" in e for e in errors(game))


def test_shared_texts_are_measured_where_the_reader_reads_them(tmp_path):
    """The reader reads xl/sharedStrings.xml whatever the relations name: a decoy named there let 70 million
    characters through; a phonetic reading (`rPh`, which the reader leaves out) is not counted."""
    game = game_with(tmp_path, "xlsx")
    cells = "".join(f'<row r="{r}"><c r="C{r}" t="s"><v>0</v></c></row>' for r in range(2, 702))
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    sheet = f'<worksheet xmlns="{main}"><sheetData>{cells}</sheetData></worksheet>'
    long = f'<sst xmlns="{main}"><si><t>{"x" * 100_000}</t></si></sst>'
    with_parts(game / "lots.xlsx", {"xl/strings.xml": f'<sst xmlns="{main}"><si><t>x</t></si></sst>',
                                    "xl/sharedStrings.xml": long, "xl/worksheets/sheet2.xml": sheet,
                                    "xl/_rels/workbook.xml.rels": _with_strings(game / "lots.xlsx")})
    assert any("more than 64,000,000 characters together" in e for e in errors(game))
    from deckpress.load.spreadsheets.extent import _shared_lengths
    assert _shared_lengths(f'<sst xmlns="{main}"><si><r><t>ab</t></r><rPh><t>{"y" * 50}</t></rPh><t>c</t></si>'
                           '<si><t>d</t></si></sst>'.encode()) == [3, 1]


def _with_strings(path: Path) -> str:
    """The workbook's relations, naming its shared texts' part (xl/strings.xml: not the usual name)."""
    with zipfile.ZipFile(path) as archive:
        rels = archive.read("xl/_rels/workbook.xml.rels").decode()
    return rels.replace("</Relationships>", '<Relationship Id="rId9" Target="strings.xml" Type="http://schemas.'
                        'openxmlformats.org/officeDocument/2006/relationships/sharedStrings"/></Relationships>')


def test_an_ods_row_repeated_a_billion_times_reaches_past_the_bounds(tmp_path):
    """A count of nine digits was taken for 1 by the measuring and read in full by the reader (2 GB, 15 s)."""
    game = game_with(tmp_path, "ods")
    write_ods(game / "lots.ods", lots(), tail='<table:table-row table:number-rows-repeated="200000000"><table:'
              'table-cell office:value-type="string"><text:p>Keys</text:p></table:table-cell></table:table-row>')
    assert any("lots.ods:200000025:1: error: cell A200000025: the sheet reaches this cell" in e
               for e in errors(game)), errors(game)
