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
