"""Sheets filled in on screen: every place to write or tick on a sheet, as the content lays it out, is a form field
of its kind over the rectangle printed for it, named by what it is, tagged as a Form element (PDF/UA's way) in tab
order; filled, flattened and rendered, it shows what was typed, and unfilled the page prints as it did. Kits keep
the fields, each name unique. The text edition offers the same as labelled controls, kept by the browser."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pikepdf
import pypdf
import pypdfium2 as pdfium
import pytest
import yaml
from conftest import CONTENT, LAYOUTS, MM, SHIPPED
from PIL import Image

from deckpress.findings import Findings
from deckpress.load import expand_sheets, load_game
from deckpress.model import Game
from deckpress.templating import Templates
from deckpress.words import say

EDITIONS, PAPERS = ("standard", "large-print"), ("a4", "letter")
XHTML = "{http://www.w3.org/1999/xhtml}"
Field = tuple[str, str]  # its kind (/Tx or /Btn) and its name as a reader hears it


def game_of(name: str) -> Game:
    findings, templates = Findings(), Templates()
    game = load_game(CONTENT / name, f"content/{name}", findings, templates)
    assert game is not None
    expand_sheets(game, findings, templates)
    return game


def expected(game: Game, sheet_id: str, write_ins_only: bool = False) -> list[Field]:
    """Every place to write or tick the sheet's copies hold, from the content: a write-in's labels, a table's cells
    that print nothing (each a tick box in a row of them), in reading order."""
    out: list[Field] = []
    copies = game.sheets[sheet_id].copies
    for blocks in copies:
        # a sheet printed several times: each copy's fields named by its heading too (`Bid sheet 2 of 4, Round 1, A`)
        several = len(copies) > 1
        heading = next((f"{b.text}, " for b in blocks if b.kind == "heading"), "") if several else ""
        for block in blocks:
            out += [("/Tx", heading + label) for label in block.labels] if block.kind == "write-in" else []
            for row in block.rows if block.kind == "table" and not write_ins_only else []:
                label = f"{block.corner} {row.label}" if block.corner and row.label.isdigit() else row.label
                out += [("/Btn" if row.cell == "check" else "/Tx", f"{heading}{label}, {column}")
                        for c, column in enumerate(block.columns) if not (row.cells[c:c + 1] or [""])[0]]
    return out


def sheet_pdfs(built: Path, games: tuple[str, ...] = SHIPPED) -> Iterator[tuple[Game, str, Path]]:
    """Each sheet component's PDF, in each edition and paper, with its game and its sheet's id."""
    for name in games:
        game = game_of(name)
        for component in (c for c in game.components if c.kind == "sheet"):
            for edition in EDITIONS:
                for paper in PAPERS:
                    yield game, component.source or "", built / name / edition / f"{name}-{component.id}-{paper}.pdf"


def widgets(pdf: pikepdf.Pdf) -> list[tuple[int, pikepdf.Dictionary]]:
    """Each page's widget annotations, in the page's order: (page index, widget)."""
    return [(n, a) for n, page in enumerate(pdf.pages) for a in page.obj.get("/Annots", [])
            if a.get("/Subtype") == "/Widget"]


def forms(element: pikepdf.Dictionary) -> Iterator[pikepdf.Dictionary]:
    """The Form elements under `element`, in the structure's order."""
    k = element.get("/K")
    for kid in [] if k is None else list(k) if isinstance(k, pikepdf.Array) else [k]:
        if isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") not in ("/MCR", "/OBJR"):
            if kid.get("/S") == "/Form":
                yield kid
            yield from forms(kid)


def objr(form: pikepdf.Dictionary) -> pikepdf.Dictionary:
    (ref,) = [k for k in (form.K if isinstance(form.K, pikepdf.Array) else [form.K])
              if isinstance(k, pikepdf.Dictionary) and k.get("/Type") == "/OBJR"]
    return ref


def rects(page: pikepdf.Page) -> set[tuple[float, ...]]:
    """Every rectangle the page's content draws (`re`), as x1, y1, x2, y2."""
    found = set()
    for operands, op in pikepdf.parse_content_stream(page):
        if str(op) == "re":
            x, y, w, h = (float(v) for v in operands)
            found.add((x, y, x + w, y + h))
    return found


def test_every_place_to_write_or_tick_is_a_field_of_its_kind_over_what_is_printed(built):
    checked = 0
    for game, sheet, path in sheet_pdfs(built):
        with pikepdf.open(path) as pdf:
            found = widgets(pdf)
            assert [(str(w.FT), str(w.TU)) for _, w in found] == expected(game, sheet), path.name
            drawn = {n: rects(pdf.pages[n]) for n in {n for n, _ in found}}
            for n, widget in found:
                box = [float(v) for v in widget.Rect]
                assert any(all(abs(a - b) < 0.02 for a, b in zip(box, rect, strict=True))
                           for rect in drawn[n]), f"{path.name}: {widget.TU} is over nothing drawn"
                assert int(widget.F) == 4 and "/BC" not in widget.MK and "/BG" not in widget.MK  # prints, no frame
                assert widget.P.objgen == pdf.pages[n].objgen
            names = [str(w.T) for _, w in found]
            assert len(set(names)) == len(names) and not any("." in name for name in names)
            form = pdf.Root.get("/AcroForm")  # a sheet with nowhere to write (an answer guide) has no form
            assert [f.objgen for f in form.Fields] == [w.objgen for _, w in found] if found else form is None
            checked += len(found)
    assert checked > 1000  # every shipped sheet in both editions and papers: ledgers, bid and score sheets


def test_every_field_is_a_tagged_form_in_tab_order(built):
    for _, _, path in sheet_pdfs(built):
        with pikepdf.open(path) as pdf:
            tree = pdf.Root.StructTreeRoot
            nums = list(tree.ParentTree.Nums)
            parents = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
            (document,) = tree.K
            tagged = list(forms(document))
            found = widgets(pdf)
            assert [objr(f).Obj.objgen for f in tagged] == [w.objgen for _, w in found]  # structure order
            for form, (n, widget) in zip(tagged, found, strict=True):
                assert str(form.Alt) == str(widget.TU) and str(widget.TU)
                assert objr(form).Pg.objgen == pdf.pages[n].objgen
                assert parents[int(widget.StructParent)].objgen == form.objgen
            for page in pdf.pages:  # tab order is the structure's, which reads row by row, left to right
                assert page.obj.Tabs == "/S"
                tops = [(-round(float(a.Rect[3]), 1), float(a.Rect[0])) for a in page.obj.get("/Annots", [])]
                rows = [[x for y, x in tops if y == top] for top in dict.fromkeys(y for y, _ in tops)]
                assert [y for y, _ in tops] == sorted(y for y, _ in tops) and all(r == sorted(r) for r in rows)


def typed_sizes(path: Path) -> list[float]:
    """The size each text field's typed text is set in, read back by pypdf from its default appearance
    (`/Helv 18 Tf 0 g`; 0: the viewer's own, fitted to the field)."""
    sizes = []
    for page in pypdf.PdfReader(path).pages:
        for a in (a.get_object() for a in page.get("/Annots", [])):
            if a.get("/Subtype") == "/Widget" and a.get("/FT") == "/Tx":
                found = re.search(r"([\d.]+) Tf", str(a["/DA"]))
                assert found, a["/DA"]
                sizes.append(float(found[1]))
    return sizes


def test_what_a_player_types_is_set_at_the_edition_s_size_never_the_viewer_s_own(built):
    """`/Helv 0 Tf` let a viewer shrink typed text to fit its field: far under 18 pt in the large-print edition.
    Each text field of a sheet, desk card or slip now names its size: the edition's body size in standard, 18 pt or more
    in large print."""
    body = yaml.safe_load((LAYOUTS / "standard" / "sheet.yaml").read_text(encoding="utf-8"))["styles"]["text"]["size"]
    cards = [f"open-secret-exchange/{{}}/open-secret-exchange-{part}-a4.pdf" for part in ("desk-cards", "slips")]
    paths = [path for _, _, path in sheet_pdfs(built)] + [built / c.format(e) for c in cards for e in EDITIONS]
    sizes: dict[str, list[float]] = {edition: [] for edition in EDITIONS}
    for path in paths:
        sizes[path.parent.name] += typed_sizes(path)
    assert all(sizes.values()) and min(sizes["large-print"]) >= 18
    assert min(sizes["standard"]) > 0
    assert set(typed_sizes(built / "pocket-bazaar/standard/pocket-bazaar-score-sheet-a4.pdf")) == {body}


def tick_sides(path: Path) -> set[float]:
    """The sides of a PDF's tick boxes, pt."""
    with pikepdf.open(path) as pdf:
        return {round(float(w.Rect[2]) - float(w.Rect[0]), 2) for _, w in widgets(pdf) if w.get("/FT") == "/Btn"}


def test_a_tick_box_grows_with_the_text_beside_it(built):
    """Large print's score sheet set its 18 pt beside the standard's 5 mm tick boxes, hard to tick by hand: a box is
    in proportion to its cell's text (11 pt: 5 mm), where the cell has room."""
    cells = {e: yaml.safe_load((LAYOUTS / e / "sheet.yaml").read_text(encoding="utf-8"))["styles"]["cell"]["size"]
             for e in EDITIONS}
    score = "pocket-bazaar/{}/pocket-bazaar-score-sheet-a4.pdf"
    sides = {e: tick_sides(built / score.format(e)) for e in EDITIONS}
    assert sides["standard"] == {round(5 * MM, 2)} and cells["standard"] == 11
    (large,) = sides["large-print"]
    assert large == pytest.approx(5 * MM * cells["large-print"] / 11, abs=0.01)


def rendered(pdf: bytes, page: int) -> tuple[Image.Image, str]:
    """A page drawn as a printer draws it (annotations and fields too), in grey, and the text it shows."""
    doc = pdfium.PdfDocument(pdf)
    doc.init_forms()
    shown = doc[page].render(scale=1, may_draw_forms=True).to_pil().convert("L")
    return shown, doc[page].get_textpage().get_text_range()


def dark(image: Image.Image, box: list[float]) -> int:
    """How many dark pixels inside a box (x1, y1, x2, y2 in points from the bottom left), its edges left out."""
    x1, y1, x2, y2 = box
    crop = image.crop((round(x1) + 2, image.height - round(y2) + 2, round(x2) - 2, image.height - round(y1) - 2))
    return sum(crop.histogram()[:128])


@pytest.mark.parametrize("sheet", ["pocket-bazaar/standard/pocket-bazaar-score-sheet-a4.pdf",
                                   "pocket-bazaar/large-print/pocket-bazaar-bid-sheets-letter.pdf",
                                   "open-secret-exchange/standard/open-secret-exchange-turn-order-a4.pdf"])
def test_fields_filled_flattened_and_rendered_show_what_was_written(built, sheet):
    original = (built / sheet).read_bytes()
    reader = pypdf.PdfReader(io.BytesIO(original))
    bare = pypdf.PdfWriter(clone_from=reader)
    for page in bare.pages:
        page.pop("/Annots", None)
    without = io.BytesIO()
    bare.write(without)
    for n in range(len(reader.pages)):  # empty, the fields print nothing: the page is the page without them
        assert rendered(original, n)[0].tobytes() == rendered(without.getvalue(), n)[0].tobytes()
    writer = pypdf.PdfWriter(clone_from=reader)
    on_page: list[tuple[list[str], list[list[float]]]] = []  # each page's words written and boxes ticked
    for page in writer.pages:
        values, words, ticks = {}, [], []
        for a in (a.get_object() for a in page.get("/Annots", [])):
            if a["/FT"] == "/Btn":
                values[a["/T"]] = "/Yes"
                ticks.append([float(v) for v in a["/Rect"]])
            else:
                values[a["/T"]] = f"W{len(words) + 100 * len(on_page)}"
                words.append(values[a["/T"]])
        writer.update_page_form_field_values(page, values, auto_regenerate=False, flatten=True)
        on_page.append((words, ticks))
    filled = io.BytesIO()
    writer.write(filled)
    assert all(words or ticks for words, ticks in on_page)
    for n, (words, ticks) in enumerate(on_page):
        image, text = rendered(filled.getvalue(), n)
        assert sorted(re.findall(r"W\d+", text)) == sorted(words)  # (side by side, read without spaces)
        before = rendered(original, n)[0]
        for box in ticks:  # ticked: a tick drawn inside the printed box
            assert dark(image, box) > dark(before, box) + 5


def kit_parts(kit: Path, game: Game) -> dict[str, Path]:
    """The parts a kit names its fields by (each component's title), and each one's own PDF."""
    paper = kit.stem.rsplit("-", 1)[1]
    return {c.title: kit.parent / f"{game.id}-{c.id}-{paper}.pdf" for c in game.components}


@pytest.mark.parametrize(("game", "edition", "paper"), [("pocket-bazaar", "standard", "a4"),
                                                        ("open-secret-exchange", "large-print", "letter")])
def test_a_kit_keeps_every_field_of_its_parts_each_name_unique(built, game, edition, paper):
    loaded, folder = game_of(game), built / game / edition
    for kit in sorted(folder.glob(f"{game}-*kit-{paper}.pdf")):
        with pikepdf.open(kit) as pdf:
            found = widgets(pdf)
            assert found, kit.name
            parts = list(pdf.Root.AcroForm.Fields)
            full = [f"{w.Parent.T}.{w.T}" for _, w in found]
            assert len(set(full)) == len(full) and {p.objgen for p in parts} == {w.Parent.objgen for _, w in found}
            own = kit_parts(kit, loaded)
            for part in parts:
                with pikepdf.open(own[str(part.T)]) as alone:
                    assert [(str(w.FT), str(w.TU)) for w in part.Kids] == [
                        (str(w.FT), str(w.TU)) for _, w in widgets(alone)]
            nums = list(pdf.Root.StructTreeRoot.ParentTree.Nums)
            parents = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
            for n, widget in found:
                form = parents[int(widget.StructParent)]
                assert str(form.S) == "/Form" and objr(form).Obj.objgen == widget.objgen
                assert widget.P.objgen == pdf.pages[n].objgen


def controls(page: Path) -> list[tuple[str, str]]:
    """Each form control of a text edition page: its type and the name a screen reader gives it (its label's
    words, or its aria-label)."""
    root = ET.parse(page).getroot()
    labels = {label.get("for"): "".join(label.itertext()) for label in root.iter(f"{XHTML}label")}
    return [(str(i.get("type")), i.get("aria-label") or labels.get(i.get("id"), ""))
            for i in root.iter(f"{XHTML}input")]


@pytest.mark.parametrize("game", SHIPPED)
def test_the_text_edition_offers_each_field_as_a_labelled_control(built, game):
    loaded = game_of(game)
    said = {"/Tx": "text", "/Btn": "checkbox"}
    pages = sorted((built / game).glob("*.html"))
    shown = [control for page in pages for control in controls(page)]
    assert all(name.strip() for _, name in shown)
    write_ins = {name for s in loaded.sheets for kind, name in expected(loaded, s, write_ins_only=True)}
    printed = set()
    for _, sheet, path in sheet_pdfs(built, (game,)):
        if path.parent.name == "standard" and path.name.endswith("-a4.pdf"):
            printed |= {(said[kind], f"{name}: a line to write on." if name in write_ins else name)
                        for kind, name in expected(loaded, sheet)}
    for component in (c for c in loaded.components if c.kind == "cards"):  # a card's lines to write on too
        with pikepdf.open(built / game / "standard" / f"{game}-{component.id}-a4.pdf") as pdf:
            on_cards = {(said[str(w.FT)], str(w.TU)) for _, w in widgets(pdf)}
        # each named by its card as the PDF's field is (`Market 1, desk A, B1`), or, on cards read once as alike
        # (36 slips), by what it is (`Code` of `Slip 3, Code`): the one entry has no card to name
        printed |= {(kind, name if (kind, name) in shown else name.rsplit(", ", 1)[-1]) for kind, name in on_cards}
    assert set(shown) == printed  # every copy's, each named by its copy as the PDF's fields are
    assert shown  # every shipped game has a sheet to write on


def in_browser(harness: str, page: Path, tmp_path: Path) -> dict[str, object]:
    """What the harness found of `page` in headless Chromium (its `data-found`, as JSON)."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no Chromium on this machine (.ci/run installs Debian's chromium)")
    made = tmp_path / "harness.html"
    made.write_text(harness % {"page": json.dumps(page.as_uri())}, encoding="utf-8")
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
               "--disable-background-networking", "--allow-file-access-from-files",
               f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=30000", "--dump-dom",
               made.as_uri()]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    result = re.search(r'data-found="([^"]*)"', run.stdout)
    assert result, f"the page did not load as often as the harness asks: {run.stderr[-2000:]}"
    found = json.loads(unescape(result.group(1)))
    assert isinstance(found, dict)
    return found


def test_what_is_written_in_the_text_edition_is_kept_by_the_browser(built, tmp_path):
    found = in_browser(KEEP, built / "pocket-bazaar" / "pocket-bazaar.html", tmp_path)
    assert found == {"text": "17", "box": True, "other": "", "note": True}, found


# Loads the page, writes 17 in its first text field and ticks its first tick box, loads it again and reads them
# back (and a field left alone), and whether the page now says it keeps what is written.
KEEP = """<!DOCTYPE html><html lang="en"><head><title>keep</title></head><body>
<iframe id="frame" title="page"></iframe>
<script>
const frame = document.getElementById("frame");
let loads = 0;
frame.onload = () => {
  const page = frame.contentDocument, texts = page.querySelectorAll('input[type="text"]');
  const box = page.querySelector('input[type="checkbox"]');
  loads += 1;
  if (loads === 1) {
    texts[0].value = "17";
    texts[0].dispatchEvent(new Event("input"));
    box.checked = true;
    box.dispatchEvent(new Event("change"));
    frame.contentWindow.location.reload();
    return;
  }
  document.documentElement.setAttribute("data-found", JSON.stringify(
    {text: texts[0].value, box: box.checked, other: texts[1].value, note: !page.querySelector("p.keep").hidden}));
};
frame.src = %(page)s;
</script></body></html>"""


def lines(page: pikepdf.Page) -> list[tuple[float, float, float]]:
    """Every level line the page's content draws (`m` then `l`), as x1, x2, y."""
    found, at = [], None
    for operands, op in pikepdf.parse_content_stream(page):
        if str(op) == "m":
            at = tuple(float(v) for v in operands)
        elif str(op) == "l" and at is not None and abs(float(operands[1]) - at[1]) < 0.01:
            found.append((min(at[0], float(operands[0])), max(at[0], float(operands[0])), at[1]))
    return found


@pytest.mark.parametrize(("edition", "paper"), [("standard", "a4"), ("large-print", "letter")])
def test_each_line_a_desk_card_asks_to_write_on_is_a_text_field_over_it(built, edition, paper):
    game = game_of("open-secret-exchange")
    cards = [c for c in game.decks["desk-cards"].cards if c.valid]
    wanted = [("/Tx", f"{c.label[:1].upper()}{c.label[1:]}, {code}") for c in cards for code in c.values["requests"]]
    path = built / game.id / edition / f"{game.id}-desk-cards-{paper}.pdf"
    with pikepdf.open(path) as pdf:
        found = widgets(pdf)
        assert [(str(w.FT), str(w.TU)) for _, w in found] == wanted and len(wanted) == 24
        drawn = {n: lines(pdf.pages[n]) for n in {n for n, _ in found}}
        for n, widget in found:  # its foot on the line, as long as it: room above the line to write in
            x1, y1, x2, y2 = (float(v) for v in widget.Rect)
            assert any(abs(x1 - a) < 0.02 and abs(x2 - b) < 0.02 and abs(y1 - y) < 0.02 for a, b, y in drawn[n])
            assert 8 < y2 - y1 < 40
            form = [f for f in forms(pdf.Root.StructTreeRoot.K[0]) if objr(f).Obj.objgen == widget.objgen]
            assert [str(f.Alt) for f in form] == [str(widget.TU)]


def card_controls(page: Path) -> list[str]:
    """The names of a private card page's controls, in the page's order."""
    return [name for kind, name in controls(page) if kind == "text"]


def test_a_desk_card_page_offers_each_line_to_write_on_as_a_named_control(built):
    game = game_of("open-secret-exchange")
    cards = [c for c in game.decks["desk-cards"].cards if c.valid]
    with zipfile.ZipFile(built / game.id / f"{game.id}-host.epub") as book:
        for n, card in enumerate(cards, 1):
            wanted = [f"{card.label[:1].upper()}{card.label[1:]}, {code}" for code in card.values["requests"]]
            page = built / game.id / f"{game.id}-desk-cards-{n}.html"
            assert card_controls(page) == wanted and len(wanted) == 3, page.name
            assert "function" in page.read_text(encoding="utf-8")  # the page keeps what is written in them
            chapter = ET.fromstring(book.read(f"EPUB/{page.stem}.xhtml"))
            assert [i.get("aria-label") for i in chapter.iter(f"{XHTML}input")] == wanted  # as the book's sheets


@pytest.mark.parametrize(("edition", "paper"), [("standard", "a4"), ("large-print", "letter")])
def test_each_line_a_slip_asks_to_write_on_is_a_text_field_named_by_its_label(built, edition, paper):
    path = built / "open-secret-exchange" / edition / f"open-secret-exchange-slips-{paper}.pdf"
    reader = pypdf.PdfReader(path)
    found = [(n, a.get_object()) for n, page in enumerate(reader.pages) for a in page.get("/Annots", [])]
    assert [(str(w["/FT"]), str(w["/TU"])) for _, w in found] == [  # each named by its slip, as a desk card's lines
        ("/Tx", f"Slip {n}, {what}") for n in range(1, 37) for what in ("Code", "Value")]
    with pikepdf.open(path) as pdf:  # over the line, as long as it, with room above it to write in
        drawn = {n: lines(pdf.pages[n]) for n in {n for n, _ in found}}
    for n, widget in found:
        x1, y1, x2, y2 = (float(v) for v in widget["/Rect"])
        assert any(abs(x1 - a) < 0.02 and abs(x2 - b) < 0.02 and abs(y1 - y) < 0.02 for a, b, y in drawn[n])
        assert 8 < y2 - y1 < 40


def test_the_text_edition_offers_a_slips_lines_to_write_on_as_named_controls(built):
    game = "open-secret-exchange"
    root = ET.parse(built / game / f"{game}.html").getroot()
    with zipfile.ZipFile(built / game / f"{game}.epub") as book:
        chapters = [ET.fromstring(book.read(n)) for n in book.namelist() if n.endswith(".xhtml")]
    def on_cards(page: ET.Element) -> list[str | None]:
        cards = [d for d in page.iter(f"{XHTML}div") if d.get("class") == "card"]
        return [i.get("aria-label") for d in cards for i in d.iter(f"{XHTML}input")]

    # the slips read once, "36 disclosure slips, all alike": one of each control, in the page and in the book
    assert on_cards(root) == ["Code", "Value"]
    assert sorted(named for chapter in chapters for named in on_cards(chapter)) == ["Code", "Value"]


def actual_around(element: pikepdf.Dictionary, covered: bool = False) -> Iterator[tuple[str, bool]]:
    """Each Form element's name, and whether an element round it is read by an /ActualText in its place."""
    k = element.get("/K")
    covered = covered or "/ActualText" in element
    for kid in [] if k is None else list(k) if isinstance(k, pikepdf.Array) else [k]:
        if isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") not in ("/MCR", "/OBJR"):
            if kid.get("/S") == "/Form":
                yield str(kid.Alt), covered or "/ActualText" in kid
            yield from actual_around(kid, covered)


@pytest.mark.parametrize("component", ["desk-cards", "ledgers"])
def test_no_field_is_hidden_behind_the_actual_text_of_an_element_round_it(built, component):
    path = built / "open-secret-exchange" / "standard" / f"open-secret-exchange-{component}-a4.pdf"
    with pikepdf.open(path) as pdf:
        found = list(actual_around(pdf.Root.StructTreeRoot))
        assert len(found) == len(widgets(pdf)) > 0
        assert not [name for name, covered in found if covered]


@pytest.mark.parametrize("game", SHIPPED)
def test_the_page_keeps_each_control_by_its_name_and_offers_to_clear_them(built, game):
    pages = 0
    for page in sorted((built / game).glob("*.html")):
        root = ET.parse(page).getroot()
        language = str(root.get("lang"))
        buttons = [b for b in root.iter(f"{XHTML}button") if b.get("data-clear") is not None]
        shown = controls(page)
        if not shown:
            assert not buttons, page.name
            continue
        pages += 1
        kept = [i.get("data-keep") for i in root.iter(f"{XHTML}input")]
        # kept by what it is, not its place: its name, which the name a reader hears holds
        assert all(key and key in name for key, (_, name) in zip(kept, shown, strict=True)), page.name
        assert len(set(kept)) > len(kept) // 2, page.name  # names, not one word for every field
        assert buttons, f"{page.name}: nothing to clear what the page keeps"
        for button in buttons:  # a real button (reached by keyboard), in the page's language, asking first
            assert button.get("type") == "button"
            assert "".join(button.itertext()).strip() == say(language, "html_clear")
            assert button.get("data-clear") == say(language, "html_clear_confirm")
    assert pages


def test_what_is_kept_follows_the_field_not_its_place_and_a_player_can_clear_it(built, tmp_path):
    page = built / "pocket-bazaar" / "pocket-bazaar.html"
    found = in_browser(CLEAR, page, tmp_path)
    first = ET.parse(page).getroot().find(f".//{XHTML}input[@type='text']")
    assert first is not None
    assert found == {"keys": [f"{first.get('data-keep')}"], "asked": True, "after": "", "left": 0}, found


# Writes 17 in the page's first text field and reloads; reads which keys the browser keeps for the page (the
# field's name after the page's prefix); clicks the page's clear button, agreeing when asked, and reloads: the
# field is empty and nothing of the page is kept.
CLEAR = """<!DOCTYPE html><html lang="en"><head><title>clear</title></head><body>
<iframe id="frame" title="page"></iframe>
<script>
const frame = document.getElementById("frame");
let loads = 0, keys = [], asked = false;
frame.onload = () => {
  const page = frame.contentDocument, text = page.querySelector('input[type="text"]');
  const prefix = "deckpress:" + frame.contentWindow.location.pathname + "#";
  const kept = () => Object.keys(localStorage).filter((k) => k.startsWith(prefix));
  loads += 1;
  if (loads === 1) {
    text.value = "17";
    text.dispatchEvent(new Event("input"));
    frame.contentWindow.location.reload();
  } else if (loads === 2) {
    keys = kept().map((k) => k.slice(prefix.length));
    frame.contentWindow.confirm = () => { asked = true; return true; };
    page.querySelector("button[data-clear]").click();
    frame.contentWindow.location.reload();
  } else {
    document.documentElement.setAttribute("data-found", JSON.stringify(
      {keys: keys, asked: asked, after: text.value, left: kept().length}));
  }
};
frame.src = %(page)s;
</script></body></html>"""


def test_each_field_is_kept_apart_whatever_its_name_and_an_older_key_is_read():
    """`seen = {}` counted a field named `constructor` or `__proto__` by Object's own (keys of garbage), and the
    second `Score` was kept as `Score (2)`, under the same key as a field of that name: each showed the other's
    value. Run in Node with a page and a store made up, no browser needed."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("no Node on this machine")
    script = (Path(__file__).parent.parent / "src/deckpress/publish/templates/keep.js").read_text(encoding="utf-8")
    run = subprocess.run([node, "-e", KEPT_APART % {"script": json.dumps(script)}], capture_output=True, text=True,
                         timeout=60, check=True)
    found = json.loads(run.stdout)
    assert found["again"] == ["a", "b", "c", "d", "e", "f"], found
    assert sorted(found["keys"]) == sorted(["Score", "constructor", "__proto__", "Score\0" "2", "Score (2)",
                                            "toString"]), found
    assert found["older"] == ["1", "2"] and found["older_named"] == ["1", "", "9"], found


# keep.js run over fields named `names` in a store `store` (key -> value, the page's prefix left off): what each
# field shows on loading; `typed` written in each field in turn.
KEPT_APART = """
const script = %(script)s, prefix = "deckpress:/page.html#";
function load(names, store, typed) {
  let ready = null;
  const inputs = names.map((name) => ({type: "text", value: "", on: {}, id: "",
    getAttribute: (a) => (a === "data-keep" ? name : null), addEventListener(e, f) { this.on[e] = f; }}));
  const document = {addEventListener: (e, f) => { ready = f; },
    querySelectorAll: (q) => (q === "input[data-keep]" ? inputs : [])};
  const localStorage = {getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, v),
    removeItem: (k) => store.delete(k), key: (i) => [...store.keys()][i], get length() { return store.size; }};
  new Function("document", "window", "location", script)(document, {localStorage}, {pathname: "/page.html"});
  ready();
  const shown = inputs.map((i) => i.value);
  (typed || []).forEach((v, n) => { inputs[n].value = v; inputs[n].on.input(); });
  return shown;
}
const names = ["Score", "constructor", "__proto__", "Score", "Score (2)", "toString"], store = new Map();
load(names, store, ["a", "b", "c", "d", "e", "f"]);
const again = load(names, store);
const keys = [...store.keys()].map((k) => k.slice(prefix.length));
const old = () => new Map([[prefix + "Score", "1"], [prefix + "Score (2)", "2"]]);
const older = load(["Score", "Score"], old());
const older_named = load(["Score", "Score", "Score (2)"], new Map([...old(), [prefix + "Score (2)", "9"]]));
process.stdout.write(JSON.stringify({again, keys, older, older_named}));
"""
