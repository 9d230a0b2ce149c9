"""As many cards a sheet as fit, portrait or landscape, with room for the marks and the slug; and for duplex,
every back behind its own front once the sheet is turned over as the printer turns it."""

from __future__ import annotations

import pytest

from deckpress.layout.imposition import PrintSetup, impose
from deckpress.layout.page import PAPERS

POKER = (63.0, 88.0)
EDGE, BLED_EDGE = 4.2, 4.2 + 1.5 + 4  # printer margin; and the crop marks beyond it (standard theme)
SHORT_MARKS_EDGE = 4.2 + 1.5 + 2.5  # the crop marks at their shortest
SLUG = ((3.8, 0.0, 0.0),)  # one line of 6 pt at the foot


def test_bled_poker_cards_go_eight_to_an_a4_sheet_turned_landscape_with_shorter_crop_marks() -> None:
    full = impose(PAPERS["a4"], POKER, (3, 3), PrintSetup(bleed=3), BLED_EDGE, SLUG)
    assert full is not None and full.per_sheet == 4  # 4.2 mm of printer margin and 4 mm marks leave 2 x 2
    plan = impose(PAPERS["a4"], POKER, (3, 3), PrintSetup(bleed=3), SHORT_MARKS_EDGE, SLUG)
    assert plan is not None and plan.per_sheet == 8  # 4 x 2 of 69 x 94 mm with 2.5 mm marks
    assert plan.paper == (297.0, 210.0)  # MediaBox wide


def test_room_kept_at_the_right_for_an_upright_slug_moves_the_cards_left_not_off_the_sheet() -> None:
    lp = (89.0, 127.0)  # large-print cards, 2 x 2 on Letter: 25.4 mm spare down the sheet, 37.9 mm across it
    foot = impose(PAPERS["letter"], lp, (2, 2), PrintSetup(), EDGE, ((17.1, 0.0, 0.0),))
    assert foot is not None and foot.per_sheet < 4  # two lines of 18 pt at the foot cost a row
    side = impose(PAPERS["letter"], lp, (2, 2), PrintSetup(), EDGE, ((0.0, 0.0, 25.0),))
    assert side is not None and side.per_sheet == 4 and side.side == 25.0
    assert min(x for x, _ in side.fronts) >= EDGE - 1e-9
    assert max(x for x, _ in side.fronts) + lp[0] <= PAPERS["letter"][0] - EDGE - 25.0 + 1e-9


def test_fold_and_glue_prints_four_poker_cards_on_a_landscape_sheet() -> None:
    plan = impose(PAPERS["a4"], POKER, (3, 3), PrintSetup(fold=True), EDGE, SLUG)
    assert plan is not None and plan.per_sheet == 4 and plan.paper[0] > plan.paper[1]


def test_a_plain_print_stays_portrait_when_that_holds_the_whole_grid() -> None:
    plan = impose(PAPERS["letter"], POKER, (3, 3), PrintSetup(), EDGE, SLUG)
    assert plan is not None and plan.per_sheet == 9 and plan.paper == PAPERS["letter"]


def test_the_grid_caps_the_cards_a_sheet_holds_in_its_own_shape() -> None:
    plan = impose(PAPERS["a4"], (19.0, 19.0), (2, 3), PrintSetup(), EDGE, SLUG)
    assert plan is not None and plan.per_sheet == 6 and len({x for x, _ in plan.fronts}) == 2
    wide = impose(PAPERS["a4"], (63.0, 44.0), (2, 2), PrintSetup(), EDGE, SLUG)
    assert wide is not None and wide.per_sheet == 4 and len({x for x, _ in wide.fronts}) == 2


def test_the_slug_band_and_the_marks_stay_free() -> None:
    for paper in PAPERS.values():
        for setup in (PrintSetup(), PrintSetup(bleed=3), PrintSetup(fold=True), PrintSetup(duplex="long-edge")):
            edge = BLED_EDGE if setup.bleed else EDGE
            plan = impose(paper, POKER, (3, 3), setup, edge, ((10.0, 0.0, 0.0),))
            assert plan is not None
            pw, ph = plan.paper
            for x, y in [*plan.fronts, *plan.backs]:
                b = setup.bleed
                assert x - b >= edge - 1e-9 and x + POKER[0] + b <= pw - edge + 1e-9
                assert y - b >= edge - 1e-9 and y + POKER[1] + b <= ph - edge - 10.0 + 1e-9


def _turned_over(x: float, y: float, cell: tuple[float, float], paper: tuple[float, float], duplex: str,
                 ) -> tuple[float, float]:
    """Where a card's trim lies on the other side, from the physical flip: a long-edge flip turns the sheet about
    its long axis, a short-edge flip about its short one."""
    (pw, ph), (cw, ch) = paper, cell
    long_axis_upright = ph >= pw
    about_upright = long_axis_upright == (duplex == "long-edge")
    return (pw - x - cw, y) if about_upright else (x, ph - y - ch)


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
@pytest.mark.parametrize("landscape", [False, True])
def test_each_back_lands_behind_its_front(duplex: str, landscape: bool) -> None:
    # bled poker cards turn the A4 sheet landscape; plain ones keep it portrait
    setup = PrintSetup(duplex=duplex, bleed=3 if landscape else 0)
    plan = impose(PAPERS["a4"], POKER, (3, 3), setup, SHORT_MARKS_EDGE if landscape else EDGE, SLUG)
    assert plan is not None and (plan.paper[0] > plan.paper[1]) == landscape
    assert len(set(plan.backs)) == plan.per_sheet > 1
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert back == pytest.approx(_turned_over(*front, POKER, plan.paper, duplex))
