"""The text edition's sheets: headings, texts, lines to write on, reminders and tables, as the sheet prints them.

A table's header cells always say something (an empty corner is a plain cell), every cell to write in or tick is a
form control named by its row and column (`Lanterns, Team 1`). A sheet to fill in shows every copy, each team's or
player's own, its controls named by the copy's heading too as the PDF's fields are (`Bid sheet 2 of 4, Round 1,
A`); copies of any other sheet alike but for their headings are shown once, the others named.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from deckpress.layout.sheets import copy_heading
from deckpress.layout.tables.cells import field_name, met_again
from deckpress.model import Block, Component, Game, Rules

Say = Callable[..., str]


def read_sheets(game: Game, components: list[Component], say: Say) -> list[dict[str, Any]]:
    """Each sheet component's copies: the first, and those that differ from it in more than their headings."""
    out = []
    tables = 0  # numbered across the page: a table with no heading is named by its place
    named: dict[str, int] = {}  # heading -> tables under it on the page: each region has a name of its own
    met: Counter[str] = Counter()  # each control's name -> how often met on the page: each keeps its own
    for component in components:
        sheet = game.sheets.get(component.source or "") if component.kind == "sheet" else None
        if sheet is None:
            continue
        several = len(sheet.copies) > 1
        copies = [[_block(b, game.rules, say, copy_heading(blocks) if several else "") for b in blocks]
                  for blocks in sheet.copies]
        filled = any(map(_fields, copies))  # each copy is someone's to fill in: every one is shown
        shown = [c for i, c in enumerate(copies) if i == 0 or filled or _body(c) != _body(copies[0])]
        first = set(_headings(copies[0])) if copies else set()
        again = [", ".join(own) for c in copies[1:] if not filled and _body(c) == _body(copies[0])
                 and (own := [h for h in _headings(c) if h not in first])]  # what tells the copy apart
        shared = {h for c in copies for h in set(_headings(c))
                  if sum(h in _headings(other) for other in copies) > 1}  # headings every copy repeats
        for copy in shown:
            _apart(copy, met)
            heading, mine = None, next((h for h in _headings(copy) if h not in shared), "")
            for block in copy:
                heading = block["text"] if block["kind"] == "heading" else heading
                if block["kind"] == "table":
                    tables += 1
                    # under a heading every copy repeats, named by its own too: `Ledger: desk B, Final report`
                    within = say("field_cell", row=mine, column=heading) if mine and heading in shared else heading
                    block["label"] = _name(within, named, say) or say("html_table", sheet=component.title,
                                                                      number=tables)
        out.append({"title": component.title, "copies": shown, "fields": any(map(_fields, shown)),
                    "again": say("html_sheet_again", headings=say("list_separator").join(again)) if again else None})
    return out


def _apart(blocks: list[dict[str, Any]], met: Counter[str]) -> None:
    """A copy's controls each named apart from the page's others, as the PDF names its fields: a name met again
    (copies under one heading, `Score sheet, Player`) numbered from its second (`Score sheet, Player (2)`), so
    what is typed in one copy is kept for it alone and a screen reader tells the copies apart."""
    def again(name: str) -> str:
        met[name] += 1
        return met_again(name, met[name])

    for block in blocks:
        block["labels"] = [again(label) for label in block["labels"]] if block["kind"] == "write-in" else \
            block["labels"]
        for row in block.get("rows", ()):
            row["cells"] = [(text, again(field) if field else field, tick) for text, field, tick in row["cells"]]


def _name(heading: str | None, named: dict[str, int], say: Say) -> str | None:
    """A table's name: the heading it stands under (`Final report`), numbered from the second table under it."""
    if not heading:
        return None
    named[heading] = named.get(heading, 0) + 1
    return heading if named[heading] == 1 else say("html_table_again", heading=heading, number=named[heading])


def _fields(blocks: list[dict[str, Any]]) -> bool:
    """Whether a copy has somewhere to write or tick: the page then keeps what is written in it."""
    return any(b["kind"] == "write-in" and b["labels"] or any(cell[1] for row in b.get("rows", ()) for cell in
                                                              row["cells"]) for b in blocks)


def _body(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [b for b in blocks if b["kind"] != "heading"]


def _headings(blocks: list[dict[str, Any]]) -> list[str]:
    return [b["text"] for b in blocks if b["kind"] == "heading"]


def _block(block: Block, rules: Rules | None, say: Say, copy: str) -> dict[str, Any]:
    """A block as the page shows it; `copy`, the heading of its copy where the sheet has several."""
    data: dict[str, Any] = {"kind": block.kind, "text": block.text, "labels": block.labels, "corner": block.corner,
                            "columns": block.columns}
    if block.kind == "table":
        data["rows"] = [{"label": row.label, "cells": [_cell(block, r, c, say, copy)
                                                       for c in range(len(block.columns))]}
                        for r, row in enumerate(block.rows)]
    if copy:
        data["labels"] = [say("field_cell", row=copy, column=label) for label in block.labels]
    section = rules.section(block.section) if rules and block.section else None
    if section is not None:
        data.update(heading=section.heading, body=" ".join(section.paragraphs))
    return data


def _cell(block: Block, r: int, c: int, say: Say, copy: str) -> tuple[str, str, bool]:
    """A cell's printed text; or, left empty, the name of the field it is (in its copy) and whether it is a tick
    box."""
    row = block.rows[r]
    text = row.cells[c] if c < len(row.cells) else ""
    name = field_name(block, r, c, say)
    return (text, "", False) if text else ("", say("field_cell", row=copy, column=name) if copy else name,
                                           row.cell == "check")
