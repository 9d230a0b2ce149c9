"""Numbers as a language writes them: `63.0 mm` in English, `63,0 mm` in German.

The digits are Python's own formatting (so an English build keeps its bytes); only the decimal sign is the
locale's, from Babel's CLDR data.
"""

from __future__ import annotations

from functools import cache


@cache
def decimal_sign(language: str) -> str:
    """The decimal sign of `language` (a BCP 47 tag): `.` in English, `,` in German; `.` for a tag CLDR lacks."""
    from babel import Locale, UnknownLocaleError  # loaded the first time a number is written, not at start-up
    from babel.numbers import get_decimal_symbol

    try:
        return str(get_decimal_symbol(Locale.parse(language.replace("-", "_"))))
    except (UnknownLocaleError, ValueError):
        return "."


def decimal(value: float, language: str, places: int = 1) -> str:
    """`value` with `places` decimals, its decimal sign the language's: decimal(1.25, "de") == "1,2"."""
    return f"{value:.{places}f}".replace(".", decimal_sign(language))
