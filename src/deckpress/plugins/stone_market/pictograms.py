"""Stone Market's stone shapes: each stone carries a shape and a letter as well as a colour."""

from __future__ import annotations

from deckpress.layout.pictograms import register_pictograms

register_pictograms({
    "circle": (("circle", 0.5, 0.5, 0.46, None),),
    "square": (("rect", 0.08, 0.08, 0.84, 0.84, None),),
    "triangle": (("poly", ((0.5, 0.04), (0.96, 0.9), (0.04, 0.9)), None, True),),
    "diamond": (("poly", ((0.5, 0.02), (0.98, 0.5), (0.5, 0.98), (0.02, 0.5)), None, True),),
    "hexagon": (("poly", ((0.27, 0.07), (0.73, 0.07), (0.97, 0.5), (0.73, 0.93), (0.27, 0.93), (0.03, 0.5)), None,
                 True),),
    "star": (("poly", ((0.5, 0.02), (0.62, 0.36), (0.98, 0.37), (0.69, 0.59), (0.79, 0.95), (0.5, 0.74), (0.21, 0.95),
                       (0.31, 0.59), (0.02, 0.37), (0.38, 0.36)), 0, True),),
})

# where the letter sits inside each stone shape (centre x, baseline-ish centre y), as a share of the size
LETTER_CENTRE = {"triangle": 0.62}
