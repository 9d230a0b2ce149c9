"""The copies of a sheet: each copy's fields named by its heading, each renamed op the op with its field's name
alone changed."""

from __future__ import annotations

from dataclasses import fields, replace

from deckpress.layout import sheets
from deckpress.layout.ops import Begin, Line, Rect, WriteIn


def test_a_renamed_field_is_the_op_with_only_its_fields_name_changed() -> None:
    assert [f.name for f in fields(Rect)] == ["x", "y", "w", "h", "width", "fill", "stroke", "radius", "field"]
    assert [f.name for f in fields(Line)] == ["x1", "y1", "x2", "y2", "width", "dash", "stroke", "field"]
    assert [f.name for f in fields(WriteIn)] == ["name", "tick", "height", "size", "min_size"]
    assert [f.name for f in fields(Begin)] == ["role", "alt", "cont", "scope", "actual", "title"], \
        "sheets.renamed and sheets._name_copy make these field by field: give them the new field"
    field = WriteIn("Round 1", True, 4.0, 11.0, 9.0)
    for op in (Rect(1, 2, 3, 4, 0.5, 0.9, None, 2.0, field), Line(1, 2, 3, 4, 0.5, (2, 1), None, field)):
        assert sheets.renamed(op, field, "Sheet 2, Round 1") == replace(op, field=replace(field,
                                                                                          name="Sheet 2, Round 1"))
