"""The signs a language's liblouis table does not know, written as a braille transcriber of that language writes
them, before the text is translated; and a cell of eight dots, which a BRF cannot hold, set in its six.

liblouis writes a character its table has no rule for as an escape, its code point spelt out in braille
(`'\\x00b7'`): a reader gets a string of letters and digits where the print has one sign. Each language here
lists the characters the press and its games print that its table lacks (tests/test_braille_signs.py translates
every character of the press's words and the shipped games through every table the press uses, and reads the
built BRFs back for escapes), and what stands for each: a comma for the middle dot that separates a list's
items, the language's word for `&`, the Greek question mark and ano teleia for `;` and `·` (in Greek text they
are those signs, which Unicode's normal form writes as the Latin ones).
"""

from __future__ import annotations

import re

ESCAPE = "\u2873"  # the cell liblouis opens an escape with (its backslash, dots 1-2-5-6-7): never braille it means
_LIST_DOT = re.compile(" \u00b7 ")  # the middle dot between a list's items, spaced, as the press writes it

# language -> (character, what the transcriber writes); the list's dot is a comma in every language that lacks it
SIGNS: dict[str, tuple[tuple[str, str], ...]] = {
    "el": (("\u00b7", "\u0387"),  # the ano teleia (Greek's semicolon), dots 2-3
           (";", "\u037e"),  # the Greek question mark, dots 2-6
           ("&", "και"),
           ("\u2013", "-"), ("\u2014", "\u2015"),  # an en dash as a hyphen, an em dash as the dialogue bar
           ("\u201c", "\u00ab"), ("\u201d", "\u00bb"), ("\u201e", "\u00ab"),  # quotes as Greek's guillemets
           ("[", "("), ("]", ")"), ("{", "("), ("}", ")"), ("|", "/"), ("~", "-"),
           ("#", "αρ. "), ("\u00a3", "GBP "), ("\u2022", "*"), ("\u2192", "->"), ("^", ""), ("`", "'"), ("\\", "/"),
           ("\u00bf", "")),  # Spanish's opening question mark (the press's Spanish words): Greek braille has none
    "es": (("\u00b7", ","), ("#", "núm. "), ("_", "-"), ("\u2212", "-"), ("~", "-"), ("^", ""), ("`", "'"),
           ("\u2022", "*"), ("\u2192", "->")),
    "de": (("\u2022", "*"),),
    "en": (("|", "/"), ("\u201e", "\u201c"), ("\u2192", "->")),
}

# North American braille ASCII: the character of each six-dot cell, by its dots as bits (dot 1 = 1 ... dot 6 = 32)
BRAILLE_ASCII = " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)="


def transcribed(text: str, language: str) -> str:
    """`text` with the signs its language's table lacks written as that language's braille writes them."""
    signs = SIGNS.get(language.split("-")[0].lower(), ())
    if not signs:
        return text
    if any(sign == "\u00b7" for sign, _ in signs):
        text = _LIST_DOT.sub(", ", text)
    for sign, written in signs:
        text = text.replace(sign, written)
    return text


def six_dot(braille: str) -> str:
    """Braille ASCII with any cell the table gave in Unicode's eight-dot patterns (Greek's quotes and brackets)
    set in its six dots, as a six-dot embosser and a braille display read it; an escape's opening cell is kept."""
    return "".join(BRAILLE_ASCII[(ord(c) - 0x2800) & 63] if "\u2800" <= c <= "\u28ff" and c != ESCAPE else c
                   for c in braille)


def escaped(texts: list[str], braille: list[str]) -> str | None:
    """None where every text came out as braille; else the signs liblouis wrote as escapes (its table has no rule
    for them): those met only in the texts whose braille holds an escape, or "" where none stands out."""
    bad = [text for text, cells in zip(texts, braille, strict=True) if ESCAPE in cells]
    if not bad:
        return None
    fine = {c for text, cells in zip(texts, braille, strict=True) if ESCAPE not in cells for c in text}
    return "".join(sorted({c for text in bad for c in text if not (c.isalnum() or c.isspace() or c in fine)}))


def unknown_signs(signs: str | None, table: str, language: str) -> str | None:
    """What a build warns where a braille file holds escapes (`escaped`); None where it holds none."""
    if signs is None:
        return None
    named = ", ".join(f"U+{ord(c):04X} '{c}'" for c in signs) or "a sign of the text"
    return (f"{language}: the braille table {table} has no braille for {named}: the braille file spells it as an "
            "escape a reader cannot read; write it another way, or add it to deckpress.publish.braille_signs")
