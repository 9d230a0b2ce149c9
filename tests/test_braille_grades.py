"""Each language's braille, stated: a table with a reason per language, Spanish uncontracted (braille integral, as
ONCE produces it), its BRF read back word for word, and docs/translating.md naming the same grades."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from deckpress.publish import braille
from deckpress.publish.braille import DISPLAY, LINES
from deckpress.publish.braille_grades import CODES, GRADES, TABLES, grade_of
from deckpress.words import WORDS

needs_liblouis = pytest.mark.skipif(shutil.which("lou_translate") is None,
                                    reason="liblouis (lou_translate) is not installed: .ci/run installs liblouis-bin")
DOCS = Path(__file__).resolve().parent.parent / "docs" / "translating.md"
SPANISH = "El Mercado de Piedras. Cada jugador recibe una carta de referencia y ocho piedras del Ónice."


def test_every_language_s_braille_has_a_table_a_grade_and_a_reason():
    assert set(GRADES) == {"en", "de", "fr", "es", "el"}
    for language, grade in GRADES.items():
        assert grade.text and grade.codes and len(grade.why) > 20, language
        assert TABLES[language] == grade.text and CODES[language] == grade.codes
    assert grade_of("es-ES") == GRADES["es"] and not GRADES["es"].contracted
    assert grade_of("it-IT") is None and grade_of("nl") is None
    assert all(GRADES[t].contracted for t in ("en", "de", "fr")) and not GRADES["el"].contracted


def test_the_catalogue_and_the_guide_name_each_language_s_grade():
    assert "integral" in WORDS["es"]["catalogue_brf_for"] and "grado 2" not in WORDS["es"]["catalogue_brf_for"]
    guide = DOCS.read_text(encoding="utf-8")
    for language, grade in GRADES.items():
        assert re.search(rf"\| `{language}` \|.*`{re.escape(grade.text)}`", guide), language


def _back(brf: bytes, table: str) -> str:
    lines = [line.strip() for page in brf.decode("ascii").split("\f")[:-1]
             for line in page.removesuffix("\r\n").split("\r\n")[:LINES - 1] if line.strip()]
    done = subprocess.run(["lou_translate", "--backward", f"{DISPLAY},{table}"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, check=True)
    return " ".join(done.stdout.split())


@needs_liblouis
def test_a_spanish_brf_is_uncontracted_and_reads_back_word_for_word():
    page = ('<html xmlns="http://www.w3.org/1999/xhtml"><body><h1>El Mercado de Piedras</h1>'
            f'<p>{SPANISH.split(". ", 1)[1]}</p></body></html>')
    warned: list[str] = []
    brf = braille.brf_files({"p.html": page}, "es-ES", warned.append)[0]["p.html"]
    assert warned == []
    words = re.findall(r"\w+", SPANISH)  # word for word, accents and capitals kept (punctuation is braille's own)
    assert re.findall(r"\w+", _back(brf, TABLES["es"])) == words
    assert ".MERCADO" in brf.decode("ascii") and ".M8C?O" not in brf.decode("ascii")  # no contraction
