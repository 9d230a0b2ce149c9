"""The words the press prints itself (marks, print check, footers, kit and catalogue headings), by language.

A game's `language` picks the table; every table has every key (a test holds them to English's). Content words
(titles, rule text, card text) are the game's own and never come from here.
"""

from __future__ import annotations

from collections.abc import Mapping

# Keys are grouped by the stage that prints them; values are str.format templates with named fields.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        # --- layout: marks, print check, calibration, booklet ---
        "fold": "fold",
        "length_mm": "{mm} mm",
        "length_in": "{inches} in",
        "print_check": "Print check",
        "print_check_steps": "Print at 100% / Actual size, then measure. Print single-sided on {paper} paper with "
                             "\"Fit to page\" and \"Shrink to fit\" turned off. The square must measure 50 mm on "
                             "each side and the ruler 2 in. If either is off, change the print settings before "
                             "printing the rest.",
        "calibration": "Printer calibration",
        "calibration_front": "Printer calibration, front. Print this page and the next on the two sides of one "
                             "sheet, flipping on the {edge}.",
        "calibration_back": "Printer calibration, back. Hold the sheet against the light. Each cross on the front "
                            "falls on a millimetre scale here: read how far it lies from the scale's centre (right "
                            "and down count positive), then build again with --offset-x and --offset-y set to those "
                            "distances.",
        "edge_long": "long edge",
        "edge_short": "short edge",
        "booklet_footer": "{title}: rules, page {page} of {pages}",
        # --- publish: kit, manifest titles, text edition, catalogue ---
    },
}


def words(language: str) -> Mapping[str, str]:
    """The table for `language` (a BCP 47 tag such as `en` or `en-GB`: its primary subtag picks the table)."""
    return WORDS[known(language) or "en"]


def known(language: str) -> str | None:
    """The table's key for `language`, or None when the press has no words in it (the loader reports that)."""
    primary = language.split("-")[0].lower()
    return primary if primary in WORDS else None
