"""Reading YAML: every problem is a finding at its file:line:col, never a traceback."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from deckpress.findings import Findings
from deckpress.load.sources import read_yaml


def read(tmp_path: Path, data: bytes | str) -> tuple[object, list[str]]:
    path = tmp_path / "cards.yaml"
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    findings = Findings()
    node = read_yaml(path, "cards.yaml", findings)
    return node, [str(f) for f in findings]


def test_values_remember_their_line_and_column(tmp_path):
    node, findings = read(tmp_path, "lots:\n  - points: 7\n    name: Key\n")
    assert findings == []
    card = node.value["lots"].value[0]
    assert str(card.value["points"].loc) == "cards.yaml:2:13"
    assert str(card.key_locs["name"]) == "cards.yaml:3:5"
    assert node.plain() == {"lots": [{"points": 7, "name": "Key"}]}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a: 1\nb: 2\na: 3\n", "cards.yaml:3:1: error: duplicate key 'a' (first at line 1)"),
        ("a: &x [1]\nb: *x\n", "cards.yaml:2:4: error: YAML aliases are not allowed in content"),
        ("a: 1\n---\nb: 2\n", "cards.yaml:2:1: error: a file holds one YAML document, found more"),
        ("a:" + " [" * 101 + " ]" * 101 + "\n", "cards.yaml:1:202: error: YAML is nested more than 100 levels deep"),
        ("a: [1, 2\n", "cards.yaml:2:1: error: YAML syntax: did not find expected ',' or ']'"),
        ("a:\n\t- 1\n",
         "cards.yaml:2:1: error: YAML syntax: found character that cannot start any token (a tab: indent with spaces)"),
        ("", "cards.yaml:1:1: error: file is empty"),
        ("a: !!python/object:os.system x\n",
         "cards.yaml:1:4: error: YAML tag !!python/object:os.system is not allowed here"),
        ("a: !!seq 2026\n", "cards.yaml:1:4: error: YAML tag !!seq is not allowed here"),
        ("a: !!int abc\n", "cards.yaml:1:4: error: 'abc' is not a valid int"),
        ("a: !!timestamp 2026-02-30\n", "cards.yaml:1:4: error: '2026-02-30' is not a valid timestamp"),
        ("? [1]\n: 2\n", "cards.yaml:1:3: error: keys must be plain text"),
    ],
)
def test_bad_yaml_is_reported_with_its_position(tmp_path, text, expected):
    node, findings = read(tmp_path, text)
    assert expected in findings


def test_a_plain_date_is_read_as_the_text_written_and_a_tagged_one_as_a_date(tmp_path):
    """A flavour text or a parameter written as a date was refused as `datetime.date(2026, 12, 1)` (and a parameter
    so refused made every use of it a finding), while 2026-02-30, no day, was read as text: each is its text now."""
    node, findings = read(tmp_path, "date: 2026-02-30\nnext: 2026-03-01\nat: 2026-03-01 10:00\n"
                                    "then: !!timestamp 2026-03-01\n")
    assert findings == []
    assert node.plain() == {"date": "2026-02-30", "next": "2026-03-01", "at": "2026-03-01 10:00",
                            "then": date(2026, 3, 1)}


def test_a_control_character_is_a_finding(tmp_path):
    _, findings = read(tmp_path, "a: ok\nb: x\x1fy\n")
    assert findings == ["cards.yaml:2:5: error: YAML syntax: control characters are not allowed (U+001F)"]


def test_invalid_utf8_names_the_byte(tmp_path):
    _, findings = read(tmp_path, b"a: ok\nb: caf\xe9\n")
    assert findings == ["cards.yaml:2:7: error: file is not valid UTF-8 (byte 0xe9)"]


def test_exponential_alias_bomb_is_refused_at_once(tmp_path):
    bomb = "a: &a [x, x]\n" + "".join(f"{c}: &{c} [*{p}, *{p}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True))
    _, findings = read(tmp_path, bomb)
    assert findings == ["cards.yaml:2:8: error: YAML aliases are not allowed in content"]  # the first alias
