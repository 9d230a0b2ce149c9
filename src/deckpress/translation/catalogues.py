"""A game's translation catalogues: the POT of its texts and a PO file per language it is translated into, in
`content/<game>/translations/` (`<game>.pot`, `de-DE.po`), with polib.

`deckpress translations GAME` writes them: each PO keeps its translations; a text whose English changed keeps its
old translation marked fuzzy, with the old English as its previous msgid, for the translator to look at; a new
text comes untranslated; a text no longer in the sources is kept at the end as obsolete (`#~`). Entries are
matched by their context (the text's file and key path, deckpress.translation.texts) and carry the text's
source location as their reference. The output depends on nothing but the sources: no dates, no tool versions.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polib

from deckpress.findings import CellLoc, Findings, Loc
from deckpress.load.counted import forms, gettext
from deckpress.load.icon_words import icon_context, icon_files, said
from deckpress.load.languages import read_languages
from deckpress.load.schema import Fields, as_map
from deckpress.load.sources import Node, read_source, read_yaml
from deckpress.load.spreadsheets import is_spreadsheet, read_table
from deckpress.load.spreadsheets.cards import sheet_texts
from deckpress.paths import read_bounded, real, within, write_whole
from deckpress.translation.layout_texts import about_context, extracted
from deckpress.translation.po_lines import MOST_CHARACTERS, MOST_LINES, long_run, unquoted_said
from deckpress.translation.texts import GAME_FILE, Files, edition_context, translatable

FOLDER = "translations"
WIDTH = 0  # no wrapping: one line a text, so a change shows as one line in a diff
FUZZY = "fuzzy"
DRAFT_NOTE = ("Translated by: (who or what translated it: a translator's name, or a machine translation, which "
              "stays a draft until a fluent speaker has reviewed it)")


@dataclass(frozen=True)
class Text:
    """One text to translate: its context, its source text and where it is written."""

    context: str
    source: str
    file: str
    line: int
    plural: str = ""  # a counted word's plural (its `other` form), deckpress.load.counted
    col: int = 0  # a spreadsheet's cell: its column (its row the line), referred to as findings name it


@dataclass(frozen=True)
class Sources:
    """A game's texts to translate and its languages, the source first."""

    title: str
    languages: tuple[str, ...]
    texts: tuple[Text, ...]


def sources(folder: Path, shown: str, findings: Findings, layouts: Sequence[Path] = ()) -> Sources | None:
    """The game's texts in its files' order (game.yaml, its editions' names from the themes in its own layouts
    or `layouts`, cards, rules, sheets), or None if game.yaml is unusable."""
    root = read_yaml(folder / GAME_FILE, f"{shown}/{GAME_FILE}", findings)
    if root is None or not root.is_map:
        return None
    files = Files.of(root)
    dirs = [folder / "layouts", *layouts]
    texts = list(_texts(GAME_FILE, root, files)) + _editions(root, dirs, findings)
    texts += [Text(t.context, t.source, _shown(Path(t.loc.file)), t.loc.line or 0)
              for t in extracted(folder, shown, [d for d in dirs if d.is_dir()])]
    for name in [*files.cards, files.rules, files.sheets]:
        if not name or not within(folder, name):
            continue  # outside the game's folder: the build says so, and nothing there is read
        if is_spreadsheet(name):
            texts += _tables(folder, shown, name, files, findings)
        elif (node := read_yaml(folder / name, f"{shown}/{name}", findings)) is not None:
            texts += _texts(name, node, files)
    texts += _icons(folder, as_map(root.value.get("icons") or Node({}, root.loc), "icons", findings) or {})
    title = root.value.get("title")
    return Sources(str(title.value) if title is not None else folder.name,
                   read_languages(Fields(root, "game", findings), findings), tuple(texts))


def _editions(root: Node, dirs: list[Path], findings: Findings) -> list[Text]:
    """Each edition's name, from the theme its layouts are found with first."""
    names = root.value.get("editions")
    out = []
    for edition in (n.value for n in names.value if isinstance(n.value, str)) if names and names.is_list else ():
        theme = next((d / edition / "theme.yaml" for d in dirs if (d / edition / "theme.yaml").is_file()), None)
        node = read_yaml(theme, _shown(theme), findings) if theme is not None else None
        for key, context in (("label", edition_context(edition)), ("about", about_context(edition))):
            text = node.value.get(key) if node is not None and node.is_map else None
            if text is not None and isinstance(text.value, str):
                out.append(Text(context, text.value, text.loc.file, text.loc.line))
    return out


def _shown(path: Path) -> str:
    """A theme's path as a reference, from its layout folder (`layouts/standard/theme.yaml`): the same from any
    working folder, and never the machine's own folders."""
    return "/".join(path.parts[-3:])


def _icons(folder: Path, declared: dict[str, Node]) -> list[Text]:
    """The word each of the game's own icons is read as: its name, or the word (or plural) game.yaml gives it."""
    given = {name: node for name, node in declared.items() if isinstance(node.value, str) or forms(node)}
    return [_text(icon_context(name), given[name], GAME_FILE) if name in given else
            Text(icon_context(name), said(name), file, 1) for name, file in icon_files(folder)]


def _texts(name: str, root: Node, files: Files, sheet: str | None = None) -> list[Text]:
    return [_text(context, node, name) for context, node in translatable(name, root, files, sheet)]


def _tables(folder: Path, shown: str, name: str, files: Files, findings: Findings) -> list[Text]:
    """The texts of the spreadsheet `name`, of each of its sheets a deck reads, read as the build reads them."""
    texts = []
    for (file, sheet), at in files.tables.items():
        table = read_table(folder / file, f"{shown}/{file}", sheet, at, findings) if file == name else None
        if table is not None:
            texts += _texts(name, sheet_texts(table, files.fields(name, sheet)), files, sheet)
    return texts


def _text(context: str, node: Node, file: str) -> Text:
    """A text, or a counted word's `one` form with its plural."""
    given = forms(node)
    return Text(context, given["one"] if given else node.value, file, node.loc.line or 0,
                given["other"] if given else "", node.loc.col if isinstance(node.loc, CellLoc) else 0)


def template(game: Sources) -> polib.POFile:
    """The POT: every text, untranslated."""
    pot = polib.POFile(wrapwidth=WIDTH)
    pot.header = f"The texts of {game.title} to translate, written by deckpress translations from its sources."
    pot.metadata = _metadata(game, None)
    for text in game.texts:
        pot.append(polib.POEntry(msgctxt=text.context, msgid=text.source, msgstr="",
                                 occurrences=[(text.file, f"{text.line}:{text.col}" if text.col else str(text.line))],
                                 **_plural(text.plural, 2)))
    return pot


def _plural(other: str, forms: int) -> dict[str, Any]:
    """A counted word's entry's plural and its `forms` translations, empty; nothing for a plain text."""
    return {"msgid_plural": other, "msgstr_plural": dict.fromkeys(range(forms), "")} if other else {}


def merged(pot: polib.POFile, old: polib.POFile | None, game: Sources, language: str) -> polib.POFile:
    """The PO for `language`: the POT's texts with `old`'s translations kept (fuzzy where the source changed)."""
    po = polib.POFile(wrapwidth=WIDTH)
    po.header = old.header if old is not None and old.header else (
        f"{game.title} in {language}, translated from {game.languages[0]}.\n{DRAFT_NOTE}")
    po.metadata = {**(old.metadata if old is not None else {}), **_metadata(game, language)}
    # an obsolete entry's translation too: kept while it stays obsolete, and back in use if its text returns
    by_context = {e.msgctxt: e for e in sorted(old or [], key=lambda e: not e.obsolete)}
    by_source = {e.msgid: e for e in old or [] if not e.obsolete and e.msgstr and not e.fuzzy}
    forms = len(gettext(language)[1])
    for new in pot:
        entry = polib.POEntry(msgctxt=new.msgctxt, msgid=new.msgid, msgstr="", occurrences=new.occurrences,
                              **_plural(new.msgid_plural, forms))
        was = by_context.pop(new.msgctxt, None)
        if was is not None and kept(was, entry):
            entry.tcomment = was.tcomment
            if was.msgid != new.msgid or was.msgid_plural != new.msgid_plural or was.fuzzy:
                entry.flags, entry.previous_msgid = [FUZZY], was.previous_msgid if was.fuzzy else was.msgid
                entry.previous_msgid_plural = (was.previous_msgid_plural if was.fuzzy else was.msgid_plural) or None
        elif (same := by_source.get(new.msgid)) is not None:  # the same text moved: its translation, to look at
            entry.msgstr, entry.flags, entry.previous_msgctxt = same.msgstr, [FUZZY], same.msgctxt
        po.append(entry)
    for gone in sorted((e for e in by_context.values() if e.msgstr or e.msgstr_plural.get(0)),
                       key=lambda e: e.msgctxt or ""):
        gone.obsolete, gone.occurrences = True, []
        po.append(gone)
    return po


def kept(was: polib.POEntry, entry: polib.POEntry) -> bool:
    """`was`'s translation put in `entry`, whether a plain text or a counted word's forms (a plain text's
    translation its first form; of forms, the first the plain translation): False when it has none."""
    first = was.msgstr or was.msgstr_plural.get(0, "")
    if not first:
        return False
    if entry.msgid_plural:
        entry.msgstr_plural = {i: was.msgstr_plural.get(i, "") or (first if i == 0 else "")
                               for i in entry.msgstr_plural}
    else:
        entry.msgstr = first
    return True


def read_po(path: Path, shown: str, findings: Findings) -> polib.POFile | None:
    """The PO file at `path`, or None when there is none or it cannot be read (said: a FIFO or a folder in its
    place too)."""
    if not os.path.lexists(path):
        return None
    if not real(path).is_relative_to(real(path.parent.parent)):  # a link out of the game's folder (or to itself)
        findings.error(Loc(shown), "a translation must be a file in the game's own folder, not a link out of it")
        return None
    data = read_source(path, shown, findings)  # bounded, and never a FIFO: a PO file comes from outside
    if data is None:
        return None
    try:
        text = data.decode("utf-8")
        lines = text.splitlines()  # both checks read them
        if (run := long_run(lines)) is not None:
            findings.error(Loc(shown, run), f"an entry of more than {MOST_LINES:,} lines or {MOST_CHARACTERS:,} "
                                            "characters of text or comments: no game's text is that long (fix it in "
                                            "a PO editor, or take the file away)")
            return None
        for number, problem in (wrong := unquoted_said(lines)):  # read, it would print a word cut short
            findings.error(Loc(shown, number), problem)
        if wrong:
            return None
        # given as text (a line break added: polib would take a text without one for a file's name)
        return polib.pofile(text + "\n", wrapwidth=WIDTH, encoding="utf-8")
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        line = re.search(r"\(line (\d+)\)", str(exc))
        findings.error(Loc(shown, int(line[1]) if line else 1), "a PO file that cannot be read (not PO syntax, or "
                       "not UTF-8): fix it in a PO editor (Poedit) or take it away to start afresh")
        return None


def _metadata(game: Sources, language: str | None) -> dict[str, str]:
    counted = {"Plural-Forms": gettext(language)[0]} if language and any(t.plural for t in game.texts) else {}
    return {"Project-Id-Version": game.title, **({"Language": language.replace("-", "_")} if language else {}),
            "MIME-Version": "1.0", "Content-Type": "text/plain; charset=UTF-8",
            "Content-Transfer-Encoding": "8bit", **counted, "X-Source-Language": game.languages[0]}


def catalogues(folder: Path, shown: str, findings: Findings, layouts: Sequence[Path] = ()) -> dict[Path, str]:
    """The game's POT and a PO per language it is translated into, each with the text it is to hold, every one
    read and checked before any is written: a run that ends in an error leaves each file as it was (empty when
    there is an error)."""
    game = sources(folder, shown, findings, layouts)
    if game is None or findings.errors:
        return {}
    pot = template(game)
    out = folder / FOLDER
    places = [out / f"{folder.name}.pot", *(out / f"{language}.po" for language in game.languages[1:])]
    _writable(out, places, f"{shown}/{FOLDER}", findings)
    if findings.errors:
        return {}
    texts = {places[0]: str(pot)}
    for language, path in zip(game.languages[1:], places[1:], strict=True):
        old = read_po(path, f"{shown}/{FOLDER}/{path.name}", findings)  # every PO file said, not the first alone
        texts[path] = str(merged(pot, old, game, language))
    return {} if findings.errors else texts


def write_catalogues(texts: dict[Path, str], shown: str, findings: Findings) -> list[Path]:
    """Write the catalogues `catalogues` gave, POT first; the files written."""
    try:
        for path, text in texts.items():
            path.parent.mkdir(exist_ok=True)
            _write(path, text)
    except OSError as exc:  # a read-only folder, a full disk: what was written is whole, the rest as it was
        findings.error(Loc(f"{shown}/{FOLDER}"), f"cannot write the catalogues: {exc.strerror or exc}")
        return []
    return list(texts)


def _writable(out: Path, places: list[Path], shown: str, findings: Findings) -> None:
    """Each place a catalogue is written is a file, or nothing yet, in the game's own translations folder: a link
    there would write wherever it leads, and a folder or a FIFO cannot be written (a FIFO would be waited on)."""
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        findings.error(Loc(shown), "the game's translations must be a folder of its own folder, not a file or a link: "
                                   "move it away")
        return
    for path in places:
        if path.is_symlink() or (path.exists() and not path.is_file()):
            findings.error(Loc(f"{shown}/{path.name}"), "a catalogue must be a file of the game's own folder, not a "
                                                        "link, a folder or a FIFO: move it away")


def _write(path: Path, text: str) -> None:
    """Write `text` unless the file holds it already (an unchanged catalogue keeps its file's time, and says so;
    the old one read no further than the new one's length): whole or not at all (`write_whole`)."""
    data = text.encode("utf-8")
    with contextlib.suppress(OSError):
        if read_bounded(path, len(data)) == data:
            return
    write_whole(path, data)
