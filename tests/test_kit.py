"""Kits: components joined by copying their objects. Read back by pypdf (strictly) and drawn by PDFium, every kit
page is its component's page, pixel for pixel."""

from __future__ import annotations

import io
import re
import warnings

import pikepdf
import pypdfium2
import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from deckpress.draw.finish import DocInfo, finish
from deckpress.draw.kit import kit
from deckpress.draw.kit_kept import replaced, runs
from deckpress.draw.kit_part import REFERENCES, Part

INFO = DocInfo("Stone Market: Print-and-play kit (A4)", "Round & Revel", "Wares (and stones) \\ 1 0 R", "en-GB")


LINK = "https://example.org/a(b)c 12 0 R stream\n<< /Parent 3 0 R >>"  # reads like references and a stream


def component(lines: list[list[str]], info: DocInfo = INFO, size: tuple[float, float] = (300, 200)) -> bytes:
    """A small ReportLab file as the render stage writes them: a page per list of lines, in two fonts, with a form,
    a picture with transparency (its mask is an object of its own) and a link whose text looks like PDF syntax."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=size, invariant=1, pageCompression=1)
    finish(canvas, info)
    art = Image.new("RGBA", (8, 8), (0, 0, 0, 0))
    art.paste((40, 40, 40, 255), (2, 2, 6, 6))
    canvas.beginForm("ring", 0, 0, 60, 60)
    canvas.circle(30, 30, 25)
    canvas.endForm()
    for page in lines:
        for i, line in enumerate(page):
            canvas.setFont("Helvetica-Bold" if i == 0 else "Times-Roman", 14)
            canvas.drawString(20, 160 - 20 * i, line)
        canvas.saveState()
        canvas.translate(220, 20)
        canvas.doForm("ring")
        canvas.restoreState()
        canvas.drawImage(ImageReader(art), 150, 20, 40, 40, mask="auto")
        canvas.linkURL(LINK, (20, 20, 120, 40))
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def pixels(pdf: bytes) -> list[bytes]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.render(scale=1).to_pil().tobytes() for page in document]
    finally:
        document.close()


PARTS = [("Print check", component([["Print at 100%", "measure the square"]])),
         ("Lot cards (é, ü)", component([["Lot 1", "7 points"], ["Lot 2", "1 0 R (not a reference)"]],
                                        size=(200, 300))),
         ("Rules", component([["Rules", "Bid in secret"], ["Scoring"], ["Ending"]]))]


def test_a_kit_is_its_parts_page_for_page():
    joined = kit(PARTS, INFO)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pypdf warns of anything it has to repair
        reader = PdfReader(io.BytesIO(joined), strict=True)
        assert len(reader.pages) == 6
        assert [p.extract_text().strip() for p in reader.pages][:3] == [
            "Print at 100%\nmeasure the square", "Lot 1\n7 points", "Lot 2\n1 0 R (not a reference)"]
    assert pixels(joined) == [page for _, pdf in PARTS for page in pixels(pdf)]
    links = [a.get_object()["/A"]["/URI"] for p in reader.pages for a in p["/Annots"]]
    assert links == [LINK] * 6  # text that looks like references is copied as it was


def test_a_kit_has_a_bookmark_per_part_at_its_first_page_and_the_finish_of_a_component():
    reader = PdfReader(io.BytesIO(kit(PARTS, INFO)), strict=True)
    assert [o.title for o in reader.outline] == ["Print check", "Lot cards (é, ü)", "Rules"]
    assert [reader.get_destination_page_number(o) for o in reader.outline] == [0, 1, 3]
    assert reader.page_mode == "/UseOutlines"
    assert reader.metadata.title == INFO.title
    assert reader.metadata.subject == INFO.subject
    assert reader.trailer["/Root"]["/Lang"] == "en-GB"
    assert reader.viewer_preferences["/PrintScaling"] == "/None"


def test_a_kit_is_the_same_bytes_each_time_and_copies_only_what_pages_use():
    joined = kit(PARTS, INFO)
    assert joined == kit(PARTS, INFO)
    # the parts' own catalogues, page trees and information (ReportLab dates its own) stay behind
    assert joined.count(b"/Type /Catalog") == 1 and joined.count(b"/Type /Pages") == 1
    assert b"/CreationDate" not in joined


def test_a_part_a_kit_cannot_join_whole_is_refused():
    with_outline = io.BytesIO()
    canvas = Canvas(with_outline, invariant=1)
    canvas.drawString(10, 10, "Chapter")
    canvas.bookmarkPage("c")
    canvas.addOutlineEntry("Chapter", "c")
    canvas.showPage()
    canvas.save()
    with pytest.raises(ValueError, match="Rules: its catalogue or page tree has entries a kit would lose"):
        kit([("Rules", with_outline.getvalue())], INFO)
    with pytest.raises(ValueError, match="Rules: not a PDF with one cross-reference table"):
        kit([("Rules", b"%PDF-1.4\nnonsense\nstartxref\n9\n%%EOF")], INFO)


def test_a_built_kit_is_its_components_page_for_page(built):
    folder = built / "stone-market" / "standard"
    parts = ["exchange-cards", "ware-cards", "reference-cards", "score-sheets", "stones", "die", "rules"]
    kit_pages = pixels((folder / "stone-market-kit-a4.pdf").read_bytes())
    component_pages = [p for name in parts for p in pixels((folder / f"stone-market-{name}-a4.pdf").read_bytes())]
    assert kit_pages[-len(component_pages):] == component_pages  # after the print check


def test_a_cut_or_broken_part_is_refused_with_its_title_never_read_on():
    good = component([["Lot 1"]])
    start = int(good[good.rindex(b"startxref") + 9:].split()[0])
    broken = {
        "a cut file": good[:len(good) // 2],
        "its table said past the end": good.replace(b"startxref\n%d" % start, b"startxref\n%d" % (start + 10**6)),
        "a table of more entries than the file holds": re.sub(rb"xref\n0 \d+", b"xref\n0 99999999999", good),
        "an object said past the end": good[:start] + re.sub(rb"\n\d{10} 00000 n", b"\n9999999999 00000 n",
                                                              good[start:], count=1),
    }
    for case, pdf in broken.items():
        with pytest.raises(ValueError, match=r"kit: Lot cards: (not a PDF|object 1 lies outside)"):
            kit([("Lot cards", pdf)], INFO)
        assert case
    for root in (b"0", b"99999999999"):
        with pytest.raises(ValueError, match=r"kit: Lot cards: object \d+ is referred to but not in the file"):
            kit([("Lot cards", re.sub(rb"/Root \d+ 0 R", b"/Root " + root + b" 0 R", good))], INFO)


def test_every_reference_in_a_component_is_set_after_a_space(built):
    """What the kept part's guard counts on (deckpress.draw.kit_kept): the press sets out every reference after a
    space, so counting " N 0 R" finds every reference to N."""
    for path in sorted(built.glob("*/standard/*-a4.pdf")):
        if "-kit-" in path.name:
            continue
        part = Part(path.name, path.read_bytes())
        for n in range(1, len(part.at)):
            if part.at[n]:
                head = part.head(n)
                assert all(head[t.start(1) - 1] == ord(" ") for t in REFERENCES.finditer(head) if t[1]), (path, n)


def kept_runs(part: Part) -> object:
    return runs(part, replaced(part))


def raw_objects(pdf: bytes) -> dict[int, bytes]:
    """Each object's bytes as they lie in the file, by number, from its cross-reference table."""
    table = int(re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", pdf)[1])
    head = re.match(rb"xref\s+0 (\d+)\s+", pdf[table:])
    entries = pdf[table + head.end():]
    at = {n: int(entries[20 * n:20 * n + 10]) for n in range(1, int(head[1])) if entries[20 * n + 17] == ord("n")}
    ends = sorted([*at.values(), table])
    end_of = dict(zip(ends, ends[1:], strict=False))
    return {n: pdf[start:end_of[start]] for n, start in at.items()}


def test_the_largest_part_keeps_its_objects_byte_for_byte_under_their_own_numbers(built):
    folder = built / "stone-market" / "standard"
    parts = [(name, (folder / f"stone-market-{name}-a4.pdf").read_bytes()) for name in ("rules", "score-sheets")]
    joined, sheets = raw_objects(kit(parts, INFO)), Part("score sheets", parts[1][1])  # the larger, with fields
    own = raw_objects(parts[1][1])
    apart = replaced(sheets) | set(sheets.structure.documents) | set(sheets.fields)
    copied = [n for n in own if n not in apart]
    assert len(copied) > 500 and kept_runs(sheets) is not None
    for n in copied:  # each as it was: its references, its parent-tree keys, its stream
        assert joined[n] == own[n], n
    for n in sheets.structure.documents:
        assert b"/S /Part /T (score-sheets)" in joined[n]
    for n in replaced(sheets):  # the kit's own objects in their places, or null
        assert joined[n] != own[n], n
    with pikepdf.open(io.BytesIO(kit(parts, INFO))) as pdf:  # the rules' keys after the kept part's, none twice
        root = pdf.Root.StructTreeRoot
        keys = [int(k) for k in list(root.ParentTree.Nums)[::2]]
        assert keys == sorted(set(keys)) and int(root.ParentTreeNextKey) == keys[-1] + 1
        marked = [int(p.StructParents) for p in pdf.pages] + [int(a.StructParent) for p in pdf.pages
                                                                for a in p.get("/Annots", []) if "/StructParent" in a]
        assert sorted(marked) == keys


def test_a_part_referring_elsewhere_to_what_the_kit_replaces_is_copied_object_by_object(built):
    """A reference the kit could not keep (an element naming the catalogue as its page, set out as the press sets
    out references) or what reads like one (a text) makes the part copied object by object, as every part was."""
    pdf = (built / "stone-market" / "standard" / "stone-market-ware-cards-a4.pdf").read_bytes()
    part = Part("ware cards", pdf)
    assert kept_runs(part) is not None
    catalog = b"%d" % part.catalog
    parent = re.search(rb"/P (\d{%d}) 0 R" % len(catalog), pdf)  # as long: every object stays where the table says
    said = re.search(rb"/ActualText \(([^()\\]{%d,})\)" % (len(catalog) + 5), pdf)
    assert parent is not None and said is not None
    stray = pdf[:parent.start(1)] + catalog + pdf[parent.end(1):]
    text = pdf[:said.start(1)] + b" %s 0 R" % catalog + pdf[said.start(1) + len(catalog) + 5:]
    assert kept_runs(Part("ware cards", stray)) is None and kept_runs(Part("ware cards", text)) is None
    joined = kit([("Ware cards", stray)], INFO)
    assert joined.count(b"/Type /Catalog") == 2  # the part's, reached from its element, beside the kit's own
    assert pixels(kit([("Ware cards", text)], INFO)) == pixels(joined) == pixels(pdf)
