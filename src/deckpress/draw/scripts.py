"""The face each script is set in. Latin is set in the faces the layouts name (Atkinson Hyperlegible); Greek and
Cyrillic, which Atkinson Hyperlegible lacks, in Fira Sans of the same weight and style (fontpkg-fira-sans: static
Regular, Bold, Italic and BoldItalic files; Noto Sans on PyPI is one variable font, and ReportLab draws only a
variable font's default instance, so it would have no bold).

A game's script is the one its language tag names (`sr-Latn-RS`), or the one CLDR's likely subtags give its
language (`el` is written in Grek, `ru` in Cyrl), from Babel. A build in Greek sets every face a layout names
(`AtkinsonHyperlegible-Bold`) in Fira Sans (`FiraSans-Bold`): its theme's fonts are swapped as the game's editions
are loaded, so everything drawn from the theme (texts, rules, sheets, slug lines, covers, the print check) is
measured and drawn in the face printed. The Latin builds are drawn as they always were.

Scripts whose letters join and change shape (Arabic, Hebrew with its points, Devanagari and the other Indic
scripts) need shaping, which ReportLab does not do, and Chinese, Japanese and Korean need fonts of tens of
thousands of glyphs and their own line breaking: the press ships no face for them, and a glyph finding says so.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

LAYOUT_FAMILY = "AtkinsonHyperlegible"  # the faces the layouts name
FACES = {"Latn": LAYOUT_FAMILY, "Grek": "FiraSans", "Cyrl": "FiraSans"}  # ISO 15924 script -> its family's files
FAMILY_NAMES = {"AtkinsonHyperlegible": "Atkinson Hyperlegible", "FiraSans": "Fira Sans"}
STYLES = ("Regular", "Bold", "Italic", "BoldItalic")  # the styles every family here has
CODES = {"LATIN": "Latn", "GREEK": "Grek", "CYRILLIC": "Cyrl"}  # a character's script (its name's first word)
SHAPED = {"ARABIC": "Arabic", "HEBREW": "Hebrew", "SYRIAC": "Syriac", "THAANA": "Thaana", "DEVANAGARI": "Devanagari",
          "BENGALI": "Bengali", "GURMUKHI": "Gurmukhi", "GUJARATI": "Gujarati", "TAMIL": "Tamil", "TELUGU": "Telugu",
          "KANNADA": "Kannada", "MALAYALAM": "Malayalam", "THAI": "Thai", "KHMER": "Khmer", "MYANMAR": "Myanmar"}
LARGE = {"CJK": "Chinese, Japanese and Korean (CJK)", "HIRAGANA": "Japanese", "KATAKANA": "Japanese",
         "HANGUL": "Korean", "IDEOGRAPHIC": "Chinese, Japanese and Korean (CJK)"}


def script(language: str) -> str:
    """The ISO 15924 code of the script `language` (a BCP 47 tag) is written in: its own script subtag, else the
    one CLDR gives its language; Latn for a language CLDR does not know."""
    primary, *rest = language.replace("_", "-").split("-")
    named = [part.title() for part in rest if len(part) == 4 and part.isalpha()]
    if named:
        return named[0]
    from babel.core import get_global

    likely = str(get_global("likely_subtags").get(primary.lower(), ""))
    return next((part for part in likely.split("_")[1:] if len(part) == 4), "Latn")


def family(language: str) -> str:
    """The family the press sets `language` in (the files' prefix: `FiraSans`)."""
    return FACES.get(script(language), LAYOUT_FAMILY)


def faces(language: str, fonts: Mapping[str, str]) -> dict[str, str]:
    """A theme's fonts (role -> face) as `language` is set: each face a layout names in the family of its script,
    of the same weight and style; unchanged in a language written in Latin script."""
    return {role: face(language, name) for role, name in fonts.items()}


def face(language: str, name: str) -> str:
    """The face `name` (a layout's: AtkinsonHyperlegible-Bold) as `language` is set: FiraSans-Bold in Greek."""
    prefix, _, style = name.partition("-")
    return f"{family(language)}-{style}" if prefix == LAYOUT_FAMILY and style in STYLES else name


def family_name(font: str) -> str:
    """A face's family as a reader names it: `Fira Sans` for FiraSans-Bold."""
    prefix = font.partition("-")[0]
    return FAMILY_NAMES.get(prefix, prefix)


def no_glyph(font: str, missing: Iterable[str]) -> str:
    """A glyph finding's words after where the text is: `Fira Sans has no glyph for U+4E2D '中' (FiraSans-Bold)`,
    and what `lacking` adds."""
    chars = list(missing)
    shown = ", ".join(f"U+{ord(ch):04X} '{ch}'" for ch in chars)
    return f"{family_name(font)} has no glyph for {shown} ({font}){lacking(font, chars)}"


def lacking(font: str, characters: Iterable[str]) -> str:
    """What a glyph finding adds after the characters `font` lacks: where the press has another face for their
    script, which (a game in a language written in it is set in it); where it has none, that no face it ships
    covers the script, and why."""
    notes: list[str] = []
    for ch in characters:
        note = _note(font, unicodedata.name(ch, "").split(" ")[0])
        if note and note not in notes:
            notes.append(note)
    return "".join(f"; {note}" for note in notes)


def _note(font: str, word: str) -> str:
    if word in SHAPED:
        return (f"no font the press ships covers {SHAPED[word]} script: its letters need shaping, which ReportLab "
                f"does not do (see docs/translating.md)")
    if word in LARGE:
        return f"no font the press ships covers {LARGE[word]} script (see docs/translating.md)"
    own = FACES.get(CODES.get(word, ""))
    if own is not None and own != font.partition("-")[0]:
        return f"the press sets {word.title()} script in {FAMILY_NAMES[own]}, for a game in a language written in it"
    return ""
