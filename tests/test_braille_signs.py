"""No liblouis escape in any braille the press makes: every sign the press's words and the games print is written
as its language's braille writes it (deckpress.publish.braille_signs), in every language the press makes braille
for; the Greek fixture's and the shipped games' BRFs and tactile labels read back without one."""

from __future__ import annotations

import re
import shutil
import unicodedata
from pathlib import Path

import pytest
from conftest import CONTENT, FIXTURES, LAYOUTS, fixture_built

from deckpress.publish.braille import brf_files, translated
from deckpress.publish.braille_grades import GRADES
from deckpress.publish.braille_signs import six_dot, transcribed

needs_liblouis = pytest.mark.skipif(shutil.which("lou_translate") is None,
                                    reason="liblouis (lou_translate) is not installed: .ci/run installs liblouis-bin")
WORDS = Path(__file__).parent.parent / "src" / "deckpress" / "words"
TYPOGRAPHY = "·&;–—“”„‘’«»…×−•→€£%@#*/_<>=+|~^[]{}()\"'!?:,.\\"
# an escape as a BRF holds it: its opening cell (not braille ASCII, so `?`), then `x` and the code point
IN_A_BRF = re.compile(r"'\?;?X[0-9A-J;]{4,8}'|,\?X")


def _signs() -> str:
    """Every sign (not a letter or digit) the press's words, the shipped games and the fixtures print."""
    files = [*WORDS.glob("*.yaml"), *CONTENT.rglob("*.yaml"), *CONTENT.rglob("*.po"), *FIXTURES.rglob("*.po"),
             *LAYOUTS.rglob("*.yaml")]
    found = {c for f in files for c in unicodedata.normalize("NFC", f.read_text("utf-8"))} | set(TYPOGRAPHY)
    return "".join(sorted(c for c in found if c.isprintable() and not c.isspace() and not c.isalnum()))


@needs_liblouis
@pytest.mark.parametrize("language", sorted(GRADES))
def test_every_sign_the_press_prints_is_braille_in_every_language_it_makes_braille_for(language):
    grade, signs = GRADES[language], _signs()
    for table in sorted({grade.text, grade.codes}):
        said = translated("lou_translate", table, [f"a{sign}b" for sign in signs], language)
        bad = {sign: braille for sign, braille in zip(signs, said, strict=True) if not braille.isascii()}
        assert not bad, f"{language} ({table}): liblouis escapes or eight-dot cells for {bad}"


@needs_liblouis
def test_greek_writes_its_own_question_mark_ano_teleia_and_word_for_and():
    list_dot, ano_teleia, question, amp = translated("lou_translate", "el.ctb", ["α · β", "α· β", "α;", "α & β"],
                                                     "el-GR")
    assert list_dot == "A1 B"  # a list's middle dot: a comma (dots 2)
    assert ano_teleia == "A2 B"  # the ano teleia: dots 2-3
    assert question == "A5"  # the Greek question mark: dots 2-6
    assert amp == "A K< B"  # και


def test_the_signs_are_written_before_translation_only_where_the_table_lacks_them():
    assert transcribed("Round & Revel · A4", "el-GR") == "Round και Revel, A4"
    assert transcribed("Τι; Ναι· όχι", "el") == "Τι\u037e Ναι\u0387 όχι"
    assert transcribed("Round & Revel · A4", "en-GB") == "Round & Revel · A4"  # UEB has both
    assert transcribed("A · B", "es-ES") == "A, B"
    assert six_dot("\u28e6A\u2873") == "8A\u2873"  # dots 2-3-6 (and 7, 8) are `8`; an escape's opening stays


def _escaped(out: Path) -> dict[str, list[str]]:
    files = [*out.rglob("*.brf")]
    assert any("tactile-labels" in f.name for f in files)
    return {str(f.relative_to(out)): hits for f in files if (hits := IN_A_BRF.findall(f.read_text("ascii")))}


@needs_liblouis
def test_the_greek_fixtures_brfs_and_labels_hold_no_escape(tmp_path_factory):
    out = fixture_built(tmp_path_factory, FIXTURES / "greek")
    greek = out / "greek-harbour-el-gr" / "greek-harbour-el-gr.brf"
    assert "K< ;,REVEL" in greek.read_text("ascii")  # Round και Revel
    assert not _escaped(out)


@needs_liblouis
def test_the_shipped_games_brfs_and_labels_hold_no_escape(built):
    assert not _escaped(built)


@needs_liblouis
def test_a_sign_no_table_knows_is_a_warning_naming_it_and_the_table():
    page = ('<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Pay 3 \u20b9 to the bank.</p>'
            "<p>Take a stone.</p></body></html>")  # the rupee sign: in no table of the press's
    warned: list[str] = []
    brf_files({"p.html": page}, "el-GR", warned.append)
    assert warned == ["el-GR: the braille table el.ctb has no braille for U+20B9 '\u20b9': the braille file spells it "
                      "as an escape a reader cannot read; write it another way, or add it to "
                      "deckpress.publish.braille_signs"]
    quiet: list[str] = []
    brf_files({"p.html": page.replace("\u20b9", "rupees")}, "el-GR", quiet.append)
    assert quiet == []
