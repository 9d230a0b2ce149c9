"""A game's languages: `languages: [en-GB, de-DE, fr-FR]` (the first the source the game is written in, the rest
the languages it is translated into), or `language: en-GB` for a game in one language.

Each is a BCP 47 tag the press has words for (deckpress.words): its slug lines, covers and print check are set in
it. Both keys at once is a finding (which one would the source be?), as is a language named twice.
"""

from __future__ import annotations

import re

from deckpress import words
from deckpress.findings import Findings
from deckpress.load.schema import Fields, describe
from deckpress.load.sources import Node

DEFAULT = "en"
TAG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*")  # a BCP 47 tag's shape: `de`, `de-DE`, `sr-Latn-RS`


def read_languages(f: Fields, findings: Findings) -> tuple[str, ...]:
    """The game's languages, its source first; `(en,)` when it names none. A wrong one is left out (and said)."""
    one, many = f.get("language", required=False), f.get("languages", required=False)
    if one is not None and many is not None:
        findings.error(many.loc, "give either language (a game in one language) or languages (the first its "
                                 "source), not both")
    if many is None:
        language = _tag(one, findings) if one is not None else DEFAULT
        return (language or DEFAULT,)
    if not many.is_list or not many.value:
        findings.error(many.loc, f"languages must be a list of language tags, the source first "
                                 f"([en-GB, de-DE]), got {describe(many.plain())}")
        return (DEFAULT,)
    tags: list[str] = []
    for node in many.value:
        tag = _tag(node, findings)
        if tag is not None and tag.lower() in map(str.lower, tags):
            findings.error(node.loc, f"languages names {tag} twice")
        elif tag is not None:
            tags.append(tag)
    return tuple(tags) or (DEFAULT,)


def _tag(node: Node, findings: Findings) -> str | None:
    """One language tag the press has words for, or None (said where it was written)."""
    value = node.value
    if not isinstance(value, str) or not TAG.fullmatch(value) or words.known(value) is None:
        findings.error(node.loc, f"language must be one the press has words for ({', '.join(words.WORDS)}), "
                                 f"got {describe(value)}")
        return None
    return value
