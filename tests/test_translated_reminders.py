"""A translated game's reminders: each line of a `kind: reminder` section's `text:` list is offered in the POT as
an entry of its own (`rules.yaml:sections[2].text[1]`), and its translation prints in that language's rules."""

from __future__ import annotations

from pathlib import Path

import polib
from conftest import FIXTURES, fixture_game
from pypdf import PdfReader

GAME = Path("content/harbour-tongues")
PO = GAME / "translations"
REMINDER = """  - heading: Reminder
    kind: reminder
    text:
      - "Draw one card a turn."
      - "The highest rank wins the round."
      - "{{ suits | join(', ') }}"
"""
GERMAN = {"Reminder": "Erinnerung", "Draw one card a turn.": "Zieh eine Karte pro Zug.",
          "The highest rank wins the round.": "Der höchste Rang gewinnt die Runde."}


def _words(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())


def test_each_line_of_a_reminder_is_translated(tmp_path, monkeypatch, capsys):
    run = fixture_game(FIXTURES / "languages", tmp_path, monkeypatch, capsys)
    rules = GAME / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + REMINDER, encoding="utf-8")
    assert run("translations", "harbour-tongues") == (0, [])
    pot = {e.msgctxt: e.msgid for e in polib.pofile(str(PO / "harbour-tongues.pot"))}
    assert pot["rules.yaml:sections[2].text[0]"] == "Draw one card a turn."
    assert pot["rules.yaml:sections[2].text[1]"] == "The highest rank wins the round."
    assert "rules.yaml:sections[2].text[2]" not in pot  # made only of template tags: nothing to translate
    status, errors = run("check", "harbour-tongues")  # offered, not yet translated: said at its entry
    assert status == 1 and any("de-DE: not translated yet (rules.yaml:sections[2].text[0])" in e for e in errors)
    for language in ("de-DE", "fr-FR"):
        po = polib.pofile(str(PO / f"{language}.po"), wrapwidth=0)
        for entry in po:
            if entry.msgctxt.startswith("rules.yaml:sections[2]"):
                entry.msgstr = GERMAN[entry.msgid] if language == "de-DE" else f"FR {entry.msgid}"
        po.save()
    assert run("build", "--edition", "standard", "--paper", "a4", "--out", "out") == (0, [])
    rules_pdf = "out/{0}/standard/{0}-rules-a4.pdf"
    english, german = (_words(Path(rules_pdf.format(g))) for g in ("harbour-tongues", "harbour-tongues-de-de"))
    assert "Draw one card a turn." in english and "Anchors, Sails" in english
    assert "Zieh eine Karte pro Zug." in german and "Der höchste Rang gewinnt die Runde." in german
    assert "Draw one card" not in german and "Anker, Segel" in german
