"""Which braille each language's readers get, stated once: the liblouis table of the text edition's BRF (contracted
or not, as that language's readers mostly read it) and the uncontracted one the tactile labels' codes are read in,
letter by letter, each with its reason. docs/translating.md lists the same table for translators.

A language with no entry has no braille files: a build says so in a warning rather than guess at a grade.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Grade:
    """A language's braille: the BRF's table, whether it is contracted, the labels' codes' table, and why."""

    text: str  # liblouis table the BRF and the labels' guide words are translated with
    contracted: bool
    codes: str  # uncontracted table a label's code is spelled with, letter by letter
    why: str


GRADES: dict[str, Grade] = {
    "en": Grade("en-ueb-g2.ctb", True, "en-ueb-g1.ctb",
                "Unified English Braille grade 2 is what English braille readers and embossed books use"),
    "de": Grade("de-g2.ctb", True, "de-g1.ctb",
                "German readers use Kurzschrift (contracted) for reading matter; Vollschrift for codes"),
    "fr": Grade("fr-bfu-g2.ctb", True, "fr-bfu-comp6.utb",
                "French readers use braille abrégé for long texts; codes in integral braille"),
    "es": Grade("es-g1.ctb", False, "es-g1.ctb",
                "Spanish readers mostly read braille integral (uncontracted), as ONCE produces it; it reads back"),
    "el": Grade("el.ctb", False, "el.ctb",
                "Greek braille has one grade in liblouis (el.ctb), uncontracted, for texts and codes alike"),
}
# Italian and Dutch have no entry: their braille has not been checked with a reader yet, so none is made.

TABLES = {language: grade.text for language, grade in GRADES.items()}  # a language's BRF table
CODES = {language: grade.codes for language, grade in GRADES.items()}  # a language's labels' codes' table


def grade_of(language: str) -> Grade | None:
    """The braille for a BCP 47 tag (`es-ES`: Spanish's), or None where the press makes none."""
    return GRADES.get(language.split("-")[0].lower())
