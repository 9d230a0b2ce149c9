"""The README beside a Tabletop Simulator export tells the truth about what is local and what the players see:
local files show on the exporting computer alone (the TTS Knowledge Base, Asset Hosting: "Other players CANNOT see
these assets"), and there are two ways to a table played online, each said."""

from __future__ import annotations

from pathlib import Path

from test_export import BASE, _urls, export, saved


def readme(out: Path) -> str:
    return (out / "ferry-tickets" / "export" / "tts" / "ferry-tickets-README.txt").read_text(encoding="utf-8")


def test_a_local_export_says_other_players_see_none_of_it_and_how_to_put_it_online(tmp_path):
    assert export(tmp_path, "ferry-tickets", "--to", "tts") == 0
    said = " ".join(readme(tmp_path).split())
    assert "files on this computer (file:///)" in said
    assert "at a table played online they see none of its images nor its PDFs" in said
    assert "export again with --base-url" in said  # the one-command way, and the Steam Cloud way, with its save
    assert "Upload, Cloud Manager and its Upload All arrow (your Steam Cloud), and save the table again" in said


def test_an_export_for_an_address_says_every_player_fetches_the_files_from_there(tmp_path):
    assert export(tmp_path, "ferry-tickets", "--to", "tts", "--base-url", BASE) == 0
    said = " ".join(readme(tmp_path).split())
    assert f"start with {BASE}: put these files there first, under the same names" in said
    assert "fetches them from that address when the object is loaded, so they must stay there while you play" in said
    assert "file:///" not in said and "Cloud Manager" not in said


def test_an_address_given_without_its_last_slash_is_said_as_the_object_uses_it(tmp_path):
    assert export(tmp_path, "ferry-tickets", "--to", "tts", "--base-url", BASE.rstrip("/")) == 0
    said = " ".join(readme(tmp_path).split())
    urls = _urls(saved(tmp_path)["ObjectStates"][0])
    assert urls and all(u.startswith(BASE) for u in urls)
    assert f"start with {BASE}: put these files there first" in said
