"""A language's translations put in place as the game's files are read, so the load stage gives the same Game
model in every language and the later stages know nothing of translation.

Each translatable text (deckpress.translation.texts) is replaced by its PO entry's translation, and takes the
entry's place in the PO file as its location: a translated text that does not fit, or has a glyph the font lacks,
is said where it was translated. A text with no translation, a fuzzy one, or one whose source changed since it
was translated is a finding at its entry (or, with `fallback`, a warning, and the source text is printed).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import polib

from deckpress.findings import Finding, Findings, Loc, control_character
from deckpress.load.counted import Forms, forms, gettext, icon_forms
from deckpress.load.icon_words import icon_context, icon_files, said
from deckpress.load.sources import Node
from deckpress.load.spreadsheets.cards import sheet_texts
from deckpress.load.spreadsheets.table import Table
from deckpress.translation.catalogues import DRAFT_NOTE, FOLDER, read_po
from deckpress.translation.parameter_texts import Given, follow
from deckpress.translation.texts import GAME_FILE, RUN, TAGS, Files, edition_context, translatable
from deckpress.words import plural

UNSIGNED = DRAFT_NOTE.split(":", 1)[1].strip()[:40]  # the placeholder `deckpress translations` writes
PARAMETERS = f"{GAME_FILE}:parameters."  # the context of a parameter's text, or of one of a list's
LAYOUTS = "layouts:"  # the context of a layout's text (deckpress.translation.layout_texts)


@dataclass
class Translation:
    """One language's PO file, applied to each file of the game as it is read."""

    game: str
    language: str
    shown: str  # how findings name the PO file: content/<game>/translations/de-DE.po
    entries: dict[str, polib.POEntry]
    findings: Findings
    fallback: bool = False  # a text not translated prints in the source language, with a warning
    absent: bool = False  # no PO file yet: said once, not again for each text
    files: Files = field(default_factory=Files)
    values: dict[str, str] = field(default_factory=dict)  # a parameter's texts, translated: choices and keys follow
    written: dict[str, list[Given]] = field(default_factory=dict)  # a parameter's name -> its texts, translated
    plurals: dict[str, Forms] = field(default_factory=dict)  # its counted words' forms, by their form for one
    icons: dict[str, tuple[str, str]] = field(default_factory=dict)  # the words game.yaml gives icons, plurals
    placed: dict[str, Loc] = field(default_factory=dict)  # each translated text's entry, by the translation (the
    # first's, where two entries say the same): a template that prints it answers for it there (Typesetter.entry)

    @classmethod
    def read(cls, folder: Path, shown: str, language: str, findings: Findings, fallback: bool = False) -> Translation:
        po_shown = f"{shown}/{FOLDER}/{language}.po"
        po = read_po(folder / FOLDER / f"{language}.po", po_shown, findings)
        if po is None and not os.path.lexists(folder / FOLDER / f"{language}.po"):  # one there is said by read_po
            cls._say(findings, fallback, Loc(f"{shown}/{GAME_FILE}"),
                     f"{language}: no translation yet ({po_shown} is missing): {RUN.format(game=folder.name)}, then "
                     f"translate it{_swapped(folder / FOLDER, language)}")
        if po is not None and UNSIGNED in po.header:
            findings.add(Finding(Loc(po_shown), f"{language}: the PO file's header does not say who or what translated "
                                                "it: replace its 'Translated by:' placeholder (a translator's name, or "
                                                "a machine translation, a draft until a fluent review)", "warning"))
        entries = {e.msgctxt: e for e in po or [] if not e.obsolete and e.msgctxt}
        return cls(folder.name, language, po_shown, entries, findings, fallback, absent=po is None)

    def apply(self, name: str, root: Node, sheet: str | None = None) -> None:
        """Put the translations of file `name`'s texts in place (game.yaml first: it says which files hold what)."""
        if name == GAME_FILE:
            self.files, self.icons = Files.of(root), declared(root)
        untranslated: dict[str, tuple[Node, object, Loc]] = {}  # a parameter's texts as written, by context
        for context, node in translatable(name, root, self.files, sheet):
            entry = self.entries.get(context)
            if entry is None:
                self._missing(node.loc, f"{self.language}: no translation of this text in {self.shown}: "
                                        f"{RUN.format(game=self.game)}, then translate it")
                continue
            at = Loc(self.shown, entry.linenum or 1)
            given = forms(node)
            text = self._checked(entry, (given["one"], given["other"]) if given else (node.value, ""), context, at)
            if text is None:
                continue
            if context.startswith(PARAMETERS) and "." not in context[len(PARAMETERS):]:  # not a mapping's value
                source, param = given["one"] if given else node.value, context[len(PARAMETERS):].split("[")[0]
                self.values[source] = text
                self.written.setdefault(param, []).append(Given(source, text, context, at))
                untranslated[context] = (node, node.value, node.loc)
            node.value, node.loc = text, at
            for form in [text, *self.plurals.get(text, {}).values()]:
                self.placed.setdefault(" ".join(form.split()), at)
        if name == GAME_FILE:
            for context in follow(root, self.written, self.language, self.findings):
                _put_back(self, context, *untranslated[context])

    def _checked(self, entry: polib.POEntry, source: tuple[str, str], context: str, at: Loc) -> str | None:
        """The entry's translation of the text `source` (and its plural, if it has one); None when it has none to
        use, said at the entry: not translated, fuzzy, its source changed, a value or a plural form left out."""
        if not done(entry):
            self._missing(at, f"{self.language}: not translated yet ({context})")
        elif entry.fuzzy or (entry.msgid, entry.msgid_plural) != source:
            self._missing(at, f"{self.language}: the translation is fuzzy ({context}): its source text changed; "
                              "check it, then clear its fuzzy flag" if entry.fuzzy else
                              f"{self.language}: the source text changed since it was translated ({context}): "
                              f"{RUN.format(game=self.game)} and check the translation")
        elif missing := self._left_out(entry.msgid, entry.msgstr or entry.msgstr_plural.get(0, "")):
            self.findings.error(at, f"{self.language}: the translation leaves out a value its source prints "
                                    f"({context}): {', '.join(missing)}")
        elif (control := _control(entry)) is not None:  # the YAML's texts are refused these as they are read
            self.findings.error(at, f"{self.language}: " + CONTROLLED.format(control=control, context=context))
        elif entry.msgid_plural and (lacking := _lacking(entry, self.language)):
            self.findings.error(at, f"{self.language}: the translation of this counted word lacks its form for "
                                    f"{lacking} ({context}): give every form the header's Plural-Forms asks for")
        else:
            return _word(entry, self.language, self.plurals) if entry.msgid_plural else str(entry.msgstr)
        return None

    def _left_out(self, source: str, translated: str) -> list[str]:
        """The values `source` prints that `translated` does not. A translatable parameter written out in words
        counts as printed: every one of its texts' translations in the translation's words (`Ámbar, Jade y Rubí`
        for `{{ stones | series }}`)."""
        words = TAGS.sub("", translated)
        return [value for value in sorted(set(_tags(source)) - set(_tags(translated)))
                if not (value in self.written and all(g.text in words for g in self.written[value]))]

    def edition_labels(self, editions: list[str]) -> dict[str, str]:
        """The translated names of `editions`; one not translated (or fuzzy) is said, and keeps its theme's."""
        labels = {}
        for edition in editions:
            entry = self.entries.get(context := edition_context(edition))
            if entry is None or not entry.msgstr or entry.fuzzy:
                at = Loc(self.shown, entry.linenum or 1) if entry is not None else Loc(self.shown)
                self._missing(at, f"{self.language}: the name of the {edition} edition is not translated ({context}): "
                                  + ("translate it" if entry is not None else
                                     f"{RUN.format(game=self.game)}, then translate it"))
            else:
                labels[edition] = entry.msgstr
        return labels

    def by_source(self) -> tuple[dict[str, str], dict[str, Loc], dict[str, Loc]]:
        """The translations of the layouts' texts and the editions' `about` lines, by source text (.layout_texts);
        the entries of those not translated yet or fuzzy, by context (two layouts may print the same words: each
        its own entry), and of those translated (where a translated text that does not fit is said)."""
        done, undone, at = {}, {}, {}
        for context, entry in self.entries.items():
            if context.startswith(LAYOUTS) or (context.startswith("editions:") and context.endswith(".about")):
                if entry.msgstr and not entry.fuzzy:
                    done[entry.msgid], at[entry.msgid] = entry.msgstr, Loc(self.shown, entry.linenum or 1)
                else:
                    undone[context] = Loc(self.shown, entry.linenum or 1)
        return done, undone, at

    def icon_words(self, folder: Path) -> dict[str, str]:
        """The words the game's own icons are read as, by name (deckpress.load.icon_words); one not translated
        (or fuzzy, or whose name changed) is said, and reads as its name."""
        words = {}
        for name, _ in icon_files(folder):
            entry = self.entries.get(context := icon_context(name))
            source = self.icons.get(name, (said(name), ""))
            if entry is not None and done(entry) and not entry.fuzzy and (entry.msgid, entry.msgid_plural) == source:
                if (word := self._checked(entry, source, context, Loc(self.shown, entry.linenum or 1))) is not None:
                    words[name] = word
            else:
                at = Loc(self.shown, entry.linenum or 1) if entry is not None else Loc(self.shown)
                self._missing(at, f"{self.language}: the word the icon {name} is read as is not translated "
                                  f"({context}): " + ("translate it" if entry is not None and not done(entry) else
                                                      f"{RUN.format(game=self.game)}, then translate it"))
        return words

    def _missing(self, loc: Loc, message: str) -> None:
        if not self.absent:
            self._say(self.findings, self.fallback, loc, message)

    @staticmethod
    def _say(findings: Findings, fallback: bool, loc: Loc, message: str) -> None:
        if fallback:
            findings.add(Finding(loc, f"{message} (printed in the source language meanwhile)", severity="warning"))
        else:
            findings.error(loc, message)


def _put_back(translation: Translation, context: str, node: Node, value: object, loc: Loc) -> None:
    """A parameter's text whose translation clashes (said at its entry) read as its source, as if not translated:
    the cards choosing it and the mappings keyed by it keep their source words apart."""
    for texts in translation.written.values():
        for g in [g for g in texts if g.context == context]:
            texts.remove(g)
            if translation.values.get(g.source) == g.text:
                del translation.values[g.source]
            for form in [form for form, at in translation.placed.items() if at == g.at]:
                del translation.placed[form]
    node.value, node.loc = value, loc


def translate_table(translation: Translation, name: str, sheet: str | None, table: Table) -> None:
    """Put the translations of the spreadsheet `name`'s text cells (of its sheet `sheet`) in its rows, so its cards
    are read from it as in the source language (deckpress.load.decks)."""
    root = sheet_texts(table, translation.files.fields(name, sheet))
    cells = [(node, node.loc) for card in root.value["cards"].value for node in card.value.values()]
    translation.apply(name, root, sheet)
    for node, cell in cells:
        if node.loc != cell:  # translated: the node is at its PO entry now, where its problems are said
            table.rows[cell.line - 1][cell.col - 1] = node.value
            table.written[(cell.line - 1, cell.col - 1)] = node.loc


CONTROLLED = ("the translation holds a control character ({control}), which would print as nothing or change what a "
              "reader shows ({context}); remove it")


def _control(entry: polib.POEntry) -> str | None:
    """The first control character of the entry's translation, any form of it (`U+202E`); None if it has none."""
    return next((c for text in (entry.msgstr, *entry.msgstr_plural.values())
                 if (c := control_character(str(text))) is not None), None)


def _lacking(entry: polib.POEntry, language: str) -> str:
    """The forms of a counted word's entry left empty (or blank), each with its CLDR category: `msgstr[1] (other)`."""
    categories = gettext(language)[1]
    return ", ".join(f"msgstr[{i}] ({c})" for i, c in enumerate(categories)
                     if not str(entry.msgstr_plural.get(i, "")).strip())


def _word(entry: polib.POEntry, language: str, plurals: dict[str, Forms]) -> str:
    """A counted word's translation, its form for one (what the game reads it as); its forms kept in `plurals`
    for the readings' counts (deckpress.load.counted)."""
    categories = gettext(language)[1]
    given = {c: str(entry.msgstr_plural.get(i, "")) for i, c in enumerate(categories)}
    one = given.get(plural(language, 1)) or given[categories[0]]
    plurals[one] = given
    return one


def done(entry: polib.POEntry) -> bool:
    """Whether an entry is translated: its text, or a counted word's first form."""
    return bool(entry.msgstr or entry.msgstr_plural.get(0))


def declared(root: Node) -> dict[str, tuple[str, str]]:
    """The words game.yaml gives the game's icons (`icons:`), each with its plural if it has one."""
    node = root.value.get("icons") if root.is_map else None
    return icon_forms(node.value) if node is not None and node.is_map else {}


SOURCE = re.compile(r'^"X-Source-Language: ([\w-]+)\\n"$', re.M)  # a PO file's header: what it translates


def _swapped(folder: Path, language: str) -> str:
    """A hint where the PO files already there translate from `language`: it is their source, so it comes first in
    `languages:`."""
    said = {m[1] for po in sorted(folder.glob("*.po")) if po.is_file() and (m := SOURCE.search(_head(po)))}
    return f" (the PO files in {folder.name}/ translate from {language}: is it the source, to write first in " \
           "languages:?)" if said == {language} else ""


def _head(path: Path) -> str:
    """The start of a file, where a PO file's header is (a regular file's only, and only its start)."""
    with path.open(encoding="utf-8", errors="replace") as file:
        return file.read(2000)


FIELDS = re.compile(r"\{\{\s*([A-Za-z_]\w*)")  # the value an expression starts from: `{{ collections | length }}`


def _tags(text: str) -> list[str]:
    """The values a text's expressions print: a translation may filter them its own way (digits for `words`) and
    print more (the collections' names for `Lantern, Teacup, ...`), never leave one out."""
    return sorted(set(FIELDS.findall(text)))
