"""Standing type: a text set once in a box of its size is printed again card after card as it was set, to the
same fractions of a point; what is wrong with a text is still said on every card it is met on."""

from __future__ import annotations

from conftest import LAYOUTS

from deckpress.findings import Findings, Loc
from deckpress.layout import standing
from deckpress.layout.page import Drawing, Text
from deckpress.layout.text import Typesetter, draw, fit
from deckpress.load.layouts import LayoutReader
from deckpress.model import Style

LOC = Loc("layouts/standard/lot-card.yaml", 9, 5)
REMINDER = "No special effect. A set of all four collections earns 6 bonus points once per game."


def _typesetter() -> Typesetter:
    edition = LayoutReader(Findings()).edition([LAYOUTS], "standard", set())
    assert edition is not None
    return Typesetter(edition.theme, Findings(), "g", "lot-cards")


def _set_afresh(ts: Typesetter, text: str, style: Style, box: tuple[float, float, float, float],
                valign: str) -> list[object]:
    """The ops `text.draw` gives for the text in the box, set from nothing, as every card was before."""
    x, y, w, h = box
    fitted = fit(text, ts.font(style), style, w, h, ts.theme.line_spacing)
    assert fitted is not None
    spare = h - fitted.height
    d = Drawing((210, 297))
    draw(d, fitted, x, y + {"top": 0, "middle": spare / 2, "bottom": spare}[valign], w, style.align)
    return d.page.ops


def test_a_text_set_again_prints_what_setting_it_afresh_prints_wherever_its_box_lies() -> None:
    ts = _typesetter()
    for align in ("left", "centre", "right"):
        style = Style("regular", 7, 6, align)
        for valign in ("top", "middle", "bottom"):
            for box in [(4.0, 77.0, 55.0, 9.0), (67.5 + 4, 12.25 + 77, 55.0, 9.0), (134.1, 196.3, 55.0, 9.0)]:
                d = Drawing((210, 297))
                first = ts.box(d, REMINDER, style, box, LOC, "card 1 (a), reminder", valign)
                again = ts.box(d, REMINDER, style, box, LOC, "card 2 (b), reminder", valign)
                assert first is again is not None and len(first.lines) == 2
                afresh = _set_afresh(ts, REMINDER, style, box, valign)
                assert d.page.ops == afresh + afresh  # the same points, to the last bit
                assert all(isinstance(op, Text) for op in d.page.ops)
    assert not ts.findings


def test_a_text_that_does_not_fit_is_said_on_every_card_it_is_met_on() -> None:
    ts = _typesetter()
    style = Style("regular", 7, 6)
    d = Drawing((210, 297))
    for card in ("card 1 (a)", "card 2 (b)"):
        assert ts.box(d, REMINDER * 3, style, (4, 77, 55, 9), LOC, f"{card}, reminder") is None
    said = [f.message for f in ts.findings]
    assert len(said) == 2 and all("reminder: text does not fit its 55 x 9 mm box" in m for m in said), said
    assert not d.page.ops


def test_a_missing_glyph_is_said_on_every_card_and_nothing_is_kept() -> None:
    ts = _typesetter()
    style = Style("regular", 7, 6)
    d = Drawing((210, 297))
    for card in ("card 1 (a)", "card 2 (b)"):
        assert ts.box(d, "Lot \u4e00", style, (4, 77, 55, 9), LOC, f"{card}, flavour") is None
    assert len(ts.findings) == 2, [f.message for f in ts.findings]
    assert not ts.standing and not d.page.ops


def test_a_blank_translation_in_a_box_too_low_for_a_line_is_a_finding_at_its_entry() -> None:
    ts = _typesetter()
    entry = Loc("content/g/translations/de-DE.po", 12, 1)
    assert ts.fit("  ", Style("regular", 7, 6), 20, 0.5, entry, "card 1 (a), heading") is None
    assert "about 1 character too long" in ts.findings[0].message


def test_a_full_rack_keeps_what_it_holds_and_takes_no_more(monkeypatch):
    """Past its limit a rack takes no forme more, and each it holds stays standing for the next paper."""
    monkeypatch.setattr(standing, "KEPT_LIMIT", 3)
    rack, fitted, forme = standing.Rack(), object(), object()
    for n in range(5):
        rack.keep(("text", n), fitted, forme)  # type: ignore[arg-type]
    assert len(rack) == 3 and list(rack.kept) == [("text", 0), ("text", 1), ("text", 2)]
