"""A game's counted words: a word its readings say with a number (`3 Pearls` on an exchange card, `2 stars` for
a row of two star icons) may be given its plural, the forms CLDR names for the language: a parameter's text, or
an item of a list parameter, written `{one: Pearl, other: Pearls}` in place of the plain `Pearl`; an icon of the
game's own, under game.yaml's `icons:` (`star: {one: star, other: stars}`; a plain text there is the word it is
read as). The game reads everywhere else as the `one` form, so templates, checks and keys (`stone_letters:
{Pearl: P}`) go on as before; a word given no plural reads as it always did (`3 Pearl`, `2 × star`).

A translation gives each such word's forms in its PO entry, `msgid`/`msgid_plural` and `msgstr[0..n]` in the
order of its `Plural-Forms` header (deckpress.translation.catalogues), which comes from Babel's CLDR rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from deckpress.findings import Findings, Loc
from deckpress.load.icon_words import ICON_WORDS
from deckpress.load.schema import as_text
from deckpress.load.sources import Node
from deckpress.templating.filters import language_of
from deckpress.words import plural, plural_rule

PLURALS = "_plurals"  # among a game's parameters: each counted word (as read, its `one` form) -> its forms
CATEGORIES = ("zero", "one", "two", "few", "many", "other")  # CLDR's, in the order gettext numbers them
Forms = dict[str, str]  # a word's forms by CLDR category: `one` and `other` at least


def forms(node: Node | None) -> Forms | None:
    """The forms `node` gives a word, when it is a plural: `{one: Pearl, other: Pearls}`, each a text, not blank."""
    if node is None or not node.is_map or not {"one", "other"} <= node.value.keys():
        return None
    if not set(node.value) <= set(CATEGORIES) or not all(isinstance(v.value, str) and v.value.strip()
                                                         for v in node.value.values()):
        return None
    return {k: v.value for k, v in node.value.items()}


def _meant(node: Node) -> bool:
    """Whether a map is a plural written wrong: named by CLDR's categories alone, `one` or `other` among them, or
    giving both; a map of its own that merely has a key `one` (`{one: 1, two: 3, three: 6}`) is not."""
    keys = node.value.keys() if node.is_map else set()
    return bool(keys & {"one", "other"}) and (keys <= set(CATEGORIES) or {"one", "other"} <= keys)


def unplural(params: dict[str, Node], icons: dict[str, Node], findings: Findings) -> dict[str, Forms]:
    """Each plural in the parameters (a text, or a list's item) made its `one` form, in place, before they are
    read; an icon's word checked. The plurals given, by their `one` form."""
    found: dict[str, Forms] = {}
    for node in params.values():
        for item in node.value if node.is_list else [node]:
            if (given := forms(item)) is not None:
                found[given["one"]] = given
                item.value = given["one"]
            elif _meant(item):  # a plural meant, not given right
                findings.error(item.loc, f"a counted word gives its forms as texts, `one` and `other` at least, none "
                                         f"blank, named by CLDR's categories ({', '.join(CATEGORIES)}): "
                                         f"{{one: Pearl, other: Pearls}}")
                item.value = str((item.value.get("one") or item.value["other"]).plain())  # read as its text
    for name, node in icons.items():
        if (given := forms(node)) is not None:
            found[given["one"]] = given
        elif not isinstance(node.value, str) or not node.value.strip():
            findings.error(node.loc, f"icons: {name} is read as a word, or a word and its plural "
                                     "({one: star, other: stars})")
    return found


def nouns(what: str, card: Node | None, cards: Node | None, findings: Findings, translated: dict[str, Forms]
          ) -> tuple[str, str]:
    """What deck `what` calls one of its cards and more than one: `card: stone` with `cards: stones`, or `card: {one:
    stone, other: stones}`; in a translation, `card`'s plural is its PO entry's (in `translated`). "" where none
    is given, or what is given is not read (said)."""
    given = forms(card)
    if card is not None and card.is_map and given is None:
        findings.error(card.loc, f"{what}: card is a word, or a word and its plural given as texts: {{one: stone, "
                                 "other: stones}")
    elif given is not None and cards is not None:
        findings.error(cards.loc, f"{what}: its plural is given twice, by card ({{one: ..., other: ...}}) and "
                                  "by cards: leave out cards")
    noun = given["one"] if given else as_text(card, "card", findings) if card is not None and not card.is_map else ""
    plural = as_text(cards, "cards", findings) if cards is not None else ""
    return noun or "", plural or (given or translated.get(noun or "") or {}).get("other", "")


def read_counted(params: dict[str, Node], icons: dict[str, Node], findings: Findings,
                 read: Callable[[dict[str, Node], Findings], tuple[dict[str, Any], dict[str, Loc]]]
                 ) -> tuple[dict[str, Any], dict[str, Loc]]:
    """The parameters as `read` reads them, each counted word as its `one` form, with the game's plurals and its
    icons' words among them."""
    plurals = unplural(params, icons, findings)
    values, locs = read(params, findings)
    put(values, plurals, icon_words(icons))
    return values, locs


def icon_words(icons: dict[str, Node]) -> dict[str, str]:
    """The words the game's own icons are read as, where game.yaml gives them: each a text, or a plural's `one`."""
    return {name: one for name, (one, _) in icon_forms(icons).items()}


def icon_forms(icons: dict[str, Node]) -> dict[str, tuple[str, str]]:
    """The words game.yaml gives the game's icons (`icons:`), each with its plural ("" where it gives none)."""
    out = {}
    for name, node in icons.items():
        given = forms(node)
        if given or isinstance(node.value, str):
            out[name] = (given["one"], given["other"]) if given else (str(node.value), "")
    return out


def put(params: dict[str, Any], plurals: dict[str, Forms], icons: dict[str, str]) -> None:
    """The game's counted words and its icons' words among its parameters; none given, none put (the
    parameters stay as they were)."""
    if plurals:
        params[PLURALS] = {**params.get(PLURALS, {}), **plurals}
    if icons:
        params[ICON_WORDS] = {**icons, **params.get(ICON_WORDS, {})}


def said(count: int, word: str, params: dict[str, Any]) -> str | None:
    """`3 Pearls`: the count and the word's form for it in the game's language; None when no plural is given."""
    given = (params.get(PLURALS) or {}).get(word)
    if not given:
        return None
    return f"{count} {given.get(plural(language_of(params), count)) or given['other']}"


def counted(count: int, word: str, params: dict[str, Any]) -> str:
    """`3 Pearls` where the word has a plural, else `3 Pearl` as before."""
    return said(count, word, params) or f"{count} {word}"


def singulars(params: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """Each one-word form of a counted word, casefolded, with its `one` form: what a tally of things counts."""
    given = params.get(PLURALS) or {}
    return tuple(sorted({(form.casefold(), one.casefold()) for one, each in given.items() for form in each.values()
                         if " " not in form and form != one}))


@lru_cache(maxsize=64)  # asked once per counted word's entry, twice where it is checked
def gettext(language: str) -> tuple[str, tuple[str, ...]]:
    """A language's `Plural-Forms` header from Babel's CLDR rules, and the category each msgstr[n] is for. The
    rule's compact-decimal exponent `e` is 0 in a count (gettext knows no `e`)."""
    from babel.plural import to_gettext

    rule = plural_rule(language)
    if rule is None:
        return "nplurals=2; plural=(n != 1);", ("one", "other")
    tags = rule.tags | {"other"}
    return re.sub(r"\be\b", "0", to_gettext(rule)), tuple(c for c in CATEGORIES if c in tags)
