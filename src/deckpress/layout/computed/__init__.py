"""Layouts that compute: an element repeated in rows and columns, over a card's list or along a path
(`repetition`, `paths`), and an element shown only on the cards its `when` holds for (`conditions`)."""
