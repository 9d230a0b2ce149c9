"""Layout keys are declared once: read by the declarations, documented from them, and the kinds are a registry."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import CONTENT, LAYOUTS, edit

from deckpress.findings import Findings, Loc
from deckpress.layout import schemas
from deckpress.layout.elements import KINDS, SHARED, read_element
from deckpress.layout.reference import BEGIN, END, main, reference, stale, updated
from deckpress.layout.text import Typesetter
from deckpress.load import load_game
from deckpress.load.layouts import LayoutReader, read_style
from deckpress.load.sources import read_yaml
from deckpress.model import Style
from deckpress.templating import Templates

README = LAYOUTS / "README.md"


def test_the_layout_reference_is_written_from_the_schemas():
    assert not stale(README.read_text(encoding="utf-8")), "layouts/README.md is stale: run `make layout-docs`"


def test_a_hand_edit_of_the_reference_makes_it_stale(tmp_path):
    text = README.read_text(encoding="utf-8")
    inside = text.replace("- `valign` (top | middle | bottom; top)", "- `valign` (top | bottom; top)", 1)
    assert inside != text and stale(inside)
    outside = text.replace("# Layouts", "# Layouts, by edition", 1)
    assert not stale(outside)  # the prose around the markers is the README's own
    path = tmp_path / "README.md"
    path.write_text(inside, encoding="utf-8")
    assert main([str(path)]) == 0 and path.read_text(encoding="utf-8") == text  # `make layout-docs` mends it


def test_the_reference_names_every_kind_key_icon_and_pattern():
    text = reference()
    assert text.startswith(BEGIN) and text.rstrip().endswith(END)
    keys = [k for kind in KINDS.values() for k in kind.keys] + list(SHARED) + list(schemas.BACK)
    for key in keys:
        assert f"- `{key.name}` ({key.shown_type()};" in text and key.doc in text, key.name
    for name in ("valign", "index", "count", "symbols", "entries", "pattern", "shape", "layout"):
        assert f"- `{name}` (" in text, name
    assert "`checks`, `dots`, `stripes`" in text and "`stripes`, `dots`, `checks`" in text  # shared icons, patterns
    assert "`content/<game>/icons/`" in text and "`:lantern:`" in text
    assert updated("# A README\n") == "# A README\n\n" + text


def test_element_kinds_are_registered_with_their_schemas():
    assert {"text", "icon", "pattern", "image", "symbol rows", "entries"} <= set(KINDS)
    leads = [lead for kind in KINDS.values() for lead in kind.leads]
    assert len(leads) == len(set(leads))
    assert type(KINDS["symbol rows"]).__module__ == "deckpress.plugins.stone_market.symbols"
    assert type(KINDS["entries"]).__module__ == "deckpress.plugins.open_secret_exchange.entries"
    for kind in KINDS.values():
        assert kind.doc and all(k.doc for k in kind.keys) and set(kind.leads) <= {k.name for k in kind.keys}


def read(tmp_path: Path, text: str) -> tuple[object, list[str]]:
    path = tmp_path / "element.yaml"
    path.write_text(text, encoding="utf-8")
    findings = Findings()
    theme = LayoutReader(findings).edition([LAYOUTS], "standard", set())
    node = read_yaml(path, "element.yaml", findings)
    assert theme is not None and node is not None
    element = read_element(node, theme.theme, findings, lambda name, n: Style("regular", 10, 8))
    return element, [f.message for f in findings]


def test_an_element_is_read_by_its_kinds_schema(tmp_path):
    stars = "name: stars\nicon: star\ncount: '{{ card.stars }}'\nstroke_pt: 1.25\nbox_mm: [1, 2, 3, 4]\n"
    element, messages = read(tmp_path, stars)
    assert messages == []
    assert (element.kind, element.keys, element.box, element.valign) == (
        "icon", {"icon": "star", "count": "{{ card.stars }}", "stroke_pt": 1.25, "alt": None, "fit": "contain"},
        (1, 2, 3, 4), "top")
    element, messages = read(tmp_path, "name: stones\nsymbols: stones\nbox_mm: [1, 2, 3, 4]\nstyle: {}\n")
    assert element is None and messages == ["element is missing required key 'shapes'"]


def test_an_alt_may_be_empty_text_and_nothing_else(tmp_path):
    """`alt: ''` silences a picture, as the reference says; any other value but text is a finding."""
    icon = "name: mark\nicon: star\nbox_mm: [1, 2, 3, 4]\n"
    element, messages = read(tmp_path, icon + "alt: ''\n")
    assert messages == [] and element.keys["alt"] == ""
    for bad, said in (("[1, 2]", "a list"), (".nan", "nan"), ("7", "7")):
        element, messages = read(tmp_path, icon + f"alt: {bad}\n")
        assert element is None and messages == [f"alt must be non-empty text, got {said}"]


def test_an_element_names_exactly_one_kind(tmp_path):
    element, messages = read(tmp_path, "name: both\nfield: a\npattern: dots\nbox_mm: [1, 2, 3, 4]\n")
    assert element is None and len(messages) == 1
    assert messages[0].startswith("an element needs exactly one of ") and "'entries'" in messages[0]
    element, messages = read(tmp_path, "name: x\nfield: a\ncount: '2'\nbox_mm: [1, 2, 3, 4]\nstyle: {}\n")
    assert any(m.startswith("unknown key 'count' in element") for m in messages)  # `count` is an icon's


def test_style_keys_read_are_the_keys_documented(tmp_path):
    findings = Findings()
    theme = LayoutReader(findings).edition([LAYOUTS], "standard", set())
    path = tmp_path / "style.yaml"
    path.write_text("{font: bold, size: 10, colour: red}\n", encoding="utf-8")
    node = read_yaml(path, "style.yaml", findings)
    read_style("s", node, theme.theme, findings)
    expected = ", ".join(k.name for k in schemas.STYLE)
    assert [f.message for f in findings] == [f"unknown key 'colour' in style s (expected: {expected})"]


def test_back_keys_read_are_the_keys_documented_on_pocket_bazaars_deck(tmp_path):
    shutil.copytree(CONTENT / "pocket-bazaar", tmp_path / "pocket-bazaar")
    game_yaml = tmp_path / "pocket-bazaar" / "game.yaml"
    edit(game_yaml, "back: {layout: lot-back}", "back: {colour: red, layout: lot-back}")
    findings = Findings()
    load_game(tmp_path / "pocket-bazaar", "pocket-bazaar", findings, Templates())
    expected = ", ".join(k.name for k in schemas.BACK)
    assert [f.message for f in findings] == [f"unknown key 'colour' in back of deck lots (expected: {expected})"]


def test_no_shape_of_a_game_is_python():
    import deckpress.layout.elements.pattern as patterns

    source = Path(patterns.__file__).read_text(encoding="utf-8")
    assert not any(f'"{name}"' in source for name in ("lantern", "teacup", "key", "map", "star", "hexagon"))
    assert not (Path(patterns.__file__).parents[1] / "pictograms.py").exists()  # nor a back: backs are layouts
    assert not (Path(patterns.__file__).parents[1] / "back.py").exists()
    assert sorted(p.stem for p in (CONTENT / "pocket-bazaar" / "icons").glob("*.svg")) == [
        "key", "lantern", "map", "teacup"]
    assert sorted(p.stem for p in (CONTENT / "stone-market" / "icons").glob("*.svg")) == [
        "circle", "diamond", "hexagon", "square", "star", "triangle"]
    assert sorted(p.stem for p in (LAYOUTS / "icons").glob("*.svg")) == ["checks", "dots", "stripes"]


def test_measuring_reports_nothing_and_then_reporting_resumes():
    findings = Findings()
    theme = LayoutReader(findings).edition([LAYOUTS], "standard", set())
    ts = Typesetter(theme.theme, findings, "g", "c")
    with ts.measuring():
        with ts.measuring():
            ts.findings.error(Loc("x"), "nested")
        ts.findings.error(Loc("x"), "measured")
        assert ts.fit("word " * 200, Style("regular", 10, 8), 10, 5, Loc("x"), "t") is None
    assert list(findings) == []
    ts.findings.error(Loc("x"), "set")
    assert [f.message for f in findings] == ["set"]
