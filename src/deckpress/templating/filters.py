"""The filters content text may use to follow its parameters in words: `words`, `ordinal`, `series`, `times`,
each in the game's language: a translated game's (or a game written in another language) renders with its
language under `LANGUAGE` among its parameters, and the filters take their words from the press's table for it
(deckpress.words: `number_words`, `ordinal_words`, ...) and a list's `and` from Babel's CLDR data. English, the
default, keeps its own wording (the serial comma is a choice there)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context

from deckpress.words import known
from deckpress.words import words as table

LANGUAGE = "_language"  # among a game's parameters when it is not in English: the language its filters write
TEXTS = "_texts"  # among a translated game's parameters: its layouts' texts translated, by source text
ENTRIES = "_entries"  # and where each translation is written (its PO entry), by source text
ORIGINS = "_origins"  # among a game's parameters: where each is set in its game.yaml, by name (a finding's place,
# whenever the game's pages are laid out: after the next game has loaded, for most)


def language_of(names: Mapping[str, Any] | Context) -> str:
    """The language of the game whose names a template renders with: English unless they say otherwise."""
    language = names.get(LANGUAGE)
    return language if isinstance(language, str) else "en"


GENDERS = {"m": 0, "masculine": 0, "f": 1, "feminine": 1, "n": 2, "neuter": 2}  # a form's place in number_genders


def spelled(number: int, language: str = "en", gender: str | None = None) -> str:
    """4 -> 'four' ('vier' in German), so rule text can say 'four teams' and still follow the parameters; with a
    gender (`m`, `f`, `n`), the form before a noun of that gender where the language's numerals inflect (Greek
    4: `τέσσερις` feminine, `τέσσερα` neuter; Spanish 1: `una`), its plain form where they do not."""
    if gender is not None and gender not in GENDERS:  # whatever the number: a slip is caught on every count
        raise ValueError(f"words: no gender {gender!r}: give m, f or n (masculine, feminine, neuter)")
    names = table(language)["number_words"].split()
    if isinstance(number, bool) or not (isinstance(number, int) and 0 <= number < len(names)):
        return str(number)  # `true` is no count: it reads as written, not as `one`
    if gender is None:
        return names[number]
    return _gendered(table(language)["number_genders"]).get(number, ("", "", ""))[GENDERS[gender]] or names[number]


def _gendered(forms: str) -> dict[int, tuple[str, ...]]:
    """`1=ένας/μία/ένα 3=τρεις/τρεις/τρία` -> {1: ('ένας', 'μία', 'ένα'), 3: ...}; `none` -> {}."""
    pairs = [item.split("=", 1) for item in forms.split() if "=" in item]
    return {int(number): tuple(said.split("/")) for number, said in pairs}


def nth(number: int, language: str = "en") -> str:
    """4 -> 'fourth' ('vierte'); past the table's words, digits as the language marks them ('13th', '13.')."""
    names = table(language)["ordinal_words"].split()
    if isinstance(number, int) and 0 <= number < len(names):
        return names[number]
    return table(language)["ordinal_digits"].format(number=number)


def listed(items: list[object], oxford: bool = True, language: str = "en") -> str:
    """['A', 'B', 'C'] -> 'A, B, and C' (or 'A, B and C' without the serial comma); 'A, B und C' in German."""
    names = [str(i) for i in items]
    if len(names) < 2:
        return "".join(names)
    if known(language) not in (None, "en"):
        from babel import Locale
        from babel.lists import format_list

        return format_list(names, locale=Locale.parse(language.replace("-", "_")))
    last = ", and " if oxford and len(names) > 2 else " and "
    return ", ".join(names[:-1]) + last + names[-1]


def counted(number: int, language: str = "en") -> str:
    """1 -> 'once', 2 -> 'twice', 3 -> 'three times' ('einmal', 'zweimal', 'drei Mal')."""
    say = table(language)
    return {1: say["times_once"], 2: say["times_twice"]}.get(number) or \
        say["times_many"].format(count=spelled(number, language))


@pass_context
def words(context: Context, number: int, gender: str | None = None) -> str:
    """`{{ n | words }}`, or `{{ n | words('f') }}` before a feminine noun (`m`, `f`, `n` or the genders' names)."""
    return spelled(number, language_of(context), gender)


@pass_context
def ordinal(context: Context, number: int) -> str:
    return nth(number, language_of(context))


@pass_context
def series(context: Context, items: list[object], oxford: bool = True) -> str:
    return listed(items, oxford, language_of(context))


@pass_context
def times(context: Context, number: int) -> str:
    return counted(number, language_of(context))


FILTERS: dict[str, Callable[..., str]] = {"words": words, "ordinal": ordinal, "series": series, "times": times}
