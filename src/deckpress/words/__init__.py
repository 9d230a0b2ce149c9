"""The words the press prints itself (marks, print check, slug lines, kit and catalogue headings), by language.

Each language's table is a YAML file beside this module (`en.yaml` the source, `de.yaml`, `fr.yaml`, ...): its
header says who or what translated it and whether a fluent speaker has reviewed it (`status`), and its `words`
hold every key English has, with the same {fields} (a test holds them so). YAML rather than gettext: the press's
words are looked up by key, a table is one file a reviewer reads top to bottom beside English, and a game's own
texts, which translators' tools handle, are the ones kept in PO files (deckpress.translation).

A game's `language` (a BCP 47 tag: `de`, `de-DE`) picks the table by its primary subtag. Content words (titles,
rule text, card text) are the game's own and never come from here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import yaml

from deckpress.words.numbers import decimal, decimal_sign

if TYPE_CHECKING:
    from babel.plural import PluralRule

LANGUAGES = ("en", "de", "fr", "es", "it", "nl", "el")  # English first: the source the others are translated from
STATUSES = ("source", "reviewed", "draft")


@dataclass(frozen=True)
class Table:
    """One language's table: its words and what its header says of them."""

    language: str
    name: str  # the language's own name for itself: `Deutsch`
    translated_by: str
    status: str  # source | reviewed | draft (awaiting a fluent review)
    words: dict[str, str]


def _read(language: str) -> Table:
    text = resources.files(__name__).joinpath(f"{language}.yaml").read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return Table(language, str(data["name"]), str(data["translated_by"]), str(data["status"]),
                 {str(k): str(v) for k, v in data["words"].items()})


class _ByLanguage(Mapping[str, Any]):
    """Something of each language the press has words for."""

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


class _Tables(_ByLanguage):
    """Every language's table, each read the first time it is asked for: a build in English reads one file."""

    def __init__(self) -> None:
        self._read: dict[str, Table] = {}

    def __getitem__(self, language: str) -> Table:
        if language not in LANGUAGES:
            raise KeyError(language)
        if language not in self._read:
            self._read[language] = _read(language)
        return self._read[language]


class _Words(_ByLanguage, MutableMapping[str, Mapping[str, str]]):
    """Each language's words (its table's), by language; one may be set in their place (a test's own words)."""

    def __init__(self) -> None:
        self._set: dict[str, Mapping[str, str]] = {}

    def __getitem__(self, language: str) -> Mapping[str, str]:
        return self._set[language] if language in self._set else TABLES[language].words

    def __setitem__(self, language: str, table: Mapping[str, str]) -> None:
        self._set[language] = table

    def __delitem__(self, language: str) -> None:
        del self._set[language]


TABLES: Mapping[str, Table] = _Tables()
# Keys are grouped by the stage that prints them; values are str.format templates with named fields.
WORDS: MutableMapping[str, Mapping[str, str]] = _Words()


def words(language: str) -> Mapping[str, str]:
    """The table for `language` (a BCP 47 tag such as `en` or `en-GB`: its primary subtag picks the table)."""
    return WORDS[known(language) or "en"]


def say(language: str, key: str, **fields: Any) -> str:
    """The press's phrase `key` in `language`, its fields filled in: a float as the language writes it, to one
    decimal (`1,2 m` in German); everything else as str() gives it. A `count` the language calls one picks the
    phrase's `_one` form where it has one; a title after a preposition joins it as the language does (`du Bazar
    de poche`, not `de Le Bazar de poche`)."""
    table = words(language)
    if "count" in fields and f"{key}_one" in table and plural(language, fields["count"]) == "one":
        key = f"{key}_one"
    phrase = contracted(table[key], fields, table["contractions"])
    return phrase.format(**{k: decimal(v, language) if isinstance(v, float) else v for k, v in fields.items()})


def plural(language: str, count: Any) -> str:
    """CLDR's plural category of `count` in `language` (`one`, `other`...), from Babel."""
    rule = plural_rule(language)
    try:
        return str(rule(count)) if rule is not None else "one" if count == 1 else "other"
    except (ValueError, TypeError, ArithmeticError):  # not a number, or one no rule reads (an infinity)
        return "one" if count == 1 else "other"


@lru_cache(maxsize=64)  # a reading asks for each count it says: the locale is parsed once
def plural_rule(language: str) -> PluralRule | None:
    """Babel's CLDR plural rule for `language`, or None where Babel does not know it."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(language.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError, TypeError):
        return None


def in_sentence(language: str, title: str) -> str:
    """A title set inside a sentence (`a guide to the standard edition`): in lower case, but in a language that
    keeps a noun's capital there (German's `Standardausgabe`)."""
    return title.lower() if words(language)["titles_in_sentences"] == "lower" else title


def contracted(phrase: str, fields: Mapping[str, Any], rules: str) -> str:
    """`phrase` with each `preposition {field}` whose text starts with an article joined as `rules` say
    (`de Le =du `: `de {game}` with The Pocket Bazaar in French, "Le Bazar de poche", reads `du Bazar de poche`)."""
    for rule in (r for r in rules.split(";") if "=" in r):  # `none`: the language joins none
        before, after = rule.split("=", 1)
        preposition, article = before.split(" ", 1)
        for name, value in fields.items():
            joined = f"{preposition} {{{name}}}"
            if isinstance(value, str) and value.startswith(article) and joined in phrase:
                rest = value[len(article):].replace("{", "{{").replace("}", "}}")
                phrase = phrase.replace(joined, after + rest)
    return phrase


def language_name(language: str) -> str:
    """A language's name for itself (`Deutsch`) where the press has its words; its tag otherwise."""
    return TABLES[table].name if (table := known(language)) else language


def known(language: str) -> str | None:
    """The table's key for `language`, or None when the press has no words in it (the loader reports that)."""
    primary = language.replace("_", "-").split("-")[0].lower()
    return primary if primary in WORDS else None


__all__ = ["LANGUAGES", "STATUSES", "TABLES", "WORDS", "Table", "contracted", "decimal", "decimal_sign", "known",
           "language_name", "plural", "plural_rule", "say", "words"]
