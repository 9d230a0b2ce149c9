"""The publish stage's phrases (deckpress.publish.phrases) say each phrase as deckpress.words says it, asked for
again or not: the same key with other fields, or fields of another kind, is never taken for one said before."""

from __future__ import annotations

from typing import Any

import deckpress.publish
from deckpress.publish import phrases
from deckpress.words import say


def test_a_phrase_asked_for_again_is_said_as_before_and_once(monkeypatch):
    asked: list[tuple[str, dict[str, Any]]] = []

    def counted(language: str, key: str, **fields: Any) -> str:
        asked.append((key, fields))
        return say(language, key, **fields)

    monkeypatch.setattr(deckpress.publish, "say", counted)
    said = phrases("de")
    for _ in range(3):
        assert said("catalogue_checksum") == say("de", "catalogue_checksum")
        assert said("catalogue_page", pages=1) == say("de", "catalogue_page", pages=1)
        assert said("catalogue_page", pages=2) == say("de", "catalogue_page", pages=2)  # another value
        assert said("catalogue_page", pages=2.0) == say("de", "catalogue_page", pages=2.0)  # a decimal: "2,0"
    assert len(asked) == 4
    assert said("catalogue_page", pages=2) != said("catalogue_page", pages=2.0)


def test_a_phrase_with_a_field_of_another_kind_is_said_each_time(monkeypatch):
    class Title:
        """A field whose text may change between two askings."""

        text = "Lanterns"

        def __str__(self) -> str:
            return self.text

    title = Title()
    said = phrases("en")
    first = said("catalogue_accessible", game=title)
    title.text = "Keys"
    assert said("catalogue_accessible", game=title) == say("en", "catalogue_accessible", game="Keys") != first
