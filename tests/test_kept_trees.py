"""YAML parsed once a process (load.sources.PARSED): a file read again as it was gives the tree read before, so
nothing may change a tree in place (checked over every game in tests/test_kept_editions.py), a file saved again is
read again, and a parse that found something says it again each time."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckpress.findings import Findings
from deckpress.load.kept import Kept
from deckpress.load.reading import Reading
from deckpress.load.sources import PARSED, Node, read_yaml
from deckpress.templating import Templates


def same(kept: Node, fresh: Node) -> bool:
    """Whether two trees are alike in every value, place and order, down to the type of each value."""
    if type(kept.value) is not type(fresh.value) or type(kept.loc) is not type(fresh.loc) or kept.loc != fresh.loc:
        return False
    if list(kept.key_locs.items()) != list(fresh.key_locs.items()):
        return False
    if kept.is_map:
        return list(kept.value) == list(fresh.value) and all(same(kept.value[k], fresh.value[k]) for k in kept.value)
    if kept.is_list:
        return len(kept.value) == len(fresh.value) and all(map(same, kept.value, fresh.value))
    return bool(kept.value == fresh.value)


def test_a_file_saved_again_is_read_again(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("lots:\n  - name: Key\n", encoding="utf-8")
    first = read_yaml(path, "cards.yaml", Findings())
    path.write_text("lots:\n  - name: Lamp\n", encoding="utf-8")
    again = read_yaml(path, "cards.yaml", Findings())
    assert first is not None and again is not None
    assert first.plain() == {"lots": [{"name": "Key"}]}
    assert again.plain() == {"lots": [{"name": "Lamp"}]}
    path.write_text("lots:\n  - name: Key\n", encoding="utf-8")
    assert read_yaml(path, "cards.yaml", Findings()) is first  # as it was: the tree kept


def test_the_same_text_under_another_name_is_placed_in_that_file(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("name: Key\n", encoding="utf-8")
    one = read_yaml(path, "one/cards.yaml", Findings())
    other = read_yaml(path, "other/cards.yaml", Findings())
    assert one is not None and other is not None
    assert str(one.value["name"].loc) == "one/cards.yaml:1:7"
    assert str(other.value["name"].loc) == "other/cards.yaml:1:7"


@pytest.mark.parametrize("text", ["a: 1\nb: 2\na: 3\n", "a: [1, 2\n", "name: \"Key\\x1b\"\n", "- {1: one}\n"])
def test_what_a_parse_found_is_said_again_each_time_it_is_read(tmp_path, text):
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    said = []
    for _ in range(3):
        read_yaml(path, "cards.yaml", findings := Findings())
        said.append([str(f) for f in findings])
    assert said[0] and said[0] == said[1] == said[2]


def test_a_check_says_a_files_mistake_on_every_run(deckpress):
    cards = Path("content/pocket-bazaar/lots.yaml")
    cards.write_text(cards.read_text(encoding="utf-8") + "cards: []\n", encoding="utf-8")  # a key written twice
    first, again = deckpress("check", "pocket-bazaar"), deckpress("check", "pocket-bazaar")
    assert first.status == again.status == 1
    assert any("duplicate key 'cards'" in line for line in first.errors)
    assert first.errors == again.errors


def test_a_games_reader_gets_a_tree_of_its_own(tmp_path):
    """A game's readers change their trees (a translation put in place, a plural made its `one` form): each read
    of a file gives a tree of its own, whatever was done to the one before."""
    (tmp_path / "game.yaml").write_text("title: Key\nstones: [{one: Pearl, other: Pearls}]\n", encoding="utf-8")
    reading = Reading(Findings(), Templates(), folder=tmp_path, shown="content/key")
    first = reading.read("game.yaml")
    assert first is not None
    first.value["title"].value = "Schlüssel"
    first.value["stones"].value[0].value = "Pearl"
    again = reading.read("game.yaml")
    assert again is not None and again.plain() == {"title": "Key", "stones": [{"one": "Pearl", "other": "Pearls"}]}


def test_a_tree_too_large_to_keep_is_read_afresh_and_handed_as_it_is(tmp_path, monkeypatch):
    """A deck of thousands of cards is not kept (its tree would take tens of megabytes), nor copied for a reader
    that changes it: it is the reader's own already."""
    monkeypatch.setattr(PARSED, "most", 4 * len("title: Key\n") - 1)
    monkeypatch.setattr(Node, "copy", lambda self: pytest.fail("a tree not kept was copied"))
    (tmp_path / "game.yaml").write_text("title: Key\n", encoding="utf-8")
    reading = Reading(Findings(), Templates(), folder=tmp_path, shown="content/large")
    first, again = reading.read("game.yaml"), reading.read("game.yaml")
    assert first is not None and again is not None and first is not again
    assert first.plain() == again.plain() == {"title": "Key"}
    assert not any(shown == "content/large/game.yaml" for (_, shown), _ in PARSED.items())


def test_what_is_kept_is_bounded_the_least_recently_used_let_go_first():
    kept: Kept[str, int] = Kept(entries=3, most=100)
    for n, key in enumerate("abc"):
        kept.put(key, n, 10)
    assert kept.get("a") == 0  # used: now the last to go
    kept.put("d", 3, 10)
    assert kept.get("b") is None and [k for k, _ in kept.items()] == ["c", "a", "d"]
    kept.put("e", 4, 26)  # more than a quarter of the most kept: never kept
    assert kept.get("e") is None and len(kept) == 3
    kept.put("a", 5, 20)  # kept again, weighed again
    assert kept.get("a") == 5 and kept.held == 40


def test_what_is_kept_weighs_no_more_than_its_most():
    kept: Kept[str, int] = Kept(entries=100, most=100)
    for n, key in enumerate("abcde"):
        kept.put(key, n, 25)
    assert kept.held == 100 and [k for k, _ in kept.items()] == ["b", "c", "d", "e"]
    kept.clear()
    assert len(kept) == 0 and kept.held == 0
