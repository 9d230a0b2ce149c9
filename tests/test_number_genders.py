"""`{{ n | words('f') }}`: a number spelt before a noun of a gender, in each language whose numerals inflect
(Greek's one, three, four, thirteen and fourteen; the Romance languages' and German's one), its plain form
elsewhere; without a gender, the words as they always were."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckpress.findings import Findings, Loc
from deckpress.templating import LANGUAGE, Templates, spelled
from deckpress.words import LANGUAGES

# language -> number -> (plain, masculine, feminine, neuter)
FORMS = {
    "el": {1: ("ένα", "ένας", "μία", "ένα"), 3: ("τρία", "τρεις", "τρεις", "τρία"),
           4: ("τέσσερα", "τέσσερις", "τέσσερις", "τέσσερα"), 13: ("δεκατρία", "δεκατρείς", "δεκατρείς", "δεκατρία"),
           14: ("δεκατέσσερα", "δεκατέσσερις", "δεκατέσσερις", "δεκατέσσερα"), 2: ("δύο",) * 4, 5: ("πέντε",) * 4},
    "es": {1: ("uno", "un", "una", "uno"), 4: ("cuatro",) * 4},
    "fr": {1: ("un", "un", "une", "un"), 4: ("quatre",) * 4},
    "de": {1: ("eins", "ein", "eine", "ein"), 4: ("vier",) * 4},
    "it": {1: ("uno", "un", "una", "un"), 4: ("quattro",) * 4},
    "nl": {1: ("een",) * 4, 4: ("vier",) * 4},
    "en": {1: ("one",) * 4, 4: ("four",) * 4},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_languages_numbers_take_the_nouns_gender(language):
    for number, (plain, *gendered) in FORMS[language].items():
        assert spelled(number, language) == plain
        assert [spelled(number, language, g) for g in ("m", "f", "n")] == gendered
        assert [spelled(number, language, g) for g in ("masculine", "feminine", "neuter")] == gendered
    assert spelled(25, language, "f") == "25"  # past the table's words: digits, as without a gender


def test_a_translator_writes_the_gender_in_the_template():
    templates, findings = Templates(), Findings()
    greek = {"stalls": 4, "players": 1, LANGUAGE: "el-GR"}
    said = templates.render("μοιράστε {{ stalls | words('f') }} κλειστές στοίβες, {{ players | words(gender='m') }}"
                            " παίκτης, {{ stalls | words }} φύλλα", greek, Loc("el-GR.po", 12, 1), findings)
    assert said == "μοιράστε τέσσερις κλειστές στοίβες, ένας παίκτης, τέσσερα φύλλα"
    assert not findings


def test_an_unknown_gender_is_a_located_error():
    findings = Findings()
    Templates().render("{{ 4 | words('x') }}", {LANGUAGE: "el-GR"}, Loc("el-GR.po", 12, 1), findings)
    assert [str(f) for f in findings] and "no gender 'x'" in str(list(findings)[0])
    assert str(list(findings)[0]).startswith("el-GR.po:12:")


@pytest.mark.parametrize("number", [25, 10**12, -3, 2.5, float("nan")])
def test_an_unknown_gender_is_said_whatever_the_number(number):
    with pytest.raises(ValueError, match="no gender 'fem'"):
        spelled(number, "el", "fem")  # not only when the number is small enough to spell


def test_a_truth_value_is_no_count():
    assert spelled(True, "en") == "True" and spelled(False, "es", "f") == "False"


def test_an_infinite_number_is_a_located_error_not_a_traceback(deckpress):
    rules = Path("content/pocket-bazaar/rules.yaml")
    rules.write_text(rules.read_text(encoding="utf-8").replace("{{ teams | words }} teams",
                                                               "{{ 1e309 | words('f') }} teams", 1), encoding="utf-8")
    result = deckpress("check", "pocket-bazaar")
    assert result.status == 1 and "Traceback" not in result.err
    assert "rules.yaml:" in result.err, result.err
    assert "error: a number too large to be a number (infinite)" in result.err, result.err
