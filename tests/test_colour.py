"""Colours and WCAG 2 contrast."""

from __future__ import annotations

import pytest

from deckpress.colour import BLACK, WHITE, contrast, from_hex


def test_black_on_white_is_the_strongest_contrast_and_a_colour_against_itself_none():
    assert contrast(BLACK, WHITE) == pytest.approx(21)
    assert contrast(WHITE, WHITE) == pytest.approx(1)


def test_wcag_examples():
    grey = from_hex("grey", "#767676")  # the lightest grey that passes 4.5:1 on white
    assert grey is not None and contrast(grey, WHITE) == pytest.approx(4.54, abs=0.01)
    assert grey.hex == "#767676"


def test_only_six_hex_digits_make_a_colour():
    assert from_hex("x", "#12345") is None and from_hex("x", "red") is None
