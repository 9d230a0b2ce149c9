"""Who may see what, as data: a component's `audience` in game.yaml, its findings, and the manifest's record of
every output's audience."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import edit, line_of

GAME_YAML = Path("content/open-secret-exchange/game.yaml")


def test_a_wrong_audience_is_a_finding_where_it_is_written(deckpress):
    edit(GAME_YAML, "audience: private,", "audience: secret,")
    result = deckpress("check", "open-secret-exchange")
    line = line_of(GAME_YAML, "audience: secret")
    column = GAME_YAML.read_text(encoding="utf-8").splitlines()[line - 1].index("secret") + 1
    assert result.status != 0
    assert (f"content/open-secret-exchange/game.yaml:{line}:{column}: error: audience must be one of public, "
            f"private, host, got 'secret'") in result.errors


def test_private_true_is_a_finding_that_says_to_write_audience(deckpress):
    edit(GAME_YAML, "audience: host,", "private: true,")
    result = deckpress("check", "open-secret-exchange")
    line = line_of(GAME_YAML, "private: true")
    found = [e for e in result.errors if e.startswith(f"content/open-secret-exchange/game.yaml:{line}:")]
    assert len(found) == 1 and "'private' is now 'audience'" in found[0] and "audience: host" in found[0]
    assert "Traceback" not in result.err


def test_the_manifest_records_every_outputs_audience(built):
    entries = json.loads((built / "manifest.json").read_text(encoding="utf-8"))["outputs"]
    assert all(e["audience"] in ("public", "private", "host") for e in entries)
    by = {(e["game"], e["component"], e["path"].rsplit("/", 1)[-1]): e["audience"] for e in entries}
    game = "open-secret-exchange"
    for (g, component, name), audience in by.items():
        if g != game:
            assert audience == "public" or component == "host-kit", name
        elif component in ("desk-cards", "answer-guide", "host-kit", "kit"):
            assert audience == {"desk-cards": "private", "answer-guide": "host", "host-kit": "host",
                                "kit": "public"}[component], name
    pages = {name: audience for (g, component, name), audience in by.items()
             if g == game and component == "accessible-html"}
    assert pages[f"{game}.html"] == "public" and pages[f"{game}-host.html"] == "host"
    assert pages[f"{game}-desk-cards-1.html"] == "private" and pages[f"{game}-answer-guide.html"] == "host"
