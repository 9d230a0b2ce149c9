"""The press's own words in every language it has: every key English has, the same {fields}, a header saying who
or what translated them, numbers as each language writes them, and a game's BCP 47 tag picking its table."""

from __future__ import annotations

import string

import pytest

from deckpress.words import LANGUAGES, STATUSES, TABLES, WORDS, decimal, in_sentence, known, say, words

ENGLISH = WORDS["en"]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_every_key_and_the_same_fields(language: str) -> None:
    table = WORDS[language]
    missing, extra = set(ENGLISH) - set(table), set(table) - set(ENGLISH)
    assert not missing and not extra, f"{language}: missing {missing}, extra {extra}"
    wrong = {k: (_fields(ENGLISH[k]), _fields(v)) for k, v in table.items() if _fields(ENGLISH[k]) != _fields(v)}
    assert not wrong, f"{language}: fields differ from English: {wrong}"
    assert all(v.strip() for v in table.values()), f"{language}: an empty phrase"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_table_says_who_translated_it_and_whether_it_is_reviewed(language: str) -> None:
    table = TABLES[language]
    assert table.translated_by and table.name and table.status in STATUSES
    assert (table.status == "source") == (language == "en")  # English is the source; the rest are translations
    if "machine" in table.translated_by:
        assert table.status == "draft"  # a machine's draft awaits a fluent review


@pytest.mark.parametrize("language", LANGUAGES)
def test_counts_in_words_run_from_nought_to_twelve(language: str) -> None:
    assert len(WORDS[language]["html_numbers"].split()) == 13


@pytest.mark.parametrize(("tag", "table"), [("en", "en"), ("en-GB", "en"), ("de", "de"), ("de-DE", "de"),
                                            ("de-AT", "de"), ("fr-FR", "fr"), ("es-ES", "es"), ("it-IT", "it"),
                                            ("nl-NL", "nl"), ("NL-be", "nl"), ("el-GR", "el"), ("pt-BR", None),
                                            ("x", None)])
def test_a_bcp_47_tag_picks_the_table_of_its_primary_language(tag: str, table: str | None) -> None:
    assert known(tag) == table
    assert words(tag) is WORDS[table or "en"]  # a tag the press has no words for falls back (the loader reports it)


def test_numbers_are_written_with_each_languages_decimal_sign() -> None:
    assert decimal(63.0, "de-DE") + " mm" == "63,0 mm"
    assert (decimal(63.0, "en-GB"), decimal(1.25, "fr"), decimal(2.5, "nl"), decimal(0.35, "it")) == (
        "63.0", "1,2", "2,5", "0,3")  # the digits are Python's own, so an English build keeps its bytes
    assert say("de", "plan_cut", minutes=12, metres=3.4).startswith("Schneiden: etwa 12 Minuten, 3,4 m")
    assert say("en", "plan_cut", minutes=12, metres=3.4).startswith("Cutting: about 12 minutes, 3.4 m")
    assert say("de-DE", "slug_page", page=1, pages=2) == "Seite 1 von 2"



def test_the_translating_guide_lists_every_table_with_who_translated_it_and_its_status() -> None:
    from conftest import ROOT

    guide = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8")
    for language, table in TABLES.items():
        row = next((line for line in guide.splitlines() if line.startswith(f"| {table.name} | `{language}` |")), None)
        assert row is not None, f"docs/translating.md does not list {language}"
        assert table.translated_by.removesuffix(", as a draft") in row and table.status in row


def test_a_title_after_a_preposition_joins_it_as_the_language_does() -> None:
    from deckpress.words import say

    assert say("fr-FR", "catalogue_text_edition", game="Le Bazar de poche") == \
        "Édition texte accessible du Bazar de poche"
    assert say("fr-FR", "catalogue_epub", game="Les Marchands") == "EPUB des Marchands"
    assert say("fr-FR", "catalogue_epub", game="Harbour Tongues") == "EPUB de Harbour Tongues"
    assert say("en", "catalogue_epub", game="The Pocket Bazaar").endswith("The Pocket Bazaar")


def test_spanish_keeps_a_titles_article_apart_from_its_preposition() -> None:
    from deckpress.words import say

    assert say("es-ES", "catalogue_epub", game="El mercado de piedras") == "EPUB de El mercado de piedras"
    assert say("es-ES", "catalogue_text_edition", game="El mercado de piedras") == \
        "Edición de texto accesible de El mercado de piedras"


def test_a_count_of_one_takes_the_phrase_for_one() -> None:
    from deckpress.words import say

    assert say("fr-FR", "epub_proof_pages", count=1) == "sa page unique déclare sa langue et a un titre"
    assert say("fr-FR", "epub_proof_pages", count=3).startswith("chacune de ses 3 pages")
    assert say("en", "epub_proof_links", count=1) == "its one link says where it leads"


def test_a_count_no_plural_rule_reads_is_other_not_a_traceback():
    """Babel's rule cannot take an infinity (it asks for the count's integer digits): such a count is `other`."""
    from deckpress.words import plural

    assert [plural(language, float("inf")) for language in ("en", "fr", "el-GR")] == ["other"] * 3
    assert plural("fr", float("nan")) == "other" and plural("fr", 1) == "one"


def test_a_title_inside_a_sentence_keeps_its_capital_where_the_language_does():
    """The catalogue's `Standard edition on A4 paper` reads `a link to ... the standard edition`: German keeps the
    noun's capital (`die Standardausgabe`), which lower-casing every title wrote `standardausgabe`."""
    assert in_sentence("en-GB", "Standard edition") == "standard edition"
    assert in_sentence("fr", "Édition standard") == "édition standard"
    assert in_sentence("de-DE", "Standardausgabe") == "Standardausgabe"
    assert {WORDS[language]["titles_in_sentences"] for language in LANGUAGES} <= {"lower", "as written"}
